#!/usr/bin/env python3
"""The order in which the linker lays out the server's hottest functions (pgo/order.txt), and its check.

A request's code does not stay in a core's caches between two requests (the kernel's socket code and
the other connections' requests run in between), so the server fetches it again each time, line by
line: the fewer 64-byte lines the code a request runs spreads over, the less it waits. `pgo/build.sh`
compiles every function into a section of its own and has lld place the functions listed in
pgo/order.txt first, in its order: the code of a request, from the event loop down, packed together
instead of scattered over the binary with everything else (the standard library's and the runtime's
functions included: the static standard library comes in one section per function too).

    pgo/order.py [SCRATCH]          # writes pgo/order.txt from SCRATCH/release/liveui-demo (default .build/pgo)
    pgo/order.py --check [SCRATCH]  # fails when pgo/order.txt is stale, or the binary was not laid out by it

The order is read off the server under callgrind (valgrind; `make bench` installs it): the functions
each kind of request runs, in the order a walk of its call graph from the thread's entry reaches
them (callees by how often they are called), for `GET /healthz` first (the work every request shares),
then a counter click, a row click and a page load. Only functions of the binary itself are listed
(libmicrohttpd and libc are shared libraries the linker does not lay out), and only those in a section
of their own (pgo/build.sh's link map, SCRATCH/liveui-demo.map, says): lld moves a section where its
first listed symbol is, so a name in a section shared with others (the standard library's own `.text`,
1.6 MB of functions) would carry all of them into the middle of the list.

The list names functions by their symbols, which change when the code does: a function renamed or
specialised differently drops out of the order (lld skips names it does not find), and the code it
packs thins out. `make bench` runs `--check`, which fails when fewer than `MINIMUM_FOUND` of the listed
symbols are in the freshly built server, or when the listed functions it found do not lie together in
one block of the binary (the list was not applied): regenerate the list then (about two minutes).
"""

import argparse
import collections
import os
import re
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import instructions  # noqa: E402  (bench/instructions.py: the server under callgrind, and its dumps)
import run  # noqa: E402  (bench/run.py: sessions, HTTP helpers)

ORDER = os.path.join(ROOT, "pgo", "order.txt")
DEFAULT_SCRATCH = os.path.join(ROOT, ".build", "pgo")
# The requests walked, most common first: each adds the functions the ones before did not run.
CASES = ["healthz", "mini", "rows", "page"]
REQUESTS = 200
# `--check` fails below this share of the listed symbols found in the binary.
MINIMUM_FOUND = 0.85
# A section larger than this holds more than one function: its names are left out of the list.
SHARED_SECTION = 16 * 1024
# `--check` fails when the listed functions' block is larger than their sections together by more
# than this factor (alignment padding aside, the block holds nothing else when the list was applied).
MAXIMUM_SPREAD = 1.25
HEADER = """\
# The server's hottest functions, in the order lld lays them out (pgo/build.sh).
# Written by pgo/order.py from the server under callgrind; regenerate it when `pgo/order.py --check` fails.
"""


class Profile:
    """One callgrind dump: each function's own instructions, its calls, and the object it is in."""

    def __init__(self, path):
        self.own = collections.Counter()
        self.calls = collections.defaultdict(collections.Counter)
        self.objects = {}
        current = callee = None
        pending = None
        obj = None
        with open(path) as f:
            for line in f:
                line = line.rstrip("\n")
                if line.startswith("ob="):
                    obj = line[3:]
                elif line.startswith("fn="):
                    current, pending = line[3:], None
                    self.objects[current] = obj
                elif line.startswith("cfn="):
                    callee = line[4:]
                elif line.startswith("calls="):
                    pending = int(line[6:].split()[0])
                elif line[:1].isdigit() or line[:1] in "+-*":
                    fields = line.split()
                    if pending is not None:
                        self.calls[current][callee] += pending
                        pending = None
                    elif len(fields) > 1:
                        self.own[current] += int(fields[1])

    def walk(self):
        """The functions that ran, depth first from the ones nothing called, callees by call count."""
        ran = {name for name, cost in self.own.items() if cost > 0}
        called = {callee for callees in self.calls.values() for callee in callees}
        roots = sorted((name for name in ran | set(self.calls) if name not in called),
                       key=lambda name: -sum(self.calls[name].values()))
        order, visited = [], set()
        for root in roots:
            stack = [root]
            while stack:
                name = stack.pop()
                if name in visited:
                    continue
                visited.add(name)
                if name in ran:
                    order.append(name)
                callees = sorted(self.calls.get(name, {}).items(), key=lambda item: -item[1])
                stack.extend(callee for callee, _ in reversed(callees))
        # Anything a walk missed (reached only through a cycle), by its own cost.
        order += sorted(ran - set(order), key=lambda name: -self.own[name])
        return order


class LinkMap:
    """lld's link map (`-Map`, names left mangled by `--no-demangle`): every symbol the binary defines,
    with the input sections that hold it, by address and size."""

    LINE = re.compile(r"^\s*([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$")

    def __init__(self, path):
        self.sections = collections.defaultdict(list)
        section = None
        with open(path) as f:
            for line in f:
                match = self.LINE.match(line.rstrip("\n"))
                if not match:
                    continue
                address, size, indent, name = int(match[1], 16), int(match[2], 16), len(match[3]), match[4]
                # Columns: an output section, then its input sections (one level in), then their symbols.
                if indent == 0:
                    section = None
                elif ":(" in name:
                    section = (address, size)
                elif section:
                    self.sections[name].append(section)

    def shares_section(self, name):
        """Whether `name` (or a local symbol of that name) is in a section that holds other functions."""
        return any(size > SHARED_SECTION for _, size in self.sections.get(name, []))

    def block(self, names):
        """The bytes from the first to the end of the last section holding `names`, and those sections'
        bytes together."""
        sections = {address: size for name in names for address, size in self.sections.get(name, [])}
        if not sections:
            return 0, 0
        start = min(sections)
        end = max(address + size for address, size in sections.items())
        return end - start, sum(sections.values())


def symbol(name):
    """The linker's name for a callgrind function name: without the recursion suffix (`'2`)."""
    return name.split("'")[0].split(" ")[0]


class Server(instructions.ServerUnderCallgrind):
    """The server under callgrind, with one more kind of request: a page load."""

    def sender(self, case):
        if case != "page":
            return super().sender(case)

        def get(connection, i):
            connection.request("GET", run.COUNTER_ROUTE)
            return 200
        return get


def generate(scratch, requests):
    binary = os.path.join(scratch, "release", "liveui-demo")
    link_map = LinkMap(map_path(scratch))
    shim_directory = tempfile.mkdtemp(prefix="liveui-order-")
    shim = instructions.build_shim(shim_directory)
    run.DEMO_BIN = binary
    server = Server(shim, shim_directory, valgrind_options=["--demangle=no"], sessions=100, label="order-")
    profiles = {}
    try:
        for case in CASES:
            profiles[case] = server.measure(case, requests, read=Profile)
    finally:
        server.stop()
    binary_object = os.path.realpath(binary)
    listed, seen = [], set()
    for case in CASES:
        profile = profiles[case]
        for name in profile.walk():
            if os.path.realpath(profile.objects.get(name) or "") != binary_object:
                continue
            name = symbol(name)
            if name.startswith("0x") or name in seen or link_map.shares_section(name):
                continue
            seen.add(name)
            listed.append(name)
    with open(ORDER, "w") as f:
        f.write(HEADER)
        f.write("\n".join(listed) + "\n")
    print(f"pgo/order.py: {len(listed)} functions into {os.path.relpath(ORDER, ROOT)}")


def listed_symbols():
    with open(ORDER) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def map_path(scratch):
    path = os.path.join(scratch, "liveui-demo.map")
    if not os.path.exists(path):
        raise SystemExit(f"pgo/order.py: no {path}: pgo/build.sh writes it when the toolchain has ld.lld")
    return path


def check(scratch):
    """Fails unless at least `MINIMUM_FOUND` of the listed functions are in the binary, and the ones
    found lie together at most `MAXIMUM_SPREAD` apart."""
    binary = os.path.join(scratch, "release", "liveui-demo")
    listed = listed_symbols()
    link_map = LinkMap(map_path(scratch))
    found = sum(name in link_map.sections for name in listed)
    share = found / max(1, len(listed))
    print(f"pgo/order.py: {found} of the {len(listed)} functions pgo/order.txt lists are in "
          f"{os.path.relpath(binary, ROOT)} ({share:.0%}; at least {MINIMUM_FOUND:.0%} needed)")
    if share < MINIMUM_FOUND:
        raise SystemExit("pgo/order.py: pgo/order.txt is stale: regenerate it with `pgo/order.py` "
                         "(after `pgo/build.sh`; needs valgrind) and commit it")
    span, total = link_map.block(listed)
    print(f"pgo/order.py: they lie in {span / 1024:.0f} KiB of code, their sections {total / 1024:.0f} KiB "
          f"together (at most {MAXIMUM_SPREAD} times that allowed)")
    if total == 0 or span > MAXIMUM_SPREAD * total:
        raise SystemExit("pgo/order.py: the binary was not laid out by pgo/order.txt (built without lld, or a "
                         "listed name is in a section shared with other functions): rebuild with pgo/build.sh, "
                         "or regenerate the list")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scratch", nargs="?", default=DEFAULT_SCRATCH, help="pgo/build.sh's scratch directory")
    parser.add_argument("--check", action="store_true", help="check pgo/order.txt against BINARY instead")
    parser.add_argument("--requests", type=int, default=REQUESTS, help="requests of each kind walked")
    args = parser.parse_args()
    if not os.path.exists(os.path.join(args.scratch, "release", "liveui-demo")):
        raise SystemExit(f"pgo/order.py: no {args.scratch}/release/liveui-demo: run pgo/build.sh first")
    if args.check:
        check(args.scratch)
    else:
        generate(args.scratch, args.requests)


if __name__ == "__main__":
    main()
