// Lazy stacks (`[data-lazy]`, LazyVStack/LazyHStack/long Lists): the server sends a window of rows
// (`data-window="start-end"` of `data-rows`) between two spacers that stand for the rest (`--lui-rows`).
// This module asks for the rows near the viewport as the page scrolls (a `range` event, `start-end`), and acts
// on scroll requests (`data-scroll-to="<lid or row> <block> <serial>"`, ScrollViewProxy.scrollTo).
//
// The row size the spacers multiply by (`--lui-row-size`) is measured from the rows sent and set per stack in
// a stylesheet of the client's own, never on the server's elements: the DOM stays exactly the server's HTML.

const SPACER = "lui-lazy-spacer";
/** Rows asked for beyond those visible, on each side, as a share of the visible rows (at least MIN_PAD). */
const PAD_SHARE = 1;
const MIN_PAD = 10;
/** The most rows one `range` event may ask for (the server refuses more). */
const MAX_ROWS = 500;

/**
 * Starts watching the lazy stacks under `container`.
 * @param {Element} container  `#liveui-root`
 * @param {(lid: string, range: string) => void} sendRange  posts a `range` event
 * @returns {{check: () => void}}  `check` looks at every stack again (tests, after a resize)
 */
export function startLazy(container, sendRange) {
  const sizes = new Map(); // lid → measured row size (px)
  const asked = new Map(); // lid → the range last asked for, not yet shown
  const sheet = makeSheet();
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      for (const el of container.querySelectorAll("[data-lazy]")) check(el);
    });
  };

  const writeSizes = () => {
    if (!sheet) return;
    const rules = [...sizes].map(([lid, size]) => `[data-lid="${lid}"]{--lui-row-size:${size.toFixed(2)}px}`);
    sheet.replaceSync(rules.join("\n"));
  };

  const check = (el) => {
    const lid = el.getAttribute("data-lid");
    const window = parseRange(el.getAttribute("data-window"));
    const total = Number(el.getAttribute("data-rows"));
    if (!lid || !window || !Number.isFinite(total)) return;
    const vertical = el.getAttribute("data-lazy") !== "h";
    const size = measure(el, vertical);
    if (size && Math.abs((sizes.get(lid) ?? 0) - size) > 0.5) {
      sizes.set(lid, size);
      writeSizes();
    }
    const stride = sizes.get(lid);
    if (!stride) return;
    const box = el.getBoundingClientRect();
    const view = viewportOf(el);
    const from = vertical ? view.top - box.top : view.left - box.left;
    const to = vertical ? view.bottom - box.top : view.right - box.left;
    if (to <= 0 || from >= (vertical ? box.height : box.width)) return; // not on screen
    const first = clamp(Math.floor(Math.max(from, 0) / stride), 0, total);
    const last = clamp(Math.ceil(to / stride), first, total);
    if (first >= window[0] && last <= window[1]) {
      asked.delete(lid);
      return;
    }
    const pad = Math.max(MIN_PAD, Math.ceil((last - first) * PAD_SHARE));
    let start = Math.max(0, first - pad);
    let end = Math.min(total, last + pad);
    if (end - start > MAX_ROWS) end = start + MAX_ROWS;
    if (end <= start) return;
    const range = `${start}-${end}`;
    if (asked.get(lid) === range || (start === window[0] && end === window[1])) return;
    asked.set(lid, range);
    sendRange(lid, range);
  };

  const scrollTo = (el, value) => {
    const [target, block] = value.split(" ");
    let row = null;
    if (/^\d+$/.test(target)) {
      const window = parseRange(el.getAttribute("data-window"));
      const index = Number(target);
      if (window && index >= window[0] && index < window[1]) row = el.children[1 + index - window[0]];
    } else {
      row = container.querySelector(`[data-lid="${CSS.escape(target)}"]`);
    }
    row?.scrollIntoView({ block: block || "nearest", inline: "nearest" });
  };

  const spacers = new IntersectionObserver(schedule, { rootMargin: "50%" });
  const observeSpacers = () => {
    spacers.disconnect();
    for (const spacer of container.querySelectorAll(`[data-lazy] > .${SPACER}`)) spacers.observe(spacer);
  };

  new MutationObserver((records) => {
    let structure = false;
    for (const record of records) {
      if (record.type === "childList") structure = true;
      else if (record.attributeName === "data-scroll-to") {
        const value = record.target.getAttribute("data-scroll-to");
        if (value && value !== record.oldValue) scrollTo(record.target, value);
      }
    }
    if (structure) observeSpacers();
    schedule();
  }).observe(container, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeOldValue: true,
    attributeFilter: ["data-window", "data-rows", "data-scroll-to"],
  });
  document.addEventListener("scroll", schedule, { capture: true, passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  observeSpacers();
  schedule();
  return { check: schedule };
}

/** `[start, end]` of `start-end`, or null. */
function parseRange(text) {
  const m = /^(\d+)-(\d+)$/.exec(text ?? "");
  return m ? [Number(m[1]), Number(m[2])] : null;
}

function clamp(value, low, high) {
  return Math.min(Math.max(value, low), high);
}

/** The average size of a row sent, gap included; null without rows on screen. */
function measure(el, vertical) {
  const rows = [...el.children].filter((child) => !child.classList.contains(SPACER));
  if (rows.length === 0) return null;
  const a = rows[0].getBoundingClientRect();
  const b = rows[rows.length - 1].getBoundingClientRect();
  const style = getComputedStyle(el);
  const gap = parseFloat(vertical ? style.rowGap : style.columnGap) || 0;
  const span = vertical ? b.bottom - a.top : b.right - a.left;
  return span > 0 ? (span + gap) / rows.length : null;
}

/** The visible part of the nearest scrolling ancestor of `el` (the window when none). */
function viewportOf(el) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (/(auto|scroll)/.test(style.overflowY + style.overflowX) && node !== document.body) {
      const r = node.getBoundingClientRect();
      return { top: Math.max(r.top, 0), left: Math.max(r.left, 0), bottom: Math.min(r.bottom, innerHeight), right: Math.min(r.right, innerWidth) };
    }
  }
  return { top: 0, left: 0, bottom: innerHeight, right: innerWidth };
}

/** A stylesheet of the client's own (constructed: allowed by the page's CSP), or null where unsupported. */
function makeSheet() {
  try {
    const sheet = new CSSStyleSheet();
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  } catch {
    return null;
  }
}
