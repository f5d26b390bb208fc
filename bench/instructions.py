#!/usr/bin/env python3
"""Instructions per event, counted by callgrind: the same from one run to the next (±1 %), where CPU
time on this shared VM moves by ±30 %.

    bench/instructions.py                      # every case
    bench/instructions.py --cases mini --top 30  # one case, with its 30 dearest functions

Cases in-process (`liveui-bench --profile …`, no sockets): `counter` (case 1's click), `row` (a one-row
change in a 1,000-row list), and `cold`: not instructions but the code and data lines (64 B) a counter
click reads from beyond a simulated 1 MiB cache when 1 MiB of other memory is written before each click
(callgrind's cache simulator, `--profile counter --cold 1024`): the click's footprint as it runs under
HTTP load, where the kernel and other requests pass through the core's caches between two clicks.
Over HTTP (`liveui-demo` under callgrind, one keep-alive connection, one request at a time): `healthz`
(the floor), `mini` (case 1's counter, /counter/minimal), `rows` (a one-row change in /rows), `refused`
(an event refused at the token check, 403). Not run by default (`--cases cold-http`, about five
minutes): `cold-http`, the code and data lines (64 B) a `GET /healthz`, a counter click and a row click
read from beyond a simulated 1 MiB cache over HTTP, with the events spread over 100 sessions as `make
bench` spreads them: what other sessions' requests leave of a session's graph in the cache.

An in-process figure is the difference between two runs (`--iterations` few and many) divided by the
difference in events, so start-up and warm-up cancel out. An HTTP figure is what the whole server
executed (every thread) between zeroing the counters and dumping them, divided by the requests sent in
between. Only user space is counted: the kernel's share of a request (sockets, epoll, futexes) is not.

libmicrohttpd clears its connection memory pool with `memset` after each request; glibc's `memset`
does it with `rep stosb`, which callgrind counts once per byte (≈ 24,500 per request with the default
16 KiB of connection memory), although it
costs about as much as a few hundred ordinary instructions. The HTTP figures are therefore given
without `memset`, and its count is printed beside them.

The HTTP cases run with `LIVEUI_STORE=memory` unless `--store sqlite:/tmp/x.db` (or `redis://…`) names a
durable store: what saving each event's changes before answering adds to a click.

Another build is measured with `LIVEUI_BENCH_BIN=… LIVEUI_DEMO_BIN=… bench/instructions.py`.
Needs valgrind (`make bench` installs it) and a C compiler (for bench/callgrind/sigsuspend.c).
"""

import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from http.client import HTTPConnection

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (bench/run.py: paths, sessions, the server's environment)

SHIM_SOURCE = os.path.join(run.ROOT, "bench", "callgrind", "sigsuspend.c")
IN_PROCESS = {"counter": "case 1's counter click", "row": "a one-row change in a 1,000-row list"}
COLD = "cold"  # the counter click's code and data lines with cold caches (`cold_lines`)
HTTP_CASES = {
    "healthz": "GET /healthz (the floor)",
    "mini": "counter click (case 1's counter)",
    "rows": "one-row change in a 1,000-row list",
    "refused": "event refused at the token check (403)",
}
# Every case, in the order they run by default.
ALL_CASES = [*IN_PROCESS, COLD, *HTTP_CASES]
# Cases run only when named (`--cases`): `cold-http` (`http_cold_lines`); `row-awake`, a one-row change
# in a 1,000-row list whose rows never sleep; `row-asleep`, the same change on a list asleep when tapped
# (one tap in each of several sessions rendered once; few events, each session being dear to make).
COLD_HTTP = "cold-http"
ROW_AWAKE, ROW_ASLEEP = "row-awake", "row-asleep"
OPTIONAL_CASES = [COLD_HTTP, ROW_AWAKE, ROW_ASLEEP]
# The requests `cold-http` counts lines for, and over how many sessions the events are spread.
COLD_HTTP_CASES = ["healthz", "mini", "rows"]
COLD_HTTP_SESSIONS = 100
# glibc picks its memset by CPU (`__memset_avx2_unaligned_erms`, `__memset_evex_unaligned_erms`, …).
MEMSET = "__memset"
KEEP = None  # --keep DIR: the HTTP cases' callgrind dumps are copied there


def available():
    """Why instruction counts cannot be taken here, or None when they can."""
    for tool in ("valgrind", "callgrind_control"):
        if shutil.which(tool) is None:
            return f"{tool} is missing (apt-get install valgrind)"
    if not any(shutil.which(cc) for cc in ("cc", "gcc", "clang")):
        return "no C compiler (cc, gcc or clang) for bench/callgrind/sigsuspend.c"
    return None


def build_shim(directory):
    compiler = next(cc for cc in ("cc", "gcc", "clang") if shutil.which(cc))
    library = os.path.join(directory, "sigsuspend.so")
    subprocess.run([compiler, "-O2", "-shared", "-fPIC", "-o", library, SHIM_SOURCE], check=True)
    return library


# ----------------------------------------------------------------------------------------------
# Reading callgrind's output


def parse(path):
    """The instructions one callgrind output file counts (its `summary:`), and its exclusive counts by
    function (`name [object]`).

    The summary is what ran between zeroing and dumping. The cost lines can hold more: a dump after
    `callgrind_control --zero` also carries some cost of calls that were running when the counters were
    zeroed (the first dump after a 1,000-row session was created holds part of its first render). So
    totals come from the summary, and the split by function is only a guide."""
    names, objects = {}, {}
    costs = collections.Counter()
    summary = None

    def name(token, table):
        # Compressed names: `(12) name` defines number 12, a later `(12)` refers to it.
        match = re.match(r"\((\d+)\)(?:\s+(.*))?", token)
        if not match:
            return token
        if match.group(2):
            table[match.group(1)] = match.group(2)
        return table.get(match.group(1), token)

    function, obj, skip = None, "", False
    with open(path) as f:
        for line in f:
            if skip:  # the line after `calls=` is the callee's inclusive cost, not this function's
                skip = False
                continue
            if line.startswith("fn="):
                function = f"{name(line[3:].strip(), names)} [{obj.rsplit('/', 1)[-1]}]"
            elif line.startswith("ob="):
                obj = name(line[3:].strip(), objects)
            elif line.startswith("cfn="):
                name(line[4:].strip(), names)
            elif line.startswith("cob="):
                name(line[4:].strip(), objects)
            elif line.startswith("calls="):
                skip = True
            elif line.startswith("summary:"):
                summary = int(line.split()[1])
            elif function and line[:1] in "0123456789+-*":
                parts = line.split()
                if len(parts) >= 2:
                    costs[function] += int(parts[1])
    return (sum(costs.values()) if summary is None else summary), costs


def memset_of(costs):
    return sum(v for k, v in costs.items() if k.startswith(MEMSET))


def top_lines(costs, events, count):
    total = sum(costs.values())
    lines = []
    for function, value in costs.most_common(count):
        lines.append(f"  {value / events:9,.0f}  {100 * value / max(1, total):5.1f} %  {function[:150]}")
    return lines


# ----------------------------------------------------------------------------------------------
# In-process


def bench_under_callgrind(shim, arguments, few, many, read, valgrind_options=()):
    """`read(path)` of the callgrind output of `liveui-bench ARGUMENTS --iterations N`, for N = `few` then
    `many`: two runs whose difference is what `many - few` events cost (start-up and warm-up cancel out)."""
    found = []
    with tempfile.TemporaryDirectory() as tmp:
        for iterations in (few, many):
            out = os.path.join(tmp, f"bench-{iterations}.out")
            proc = subprocess.run(
                ["valgrind", "--tool=callgrind", "--compress-strings=no", "--compress-pos=no", *valgrind_options,
                 f"--callgrind-out-file={out}", run.BENCH_BIN, *arguments, "--iterations", str(iterations)],
                env=dict(os.environ, LD_PRELOAD=shim), capture_output=True, text=True)
            if proc.returncode != 0 or not os.path.exists(out):
                raise SystemExit(f"callgrind of liveui-bench {' '.join(arguments)} failed:\n{proc.stderr[-3000:]}")
            found.append(read(out))
    return found


def in_process(shim, profile, few, many):
    """Instructions per event of `liveui-bench --profile PROFILE`, and their split by function."""
    found = bench_under_callgrind(shim, ["--profile", profile], few, many, parse)
    difference = found[1][1].copy()
    difference.subtract(found[0][1])
    events = many - few
    return (found[1][0] - found[0][0]) / events, difference, events


# The core's L2 on this machine: what a request's graph work finds its code and data beyond, under load.
COLD_CACHE = ["--cache-sim=yes", "--I1=32768,8,64", "--D1=32768,8,64", "--LL=1048576,8,64"]


def summary_events(path):
    """A callgrind output file's `summary:` line, by event name (`Ir`, `ILmr`, `DLmr`, …); an event the line
    leaves out at its end counted nothing."""
    with open(path) as f:
        lines = f.read().splitlines()
    events = next(line.split()[1:] for line in lines if line.startswith("events:"))
    summary = next(line.split()[1:] for line in lines if line.startswith("summary:"))
    counts = list(map(int, summary))
    return dict(zip(events, counts + [0] * (len(events) - len(counts))))


def lines_per(events, count):
    """Code and data lines read from beyond the last cache level (`summary_events`' `ILmr` and `DLmr`) per one
    of `count` events."""
    return {"code": events["ILmr"] / count, "data": events["DLmr"] / count}


def cold_lines(shim, few, many):
    """Code and data lines per counter click read from beyond a simulated 1 MiB cache, when 1 MiB of other
    memory is written before each click (`liveui-bench --profile counter --cold 1024`): a click's footprint
    as it runs under HTTP load, counted. The flush's own reads add about 4 code lines and 1 data line. Every
    click runs on the calling thread, as a quick one does on the server (`--profile` gives `sendOnCaller` a
    minute's limit: under callgrind a click can take over the server's millisecond)."""
    totals = bench_under_callgrind(shim, ["--profile", "counter", "--cold", "1024"], few, many, summary_events,
                                   valgrind_options=COLD_CACHE)
    return lines_per({event: totals[1][event] - totals[0][event] for event in totals[1]}, many - few)


# ----------------------------------------------------------------------------------------------
# Over HTTP


class ServerUnderCallgrind:
    """liveui-demo under callgrind; `measure` counts what it executes for a batch of requests."""

    def __init__(self, shim, directory, valgrind_options=(), sessions=10, label=""):
        self.directory = directory
        self.sessions = sessions
        self.label = label  # before the case's name in a kept dump's file name
        self.port = run.free_port()
        self.prefix = os.path.join(directory, "demo")
        # Rows stay awake: under callgrind a request takes a hundred times longer, so the time woken rows
        # stay awake (wall clock) can pass between two clicks of one session, and a click would wake its
        # 1,000 rows again. What is counted is a click among clicks, as on a native server.
        # Events run where they run at full speed, on the libmicrohttpd thread that read them: under callgrind a
        # 20 µs click takes about a millisecond, and with the default `quickEventMicroseconds` a variable share
        # of them would hand their session's next event to a worker (the hand-off counted with it: up to
        # 3,000 instructions more per click in some runs before this, and a third of the events under the
        # cache simulator).
        env = dict(os.environ, **run.SERVER_ENV, LD_PRELOAD=shim, LIVEUI_SLEEPING_ROW_MINIMUM="0",
                   LIVEUI_QUICK_EVENT_MICROSECONDS="60000000")
        self.log = open(os.path.join(directory, "valgrind.log"), "w")
        self.proc = subprocess.Popen(
            ["valgrind", "--tool=callgrind", "--compress-strings=no", "--compress-pos=no", *valgrind_options,
             f"--callgrind-out-file={self.prefix}.%p", run.DEMO_BIN,
             "--port", str(self.port)], env=env, stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 120  # start-up under callgrind takes 5–20 s
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"liveui-demo under callgrind exited ({self.proc.returncode}): see {self.log.name}")
            try:
                if run.http(self.port, "GET", "/healthz", timeout=5)[0] == 200:
                    return
            except OSError:
                time.sleep(0.2)
        raise SystemExit("liveui-demo under callgrind did not answer /healthz within 120 s")

    def control(self, *args):
        subprocess.run(["callgrind_control", *args, str(self.proc.pid)], check=True, capture_output=True, timeout=120)

    def dump(self, description, read=parse):
        """Dumps the counters since the last zeroing; returns `read` of the dump (by default its total and
        its costs by function)."""
        self.control(f"--dump={description}")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            for path in glob.glob(f"{self.prefix}.{self.proc.pid}.*"):
                with open(path) as f:
                    text = f.read()
                # Complete once its totals line is written (the last line of a dump).
                if f"desc: Trigger: dump {description}\n" in text and re.search(r"^totals:", text, re.M):
                    found = read(path)
                    if KEEP:
                        shutil.copy(path, os.path.join(KEEP, f"callgrind-{self.label}{description}.out"))
                    os.unlink(path)
                    return found
            time.sleep(0.05)  # polling for a file valgrind writes: there is no event to wait for
        raise SystemExit(f"callgrind wrote no dump '{description}' within 60 s")

    def measure(self, case, requests, read=parse):
        send = self.sender(case)
        connection = HTTPConnection("127.0.0.1", self.port, timeout=120)
        # Warm-up with the same requests: each row's first click (its first handler list, its first
        # patch) is dearer than the clicks that follow, and the measured ones repeat them.
        self.drive(connection, send, requests)
        self.control("--zero")
        self.drive(connection, send, requests)
        found = self.dump(case, read)
        connection.close()
        return found

    @staticmethod
    def drive(connection, send, count):
        for i in range(count):
            expected = send(connection, i)
            response = connection.getresponse()
            response.read()
            if response.status != expected:
                raise SystemExit(f"expected {expected}, got {response.status}")

    def sender(self, case):
        if case == "healthz":
            def get(connection, i):
                connection.request("GET", "/healthz")
                return 200
            return get
        route = "/rows" if case == "rows" else run.COUNTER_ROUTE
        sessions = [run.create_session(self.port, route) for _ in range(self.sessions)]

        def post(connection, i):
            sid, token, _ = sessions[i % len(sessions)]
            target = f"row-{(i * 37) % 1000}" if case == "rows" else "increment"
            if case == "refused":
                token = "A" * len(token)
            body = '{"target":"%s","type":"click"}' % target
            connection.request("POST", "/liveui/event", body=body, headers={
                "X-LiveUI-Session": sid, "X-LiveUI-Token": token, "Content-Type": "application/json"})
            return 403 if case == "refused" else 200
        return post

    def stop(self):
        run.stop_process(self.proc, timeout=60)  # callgrind writes its last file on exit
        self.log.close()


def http_cold_lines(shim, directory, requests):
    """Code and data lines per request read from beyond a simulated 1 MiB cache (`COLD_CACHE`), over HTTP,
    for each of `COLD_HTTP_CASES`, with the events spread over `COLD_HTTP_SESSIONS` sessions: each session's
    graph is touched once every 100 events, as under `make bench`'s wrk, and what the other sessions'
    requests evicted of it is read again. A dict case → {"code", "data"}."""
    server = ServerUnderCallgrind(shim, directory, valgrind_options=COLD_CACHE, sessions=COLD_HTTP_SESSIONS,
                                  label=f"{COLD_HTTP}-")
    lines = {}
    try:
        for case in COLD_HTTP_CASES:
            lines[case] = lines_per(server.measure(case, requests, read=summary_events), requests)
    finally:
        server.stop()
    return lines


# ----------------------------------------------------------------------------------------------
# Results


def measure(cases, quick, top=0, report=print):
    """Instructions per event of each case: a dict case → (instructions, memset instructions), with
    the `top` dearest functions of each case passed to `report`; case `cold` gives the counter click's
    code and data lines instead (see `cold_lines`), and `cold-http` those of each of `COLD_HTTP_CASES`
    under `cold-http:<case>` (see `http_cold_lines`)."""
    few, many = (200, 400) if quick else (1000, 3000)
    requests = 100 if quick else 1000
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        shim = build_shim(tmp)
        for case in cases:
            if case == COLD:
                lines = cold_lines(shim, few // 2, many // 2)
                results[case] = lines
                report(f"{case}: {lines['code']:,.0f} code lines and {lines['data']:,.0f} data lines per counter click "
                       f"from beyond a 1 MiB cache, 1 MiB written before each click")
            elif case == ROW_AWAKE:
                per, _, events = in_process(shim, case, few, many)
                results[case] = (per, 0.0)
                report(f"{case}: {per:,.0f} instructions per event, in-process (a one-row change in a 1,000-row "
                       f"list whose rows never sleep; {events} events)")
            elif case == ROW_ASLEEP:
                per, costs, events = in_process(shim, case, 10, 30)
                results[case] = (per, 0.0)
                report(f"{case}: {per:,.0f} instructions per event, in-process (a one-row change in a 1,000-row "
                       f"list asleep when tapped; {events} events)")
                if top:
                    for line in top_lines(costs, events, top):
                        report(line)
            elif case in IN_PROCESS:
                per, costs, events = in_process(shim, case, few, many)
                results[case] = (per, 0.0)
                report(f"{case}: {per:,.0f} instructions per event, in-process ({IN_PROCESS[case]}; {events} events)")
                if top:
                    for line in top_lines(costs, events, top):
                        report(line)
        http_cases = [case for case in cases if case in HTTP_CASES]
        if http_cases:
            server = ServerUnderCallgrind(shim, tmp)
            try:
                for case in http_cases:
                    total, costs = server.measure(case, requests)
                    memset = memset_of(costs) / requests
                    per = total / requests - memset
                    results[case] = (per, memset)
                    report(f"{case}: {per:,.0f} instructions per request over HTTP, without memset "
                           f"({HTTP_CASES[case]}; memset {memset:,.0f} more; {requests} requests)")
                    if top:
                        for line in top_lines(costs, requests, top):
                            report(line)
            finally:
                server.stop()
        if COLD_HTTP in cases:
            for case, lines in http_cold_lines(shim, tmp, requests).items():
                results[f"{COLD_HTTP}:{case}"] = lines
                report(f"{COLD_HTTP}: {lines['code']:,.1f} code lines and {lines['data']:,.1f} data lines per request "
                       f"from beyond a 1 MiB cache over HTTP ({HTTP_CASES[case]}; events over {COLD_HTTP_SESSIONS} "
                       f"sessions; {requests} requests)")
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", default=",".join(ALL_CASES))
    parser.add_argument("--top", type=int, default=0, help="also list each case's N dearest functions (exclusive)")
    parser.add_argument("--quick", action="store_true", help="fewer events (a smoke run)")
    parser.add_argument("--keep", metavar="DIR", help="copy the HTTP cases' callgrind dumps into DIR")
    parser.add_argument("--store", metavar="STORE",
                        help="the HTTP cases' LIVEUI_STORE (sqlite:PATH, redis://HOST:PORT); default memory")
    args = parser.parse_args()
    if args.store:
        run.SERVER_ENV["LIVEUI_STORE"] = args.store
    global KEEP
    KEEP = args.keep
    if KEEP:
        os.makedirs(KEEP, exist_ok=True)
    cases = args.cases.split(",")
    known = ALL_CASES + OPTIONAL_CASES
    unknown = [case for case in cases if case not in known]
    if unknown:
        raise SystemExit(f"unknown case(s) {', '.join(unknown)}; known: {', '.join(known)}")
    missing = available()
    if missing:
        raise SystemExit(missing)
    for binary in (run.BENCH_BIN, run.DEMO_BIN):
        if not os.path.exists(binary):
            raise SystemExit(f"{binary} is missing: make bench builds it")
    measure(cases, args.quick, args.top)


if __name__ == "__main__":
    main()
