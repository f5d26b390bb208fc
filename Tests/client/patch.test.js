// Tests for Public/patch.js on the tiny DOM of minidom.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { page, Element } from "./minidom.js";
import { applyPatches, applyDeferredValue, replaceRoot, findByLid, PatchError } from "../../Public/patch.js";

const LIST = '<div data-lid="root" class="lui-root"><ul data-lid="l" class="lui-list">' +
  '<li data-lid="a">A</li><li data-lid="b">B</li><li data-lid="c">C</li><li data-lid="d">D</li></ul></div>';

const order = (p, id = "l") => p.lid(id).children.map((c) => c.getAttribute("data-lid")).join("");

test("text sets textContent, replacing children, and never parses markup", () => {
  const p = page('<div data-lid="root"><p data-lid="t">old <b data-lid="x">bold</b></p></div>');
  applyPatches(p.root, [{ op: "text", id: "t", text: "Count: <2> & more" }]);
  assert.equal(p.lid("t").textContent, "Count: <2> & more");
  assert.equal(p.lid("t").children.length, 0);
  assert.equal(p.lid("x"), null);
});

test("attrs sets and removes attributes", () => {
  const p = page('<div data-lid="root"><button data-lid="k1" class="a" disabled>Go</button></div>');
  applyPatches(p.root, [{ op: "attrs", id: "k1", set: { class: "b", "aria-pressed": "true" }, remove: ["disabled"] }]);
  const el = p.lid("k1");
  assert.equal(el.getAttribute("class"), "b");
  assert.equal(el.getAttribute("aria-pressed"), "true");
  assert.equal(el.hasAttribute("disabled"), false);
});

test("attrs on the root element itself", () => {
  const p = page('<div data-lid="root" class="lui-root"></div>');
  applyPatches(p.root, [{ op: "attrs", id: "root", set: { style: "padding: 4px" } }]);
  assert.equal(p.lid("root").getAttribute("style"), "padding: 4px");
});

test("attrs value is written to the property of an input the user already changed", () => {
  const p = page('<div data-lid="root"><input type="text" data-lid="f" value="a"></div>');
  const input = p.lid("f");
  input.typeText("bc"); // dirty: the attribute alone would no longer show
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "server" } }]);
  assert.equal(input.getAttribute("value"), "server");
  assert.equal(input.value, "server");
});

test("attrs checked / remove checked drive the checkbox's checked property", () => {
  const p = page('<div data-lid="root"><label data-lid="k5" data-on="change"><input type="checkbox" data-lid="k5c"></label></div>');
  const box = p.lid("k5c");
  box.checked = false; // user clicked: dirty
  applyPatches(p.root, [{ op: "attrs", id: "k5c", set: { checked: "" } }]);
  assert.equal(box.checked, true);
  applyPatches(p.root, [{ op: "attrs", id: "k5c", remove: ["checked"] }]);
  assert.equal(box.checked, false);
  assert.equal(box.hasAttribute("checked"), false);
});

test("attrs selected drives the option's selected property", () => {
  const p = page('<div data-lid="root"><select data-lid="s" data-on="change">' +
    '<option data-lid="o1" value="1" selected>1</option><option data-lid="o2" value="2">2</option></select></div>');
  p.lid("o1").selected = true;
  applyPatches(p.root, [
    { op: "attrs", id: "o1", remove: ["selected"] },
    { op: "attrs", id: "o2", set: { selected: "" } },
  ]);
  assert.equal(p.lid("o1").selected, false);
  assert.equal(p.lid("o2").selected, true);
});

test("replace swaps the element in place and drops the old one", () => {
  const p = page(LIST);
  const old = p.lid("b");
  applyPatches(p.root, [{ op: "replace", id: "b", html: '<li data-lid="b2" class="new">B&amp;2</li>' }]);
  assert.equal(order(p), "ab2cd");
  assert.equal(p.lid("b2").textContent, "B&2");
  assert.equal(old.parentNode, null);
});

test("replace of the root element", () => {
  const p = page(LIST);
  applyPatches(p.root, [{ op: "replace", id: "root", html: '<div data-lid="root"><p data-lid="z">z</p></div>' }]);
  assert.equal(p.root.children.length, 1);
  assert.equal(p.lid("z").textContent, "z");
});

test("insert puts the new element at element index 0, middle and end", () => {
  const p = page(LIST);
  applyPatches(p.root, [
    { op: "insert", parent: "l", index: 0, html: '<li data-lid="x">X</li>' },
    { op: "insert", parent: "l", index: 3, html: '<li data-lid="y">Y</li>' },
    { op: "insert", parent: "l", index: 6, html: '<li data-lid="z">Z</li>' },
  ]);
  assert.equal(order(p), "xabycdz");
});

test("insert counts element children only, not text nodes", () => {
  const p = page('<div data-lid="root"><div data-lid="p"> <i data-lid="a"></i> text <i data-lid="b"></i> </div></div>');
  applyPatches(p.root, [{ op: "insert", parent: "p", index: 1, html: '<i data-lid="n"></i>' }]);
  assert.equal(order(p, "p"), "anb");
});

test("insert into an empty parent", () => {
  const p = page('<div data-lid="root"><ul data-lid="l"></ul></div>');
  applyPatches(p.root, [{ op: "insert", parent: "l", index: 0, html: '<li data-lid="a">A</li>' }]);
  assert.equal(order(p), "a");
});

test("insert with an index past the end is a divergence error", () => {
  const p = page(LIST);
  assert.throws(() => applyPatches(p.root, [{ op: "insert", parent: "l", index: 5, html: "<li data-lid=\"x\"></li>" }]), PatchError);
  assert.throws(() => applyPatches(p.root, [{ op: "insert", parent: "l", index: -1, html: "<li data-lid=\"x\"></li>" }]), PatchError);
  assert.equal(order(p), "abcd");
});

test("insert of an element already present (an update applied twice) does not duplicate it", () => {
  const p = page(LIST);
  applyPatches(p.root, [{ op: "insert", parent: "l", index: 0, html: '<li data-lid="c">C2</li>' }]);
  assert.equal(order(p), "cabd");
  assert.equal(p.root.querySelectorAll('[data-lid="c"]').length, 1);
  assert.equal(p.lid("c").textContent, "C2");
});

test("remove detaches the element", () => {
  const p = page(LIST);
  const c = p.lid("c");
  applyPatches(p.root, [{ op: "remove", id: "c" }]);
  assert.equal(order(p), "abd");
  assert.equal(c.parentNode, null);
});

for (const [id, index, expected] of [
  ["a", 0, "abcd"],
  ["a", 1, "bacd"],
  ["a", 2, "bcad"],
  ["a", 3, "bcda"],
  ["d", 0, "dabc"],
  ["d", 2, "abdc"],
  ["b", 3, "acdb"],
  ["c", 1, "acbd"],
]) {
  test(`move ${id} to index ${index} gives ${expected} (index counted with the element taken out)`, () => {
    const p = page(LIST);
    applyPatches(p.root, [{ op: "move", id, parent: "l", index }]);
    assert.equal(order(p), expected);
  });
}

test("move past the end is a divergence error", () => {
  const p = page(LIST);
  assert.throws(() => applyPatches(p.root, [{ op: "move", id: "a", parent: "l", index: 4 }]), PatchError);
});

test("move keeps the same element object and its state", () => {
  const p = page(LIST);
  const b = p.lid("b");
  b.marker = "kept";
  applyPatches(p.root, [{ op: "move", id: "b", parent: "l", index: 3 }]);
  assert.equal(p.lid("b"), b);
  assert.equal(p.lid("b").marker, "kept");
  assert.equal(p.lid("l").children[3], b);
});

test("a full reorder by moves keeps every element", () => {
  const p = page(LIST);
  const before = Object.fromEntries(["a", "b", "c", "d"].map((id) => [id, p.lid(id)]));
  applyPatches(p.root, [
    { op: "move", id: "d", parent: "l", index: 0 },
    { op: "move", id: "c", parent: "l", index: 1 },
    { op: "move", id: "b", parent: "l", index: 2 },
  ]);
  assert.equal(order(p), "dcba");
  for (const id of "abcd") assert.equal(p.lid(id), before[id]);
});

test("move into another parent", () => {
  const p = page('<div data-lid="root"><ul data-lid="l"><li data-lid="a"></li><li data-lid="b"></li></ul>' +
    '<ul data-lid="m"><li data-lid="x"></li></ul></div>');
  const a = p.lid("a");
  applyPatches(p.root, [{ op: "move", id: "a", parent: "m", index: 1 }]);
  assert.equal(order(p, "l"), "b");
  assert.equal(order(p, "m"), "xa");
  assert.equal(p.lid("a"), a);
});

test("move to the position it already has touches nothing", () => {
  const p = page(LIST);
  const list = p.lid("l");
  const before = list.mutations;
  applyPatches(p.root, [{ op: "move", id: "c", parent: "l", index: 2 }]);
  assert.equal(list.mutations, before);
});

test("move into its own subtree is an error", () => {
  const p = page(LIST);
  assert.throws(() => applyPatches(p.root, [{ op: "move", id: "l", parent: "a", index: 0 }]), PatchError);
});

test("patches of one update apply in order", () => {
  const p = page(LIST);
  applyPatches(p.root, [
    { op: "insert", parent: "l", index: 4, html: '<li data-lid="e">E</li>' },
    { op: "move", id: "e", parent: "l", index: 0 },
    { op: "text", id: "e", text: "first" },
    { op: "remove", id: "a" },
  ]);
  assert.equal(order(p), "ebcd");
  assert.equal(p.lid("e").textContent, "first");
});

test("unknown ids and unknown ops throw PatchError", () => {
  const p = page(LIST);
  assert.throws(() => applyPatches(p.root, [{ op: "text", id: "nope", text: "" }]), PatchError);
  assert.throws(() => applyPatches(p.root, [{ op: "remove", id: "nope" }]), PatchError);
  assert.throws(() => applyPatches(p.root, [{ op: "explode", id: "a" }]), PatchError);
});

test("findByLid finds the root itself and escapes quotes", () => {
  const p = page('<div data-lid="root"><i data-lid="a&quot;b"></i></div>');
  assert.equal(findByLid(p.lid("root"), "root"), p.lid("root"));
  assert.equal(findByLid(p.root, 'a"b').localName, "i");
});

test("replaceRoot swaps the server's root under the container (stream reset)", () => {
  const p = page(LIST);
  replaceRoot(p.root, '<div data-lid="root"><p data-lid="n">new</p></div>');
  assert.equal(p.root.children.length, 1);
  assert.equal(p.lid("n").textContent, "new");
  assert.equal(p.lid("l"), null);
});

// --- the field the user is typing in -------------------------------------------------------------------------

const FIELD = '<div data-lid="root"><div data-lid="box"><input type="text" data-lid="f" data-on="input submit" value="">' +
  '<p data-lid="echo"></p></div></div>';

function typing(text) {
  const p = page(FIELD);
  const input = p.lid("f");
  input.focus();
  input.typeText(text);
  return { p, input };
}

test("a server value for the field being typed in is held back: value, caret and selection stay", () => {
  const { p, input } = typing("hello");
  input.setSelectionRange(2, 4);
  const deferred = new Set();
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "hell" } }, { op: "text", id: "echo", text: "hell" }],
    { focused: input, isEditing: () => true, deferred });
  assert.equal(input.value, "hello");
  assert.equal(input.getAttribute("value"), "hell");
  assert.deepEqual([input.selectionStart, input.selectionEnd], [2, 4]);
  assert.equal(input.valueWrites, 0);
  assert.ok(deferred.has(input));
  assert.equal(p.lid("echo").textContent, "hell");
});

test("the held-back value lands once the user stopped typing", () => {
  const { p, input } = typing("hello");
  const deferred = new Set();
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "HELLO" } }], { focused: input, isEditing: () => true, deferred });
  assert.equal(input.value, "hello");
  applyDeferredValue(input, input);
  assert.equal(input.value, "HELLO");
  assert.equal(input.selectionStart, 5); // caret was at the end: stays at the end
});

test("a server value equal to what was typed is never written: the caret stays where the user put it", () => {
  const { p, input } = typing("hello");
  input.setSelectionRange(1, 1);
  const deferred = new Set([input]);
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "hello" } }], { focused: input, isEditing: () => false, deferred });
  assert.equal(input.valueWrites, 0);
  assert.equal(input.selectionStart, 1);
  assert.equal(deferred.has(input), false); // nothing left to catch up on
  applyDeferredValue(input, input);
  assert.equal(input.valueWrites, 0);
});

test("a different value for the focused field, once idle, keeps the caret offset", () => {
  const { p, input } = typing("hello");
  input.setSelectionRange(2, 2);
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "HELLO" } }], { focused: input, isEditing: () => false });
  assert.equal(input.value, "HELLO");
  assert.deepEqual([input.selectionStart, input.selectionEnd], [2, 2]);
});

test("a caret past the end of a shorter server value is clamped", () => {
  const { p, input } = typing("hello");
  input.setSelectionRange(4, 5);
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "hi" } }], { focused: input, isEditing: () => false });
  assert.deepEqual([input.selectionStart, input.selectionEnd], [2, 2]);
});

test("by default only the focused input counts as being edited", () => {
  const { p, input } = typing("abc");
  const other = page('<div data-lid="root"><input data-lid="g" value="x"></div>');
  other.lid("g").typeText("yy");
  applyPatches(other.root, [{ op: "attrs", id: "g", set: { value: "server" } }], { focused: input });
  assert.equal(other.lid("g").value, "server");
  applyPatches(p.root, [{ op: "attrs", id: "f", set: { value: "server" } }], { focused: input });
  assert.equal(input.value, "abc");
});

test("replacing a subtree that holds the focused input keeps that input, its text and its focus", () => {
  const { p, input } = typing("typed");
  input.setSelectionRange(3, 3);
  applyPatches(p.root, [{
    op: "replace", id: "box",
    html: '<section data-lid="box2"><h2 data-lid="h">Title</h2><input type="text" data-lid="f" data-on="input submit" ' +
      'value="typ" class="changed"></section>',
  }], { focused: input, isEditing: () => true, deferred: new Set() });
  const now = p.lid("f");
  assert.equal(now, input);
  assert.equal(now.parentNode, p.lid("box2"));
  assert.equal(p.lid("box2").children[1], input);
  assert.equal(p.root.querySelectorAll('[data-lid="f"]').length, 1);
  assert.equal(input.value, "typed");
  assert.equal(input.getAttribute("class"), "changed");
  assert.equal(input.getAttribute("value"), "typ");
  assert.equal(p.doc.activeElement, input);
  assert.equal(input.selectionStart, 3);
  assert.equal(p.lid("box"), null);
});

test("replacing the focused input itself by one of the same kind updates it in place", () => {
  const { p, input } = typing("abc");
  applyPatches(p.root, [{ op: "replace", id: "f", html: '<input type="text" data-lid="f" value="abc" aria-label="Name">' }],
    { focused: input, isEditing: () => true });
  assert.equal(p.lid("f"), input);
  assert.equal(input.getAttribute("aria-label"), "Name");
  assert.equal(input.hasAttribute("data-on"), false);
  assert.equal(p.doc.activeElement, input);
});

test("replacing the focused input by another kind of element does replace it", () => {
  const { p, input } = typing("abc");
  applyPatches(p.root, [{ op: "replace", id: "f", html: '<input type="password" data-lid="f">' }], { focused: input });
  assert.notEqual(p.lid("f"), input);
  assert.equal(p.lid("f").getAttribute("type"), "password");
});

test("moving a row that holds the focused input refocuses it and restores the selection", () => {
  const p = page('<div data-lid="root"><ul data-lid="l"><li data-lid="a"><input data-lid="fa"></li>' +
    '<li data-lid="b"></li><li data-lid="c"></li></ul></div>');
  const input = p.lid("fa");
  input.focus();
  input.typeText("note");
  input.setSelectionRange(1, 3);
  applyPatches(p.root, [{ op: "move", id: "a", parent: "l", index: 2 }], { focused: input });
  assert.equal(order(p), "bca");
  assert.equal(p.doc.activeElement, input);
  assert.deepEqual([input.selectionStart, input.selectionEnd], [1, 3]);
  assert.equal(input.value, "note");
});

test("where the engine has moveBefore, a move holding focus uses it", () => {
  const p = page('<div data-lid="root"><ul data-lid="l"><li data-lid="a"><input data-lid="fa"></li><li data-lid="b"></li></ul></div>');
  const input = p.lid("fa");
  input.focus();
  let used = 0;
  Element.prototype.moveBefore = function (node, ref) {
    used++;
    const active = this.ownerDocument.activeElement;
    this.insertBefore(node, ref);
    this.ownerDocument.activeElement = active; // state-preserving move
  };
  try {
    applyPatches(p.root, [{ op: "move", id: "a", parent: "l", index: 1 }], { focused: input });
  } finally {
    delete Element.prototype.moveBefore;
  }
  assert.equal(used, 1);
  assert.equal(order(p), "ba");
  assert.equal(p.doc.activeElement, input);
});

// --- reset / resync: the root is morphed by lid -------------------------------------------------------------

test("replaceRoot keeps elements whose lid survives, in the new order, with new attributes and text", () => {
  const p = page(LIST);
  const [a, b, c] = ["a", "b", "c"].map((id) => p.lid(id));
  const list = p.lid("l");
  replaceRoot(p.root, '<div data-lid="root" class="lui-root v2"><ul data-lid="l" class="lui-list">' +
    '<li data-lid="c" class="done">C!</li><li data-lid="n">N</li><li data-lid="a">A</li><li data-lid="b">B</li></ul></div>');
  assert.equal(order(p), "cnab");
  assert.equal(p.lid("l"), list);
  assert.equal(p.lid("a"), a);
  assert.equal(p.lid("b"), b);
  assert.equal(p.lid("c"), c);
  assert.equal(c.textContent, "C!");
  assert.equal(c.getAttribute("class"), "done");
  assert.equal(p.lid("d"), null);
  assert.equal(p.lid("root").getAttribute("class"), "lui-root v2");
  assert.equal(p.root.innerHTML, '<div data-lid="root" class="lui-root v2"><ul data-lid="l" class="lui-list">' +
    '<li data-lid="c" class="done">C!</li><li data-lid="n">N</li><li data-lid="a">A</li><li data-lid="b">B</li></ul></div>');
});

test("replaceRoot yields exactly the new HTML for mixed text and unkeyed elements", () => {
  const p = page('<div data-lid="root"><label data-lid="t"><input type="checkbox" data-lid="tc"> <span>Old</span></label><p data-lid="x">1</p></div>');
  const next = '<div data-lid="root"><p data-lid="x">2</p><label data-lid="t" class="on"><input type="checkbox" data-lid="tc" checked> ' +
    '<span>New</span> tail</label><b>bold</b></div>';
  replaceRoot(p.root, next);
  assert.equal(p.root.innerHTML, next);
  assert.equal(p.lid("tc").checked, true);
});

test("replaceRoot with a different root element replaces it", () => {
  const p = page(LIST);
  replaceRoot(p.root, '<section data-lid="root"><p data-lid="z">z</p></section>');
  assert.equal(p.root.children.length, 1);
  assert.equal(p.root.firstElementChild.localName, "section");
});

test("replaceRoot keeps the focused input, its typed text and its focus; the server value waits", () => {
  const { p, input } = typing("draft");
  const deferred = new Set();
  replaceRoot(p.root, '<div data-lid="root"><p data-lid="new">hi</p><div data-lid="box"><p data-lid="echo">dra</p>' +
    '<input type="text" data-lid="f" data-on="input submit" value="dra"></div></div>', { focused: input, isEditing: () => true, deferred });
  assert.equal(p.lid("f"), input);
  assert.equal(input.value, "draft");
  assert.equal(input.getAttribute("value"), "dra");
  assert.equal(p.doc.activeElement, input);
  assert.ok(deferred.has(input));
  assert.equal(order(p, "box"), "echof");
});
