#!/usr/bin/env bash
# Runs the client runtime's unit tests (node's built-in runner, no packages). Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v node >/dev/null || { echo "node (>= 20) is required for the client tests" >&2; exit 2; }
exec node --test Tests/client/
