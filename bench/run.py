#!/usr/bin/env python3
"""`make bench`: LiveUI's benchmarks in one run, written to BENCHMARKS.md and docs/bench-list.png.

1. In-process (`.build/release/liveui-bench`, no sockets): counter click, keyed lists (N = 10, 1,000,
   10,000), the seed's ViewStorage scroll, and memory per session. Each group runs in a fresh process
   (`--only GROUP --json PATH`), so one group's heap does not inflate the next one's memory numbers.
2. Over HTTP on loopback against `.build/pgo/release/liveui-demo`, the profile-guided server
   that ships (pgo/build.sh; started here on a free port):
   clicks on case 1's counter (`/counter/minimal`) and on the gallery's `/counter` page, and one-row
   clicks on the 1,000-row `/rows` page, with `wrk` spread over 100 sessions each, in rounds that
   interleave them with the `GET /healthz` floor under the same wrk settings; server CPU per event
   from /proc/<pid>/stat; where an event's CPU goes; SSE fan-out of one
   graph's ticks to 1,000 open streams (asyncio raw sockets); counter clicks with the SQLite and Redis
   state stores against memory (bench/stores.py).
3. Bytes on the wire: patch bytes per event vs. re-sending the full HTML.
4. Instructions per event, in-process and over HTTP, counted by callgrind (bench/instructions.py):
   exact where the timings above are noisy.

Usage: bench/run.py [--quick] [--out BENCHMARKS.md] [--skip-http] [--skip-inprocess] [--skip-instructions]
                    [--skip-stores]
`--quick` shortens every phase (a smoke run of the script itself; its numbers are not results).
"""

import argparse
import asyncio
import datetime
from http.client import HTTPConnection
import json
import os
import platform
import re
import resource
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The Makefile's RELEASE: cross-module optimisation and the Swift runtime linked in, as the Docker image
# builds, and the C targets' debug information in DWARF 4, which valgrind 3.19 reads (see the Makefile).
RELEASE_FLAGS = ["-c", "release", "-Xswiftc", "-cross-module-optimization", "--static-swift-stdlib", "-Xcc", "-gdwarf-4"]
BENCH_BIN = os.environ.get("LIVEUI_BENCH_BIN") or os.path.join(ROOT, ".build", "release", "liveui-bench")
# The server measured is the one that ships: the profile-guided build of pgo/build.sh.
DEMO_BIN = os.environ.get("LIVEUI_DEMO_BIN") or os.path.join(ROOT, ".build", "pgo", "release", "liveui-demo")
IN_PROCESS_GROUPS = ["counter", "lists", "scroll", "todo", "lazy", "memory-counter", "memory-todo", "memory-bigtodo",
                     "memory-list", "memory-lazy"]
CLK_TCK = os.sysconf("SC_CLK_TCK")
PERF_OUTPUT = None  # set by --perf

# Environment names as `Configuration.environmentName(of:)` spells them (words joined by `_`):
# logLevel → LIVEUI_LOG_LEVEL, eventsPerSecond → LIVEUI_EVENTS_PER_SECOND, …
SERVER_ENV = {
    "LIVEUI_LOG_LEVEL": "error",
    "LIVEUI_EVENTS_PER_SECOND": "0",  # no per-session rate limit: we measure the server, not the limiter
    "LIVEUI_PER_IP_CONNECTION_LIMIT": "4000",  # every client is 127.0.0.1
    "LIVEUI_CONNECTION_LIMIT": "8000",
    "LIVEUI_MAX_SESSIONS": "100000",
    "LIVEUI_SESSION_BURST_PER_ADDRESS": "0",  # every session comes from 127.0.0.1
    "LIVEUI_MAX_STREAMS_PER_SESSION": "100000",  # the SSE fan-out opens its 1,000 streams on one session
    "LIVEUI_UNUSED_SESSION_TTL": "900",  # idle sessions are measured, not expired
    "LIVEUI_STORE": "memory",  # state in memory only; bench/stores.py measures the durable stores against it
}


def log(*parts):
    print(*parts, flush=True)


# ----------------------------------------------------------------------------------------------
# Results


class Row:
    """One measurement: `lower` is True when smaller is better."""

    def __init__(self, group, name, unit, measured, target=None, lower=True, note=""):
        self.group, self.name, self.unit = group, name, unit
        self.measured, self.target, self.lower, self.note = measured, target, lower, note

    @property
    def met(self):
        if self.target is None or self.measured is None:
            return None
        return self.measured <= self.target if self.lower else self.measured >= self.target

    @property
    def ratio(self):
        if self.target in (None, 0) or self.measured is None:
            return None
        return self.measured / self.target


def fmt(value):
    if value is None:
        return "—"
    if isinstance(value, str):
        return value
    a = abs(value)
    if a >= 1000:
        return f"{value:,.0f}"
    if a >= 100:
        return f"{value:.0f}"
    if a >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


# ----------------------------------------------------------------------------------------------
# 1. In-process


def run_in_process(quick):
    rows = []
    for group in IN_PROCESS_GROUPS:
        with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
            path = f.name
        args = [BENCH_BIN, "--only", group, "--json", path] + (["--quick"] if quick else [])
        log(f"· in-process: {group}")
        started = time.monotonic()
        proc = subprocess.run(args, cwd=ROOT, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"liveui-bench --only {group} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}")
        with open(path) as f:
            for r in json.load(f):
                rows.append(Row(r["group"], r["name"], r["unit"], r["measured"], r.get("target"),
                                r.get("lowerIsBetter", True), r.get("note", "")))
        os.unlink(path)
        log(f"  {time.monotonic() - started:.1f} s")
    return rows


def find(rows, group, name):
    for r in rows:
        if r.group == group and r.name.startswith(name):
            return r.measured
    return None


# ----------------------------------------------------------------------------------------------
# 2. HTTP


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(port, method, path, body=None, headers=None, timeout=10):
    req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method, headers=headers or {})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        return resp.status, resp.read()


def http_status(port, method, path, body=None, headers=None):
    """The status of one request, error statuses included."""
    try:
        return http(port, method, path, body, headers)[0]
    except urllib.error.HTTPError as error:
        return error.code


def cpu_seconds(pid):
    """utime + stime of a process (all its threads), in seconds."""
    user, system = cpu_split(pid)
    return user + system


def cpu_split(pid):
    """utime and stime of a process (all its threads): its CPU seconds in user space and in the kernel."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # fields[0] is the state (field 3 of stat); utime and stime are fields 14 and 15.
    return int(fields[11]) / CLK_TCK, int(fields[12]) / CLK_TCK


def machine_times():
    """The whole machine's CPU time since boot (`/proc/stat`'s `cpu` line, in ticks): its `total`, and the
    `steal` in it, the time the hypervisor ran something else while this VM's cores had work."""
    with open("/proc/stat") as f:
        # user nice system idle iowait irq softirq steal (guest time is already in user).
        fields = ([int(v) for v in f.readline().split()[1:]] + [0] * 8)[:8]
    return {"total": sum(fields), "steal": fields[7]}


def steal_share(before, after):
    """The share of the machine's time between two `machine_times` readings that was stolen, in %."""
    return 100 * (after["steal"] - before["steal"]) / max(1, after["total"] - before["total"])


# What `liveui-bench --probe` measures (Sources/LiveUIBench/MachineProbe.swift): its key, the work, and
# what bounds that work.
PROBES = [
    ("chain_ns", "CPU per step of one chain of dependent multiplications", "the core's clock"),
    ("wide_ns", "CPU per step of eight independent chains", "the core's throughput, which a busy sibling thread shares"),
    ("memory_ns", "CPU per random read from 64 MiB", "memory's latency, page walks included"),
    ("syscall_ns", "CPU per empty system call (getppid)", "entering and leaving the kernel"),
]


def machine_probe(quick):
    """How fast the machine runs right now, by fixed work that involves none of LiveUI: nanoseconds of
    thread CPU per step of each of `PROBES` (`liveui-bench --probe`)."""
    if not os.path.exists(BENCH_BIN):
        raise SystemExit(f"bench/run.py: {BENCH_BIN} is missing: build it first (make test-bench)")
    out = subprocess.run([BENCH_BIN, "--probe"] + (["--quick"] if quick else []),
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def per_thread(pid, name, parse):
    """{thread id: parse(text of /proc/<pid>/task/<tid>/<name>)} for the threads alive now."""
    values = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/{name}") as f:
                values[task] = parse(f.read())
        except (OSError, IndexError, ValueError, AttributeError):
            pass  # a thread that exited between listing and reading
    return values


def run_queue_waits(pid):
    """Per thread: time it spent runnable but waiting for a CPU (schedstat field 2), in seconds.
    On a shared machine this is the latency other processes add."""
    return per_thread(pid, "schedstat", lambda text: int(text.split()[1]) / 1e9)


def involuntary_switches(pid):
    """Per thread: times it was preempted (`nonvoluntary_ctxt_switches`)."""
    return per_thread(pid, "status", lambda text: int(
        re.search(r"^nonvoluntary_ctxt_switches:\s+(\d+)", text, re.M).group(1)))


def increase_between(before, after):
    """What per-thread counters (`run_queue_waits`, `involuntary_switches`) grew by between two readings
    (threads that exited in between are not counted, so this is a lower bound)."""
    return sum(value - before.get(task, 0) for task, value in after.items())


def rss_bytes(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


class Server:
    def __init__(self, extra_env=None):
        self.port = free_port()
        env = {**os.environ, **SERVER_ENV, **(extra_env or {})}
        self.log = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([DEMO_BIN, "--port", str(self.port)], cwd=ROOT, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"liveui-demo exited ({self.proc.returncode}): {self.output()}")
            try:
                if http(self.port, "GET", "/healthz", timeout=1)[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("liveui-demo did not answer /healthz within 20 s")

    def output(self):
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def stop(self):
        stop_process(self.proc, timeout=10)


def stop_process(proc, timeout):
    """Terminates `proc`, and kills it if it has not exited within `timeout` seconds."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def create_session(port, route):
    status, body = http(port, "POST", f"/liveui/session?route={route}", body=b"",
                        headers={"Content-Type": "application/json"})
    data = json.loads(body)
    return data["session"], data["token"], len(data["html"].encode())


WRK_LUA = r"""
-- Generated by bench/run.py. Each wrk thread walks the request list from its own offset;
-- requests are built once in init() so the per-request Lua cost is the same for every run.
-- Request i goes to session i (cycling) and clicks target (i - 1) * 37 (cycling): with 1,000 row
-- targets and 100 sessions, 1,000 requests spread over every row once.
local sessions = { %(sessions)s }
local targets = { %(targets)s }
local count = %(count)d
local path = "%(path)s"
-- With `tabs`, each event names its session's tab (the first 16 characters of the session id), as a browser
-- tab does whose event stream named itself so.
local tabs = %(tabs)s
-- With `route`, each event names its page, as a browser's do (a session resumed from a store has no most
-- recent page to default to).
local route = %(route)s
local threads_started = 0
local requests_by_thread = {}
local index = 0

function setup(thread)
  thread:set("offset", threads_started * 37)
  threads_started = threads_started + 1
end

function init(args)
  requests_by_thread = {}
  for i = 1, count do
    local s = sessions[((i - 1) %% #sessions) + 1]
    local target = targets[(((i - 1) * 37) %% #targets) + 1]
    if path == "/healthz" then
      requests_by_thread[i] = wrk.format("GET", "/healthz")
    else
      requests_by_thread[i] = wrk.format("POST", path, {
        ["X-LiveUI-Session"] = s[1], ["X-LiveUI-Token"] = s[2], ["Content-Type"] = "application/json"
      }, '{"target":"' .. target .. '","type":"click"' .. (tabs and (',"tab":"' .. string.sub(s[1], 1, 16) .. '"') or '') ..
        (route and (',"route":"' .. route .. '"') or '') .. '}')
    end
  end
  index = tonumber(offset) or 0
end

function request()
  index = index + 1
  return requests_by_thread[(index %% #requests_by_thread) + 1]
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%%d,"duration_us":%%d,"bytes":%%d,"connect":%%d,"read":%%d,"write":%%d,"status":%%d,"timeout":%%d,' ..
    '"p50_us":%%d,"p90_us":%%d,"p99_us":%%d,"mean_us":%%f,"max_us":%%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max))
end
"""


# wrk shares this machine's two cores with the server it loads. At the normal policy, each answer the
# server sends wakes a wrk thread that preempts the server's thread on its core in the middle of its
# next request, whose CPU time then includes the switch and refilling the caches wrk used: ≈ 0.1
# involuntary context switches per click, against ≈ 0.01 for a wrk run as SCHED_BATCH, which the kernel
# does not let preempt on wake-up (it runs when a server thread waits or its time slice ends). A load
# generator on other machines, as a deployed server has, preempts nothing, so wrk runs as SCHED_BATCH
# (`chrt --batch 0`, no privilege needed); `make bench` also measures the counter click at the normal
# policy, in the same rounds, and reports it beside.
WRK_POLICY = ["chrt", "--batch", "0"] if shutil.which("chrt") else []


def wrk(port, lua_path, seconds, threads, connections, batch=True):
    args = [*(WRK_POLICY if batch else []), "wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s",
            "--latency", "-s", lua_path, f"http://127.0.0.1:{port}/"]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=seconds + 60)
    m = re.search(r"WRKJSON (\{.*\})", proc.stdout)
    if not m:
        raise SystemExit(f"wrk failed:\n{proc.stdout}\n{proc.stderr}")
    result = json.loads(m.group(1))
    result["rps"] = result["requests"] / (result["duration_us"] / 1e6)
    return result


def write_lua(directory, name, path, sessions, targets=("increment",), count=None, tabs=False, route=None):
    text = WRK_LUA % {
        "tabs": "true" if tabs else "false",
        "route": json.dumps(route) if route else "nil",
        "sessions": ", ".join('{"%s","%s"}' % (s, t) for s, t, _ in sessions),
        "targets": ", ".join('"%s"' % t for t in targets),
        "count": count or len(sessions),
        "path": path,
    }
    file = os.path.join(directory, name)
    with open(file, "w") as f:
        f.write(text)
    return file


def counter_value(port, session, route):
    sid, token, _ = session
    _, body = http(port, "GET", f"/liveui/html?route={route}", headers={"X-LiveUI-Session": sid})
    m = re.search(rb"Count: (-?\d+)", body)
    return int(m.group(1)) if m else None


def per_request_us(seconds, result):
    """`seconds` of server time spread over a wrk run's completed requests, in µs per request."""
    return 1e6 * seconds / max(1, result["requests"])


def measured_wrk(server, lua, seconds, threads, connections, perf_path=None, batch=True):
    """One measured wrk run: its result, the server's CPU seconds during it, and the seconds its threads
    waited for a CPU. With `perf_path` (`--perf`), the server is profiled (call graphs) during the run;
    `batch` False runs wrk at the normal scheduling policy (see `WRK_POLICY`)."""
    pid = server.proc.pid
    perf = None
    if perf_path:
        perf = subprocess.Popen(["perf", "record", "-g", "-F", "999", "-p", str(pid), "-o", perf_path],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1)
    (user0, sys0), wait0, switches0 = cpu_split(pid), run_queue_waits(pid), involuntary_switches(pid)
    result = wrk(server.port, lua, seconds, threads, connections, batch)
    (user1, sys1), wait1, switches1 = cpu_split(pid), run_queue_waits(pid), involuntary_switches(pid)
    if perf:
        perf.send_signal(2)
        perf.wait(timeout=60)
    # The kernel's share (sockets, epoll, the loopback's delivery to wrk), per request.
    result["sys_us"] = per_request_us(sys1 - sys0, result)
    result["preempted"] = increase_between(switches0, switches1) / max(1, result["requests"])
    return result, (user1 - user0) + (sys1 - sys0), increase_between(wait0, wait1)


# The counter of case 1 (`MinimalCounter`: one text, one button), served by the demo: the HTTP
# counter targets are measured on the same view as the in-process click, so that the two differ by
# exactly the HTTP path. The gallery's /counter page (a navigation stack, three buttons, a link) is
# measured beside it, without a target.
COUNTER_ROUTE = "/counter/minimal"


def wrk_errors(result):
    return sum(result[k] for k in ("connect", "read", "write", "status", "timeout"))


def stream_request(port, sid, route, tab=None):
    """The bytes of a `GET /liveui/stream` for session `sid` on `route`, naming `tab` if given."""
    query = f"route={route}" + (f"&tab={tab}" if tab else "")
    return (f"GET /liveui/stream?{query} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"X-LiveUI-Session: {sid}\r\nAccept: text/event-stream\r\n\r\n").encode()


class TabStreams:
    """One open event stream per session, each named with its session's tab (the first 16 characters of the
    session id), as a browser tab keeps its stream open while it posts events; read and counted on one thread."""

    def __init__(self, port, sessions, route):
        self.sockets = []
        self.bytes = 0
        self.lock = threading.Lock()
        for sid, _, _ in sessions:
            connection = socket.create_connection(("127.0.0.1", port))
            connection.sendall(stream_request(port, sid, route, tab=sid[:16]))
            head = b""
            while b"\r\n\r\n" not in head:
                chunk = connection.recv(4096)
                if not chunk:
                    raise SystemExit("an event stream closed before its answer's head")
                head += chunk
            if not head.startswith(b"HTTP/1.1 200"):
                raise SystemExit(f"an event stream was refused: {head[:80]!r}")
            connection.setblocking(False)
            self.sockets.append(connection)
        self.selector = selectors.DefaultSelector()
        for connection in self.sockets:
            self.selector.register(connection, selectors.EVENT_READ)
        self.open = True
        self.thread = threading.Thread(target=self.drain, daemon=True)
        self.thread.start()

    def drain(self):
        while self.open:
            for key, _ in self.selector.select(timeout=0.2):
                try:
                    data = key.fileobj.recv(65536)
                except (BlockingIOError, OSError):
                    continue
                with self.lock:
                    self.bytes += len(data)

    def received(self):
        """Bytes the streams have received so far (heads excluded)."""
        with self.lock:
            return self.bytes

    def close(self):
        self.open = False
        self.thread.join()
        for connection in self.sockets:
            connection.close()


def run_http_rounds(server, quick, rows, extra):
    """The HTTP throughput cases, interleaved: each round runs the /healthz floor, case 1's counter,
    the demo's /counter page and a one-row change in a 1,000-row list back to back, and every figure is
    the median over the rounds (each ratio to the floor is taken within its round first). On this
    shared 2-core VM a single 10 s run of each case, one after the other, compares different hours;
    adjacent 4 s runs, repeated, compare like with like."""
    port = server.port
    rounds, seconds = (1, 2) if quick else (5, 4)
    threads, connections = 2, 64
    row_sessions = 10 if quick else 100
    log(f"· http: 100 + 100 counter sessions (the second 100 with an open event stream each), 100 /counter page "
        f"sessions and {row_sessions} sessions of the 1,000-row /rows page")
    counter = [create_session(port, COUNTER_ROUTE) for _ in range(100)]
    tabbed = [create_session(port, COUNTER_ROUTE) for _ in range(100)]
    page = [create_session(port, "/counter") for _ in range(100)]
    lists = [create_session(port, "/rows") for _ in range(row_sessions)]
    with tempfile.TemporaryDirectory() as tmp:
        cases = [
            ("floor", write_lua(tmp, "healthz.lua", "/healthz", counter)),
            ("counter", write_lua(tmp, "click.lua", "/liveui/event", counter)),
            ("counter-normal", write_lua(tmp, "click-normal.lua", "/liveui/event", counter)),
            ("counter-tabs", write_lua(tmp, "click-tabs.lua", "/liveui/event", tabbed, tabs=True)),
            ("page", write_lua(tmp, "page.lua", "/liveui/event", page)),
            ("rows", write_lua(tmp, "rows.lua", "/liveui/event", lists, targets=[f"row-{i}" for i in range(1000)], count=1000)),
        ]
        streams = TabStreams(port, tabbed, COUNTER_ROUTE)
        log("· http: warm-up")
        for _, lua in cases:
            wrk(port, lua, 1 if quick else 2, threads, connections)

        def totals():
            """Clicks each case's sessions have applied so far, read from their HTML."""
            return {"counter": sum(counter_value(port, s, COUNTER_ROUTE) for s in counter),
                    "page": sum(counter_value(port, s, "/counter") for s in page),
                    "rows": sum(total_taps(port, s) for s in lists)}

        before = totals()
        machine_before = machine_times()
        runs = {name: [] for name, _ in cases}
        probes = []
        stream_bytes = 0
        for r in range(rounds):
            log(f"· http: round {r + 1} of {rounds}: the machine's speed, /healthz, counter clicks (wrk as SCHED_BATCH, then at the "
                f"normal policy, then with each session's tab stream open), /counter page clicks, row clicks, wrk -t{threads} -c{connections} -d{seconds}s each")
            probes.append(machine_probe(quick))
            log("  machine: " + ", ".join(f"{key} {probes[-1][key]:.2f}" for key, _, _ in PROBES))
            for name, lua in cases:
                perf = PERF_OUTPUT and f"{PERF_OUTPUT}-{name}-{r + 1}"
                received = streams.received()
                result, cpu, waited = measured_wrk(server, lua, seconds, threads, connections, perf,
                                                   batch=name != "counter-normal")
                if name == "counter-tabs":
                    stream_bytes += streams.received() - received
                result["cpu_us"] = per_request_us(cpu, result)
                result["wait_us"] = per_request_us(waited, result)
                runs[name].append(result)
                log(f"  {name}: {result['rps']:.0f} req/s, {result['cpu_us']:.1f} µs server CPU per request")
        stolen = steal_share(machine_before, machine_times())
        applied = {name: total - before[name] for name, total in totals().items()}
        streams.close()

    def med(name, key):
        return statistics.median(run[key] for run in runs[name])

    def ratio(name, key):
        """The median over the rounds of `name`'s `key` ÷ the floor's in the same round."""
        return statistics.median(run[key] / floor[key] for run, floor in zip(runs[name], runs["floor"]))

    def answered(name):
        return sum(run["requests"] for run in runs[name])

    def spread(name):
        """The lowest and highest server CPU per request of `name`'s rounds: how far one run's hours move it."""
        values = [run["cpu_us"] for run in runs[name]]
        return f"rounds {min(values):.1f}–{max(values):.1f} µs"

    same = (f"median of {rounds} interleaved rounds, wrk -t{threads} -c{connections} -d{seconds}s each as SCHED_BATCH, "
            "same server")
    cpu_note = "utime+stime of liveui-demo from /proc/<pid>/stat ÷ events (10 ms tick resolution), median of the rounds"
    g = "HTTP: counter clicks vs. /healthz"
    rows += [
        Row(g, "GET /healthz floor: requests/s", "req/s", med("floor", "rps"), note=same),
        Row(g, "GET /healthz floor: p50 latency", "µs", med("floor", "p50_us")),
        Row(g, "GET /healthz floor: p99 latency", "µs", med("floor", "p99_us")),
        Row(g, "counter click: events/s", "events/s", med("counter", "rps"),
            note=f"POST /liveui/event on {COUNTER_ROUTE} (case 1's counter), 100 sessions"),
        Row(g, "counter click: p50 latency", "µs", med("counter", "p50_us")),
        Row(g, "counter click: p99 latency", "µs", med("counter", "p99_us")),
        Row(g, "counter clicks / healthz floor", "%", 100 * ratio("counter", "rps"), target=50, lower=False,
            note="events/s ÷ the floor's requests/s of the same round"),
        Row(g, "server CPU per counter event", "µs", med("counter", "cpu_us"), target=20,
            note=f"{cpu_note}; {spread('counter')}"),
        Row(g, "server CPU per /healthz request", "µs", med("floor", "cpu_us"), note=spread("floor")),
        Row(g, "server CPU per counter event ÷ per /healthz request", "×", ratio("counter", "cpu_us"),
            note="the same two costs as a ratio, which the machine's speed in that hour cancels out of"),
        Row(g, "server CPU per counter event, wrk at the normal policy", "µs", med("counter-normal", "cpu_us"),
            note=f"the same clicks in the same rounds with wrk able to preempt the server on wake-up: "
                 f"{med('counter-normal', 'preempted'):.3f} involuntary context switches of the server per event, "
                 f"against {med('counter', 'preempted'):.3f} with wrk as SCHED_BATCH (see WRK_POLICY in bench/run.py)"),
        Row(g, "server CPU per counter event, each session's tab with its event stream open", "µs",
            med("counter-tabs", "cpu_us"),
            note="as a browser tab: 100 other sessions, each with an open GET /liveui/stream?tab=… whose events "
                 "name that tab (the answer carries the update; the tab's own stream is left out of it), "
                 "in the same rounds"),
        Row(g, "stream bytes per counter event, each session's tab with its event stream open", "B",
            stream_bytes / max(1, answered("counter-tabs")),
            note="bytes the 100 streams received during those clicks ÷ the clicks: heartbeats only, no update twice"),
        Row(g, "server run-queue wait per counter event", "µs", med("counter", "wait_us"),
            note="time the server's threads were runnable but had no CPU (/proc/<pid>/task/*/schedstat): the shared machine's share"),
        Row(g, "the cores' time stolen by the hypervisor during these rounds", "%", stolen,
            note="/proc/stat's steal ÷ all its time over the rounds: the VM was ready to run and the host ran something "
                 "else. An hour whose floor is dear with little steal is one whose time runs slower, not shorter"),
    ]
    for key, work, bound in PROBES:
        values = [probe[key] for probe in probes]
        rows.append(Row(g, f"the machine before each round: {work}", "ns", statistics.median(values),
                        note=f"liveui-bench --probe, before the round's /healthz: fixed work that involves none of "
                             f"LiveUI, bound by {bound}; thread CPU time, median of the rounds; rounds "
                             f"{min(values):.2f}–{max(values):.2f} ns. The same work costs more in a slower hour"))
    rows += [
        Row(g, "wrk errors (clicks / floor)", "", sum(wrk_errors(run) for run in runs["counter"]), target=0,
            note=f"floor: {sum(wrk_errors(run) for run in runs['floor'])}; non-2xx and socket errors as wrk counts them"),
        Row(g, "events applied / events answered", "%",
            100 * applied["counter"] / max(1, answered("counter") + answered("counter-normal")),
            note="sum of the 100 counters' increments ÷ wrk's completed requests at both policies "
                 "(in-flight ones at the end add a few)"),
        Row(g, "demo /counter page: events/s", "events/s", med("page", "rps"),
            note="the gallery's counter page (navigation stack, three buttons, a link), 100 sessions"),
        Row(g, "demo /counter page: clicks / healthz floor", "%", 100 * ratio("page", "rps")),
        Row(g, "demo /counter page: server CPU per event", "µs", med("page", "cpu_us"), note=cpu_note),
        Row(g, "demo /counter page: wrk errors", "", sum(wrk_errors(run) for run in runs["page"]), target=0),
        Row(g, "demo /counter page: events applied / events answered", "%", 100 * applied["page"] / max(1, answered("page"))),
    ]
    g = "HTTP: one-row change in a 1,000-row list"
    rows += [
        Row(g, "row click: events/s", "events/s", med("rows", "rps"),
            note=f"POST /liveui/event on /rows, {row_sessions} sessions, a different row each time"),
        Row(g, "row click: p50 latency", "µs", med("rows", "p50_us")),
        Row(g, "row click: p99 latency", "µs", med("rows", "p99_us")),
        Row(g, "server CPU per one-row change", "µs", med("rows", "cpu_us"), target=35,
            note=f"{cpu_note}; {spread('rows')}"),
        Row(g, "server CPU per one-row change ÷ per /healthz request", "×", ratio("rows", "cpu_us")),
        Row(g, "server CPU per one-row change ÷ per counter event", "×",
            statistics.median(run["cpu_us"] / counter["cpu_us"] for run, counter in zip(runs["rows"], runs["counter"])),
            target=2, note="each round's row taps (each session's list asleep when tapped) ÷ its counter clicks "
                           f"({COUNTER_ROUTE}), median of the rounds"),
        Row(g, "row click: p99 ÷ p50 latency", "×",
            statistics.median(run["p99_us"] / max(1, run["p50_us"]) for run in runs["rows"]), target=3,
            note="within each round, median of the rounds"),
        Row(g, "wrk errors", "", sum(wrk_errors(run) for run in runs["rows"]), target=0,
            note="non-2xx and socket errors as wrk counts them"),
        Row(g, "events applied / events answered", "%", 100 * applied["rows"] / max(1, answered("rows")),
            note="sum of every row's taps ÷ wrk's completed requests (in-flight ones at the end add a few)"),
        Row(g, "row clicks / healthz floor", "%", 100 * ratio("rows", "rps"), note="within each round"),
    ]
    extra["floor_cpu"], extra["click_cpu"] = med("floor", "cpu_us"), med("counter", "cpu_us")
    extra["page_cpu"], extra["row_cpu"] = med("page", "cpu_us"), med("rows", "cpu_us")
    extra["floor_sys"], extra["click_sys"], extra["row_sys"] = med("floor", "sys_us"), med("counter", "sys_us"), med("rows", "sys_us")

    # Bytes of one event's HTTP answer vs. the page's full HTML (the wire view of 'bytes per event').
    sid, token, _ = counter[0]
    _, body = http(port, "POST", "/liveui/event", body=b'{"target":"increment","type":"click"}',
                   headers={"X-LiveUI-Session": sid, "X-LiveUI-Token": token, "Content-Type": "application/json"})
    _, html = http(port, "GET", f"/liveui/html?route={COUNTER_ROUTE}", headers={"X-LiveUI-Session": sid})
    extra["http_event_bytes"], extra["http_html_bytes"] = len(body), len(html)


class StreamClient(asyncio.Protocol):
    """One SSE connection: records when each `id: <version>` line arrives."""

    def __init__(self, request, arrivals, ready):
        self.request, self.arrivals, self.ready = request, arrivals, ready
        self.buffer = b""
        self.headers_done = False
        self.chunked = False
        self.raw = b""
        self.status = None

    def connection_made(self, transport):
        self.transport = transport
        transport.write(self.request)

    def data_received(self, data):
        t = time.perf_counter()
        if not self.headers_done:
            self.raw += data
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            head, data = self.raw[:end].decode("latin-1"), self.raw[end + 4:]
            self.status = int(head.split()[1])
            self.chunked = "transfer-encoding: chunked" in head.lower()
            self.headers_done = True
            self.ready(self)
            self.raw = b""
        if self.chunked:
            data = self.dechunk(data)
        self.buffer += data
        while True:
            nl = self.buffer.find(b"\n")
            if nl < 0:
                break
            line, self.buffer = self.buffer[:nl], self.buffer[nl + 1:]
            if line.startswith(b"id: "):
                self.arrivals.setdefault(int(line[4:].strip()), []).append(t)

    def dechunk(self, data):
        # Minimal HTTP/1.1 chunked decoder over a running buffer.
        self.raw += data
        out = b""
        while True:
            if getattr(self, "remaining", 0) > 0:
                take = self.raw[: self.remaining]
                out += take
                self.raw = self.raw[len(take):]
                self.remaining -= len(take)
                if self.remaining > 0:
                    return out
                self.skip_crlf = True
            if getattr(self, "skip_crlf", False):
                if len(self.raw) < 2:
                    return out
                self.raw = self.raw[2:]
                self.skip_crlf = False
            nl = self.raw.find(b"\r\n")
            if nl < 0:
                return out
            size = int(self.raw[:nl].split(b";")[0] or b"0", 16)
            self.raw = self.raw[nl + 2:]
            if size == 0:
                return out
            self.remaining = size


async def sse_fanout(port, streams, seconds):
    sid, token, _ = create_session(port, "/clock")
    request = stream_request(port, sid, "/clock")
    loop = asyncio.get_running_loop()
    arrivals = {}
    ready = []
    transports = []
    for i in range(streams):
        transport, protocol = await loop.create_connection(
            lambda: StreamClient(request, arrivals, ready.append), "127.0.0.1", port)
        transports.append(transport)
    deadline = time.monotonic() + 30
    while len(ready) < streams and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    ok = sum(1 for p in ready if p.status == 200)
    # Only ticks that start after every stream is attached count.
    first_version = max(arrivals) + 1 if arrivals else 0
    await asyncio.sleep(seconds)
    for t in transports:
        t.close()
    spreads, complete, partial = [], 0, 0
    for version, times in sorted(arrivals.items()):
        if version < first_version:
            continue
        if len(times) == streams:
            complete += 1
            spreads.append(1000 * (max(times) - min(times)))
        else:
            partial += 1
    return ok, complete, partial, spreads


def total_taps(port, session):
    sid, _, _ = session
    _, body = http(port, "GET", "/liveui/html?route=/rows", headers={"X-LiveUI-Session": sid})
    return sum(int(n) for n in re.findall(rb"Taps (\d+)", body))


def run_http_path(server, quick, rows, extra):
    """Where an event's server CPU goes: requests that stop at successive points of the event path,
    each measured alone like the clicks (same sessions, same wrk settings). A refused token stops
    before the session's graph; an unknown target makes the whole trip to the session's worker and
    back, with no view work. What a click costs beyond the second is the graph's update."""
    port = server.port
    seconds = 2 if quick else 5
    threads, connections = 2, 64
    sessions = [create_session(port, COUNTER_ROUTE) for _ in range(100 if not quick else 10)]
    refused = [(sid, "A" * len(token), size) for sid, token, size in sessions]
    g = "HTTP: where an event's server CPU goes"
    with tempfile.TemporaryDirectory() as tmp:
        cases = [
            ("POST /liveui/event refused at the token check (403)", write_lua(tmp, "refused.lua", "/liveui/event", refused),
             "body parse, session lookup and token check; no graph is touched", 403),
            ("POST /liveui/event for an unknown target (404)", write_lua(tmp, "unknown.lua", "/liveui/event", sessions, targets=("no-such-target",)),
             "the whole trip: to the session's worker, the graph's target lookup, the answer back to libmicrohttpd; no view work", 404),
        ]
        probes = {403: (sessions[0][0], refused[0][1], "increment"), 404: (sessions[0][0], sessions[0][1], "no-such-target")}
        for name, lua, note, status in cases:
            sid, token, target = probes[status]
            got = http_status(port, "POST", "/liveui/event", body=('{"target":"%s","type":"click"}' % target).encode(),
                          headers={"X-LiveUI-Session": sid, "X-LiveUI-Token": token, "Content-Type": "application/json"})
            if got != status:
                raise SystemExit(f"{name}: expected {status}, got {got}")
            wrk(port, lua, 1, threads, connections)
            log(f"· http: {name}, wrk -t{threads} -c{connections} -d{seconds}s")
            result, cpu, _ = measured_wrk(server, lua, seconds, threads, connections)
            log(f"  {result['rps']:.0f} req/s, {per_request_us(cpu, result):.1f} µs server CPU per request")
            rows.append(Row(g, f"server CPU per request: {name}", "µs", per_request_us(cpu, result), note=note))
    floor = extra.get("floor_cpu")
    if floor is not None:
        rows.insert(len(rows) - len(cases), Row(g, "server CPU per request: GET /healthz (the floor)", "µs", floor,
                                                 note="measured in the rounds above"))
    for name, key in (("a counter click (case 1's counter)", "click_cpu"),
                      ("a one-row change in a 1,000-row list (/rows)", "row_cpu"),
                      ("a click on the demo's /counter page", "page_cpu")):
        if extra.get(key) is not None:
            rows.append(Row(g, f"server CPU per request: {name}", "µs", extra[key], note="measured in the rounds above"))
    kernel = "stime of liveui-demo ÷ requests, median of the rounds above: the kernel's part of the CPU per request " \
             "(receiving, sending, epoll; on loopback the send also delivers the answer to wrk's socket)"
    for name, key in (("GET /healthz", "floor_sys"), ("a counter click", "click_sys"), ("a one-row change", "row_sys")):
        if extra.get(key) is not None:
            rows.append(Row(g, f"server CPU per request in the kernel: {name}", "µs", extra[key], note=kernel))


ALLOCATION_COUNTER_SOURCE = os.path.join(ROOT, "Sources", "CAllocationCounter", "allocation_counter.c")


def build_allocation_counter(directory):
    """The bench's counting malloc as an LD_PRELOAD library that reports its count at exit, or None
    without a C compiler."""
    compiler = next((cc for cc in ("cc", "gcc", "clang") if shutil.which(cc)), None)
    if compiler is None:
        return None
    library = os.path.join(directory, "liveui-allocation-counter.so")
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-DLIVEUI_ALLOCATION_REPORT",
                    "-I", os.path.dirname(ALLOCATION_COUNTER_SOURCE) + "/include", "-o", library,
                    ALLOCATION_COUNTER_SOURCE, "-ldl"], check=True)
    return library


def server_allocations(library, route, requests, count):
    """Heap allocations of a fresh liveui-demo (LD_PRELOAD counter) over its whole life, having served
    `count` of `requests(session, i)` on one keep-alive connection after opening one session on `route`."""
    server = Server({"LD_PRELOAD": library})
    try:
        session = create_session(server.port, route)
        connection = HTTPConnection("127.0.0.1", server.port, timeout=10)
        for i in range(count):
            method, path, body, headers = requests(session, i)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
        connection.close()
    finally:
        server.stop()
    found = re.findall(r"LIVEUI_ALLOCATIONS (\d+)", server.output())
    if not found:
        raise SystemExit(f"the allocation counter reported nothing: {server.output()}")
    return int(found[-1])


def run_http_allocations(quick, rows):
    """Server heap allocations per request, each kind in fresh servers: the difference between a
    server that answered `many` requests and one that answered `few`, divided by the difference.
    Counts, unlike CPU time, are the same in every run."""
    few, many = (20, 120) if quick else (200, 1200)
    g = "HTTP: heap allocations per request (server)"

    def event(target, bad_token=False):
        def make(session, i):
            sid, token, _ = session
            name = target(i) if callable(target) else target
            return ("POST", "/liveui/event", ('{"target":"%s","type":"click"}' % name).encode(),
                    {"X-LiveUI-Session": sid, "X-LiveUI-Token": "A" * len(token) if bad_token else token,
                     "Content-Type": "application/json"})
        return make

    kinds = [
        ("GET /healthz", COUNTER_ROUTE, lambda session, i: ("GET", "/healthz", None, {})),
        ("event refused at the token check (403)", COUNTER_ROUTE, event("increment", bad_token=True)),
        ("event for an unknown target (404)", COUNTER_ROUTE, event("no-such-target")),
        ("counter click (case 1's counter)", COUNTER_ROUTE, event("increment")),
        ("one-row change in a 1,000-row list", "/rows", event(lambda i: f"row-{(i * 37) % 1000}")),
        ("click on the demo's /counter page", "/counter", event("increment")),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        library = build_allocation_counter(tmp)
        if library is None:
            log("· http: no C compiler (cc, gcc or clang): server allocation counts skipped")
            return
        for name, route, requests in kinds:
            log(f"· http: server heap allocations per request: {name}")
            per = (server_allocations(library, route, requests, many)
                   - server_allocations(library, route, requests, few)) / (many - few)
            rows.append(Row(g, name, "", per, note="the whole server process per request (LD_PRELOAD counting malloc); "
                            "a count, the same from run to run"))


def run_instruction_counts(quick, rows):
    """Instructions per event, counted by callgrind (bench/instructions.py): in-process and over HTTP,
    the same from run to run, where CPU times here move by ±30 %."""
    import instructions

    g = "Instructions per event (callgrind, user space)"
    missing = instructions.available()
    if missing:
        log(f"· instructions: skipped ({missing})")
        return
    log("· instructions: callgrind, in-process and over HTTP (about a minute)")
    found = instructions.measure(instructions.ALL_CASES, quick, report=lambda line: log("  " + line))
    count = "a count: the same from run to run within about 1 %"
    for case, title in instructions.IN_PROCESS.items():
        rows.append(Row(g, f"in-process: {title}", "", found[case][0], note=f"`liveui-bench --profile {case}`; {count}"))
    cold = found[instructions.COLD]
    rows.append(Row(g, "in-process counter click, caches cold: code lines read from beyond the core's cache", "",
                    cold["code"], note="64-byte lines, callgrind's cache simulator with a 1 MiB last level, 1 MiB of "
                                      "other memory written before each click (`--profile counter --cold 1024`); "
                                      "a count, the same from run to run within about 3 % (see `cold_lines`); the click's footprint under HTTP load"))
    rows.append(Row(g, "in-process counter click, caches cold: data lines read from beyond the core's cache", "",
                    cold["data"], note="as above, data lines read"))
    for case, title in instructions.HTTP_CASES.items():
        per, memset = found[case]
        rows.append(Row(g, f"HTTP: {title}", "", per,
                        note=f"the whole server, every thread, without libmicrohttpd's `memset` of its connection memory "
                             f"({memset:,.0f} more: callgrind counts its `rep stosb` by the byte); {count}"))
    floor, click, inside = found["healthz"][0], found["mini"][0], found["counter"][0]
    rows.append(Row(g, "HTTP counter click ÷ GET /healthz", "×", click / floor, note="instructions, both without memset"))
    rows.append(Row(g, "HTTP counter click − in-process click − GET /healthz", "", click - inside - floor,
                    note="what an event costs over HTTP beyond the graph's own work and the floor's: the POST, "
                         "the session and token checks, the hand-off to the session's worker, the answer"))


def run_sse(server, quick, rows):
    streams = 100 if quick else 1000
    seconds = 3 if quick else 10
    log(f"· http: SSE fan-out, {streams} streams on one /clock graph, {seconds} s")
    cpu0, wait0 = cpu_seconds(server.proc.pid), run_queue_waits(server.proc.pid)
    rss0 = rss_bytes(server.proc.pid)
    ok, complete, partial, spreads = asyncio.run(sse_fanout(server.port, streams, seconds))
    cpu1, wait1 = cpu_seconds(server.proc.pid), run_queue_waits(server.proc.pid)
    ticks = max(1, complete + partial)
    spreads.sort()
    median = spreads[len(spreads) // 2] if spreads else None
    worst = spreads[-1] if spreads else None
    log(f"  {ok} streams open, {complete} ticks reached every stream ({partial} did not), "
        f"first→last median {fmt(median)} ms, worst {fmt(worst)} ms")
    g = "HTTP: SSE fan-out"
    rows += [
        Row(g, "streams open (HTTP 200)", "", ok, target=streams, lower=False),
        Row(g, "ticks received by every stream", "", complete, note=f"{partial} ticks missed by some stream"),
        Row(g, "first→last stream, median tick", "ms", median, target=100,
            note="one /clock graph (a .task ticks every 500 ms), all streams on one session; time from the first "
                 "to the last stream receiving the same `id:`"),
        Row(g, "first→last stream, worst tick", "ms", worst, target=100),
        Row(g, "server CPU during the fan-out", "% of one core", 100 * (cpu1 - cpu0) / seconds),
        Row(g, "server CPU per tick (all streams)", "ms", 1000 * (cpu1 - cpu0) / ticks,
            note="utime+stime ÷ ticks (includes connecting the streams): the fan-out's CPU-bound floor"),
        Row(g, "server run-queue wait per tick", "ms", 1000 * increase_between(wait0, wait1) / ticks,
            note="time the server's threads were runnable but had no CPU, summed over threads (lower bound)"),
        Row(g, "server RSS growth with the streams open", "MB", (rss_bytes(server.proc.pid) - rss0) / 1e6),
    ]


# ----------------------------------------------------------------------------------------------
# 3. Bytes


def bytes_rows(rows, extra):
    g = "Bytes on the wire: patch vs. full HTML"
    out = []
    cases = [
        ("counter click (1)", find(rows, "counter", "patch bytes per click"), find(rows, "counter", "full HTML bytes")),
        ("row-local change, N = 1,000 (2a)", find(rows, "list N=1000", "(a) patch bytes"), find(rows, "list N=1000", "full HTML bytes")),
        ("parent array element, N = 1,000 (2b)", find(rows, "list N=1000", "(b) patch bytes"), find(rows, "list N=1000", "full HTML bytes")),
        ("scroll below threshold (3)", find(rows, "scroll", "patch bytes per event"), find(rows, "scroll", "full HTML bytes")),
        ("scroll crossing the threshold (3)", find(rows, "scroll", "crossing: patch bytes"), find(rows, "scroll", "full HTML bytes")),
    ]
    for name, patch, full in cases:
        if patch is None or full is None:
            continue
        out.append(Row(g, name, "B", patch, note=f"full HTML {full:,.0f} B → patch is {100 * patch / full:.2f} % of it"))
    if "http_event_bytes" in extra:
        e, h = extra["http_event_bytes"], extra["http_html_bytes"]
        out.append(Row(g, "HTTP: counter event answer body", "B", e,
                       note=f"`{{version,seq,patches}}` JSON; GET /liveui/html is {h:,} B ({100 * e / h:.1f} %)"))
    return out


# ----------------------------------------------------------------------------------------------
# Report


def plot(rows, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ns = sorted({int(r.group.split("=")[1]) for r in rows if r.group.startswith("list N=")})
    # Process CPU time per operation: unlike wall time it does not count time spent preempted by
    # other processes, so it is the stabler number on a shared machine.
    series = [
        ("(a) row-local @State", "(a) process CPU per event"),
        ("(b) parent array element", "(b) process CPU per event"),
        ("(c) append", "(c) process CPU per event"),
        ("(d) reverse", "(d) process CPU per event"),
        ("(e) first render", "(e) process CPU"),
    ]
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    for label, name in series:
        points = [(n, find(rows, f"list N={n}", name)) for n in ns]
        points = [(n, v) for n, v in points if v]
        if points:
            ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label)
    if ns:
        base = find(rows, f"list N={ns[0]}", "(a) process CPU per event")
        if base:
            ax.plot(ns, [2 * base for _ in ns], linestyle=":", color="grey", label=f"2× (a) at N = {ns[0]} (target for (a))")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("rows in the keyed list (N)")
    ax.set_ylabel("process CPU time per operation (µs)")
    ax.set_title("LiveUI keyed list: cost per operation vs. N (in-process, release)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    os.makedirs(os.path.dirname(path), exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


GROUP_TITLES = {
    "counter": "1. Counter click (in-process)",
    "list N=10": "2. Keyed list, N = 10 (in-process)",
    "list N=1000": "2. Keyed list, N = 1,000 (in-process)",
    "list N=10000": "2. Keyed list, N = 10,000 (in-process)",
    "ratios": "2. Keyed list: scaling",
    "scroll": "3. The seed's ViewStorage scroll (in-process)",
    "todo": "4. What sleeping rows cost: events on a 1,000-item todo page (in-process)",
    "memory-counter": "4. Memory: idle counter sessions (fresh process)",
    "memory-todo": "4. Memory: todo sessions (fresh process)",
    "memory-bigtodo": "4. Memory: 1,000-item todo sessions (fresh process)",
    "memory-list": "4. Memory: 1,000-row list sessions (fresh process)",
    "lazy": "5. Lazy stacks: a 100,000-row LazyVStack (in-process)",
    "memory-lazy": "5. Memory: 100,000-row lazy list sessions (fresh process)",
}


def machine_note(meta):
    """Says whether other work shared the cores: timings are only comparable on a quiet machine."""
    busy = float(meta["load_start"].split()[0]) > meta["cores"] * 0.75
    if busy:
        return ("**The machine was shared** (load above its core count at the start): other work ran on the "
                "same cores, so timings (µs, requests/s, latencies) are noisy and pessimistic.")
    return ("The machine was quiet at the start (load below its core count); timings on this shared VM "
            "still vary by ±30 % between runs, so compare process CPU and p50, not means.")


def write_markdown(rows, path, meta):
    lines = [
        "# LiveUI benchmarks",
        "",
        "Regenerated by `make bench` (`bench/run.py`). Do not edit by hand.",
        "",
        f"- Date: {meta['date']}",
        f"- Machine: {meta['cores']} cores ({meta['cpu']}), {meta['os']}, {meta['swift']}",
        f"- Load average at start / end: {meta['load_start']} / {meta['load_end']}",
        f"- Run time: {meta['elapsed']:.0f} s{' (--quick: smoke run, not results)' if meta['quick'] else ''}",
        "",
        machine_note(meta),
        "Counts (body evaluations, patch bytes, sessions) are exact. Memory is resident set size (RSS) read",
        "after `malloc_trim(0)`, each memory group in a fresh process; the after-close target is checked",
        "twice: the first wave of sessions against the process before any session, and a second wave",
        "against the first wave's close (what closed sessions themselves leave behind).",
        "",
        "Ratio is measured ÷ target; a target is met (✓) when the measured value is on the right side",
        "of it (≤ for costs, ≥ for throughput). The plot of the keyed-list costs against N:",
        "",
        "![cost of keyed-list operations vs N](docs/bench-list.png)",
        "",
    ]
    groups = []
    for r in rows:
        if r.group not in groups:
            groups.append(r.group)
    for g in groups:
        lines += [f"## {GROUP_TITLES.get(g, g)}", "", "| measurement | measured | target | ratio | met | note |",
                  "|---|---:|---:|---:|:---:|---|"]
        for r in (r for r in rows if r.group == g):
            unit = f" {r.unit}" if r.unit else ""
            target = "—" if r.target is None else f"{'≤' if r.lower else '≥'} {fmt(r.target)}{unit}"
            ratio = "—" if r.ratio is None else f"{r.ratio:.2f}"
            met = {True: "✓", False: "✗", None: ""}[r.met]
            lines.append(f"| {r.name} | {fmt(r.measured)}{unit} | {target} | {ratio} | {met} | {r.note} |")
        lines.append("")
    missed = [r for r in rows if r.met is False]
    lines += ["## Targets missed in this run", ""]
    if missed:
        for r in missed:
            lines.append(f"- {GROUP_TITLES.get(r.group, r.group)} — {r.name}: {fmt(r.measured)} {r.unit} "
                         f"(target {'≤' if r.lower else '≥'} {fmt(r.target)} {r.unit})")
    else:
        lines.append("None.")
    lines.append("")
    lines += ["Why the hot paths are built as they are, and how each target is measured: "
              "[docs/performance.md](docs/performance.md).", ""]
    # `make soak` writes its own section (bench/soak.py); a benchmark run keeps it as it was.
    try:
        with open(path) as f:
            old = f.read()
        start, end = old.index(SOAK_BEGIN), old.index(SOAK_END) + len(SOAK_END)
        lines += [old[start:end], ""]
    except (OSError, ValueError):
        pass
    with open(path, "w") as f:
        f.write("\n".join(lines))


SOAK_BEGIN, SOAK_END = "<!-- soak:begin -->", "<!-- soak:end -->"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="short smoke run of the script (numbers are not results)")
    parser.add_argument("--out", default=os.path.join(ROOT, "BENCHMARKS.md"))
    parser.add_argument("--plot", default=os.path.join(ROOT, "docs", "bench-list.png"))
    parser.add_argument("--skip-http", action="store_true")
    parser.add_argument("--skip-inprocess", action="store_true")
    parser.add_argument("--skip-stores", action="store_true", help="no counter clicks with the SQLite and Redis stores")
    parser.add_argument("--skip-instructions", action="store_true", help="no callgrind instruction counts")
    parser.add_argument("--perf", metavar="PATH", help="perf record -g the server during each HTTP throughput run, into PATH-CASE-ROUND")
    parser.add_argument("--render", metavar="JSON", help="only rewrite BENCHMARKS.md and the plot from a saved run")
    parser.add_argument("--no-build", action="store_true", help="use the release binaries as they are")
    args = parser.parse_args()

    if not args.no_build and not args.render:
        # Each a no-op when it is up to date.
        log(f"· swift build {' '.join(RELEASE_FLAGS)} --product liveui-bench")
        subprocess.run(["swift", "build", *RELEASE_FLAGS, "--product", "liveui-bench"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        log("· pgo/build.sh (the profile-guided liveui-demo)")
        subprocess.run([os.path.join(ROOT, "pgo", "build.sh")], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    needed = [(DEMO_BIN, "pgo/build.sh")] if not args.skip_http else []
    if not (args.skip_inprocess and args.skip_instructions):
        needed.append((BENCH_BIN, f"swift build {' '.join(RELEASE_FLAGS)} --product liveui-bench"))
    for binary, how in needed:
        if not os.path.exists(binary):
            raise SystemExit(f"{binary} is missing: {how}")
    if not args.skip_http and shutil.which("wrk") is None:
        raise SystemExit("wrk is missing (apt-get install wrk)")
    # 1,000 streams plus wrk's connections need file descriptors, in this process and in the server.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))

    global PERF_OUTPUT
    PERF_OUTPUT = args.perf
    if args.render:
        with open(args.render) as f:
            saved = json.load(f)
        rows = [Row(**r) for r in saved["rows"]]
        plot(rows, args.plot)
        write_markdown(rows, args.out, saved["meta"])
        log(f"rewrote {os.path.relpath(args.out, ROOT)} from {args.render}")
        return
    started = time.monotonic()
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": os.cpu_count(),
        "cpu": platform.processor() or cpu_model(),
        "os": f"{platform.system()} {platform.release()}",
        "swift": swift_version(),
        "load_start": " ".join(f"{x:.1f}" for x in os.getloadavg()),
        "quick": args.quick,
    }
    rows, extra = [], {}
    if not args.skip_inprocess:
        rows += run_in_process(args.quick)
    if not args.skip_http:
        server = Server()
        try:
            run_http_rounds(server, args.quick, rows, extra)
            run_http_path(server, args.quick, rows, extra)
            run_sse(server, args.quick, rows)
            if server.proc.poll() is not None:
                raise SystemExit(f"liveui-demo died during the run: {server.output()}")
        finally:
            server.stop()
        run_http_allocations(args.quick, rows)
        if not args.skip_stores:
            import stores

            stores.run_store_rounds(args.quick, rows)
    if not args.skip_instructions:
        run_instruction_counts(args.quick, rows)
    rows += bytes_rows(rows, extra)
    meta["elapsed"] = time.monotonic() - started
    meta["load_end"] = " ".join(f"{x:.1f}" for x in os.getloadavg())
    saved = os.path.join(ROOT, ".build", "bench-results.json")
    with open(saved, "w") as f:
        json.dump({"meta": meta, "rows": [vars(r) for r in rows]}, f, indent=1)
    if any(r.group.startswith("list N=") for r in rows):
        plot(rows, args.plot)
    write_markdown(rows, args.out, meta)
    missed = [r for r in rows if r.met is False]
    log(f"wrote {os.path.relpath(args.out, ROOT)} ({len(rows)} measurements, {len(missed)} targets missed) "
        f"in {meta['elapsed']:.0f} s")


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def swift_version():
    try:
        out = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=30).stdout
        m = re.search(r"Swift version [\w.\-]+", out)
        return m.group(0) if m else "Swift"
    except (OSError, subprocess.TimeoutExpired):
        return "Swift"


if __name__ == "__main__":
    main()
