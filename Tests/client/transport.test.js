// Tests for Public/transport.js with a fake fetch and a manual clock.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Transport } from "../../Public/transport.js";

const tick = () => new Promise((resolve) => setImmediate(resolve));

function response(status, body) {
  return { ok: status >= 200 && status < 300, status, json: async () => body };
}

function harness(answers) {
  const log = { requests: [], updates: [], failed: [], reloads: [], connectivity: [], timers: [] };
  let time = 1_000_000;
  const transport = new Transport({
    token: "tok",
    route: "/counter",
    fetch: async (url, init) => {
      const body = JSON.parse(init.body);
      log.requests.push({ url, init, body });
      const answer = answers.shift();
      if (!answer) return response(200, { version: log.requests.length, seq: body.seq, patches: [] });
      if (answer === "down") throw new TypeError("Failed to fetch");
      return typeof answer === "function" ? answer(body) : answer;
    },
    onUpdate: (u) => log.updates.push(u),
    onFailed: (message, events) => log.failed.push({ message, events }),
    onReload: (status, unsent) => log.reloads.push({ status, unsent }),
    onConnectivity: (online) => log.connectivity.push(online),
    onElsewhere: () => (log.elsewhere = (log.elsewhere ?? 0) + 1),
    now: () => time,
    setTimeout: (fn, ms) => {
      const t = { fn, ms };
      log.timers.push(t);
      return t;
    },
    clearTimeout: (t) => {
      if (t) t.cleared = true;
    },
    giveUpMs: 10_000,
  });
  const retry = async () => {
    const pending = log.timers.filter((t) => !t.cleared && !t.fired && t.ms >= 250 && t.ms <= 5000);
    for (const t of pending) {
      t.fired = true;
      t.fn();
    }
    await tick();
    await tick();
  };
  return { transport, log, retry, advance: (ms) => (time += ms) };
}

test("posts the contract's JSON body and headers", async () => {
  const { transport, log } = harness([]);
  transport.send("k3", "click");
  await tick();
  const [request] = log.requests;
  assert.equal(request.url, "/liveui/event");
  assert.equal(request.init.method, "POST");
  assert.equal(request.init.credentials, "same-origin");
  assert.equal(request.init.headers["Content-Type"], "application/json");
  assert.equal(request.init.headers["X-LiveUI-Token"], "tok");
  assert.deepEqual(Object.keys(request.body).sort(), ["route", "seq", "target", "type"]);
  assert.equal(request.body.route, "/counter");
  assert.equal(log.updates.length, 1);
});

test("a tab's name goes with each of its events", async () => {
  const log = { requests: [] };
  const transport = new Transport({
    token: "tok",
    route: "/counter",
    tab: "3f9a0c",
    fetch: async (url, init) => {
      const body = JSON.parse(init.body);
      log.requests.push(body);
      return response(200, { version: log.requests.length, seq: body.seq, patches: [] });
    },
    onUpdate: () => {},
    onFailed: () => {},
    onReload: () => {},
  });
  transport.send("k3", "click");
  await tick();
  transport.send("k4", "input", "x");
  await tick();
  assert.deepEqual(log.requests.map((b) => b.tab), ["3f9a0c", "3f9a0c"]);
  assert.deepEqual(Object.keys(log.requests[0]).sort(), ["route", "seq", "tab", "target", "type"]);
});

test("events are sent one at a time, in order, with increasing seq", async () => {
  const { transport, log } = harness([]);
  transport.send("a", "click");
  transport.send("b", "change", "true");
  transport.send("c", "submit");
  assert.equal(log.requests.length, 1); // the rest wait for the answer
  for (let i = 0; i < 6; i++) await tick();
  assert.deepEqual(log.requests.map((r) => r.body.target), ["a", "b", "c"]);
  const seqs = log.requests.map((r) => r.body.seq);
  assert.ok(seqs[0] < seqs[1] && seqs[1] < seqs[2]);
  assert.ok(seqs[0] >= 1_000_000, "seq starts from the clock so a reloaded page never reuses one");
});

test("unsent input for the same target is merged into the latest text; sent ones are not", async () => {
  const { transport, log } = harness([]);
  transport.send("f", "input", "h");
  transport.send("f", "input", "he");
  transport.send("f", "input", "hel");
  transport.send("g", "input", "x");
  transport.send("f", "input", "hell");
  for (let i = 0; i < 10; i++) await tick();
  assert.deepEqual(log.requests.map((r) => `${r.body.target}=${r.body.value}`), ["f=h", "f=hel", "g=x", "f=hell"]);
  assert.equal(transport.hasPending("f"), false);
});

test("while the server is down events wait and are retried in order with the same seq", async () => {
  const { transport, log, retry } = harness(["down", "down"]);
  transport.send("a", "click");
  transport.send("b", "click");
  await tick();
  await tick();
  assert.deepEqual(log.connectivity, [false]);
  assert.equal(transport.hasPending("a"), true);
  await retry();
  await retry();
  assert.deepEqual(log.requests.map((r) => r.body.target), ["a", "a", "a", "b"]);
  const [s1, s2, s3] = log.requests.map((r) => r.body.seq);
  assert.equal(s1, s2);
  assert.equal(s2, s3);
  assert.equal(log.updates.length, 2);
  assert.equal(log.failed.length, 0);
  assert.equal(log.connectivity.at(-1), true);
});

test("back-off doubles between retries", async () => {
  const { transport, log, retry } = harness(["down", "down", "down"]);
  transport.send("a", "click");
  await tick();
  await tick();
  await retry();
  await retry();
  const delays = log.timers.filter((t) => t.ms <= 5000).map((t) => t.ms);
  assert.deepEqual(delays, [250, 500, 1000]);
});

test("events that cannot be sent for too long fail visibly, all of them", async () => {
  const { transport, log, retry, advance } = harness(["down", "down", "down"]);
  transport.send("a", "click");
  transport.send("b", "click");
  await tick();
  await tick();
  advance(11_000);
  await retry();
  assert.equal(log.failed.length, 1);
  assert.deepEqual(log.failed[0].events.map((e) => e.target), ["a", "b"]);
  assert.match(log.failed[0].message, /2 actions/);
  assert.equal(transport.queue.length, 0);
});

test("410 and 403 ask for a reload and stop sending", async () => {
  for (const status of [410, 403]) {
    const { transport, log } = harness([response(status, { error: "expired", message: "gone" })]);
    transport.send("a", "click");
    transport.send("b", "click");
    await tick();
    await tick();
    assert.deepEqual(log.reloads, [{ status, unsent: 2 }]);
    transport.send("c", "click");
    await tick();
    assert.equal(log.requests.length, 1);
  }
});

test("a refused event (404 unknown target) is reported and the queue goes on", async () => {
  const { transport, log } = harness([response(404, { error: "unknown_target", message: "No such element" })]);
  transport.send("gone", "click");
  transport.send("b", "click");
  for (let i = 0; i < 6; i++) await tick();
  assert.equal(log.failed.length, 1);
  assert.equal(log.failed[0].message, "No such element");
  assert.deepEqual(log.requests.map((r) => r.body.target), ["gone", "b"]);
});

test("a stale seq is never resent under another seq: the event fails visibly, the page resyncs, the next goes on", async () => {
  const { transport, log } = harness([response(409, { error: "stale_seq", message: "stale" })]);
  let stale = 0;
  transport.onStale = () => stale++;
  transport.send("a", "click");
  transport.send("b", "click");
  for (let i = 0; i < 6; i++) await tick();
  assert.deepEqual(log.requests.map((r) => r.body.target), ["a", "b"]);
  assert.equal(log.failed.length, 1);
  assert.deepEqual(log.failed[0].events.map((e) => e.target), ["a"]);
  assert.equal(stale, 1);
  assert.equal(log.updates.length, 1);
});

test("a retried event keeps its seq on every attempt", async () => {
  const { transport, log, retry } = harness(["down", response(503, {})]);
  transport.send("a", "click");
  await tick();
  await tick();
  await retry();
  await retry();
  assert.equal(log.requests.length, 3);
  assert.equal(new Set(log.requests.map((r) => r.body.seq)).size, 1);
  assert.equal(log.updates.length, 1);
});

test("a 503 while another instance holds the session is retried after its Retry-After, with the same seq", async () => {
  const elsewhere = {
    ...response(503, { error: "session_elsewhere", message: "the session is held by another server instance; try again in 3 s" }),
    headers: { get: (name) => (name.toLowerCase() === "retry-after" ? "3" : null) },
  };
  const { transport, log } = harness([elsewhere, elsewhere]);
  transport.send("a", "click");
  await tick();
  await tick();
  const fire = async () => {
    const timer = log.timers.find((t) => !t.cleared && !t.fired && t.ms >= 250 && t.ms <= 5000);
    assert.ok(timer, "a retry is scheduled");
    timer.fired = true;
    timer.fn();
    await tick();
    await tick();
    return timer.ms;
  };
  assert.equal(await fire(), 3000);
  assert.equal(await fire(), 3000);
  assert.equal(log.requests.length, 3);
  assert.equal(new Set(log.requests.map((r) => r.body.seq)).size, 1);
  assert.equal(log.updates.length, 1);
  assert.equal(log.failed.length, 0);
  assert.equal(log.elsewhere, 2, "each 503 session_elsewhere tells the page, so that its stream follows");
});

test("a 503 for another reason (the store down) does not move the stream", async () => {
  const down = {
    ...response(503, { error: "store_unavailable", message: "the session store is unavailable" }),
    headers: { get: () => "1" },
  };
  const { transport, log, retry } = harness([down]);
  transport.send("a", "click");
  await tick();
  await tick();
  await retry();
  assert.equal(log.updates.length, 1);
  assert.equal(log.elsewhere, undefined);
});

test("hasPending can ask for one event type", async () => {
  const { transport } = harness([]);
  transport.send("f", "submit");
  assert.equal(transport.hasPending("f"), true);
  assert.equal(transport.hasPending("f", "submit"), true);
  assert.equal(transport.hasPending("f", "input"), false);
  await tick();
  await tick();
  assert.equal(transport.hasPending("f"), false);
});
