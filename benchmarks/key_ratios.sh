#!/bin/bash
# benchmarks/key_ratios.sh [REPS]
#
# The speed targets of the SAT pipeline (solve) and of check, measured side by
# side in one run: each command runs REPS times (default 3) and the fastest
# whole-process wall time counts.  Builds satdoku (Release) and the MiniSat
# peer into build-bench; qqwing comes from Debian.  Prints a Markdown table
# for benchmarks/RESULTS.md.  Inputs: ../shared/data with the '#' lines
# removed; forum_hardest_11plus is cut to its first 5,000 puzzles.
set -euo pipefail

reps=${1:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
data=$root/../shared/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j 2 --target satdoku >/dev/null
satdoku=$build/cli/satdoku
peer=$build/peers/minisat_peer
mkdir -p "$build/peers"
if [[ ! -x $peer || $root/../shared/peers/minisat_peer.cpp -nt $peer ]]; then
  g++ -O2 -std=c++17 "$root/../shared/peers/minisat_peer.cpp" -o "$peer" -lminisat
fi

grep -v '^#' "$data/17_clue.txt" >"$work/17_clue.txt"
grep -v '^#' "$data/top1465.txt" >"$work/top1465.txt"
awk '!/^#/ && n++ < 5000' "$data/forum_hardest_11plus.txt" >"$work/forum_hardest.txt"
grep -v '^#' "$data/serg_multi.txt" >"$work/serg_multi.txt"

# best SECONDS of REPS runs of a command reading FILE on stdin; a failed run
# stops the script (exit 1 of `satdoku check` only says a puzzle is not
# unique, as on serg_multi)
best() {
  local file=$1 t b= status
  shift
  for ((i = 0; i < reps; ++i)); do
    status=0
    /usr/bin/time -o "$work/time" -f %e "$@" <"$file" >/dev/null 2>"$work/stderr" || status=$?
    if ((status != 0)) && ! [[ $status == 1 && $2 == check ]]; then
      echo "key_ratios.sh: '$*' < $file exited with $status:" >&2
      tail -3 "$work/stderr" >&2
      exit 1
    fi
    t=$(tail -1 "$work/time")
    if [[ -z $b ]] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; then b=$t; fi
  done
  echo "$b"
}

row() {  # LABEL OURS THEIRS PEER REQUIRED
  local ratio
  ratio=$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')
  local verdict=MISS
  awk -v r="$ratio" -v t="$5" 'BEGIN { exit !(r >= t) }' && verdict=PASS
  echo "| $1 | $2 s | $4 $3 s | ${ratio}x | ${5}x | $verdict |"
}

echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC'), load before: $(cut -d' ' -f1-3 /proc/loadavg), best of $reps"
echo
echo "| target | satdoku | peer | ratio | required | result |"
echo "|---|---|---|---|---|---|"
for f in 17_clue top1465 forum_hardest; do
  ours=$(best "$work/$f.txt" "$satdoku" solve -q -j1 -o line)
  theirs=$(best "$work/$f.txt" "$peer" --limit 1)
  row "solve -j1, $f" "$ours" "$theirs" minisat_peer 3
done
j1=$(best "$work/17_clue.txt" "$satdoku" solve -q -j1 -o line)
j2=$(best "$work/17_clue.txt" "$satdoku" solve -q -j2 -o line)
row "solve -j2 vs -j1, 17_clue" "$j2" "$j1" "satdoku -j1" 1.8
for f in 17_clue top1465 forum_hardest serg_multi; do
  ours=$(best "$work/$f.txt" "$satdoku" check -q -j1)
  theirs=$(best "$work/$f.txt" "$peer" --limit 2)
  row "check -j1, $f" "$ours" "$theirs" minisat_peer 3
  if [[ $f == 17_clue || $f == top1465 ]]; then
    q=$(best "$work/$f.txt" qqwing --solve --count-solutions --one-line)
    row "check -j1 vs qqwing, $f" "$ours" "$q" qqwing 3
  fi
done
