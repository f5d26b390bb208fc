// Wire names of the LiveUI protocol, spelled once on the client side.
// The server spells the same names once too (Patch.swift's coding keys); docs/ARCHITECTURE.md ("Wire format") is the contract.

/** Patch operations (docs/ARCHITECTURE.md, "Patches"). */
export const OP = Object.freeze({
  TEXT: "text",
  ATTRS: "attrs",
  REPLACE: "replace",
  INSERT: "insert",
  REMOVE: "remove",
  MOVE: "move",
});

/** Event types an element can ask for in `data-on`. */
export const EVENT = Object.freeze({
  CLICK: "click",
  INPUT: "input",
  CHANGE: "change",
  SUBMIT: "submit",
  SCROLL: "scroll",
  /** Focus gained (`"true"`) or lost (`"false"`). */
  FOCUS: "focus",
  /** Not in `data-on`: a lazy stack's client asks for the rows `start-end` (Public/lazy.js). */
  RANGE: "range",
  /** To the root, sent by the client itself: the browser's color scheme, language and time zone (appearance.js). */
  ENVIRONMENT: "environment",
});

/** Server-sent event names on the stream. */
export const STREAM_EVENT = Object.freeze({
  PATCH: "patch",
  RESET: "reset",
});

/** HTTP routes (docs/ARCHITECTURE.md, "HTTP routes"). */
export const ROUTE = Object.freeze({
  EVENT: "/liveui/event",
  STREAM: "/liveui/stream",
  HTML: "/liveui/html",
});

/** HTTP header names. */
export const HEADER = Object.freeze({
  TOKEN: "X-LiveUI-Token",
  CONTENT_TYPE: "Content-Type",
  LAST_EVENT_ID: "Last-Event-ID",
  ACCEPT: "Accept",
  /** On `GET /liveui/html`: the version of the HTML in the body. */
  VERSION: "X-LiveUI-Version",
  /** On 429 and 503: seconds before a retry may succeed (a store down, a session held by another instance). */
  RETRY_AFTER: "Retry-After",
});

/** Media types. */
export const MEDIA = Object.freeze({
  JSON: "application/json",
  HTML: "text/html",
  EVENT_STREAM: "text/event-stream",
});

/** Query parameter naming the graph. */
export const ROUTE_PARAM = "route";

/**
 * Query parameter (on the stream) and event field naming the tab: the stream then leaves out the updates of
 * the tab's own events, which their answers carry (1–64 letters, digits, `-`, `_`).
 */
export const TAB_PARAM = "tab";

/** Statuses after which the page must be reloaded to get a fresh session. */
export const RELOAD_STATUSES = Object.freeze([403, 410]);

/** Error code the server answers (409) for an event whose seq is older than the graph's last one. */
export const STALE_SEQ = "stale_seq";
/** The `error` of a 503 for a session another server instance holds (it keeps it while the page's stream is open there). */
export const SESSION_ELSEWHERE = "session_elsewhere";

/** Attributes and markers of the server's HTML. */
export const ATTR = Object.freeze({
  LID: "data-lid",
  ON: "data-on",
  VERSION: "data-liveui-version",
  /** The element the server gives the browser's focus (`@FocusState`). */
  FOCUSED: "data-focused",
  /** A date picker's instant, ISO 8601 in UTC. */
  INSTANT: "data-instant",
  /** A keyboard shortcut that clicks its element. */
  SHORTCUT: "aria-keyshortcuts",
  /** On an element whose removal waits for its exit animation (animation.js): not one of the server's children. */
  LEAVING: "data-lui-leaving",
});

/** Meta tags and element ids of the page. */
export const PAGE = Object.freeze({
  TOKEN_META: "liveui-token",
  ROUTE_META: "liveui-route",
  ROOT_ID: "liveui-root",
  ROOT_LID: "root",
});

/** Classes and ids the client itself adds outside `#liveui-root`. */
export const CLIENT = Object.freeze({
  RECONNECTING_CLASS: "liveui-reconnecting",
  BANNER_ID: "liveui-banner",
  ERROR_ID: "liveui-error",
  ERROR_VISIBLE_CLASS: "liveui-has-error",
});

/**
 * Attributes the client adds to server-rendered elements (keyboard access for non-native click targets; a
 * menu's disclosure, which is the browser's own). Tests that compare the browser's DOM with `GET /liveui/html`
 * ignore these.
 */
export const CLIENT_OWNED_ATTRS = Object.freeze(["tabindex", "open"]);

/** Navigation on the browser's history (navigation.js) and the page's title. */
export const NAV = Object.freeze({
  /** The query parameter holding a stack's path (a JSON array). */
  PARAM: "nav",
  EMPTY: "[]",
  STACK_SELECTOR: ".lui-nav[data-nav]",
  PATH_ATTR: "data-nav",
  TITLE_ATTR: "data-lui-title",
  /** Events sent to the stack: Back/Forward to a path it showed, and a URL's path to open. */
  NAVIGATE_EVENT: "navigate",
  RESTORE_EVENT: "restore",
  /** Keys of `history.state`. */
  STATE_PATH: "liveuiNav",
  STATE_TRAIL: "liveuiTrail",
});

/** Dialogs (dialogs.js): sheets, covers, popovers, alerts and confirmation dialogs. */
export const DIALOG = Object.freeze({
  SELECTOR: "dialog[data-lui-dialog]",
  KIND_ATTR: "data-lui-dialog",
  /** A full-screen cover has no outside to click. */
  COVER: "cover",
  /** Sent to the dialog when the user closes it (Escape, a click outside). */
  DISMISS_EVENT: "dismiss",
});
