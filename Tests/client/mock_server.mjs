// A stand-in for the Swift server that speaks the wire format of docs/ARCHITECTURE.md for one small page, so the client runtime can be
// driven in a real browser before (and independently of) the real server. Not a model of the view graph: each
// event type maps to hand-written patches.
//
//   node Tests/client/mock_server.mjs [port]      prints "listening <port>" once ready
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { fileURLToPath } from "node:url";

const PUBLIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../Public");
const sessions = new Map();
// Network/server latency for answers and stream writes (ms): typing faster than the echo returns is the hard case.
const LATENCY = Number(process.env.MOCK_LATENCY ?? 40);
const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function newSession() {
  const s = {
    id: crypto.randomBytes(16).toString("hex"),
    token: crypto.randomBytes(16).toString("hex"),
    version: 0, log: [], answered: new Map(), lastSeq: 0, streams: new Set(),
    count: 0, name: "", on: false, items: ["a", "b", "c", "d"], scroll: "0,0", ticks: 0, clicks: [],
  };
  sessions.set(s.id, s);
  return s;
}

function render(s) {
  const items = s.items.map((i) => `<li data-lid="i-${i}" role="listitem">${i}</li>`).join("");
  return `<div data-lid="root" class="lui-root"><div data-lid="k1" class="lui-vstack">` +
    `<p data-lid="k2" class="lui-text lui-font-title">Count: ${s.count}</p>` +
    `<button type="button" data-lid="k3" data-on="click">Increment</button>` +
    `<input type="text" data-lid="k4" data-on="input submit" value="${esc(s.name)}" aria-label="Name">` +
    `<p data-lid="k5" class="lui-text">Hello, ${esc(s.name)}</p>` +
    `<label data-lid="k6" data-on="change" class="lui-toggle"><input type="checkbox" role="switch" data-lid="k6c"` +
    `${s.on ? " checked" : ""}> <span>On</span></label>` +
    `<div data-lid="k7" data-on="click" class="lui-text">Rotate</div>` +
    `<ul data-lid="k8" class="lui-list" role="list">${items}</ul>` +
    `<div data-lid="k9" class="lui-scroll" data-on="scroll" style="height: 100px"><div data-lid="k9a" style="height: 2000px">tall</div></div>` +
    `<p data-lid="k10" class="lui-text">Scroll: ${s.scroll}</p>` +
    `<p data-lid="k11" class="lui-text">Ticks: ${s.ticks}</p>` +
    `</div></div>`;
}

function page(s, route) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LiveUI mock</title>` +
    `<meta name="liveui-token" content="${s.token}"><meta name="liveui-route" content="${route}">` +
    `<link rel="stylesheet" href="/public/liveui.css"></head><body>` +
    `<main id="liveui-root" data-liveui-version="${s.version}">${render(s)}</main>` +
    `<script type="module" src="/public/liveui.js"></script></body></html>`;
}

function commit(s, patches) {
  s.version++;
  const update = { version: s.version, patches };
  s.log.push(update);
  for (const res of s.streams) setTimeout(() => sendSSE(res, "patch", update, update.version), LATENCY);
  return update;
}

function sendSSE(res, event, data, id) {
  res.write(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function handle(s, e) {
  s.clicks.push(`${e.type}:${e.target}`);
  switch (`${e.type}:${e.target}`) {
    case "click:k3":
      s.count++;
      return [{ op: "text", id: "k2", text: `Count: ${s.count}` }];
    case "input:k4":
    case "submit:k4":
      s.name = e.type === "submit" ? s.name.toUpperCase() : e.value;
      return [{ op: "attrs", id: "k4", set: { value: s.name }, remove: [] }, { op: "text", id: "k5", text: `Hello, ${s.name}` }];
    case "change:k6":
      s.on = e.value === "true";
      return [s.on ? { op: "attrs", id: "k6c", set: { checked: "" }, remove: [] } : { op: "attrs", id: "k6c", set: {}, remove: ["checked"] }];
    case "click:k7": {
      s.items.unshift(s.items.pop());
      return [{ op: "move", id: `i-${s.items[0]}`, parent: "k8", index: 0 }];
    }
    case "scroll:k9":
      s.scroll = e.value;
      return [{ op: "text", id: "k10", text: `Scroll: ${s.scroll}` }];
    default:
      return null;
  }
}

function json(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function sessionOf(req) {
  const m = /(?:^|;\s*)liveui_sid=([0-9a-f]+)/.exec(req.headers.cookie ?? "");
  return m ? sessions.get(m[1]) : undefined;
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  if (url.pathname.startsWith("/public/")) {
    const file = path.join(PUBLIC, path.basename(url.pathname));
    if (!fs.existsSync(file)) return json(res, 404, { error: "not_found", message: "no such file" });
    const type = file.endsWith(".js") ? "text/javascript" : file.endsWith(".css") ? "text/css" : "application/octet-stream";
    res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" });
    return res.end(fs.readFileSync(file));
  }
  if (url.pathname === "/counter") {
    const s = sessionOf(req) ?? newSession();
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Set-Cookie": `liveui_sid=${s.id}; HttpOnly; SameSite=Lax; Path=/`,
      "Content-Security-Policy": "default-src 'self'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'",
    });
    return res.end(page(s, "/counter"));
  }
  const s = sessionOf(req);
  if (url.pathname === "/liveui/html") {
    if (!s) return json(res, 410, { error: "expired", message: "session expired" });
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "X-LiveUI-Version": String(s.version) });
    return res.end(render(s));
  }
  if (url.pathname === "/liveui/stream") {
    if (!s) return json(res, 410, { error: "expired", message: "session expired" });
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
    const last = Number(req.headers["last-event-id"] ?? NaN);
    if (Number.isFinite(last) && last <= s.version) {
      for (const u of s.log) if (u.version > last) sendSSE(res, "patch", u, u.version);
    } else {
      sendSSE(res, "reset", { version: s.version, html: render(s) }, s.version);
    }
    s.streams.add(res);
    const beat = setInterval(() => res.write(": heartbeat\n\n"), 10000);
    req.on("close", () => {
      clearInterval(beat);
      s.streams.delete(res);
    });
    return;
  }
  if (url.pathname === "/liveui/event" && req.method === "POST") {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      if (!s) return json(res, 410, { error: "expired", message: "session expired" });
      if (req.headers["x-liveui-token"] !== s.token) return json(res, 403, { error: "bad_token", message: "bad token" });
      let e;
      try {
        e = JSON.parse(body);
      } catch {
        return json(res, 400, { error: "malformed", message: "malformed JSON" });
      }
      if (e.seq !== undefined) {
        if (s.answered.has(e.seq)) return json(res, 200, s.answered.get(e.seq));
        if (e.seq < s.lastSeq) return json(res, 409, { error: "stale_seq", message: "stale seq" });
      }
      const patches = handle(s, e);
      if (!patches) return json(res, 404, { error: "unknown_target", message: "No such element" });
      const update = commit(s, patches);
      const answer = { version: update.version, seq: e.seq, patches };
      if (e.seq !== undefined) {
        s.lastSeq = e.seq;
        s.answered.set(e.seq, answer);
      }
      // Answers sometimes arrive before the stream's copy, sometimes after (duplicates must be ignored).
      setTimeout(() => json(res, 200, answer), LATENCY + (s.version % 3 === 0 ? 25 : -10));
    });
    return;
  }
  if (url.pathname === "/mock/tick" && s) {
    s.ticks++;
    commit(s, [{ op: "text", id: "k11", text: `Ticks: ${s.ticks}` }]);
    return json(res, 200, { ok: true });
  }
  if (url.pathname === "/mock/lose" && s) {
    // An update the client never hears of (neither answered nor streamed nor replayable): it must notice the gap.
    s.count += 100;
    s.version++;
    return json(res, 200, { ok: true });
  }
  if (url.pathname === "/mock/reset" && s) {
    for (const stream of s.streams) sendSSE(stream, "reset", { version: s.version, html: render(s) }, s.version);
    return json(res, 200, { ok: true });
  }
  if (url.pathname === "/mock/state" && s) return json(res, 200, { count: s.count, name: s.name, events: s.clicks });
  json(res, 404, { error: "not_found", message: "no route" });
});

// Server-side pushes (a clock) for every session, as a `.task` would do.
setInterval(() => {
  for (const s of sessions.values()) {
    if (s.streams.size === 0) continue;
    s.ticks++;
    commit(s, [{ op: "text", id: "k11", text: `Ticks: ${s.ticks}` }]);
  }
}, 400);

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  console.log(`listening ${server.address().port}`);
});
// With MOCK_STATE_FILE, sessions survive a restart (as behind a server that resumes them); without, they are lost.
const STATE_FILE = process.env.MOCK_STATE_FILE;
if (STATE_FILE && fs.existsSync(STATE_FILE)) {
  for (const saved of JSON.parse(fs.readFileSync(STATE_FILE, "utf8"))) {
    sessions.set(saved.id, { ...saved, answered: new Map(saved.answered), streams: new Set() });
  }
}
process.on("SIGTERM", () => {
  if (STATE_FILE) {
    const saved = [...sessions.values()].map((s) => ({ ...s, answered: [...s.answered], streams: undefined }));
    fs.writeFileSync(STATE_FILE, JSON.stringify(saved));
  }
  process.exit(0);
});
