#!/usr/bin/env bash
# Issue 32: the full kill loop. TestKillLoop builds eventdeck, plays every
# game (Catan, Catan with Cities & Knights, Rivals, the Card Game) in tmux
# with 1-40 random keys, kills it with SIGKILL 0-300 ms later, resumes and
# compares the last screen with the resumed one. The normal test run does
# 20 kills; this does as many as asked (default 200) and prints the
# figures: kills, matches, behind, ahead, missing saves, debris.
#   bash ui/cli/testdata/killloop/killloop.sh [KILLS] [SEED]
# EVENTDECK_KILL_BIN=/path/to/eventdeck plays another build instead.
set -euo pipefail
cd "$(dirname "$0")/../../../.."
export PATH="$PATH:/usr/local/go/bin"
kills=${1:-200}
seed=${2:-$(date +%s)}
EVENTDECK_KILLS=$kills EVENTDECK_KILL_SEED=$seed \
  go test -count=1 -timeout 90m -run '^TestKillLoop$' -v ./ui/cli/ 2>&1 |
  grep -E 'kill loop|behind|no save|left after|could not be read|^(--- |ok|FAIL|PASS)'
