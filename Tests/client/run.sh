#!/usr/bin/env bash
# Runs the client runtime's unit tests (node's built-in runner, no packages). Exits non-zero on any failure.
#   Tests/client/run.sh            unit tests (patch, stream parser, update sequencing, transport)
#   Tests/client/run.sh --browser  also the Chromium smoke test against the mock server (needs chromium,
#                                  chromium-driver and `pip install selenium`)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v node >/dev/null || { echo "node (>= 20) is required for the client tests" >&2; exit 2; }
node --test Tests/client/
if [[ "${1:-}" == "--browser" ]]; then
  python3 Tests/client/browser_smoke.py
fi
