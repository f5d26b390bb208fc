// Tests for Public/appearance.js: what the page tells the server about the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { environmentValue, watchEnvironment } from "../../Public/appearance.js";

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
