// Tests for Public/animation.js: what an animated update plays, on the tiny DOM of minidom.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { page, Element } from "./minidom.js";
import { applyPatches } from "../../Public/patch.js";
import {
  Animator, changedFrames, effectFrame, inScope, lidOfHTML, parseTransition, restingFrame, timing,
} from "../../Public/animation.js";

// Every animation minidom's elements play, with a handle the test finishes.
const played = [];
Element.prototype.animate = function (frames, options) {
  const handle = { el: this, frames, options, onfinish: null, oncancel: null, finish() { this.onfinish?.(); } };
  played.push(handle);
  return handle;
};

const styles = new Map();
const harness = (html, { reduced = false } = {}) => {
  played.length = 0;
  styles.clear();
  const p = page(html);
  const animator = new Animator(p.root.firstElementChild, {
    matchMedia: () => ({ matches: reduced }),
    computedStyle: (el) => ({ opacity: "1", transform: "none", direction: "ltr", ...(styles.get(el.getAttribute("data-lid")) ?? {}) }),
  });
  const run = (animation, patches) => animator.run(animation, patches, (extra) => applyPatches(p.root, patches, extra));
  return { p, animator, run };
};
const ANIMATION = { easing: "ease-out", duration: 200, delay: 0, iterations: 1, direction: "normal" };
const PAGE = '<div data-lid="root"><ul data-lid="l"><li data-lid="a">A</li><li data-lid="b" data-transition="opacity">B</li></ul></div>';

test("transition tokens become effects; unknown and malformed tokens are ignored", () => {
  assert.deepEqual(parseTransition("move-leading opacity"), [{ kind: "move", edge: "leading" }, { kind: "opacity" }]);
  assert.deepEqual(parseTransition("scale(0.5,0.5,1) offset(10,-4)"), [
    { kind: "scale", scale: 0.5, x: 0.5, y: 1 }, { kind: "offset", x: 10, y: -4 },
  ]);
  assert.deepEqual(parseTransition("identity"), []);
  assert.deepEqual(parseTransition("spin scale(x,1,1) move-up"), []);
});

test("effects give the frame away from the element's place; leading flips right to left", () => {
  assert.deepEqual(effectFrame(parseTransition("move-leading opacity")), { opacity: 0, transform: "translateX(-100%)" });
  assert.deepEqual(effectFrame(parseTransition("move-leading"), true), { transform: "translateX(100%)" });
  assert.deepEqual(effectFrame(parseTransition("scale(0,0.5,0)")), { transform: "scale(0)", transformOrigin: "50% 0%" });
  assert.deepEqual(restingFrame({ opacity: 0, transform: "scale(0)" }, { opacity: "0.5", transform: "" }), { opacity: "0.5", transform: "none" });
});

test("the server's timing maps to Web Animations; an exit plays once", () => {
  const forever = { easing: "linear", duration: 500, delay: 250, iterations: "infinite", direction: "alternate" };
  assert.deepEqual(timing(forever), { duration: 500, delay: 250, easing: "linear", iterations: Infinity, direction: "alternate" });
  assert.equal(timing(forever, true).iterations, 1);
  assert.equal(timing(forever, true).direction, "normal");
  assert.deepEqual(timing({ duration: -1, easing: 3 }), { duration: 350, delay: 0, easing: "ease-in-out", iterations: 1, direction: "normal" });
});

test("only changed animatable properties animate", () => {
  assert.equal(changedFrames({ opacity: "1", color: "red" }, { opacity: "1", color: "red" }), null);
  assert.deepEqual(changedFrames({ opacity: "1", color: "red" }, { opacity: "0.5", color: "red" }), [{ opacity: "1" }, { opacity: "0.5" }]);
  assert.equal(lidOfHTML('<li data-on="click" data-lid="k12"><b data-lid="k13"></b></li>'), "k12");
  assert.equal(lidOfHTML("<li>plain</li>"), null);
});

test("an inserted element with a transition enters", () => {
  const { p, run } = harness(PAGE);
  run(ANIMATION, [{ op: "insert", parent: "l", index: 0, html: '<li data-lid="c" data-transition="move-top">C</li>' }]);
  assert.equal(played.length, 1);
  assert.equal(played[0].el, p.lid("c"));
  assert.deepEqual(played[0].frames, [{ transform: "translateY(-100%)" }, { transform: "none" }]);
  assert.equal(played[0].options.easing, "ease-out");
});

test("a removed element with a transition stays until its exit ends, and patches count past it", () => {
  const { p, run } = harness(PAGE);
  run(ANIMATION, [{ op: "remove", id: "b" }]);
  const ghost = p.root.firstElementChild.firstElementChild.children[1];
  assert.equal(ghost.hasAttribute("data-lui-leaving"), true);
  assert.equal(p.lid("b"), null, "no patch finds it");
  assert.equal(played[0].options.fill, "forwards");
  // A later insert at the end counts only the server's children.
  applyPatches(p.root, [{ op: "insert", parent: "l", index: 1, html: '<li data-lid="d">D</li>' }]);
  const list = p.root.firstElementChild.firstElementChild;
  assert.deepEqual(list.children.map((c) => c.getAttribute("data-lid")), ["a", null, "d"]);
  played[0].finish();
  assert.equal(list.outerHTML, '<ul data-lid="l"><li data-lid="a">A</li><li data-lid="d">D</li></ul>');
});

test("without an animation, or with reduced motion, a removal is immediate and nothing plays", () => {
  for (const [animation, reduced] of [[undefined, false], [ANIMATION, true]]) {
    const { p, run } = harness(PAGE, { reduced });
    run(animation, [{ op: "remove", id: "b" }]);
    assert.equal(p.root.firstElementChild.firstElementChild.children.length, 1);
    assert.equal(played.length, 0);
  }
});

test("changed styles animate from the old value, only inside the animation's scope", () => {
  const html = '<div data-lid="root"><p data-lid="x">x</p><p data-lid="y">y</p></div>';
  const { run } = harness(html);
  styles.set("x", { opacity: "1" });
  styles.set("y", { opacity: "1" });
  const patches = [{ op: "attrs", id: "x", set: { style: "opacity:0.5" } }, { op: "attrs", id: "y", set: { style: "opacity:0.5" } }];
  // The computed styles change as the patches land.
  const original = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (name === "style") styles.set(this.getAttribute("data-lid"), { opacity: "0.5" });
    return original.call(this, name, value);
  };
  try {
    run({ ...ANIMATION, scope: ["x"] }, patches);
  } finally {
    Element.prototype.setAttribute = original;
  }
  assert.equal(played.length, 1);
  assert.equal(played[0].el.getAttribute("data-lid"), "x");
  assert.deepEqual(played[0].frames, [{ opacity: "1" }, { opacity: "0.5" }]);
});

test("an element is in scope inside a scope element; a null scope is everywhere", () => {
  const { p } = harness(PAGE);
  assert.equal(inScope(p.lid("b"), [p.lid("l")]), true);
  assert.equal(inScope(p.lid("l"), [p.lid("b")]), false);
  assert.equal(inScope(p.lid("l"), null), true);
});
