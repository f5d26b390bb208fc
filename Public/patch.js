// Applies the server's patches (docs/ARCHITECTURE.md, "Patches") to the DOM under a root element.
//
// Only a small part of the DOM is used (attributes, element children, insertBefore/remove, textContent,
// querySelector on `[data-lid="…"]`, a <template> to parse HTML), so the tests run it on a tiny DOM in node.
// Form controls are synced through their properties, and the input the user is editing keeps its value,
// caret and selection (morphdom's specialElHandlers, LiveView's dom_patch do the same).

import { ATTR, OP } from "./constants.js";

/** A patch that cannot be applied to this DOM: the page has diverged from the server and must resync. */
export class PatchError extends Error {
  constructor(message, patch) {
    super(message);
    this.name = "PatchError";
    this.patch = patch;
  }
}

/**
 * Applies `patches` in order to the elements under `root`.
 * @param {Element} root  the element holding the server's tree (`#liveui-root`)
 * @param {object[]} patches
 * @param {object} [options]
 * @param {Element|null} [options.focused]  the element that has focus (document.activeElement)
 * @param {(el: Element) => boolean} [options.isEditing]  true while the user is typing in `el`: its value is then
 *   not written (default: `el === focused`)
 * @param {Set<Element>} [options.deferred]  receives the inputs whose server value was held back
 * @param {(html: string, context: Element) => Element} [options.parse]  HTML → one element
 * @param {(el: Element) => boolean} [options.willRemove]  takes over an element's removal when it returns true
 *   (animation.js keeps it until its exit ends, marked `data-lui-leaving`; such elements are not counted as children)
 */
export function applyPatches(root, patches, options = {}) {
  const ctx = context(root, options);
  for (const patch of patches) applyPatch(ctx, patch);
}

/**
 * Brings the server's root element under `container` to `html` (a stream `reset` or a resync), morphing it by
 * `data-lid`: elements whose lid survives keep their DOM object (focus, caret, scroll offset, listeners).
 */
export function replaceRoot(container, html, options = {}) {
  const ctx = context(container, options);
  const fresh = ctx.parse(html, container);
  const old = container.firstElementChild;
  if (!old) container.insertBefore(fresh, null);
  else if (!sameKind(old, fresh)) {
    container.insertBefore(fresh, old);
    container.removeChild(old);
  } else {
    morph(ctx, old, fresh);
    return old;
  }
  return fresh;
}

/**
 * Writes the value the server last sent (the `value` attribute) into an input whose update was deferred
 * while the user typed. Equal values leave the caret alone.
 */
export function applyDeferredValue(el, focused) {
  setValueKeepingSelection(el, el.getAttribute("value") ?? "", el === focused);
}

/** The element whose `data-lid` is `id`, `root` included, or null. */
export function findByLid(root, id) {
  if (root.getAttribute(ATTR.LID) === id) return root;
  return root.querySelector(`[${ATTR.LID}="${String(id).replace(/["\\]/g, "\\$&")}"]`);
}

function context(root, options) {
  const focused = options.focused ?? null;
  return {
    root,
    focused,
    isEditing: options.isEditing ?? ((el) => el === focused),
    deferred: options.deferred ?? null,
    parse: options.parse ?? parseElement,
    willRemove: options.willRemove ?? null,
  };
}

function applyPatch(ctx, patch) {
  switch (patch.op) {
    case OP.TEXT:
      lookup(ctx, patch.id, patch).textContent = patch.text ?? "";
      return;
    case OP.ATTRS:
      applyAttrs(ctx, lookup(ctx, patch.id, patch), patch.set ?? {}, patch.remove ?? []);
      return;
    case OP.REPLACE:
      replaceElement(ctx, lookup(ctx, patch.id, patch), patch.html);
      return;
    case OP.INSERT:
      insert(ctx, patch);
      return;
    case OP.REMOVE: {
      const el = lookup(ctx, patch.id, patch);
      if (!ctx.willRemove?.(el)) el.parentNode.removeChild(el);
      return;
    }
    case OP.MOVE:
      move(ctx, patch);
      return;
    default:
      throw new PatchError(`unknown patch op ${JSON.stringify(patch.op)}`, patch);
  }
}

function lookup(ctx, id, patch) {
  const el = id == null ? null : findByLid(ctx.root, id);
  if (!el) throw new PatchError(`no element with ${ATTR.LID}=${JSON.stringify(id)}`, patch);
  return el;
}

function applyAttrs(ctx, el, set, remove) {
  for (const [name, value] of Object.entries(set)) {
    el.setAttribute(name, String(value));
    syncProperty(ctx, el, name, String(value));
  }
  for (const name of remove) {
    el.removeAttribute(name);
    syncProperty(ctx, el, name, null);
  }
}

// Attributes of form controls only give defaults once the user touched the control; the property is what shows.
function syncProperty(ctx, el, name, value) {
  const tag = el.tagName;
  if (name === "value" && (tag === "INPUT" || tag === "TEXTAREA")) writeValue(ctx, el, value ?? "");
  else if (name === "checked" && tag === "INPUT") el.checked = value !== null;
  else if (name === "selected" && tag === "OPTION") el.selected = value !== null;
}

function writeValue(ctx, el, value) {
  if (el.value === value) {
    // The server agrees with what is shown: nothing to write, nothing left to catch up on, caret untouched.
    ctx.deferred?.delete(el);
    return;
  }
  if (ctx.isEditing(el)) {
    // The user is still typing: this value is already behind. The attribute holds it until they stop.
    ctx.deferred?.add(el);
    return;
  }
  ctx.deferred?.delete(el);
  setValueKeepingSelection(el, value, el === ctx.focused);
}

function setValueKeepingSelection(el, value, focused) {
  if (el.value === value) return;
  const selection = focused ? saveSelection(el) : null;
  el.value = value;
  if (!selection) return;
  const length = value.length;
  // A caret at the end stays at the end (the server appended or reformatted); otherwise it keeps its offset.
  const atEnd = selection.start === selection.end && selection.end === selection.length;
  const start = atEnd ? length : Math.min(selection.start, length);
  const end = atEnd ? length : Math.min(selection.end, length);
  try {
    el.setSelectionRange(start, end, selection.direction);
  } catch {
    // Input types without a selection (range, number in some engines) have nothing to restore.
  }
}

function saveSelection(el) {
  try {
    if (typeof el.selectionStart !== "number") return null;
    return {
      start: el.selectionStart,
      end: el.selectionEnd,
      direction: el.selectionDirection ?? "none",
      length: el.value.length,
    };
  } catch {
    return null;
  }
}

function replaceElement(ctx, old, html) {
  const parent = old.parentNode;
  if (!parent) throw new PatchError("cannot replace a detached element", { html });
  const fresh = ctx.parse(html, parent);
  const twin = focusedTwin(ctx.focused, old, fresh);
  if (twin && ctx.focused === old && twin === fresh) {
    // The focused control itself was replaced by one of the same kind: update it in place.
    morphInto(ctx, old, fresh);
    return old;
  }
  parent.insertBefore(fresh, old);
  if (twin) {
    // The old control (typed value, caret, focus) takes its counterpart's place and attributes.
    morphInto(ctx, ctx.focused, twin);
    relocate(ctx, twin.parentNode, ctx.focused, twin);
    twin.parentNode.removeChild(twin);
  }
  if (!ctx.willRemove?.(old)) parent.removeChild(old);
  return fresh;
}

// The element of `fresh` that stands for the focused control inside `old`: same lid, same tag and type.
function focusedTwin(focused, old, fresh) {
  if (!focused || !old.contains(focused)) return null;
  const lid = focused.getAttribute(ATTR.LID);
  const twin = lid ? findByLid(fresh, lid) : null;
  if (!twin || twin.tagName !== focused.tagName) return null;
  return twin.getAttribute("type") === focused.getAttribute("type") ? twin : null;
}

function sameKind(a, b) {
  return a.tagName === b.tagName && a.getAttribute(ATTR.LID) === b.getAttribute(ATTR.LID) &&
    a.getAttribute("type") === b.getAttribute("type");
}

// Makes `target` equal to `source` (which is consumed): children matched by lid, else by tag among unkeyed ones.
function morph(ctx, target, source) {
  morphAttributes(ctx, target, source);
  const keyed = new Map();
  const unkeyed = [];
  for (const child of target.children) {
    const lid = child.getAttribute(ATTR.LID);
    if (lid) keyed.set(lid, child);
    else unkeyed.push(child);
  }
  const wanted = [];
  for (const node of [...source.childNodes]) {
    if (node.nodeType !== 1) {
      wanted.push(node);
      continue;
    }
    const lid = node.getAttribute(ATTR.LID);
    const match = lid ? keyed.get(lid) : unkeyed.find((c) => c.tagName === node.tagName);
    if (match && sameKind(match, node)) {
      if (lid) keyed.delete(lid);
      else unkeyed.splice(unkeyed.indexOf(match), 1);
      morph(ctx, match, node);
      wanted.push(match);
    } else {
      wanted.push(node);
    }
  }
  for (let i = 0; i < wanted.length; i++) {
    const current = target.childNodes[i] ?? null;
    const node = wanted[i];
    if (current === node) continue;
    if (current && current.nodeType === 3 && node.nodeType === 3 && !wanted.includes(current)) {
      if (current.data !== node.data) current.data = node.data;
      wanted[i] = current;
      continue;
    }
    relocate(ctx, target, node, current);
  }
  while (target.childNodes.length > wanted.length) target.removeChild(target.childNodes[wanted.length]);
}

function morphAttributes(ctx, target, source) {
  const removed = target.getAttributeNames().filter((name) => !source.hasAttribute(name));
  const set = {};
  for (const name of source.getAttributeNames()) {
    if (target.getAttribute(name) !== source.getAttribute(name)) set[name] = source.getAttribute(name);
  }
  applyAttrs(ctx, target, set, removed);
}

function morphInto(ctx, target, source) {
  morphAttributes(ctx, target, source);
  if (target.firstChild || source.firstChild) {
    while (target.firstChild) target.removeChild(target.firstChild);
    while (source.firstChild) target.insertBefore(source.firstChild, null);
  }
}

function insert(ctx, patch) {
  const parent = lookup(ctx, patch.parent, patch);
  const fresh = ctx.parse(patch.html, parent);
  const lid = fresh.getAttribute(ATTR.LID);
  // An update applied twice (after a resync) must not duplicate an element.
  const existing = lid ? findByLid(ctx.root, lid) : null;
  if (existing && existing !== ctx.root) existing.parentNode.removeChild(existing);
  const ref = siblingAt(childElements(parent), patch.index, patch);
  parent.insertBefore(fresh, ref);
}

function move(ctx, patch) {
  const el = lookup(ctx, patch.id, patch);
  const parent = lookup(ctx, patch.parent, patch);
  if (el.contains(parent)) throw new PatchError("cannot move an element into itself", patch);
  const current = childElements(parent);
  if (el.parentNode === parent && current.indexOf(el) === patch.index) return;
  // Index is counted as if the element had already been taken out.
  const ref = siblingAt(current.filter((c) => c !== el), patch.index, patch);
  relocate(ctx, parent, el, ref);
}

// The element children the server knows: elements still playing their exit (data-lui-leaving) are not among them.
function childElements(parent) {
  const children = Array.from(parent.children);
  return children.some((c) => c.hasAttribute(ATTR.LEAVING)) ? children.filter((c) => !c.hasAttribute(ATTR.LEAVING)) : children;
}

function siblingAt(siblings, index, patch) {
  if (!Number.isInteger(index) || index < 0 || index > siblings.length) {
    throw new PatchError(`index ${index} out of range 0…${siblings.length}`, patch);
  }
  return siblings[index] ?? null;
}

// Moves an element; one that holds focus keeps it (moveBefore where the engine has it, else refocus).
function relocate(ctx, parent, el, ref) {
  const focused = ctx.focused && el.contains(ctx.focused) ? ctx.focused : null;
  if (focused && typeof parent.moveBefore === "function" && parent.isConnected && el.isConnected) {
    try {
      parent.moveBefore(el, ref);
      return;
    } catch {
      // Fall back to insertBefore below.
    }
  }
  const selection = focused ? saveSelection(focused) : null;
  parent.insertBefore(el, ref);
  if (!focused || !focused.isConnected) return;
  if (focused.ownerDocument?.activeElement !== focused) focused.focus({ preventScroll: true });
  if (selection) {
    try {
      focused.setSelectionRange(selection.start, selection.end, selection.direction);
    } catch {
      // No selection API on this control.
    }
  }
}

function parseElement(html, contextEl) {
  const doc = contextEl?.ownerDocument ?? globalThis.document;
  const template = doc.createElement("template");
  template.innerHTML = html;
  const el = template.content.firstElementChild;
  if (!el) throw new PatchError("patch HTML holds no element", { html });
  return el;
}
