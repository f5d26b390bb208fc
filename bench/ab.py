#!/usr/bin/env python3
"""Paired A/B of two liveui-demo builds (or settings) over HTTP: both servers run at the same time,
each loaded by its own wrk, so that both see the same machine in the same seconds.

On this shared 2-core VM the speed of the machine drifts by ±30 % from one minute to the next, so two
runs one after the other compare two different machines. Run side by side, the two servers share
the cores symmetrically and the drift cancels out of their ratio: an A/A run of the same binary gives
a median B/A of 1.00–1.02 with single pairs within ±17 % (most within ±7 %), so a 5 % effect shows in
the median of 5–7 repetitions.

    bench/ab.py A_BINARY B_BINARY [--cases mini,counter,rows] [--seconds 3] [--reps 7]
    bench/ab.py BIN BIN --env-b LIVEUI_CONNECTION_MEMORY_LIMIT=16384    # one setting against another

Cases: healthz (the floor), mini (case 1's counter, /counter/minimal), counter (the gallery's /counter
page), rows (a one-row change in a 1,000-row list), refused (an event refused at the token check),
unknown (an event for an unknown target). Prints each case's server CPU per request for every
repetition (utime+stime ÷ requests, as make bench measures it), the median of the B/A ratios, and the
median B/A ratio of requests per second (each server has half the machine).
"""

import argparse
import os
import resource
import statistics
import sys
import tempfile
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402  (bench/run.py: the same server, session and wrk helpers as make bench)

ROUTES = {"healthz": run.COUNTER_ROUTE, "mini": run.COUNTER_ROUTE, "counter": "/counter", "rows": "/rows",
          "refused": run.COUNTER_ROUTE, "unknown": run.COUNTER_ROUTE}


def environment(pairs):
    env = {}
    for pair in pairs or []:
        name, _, value = pair.partition("=")
        env[name] = value
    return env


def start(binary, env):
    run.DEMO_BIN = binary
    return run.Server(env)


def script(server, directory, case, tag):
    """The wrk script of `case` against `server`, over 100 sessions of its own."""
    sessions = [run.create_session(server.port, ROUTES[case]) for _ in range(100)]
    targets, count = ("increment",), None
    if case == "rows":
        targets, count = [f"row-{i}" for i in range(1000)], 1000
    elif case == "refused":
        sessions = [(sid, "A" * len(token), size) for sid, token, size in sessions]
    elif case == "unknown":
        targets = ("no-such-target",)
    path = "/healthz" if case == "healthz" else "/liveui/event"
    return run.write_lua(directory, f"{tag}-{case}.lua", path, sessions, targets=targets, count=count)


def paired_run(a, b, lua_a, lua_b, seconds, connections):
    """Both servers under wrk at once: each one's server CPU per request, then each one's requests/s."""
    out = {}

    def load(tag, server, lua):
        before = run.cpu_seconds(server.proc.pid)
        result = run.wrk(server.port, lua, seconds, 1, connections)
        out[tag] = run.per_request_us(run.cpu_seconds(server.proc.pid) - before, result)
        out[tag + "rps"] = result["rps"]

    threads = [threading.Thread(target=load, args=("a", a, lua_a)), threading.Thread(target=load, args=("b", b, lua_b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return out["a"], out["b"], out["arps"], out["brps"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--cases", default="mini,counter,rows")
    parser.add_argument("--seconds", type=int, default=3)
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--connections", type=int, default=32, help="wrk connections per server")
    parser.add_argument("--env-a", action="append", metavar="NAME=VALUE", help="environment of server A")
    parser.add_argument("--env-b", action="append", metavar="NAME=VALUE", help="environment of server B")
    args = parser.parse_args()
    cases = args.cases.split(",")
    unknown = [case for case in cases if case not in ROUTES]
    if unknown:
        raise SystemExit(f"unknown case(s) {', '.join(unknown)}; known: {', '.join(ROUTES)}")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))

    servers = []
    try:
        a = start(args.a, environment(args.env_a))
        servers.append(a)
        b = start(args.b, environment(args.env_b))
        servers.append(b)
        with tempfile.TemporaryDirectory() as directory:
            for case in cases:
                lua_a, lua_b = script(a, directory, case, "a"), script(b, directory, case, "b")
                run.wrk(a.port, lua_a, 1, 1, args.connections)  # warm-up
                run.wrk(b.port, lua_b, 1, 1, args.connections)
                pairs = [paired_run(a, b, lua_a, lua_b, args.seconds, args.connections) for _ in range(args.reps)]
                ratio = statistics.median([b / a for a, b, _, _ in pairs])
                throughput = statistics.median([b / a for _, _, a, b in pairs])
                print(f"{case}: A {[round(p[0], 1) for p in pairs]} µs  B {[round(p[1], 1) for p in pairs]} µs  "
                      f"median B/A {ratio:.3f} (requests/s: {throughput:.3f})", flush=True)
    finally:
        for server in servers:
            server.stop()


if __name__ == "__main__":
    main()
