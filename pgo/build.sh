#!/usr/bin/env bash
# Profile-guided release build of liveui-demo, the server that ships (the Docker image) and that
# `make bench` measures.
#
#   pgo/build.sh [SCRATCH]      # default .build/pgo; the binary is SCRATCH/release/liveui-demo
#
# 1. An instrumented release build (LLVM's IR-level instrumentation, which counts after inlining)
#    into SCRATCH-train.
# 2. pgo/train.py runs it through every gallery page as clients would; it writes its counts on exit.
# 3. llvm-profdata merges them into SCRATCH/liveui-demo.profdata.
# 4. The release build with that profile into SCRATCH: the compiler lays out hot code together and
#    apart from cold paths, and inlines and places branches by the counts. About 6-11 % less CPU per
#    click over HTTP than the same build without a profile; instructions fall by about 1 %, the rest
#    is code that fits the caches better (docs/performance.md).
# 5. With lld (in the toolchain) and pgo/order.txt: every function in a section of its own, and the
#    functions a request runs laid out first, together, in the order pgo/order.py read off the server
#    under callgrind: the same code over fewer cache lines, about 10 % less CPU per counter click and
#    14 % per row click over HTTP (docs/performance.md). Without lld the build goes on without it.
#
# The profile is made from the current sources every time, so it never goes stale. The flags are
# the Makefile's RELEASE (cross-module optimisation, the Swift runtime linked in) plus the profile's.
# Toolchain pieces used: `-ir-profile-generate` and `-ir-profile-use` (frontend options), the
# compiler runtime's libclang_rt.profile, and llvm-profdata, all in the Swift toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${1:-.build/pgo}
train=$scratch-train
release=(-c release -Xswiftc -cross-module-optimization --static-swift-stdlib -Xcc -gdwarf-4)
bin=$(dirname "$(readlink -f "$(command -v swift)")")
runtime=$bin/../lib/swift/clang/lib/linux/libclang_rt.profile-$(uname -m).a
profdata=$bin/llvm-profdata
for tool in "$runtime" "$profdata"; do
  [ -e "$tool" ] || { echo "pgo/build.sh: $tool is missing from the Swift toolchain" >&2; exit 1; }
done

# Both builds start clean, and are skipped when nothing they are made from changed since the last one:
# an incremental build would not see a new profile, and cross-module optimisation has left stale code
# in incremental release builds before (see the Makefile's release-fresh).
stamp=$scratch/sources.sha1
sum=$(find Sources Plugins Public Package.swift pgo -type f -print0 | sort -z | xargs -0 cat | sha1sum | cut -d' ' -f1)
if [ -x "$scratch/release/liveui-demo" ] && [ "$sum" = "$(cat "$stamp" 2>/dev/null)" ]; then
  echo "pgo/build.sh: $scratch/release/liveui-demo is up to date"
  exit 0
fi
rm -rf "$scratch" "$train"

echo "pgo/build.sh: instrumented build into $train"
# The tools the build runs (the client-asset plugin's) are instrumented too: their counts go into the
# scratch directory, not into the working directory as default_*.profraw, and are not merged.
mkdir -p "$train/build-tools"
LLVM_PROFILE_FILE="$(readlink -f "$train/build-tools")/%m.profraw" \
  swift build "${release[@]}" --product liveui-demo --scratch-path "$train" \
  -Xswiftc -Xfrontend -Xswiftc -ir-profile-generate \
  -Xlinker "$runtime" -Xlinker -u__llvm_profile_runtime

raw=$train/profiles
rm -rf "$raw"
python3 pgo/train.py "$train/release/liveui-demo" "$raw/%p.profraw" --seconds "${PGO_TRAIN_SECONDS:-12}"
mkdir -p "$scratch"
"$profdata" merge -o "$scratch/liveui-demo.profdata" "$raw"/*.profraw

# Step 5's layout, when lld is there to do it (names it cannot find in the binary are skipped), with a
# link map (SCRATCH/liveui-demo.map) that pgo/order.py reads.
layout=()
if [ -x "$bin/ld.lld" ]; then
  layout=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xswiftc -use-ld=lld
    -Xlinker "-Map=$(readlink -f "$scratch")/liveui-demo.map" -Xlinker --no-demangle)
  if [ -f pgo/order.txt ]; then
    layout+=(-Xlinker "--symbol-ordering-file=$(readlink -f pgo/order.txt)" -Xlinker --no-warn-symbol-ordering)
  fi
else
  echo "pgo/build.sh: no ld.lld in the toolchain: functions keep the default layout" >&2
fi

echo "pgo/build.sh: release build with the profile into $scratch"
swift build "${release[@]}" "${layout[@]}" --product liveui-demo --scratch-path "$scratch" \
  -Xswiftc -Xfrontend -Xswiftc "-ir-profile-use=$(readlink -f "$scratch/liveui-demo.profdata")"
echo "$sum" > "$stamp"
echo "pgo/build.sh: $scratch/release/liveui-demo"
