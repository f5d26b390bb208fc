// A tiny DOM, just enough for Public/patch.js: elements with ordered attributes, text nodes, element children,
// insertBefore/removeChild, textContent, querySelector for `[name="value"]`, <template> parsing, focus, and
// form controls whose properties (value/checked/selected) follow the attribute only until the user touches them,
// as in browsers. Moving or removing a connected subtree that holds focus blurs it, as in browsers.

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);

export class Node {
  constructor(doc) {
    this.ownerDocument = doc;
    this.parentNode = null;
    this.childNodes = [];
  }
  get firstChild() {
    return this.childNodes[0] ?? null;
  }
  get isConnected() {
    let n = this;
    while (n.parentNode) n = n.parentNode;
    return n === this.ownerDocument?.documentElement;
  }
  contains(other) {
    for (let n = other; n; n = n.parentNode) if (n === this) return true;
    return false;
  }
}

export class Text extends Node {
  constructor(doc, data) {
    super(doc);
    this.data = String(data);
  }
  get nodeType() {
    return 3;
  }
  get textContent() {
    return this.data;
  }
  set textContent(v) {
    this.data = String(v);
  }
  get outerHTML() {
    return escapeText(this.data);
  }
}

export class Element extends Node {
  constructor(doc, tag) {
    super(doc);
    this.localName = tag.toLowerCase();
    this.tagName = tag.toUpperCase();
    this.attrs = new Map();
    this.mutations = 0; // child list changes, for tests that assert "nothing moved"
  }
  get nodeType() {
    return 1;
  }
  getAttribute(name) {
    name = name.toLowerCase();
    return this.attrs.has(name) ? this.attrs.get(name) : null;
  }
  setAttribute(name, value) {
    this.attrs.set(name.toLowerCase(), String(value));
  }
  removeAttribute(name) {
    this.attrs.delete(name.toLowerCase());
  }
  hasAttribute(name) {
    return this.attrs.has(name.toLowerCase());
  }
  getAttributeNames() {
    return [...this.attrs.keys()];
  }
  get children() {
    return this.childNodes.filter((n) => n instanceof Element);
  }
  get firstElementChild() {
    return this.children[0] ?? null;
  }
  get content() {
    return this; // <template>: its parsed children stand in for the fragment
  }
  insertBefore(node, ref) {
    if (ref && ref.parentNode !== this) throw new Error("NotFoundError: ref is not a child");
    if (node.contains(this)) throw new Error("HierarchyRequestError");
    if (node.parentNode) node.parentNode.removeChild(node);
    const index = ref ? this.childNodes.indexOf(ref) : this.childNodes.length;
    this.childNodes.splice(index, 0, node);
    node.parentNode = this;
    this.mutations++;
    return node;
  }
  appendChild(node) {
    return this.insertBefore(node, null);
  }
  removeChild(node) {
    const index = this.childNodes.indexOf(node);
    if (index < 0) throw new Error("NotFoundError: not a child");
    const doc = this.ownerDocument;
    if (node.isConnected && doc.activeElement && node.contains(doc.activeElement)) doc.activeElement = null;
    this.childNodes.splice(index, 1);
    node.parentNode = null;
    this.mutations++;
    return node;
  }
  remove() {
    this.parentNode?.removeChild(this);
  }
  get textContent() {
    return this.childNodes.map((n) => n.textContent).join("");
  }
  set textContent(value) {
    while (this.childNodes.length) this.removeChild(this.childNodes[0]);
    if (String(value) !== "") this.appendChild(new Text(this.ownerDocument, value));
  }
  get innerHTML() {
    return this.childNodes.map((n) => n.outerHTML).join("");
  }
  set innerHTML(html) {
    while (this.childNodes.length) this.removeChild(this.childNodes[0]);
    for (const node of parse(this.ownerDocument, html)) this.appendChild(node);
  }
  get outerHTML() {
    const attrs = [...this.attrs].map(([k, v]) => (v === "" ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`)).join("");
    if (VOID.has(this.localName)) return `<${this.localName}${attrs}>`;
    return `<${this.localName}${attrs}>${this.innerHTML}</${this.localName}>`;
  }
  querySelectorAll(selector) {
    const m = /^\[([\w-]+)(?:(~?)="((?:[^"\\]|\\.)*)")?\]$/.exec(selector);
    if (!m) throw new Error(`minidom supports only [name], [name="value"] and [name~="value"], not ${selector}`);
    const [, name, word, raw] = m;
    const value = raw?.replace(/\\(.)/g, "$1");
    const matches = (v) => (word ? v.split(/\s+/).includes(value) : v === value);
    const found = [];
    const walk = (el) => {
      for (const child of el.children) {
        if (child.hasAttribute(name) && (value === undefined || matches(child.getAttribute(name)))) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }
  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  focus() {
    if (this.isConnected) this.ownerDocument.activeElement = this;
  }
}

/** <input>: `value` and `checked` follow their attributes until set by the user or a script (the dirty flags). */
export class Input extends Element {
  constructor(doc, tag) {
    super(doc, tag);
    this.dirtyValue = null;
    this.dirtyChecked = null;
    this.selectionStart = 0;
    this.selectionEnd = 0;
    this.selectionDirection = "none";
    this.valueWrites = 0;
  }
  get value() {
    return this.dirtyValue ?? this.getAttribute("value") ?? "";
  }
  set value(v) {
    const old = this.value;
    this.dirtyValue = String(v);
    this.valueWrites++;
    // Browsers move the caret to the end when a script changes the value.
    if (old !== this.dirtyValue) this.selectionStart = this.selectionEnd = this.dirtyValue.length;
  }
  get checked() {
    return this.dirtyChecked ?? this.hasAttribute("checked");
  }
  set checked(v) {
    this.dirtyChecked = Boolean(v);
  }
  setSelectionRange(start, end, direction = "none") {
    const n = this.value.length;
    this.selectionStart = Math.min(start, n);
    this.selectionEnd = Math.min(end, n);
    this.selectionDirection = direction;
  }
  get type() {
    return (this.getAttribute("type") ?? "text").toLowerCase();
  }
  /** Test helper: the user types `text` at the caret. */
  typeText(text) {
    const v = this.value;
    this.dirtyValue = v.slice(0, this.selectionStart) + text + v.slice(this.selectionEnd);
    this.selectionStart = this.selectionEnd = this.selectionStart + text.length;
  }
}

/** <option>: `selected` follows its attribute until set. */
export class Option extends Element {
  constructor(doc, tag) {
    super(doc, tag);
    this.dirtySelected = null;
  }
  get selected() {
    return this.dirtySelected ?? this.hasAttribute("selected");
  }
  set selected(v) {
    this.dirtySelected = Boolean(v);
  }
}

export class Document {
  constructor() {
    this.activeElement = null;
    this.documentElement = this.createElement("html");
    this.body = this.createElement("body");
    this.documentElement.appendChild(this.body);
  }
  createElement(tag) {
    const t = tag.toLowerCase();
    if (t === "input") return new Input(this, t);
    if (t === "option") return new Option(this, t);
    return new Element(this, t);
  }
}

/** A document whose body holds `<div id="liveui-root">html</div>`; returns { doc, root }. */
export function page(html) {
  const doc = new Document();
  const root = doc.createElement("div");
  root.setAttribute("id", "liveui-root");
  root.innerHTML = html;
  doc.body.appendChild(root);
  return { doc, root, lid: (id) => root.querySelector(`[data-lid="${id}"]`) };
}

const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>|([^<]+)/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function parse(doc, html) {
  const top = doc.createElement("#fragment");
  const stack = [top];
  for (const m of html.matchAll(TOKEN)) {
    const current = stack[stack.length - 1];
    if (m[1]) {
      const tag = m[1].toLowerCase();
      const at = stack.findLastIndex((el) => el.localName === tag);
      if (at > 0) stack.length = at;
    } else if (m[2]) {
      const el = doc.createElement(m[2]);
      for (const a of (m[3] ?? "").matchAll(ATTRIBUTE)) el.setAttribute(a[1], decode(a[2] ?? a[3] ?? a[4] ?? ""));
      current.appendChild(el);
      if (!VOID.has(el.localName)) stack.push(el);
    } else if (m[4]) {
      current.appendChild(new Text(doc, decode(m[4])));
    }
  }
  const nodes = [...top.childNodes];
  for (const n of nodes) top.removeChild(n);
  return nodes;
}

function decode(s) {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, e) => {
    const named = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1].toLowerCase() === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });
}

function escapeText(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(s) {
  return escapeText(s).replace(/"/g, "&quot;");
}
