#!/usr/bin/env bash
# Issue 32: any save up to the size cap is read or refused within 0.5 s and
# 64 MB. This builds eventdeck, writes three saves into state folders of
# their own (an 8.3 MB player's name in the state; the same in an undo
# state's delta; the longest history a game may have, 100,000 turns), and
# runs `eventdeck games` and `eventdeck export` on each under
# /usr/bin/time -v, printing the wall time, the CPU time (user + system)
# and the peak memory (RSS). It exits 1 when the CPU time is over 0.5 s or
# the memory over 64 MB: on a busy machine the wall time also counts the
# time spent waiting for a core. A measurement, not a test: run it by hand.
#   bash deck/testdata/hostile/measure.sh
set -euo pipefail
cd "$(dirname "$0")/../../.."
export PATH="$PATH:/usr/local/go/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/eventdeck" .
status=0
for kind in state delta long; do
  mkdir -p "$work/$kind"
  EVENTDECK_HOSTILE_SAVE="$work/$kind/game.json" EVENTDECK_HOSTILE_KIND="$kind" \
    go test -count=1 -run '^TestWriteHostileSave$' ./deck/ >/dev/null
  size=$(stat -c %s "$work/$kind/game.json")
  for cmd in games export; do
    /usr/bin/time -v "$work/eventdeck" $cmd --state-dir "$work/$kind" >/dev/null 2>"$work/time.txt" || true
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
    secs=$(echo "$wall" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
    cpu=$(awk -F': ' '/User time|System time/ {t += $2} END {print t}' "$work/time.txt")
    verdict=ok
    if awk -v c="$cpu" -v r="$rss" 'BEGIN { exit !(c > 0.5 || r > 65536) }'; then verdict=OVER; status=1; fi
    printf '%-6s %-7s save %8d bytes: %5.2f s wall, %5.2f s CPU, %6d KB peak  %s\n' "$kind" "$cmd" "$size" "$secs" "$cpu" "$rss" "$verdict"
  done
done
exit $status
