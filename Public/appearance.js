// Tells the server what the browser shows and speaks: its color scheme (`prefers-color-scheme`, again whenever the
// user switches), language, time zone and whether the tab is visible (`scenePhase`, again on every
// `visibilitychange`), as `environment` events to the root. The server puts them into the root's environment
// (`\.colorScheme`, `\.locale`, `\.timeZone`, `\.scenePhase`).

import { EVENT, PAGE } from "./constants.js";

const DARK = "(prefers-color-scheme: dark)";

/** The color scheme a media query list for `(prefers-color-scheme: dark)` says. */
export function colorScheme(query) {
  return query?.matches ? "dark" : "light";
}

/** The scene phase a document's visibility says: `background` while hidden, else `active`. */
export function scenePhase(doc) {
  return doc?.visibilityState === "hidden" ? "background" : "active";
}

/**
 * The event value describing this browser: `{"colorScheme","locale"?,"timeZone"?,"scenePhase"?}` as JSON. Values
 * the browser does not give are left out, so the server keeps its defaults for them.
 */
export function environmentValue({ dark, language, timeZone, phase }) {
  const value = { colorScheme: colorScheme(dark) };
  if (typeof language === "string" && language) value.locale = language;
  if (typeof timeZone === "string" && timeZone) value.timeZone = timeZone;
  if (typeof phase === "string") value.scenePhase = phase;
  return JSON.stringify(value);
}

/**
 * Sends the browser's environment now, its color scheme whenever it changes, and the scene phase whenever the
 * document's visibility changes.
 * @param {(target: string, type: string, value: string) => void} send
 * @param {Window} [win]
 */
export function watchEnvironment(send, win = globalThis) {
  const dark = win.matchMedia?.(DARK) ?? null;
  let timeZone;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    timeZone = undefined;
  }
  const doc = win.document;
  const phase = doc ? scenePhase(doc) : undefined;
  send(PAGE.ROOT_LID, EVENT.ENVIRONMENT, environmentValue({ dark, language: win.navigator?.language, timeZone, phase }));
  dark?.addEventListener?.("change", (event) => {
    send(PAGE.ROOT_LID, EVENT.ENVIRONMENT, JSON.stringify({ colorScheme: colorScheme(event) }));
  });
  doc?.addEventListener?.("visibilitychange", () => {
    send(PAGE.ROOT_LID, EVENT.ENVIRONMENT, JSON.stringify({ scenePhase: scenePhase(doc) }));
  });
}
