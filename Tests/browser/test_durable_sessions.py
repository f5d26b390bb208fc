"""Issue 45: sessions that outlive the process, over HTTP against the real `liveui-demo` (no browser needed, except
in the last test). SQLite: `kill -9` after acknowledged clicks, restart, every click is there with the same cookie
and token, the stream is reset. Redis (a `redis-server` started here on loopback): two instances, the session
moves to the survivor with its state; the store down answers 503, and recovery loses nothing acknowledged."""
from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import subprocess
import threading
import time

import pytest

from conftest import demo_binary
from liveui_browser import DemoServer, free_port, wait_until
from liveui_cluster import Redis

ROUTE = "/counter"


class Client:
    """A cookie-less HTTP client of one session: its id in `X-LiveUI-Session`, its token, its tab's seqs."""

    def __init__(self, sid: str, token: str, tab: str = "t1"):
        self.sid, self.token, self.tab = sid, token, tab

    @staticmethod
    def open(server: DemoServer) -> "Client":
        status, cookies, body = page_of(server)
        assert status == 200, body
        return Client(sid_in(cookies), token_of(body))

    def click(self, server: DemoServer, seq: int, target: str = "increment"):
        body = json.dumps({"target": target, "type": "click", "seq": seq, "route": ROUTE, "tab": self.tab}).encode()
        status, headers, text = server.request("/liveui/event", method="POST", body=body, headers={
            "X-LiveUI-Session": self.sid, "X-LiveUI-Token": self.token, "Content-Type": "application/json"})
        return status, headers, (json.loads(text) if text.startswith("{") else text)

    def count(self, server: DemoServer) -> int:
        status, _, body = server.request(f"/liveui/html?route={ROUTE}", headers={"X-LiveUI-Session": self.sid})
        assert status == 200, body
        return int(re.search(r"Count: (-?\d+)", body).group(1))


def page_of(server: DemoServer, sid: str | None = None) -> tuple[int, list[str], str]:
    """GET of the page: (status, every Set-Cookie, body)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", ROUTE, headers={"Cookie": f"liveui_sid={sid}"} if sid else {})
    response = conn.getresponse()
    result = response.status, response.headers.get_all("Set-Cookie") or [], response.read().decode()
    conn.close()
    return result


def sid_in(cookies: list[str]) -> str:
    return next(m.group(1) for c in cookies if (m := re.match(r"liveui_sid=([0-9a-f]{32})", c)))


def token_of(page: str) -> str:
    return re.search(r'<meta name="liveui-token" content="([0-9a-f]+)">', page).group(1)


def count_in(answer: dict) -> int | None:
    for patch in answer.get("patches", []):
        m = re.fullmatch(r"Count: (-?\d+)", patch.get("text", ""))
        if m:
            return int(m.group(1))
    return None


def first_stream_event(server: DemoServer, sid: str, last_event_id: str, tab: str = "t1") -> tuple[str, dict]:
    """Opens the session's stream with `Last-Event-ID` and returns its first event (type, data)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", f"/liveui/stream?route={ROUTE}&tab={tab}", headers={
        "X-LiveUI-Session": sid, "Last-Event-ID": last_event_id, "Accept": "text/event-stream"})
    response = conn.getresponse()
    assert response.status == 200, response.read()
    kind, data = "message", []
    while True:
        line = response.fp.readline().decode().rstrip("\r\n")
        if line.startswith("event:"):
            kind = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].strip())
        elif line == "" and data:
            conn.close()
            return kind, json.loads("\n".join(data))


@pytest.fixture
def sqlite_path(tmp_path):
    return str(tmp_path / "state.db")


def durable_server(store: str, port: int | None = None, args: list[str] | None = None) -> DemoServer:
    return DemoServer(demo_binary(), port=port, args=["--store", store, *(args or [])]).start()


def test_kill9_on_sqlite_keeps_every_acknowledged_click(sqlite_path):
    server = durable_server(f"sqlite:{sqlite_path}")
    try:
        status, cookies, page = page_of(server)
        assert any(c.startswith("liveui_browser=") and "Max-Age=34560000" in c for c in cookies), cookies
        sid = sid_in(cookies)
        client = Client(sid, token_of(page))
        versions = []
        for seq in range(1, 21):
            status, _, answer = client.click(server, seq)
            assert status == 200, answer
            assert count_in(answer) == seq
            versions.append(answer["version"])

        server.kill()
        server.start()

        # The page of the same cookie: the same session and token, every acknowledged click, no new cookie.
        status, cookies, page = page_of(server, sid)
        assert status == 200
        assert not any(c.startswith("liveui_sid=") for c in cookies), cookies
        assert token_of(page) == client.token
        assert "Count: 20" in page
        # A stream that reconnects with a version the new process never issued is reset with the full HTML.
        kind, data = first_stream_event(server, sid, str(versions[-1]))
        assert kind == "reset"
        assert "Count: 20" in data["html"]
        # The next event goes on from there; a retry of the last one (its answer lost) is not applied twice.
        status, _, answer = client.click(server, 21)
        assert status == 200 and count_in(answer) == 21
        status, _, answer = client.click(server, 20)
        assert status == 200 and "Count: 21" in answer["html"]
        assert client.count(server) == 21
    finally:
        server.stop()


def test_kill9_amid_concurrent_clicks_on_sqlite_loses_no_acknowledged_one(sqlite_path):
    """Eight sessions clicking at once, the process killed while clicks are in flight: after the restart each
    session holds every click it was answered 200 for (those the log holds and those already checkpointed into
    the database), and at most the one click in flight whose answer the kill took."""
    server = durable_server(f"sqlite:{sqlite_path}", args=["--events-per-second", "0"])
    clients = [Client.open(server) for _ in range(8)]
    acknowledged = [0] * len(clients)
    total = threading.Condition()
    answered = [0]

    def clicking(index: int):
        client = clients[index]
        seq = 0
        while True:
            seq += 1
            try:
                status, _, answer = client.click(server, seq)
            except (OSError, http.client.HTTPException):
                return
            if status != 200:
                return
            assert count_in(answer) == seq, answer
            acknowledged[index] = seq
            with total:
                answered[0] += 1
                total.notify_all()

    threads = [threading.Thread(target=clicking, args=(i,)) for i in range(len(clients))]
    try:
        for thread in threads:
            thread.start()
        # Long enough for checkpoints (every second) to have moved clicks from the log into the database.
        with total:
            assert total.wait_for(lambda: answered[0] >= 3000, timeout=120), answered[0]
        server.kill()
        for thread in threads:
            thread.join(timeout=30)
        server.start()
        for client, acked in zip(clients, acknowledged):
            count = client.count(server)
            assert acked <= count <= acked + 1, (acked, count)
    finally:
        server.stop()


def test_sqlite_file_is_one_processes(sqlite_path):
    server = durable_server(f"sqlite:{sqlite_path}")
    try:
        second = subprocess.run(
            [demo_binary(), "--port", str(free_port()), "--store", f"sqlite:{sqlite_path}"],
            capture_output=True, text=True, timeout=20)
        assert second.returncode == 2
        assert "another LiveUI process uses this store" in second.stderr
    finally:
        server.stop()


def test_bad_store_refuses_to_start():
    result = subprocess.run([demo_binary(), "--port", "0", "--store", "redis://h:99999"],
                            capture_output=True, text=True, timeout=20)
    assert result.returncode == 2
    assert 'store "redis://h:99999": the port must be a number from 1 to 65535' in result.stderr


# ---- Redis ------------------------------------------------------------------------------------------------------


@pytest.fixture
def redis(tmp_path):
    if not (shutil.which("redis-server") or os.path.exists("/usr/bin/redis-server")):
        pytest.fail("redis-server is not installed (make test-deps installs it)")
    server = Redis(str(tmp_path), durable=True).start()
    yield server
    server.kill()


@pytest.mark.slow(10)  # the dead holder's lease lapsing
def test_session_moves_to_the_survivor_after_kill9(redis):
    first, second = durable_server(redis.url), durable_server(redis.url)
    try:
        client = Client.open(first)
        for seq in range(1, 6):
            status, _, answer = client.click(first, seq)
            assert status == 200 and count_in(answer) == seq
        # While the first instance lives, it holds the session: the other answers 503 with Retry-After.
        status, headers, answer = client.click(second, 6)
        assert status == 503 and answer["error"] == "session_elsewhere"
        assert 1 <= int(headers["Retry-After"]) <= 10

        first.kill()
        killed = time.monotonic()
        refusals = 0
        while True:
            status, headers, answer = client.click(second, 6)
            if status == 200:
                break
            assert status == 503 and answer["error"] == "session_elsewhere", answer
            assert int(headers["Retry-After"]) >= 1
            refusals += 1
            # The lease lapses within 10 s of its last renewal; the margin is for a loaded machine.
            assert time.monotonic() - killed < 15, "the lease was not taken over within its 10 s"
            time.sleep(0.25)
        assert refusals >= 1, "the dead instance's lease held the session for a while"
        assert count_in(answer) == 6, answer
        assert client.count(second) == 6
    finally:
        first.stop()
        second.stop()


def test_session_moves_at_once_after_sigterm(redis):
    first, second = durable_server(redis.url), durable_server(redis.url)
    try:
        client = Client.open(first)
        for seq in range(1, 4):
            assert client.click(first, seq)[0] == 200
        first.stop()  # SIGTERM: flushes and gives every lease up
        status, _, answer = client.click(second, 4)
        assert status == 200, answer
        assert count_in(answer) == 4
    finally:
        second.stop()


def test_redis_down_answers_503_then_recovers_with_nothing_lost(redis):
    server = durable_server(redis.url)
    try:
        client = Client.open(server)
        assert client.click(server, 1)[0] == 200
        assert client.click(server, 2)[0] == 200
        redis.kill()
        status, headers, answer = client.click(server, 3)
        assert status == 503, answer
        assert answer["error"] == "store_unavailable"
        assert "store" in answer["message"]
        assert int(headers["Retry-After"]) >= 1
        redis.start()
        # The client's retry of the same seq: applied once, on the last durable state.
        status, _, answer = wait_until(lambda: (r := client.click(server, 3))[0] == 200 and r,
                                       "the event to be accepted once Redis is back", timeout=10, interval=0.2)
        assert count_in(answer) == 3, answer
        assert client.count(server) == 3
    finally:
        server.stop()


# ---- In a browser -------------------------------------------------------------------------------------------------


def test_page_goes_on_in_the_same_session_after_kill9(page, driver, sqlite_path):
    server = durable_server(f"sqlite:{sqlite_path}")
    try:
        page.server = server
        page.open(ROUTE)
        page.click("increment")
        page.click("increment")
        page.wait_text("count", "Count: 2")
        sid = page.sid
        page.js("window.__notReloaded = true")
        # The stream is stopped for a moment, so that only the retry's answer can bring the restarted page.
        page.js("document.getElementById('liveui-root').liveui.stream.stop()")
        driver.get_log("browser")
        server.kill()
        server.start()
        # The last click again, under its seq, as a client does whose answer was lost with the process: the
        # restarted server does not apply it twice, and answers with the page, which replaces the client's.
        page.js("""const t = document.getElementById('liveui-root').liveui.transport;
                   t.queue.push({target: 'increment', type: 'click', seq: t.lastSeq}); t.pump();""")
        version = "return Number(document.getElementById('liveui-root').getAttribute('data-liveui-version'))"
        wait_until(lambda: page.js(version) > 1_000_000, "the page put in place from the retry's answer", timeout=15,
                   on_timeout=page.dump)
        assert page.text("count") == "Count: 2"
        # Put in place from the answer itself: no gap was waited out and no resync fetched the page.
        resyncs = [e["message"] for e in driver.get_log("browser") if "resyncing" in e["message"]]
        assert not resyncs, resyncs
        page.js("document.getElementById('liveui-root').liveui.stream.start()")
        # The stream reconnects to the restarted server, which resumed the session: no reload, same state.
        page.click("increment")
        page.wait_text("count", "Count: 3", timeout=15)
        assert page.sid == sid
        assert page.js("return window.__notReloaded === true")
        page.converged()
    finally:
        server.stop()
