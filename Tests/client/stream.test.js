// Tests for Public/stream.js: the SSE parser, back-off, and the connection lifecycle with a fake fetch.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SSEParser, Stream, backoff } from "../../Public/stream.js";

function collect() {
  const events = [];
  return { events, parser: new SSEParser((e) => events.push(e)) };
}

test("parses named events with id and JSON data", () => {
  const { events, parser } = collect();
  parser.feed('id: 3\nevent: patch\ndata: {"version":3,"patches":[]}\n\n');
  assert.deepEqual(events, [{ type: "patch", data: '{"version":3,"patches":[]}', id: "3" }]);
});

test("events split across chunks at any byte, including between CR and LF", () => {
  const text = 'id: 7\r\nevent: reset\r\ndata: {"version":7,\r\ndata: "html":"<div></div>"}\r\n\r\n';
  for (let cut = 1; cut < text.length; cut++) {
    const { events, parser } = collect();
    parser.feed(text.slice(0, cut));
    parser.feed(text.slice(cut));
    assert.equal(events.length, 1, `cut at ${cut}`);
    assert.deepEqual(events[0], { type: "reset", data: '{"version":7,\n"html":"<div></div>"}', id: "7" });
  }
});

test("comments (heartbeats) and events without data dispatch nothing; the id still sticks", () => {
  const { events, parser } = collect();
  parser.feed(": heartbeat\n\nid: 9\n\n: ping\n\nevent: patch\ndata: x\n\n");
  assert.deepEqual(events, [{ type: "patch", data: "x", id: "9" }]);
});

test("an event without a name is a message; a field without colon counts as empty", () => {
  const { events, parser } = collect();
  parser.feed("data\ndata:  two spaces\n\n");
  assert.deepEqual(events, [{ type: "message", data: "\n two spaces", id: "" }]);
});

test("an unterminated event is not dispatched", () => {
  const { events, parser } = collect();
  parser.feed("event: patch\ndata: x\n");
  assert.equal(events.length, 0);
  parser.feed("\n");
  assert.equal(events.length, 1);
});

test("back-off doubles from 250 ms and stops at 5 s", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 50].map((n) => backoff(n)), [250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
});

// --- the Stream connection, with a fake fetch ------------------------------------------------------------------

function body(chunks) {
  const encoder = new TextEncoder();
  let i = 0;
  return { getReader: () => ({ read: async () => (i < chunks.length ? { value: encoder.encode(chunks[i++]), done: false } : { done: true }) }) };
}

test("the stream sends Last-Event-ID, delivers events, reports drops and reconnects from the last id", async () => {
  const requests = [];
  const log = [];
  const answers = [
    () => ({ ok: true, status: 200, body: body(['id: 5\nevent: patch\ndata: {"version":5}\n\n']) }),
    () => Promise.reject(new TypeError("connection refused")),
    () => ({ ok: false, status: 410, body: null }),
  ];
  await new Promise((resolve) => {
    const stream = new Stream({
      route: "/counter",
      lastEventId: "4",
      fetch: async (url, init) => {
        requests.push({ url, lastEventId: init.headers["Last-Event-ID"] ?? null, credentials: init.credentials });
        return answers.shift()();
      },
      onEvent: (e) => log.push(`event ${e.type} ${e.id}`),
      onOpen: () => log.push("open"),
      onDown: () => log.push("down"),
      onReload: (status) => {
        log.push(`reload ${status}`);
        resolve();
      },
    });
    stream.start();
  });
  assert.deepEqual(log, ["open", "event patch 5", "down", "down", "reload 410"]);
  assert.equal(requests[0].url, "/liveui/stream?route=%2Fcounter");
  assert.equal(requests[0].credentials, "same-origin");
  assert.deepEqual(requests.map((r) => r.lastEventId), ["4", "5", "5"]);
});

test("a stream opened for a named tab says so on every connection", async () => {
  const urls = [];
  await new Promise((resolve) => {
    const stream = new Stream({
      route: "/counter",
      tab: "a1b2-c3_d4",
      fetch: async (url) => {
        urls.push(url);
        if (urls.length === 1) return Promise.reject(new TypeError("connection refused"));
        return { ok: false, status: 410, body: null };
      },
      onEvent: () => {},
      onOpen: () => {},
      onDown: () => {},
      onReload: resolve,
    });
    stream.start();
  });
  assert.deepEqual(urls, ["/liveui/stream?route=%2Fcounter&tab=a1b2-c3_d4", "/liveui/stream?route=%2Fcounter&tab=a1b2-c3_d4"]);
});

test("every reconnect sends the last version the page applied (its own updates came in answers), not the stream's id", async () => {
  const sent = [];
  let applied = 4;
  await new Promise((resolve) => {
    const stream = new Stream({
      route: "/counter",
      lastEventId: "4",
      lastVersion: () => String(applied),
      fetch: async (url, init) => {
        sent.push(init.headers["Last-Event-ID"] ?? null);
        if (sent.length === 1) {
          applied = 9; // the tab's own events were answered while the stream was open
          return { ok: true, status: 200, body: body(['id: 5\nevent: patch\ndata: {"version":5}\n\n']) };
        }
        return { ok: false, status: 410, body: null };
      },
      setTimeout: (fn) => fn(),
      onEvent: () => {},
      onOpen: () => {},
      onDown: () => {},
      onReload: resolve,
    });
    stream.start();
  });
  assert.deepEqual(sent, ["4", "9"]);
});

test("streams that end at once without an event back off exponentially up to 5 s; an event resets the back-off", async () => {
  const delays = [];
  let connections = 0;
  await new Promise((resolve) => {
    const stream = new Stream({
      route: "/counter",
      fetch: async () => {
        connections += 1;
        if (connections === 8) return { ok: true, status: 200, body: body(['id: 2\nevent: patch\ndata: {"version":2}\n\n']) };
        if (connections === 10) return { ok: false, status: 410, body: null };
        // Opened, then ended with nothing but the retry field: an empty stream.
        return { ok: true, status: 200, body: body(["retry: 1000\n\n"]) };
      },
      now: () => 0,
      setTimeout: (fn, ms) => {
        delays.push(ms);
        queueMicrotask(fn);
        return {};
      },
      clearTimeout: () => {},
      onEvent: () => {},
      onOpen: () => {},
      onDown: () => {},
      onReload: resolve,
    });
    stream.start();
  });
  assert.deepEqual(delays, [250, 500, 1000, 2000, 4000, 5000, 5000, 250, 500]);
});
