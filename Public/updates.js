// Orders the updates that reach the page through two channels (event answers and the stream) by version:
// each version is applied exactly once and in order; older ones are ignored; a gap that the other channel
// does not fill within `gapMs` (or a patch that does not fit the DOM) triggers a full resync.

export class UpdateSequencer {
  /**
   * @param {object} o
   * @param {number} o.version  the version of the HTML the page was served with
   * @param {(patches: object[], animation?: object) => void} o.apply  applies one update's patches (with the
   *   update's `animation`, if any); throws when they do not fit
   * @param {(version: number) => void} o.applied  called after each version is applied (and after a reset)
   * @param {() => void} o.resync  fetches the full HTML and calls `reset`
   */
  constructor(o) {
    this.version = o.version;
    this.apply = o.apply;
    this.applied = o.applied ?? (() => {});
    this.resync = o.resync;
    this.gapMs = o.gapMs ?? 1000;
    this.setTimeout = o.setTimeout ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimeout = o.clearTimeout ?? ((t) => clearTimeout(t));
    this.pending = new Map();
    this.gapTimer = null;
    this.resyncing = false;
  }

  /** An update `{version, patches, animation?}` from either channel. */
  receive(update) {
    const version = Number(update?.version);
    if (!Number.isFinite(version) || version <= this.version) return;
    this.pending.set(version, update);
    this.drain();
  }

  /** The full HTML of `version` replaced the page (stream reset or resync); later buffered updates still apply. */
  reset(version) {
    this.resyncing = false;
    if (Number.isFinite(version)) this.version = version;
    else this.version = Math.max(this.version, ...this.pending.keys());
    for (const v of [...this.pending.keys()]) if (v <= this.version) this.pending.delete(v);
    this.applied(this.version);
    this.drain();
  }

  /**
   * A stream reset: authoritative even when its version is lower than the page's (a server that resumed the
   * session numbers its updates afresh, above every version an earlier process sent). Buffered updates at or
   * below it are dropped; those above it are the resumed graph's own and still apply: an event's answer can
   * overtake the reset of the stream that reconnected to the same server, and the stream never repeats it.
   */
  restart(version) {
    this.clearGap();
    this.version = Number.isFinite(version) ? version : 0;
    this.reset(this.version);
  }

  /** The highest version seen so far, applied or buffered. */
  get latest() {
    return Math.max(this.version, ...this.pending.keys());
  }

  drain() {
    if (this.resyncing) return;
    while (this.pending.has(this.version + 1)) {
      const next = this.version + 1;
      const update = this.pending.get(next);
      this.pending.delete(next);
      try {
        if (update.animation) this.apply(update.patches ?? [], update.animation);
        else this.apply(update.patches ?? []);
      } catch (error) {
        this.startResync(error);
        return;
      }
      this.version = next;
      this.applied(next);
    }
    if (this.pending.size === 0) {
      this.clearGap();
    } else if (this.gapTimer === null) {
      this.gapTimer = this.setTimeout(() => {
        this.gapTimer = null;
        if (this.pending.size > 0) this.startResync(new Error("missing versions"));
      }, this.gapMs);
    }
  }

  startResync(reason) {
    this.clearGap();
    if (this.resyncing) return;
    this.resyncing = true;
    this.resync(reason);
  }

  /** The resync failed (server away): keep buffering and try again after `retryMs`, unless a reset comes first. */
  resyncFailed(retryMs = 2000) {
    this.resyncing = false;
    this.clearGap();
    this.gapTimer = this.setTimeout(() => {
      this.gapTimer = null;
      this.startResync(new Error("retry"));
    }, retryMs);
  }

  clearGap() {
    if (this.gapTimer !== null) this.clearTimeout(this.gapTimer);
    this.gapTimer = null;
  }
}
