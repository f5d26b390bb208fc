#!/usr/bin/env python3
"""The training run of the profile-guided build (pgo/build.sh): drives an instrumented liveui-demo
through every page of the gallery as clients would, so that the profile it writes on exit says which
code is hot in ordinary use.

    pgo/train.py BINARY PROFILE_PATTERN [--seconds S]

BINARY is a liveui-demo built with IR instrumentation; PROFILE_PATTERN is handed to it as
LLVM_PROFILE_FILE (`%p` becomes its pid). The workload is not the benchmark's: it finds the pages
from the gallery's links and, on each page, every element that sends events (`data-on`), and sends
each of them the events it declares, with values of the element's kind (text, a number in a
slider's range, an option of a picker, a scroll offset), from four threads at once, each with its
own keep-alive connection and sessions. It also loads full pages, static files, the HTML and tree
of sessions, `/healthz` and `/metrics`, opens and reads event streams, and sends a few requests the
server refuses (a wrong token, an unknown target, malformed JSON), as real traffic has them.

Standard library only: it also runs in the Docker image's build stage. Exits non-zero, saying why,
when the server does not start, a page has no session, or no event was answered.
"""

import argparse
import http.client
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = re.compile(r"<(\w+)([^>]*)>")
ATTRIBUTE = re.compile(r'([\w-]+)="([^"]*)"')
OPTION = re.compile(r'<option[^>]*value="([^"]*)"')
THREADS = 4
ELEMENTS_PER_ROUND = 24  # a page with more elements that send events (the 1,000-row list) is sampled


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One keep-alive connection to the server, reopened when the server closes it."""

    def __init__(self, port):
        self.port = port
        self.connection = None

    def request(self, method, path, body=None, headers=None):
        for attempt in range(2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            try:
                self.connection.request(method, path, body=body, headers=headers or {})
                response = self.connection.getresponse()
                data = response.read()
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
                return response.status, data
            except (http.client.HTTPException, OSError):
                self.close()
                if attempt:
                    raise
        raise AssertionError("unreachable")

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def interactive_elements(html):
    """(target, events, tag, attributes, options) of every element in `html` that sends events."""
    found = []
    for match in TAG.finditer(html):
        attributes = dict(ATTRIBUTE.findall(match.group(2)))
        events = attributes.get("data-on", "").split()
        target = attributes.get("data-lid")
        if not events or not target:
            continue
        options = OPTION.findall(html[match.end():match.end() + 4000]) if match.group(1) == "select" else []
        found.append((target, events, match.group(1), attributes, options))
    return found


def event_value(event, tag, attributes, options, i):
    """A value such as the client runtime sends for `event` on this element, or None."""
    if event == "scroll":
        return f"0,{(i * 137) % 2400}"
    if event in ("input", "change"):
        kind = attributes.get("type", "")
        if tag == "select":
            return options[i % len(options)] if options else "0"
        if kind == "range":
            low, high = float(attributes.get("min", 0)), float(attributes.get("max", 1))
            return f"{low + (high - low) * ((i * 7) % 11) / 10:g}"
        if kind == "checkbox":
            return "true" if i % 2 else "false"
        return ["", "a", "hello", f"item {i}", "ünïcødé ✓", "x" * 40][i % 6]
    return None


class Walker(threading.Thread):
    """One client: sessions on every page, their events, and the other requests, until `deadline`."""

    def __init__(self, port, routes, deadline, seed):
        super().__init__(daemon=True)
        self.client = Client(port)
        self.routes = routes
        self.deadline = deadline
        self.random = random.Random(seed)
        self.answered = 0
        self.error = None

    def session(self, route):
        status, body = self.client.request("POST", f"/liveui/session?route={route}", body=b"",
                                           headers={"Content-Type": "application/json"})
        if status != 200:
            raise SystemExit(f"POST /liveui/session?route={route} answered {status}: {body[:200]!r}")
        data = json.loads(body)
        return data["session"], data["token"], data["html"]

    def post_event(self, route, session, token, fields, seq):
        body = dict(fields)
        if seq is not None:
            body["seq"], body["route"] = seq, route
        status, _ = self.client.request("POST", "/liveui/event", body=json.dumps(body).encode(), headers={
            "X-LiveUI-Session": session, "X-LiveUI-Token": token, "Content-Type": "application/json"})
        if status == 200:
            self.answered += 1

    def run(self):
        try:
            self.walk()
        except BaseException as error:  # reported by the main thread
            self.error = error
        finally:
            self.client.close()

    def walk(self):
        rounds = 0
        while time.monotonic() < self.deadline:
            for route in self.routes:
                session, token, html = self.session(route)
                self.client.request("GET", route)
                # Events far outnumber page loads in use: twelve rounds of them per session, the
                # elements read again (a full render) every fourth round to find the ones they added.
                for i in range(12):
                    elements = interactive_elements(html)
                    if len(elements) > ELEMENTS_PER_ROUND:
                        elements = self.random.sample(elements, ELEMENTS_PER_ROUND)
                    for target, events, tag, attributes, options in elements:
                        for event in events:
                            fields = {"target": target, "type": event}
                            value = event_value(event, tag, attributes, options, i + rounds)
                            if value is not None:
                                fields["value"] = value
                            self.post_event(route, session, token, fields, i + 1 if i % 2 else None)
                    if i % 4 == 3:
                        _, html_bytes = self.client.request("GET", f"/liveui/html?route={route}",
                                                            headers={"X-LiveUI-Session": session})
                        html = html_bytes.decode(errors="replace")
                self.refused(route, session, token)
                self.client.request("GET", f"/liveui/tree?route={route}", headers={"X-LiveUI-Session": session})
            for path in ("/healthz", "/metrics", "/public/liveui.js", "/public/liveui.css", "/public/missing.js"):
                self.client.request("GET", path)
            rounds += 1

    def refused(self, route, session, token):
        """Requests the server answers with an error, as real traffic has some."""
        headers = {"X-LiveUI-Session": session, "X-LiveUI-Token": token, "Content-Type": "application/json"}
        self.client.request("POST", "/liveui/event", body=b'{"target":"no-such-target","type":"click"}', headers=headers)
        self.client.request("POST", "/liveui/event", body=b'{"target":', headers=headers)
        self.client.request("POST", "/liveui/event", body=b'{"target":"k1","type":"click"}',
                            headers=dict(headers, **{"X-LiveUI-Token": "0" * len(token)}))
        self.client.request("GET", f"/no-such-page-{self.random.randrange(1000)}")


def read_stream(port, route, seconds):
    """Opens an event stream on a session of `route` and reads it for `seconds` (the clock ticks)."""
    client = Client(port)
    status, body = client.request("POST", f"/liveui/session?route={route}", body=b"",
                                  headers={"Content-Type": "application/json"})
    client.close()
    if status != 200:
        return
    session = json.loads(body)["session"]
    with socket.create_connection(("127.0.0.1", port), timeout=seconds + 5) as s:
        s.sendall(f"GET /liveui/stream?route={route} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                  f"X-LiveUI-Session: {session}\r\nAccept: text/event-stream\r\n\r\n".encode())
        end = time.monotonic() + seconds
        s.settimeout(0.5)
        while time.monotonic() < end:
            try:
                if not s.recv(65536):
                    break
            except socket.timeout:
                continue


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("profile_pattern")
    parser.add_argument("--seconds", type=float, default=12)
    args = parser.parse_args()

    port = free_port()
    # Every training client is 127.0.0.1: the per-address session budget would refuse most of them.
    env = dict(os.environ, LLVM_PROFILE_FILE=args.profile_pattern, LIVEUI_LOG_LEVEL="error",
               LIVEUI_SESSION_BURST_PER_ADDRESS="0")
    server = subprocess.Popen([args.binary, "--port", str(port)], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        client = Client(port)
        deadline = time.monotonic() + 30
        while True:
            if server.poll() is not None:
                raise SystemExit(f"{args.binary} exited ({server.returncode}) before answering /healthz")
            try:
                if client.request("GET", "/healthz")[0] == 200:
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit(f"{args.binary} did not answer /healthz within 30 s")
                time.sleep(0.1)  # polling a port that is not open yet: there is no event to wait for
        _, gallery = client.request("GET", "/")
        client.close()
        routes = ["/"] + sorted(set(re.findall(r'href="(/[\w/-]+)"', gallery.decode(errors="replace"))))
        print(f"pgo/train.py: {len(routes)} pages: {' '.join(routes)}")

        deadline = time.monotonic() + args.seconds
        walkers = [Walker(port, routes, deadline, seed) for seed in range(THREADS)]
        stream = threading.Thread(target=read_stream, args=(port, "/clock", min(5.0, args.seconds)), daemon=True)
        for thread in [*walkers, stream]:
            thread.start()
        for thread in [*walkers, stream]:
            thread.join()
        for walker in walkers:
            if walker.error is not None:
                raise SystemExit(f"pgo/train.py: a client failed: {walker.error!r}")
        answered = sum(walker.answered for walker in walkers)
        if answered == 0:
            raise SystemExit("pgo/train.py: no event was answered")
        print(f"pgo/train.py: {answered} events answered in {args.seconds:g} s")
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)  # the profile is written when the server exits normally
        try:
            code = server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            raise SystemExit("pgo/train.py: the server did not stop within 30 s of SIGTERM")
    if code != 0:
        raise SystemExit(f"pgo/train.py: the server exited with {code}")


if __name__ == "__main__":
    main()
