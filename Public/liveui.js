// LiveUI client runtime (entry). Wires the page to the server:
//   events.js    DOM events → LiveUI events (frame-throttled input/scroll, keyboard access)
//   transport.js POST /liveui/event, in order, retried with the same seq while the server is away
//   stream.js    GET /liveui/stream (patches and resets pushed by the server), reconnect with back-off
//   updates.js   applies each version once and in order, resyncs from GET /liveui/html on a gap
//   patch.js     applies patches to the DOM, keeping the focused input's value, caret and selection
//   lazy.js      lazy stacks: asks for the rows scrolled to, acts on scrollTo requests
//   animation.js plays an update's animation (transitions of inserted and removed elements, changed styles)
//   appearance.js sends the browser's color scheme, language and time zone to the root
// `#liveui-root[data-liveui-version]` always holds the last applied version.

import { ATTR, CLIENT, EVENT, HEADER, MEDIA, PAGE, RELOAD_STATUSES, ROUTE, ROUTE_PARAM, STREAM_EVENT } from "./constants.js";
import { applyDeferredValue, applyPatches, replaceRoot } from "./patch.js";
import { bindEvents, ensureKeyboardAccess } from "./events.js";
import { bindNavigation } from "./navigation.js";
import { bindDialogs } from "./dialogs.js";
import { applyServerFocus, bindControls, syncDatePickers } from "./controls.js";
import { startLazy } from "./lazy.js";
import { Transport } from "./transport.js";
import { Stream } from "./stream.js";
import { UpdateSequencer } from "./updates.js";
import { Animator } from "./animation.js";
import { watchEnvironment } from "./appearance.js";

const LOST_KEY = "liveui-lost-events";
const RELOAD_KEY = "liveui-reloaded-at";
const MIN_RELOAD_INTERVAL_MS = 3000;

function meta(name) {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? null;
}

function start() {
  const container = document.getElementById(PAGE.ROOT_ID);
  if (!container || container.liveui) return;
  const token = meta(PAGE.TOKEN_META) ?? "";
  const route = meta(PAGE.ROUTE_META) ?? location.pathname;
  const ui = statusUI();
  const deferred = new Set();
  const animator = new Animator(container);
  let reloading = false;

  const reload = (status, unsent = 0) => {
    if (reloading) return;
    reloading = true;
    transport.stop();
    stream.stop();
    try {
      if (unsent > 0) sessionStorage.setItem(LOST_KEY, String(unsent));
      const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
      const wait = Math.max(0, last + MIN_RELOAD_INTERVAL_MS - Date.now());
      // A server that keeps refusing must not put the tab into a reload loop.
      setTimeout(() => {
        sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
        location.reload();
      }, wait);
    } catch {
      location.reload();
    }
  };

  const patchOptions = () => ({
    focused: document.activeElement,
    isEditing: (el) => events.isEditing(el),
    deferred,
  });

  const setVersion = (version) => container.setAttribute(ATTR.VERSION, String(version));

  // Modules that follow the DOM after each update (history, title, dialogs); set once the transport exists.
  let followers = [];

  const focus = { last: null };
  const afterDomChange = () => {
    ensureKeyboardAccess(container);
    syncDatePickers(container);
    applyServerFocus(container, focus);
    reconcileDeferred();
    for (const follower of followers) follower.sync();
  };

  // Server values held back while the user typed land once they stopped (equal values never touch the caret).
  const reconcileDeferred = () => {
    for (const el of [...deferred]) {
      if (!el.isConnected) deferred.delete(el);
      else if (!events.isEditing(el)) {
        deferred.delete(el);
        applyDeferredValue(el, document.activeElement);
      }
    }
  };

  const resync = async () => {
    try {
      const url = `${ROUTE.HTML}?${ROUTE_PARAM}=${encodeURIComponent(route)}`;
      const response = await fetch(url, {
        credentials: "same-origin",
        cache: "no-store",
        headers: { [HEADER.ACCEPT]: `${MEDIA.HTML}, ${MEDIA.JSON};q=0.9`, [HEADER.TOKEN]: token },
      });
      if (RELOAD_STATUSES.includes(response.status)) return reload(response.status, 0);
      if (!response.ok) throw new Error(`html answered ${response.status}`);
      const { html, version } = await readHTML(response, updates.latest);
      animator.finishAll();
      replaceRoot(container, html, patchOptions());
      updates.reset(version); // calls `applied`, which refreshes keyboard access and deferred values
    } catch (error) {
      console.warn("LiveUI: resync failed", error);
      updates.resyncFailed();
    }
  };

  const updates = new UpdateSequencer({
    version: Number(container.getAttribute(ATTR.VERSION) ?? 0) || 0,
    apply: (patches, animation) => {
      if (animation) animator.run(animation, patches, (extra) => applyPatches(container, patches, { ...patchOptions(), ...extra }));
      else applyPatches(container, patches, patchOptions());
    },
    applied: (version) => {
      setVersion(version);
      afterDomChange();
    },
    resync: (reason) => {
      console.warn("LiveUI: resyncing the page", reason);
      resync();
    },
  });

  // The full HTML of `version` replaces the page: authoritative, even with a lower version (a server that
  // resumed the session numbers its updates afresh).
  const resetTo = ({ html, version }) => {
    try {
      animator.finishAll();
      replaceRoot(container, html, patchOptions());
      updates.restart(Number(version));
    } catch (error) {
      updates.startResync(error);
    }
  };

  // This tab's name: its stream leaves out the updates of its own events, which their answers bring.
  const tab = newTabName();
  const transport = new Transport({
    token,
    route,
    tab,
    onUpdate: (update) => {
      // An answer with the page's `html` (a retry of an event a restarted server had applied, whose answer was
      // lost) is authoritative, as a stream's reset is.
      if (typeof update.html === "string") resetTo(update);
      else updates.receive(update);
      reconcileDeferred();
    },
    onReload: reload,
    onConnectivity: (online) => {
      if (!online) ui.reconnecting(true);
      else if (stream.connected) ui.reconnecting(false);
      else stream.retryNow(); // the server answers again: do not wait for the stream's back-off
    },
    onStale: () => updates.startResync(new Error("an event's answer was no longer kept")),
    // Another instance holds the session, and keeps it while this page's stream is open there: the proxy now
    // sends this tab's requests elsewhere (the instance came back after a failover). Reconnecting the stream
    // through the proxy lets the holder give the session up, and the instance the event reached takes it over.
    onElsewhere: () => stream.restart(),
    onFailed: (message, failed) => {
      console.warn("LiveUI: events not applied", failed);
      ui.error(message);
      if (stream.connected) ui.reconnecting(false);
      reconcileDeferred();
    },
  });

  const stream = new Stream({
    route,
    tab,
    // Every connection asks for what changed since the last version applied (the first: since the page was
    // rendered); this tab's own updates come in its events' answers, so the stream's ids alone would lag.
    lastEventId: String(updates.version),
    lastVersion: () => String(updates.version),
    onEvent: ({ type, data }) => {
      let payload;
      try {
        payload = JSON.parse(data);
      } catch {
        console.warn("LiveUI: malformed stream data", data);
        return;
      }
      if (type === STREAM_EVENT.PATCH) updates.receive(payload);
      else if (type === STREAM_EVENT.RESET) resetTo(payload);
    },
    onOpen: () => {
      stream.connected = true;
      ui.reconnecting(false);
      transport.retryNow();
    },
    onDown: () => {
      stream.connected = false;
      ui.reconnecting(true);
    },
    onReload: (status) => reload(status, transport.queue.length),
  });

  const events = bindEvents(container, {
    send: (target, type, value) => transport.send(target, type, value),
    // Only text the server has not seen yet makes its value stale; a pending submit or click does not.
    isPending: (lid) => transport.hasPending(lid, EVENT.INPUT),
    onIdle: reconcileDeferred,
  });

  const send = (target, type, value) => transport.send(target, type, value);
  followers = [bindNavigation(container, { send }), bindDialogs(container, { send })];

  const lazy = startLazy(container, (target, value) => transport.send(target, EVENT.RANGE, value));

  container.liveui = { transport, stream, updates, events, lazy };
  bindControls(container);
  afterDomChange();
  setVersion(updates.version);
  stream.start();
  watchEnvironment((target, type, value) => transport.send(target, type, value));

  // The network is back: do not wait for the back-off.
  window.addEventListener("online", () => {
    stream.retryNow();
    transport.retryNow();
  });
  // Leaving the page frees the server's stream at once; a page restored from the back/forward cache reconnects
  // (Last-Event-ID brings what it missed).
  window.addEventListener("pagehide", () => stream.stop());
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !reloading) stream.start();
  });

  try {
    const lost = Number(sessionStorage.getItem(LOST_KEY) ?? 0);
    sessionStorage.removeItem(LOST_KEY);
    if (lost > 0) {
      ui.error(`${lost} action${lost === 1 ? " was" : "s were"} not applied: the session had ended, so the page was reloaded.`);
    }
  } catch {
    // Storage unavailable (privacy mode): nothing was stored either.
  }
}

async function readHTML(response, fallbackVersion) {
  const type = response.headers.get(HEADER.CONTENT_TYPE) ?? "";
  if (type.startsWith(MEDIA.JSON)) {
    const body = await response.json();
    return { html: body.html, version: Number.isFinite(body.version) ? body.version : fallbackVersion };
  }
  const header = Number.parseInt(response.headers.get(HEADER.VERSION) ?? "", 10);
  return { html: await response.text(), version: Number.isFinite(header) ? header : fallbackVersion };
}

// The reconnecting banner (shown by CSS only while <html> has the class) and the error box, outside the root.
function statusUI() {
  const html = document.documentElement;
  let banner = document.getElementById(CLIENT.BANNER_ID);
  if (!banner) {
    banner = document.createElement("div");
    banner.id = CLIENT.BANNER_ID;
    banner.className = "liveui-banner";
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "polite");
    banner.textContent = "Reconnecting…";
    document.body.append(banner);
  }
  let box = document.getElementById(CLIENT.ERROR_ID);
  if (!box) {
    box = document.createElement("div");
    box.id = CLIENT.ERROR_ID;
    box.className = "liveui-error";
    box.setAttribute("role", "alert");
    const text = document.createElement("span");
    const close = document.createElement("button");
    close.type = "button";
    close.className = "liveui-error-close";
    close.setAttribute("aria-label", "Dismiss");
    close.textContent = "×";
    close.addEventListener("click", () => html.classList.remove(CLIENT.ERROR_VISIBLE_CLASS));
    box.append(text, close);
    document.body.append(box);
  }
  let errorTimer = null;
  return {
    reconnecting(on) {
      html.classList.toggle(CLIENT.RECONNECTING_CLASS, on);
    },
    error(message) {
      box.firstChild.textContent = message;
      html.classList.add(CLIENT.ERROR_VISIBLE_CLASS);
      clearTimeout(errorTimer);
      errorTimer = setTimeout(() => html.classList.remove(CLIENT.ERROR_VISIBLE_CLASS), 15000);
    },
  };
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();

/** 24 random hex digits naming this tab (the server accepts 1–64 letters, digits, `-`, `_`). */
function newTabName() {
  const bytes = new Uint8Array(12);
  if (globalThis.crypto?.getRandomValues) globalThis.crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
