// What some controls need beyond events and patches:
//   date pickers   the server sends instants (`data-instant`, ISO 8601 in UTC); the input shows them in the
//                  browser's time zone, and a change sends the chosen instant back, the parts the input does
//                  not show kept from the previous instant
//   focus          the element the server marks `data-focused` gets the browser's focus once per marking
//   shortcuts      `aria-keyshortcuts` (`.keyboardShortcut`) clicks its element when its keys are pressed
//   menus          a `<details class="lui-menu">` closes after an action, on Escape and on a click outside

import { ATTR } from "./constants.js";

const pad = (n, width = 2) => String(n).padStart(width, "0");

/** The local `value` of a date, time or datetime-local input for `date`. */
export function localValue(type, date) {
  const day = `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (type === "date") return day;
  if (type === "time") return time;
  return `${day}T${time}`;
}

/**
 * The instant a date picker's input now stands for, as ISO 8601 in UTC; `null` when the input holds no
 * complete value. The parts the input does not show come from its previous instant, in local time.
 */
export function instantFor(input) {
  const previous = new Date(input.getAttribute(ATTR.INSTANT) ?? "");
  const base = Number.isNaN(previous.getTime()) ? new Date() : previous;
  const value = input.value ?? "";
  let date;
  if (input.type === "date") {
    const m = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(value);
    if (!m) return null;
    date = new Date(base);
    date.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  } else if (input.type === "time") {
    const m = /^(\d{2}):(\d{2})/.exec(value);
    if (!m) return null;
    date = new Date(base);
    date.setHours(Number(m[1]), Number(m[2]));
  } else {
    const m = /^(\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
    if (!m) return null;
    date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), base.getSeconds());
  }
  if (Number.isNaN(date.getTime())) return null;
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Shows each date picker's instant in local time, when the server changed it. (The range stays in `data-min` and
 * `data-max`: `min`/`max` attributes would differ from the server's HTML; the server refuses a date outside it.)
 */
export function syncDatePickers(container) {
  for (const input of container.querySelectorAll(`input[${ATTR.INSTANT}]`)) {
    const instant = input.getAttribute(ATTR.INSTANT);
    if (input.liveuiInstant === instant) continue;
    input.liveuiInstant = instant;
    const date = new Date(instant);
    if (!Number.isNaN(date.getTime())) input.value = localValue(input.type, date);
  }
}

const FOCUSABLE = "input, select, textarea, button, summary, [tabindex], a[href]";

/**
 * Gives the browser's focus to the element the server marks `data-focused`, once per marking (so that a late
 * update never takes the focus back from where the user moved it); blurs it when the server unmarks it.
 * @param {{last: Element|null}} state  what was marked when this last ran
 */
export function applyServerFocus(container, state) {
  const doc = container.ownerDocument;
  const marked = container.querySelector(`[${ATTR.FOCUSED}]`);
  if (marked === state.last) return;
  const previous = state.last;
  state.last = marked;
  if (marked) {
    const target = marked.matches(FOCUSABLE) ? marked : marked.querySelector(FOCUSABLE);
    if (target && doc.activeElement !== target) target.focus();
  } else if (previous?.isConnected && previous.contains(doc.activeElement)) {
    doc.activeElement.blur();
  }
}

const MODIFIERS = new Set(["Control", "Alt", "Shift", "Meta"]);

/** Whether `event` presses the `aria-keyshortcuts` combination `shortcut` (`Control` also matches ⌘). */
export function matchesShortcut(shortcut, event) {
  const parts = shortcut.split("+");
  const key = parts.pop();
  const mods = new Set(parts.filter((p) => MODIFIERS.has(p)));
  if (mods.has("Control") !== (event.ctrlKey || event.metaKey)) return false;
  if (mods.has("Alt") !== event.altKey || mods.has("Shift") !== event.shiftKey) return false;
  const pressed = event.key === " " ? "Space" : event.key === "+" ? "Plus" : event.key;
  if (pressed.toLowerCase() === key.toLowerCase()) return true;
  // With Shift or Alt held, `key` is the shifted character: the physical key names the letter or digit.
  return /^[A-Z0-9]$/.test(key) && (event.code === `Key${key}` || event.code === `Digit${key}`);
}

const OWN_ENTER = new Set(["BUTTON", "A", "TEXTAREA", "SELECT", "SUMMARY"]);

/** Keyboard shortcuts and menu closing, on the document. Returns a function that removes the listeners. */
export function bindControls(container) {
  const doc = container.ownerDocument;
  const openMenus = () => [...container.querySelectorAll("details.lui-menu[open]")];

  const onKeydown = (event) => {
    if (event.isComposing) return;
    if (event.key === "Escape") {
      const open = openMenus();
      if (open.length > 0) {
        for (const menu of open) menu.open = false;
        open[open.length - 1].querySelector("summary")?.focus();
        event.preventDefault();
        return;
      }
    }
    const target = event.target;
    if (event.key === "Enter" && OWN_ENTER.has(target?.tagName)) return;
    // Enter in a text field submits it (events.js) and then runs the default action, as on Apple platforms.
    const submitted = event.key === "Enter" && target?.tagName === "INPUT";
    if (event.defaultPrevented && !submitted) return;
    for (const el of container.querySelectorAll(`[${ATTR.SHORTCUT}]`)) {
      if (el.disabled || !matchesShortcut(el.getAttribute(ATTR.SHORTCUT), event)) continue;
      event.preventDefault();
      el.click();
      return;
    }
  };

  const onClick = (event) => {
    for (const menu of openMenus()) {
      const inside = menu.contains(event.target);
      // An action inside a menu closes it (after events.js sent the click); a click outside closes it too.
      if (!inside || (event.target.closest("button, [role=button]") && !event.target.closest("summary"))) {
        menu.open = false;
      }
    }
  };

  doc.addEventListener("keydown", onKeydown);
  doc.addEventListener("click", onClick);
  return () => {
    doc.removeEventListener("keydown", onKeydown);
    doc.removeEventListener("click", onClick);
  };
}
