"""Helpers for the browser suite: the demo server process, HTML normalisation, and a `Page` that drives one tab.

Nothing here sleeps for a fixed time to let something happen: every wait is a short polling loop with a deadline.
"""
from __future__ import annotations

import difflib
import html as htmllib
import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from html.parser import HTMLParser

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
PUBLIC = os.path.join(ROOT, "Public")


def _client_owned_attrs() -> frozenset[str]:
    """`CLIENT_OWNED_ATTRS` of Public/constants.js: attributes the client adds, ignored when comparing."""
    with open(os.path.join(PUBLIC, "constants.js"), encoding="utf-8") as f:
        source = f.read()
    m = re.search(r"CLIENT_OWNED_ATTRS\s*=\s*Object\.freeze\(\[([^\]]*)\]\)", source)
    assert m, "CLIENT_OWNED_ATTRS not found in Public/constants.js"
    return frozenset(re.findall(r"""["']([^"']+)["']""", m.group(1)))


CLIENT_OWNED_ATTRS = _client_owned_attrs()
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def free_port() -> int:
    """A loopback port the kernel reports free. Under pytest-xdist (`-n N`) each worker, a process with servers
    of its own, takes only ports of its own share, so that two workers never pick the same port in the moment
    between the kernel reporting it free and a server binding it. The share is `(port >> 1) % N`: Linux hands
    out odd ports to bind() (leaving even ones to connect()), so the lowest bit would not tell them apart."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    worker = int(os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or 0) % workers
    for _ in range(1000):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if (port >> 1) % workers == worker:
            return port
    raise AssertionError(f"no free port of worker {worker} of {workers} in 1,000 tries")


def wait_until(predicate, what: str, timeout: float = 5.0, interval: float = 0.02, on_timeout=None):
    """Polls `predicate` until it returns something truthy (returned) or `timeout` passes (AssertionError)."""
    end = time.monotonic() + timeout
    last_error = None
    while True:
        try:
            value = predicate()
            if value:
                return value
        except AssertionError:
            raise
        except Exception as error:  # a transient error (e.g. a stale element) is retried until the deadline
            last_error = error
        if time.monotonic() >= end:
            detail = on_timeout() if on_timeout else ""
            suffix = f" (last error: {last_error!r})" if last_error else ""
            raise AssertionError(f"timed out after {timeout:.1f}s waiting for {what}{suffix}\n{detail}")
        time.sleep(interval)


# ---- The demo server -------------------------------------------------------------------------------------------


class DemoServer:
    """`liveui-demo` as a subprocess on a fixed loopback port; can be stopped and started again on the same port."""

    def __init__(self, binary: str, port: int | None = None, args: list[str] | None = None):
        self.binary = binary
        self.args = list(args or [])  # more flags, e.g. ["--store", "sqlite:/tmp/x.db"]
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.log_path = os.path.join(ROOT, ".build", f"liveui-demo-{self.port}.log")

    def start(self, timeout: float = 20.0) -> "DemoServer":
        env = dict(os.environ, LIVEUI_LOGLEVEL=os.environ.get("LIVEUI_TEST_LOGLEVEL", "error"), LIVEUI_PUBLICDIRECTORY=PUBLIC)
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--host", "127.0.0.1", *self.args],
            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
        log.close()

        def healthy():
            if self.proc.poll() is not None:
                raise AssertionError(f"liveui-demo exited with {self.proc.returncode}; see {self.log_path}")
            try:
                with urllib.request.urlopen(f"{self.base}/healthz", timeout=1) as r:
                    return r.status == 200
            except (urllib.error.URLError, ConnectionError, OSError):
                return False

        wait_until(healthy, f"GET /healthz on port {self.port}", timeout=timeout, interval=0.05)
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"liveui-demo did not stop within {timeout}s of SIGTERM")

    def kill(self) -> None:
        """SIGKILL: the process ends at once, nothing flushed (a crash)."""
        if self.proc is None or self.proc.poll() is not None:
            return
        self.proc.kill()
        self.proc.wait()

    def request(self, path: str, sid: str | None = None, method: str = "GET", body: bytes | None = None,
                headers: dict | None = None):
        """(status, headers, body text) of one request, with the session cookie when given."""
        h = dict(headers or {})
        if sid:
            h["Cookie"] = f"liveui_sid={sid}"
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=h)
        try:
            with urllib.request.urlopen(req, timeout=5) as r:
                return r.status, dict(r.headers), r.read().decode("utf-8")
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read().decode("utf-8", "replace")


# ---- Normalised HTML -------------------------------------------------------------------------------------------


class _Canon(HTMLParser):
    """Tokens of an HTML fragment: entities decoded, attributes sorted (client-owned ones dropped), valueless
    attributes as "", whitespace-only text between tags dropped, void elements without end tags."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tokens: list[str] = []
        self.depth = 0
        self.lines: list[str] = []  # indented, for display

    def _attrs(self, attrs):
        pairs = sorted((k, "" if v is None else v) for k, v in attrs if k not in CLIENT_OWNED_ATTRS)
        return "".join(f' {k}="{htmllib.escape(v, quote=True)}"' for k, v in pairs)

    def handle_starttag(self, tag, attrs):
        token = f"<{tag}{self._attrs(attrs)}>"
        self.tokens.append(token)
        self.lines.append("  " * self.depth + token)
        if tag not in VOID:
            self.depth += 1

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        self.depth = max(0, self.depth - 1)
        token = f"</{tag}>"
        self.tokens.append(token)
        self.lines.append("  " * self.depth + token)

    def handle_data(self, data):
        if not data.strip():
            return
        token = htmllib.escape(data, quote=False)
        if self.tokens and not self.tokens[-1].startswith("<"):
            self.tokens[-1] += token  # adjacent text nodes (the browser may split them) are one
            self.lines[-1] += token
        else:
            self.tokens.append(token)
            self.lines.append("  " * self.depth + token)

    def handle_comment(self, data):
        pass


def canon(fragment: str) -> _Canon:
    parser = _Canon()
    parser.feed(fragment)
    parser.close()
    return parser


def normalise(fragment: str) -> str:
    return "".join(canon(fragment).tokens)


def side_by_side(left: str, right: str, left_title="browser #liveui-root", right_title="server GET /liveui/html",
                 width: int = 78, context: int = 6, max_lines: int = 160) -> str:
    """The two fragments, normalised and indented one tag per line, side by side; differing lines marked."""
    a, b = canon(left).lines, canon(right).lines
    rows = []

    def cell(s):
        return (s[: width - 1] + "…") if len(s) > width else s.ljust(width)

    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    opcodes = matcher.get_opcodes()
    differs = any(tag != "equal" for tag, *_ in opcodes)
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "equal":
            n = i2 - i1
            if differs and n > 2 * context:
                for k in range(context):
                    rows.append(f"{cell(a[i1 + k])}   {cell(b[j1 + k])}")
                rows.append(f"{'… ' + str(n - 2 * context) + ' equal lines …':^{2 * width + 3}}")
                for k in range(n - context, n):
                    rows.append(f"{cell(a[i1 + k])}   {cell(b[j1 + k])}")
            else:
                for k in range(n):
                    rows.append(f"{cell(a[i1 + k])}   {cell(b[j1 + k])}")
        else:
            la, lb = a[i1:i2], b[j1:j2]
            for k in range(max(len(la), len(lb))):
                x = la[k] if k < len(la) else ""
                y = lb[k] if k < len(lb) else ""
                rows.append(f"{cell(x)} ! {cell(y)}")
    if len(rows) > max_lines:
        rows = rows[:max_lines] + [f"… {len(rows) - max_lines} more lines"]
    first = next(((i1, i2, j1, j2) for tag, i1, i2, j1, j2 in opcodes if tag != "equal"), None)
    summary = ["(normalised, they are equal)"]
    if first:  # cells are cut at `width`: the first difference in full
        i1, i2, j1, j2 = first
        summary = ["first difference, in full:"]
        summary += ["  browser: " + line.strip() for line in a[i1:i2][:5]] or ["  browser: (nothing)"]
        summary += ["  server:  " + line.strip() for line in b[j1:j2][:5]] or ["  server:  (nothing)"]
    header = f"{cell(left_title)}   {cell(right_title)}\n{'-' * width}   {'-' * width}"
    return "\n".join(summary) + "\n" + header + "\n" + "\n".join(rows)


# ---- One tab ---------------------------------------------------------------------------------------------------

JS_STATE = """
const root = document.getElementById('liveui-root');
if (!root) return null;
return {version: root.getAttribute('data-liveui-version'), html: root.innerHTML};
"""


class Page:
    """Drives the current window of `driver` against `server`; knows the step being run (printed on failure)."""

    def __init__(self, driver, server: DemoServer, report):
        self.driver = driver
        self.server = server
        self.route = "/"
        self.current_step = "start"
        self._report = report  # the test's failure report (a list of sections)

    # -- navigation and steps

    def open(self, route: str) -> "Page":
        self.step(f"open {route}")
        self.route = route
        self.driver.get(self.server.base + route)
        wait_until(lambda: self.driver.execute_script(
            "const r = document.getElementById('liveui-root'); return !!(r && r.liveui)"),
            f"the LiveUI runtime to start on {route}", on_timeout=self.dump)
        self.converged()
        return self

    def step(self, name: str) -> None:
        now = time.monotonic()
        if os.environ.get("LIVEUI_STEP_TIMES") and getattr(self, "_step_started", None) is not None:
            print(f"  {now - self._step_started:6.2f}s  {self.current_step}")
        self._step_started = now
        self.current_step = name
        self._report["step"] = name
        self._report["page"] = self

    # -- reading both sides

    @property
    def sid(self) -> str:
        cookie = self.driver.get_cookie("liveui_sid")
        assert cookie, "the browser has no liveui_sid cookie"
        return cookie["value"]

    def server_state(self) -> tuple[int, str]:
        status, headers, body = self.server.request(f"/liveui/html?route={self.route}", sid=self.sid)
        assert status == 200, f"GET /liveui/html answered {status}: {body[:300]}"
        version = {k.lower(): v for k, v in headers.items()}.get("x-liveui-version")
        assert version is not None, "GET /liveui/html sent no X-LiveUI-Version"
        return int(version), body

    def browser_state(self) -> tuple[int | None, str]:
        state = self.driver.execute_script(JS_STATE)
        assert state is not None, "the page has no #liveui-root"
        v = state["version"]
        return (int(v) if v not in (None, "") else None), state["html"]

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    # -- convergence

    def converged(self, timeout: float = 5.0) -> int:
        """Waits until the browser has applied the version the server reports and its root equals the server's
        HTML (normalised); returns that version. On timeout, prints both sides."""
        last = {}

        def same():
            server_version, server_html = self.server_state()
            browser_version, browser_html = self.browser_state()
            last.update(sv=server_version, sh=server_html, bv=browser_version, bh=browser_html)
            if browser_version != server_version:
                return False
            return (server_version,) if normalise(browser_html) == normalise(server_html) else None

        try:
            return wait_until(same, "the browser to converge on the server's HTML", timeout=timeout)[0]
        except AssertionError as error:
            if not last:
                raise
            raise AssertionError(
                f"[step: {self.current_step}] browser (version {last['bv']}) != server (version {last['sv']}) "
                f"after {timeout:.1f}s\n" + side_by_side(last["bh"], last["sh"])) from error

    def dump(self) -> str:
        """The step, and the browser's root next to the server's HTML (for failure reports)."""
        try:
            bv, bh = self.browser_state()
        except Exception as e:  # noqa: BLE001 - a report must not fail
            bv, bh = None, f"<unavailable: {e!r}>"
        try:
            sv, sh = self.server_state()
        except Exception as e:  # noqa: BLE001
            sv, sh = None, f"<unavailable: {e!r}>"
        return (f"step: {self.current_step}\nbrowser version {bv}, server version {sv}\n"
                + side_by_side(bh, sh))

    # -- elements

    def aid(self, name: str):
        from selenium.webdriver.common.by import By
        return self.driver.find_element(By.CSS_SELECTOR, f'#liveui-root [data-aid="{name}"]')

    def click(self, name: str) -> None:
        """Clicks [data-aid=name] as a user would: scrolled into view first, clear of the sticky navigation bar."""
        el = self.aid(name)
        self.js("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", el)
        el.click()

    def aids(self, prefix: str) -> list[str]:
        return self.js(
            "return [...document.querySelectorAll(`#liveui-root [data-aid^='${arguments[0]}']`)]"
            ".map(e => e.getAttribute('data-aid'))", prefix)

    def ids(self, prefix: str) -> list[str]:
        """The accessibility identifiers that start with `prefix`, without it, in document order
        (`ids("row-")` lists a keyed list's row ids as the page shows them)."""
        return [a.removeprefix(prefix) for a in self.aids(prefix)]

    def text(self, name: str) -> str:
        return self.js(
            "const e = document.querySelector(`#liveui-root [data-aid='${arguments[0]}']`); return e && e.textContent",
            name)

    def wait_text(self, name: str, expected, timeout: float = 5.0) -> str:
        check = expected if callable(expected) else (lambda t: t == expected)
        return wait_until(lambda: (lambda t: t is not None and check(t) and (t or True))(self.text(name)),
                          f"[data-aid={name}] text to be {expected!r} (is {self.text(name)!r})",
                          timeout=timeout, on_timeout=self.dump)

    def frames(self, n: int = 2) -> None:
        """Lets the page run `n` animation frames (input and scroll are coalesced per frame before sending)."""
        self.driver.execute_async_script("""
            const done = arguments[arguments.length - 1];
            let left = arguments[0];
            const tick = () => (--left <= 0 ? done(true) : requestAnimationFrame(tick));
            requestAnimationFrame(tick);""", n)

    def settle(self, timeout: float = 5.0) -> int:
        """After an action: the frame's coalesced events are sent, every answer is in, and the page converged."""
        self.frames(2)
        self.transport_idle(timeout)
        return self.converged(timeout)

    def transport_idle(self, timeout: float = 5.0) -> None:
        """Waits until the client has no event queued, coalescing or in flight."""
        wait_until(lambda: self.js("""
            const l = document.getElementById('liveui-root').liveui;
            return l.transport.queue.length === 0 && !l.transport.inFlight""") is True,
            "the client's event queue to drain", timeout=timeout, on_timeout=self.dump)

    def count_posts(self) -> None:
        """Wraps `fetch` so that every POST /liveui/event body is recorded in `window.__posts`."""
        self.js("""
            if (window.__posts) { window.__posts.length = 0; return; }
            window.__posts = [];
            const original = window.fetch;
            window.fetch = function (url, init) {
              if (String(url).includes('/liveui/event') && init && init.method === 'POST') {
                try { window.__posts.push(JSON.parse(init.body)); } catch (e) { window.__posts.push(init.body); }
              }
              return original.apply(this, arguments);
            };""")

    def posts(self) -> list:
        return self.js("return window.__posts || []")
