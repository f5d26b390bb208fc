// Tests for the SSE parser and back-off of Public/stream.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SSEParser, backoff } from "../../Public/stream.js";

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
