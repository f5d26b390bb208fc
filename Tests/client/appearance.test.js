// Tests for Public/appearance.js: what the page tells the server about the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { environmentValue, scenePhase, watchEnvironment } from "../../Public/appearance.js";

test("the environment value carries what the browser gives", () => {
  assert.deepEqual(JSON.parse(environmentValue({ dark: { matches: true }, language: "de-DE", timeZone: "Europe/Berlin" })), {
    colorScheme: "dark", locale: "de-DE", timeZone: "Europe/Berlin",
  });
  assert.deepEqual(JSON.parse(environmentValue({ dark: null, language: "", timeZone: undefined })), { colorScheme: "light" });
});

test("the page sends its environment once, then the color scheme on every switch", () => {
  const sent = [];
  let listener = null;
  const query = { matches: false, addEventListener: (type, fn) => type === "change" && (listener = fn) };
  watchEnvironment((...args) => sent.push(args), { matchMedia: () => query, navigator: { language: "fr-CA" } });
  assert.equal(sent.length, 1);
  assert.deepEqual(sent[0].slice(0, 2), ["root", "environment"]);
  assert.equal(JSON.parse(sent[0][2]).locale, "fr-CA");
  listener({ matches: true });
  assert.deepEqual(sent[1], ["root", "environment", '{"colorScheme":"dark"}']);
});

test("the page reports its visibility as the scene phase, at first and on every change", () => {
  const sent = [];
  let onVisibility = null;
  const doc = { visibilityState: "visible", addEventListener: (type, fn) => type === "visibilitychange" && (onVisibility = fn) };
  watchEnvironment((...args) => sent.push(args), { document: doc, navigator: {} });
  assert.equal(JSON.parse(sent[0][2]).scenePhase, "active");
  doc.visibilityState = "hidden";
  onVisibility();
  assert.deepEqual(sent[1], ["root", "environment", '{"scenePhase":"background"}']);
  doc.visibilityState = "visible";
  onVisibility();
  assert.deepEqual(sent[2], ["root", "environment", '{"scenePhase":"active"}']);
  assert.equal(scenePhase(undefined), "active");
});
