#!/usr/bin/env bash
# Builds liveui-fuzz and runs every fuzz target (Fuzz/README.md) for SECONDS each.
# Usage: Fuzz/run.sh SECONDS [--merge] [target…]
#   --merge: afterwards, what the run found joins Fuzz/corpus/<target>, minimised (libFuzzer's -merge=1).
#   Without it (make test) new inputs stay under .build/fuzz/work and the repository's corpora are unchanged.
# A crash stops the run with status 1; its input is .build/fuzz/crashes/<target>-crash-*.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=$1; shift
merge=false
if [ "${1:-}" = --merge ]; then merge=true; shift; fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(event-body request-validation configuration escaping)
swift=${SWIFT:-swift}
# AddressSanitizer and libFuzzer's coverage on every module, testable for `@testable import`; its own build
# directory, so the flags never touch the ordinary build's. FUZZ_CONFIG=release runs several times more
# inputs a second, for a build that takes many times longer (`-enable-testing` added by hand there).
config=${FUZZ_CONFIG:-debug}
testing=(); [ "$config" = release ] && testing=(-Xswiftc -enable-testing)
ENABLE_FUZZ=1 "$swift" build -c "$config" --scratch-path .build/fuzz "${testing[@]}" \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,indirect-calls,trace-cmp,inline-8bit-counters,pc-table \
  -Xswiftc -use-ld=lld --product liveui-fuzz 2>&1 | grep -v "Cannot export local symbol" || true
bin=$PWD/.build/fuzz/$config/liveui-fuzz
[ -x "$bin" ] || { echo "liveui-fuzz did not build" >&2; exit 1; }
mkdir -p .build/fuzz/crashes
for target in "${targets[@]}"; do
  work=$PWD/.build/fuzz/work/$target
  corpus=$PWD/Fuzz/corpus/$target
  mkdir -p "$work"
  log=.build/fuzz/$target.log
  if ! LIVEUI_FUZZ_TARGET=$target "$bin" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 \
       -artifact_prefix="$PWD/.build/fuzz/crashes/$target-" "$work" "$corpus" >"$log" 2>&1; then
    tail -40 "$log" >&2
    echo "fuzz target $target failed: see $log" >&2
    exit 1
  fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1)
  echo "$target: $runs runs in ${seconds} s, $cov"
  if $merge; then
    rm -rf "$corpus.new" && mkdir -p "$corpus.new"
    LIVEUI_FUZZ_TARGET=$target "$bin" -merge=1 "$corpus.new" "$corpus" "$work" >>"$log" 2>&1
    rm -rf "$corpus" && mv "$corpus.new" "$corpus" && rm -rf "$work"
    echo "$target: corpus $(ls "$corpus" | wc -l) files, $(du -sk "$corpus" | cut -f1) KiB"
  fi
done
