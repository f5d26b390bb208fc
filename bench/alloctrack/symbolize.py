#!/usr/bin/env python3
"""Groups an alloctrack dump by call stack and prints the biggest groups, symbolized and demangled.

usage: symbolize.py DUMP [FRAMES (default 6)] [GROUPS (default 8)]
"""
import collections
import subprocess
import sys

dump = sys.argv[1]
frames = int(sys.argv[2]) if len(sys.argv) > 2 else 6
groups = int(sys.argv[3]) if len(sys.argv) > 3 else 8
SYMBOLIZER = "/opt/swift/usr/bin/llvm-symbolizer"

mappings = []
for line in open(dump + ".maps"):
    fields = line.split()
    if len(fields) >= 6 and fields[5].startswith("/"):
        start, end = (int(x, 16) for x in fields[0].split("-"))
        mappings.append((start, end, int(fields[2], 16), fields[5]))
bases = {}
for start, _, offset, path in mappings:
    bases[path] = min(bases.get(path, start - offset), start - offset)

names = {}
def name(address):
    address = int(address, 16)
    if address not in names:
        path = next((p for s, e, _, p in mappings if s <= address < e), None)
        if path is None:
            names[address] = hex(address)
        else:
            symbol = subprocess.run([SYMBOLIZER, "--obj=" + path, "-f", "--no-inlines", hex(address - bases[path])],
                                    capture_output=True, text=True).stdout.split("\n")[0]
            symbol = subprocess.run(["swift", "demangle", "--simplified", "--compact", symbol],
                                    capture_output=True, text=True).stdout.strip() or symbol
            names[address] = f"{path.rsplit('/', 1)[-1]}: {symbol[:140]}"
    return names[address]

stacks = collections.defaultdict(lambda: [0, 0])
total = [0, 0]
for line in open(dump):
    fields = line.split()
    group = stacks[tuple(fields[2:2 + frames])]
    group[0] += 1
    group[1] += int(fields[0])
    total[0] += 1
    total[1] += int(fields[0])
print(f"{total[0]} live allocations, {total[1]} bytes")
for stack, (count, size) in sorted(stacks.items(), key=lambda kv: -kv[1][1])[:groups]:
    print(f"\n{count} allocations, {size} bytes")
    for address in stack:
        print("    " + name(address))
