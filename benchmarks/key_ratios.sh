#!/bin/bash
# benchmarks/key_ratios.sh [REPS]
#
# The speed targets of the SAT pipeline (solve) and of check, measured side by
# side in one run: the commands of a row run in turn, REPS rounds (default 3),
# so that load arriving mid-run falls on both sides of a ratio; each command's
# fastest whole-process wall time counts (bash's $EPOCHREALTIME around it).
# Builds satdoku (Release) and the MiniSat peer into build-bench; qqwing comes
# from Debian.  Prints a Markdown table for benchmarks/RESULTS.md.  Inputs:
# ../shared/data with the '#' lines removed; forum_hardest_11plus is cut to
# its first 5,000 puzzles.
set -euo pipefail
export LC_ALL=C  # a decimal point in $EPOCHREALTIME and awk's figures

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi
reps=${1:-3}
if ! [[ $reps =~ ^[1-9][0-9]*$ ]]; then
  echo "key_ratios.sh: REPS must be a whole number of rounds, 1 or more (not '$reps')" >&2
  exit 2
fi
command -v qqwing >/dev/null || { echo "key_ratios.sh: qqwing is not installed (scripts/install-deps.sh)" >&2; exit 2; }
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

# seconds (to the millisecond, from bash's microsecond clock) of one run of
# a command reading FILE on stdin; a failed run stops the script.  Exit 1 of
# `satdoku check` says some puzzle is not unique, which is the point of
# serg_multi and a failure anywhere else; so is a time of zero.
once() {
  local file=$1 status=0 start end
  shift
  start=$EPOCHREALTIME
  "$@" <"$file" >/dev/null 2>"$work/stderr" || status=$?
  end=$EPOCHREALTIME
  if ((status != 0)) && ! [[ $status == 1 && $2 == check && $file == */serg_multi.txt ]]; then
    echo "key_ratios.sh: '$*' < $file exited with $status:" >&2
    tail -3 "$work/stderr" >&2
    return 1
  fi
  awk -v a="$start" -v b="$end" 'BEGIN { t = sprintf("%.3f", b - a); if (t + 0 <= 0) exit 1; print t }' || {
    echo "key_ratios.sh: '$*' < $file took no measurable time" >&2
    return 1
  }
}

# alternate FILE NAME...: REPS rounds, each running the commands held in the
# arrays NAME... once, in turn, on FILE; prints each command's fastest time
alternate() {
  local file=$1 i k t
  shift
  local -a bests=()
  for ((i = 0; i < reps; ++i)); do
    k=0
    for name in "$@"; do
      local -n cmd=$name
      t=$(once "$file" "${cmd[@]}") || exit 1
      if [[ -z ${bests[k]:-} ]] || awk -v a="$t" -v b="${bests[k]}" 'BEGIN { exit !(a < b) }'; then bests[k]=$t; fi
      unset -n cmd
      k=$((k + 1))
    done
  done
  echo "${bests[@]}"
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
peer1=("$peer" --limit 1)
peer2=("$peer" --limit 2)
qq=(qqwing --solve --count-solutions --one-line)
solve1=("$satdoku" solve -q -j1 -o line)
solve2=("$satdoku" solve -q -j2 -o line)
check1=("$satdoku" check -q -j1)
for f in 17_clue top1465 forum_hardest; do
  read -r ours theirs < <(alternate "$work/$f.txt" solve1 peer1)
  row "solve -j1, $f" "$ours" "$theirs" minisat_peer 3
  [[ $f == 17_clue ]] && j1_first=$ours
done
read -r j1 j2 < <(alternate "$work/17_clue.txt" solve1 solve2)
# -j1 is the fastest of all its runs on 17_clue, the first row's too: one
# slow round must not make -j2 look faster than two cores allow.
j1=$(awk -v a="$j1" -v b="$j1_first" 'BEGIN { print (a < b ? a : b) }')
row "solve -j2 vs -j1, 17_clue" "$j2" "$j1" "satdoku -j1" 1.8
if awk -v a="$j1" -v b="$j2" -v n="$(nproc)" 'BEGIN { exit !(a / b > n) }'; then
  echo "key_ratios.sh: -j2 ran more than $(nproc) times as fast as -j1: the machine's load changed; run again" >&2
fi
for f in 17_clue top1465 forum_hardest serg_multi; do
  if [[ $f == 17_clue || $f == top1465 ]]; then
    read -r ours theirs q < <(alternate "$work/$f.txt" check1 peer2 qq)
  else
    read -r ours theirs < <(alternate "$work/$f.txt" check1 peer2)
  fi
  row "check -j1, $f" "$ours" "$theirs" minisat_peer 3
  if [[ $f == 17_clue || $f == top1465 ]]; then
    row "check -j1 vs qqwing, $f" "$ours" "$q" qqwing 3
  fi
done
