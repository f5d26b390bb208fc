// Puts navigation stacks on the browser's history and keeps the page's title.
//
// The outermost `.lui-nav[data-nav]` holds its path as JSON. When the server pushes, a history entry
// with `?nav=<path>` is added; when it pops to a path this tab showed before, the tab goes back to that
// entry, so Forward works as after Back. Back and Forward send `navigate` to the stack (the server only
// goes to paths it showed); a page opened with `?nav=` the server does not show sends `restore`.
// After every update `document.title` follows the innermost visible `[data-lui-title]`.

import { ATTR, NAV } from "./constants.js";

/**
 * @param {Element} container  `#liveui-root`
 * @param {object} o
 * @param {(target: string, type: string, value?: string) => void} o.send
 * @returns {{sync(): void, destroy(): void}}
 */
export function bindNavigation(container, o) {
  const doc = container.ownerDocument;
  const win = doc.defaultView ?? globalThis;
  const history = win.history;
  const baseTitle = doc.title;

  const stack = () => container.querySelector(NAV.STACK_SELECTOR);
  const urlPath = () => new URL(win.location.href).searchParams.get(NAV.PARAM);
  const urlFor = (nav) => {
    const url = new URL(win.location.href);
    if (nav === NAV.EMPTY) url.searchParams.delete(NAV.PARAM);
    else url.searchParams.set(NAV.PARAM, nav);
    return url.pathname + url.search + url.hash;
  };
  const state = () => history.state ?? {};

  const syncTitle = () => {
    let title = null;
    for (const el of container.querySelectorAll(`[${NAV.TITLE_ATTR}]`)) {
      if (!el.closest("[hidden]")) title = el.getAttribute(NAV.TITLE_ATTR);
    }
    const next = title ?? baseTitle;
    if (doc.title !== next) doc.title = next;
  };

  const sync = () => {
    syncTitle();
    const el = stack();
    if (!el) return;
    const nav = el.getAttribute(NAV.PATH_ATTR) ?? NAV.EMPTY;
    const shown = state()[NAV.STATE_PATH] ?? urlPath() ?? NAV.EMPTY;
    if (nav === shown) return;
    const trail = state()[NAV.STATE_TRAIL] ?? [];
    const back = trail.lastIndexOf(nav);
    if (back >= 0) {
      // The server popped to a path this tab showed: go back to its entry (Forward then pushes again).
      history.go(back - trail.length);
      return;
    }
    history.pushState({ [NAV.STATE_PATH]: nav, [NAV.STATE_TRAIL]: [...trail, shown] }, "", urlFor(nav));
  };

  const onPopState = (event) => {
    const el = stack();
    if (!el) return;
    const target = event.state?.[NAV.STATE_PATH] ?? urlPath() ?? NAV.EMPTY;
    if (target === el.getAttribute(NAV.PATH_ATTR)) return;
    o.send(el.getAttribute(ATTR.LID), NAV.NAVIGATE_EVENT, target);
  };

  // The page as loaded: a URL path the server does not show is restored; no URL path shows the server's.
  const start = () => {
    const el = stack();
    syncTitle();
    if (!el) return;
    const nav = el.getAttribute(NAV.PATH_ATTR) ?? NAV.EMPTY;
    const wanted = urlPath();
    if (wanted !== null && wanted !== nav) {
      history.replaceState({ ...state(), [NAV.STATE_PATH]: wanted, [NAV.STATE_TRAIL]: state()[NAV.STATE_TRAIL] ?? [] }, "");
      o.send(el.getAttribute(ATTR.LID), NAV.RESTORE_EVENT, wanted);
    } else {
      history.replaceState({ ...state(), [NAV.STATE_PATH]: nav, [NAV.STATE_TRAIL]: state()[NAV.STATE_TRAIL] ?? [] }, "", urlFor(nav));
    }
  };

  win.addEventListener("popstate", onPopState);
  start();
  return {
    sync,
    destroy() {
      win.removeEventListener("popstate", onPopState);
    },
  };
}
