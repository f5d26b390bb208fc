// The server-sent event stream (GET /liveui/stream), read with fetch so the client controls reconnection:
// it sends `Last-Event-ID` itself on every reconnect (the server replays or resets), backs off from 250 ms to 5 s,
// and reports when it is down and when it is back. `Last-Event-ID` is the last version the page applied from
// either channel (its own events' updates come in their answers, not on its stream), so a reconnect replays
// only what the page lacks. A connection that ends before bringing an event, soon after it opened, counts as
// a failure: repeated, the back-off grows instead of reconnecting every 250 ms.

import { HEADER, MEDIA, RELOAD_STATUSES, ROUTE, ROUTE_PARAM, TAB_PARAM } from "./constants.js";

/**
 * An incremental parser for the `text/event-stream` format (HTML standard, "server-sent events").
 * `feed(text)` takes any chunk of the stream; `onEvent({type, data, id})` is called per complete event.
 */
export class SSEParser {
  constructor(onEvent) {
    this.onEvent = onEvent;
    this.buffer = "";
    this.data = [];
    this.type = "";
    this.lastEventId = "";
  }

  feed(text) {
    this.buffer += text;
    let start = 0;
    for (;;) {
      const match = /\r\n|\r|\n/g;
      match.lastIndex = start;
      const found = match.exec(this.buffer);
      if (!found) break;
      // A lone CR at the end of a chunk may be the first half of CRLF: wait for the next chunk.
      if (found[0] === "\r" && found.index === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, found.index));
      start = found.index + found[0].length;
    }
    this.buffer = this.buffer.slice(start);
  }

  line(line) {
    if (line === "") return this.dispatch();
    if (line.startsWith(":")) return; // comment: heartbeats
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "data") this.data.push(value);
    else if (field === "event") this.type = value;
    else if (field === "id" && !value.includes("\0")) this.lastEventId = value;
  }

  dispatch() {
    const type = this.type || "message";
    const data = this.data;
    this.type = "";
    this.data = [];
    if (data.length === 0) return;
    this.onEvent({ type, data: data.join("\n"), id: this.lastEventId });
  }
}

/** The back-off before reconnect attempt `n` (0-based): 250 ms doubling, at most 5 s. */
export function backoff(n, min = 250, max = 5000) {
  return Math.min(min * 2 ** Math.min(n, 20), max);
}

export class Stream {
  /**
   * @param {object} o
   * @param {string} o.route
   * @param {string} [o.tab]  the tab's name: the stream leaves out the updates of this tab's own events
   * @param {(event: {type: string, data: string, id: string}) => void} o.onEvent
   * @param {() => void} o.onOpen  connected (again)
   * @param {() => void} o.onDown  the connection failed or dropped; a reconnect is scheduled
   * @param {(status: number) => void} o.onReload  the session is gone (410) or the token refused (403)
   * @param {() => string} [o.lastVersion]  the last version the page applied, sent as Last-Event-ID on reconnect
   */
  constructor(o) {
    this.route = o.route;
    this.tab = o.tab;
    this.onEvent = o.onEvent;
    this.onOpen = o.onOpen;
    this.onDown = o.onDown;
    this.onReload = o.onReload;
    this.fetch = o.fetch ?? ((...args) => globalThis.fetch(...args));
    this.idleMs = o.idleMs ?? 45000; // no byte (not even a heartbeat) for this long: the connection is dead
    this.lastEventId = o.lastEventId ?? "";
    this.lastVersion = o.lastVersion ?? null;
    this.now = o.now ?? (() => Date.now());
    this.setTimeout = o.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimeout = o.clearTimeout ?? ((t) => clearTimeout(t));
    this.healthyMs = o.healthyMs ?? 30000; // a connection that lasted this long was healthy, even without events
    this.attempt = 0;
    this.controller = null;
    this.timer = null;
    this.stopped = false;
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.clearTimeout(this.timer);
    this.controller?.abort();
  }

  /** If waiting to reconnect, reconnects now. */
  retryNow() {
    if (this.stopped || this.timer === null) return;
    this.clearTimeout(this.timer);
    this.timer = null;
    this.connect();
  }

  /** Drops the connection and connects again at once (sending Last-Event-ID). */
  restart() {
    if (this.stopped) return;
    this.clearTimeout(this.timer);
    this.controller?.abort();
    this.attempt = 0;
    this.connect();
  }

  async connect() {
    const controller = new AbortController();
    this.controller = controller;
    let watchdog = null;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => controller.abort(), this.idleMs);
    };
    try {
      arm();
      const headers = { [HEADER.ACCEPT]: MEDIA.EVENT_STREAM };
      const last = this.lastVersion?.() || this.lastEventId;
      if (last) headers[HEADER.LAST_EVENT_ID] = last;
      let url = `${ROUTE.STREAM}?${ROUTE_PARAM}=${encodeURIComponent(this.route)}`;
      if (this.tab) url += `&${TAB_PARAM}=${encodeURIComponent(this.tab)}`;
      const response = await this.fetch(url, { headers, credentials: "same-origin", cache: "no-store", signal: controller.signal });
      if (RELOAD_STATUSES.includes(response.status)) {
        this.stopped = true;
        this.onReload(response.status);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      const opened = this.now();
      this.onOpen();
      const parser = new SSEParser((event) => {
        this.attempt = 0;
        this.lastEventId = event.id;
        this.onEvent(event);
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        arm();
        parser.feed(decoder.decode(value, { stream: true }));
      }
      if (this.now() - opened >= this.healthyMs) this.attempt = 0;
    } catch {
      // Network error, abort by the watchdog or by restart(): handled below.
    } finally {
      clearTimeout(watchdog);
    }
    if (this.stopped || this.controller !== controller) return;
    this.onDown();
    this.timer = this.setTimeout(() => {
      this.timer = null;
      this.connect();
    }, backoff(this.attempt++));
  }
}
