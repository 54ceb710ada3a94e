#!/usr/bin/env bash
# Prints eventdeck's start-up time, first frame and memory side by side with
# baselines, as ratios (issue 12's goals). Not a test: timings depend on the
# machine; run it by hand on a quiet one. Needs go and python3.
#   bash ui/cli/testdata/ratios/ratios.sh [runs]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../../.." && pwd)"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
cd "$root"
go build -o "$bin/eventdeck" .
go build -o "$bin/hello" ./ui/cli/testdata/ratios/hello
go build -o "$bin/bare" ./ui/cli/testdata/ratios/bare
python3 "$here/ratios.py" "$bin" "${1:-30}"
