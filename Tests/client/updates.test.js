// Tests for Public/updates.js: each version applied once, in order, from two channels.
import { test } from "node:test";
import assert from "node:assert/strict";
import { UpdateSequencer } from "../../Public/updates.js";

function harness(version = 5, apply = () => {}) {
  const log = { applied: [], patches: [], resyncs: 0, timers: [] };
  const seq = new UpdateSequencer({
    version,
    apply: (p) => {
      apply(p);
      log.patches.push(p);
    },
    applied: (v) => log.applied.push(v),
    resync: () => log.resyncs++,
    setTimeout: (fn, ms) => {
      const t = { fn, ms, cleared: false };
      log.timers.push(t);
      return t;
    },
    clearTimeout: (t) => {
      if (t) t.cleared = true;
    },
  });
  const fire = () => log.timers.filter((t) => !t.cleared && !t.fired).forEach((t) => ((t.fired = true), t.fn()));
  return { seq, log, fire };
}

test("the next version applies; older and equal ones are ignored", () => {
  const { seq, log } = harness(5);
  seq.receive({ version: 6, patches: ["a"] });
  seq.receive({ version: 6, patches: ["dup"] });
  seq.receive({ version: 4, patches: ["old"] });
  assert.deepEqual(log.patches, [["a"]]);
  assert.deepEqual(log.applied, [6]);
  assert.equal(seq.version, 6);
});

test("an update ahead of a missing one waits for it, then both apply in order", () => {
  const { seq, log } = harness(5);
  seq.receive({ version: 7, patches: ["b"] });
  assert.deepEqual(log.patches, []);
  seq.receive({ version: 6, patches: ["a"] });
  assert.deepEqual(log.patches, [["a"], ["b"]]);
  assert.deepEqual(log.applied, [6, 7]);
  assert.equal(log.timers.at(-1).cleared, true);
  assert.equal(log.resyncs, 0);
});

test("a gap not filled in time triggers a resync", () => {
  const { seq, log, fire } = harness(5);
  seq.receive({ version: 8, patches: ["c"] });
  fire();
  assert.equal(log.resyncs, 1);
  seq.reset(9);
  assert.equal(seq.version, 9);
  assert.equal(seq.pending.size, 0);
  assert.deepEqual(log.applied, [9]);
});

test("a resync without a version assumes the newest one seen and keeps later buffered updates", () => {
  const { seq, log } = harness(5);
  seq.receive({ version: 8, patches: ["c"] });
  seq.startResync();
  seq.receive({ version: 10, patches: ["e"] });
  seq.reset(undefined);
  assert.equal(seq.version, 10);
  assert.deepEqual(log.patches, []);
});

test("updates buffered during a resync apply after it", () => {
  const { seq, log } = harness(5);
  seq.startResync();
  seq.receive({ version: 6, patches: ["a"] });
  seq.receive({ version: 7, patches: ["b"] });
  assert.deepEqual(log.patches, []);
  seq.reset(6);
  assert.deepEqual(log.patches, [["b"]]);
  assert.equal(seq.version, 7);
});

test("patches that do not fit the DOM trigger a resync and the version does not advance", () => {
  const { seq, log } = harness(5, () => {
    throw new Error("no element");
  });
  seq.receive({ version: 6, patches: ["x"] });
  assert.equal(log.resyncs, 1);
  assert.equal(seq.version, 5);
});

test("a failed resync is retried", () => {
  const { seq, log, fire } = harness(5);
  seq.startResync();
  seq.resyncFailed(10);
  assert.equal(log.resyncs, 1);
  fire();
  assert.equal(log.resyncs, 2);
});

test("a stream reset is authoritative even with a lower version (server restarted)", () => {
  const { seq, log } = harness(40);
  seq.receive({ version: 39, patches: ["old"] });
  seq.restart(2);
  assert.equal(seq.version, 2);
  assert.equal(seq.pending.size, 0);
  seq.receive({ version: 3, patches: ["y"] });
  assert.deepEqual(log.patches, [["y"]]);
});

test("an event's answer that overtook the reset of a resumed session applies after it", () => {
  // The page had version 3 from the dead instance; the survivor resumed the session at 1000 and answered the
  // page's click with 1001 before the reconnected stream's reset of 1000 arrived.
  const { seq, log, fire } = harness(3);
  seq.receive({ version: 1001, patches: ["click"] });
  seq.restart(1000);
  assert.equal(seq.version, 1001);
  assert.deepEqual(log.patches, [["click"]]);
  assert.deepEqual(log.applied, [1000, 1001]);
  fire();
  assert.equal(log.resyncs, 0);
});
