#!/usr/bin/env python3
"""`make soak`: many sessions with open event streams sending events for a bounded time, then checked.

Starts `liveui-demo` on loopback (its own free port) with a short session TTL and no per-address limits
(every session comes from 127.0.0.1), then per session: `POST /liveui/session?route=/counter`, an event
stream named by one tab, and `increment` clicks from another tab, each with the next `seq`; every tenth
click is sent a second time with the same `seq` (a client's retry). At the end:

- lost: a click answered 200 whose increment is missing from the count (`GET /liveui/html`);
- applied twice: a count above the clicks answered, or a retry answered with another version;
- converged: the stream's state (the session's first HTML with every streamed patch applied) equals
  `GET /liveui/html`, and its last version is `X-LiveUI-Version`;
- memory: the server's RSS after every session expired, against its RSS before the sessions. The first
  of the rounds (`--rounds`, 2) warms the server up: the start is its RSS after that round's sessions
  expired, so the check is whether sessions that come and go leave anything behind (a fresh server's RSS
  is printed beside it). Lost, doubled and converged are checked in every round.

Standard library only (asyncio, raw HTTP/1.1). Writes its figures into BENCHMARKS.md between
`<!-- soak:begin -->` and `<!-- soak:end -->` (replaced on each run). Exit status 1 when a check fails.

Usage: bench/soak.py [--sessions 1000] [--duration 60] [--interval 2] [--ttl 5] [--server PATH] [--no-write]
"""
import argparse
import asyncio
import html.parser
import json
import os
import random
import re
import socket
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BEGIN, END = "<!-- soak:begin -->", "<!-- soak:end -->"


class LidMap(html.parser.HTMLParser):
    """Each `data-lid` element's attributes and its own text, the parts `text` and `attrs` patches change."""

    def __init__(self, markup):
        super().__init__(convert_charrefs=True)
        self.nodes, self.stack = {}, []
        self.feed(markup)

    def handle_starttag(self, tag, attrs):
        lid = dict(attrs).get("data-lid")
        if lid is not None:
            self.nodes[lid] = {"attrs": dict(attrs), "text": ""}
        if tag not in ("input", "img", "hr", "br", "meta", "link", "source", "wbr", "area", "col"):
            self.stack.append(lid)

    def handle_endtag(self, tag):
        if self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if self.stack and self.stack[-1] is not None:
            self.nodes[self.stack[-1]]["text"] += data


def apply(nodes, patches):
    """Applies `text` and `attrs` patches to a LidMap's nodes; False for any other operation."""
    for p in patches:
        node = nodes.get(p.get("id"))
        if node is None:
            return False
        if p["op"] == "text":
            node["text"] = p["text"]
        elif p["op"] == "attrs":
            node["attrs"].update(p.get("set", {}))
            for name in p.get("remove", []):
                node["attrs"].pop(name, None)
        else:
            return False
    return True


class Connection:
    """One kept-alive HTTP/1.1 connection: requests in turn, answers with a Content-Length."""

    def __init__(self, port):
        self.port, self.reader, self.writer = port, None, None

    async def request(self, method, target, headers=None, body=b""):
        for attempt in range(2):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            lines = [f"{method} {target} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}"]
            lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
            try:
                self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
                status_line = await self.reader.readline()
                if not status_line:
                    raise ConnectionError("closed")
                status = int(status_line.split()[1])
                answer_headers = {}
                while (line := await self.reader.readline()) not in (b"\r\n", b""):
                    name, _, value = line.decode().partition(":")
                    answer_headers[name.strip().lower()] = value.strip()
                data = await self.reader.readexactly(int(answer_headers.get("content-length", "0")))
                if answer_headers.get("connection", "").lower() == "close":
                    self.close()
                return status, answer_headers, data
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()
                if attempt:
                    raise
        raise ConnectionError("unreachable")

    def close(self):
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Session:
    def __init__(self, index, port, stats):
        self.index, self.port, self.stats = index, port, stats
        self.conn = Connection(port)
        self.acked = {}  # seq -> the version its answer carried
        self.stream_version, self.stream_nodes, self.stream_ok = 0, None, True
        self.stream_task = None
        self.stream_writer = None

    async def open(self):
        status, _, data = await self.conn.request("POST", "/liveui/session?route=/counter")
        if status != 200:
            raise RuntimeError(f"session: {status} {data[:200]!r}")
        answer = json.loads(data)
        self.id, self.token = answer["session"], answer["token"]
        self.stream_version = answer["version"]
        self.stream_nodes = LidMap(answer["html"]).nodes
        reader, self.stream_writer = await asyncio.open_connection("127.0.0.1", self.port)
        # HTTP/1.0: the stream's bytes come as they are (no chunked coding) until the connection closes.
        self.stream_writer.write(
            f"GET /liveui/stream?route=/counter&tab=s{self.index + 1} HTTP/1.0\r\nX-LiveUI-Session: {self.id}\r\n"
            f"Last-Event-ID: {self.stream_version}\r\n\r\n".encode())
        status_line = await reader.readline()
        if b" 200 " not in status_line:
            raise RuntimeError(f"stream: {status_line!r}")
        while await reader.readline() not in (b"\r\n", b""):
            pass
        self.stream_task = asyncio.create_task(self.read_stream(reader))

    async def read_stream(self, reader):
        event, data = None, []
        try:
            while line := await reader.readline():
                line = line.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    event = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].strip())
                elif line == "":
                    if event == "patch" and data:
                        update = json.loads("\n".join(data))
                        if update["version"] != self.stream_version + 1 or not apply(self.stream_nodes, update["patches"]):
                            self.stream_ok = False
                        self.stream_version = update["version"]
                    elif event == "reset" and data:
                        self.stats["resets"] += 1
                        self.stream_ok = False
                    event, data = None, []
        except (ConnectionError, asyncio.CancelledError):
            pass

    async def click(self, seq):
        body = json.dumps({"target": "increment", "type": "click", "seq": seq, "tab": f"e{self.index + 1}"}).encode()
        headers = {"X-LiveUI-Session": self.id, "X-LiveUI-Token": self.token, "Content-Type": "application/json"}
        for _ in range(20):
            status, answer_headers, data = await self.conn.request("POST", "/liveui/event", headers, body)
            if status == 200:
                return json.loads(data)["version"]
            self.stats[f"status {status}"] = self.stats.get(f"status {status}", 0) + 1
            if status not in (429, 503):
                return None
            await asyncio.sleep(float(answer_headers.get("retry-after", "1")))
        return None

    async def run(self, deadline, interval):
        seq = 0
        while time.monotonic() < deadline:
            await asyncio.sleep(random.uniform(0, 2 * interval))
            seq += 1
            version = await self.click(seq)
            self.stats["events sent"] += 1
            if version is None:
                continue
            self.acked[seq] = version
            if seq % 10 == 0:
                self.stats["retries sent"] += 1
                if await self.click(seq) != version:
                    self.stats["applied twice"] += 1

    async def check(self):
        last = max(self.acked.values(), default=0)
        for _ in range(300):
            if self.stream_version >= last:
                break
            await asyncio.sleep(0.05)
        status, headers, data = await self.conn.request("GET", "/liveui/html?route=/counter", {"X-LiveUI-Session": self.id})
        count = int(re.search(r'data-aid="count"[^>]*>Count: (-?\d+)<', data.decode()).group(1))
        self.stats["events lost"] += max(0, len(self.acked) - count)
        self.stats["applied twice"] += max(0, count - len(self.acked))
        converged = (self.stream_ok and self.stream_version == int(headers.get("x-liveui-version", -1))
                     and self.stream_nodes == LidMap(data.decode()).nodes)
        self.stats["converged" if converged else "not converged"] += 1

    def close(self):
        if self.stream_task:
            self.stream_task.cancel()
        if self.stream_writer:
            self.stream_writer.close()
        self.conn.close()


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1))


def metric(port, name):
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(b"GET /metrics HTTP/1.0\r\n\r\n")
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    return float(re.search(rf"^{name} (\S+)$", data.decode(), re.M).group(1))


async def soak(args, port, pid):
    stats = {k: 0 for k in ("events sent", "retries sent", "events lost", "applied twice", "converged",
                            "not converged", "resets")}
    sessions = [Session(i, port, stats) for i in range(args.sessions)]
    # Opened over a few seconds, as visitors arrive, not all in one instant.
    opened = time.monotonic()
    for start in range(0, len(sessions), 50):
        await asyncio.gather(*(s.open() for s in sessions[start:start + 50]))
    open_seconds = time.monotonic() - opened
    streams = metric(port, "liveui_streams_open") if args.streams_metric else len(sessions)
    rss_loaded = rss_kib(pid)
    deadline = time.monotonic() + args.duration
    await asyncio.gather(*(s.run(deadline, args.interval) for s in sessions))
    rss_peak = rss_kib(pid)
    await asyncio.gather(*(s.check() for s in sessions))
    for s in sessions:
        s.close()
    return stats, open_seconds, streams, rss_loaded, rss_peak


async def warm_up(port):
    """One session opened, clicked and closed before the start's RSS is read."""
    session = Session(-1, port, {"events sent": 0, "retries sent": 0, "applied twice": 0})
    await session.open()
    await session.click(1)
    session.close()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--duration", type=float, default=60, help="seconds of clicking")
    parser.add_argument("--interval", type=float, default=2, help="mean seconds between one session's clicks")
    parser.add_argument("--ttl", type=float, default=5, help="sessionIdleTTL (and unusedSessionTTL) for the run")
    parser.add_argument("--server", default=os.path.join(ROOT, ".build/debug/liveui-demo"))
    parser.add_argument("--rounds", type=int, default=2,
                        help="rounds of sessions against one server; the first warms it up (figures: the last)")
    parser.add_argument("--no-write", action="store_true", help="print the figures only")
    parser.add_argument("--streams-metric", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    port = free_port()
    flags = ["--port", str(port), "--log-level", "warning", "--session-idle-ttl", str(args.ttl),
             "--unused-session-ttl", str(args.ttl), "--session-burst-per-address", "0",
             "--per-ip-connection-limit", "0", "--connection-limit", str(4 * args.sessions + 64),
             "--events-per-second", "0", "--heartbeat-seconds", str(max(1, args.ttl))]
    server = subprocess.Popen([args.server] + flags, cwd=ROOT)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.05)
        # The start: the server after one session has come and gone (its code paths loaded and run once).
        asyncio.run(warm_up(port))
        rss_start = rss_kib(server.pid)
        rss_ends, faults = [], 0
        for _ in range(args.rounds):
            started = time.monotonic()
            stats, open_seconds, streams, rss_loaded, rss_peak = asyncio.run(soak(args, port, server.pid))
            soak_seconds = time.monotonic() - started
            faults += stats["events lost"] + stats["applied twice"] + stats["not converged"]
            # Every stream is closed: each session ends after the TTL (and the next sweep).
            expired_after = None
            t0 = time.monotonic()
            while time.monotonic() - t0 < args.ttl * 4 + 30:
                if metric(port, "liveui_sessions") == 0:
                    expired_after = time.monotonic() - t0
                    break
                time.sleep(0.25)
            time.sleep(1)
            rss_ends.append(rss_kib(server.pid))
        rss_fresh = rss_start
        # The start: the server after a first round (its allocator's arenas, its worker threads, the
        # runtime's caches at the size this load needs), when there is one; the check is then whether
        # sessions that come and go leave anything behind.
        if len(rss_ends) > 1:
            rss_start = rss_ends[-2]
        rss_end = rss_ends[-1]
    finally:
        server.terminate()
        server.wait(timeout=30)

    growth = (rss_end - rss_start) / rss_start * 100
    checks = {
        "0 events lost": stats["events lost"] == 0,
        "0 applied twice": stats["applied twice"] == 0,
        "every stream converged": stats["converged"] == args.sessions,
        "every session expired": expired_after is not None,
        "earlier rounds clean": faults == stats["events lost"] + stats["applied twice"] + stats["not converged"],
        "RSS within 10 % of the start": abs(growth) <= 10,
    }
    clicks = stats["events sent"] + stats["retries sent"]
    rows = [
        ("sessions, each with an open event stream", f"{args.sessions:,}", f"opened in {open_seconds:.1f} s"),
        ("clicks sent (retries with a used `seq` included)", f"{clicks:,}",
         f"{args.duration:.0f} s, {clicks / args.duration:,.0f} per second; {stats['retries sent']:,} retries"),
        ("events lost", f"{stats['events lost']}", "a click answered 200 missing from the final count"),
        ("events applied twice", f"{stats['applied twice']}", "per tab and `seq`: a count above the clicks, or a retry answered anew"),
        ("streams converged", f"{stats['converged']:,} / {args.sessions:,}",
         "first HTML + streamed patches = `GET /liveui/html`, same version"),
        ("other answers", ", ".join(f"{k}: {v}" for k, v in stats.items() if k.startswith("status ")) or "none", "429/503 are retried"),
        ("server RSS: fresh, then in the measured round: start → streams open → after clicking → sessions expired",
         f"{rss_fresh / 1024:.1f}; {rss_start / 1024:.1f} → {rss_loaded / 1024:.1f} → {rss_peak / 1024:.1f} → {rss_end / 1024:.1f} MiB",
         f"{growth:+.1f} % at the end against the start; sessions gone {expired_after or float('nan'):.1f} s after the streams closed (TTL {args.ttl:g} s)"),
    ]
    lines = [BEGIN, "## Soak (`make soak`)", "",
             f"`bench/soak.py` against `{os.path.relpath(args.server, ROOT)}` on loopback, {time.strftime('%Y-%m-%d')}; "
             f"{args.rounds} rounds, the figures of the last (the first warms the server up). "
             "Checks: " + ", ".join(f"{k} {'✓' if ok else '✗'}" for k, ok in checks.items()) + ".", "",
             "| measurement | measured | note |", "|---|---:|---|"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    lines.append(END)
    section = "\n".join(lines)
    print(section)
    print(f"fresh server RSS {rss_fresh / 1024:.1f} MiB; RSS after each round's sessions expired: " + ", ".join(f"{r / 1024:.1f} MiB" for r in rss_ends))
    print(f"(soak took {soak_seconds:.0f} s)")
    if not args.no_write:
        path = os.path.join(ROOT, "BENCHMARKS.md")
        with open(path) as f:
            text = f.read()
        if BEGIN in text and END in text:
            text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
        else:
            text = text.rstrip("\n") + "\n\n" + section + "\n"
        with open(path, "w") as f:
            f.write(text)
    sys.exit(0 if all(checks.values()) else 1)


if __name__ == "__main__":
    main()
