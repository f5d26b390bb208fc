// Tests for the pure parts of Public/events.js (handler lookup, event values, keyboard access) on minidom.
import { test } from "node:test";
import assert from "node:assert/strict";
import { page } from "./minidom.js";
import { ensureKeyboardAccess, handlerFor, listens, valueFor } from "../../Public/events.js";

const HTML = '<div data-lid="root"><div data-lid="row" data-on="click"><span data-lid="s">tap</span>' +
  '<button type="button" data-lid="b" data-on="click"><i data-lid="icon"></i></button></div>' +
  '<label data-lid="k5" data-on="change" class="lui-toggle"><input type="checkbox" role="switch" data-lid="k5c" checked> <span>On</span></label>' +
  '<input type="text" data-lid="f" data-on="input submit" value="abc">' +
  '<a data-lid="l" href="/x" data-on="click">link</a><button data-lid="b2" data-on="click">x</button></div>';

test("the nearest element listing the event type handles it", () => {
  const p = page(HTML);
  assert.equal(handlerFor(p.root, p.lid("icon"), "click"), p.lid("b"));
  assert.equal(handlerFor(p.root, p.lid("s"), "click"), p.lid("row"));
  assert.equal(handlerFor(p.root, p.lid("k5c"), "change"), p.lid("k5"));
  assert.equal(handlerFor(p.root, p.lid("k5c"), "click"), null);
  assert.equal(handlerFor(p.root, p.lid("f"), "submit"), p.lid("f"));
});

test("data-on is a space-separated list of whole words", () => {
  const p = page('<div data-lid="root"><p data-lid="p" data-on="clicked input"></p></div>');
  assert.equal(listens(p.lid("p"), "click"), false);
  assert.equal(listens(p.lid("p"), "input"), true);
});

test("values: checkbox state as true/false from the inner checkbox, text as is, scroll as x,y, none for click", () => {
  const p = page(HTML);
  const box = p.lid("k5c");
  assert.equal(valueFor("change", p.lid("k5"), box), "true");
  box.checked = false;
  assert.equal(valueFor("change", p.lid("k5"), box), "false");
  const field = p.lid("f");
  field.setSelectionRange(3, 3);
  field.typeText("d");
  assert.equal(valueFor("input", field, field), "abcd");
  assert.equal(valueFor("scroll", { scrollLeft: 0.4, scrollTop: 120.6 }, null), "0,121");
  assert.equal(valueFor("click", p.lid("b"), p.lid("b")), undefined);
  assert.equal(valueFor("submit", field, field), undefined);
});

test("non-native click targets get tabindex=0; buttons, links and existing tabindex are left alone", () => {
  const p = page(HTML);
  p.lid("b2").setAttribute("tabindex", "-1");
  ensureKeyboardAccess(p.root);
  assert.equal(p.lid("row").getAttribute("tabindex"), "0");
  assert.equal(p.lid("b").hasAttribute("tabindex"), false);
  assert.equal(p.lid("l").hasAttribute("tabindex"), false);
  assert.equal(p.lid("b2").getAttribute("tabindex"), "-1");
  assert.equal(p.lid("k5").hasAttribute("tabindex"), false);
});
