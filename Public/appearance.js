// Tells the server what the browser shows and speaks: its color scheme (`prefers-color-scheme`, again whenever the
// user switches), language and time zone, as one `environment` event to the root when the page starts. The
// server puts them into the root's environment (`\.colorScheme`, `\.locale`, `\.timeZone`).

import { EVENT, PAGE } from "./constants.js";

const DARK = "(prefers-color-scheme: dark)";

/** The color scheme a media query list for `(prefers-color-scheme: dark)` says. */
export function colorScheme(query) {
  return query?.matches ? "dark" : "light";
}

/**
 * The event value describing this browser: `{"colorScheme","locale"?,"timeZone"?}` as JSON. Values the browser
 * does not give are left out, so the server keeps its defaults for them.
 */
export function environmentValue({ dark, language, timeZone }) {
  const value = { colorScheme: colorScheme(dark) };
  if (typeof language === "string" && language) value.locale = language;
  if (typeof timeZone === "string" && timeZone) value.timeZone = timeZone;
  return JSON.stringify(value);
}

/**
 * Sends the browser's environment now and its color scheme whenever it changes.
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
  send(PAGE.ROOT_LID, EVENT.ENVIRONMENT, environmentValue({ dark, language: win.navigator?.language, timeZone }));
  dark?.addEventListener?.("change", (event) => {
    send(PAGE.ROOT_LID, EVENT.ENVIRONMENT, JSON.stringify({ colorScheme: colorScheme(event) }));
  });
}
