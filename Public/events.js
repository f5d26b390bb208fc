// Turns DOM events inside `#liveui-root` into LiveUI events for the elements that ask for them in `data-on`.
//
// Input and scroll are coalesced per animation frame (the latest value per target, in order); click, change and
// submit flush what is pending first so the server sees everything in the order the user did it. The module also
// knows whether the user is still editing a field (pending input, a keystroke within `idleMs`, IME composition),
// which decides when a server value may replace what they typed.

import { ATTR, EVENT } from "./constants.js";
import { instantFor } from "./controls.js";

const NATIVE_CLICK = new Set(["BUTTON", "INPUT", "SELECT", "TEXTAREA", "SUMMARY", "OPTION"]);
const TEXT_TYPES = new Set(["text", "password", "search", "email", "url", "tel", "number", ""]);
const THROTTLED = new Set([EVENT.INPUT, EVENT.SCROLL]);

/** The nearest element from `node` up to `container` whose `data-on` lists `type`. */
export function handlerFor(container, node, type) {
  for (let el = node; el && el !== container; el = el.parentNode) {
    if (el.nodeType === 1 && listens(el, type)) return el;
  }
  return null;
}

export function listens(el, type) {
  return (el.getAttribute(ATTR.ON) ?? "").split(/\s+/).includes(type);
}

/** The value sent for an event: "true"/"false" for checkboxes, "x,y" for scroll, the control's value otherwise. */
export function valueFor(type, handler, source) {
  if (type === EVENT.SCROLL) return `${Math.round(handler.scrollLeft)},${Math.round(handler.scrollTop)}`;
  if (type === EVENT.CLICK || type === EVENT.SUBMIT) return undefined;
  const control = isControl(source) ? source : handler;
  if (control.type === "checkbox" || control.type === "radio") return String(Boolean(control.checked));
  if (control.hasAttribute?.(ATTR.INSTANT)) return instantFor(control);
  return control.value === undefined ? undefined : String(control.value);
}

function isControl(el) {
  return el && (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA");
}

/** Gives non-native click targets keyboard access: `tabindex="0"` (Enter/Space are handled by `bindEvents`). */
export function ensureKeyboardAccess(container) {
  for (const el of container.querySelectorAll(`[${ATTR.ON}~="${EVENT.CLICK}"]`)) {
    if (!NATIVE_CLICK.has(el.tagName) && !(el.tagName === "A" && el.hasAttribute("href")) && !el.hasAttribute("tabindex")) {
      el.setAttribute("tabindex", "0");
    }
  }
}

/**
 * Listens on `container` (and on the document for scroll, which does not bubble).
 * @param {Element} container  `#liveui-root`
 * @param {object} o
 * @param {(target: string, type: string, value?: string) => void} o.send
 * @param {(lid: string) => boolean} o.isPending  true while the transport still holds an event for `lid`
 * @param {() => void} o.onIdle  the user stopped typing somewhere: deferred server values may land
 * @returns {{isEditing(el: Element): boolean, flush(): void, destroy(): void}}
 */
export function bindEvents(container, o) {
  const doc = container.ownerDocument;
  const win = doc.defaultView ?? globalThis;
  const idleMs = o.idleMs ?? 350;
  const frame = new Map(); // "lid type" → {lid, type, value}, ordered by latest change
  const lastKeystroke = new WeakMap();
  const composing = new WeakSet();
  let frameScheduled = false;
  let idleTimer = null;

  const flush = () => {
    frameScheduled = false;
    const batch = [...frame.values()];
    frame.clear();
    for (const e of batch) o.send(e.lid, e.type, e.value);
  };

  const scheduleFrame = () => {
    if (frameScheduled) return;
    frameScheduled = true;
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      if (frameScheduled) flush();
    };
    // rAF paces with the display; the timeout covers background tabs, where rAF does not run.
    if (typeof win.requestAnimationFrame === "function") win.requestAnimationFrame(run);
    setTimeout(run, 100);
  };

  const dispatch = (handler, type, value) => {
    const lid = handler.getAttribute(ATTR.LID);
    if (!lid) return;
    if (THROTTLED.has(type)) {
      const key = `${lid} ${type}`;
      frame.delete(key); // re-insert: order follows the latest change
      frame.set(key, { lid, type, value });
      scheduleFrame();
    } else {
      flush();
      o.send(lid, type, value);
    }
  };

  const disabled = (el) => el.closest?.('[disabled], [aria-disabled="true"]') != null;

  const keystroke = (el) => {
    lastKeystroke.set(el, Date.now());
    clearTimeout(idleTimer);
    idleTimer = setTimeout(o.onIdle, idleMs + 20);
  };

  const onClick = (event) => {
    const handler = handlerFor(container, event.target, EVENT.CLICK);
    if (!handler || disabled(handler)) return;
    dispatch(handler, EVENT.CLICK);
  };

  const onInput = (event) => {
    keystroke(event.target);
    const handler = handlerFor(container, event.target, EVENT.INPUT);
    if (handler) dispatch(handler, EVENT.INPUT, valueFor(EVENT.INPUT, handler, event.target));
  };

  const onChange = (event) => {
    const handler = handlerFor(container, event.target, EVENT.CHANGE);
    if (!handler) return;
    const value = valueFor(EVENT.CHANGE, handler, event.target);
    if (value !== null) dispatch(handler, EVENT.CHANGE, value); // null: an incomplete date
  };

  // Focus moving inside one element that listens for it is no change of its focus.
  const onFocus = (gained) => (event) => {
    const handler = handlerFor(container, event.target, EVENT.FOCUS);
    if (!handler || !handler.isConnected || handler.contains(event.relatedTarget)) return;
    dispatch(handler, EVENT.FOCUS, String(gained));
  };

  const onKeydown = (event) => {
    const el = event.target;
    if (isControl(el) && event.key !== "Enter") keystroke(el);
    if (event.key !== "Enter" && event.key !== " ") return;
    if (event.isComposing || event.keyCode === 229) return;
    if (el.tagName === "INPUT" && TEXT_TYPES.has(el.getAttribute("type") ?? "")) {
      if (event.key !== "Enter") return;
      const handler = handlerFor(container, el, EVENT.SUBMIT);
      if (!handler) return;
      event.preventDefault(); // no native form submission
      dispatch(handler, EVENT.SUBMIT);
      // Enter ends the typing burst: what the server answers (a cleared or rewritten field) may land at once.
      lastKeystroke.delete(el);
      return;
    }
    // Non-native click targets (onTapGesture) act like buttons: Enter and Space activate them.
    if (!NATIVE_CLICK.has(el.tagName) && el.tagName !== "A" && listens(el, EVENT.CLICK)) {
      event.preventDefault();
      if (!event.repeat) el.click();
    }
  };

  const onSubmit = (event) => {
    event.preventDefault(); // a server-rendered form never navigates
    const handler = handlerFor(container, event.target, EVENT.SUBMIT);
    if (handler) dispatch(handler, EVENT.SUBMIT);
  };

  const onScroll = (event) => {
    const el = event.target;
    if (el?.nodeType !== 1 || !container.contains(el) || !listens(el, EVENT.SCROLL)) return;
    dispatch(el, EVENT.SCROLL, valueFor(EVENT.SCROLL, el, el));
  };

  const onCompositionStart = (event) => composing.add(event.target);
  const onCompositionEnd = (event) => {
    composing.delete(event.target);
    keystroke(event.target);
  };

  const listeners = [
    [container, "click", onClick],
    [container, "input", onInput],
    [container, "change", onChange],
    [container, "keydown", onKeydown],
    [container, "submit", onSubmit],
    [container, "compositionstart", onCompositionStart],
    [container, "compositionend", onCompositionEnd],
    [container, "focusin", onFocus(true)],
    [container, "focusout", onFocus(false)],
    [doc, "scroll", onScroll, true],
  ];
  for (const [target, type, fn, capture] of listeners) target.addEventListener(type, fn, capture === true);

  return {
    /** True while the user is still editing `el`: its server value must wait. */
    isEditing(el) {
      if (!el) return false;
      if (composing.has(el)) return true;
      const lid = el.getAttribute?.(ATTR.LID);
      if (lid && ([...frame.values()].some((e) => e.lid === lid) || o.isPending(lid))) return true;
      return Date.now() - (lastKeystroke.get(el) ?? 0) < idleMs;
    },
    flush,
    destroy() {
      for (const [target, type, fn, capture] of listeners) target.removeEventListener(type, fn, capture === true);
      clearTimeout(idleTimer);
    },
  };
}
