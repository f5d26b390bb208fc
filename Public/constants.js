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

/** Attributes and markers of the server's HTML. */
export const ATTR = Object.freeze({
  LID: "data-lid",
  ON: "data-on",
  VERSION: "data-liveui-version",
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
 * Attributes the client adds to server-rendered elements (keyboard access for non-native click targets).
 * Tests that compare the browser's DOM with `GET /liveui/html` ignore these.
 */
export const CLIENT_OWNED_ATTRS = Object.freeze(["tabindex"]);
