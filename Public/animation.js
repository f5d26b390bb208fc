// Plays the animation an update carries (`withAnimation`, `.animation(_:value:)` on the server) with the Web
// Animations API: inserted elements with `data-transition` enter, removed ones leave (their removal waits until
// the exit ends), and changed style properties move from the old value to the new. Nothing here writes an
// attribute the server rendered: the DOM equals the server's HTML once every exit has ended. The user's
// `prefers-reduced-motion: reduce` turns it all off. Updates without an animation pass straight through.

import { ATTR, OP } from "./constants.js";

const TRANSITION_ATTR = "data-transition";
const REMOVAL_ATTR = "data-transition-removal";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

/** The style properties whose changes animate (camelCase, as getComputedStyle and animate() take them). */
export const ANIMATED_PROPERTIES = Object.freeze([
  "opacity", "transform", "color", "backgroundColor", "borderColor", "borderRadius", "fontSize", "width", "height",
]);

/**
 * The effects of a `data-transition` value: `opacity`, `move-<edge>`, `scale(s,x,y)`, `offset(x,y)`; `identity` and
 * unknown tokens give none.
 */
export function parseTransition(value) {
  const effects = [];
  for (const token of String(value ?? "").split(/\s+/)) {
    if (token === "opacity") effects.push({ kind: "opacity" });
    else if (/^move-(top|bottom|leading|trailing)$/.test(token)) effects.push({ kind: "move", edge: token.slice(5) });
    else {
      const call = /^(scale|offset)\(([^)]*)\)$/.exec(token);
      if (!call) continue;
      const args = call[2].split(",").map(Number);
      if (args.some((n) => !Number.isFinite(n))) continue;
      if (call[1] === "scale" && args.length === 3) effects.push({ kind: "scale", scale: args[0], x: args[1], y: args[2] });
      if (call[1] === "offset" && args.length === 2) effects.push({ kind: "offset", x: args[0], y: args[1] });
    }
  }
  return effects;
}

/**
 * What an element looks like away from its place (before insertion, after removal): a keyframe of `opacity`,
 * `transform` and `transformOrigin`. `rtl` flips leading and trailing.
 */
export function effectFrame(effects, rtl = false) {
  const frame = {};
  const transforms = [];
  for (const e of effects) {
    if (e.kind === "opacity") frame.opacity = 0;
    else if (e.kind === "move") {
      const sign = { top: -1, leading: rtl ? 1 : -1, bottom: 1, trailing: rtl ? -1 : 1 }[e.edge];
      transforms.push(e.edge === "top" || e.edge === "bottom" ? `translateY(${sign * 100}%)` : `translateX(${sign * 100}%)`);
    } else if (e.kind === "scale") {
      transforms.push(`scale(${e.scale})`);
      frame.transformOrigin = `${e.x * 100}% ${e.y * 100}%`;
    } else if (e.kind === "offset") transforms.push(`translate(${e.x}px, ${e.y}px)`);
  }
  if (transforms.length > 0) frame.transform = transforms.join(" ");
  return frame;
}

/** The element in its place: the computed values of the properties `frame` changes. */
export function restingFrame(frame, computed) {
  const rest = {};
  if ("opacity" in frame) rest.opacity = computed.opacity ?? "1";
  if ("transform" in frame) rest.transform = computed.transform || "none";
  if ("transformOrigin" in frame) rest.transformOrigin = frame.transformOrigin;
  return rest;
}

/** The Web Animations timing of the server's animation object; `once` plays it a single time (an exit). */
export function timing(animation, once = false) {
  const number = (v, fallback) => (Number.isFinite(v) && v >= 0 ? v : fallback);
  const iterations = animation?.iterations === "infinite" ? Infinity : Math.max(1, number(animation?.iterations, 1));
  return {
    duration: number(animation?.duration, 350),
    delay: number(animation?.delay, 0),
    easing: typeof animation?.easing === "string" && animation.easing ? animation.easing : "ease-in-out",
    iterations: once ? 1 : iterations,
    direction: !once && animation?.direction === "alternate" ? "alternate" : "normal",
  };
}

/** The properties whose values differ between two snapshots, as `[from, to]` keyframes (null: none differ). */
export function changedFrames(before, after) {
  const from = {};
  const to = {};
  let any = false;
  for (const name of ANIMATED_PROPERTIES) {
    if (before[name] !== undefined && before[name] !== after[name]) {
      from[name] = before[name];
      to[name] = after[name];
      any = true;
    }
  }
  return any ? [from, to] : null;
}

/** The lid of the outermost element of a patch's HTML. */
export function lidOfHTML(html) {
  return /^\s*<[^>]*?\sdata-lid="([^"]+)"/.exec(String(html ?? ""))?.[1] ?? null;
}

/** Whether `el` is inside one of the `scope` elements (`null` scope: everywhere). */
export function inScope(el, scope) {
  return scope === null || scope.some((s) => s === el || s.contains(el));
}

/** Plays updates' animations on the elements under `root`. */
export class Animator {
  /**
   * @param {Element} root
   * @param {object} [o]
   * @param {(query: string) => {matches: boolean}} [o.matchMedia]
   * @param {(el: Element) => object} [o.computedStyle]
   */
  constructor(root, o = {}) {
    this.root = root;
    this.matchMedia = o.matchMedia ?? ((q) => globalThis.matchMedia?.(q) ?? { matches: false });
    this.computedStyle = o.computedStyle ?? ((el) => globalThis.getComputedStyle(el));
    this.leaving = new Set();
  }

  /** Whether an update with `animation` animates at all: it has one, and the user does not ask for less motion. */
  animates(animation) {
    return !!animation && typeof animation === "object" && !this.matchMedia(REDUCED_MOTION).matches;
  }

  /**
   * Applies an update: `applyPatches(extraOptions)` applies its patches; with an animation, the options make
   * removals of elements with a transition wait for their exit, and what changed animates afterwards.
   */
  run(animation, patches, applyPatches) {
    if (!this.animates(animation)) return applyPatches({});
    const scope = Array.isArray(animation.scope)
      ? animation.scope.map((lid) => this.find(lid)).filter(Boolean)
      : null;
    const changed = new Map();
    for (const patch of patches) {
      if (patch.op !== OP.ATTRS && patch.op !== OP.TEXT) continue;
      const el = this.find(patch.id);
      if (el && !changed.has(el) && inScope(el, scope)) changed.set(el, this.snapshot(el));
    }
    const time = timing(animation);
    applyPatches({ willRemove: (el) => inScope(el, scope) && this.leave(el, time) });
    for (const patch of patches) {
      if (patch.op !== OP.INSERT && patch.op !== OP.REPLACE) continue;
      const el = this.find(lidOfHTML(patch.html));
      if (!el || !inScope(el, scope)) continue;
      const entering = el.hasAttribute(TRANSITION_ATTR) ? [el] : [...el.querySelectorAll(`[${TRANSITION_ATTR}]`)];
      for (const target of entering) this.enter(target, time);
    }
    for (const [el, before] of changed) {
      if (!el.isConnected) continue;
      const frames = changedFrames(before, this.snapshot(el));
      if (frames) el.animate(frames, time);
    }
  }

  /** Removes every element still leaving at once (before the page is replaced wholesale). */
  finishAll() {
    for (const el of [...this.leaving]) this.removeLeaving(el);
  }

  find(lid) {
    if (lid == null) return null;
    if (this.root.getAttribute(ATTR.LID) === lid) return this.root;
    return this.root.querySelector(`[${ATTR.LID}="${String(lid).replace(/["\\]/g, "\\$&")}"]`);
  }

  snapshot(el) {
    const computed = this.computedStyle(el);
    const values = {};
    for (const name of ANIMATED_PROPERTIES) values[name] = computed[name];
    return values;
  }

  enter(el, time) {
    const frame = effectFrame(parseTransition(el.getAttribute(TRANSITION_ATTR)), this.isRTL(el));
    if (Object.keys(frame).length === 0) return;
    el.animate([frame, restingFrame(frame, this.computedStyle(el))], time);
  }

  /** Takes over the removal of `el` when it has an exit transition: it stays until the exit ends. */
  leave(el, time) {
    const value = el.getAttribute(REMOVAL_ATTR) ?? el.getAttribute(TRANSITION_ATTR);
    if (value === null) return false;
    const frame = effectFrame(parseTransition(value), this.isRTL(el));
    if (Object.keys(frame).length === 0) return false;
    // No patch may find or count it any more: its lids go, and patch.js skips it among its siblings.
    for (const node of [el, ...el.querySelectorAll(`[${ATTR.LID}]`)]) node.removeAttribute(ATTR.LID);
    el.setAttribute(ATTR.LEAVING, "");
    el.setAttribute("aria-hidden", "true");
    el.inert = true;
    this.leaving.add(el);
    const exit = el.animate([restingFrame(frame, this.computedStyle(el)), frame], { ...time, iterations: 1, direction: "normal", fill: "forwards" });
    const done = () => this.removeLeaving(el);
    exit.onfinish = done;
    exit.oncancel = done;
    return true;
  }

  removeLeaving(el) {
    if (!this.leaving.delete(el)) return;
    el.parentNode?.removeChild(el);
  }

  isRTL(el) {
    return this.computedStyle(el).direction === "rtl";
  }
}
