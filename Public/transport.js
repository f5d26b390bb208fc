// Sends events to the server (POST /liveui/event), strictly one at a time and in order.
//
// Each event gets a `seq` when first sent and keeps it on every retry, so the server answers a retried event
// from its log instead of applying it twice (docs/ARCHITECTURE.md, "HTTP routes"); an event is never sent under a second seq. While the server is unreachable, events wait in the
// queue and are retried with back-off; after `giveUpMs` they fail visibly, never silently.

import { EVENT, HEADER, MEDIA, RELOAD_STATUSES, ROUTE, SESSION_ELSEWHERE, STALE_SEQ } from "./constants.js";

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const COALESCED = new Set([EVENT.INPUT, EVENT.SCROLL, EVENT.RANGE]);

export class Transport {
  /**
   * @param {object} o
   * @param {string} o.token  the page's `liveui-token`
   * @param {string} o.route  the graph's route
   * @param {string} [o.tab]  the tab's name, sent with each event (its stream names it too)
   * @param {(update: {version:number, patches:object[]}) => void} o.onUpdate
   * @param {(status: number, unsent: number) => void} o.onReload  the session is gone (410) or the token is bad (403)
   * @param {(online: boolean) => void} [o.onConnectivity]  false when a send failed for lack of a server
   * @param {(message: string, events: object[]) => void} o.onFailed  events that could not be applied
   * @param {() => void} [o.onStale]  the server no longer knew whether an event was applied: the page should resync
   * @param {() => void} [o.onElsewhere]  the event reached a server instance that does not hold the session (503
   *   `session_elsewhere`); it is retried, and the page's stream should follow it there
   */
  constructor(o) {
    this.token = o.token;
    this.route = o.route;
    this.tab = o.tab;
    this.onUpdate = o.onUpdate;
    this.onReload = o.onReload;
    this.onConnectivity = o.onConnectivity ?? (() => {});
    this.onFailed = o.onFailed;
    this.onStale = o.onStale ?? (() => {});
    this.onElsewhere = o.onElsewhere ?? (() => {});
    this.fetch = o.fetch ?? ((...args) => globalThis.fetch(...args));
    this.now = o.now ?? (() => Date.now());
    this.setTimeout = o.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimeout = o.clearTimeout ?? ((t) => clearTimeout(t));
    this.giveUpMs = o.giveUpMs ?? 30000;
    this.timeoutMs = o.timeoutMs ?? 10000;
    this.minDelay = o.minDelay ?? 250;
    this.maxDelay = o.maxDelay ?? 5000;
    this.queue = [];
    this.inFlight = false;
    this.retryTimer = null;
    this.delay = this.minDelay;
    this.lastSeq = 0;
    this.stopped = false;
  }

  /** Queues an event; consecutive input/scroll events for one target not yet sent are merged (latest value). */
  send(target, type, value) {
    if (this.stopped) return;
    const last = this.queue[this.queue.length - 1];
    // Only an event never sent may change: one that was sent keeps its seq and its value for retries.
    if (last && last.seq === undefined && COALESCED.has(type) && last.target === target && last.type === type) {
      last.value = value;
    } else {
      const event = { target, type };
      if (value !== undefined) event.value = value;
      this.queue.push(event);
    }
    this.pump();
  }

  /** True while an event for `target` (of `type`, if given) waits or is in flight. */
  hasPending(target, type) {
    return this.queue.some((e) => e.target === target && (type === undefined || e.type === type));
  }

  /** Retries now (the stream came back). */
  retryNow() {
    if (this.retryTimer === null) return;
    this.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.pump();
  }

  stop() {
    this.stopped = true;
    if (this.retryTimer !== null) this.clearTimeout(this.retryTimer);
  }

  // Sequence numbers grow per tab (the server keeps them per graph and tab name); they start from the clock, not
  // from 1, so that a client without a tab name (numbered per graph) never reuses a seq the server answered.
  nextSeq(bump = 1) {
    this.lastSeq = Math.max(this.lastSeq + bump, this.now());
    return this.lastSeq;
  }

  pump() {
    if (this.stopped || this.inFlight || this.retryTimer !== null || this.queue.length === 0) return;
    const event = this.queue[0];
    event.seq ??= this.nextSeq();
    this.inFlight = true;
    this.post(event).then(
      (outcome) => this.settle(event, outcome),
      (error) => this.settle(event, { retry: true, message: String(error) }),
    );
  }

  async post(event) {
    const controller = typeof AbortController === "function" ? new AbortController() : null;
    const timer = this.setTimeout(() => controller?.abort(), this.timeoutMs);
    try {
      const fields = { ...event, route: this.route };
      if (this.tab) fields.tab = this.tab;
      const body = JSON.stringify(fields);
      let response;
      try {
        response = await this.fetch(ROUTE.EVENT, {
          method: "POST",
          credentials: "same-origin",
          headers: { [HEADER.CONTENT_TYPE]: MEDIA.JSON, [HEADER.TOKEN]: this.token },
          body,
          signal: controller?.signal,
        });
      } catch (error) {
        return { retry: true, message: "the server cannot be reached" };
      }
      const payload = await response.json().catch(() => null);
      if (response.ok && payload && typeof payload.version === "number") return { update: payload };
      if (RELOAD_STATUSES.includes(response.status)) return { reload: response.status };
      if (RETRY_STATUSES.has(response.status)) {
        // 503 with Retry-After: the store is down, or another server instance still holds the session (its
        // lease lapses within 10 s); the event is retried with its seq once that time has passed.
        const seconds = Number.parseInt(response.headers?.get?.(HEADER.RETRY_AFTER) ?? "", 10);
        const retryAfterMs = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
        return {
          retry: true,
          retryAfterMs,
          elsewhere: payload?.error === SESSION_ELSEWHERE,
          message: payload?.message ?? `server busy (${response.status})`,
        };
      }
      if (response.status === 409 && payload?.error === STALE_SEQ) return { stale: true };
      return { fail: payload?.message ?? `the server refused the action (${response.status})` };
    } finally {
      this.clearTimeout(timer);
    }
  }

  settle(event, outcome) {
    this.inFlight = false;
    if (this.stopped) return;
    if (outcome.update) {
      this.queue.shift();
      this.delay = this.minDelay;
      this.onConnectivity(true);
      this.onUpdate(outcome.update);
    } else if (outcome.reload) {
      this.stop();
      this.onReload(outcome.reload, this.queue.length);
      return;
    } else if (outcome.stale) {
      // The server numbers seqs per tab: a stale seq was seen before and its answer is no longer kept, so the
      // event may well have been applied. Sending it again under a new seq could apply it twice: it is dropped,
      // reported, and the page resyncs to show what the server has.
      this.queue.shift();
      this.onFailed("the action may not have been applied; the page was refreshed", [event]);
      this.onStale();
    } else if (outcome.retry) {
      event.firstFailure ??= this.now();
      this.onConnectivity(false);
      if (outcome.elsewhere) this.onElsewhere();
      if (this.now() - event.firstFailure >= this.giveUpMs) {
        const failed = this.queue.splice(0);
        this.delay = this.minDelay;
        this.onFailed(`${failed.length} action${failed.length === 1 ? "" : "s"} could not be sent: ${outcome.message}`, failed);
        return;
      }
      const wait = Math.min(this.maxDelay, Math.max(this.delay, outcome.retryAfterMs ?? 0));
      this.retryTimer = this.setTimeout(() => {
        this.retryTimer = null;
        this.pump();
      }, wait);
      this.delay = Math.min(this.delay * 2, this.maxDelay);
      return;
    } else {
      this.queue.shift();
      this.onFailed(outcome.fail, [event]);
    }
    this.pump();
  }
}
