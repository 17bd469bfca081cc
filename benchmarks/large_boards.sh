#!/bin/bash
# benchmarks/large_boards.sh [REPS]
#
# The large-board target of the SAT pipeline, quicker than `satdoku_bench
# --full`: for each board of ../shared/data/large (sudoku-225-1 left out:
# neither CaDiCaL nor the reference solves it), `satdoku solve -q -j1 -o line`
# with the cross-check on and off, against the file workflow it replaces,
# `satdoku encode --encoding extended --amo pairwise --reduce clues` and the
# Debian `cadical` binary on that file (the two times added).  Times are the
# fastest of REPS plain runs (default 5; one for the slow sudoku-64-1, and one
# for cadical on 400-1), taken with `date` around the command; the peak RSS
# comes from one more run under /usr/bin/time.  Builds satdoku (Release) into
# build-bench.  Prints a Markdown table for benchmarks/RESULTS.md.
# BOARDS="25-1 100-1" limits the run to those boards.  A run that fails
# (satdoku not 0, cadical neither 10 nor 20) stops the script, naming it.
set -euo pipefail

reps=${1:-5}
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
data=$root/../shared/data/large
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j 2 --target satdoku >/dev/null
satdoku=$build/cli/satdoku

# ran STATUS CMD...: true when CMD's exit status is one a successful run
# gives (0; a SAT solver's 10 or 20), else says so on stderr.
ran() {
  case $1 in 0 | 10 | 20) return 0 ;; esac
  echo "large_boards.sh: '${*:2}' failed with exit status $1" >&2
  return 1
}

# best N CMD...: the fastest wall time of N runs, in seconds.
best() {
  local n=$1 fastest=999 start end t status
  shift
  for ((i = 0; i < n; ++i)); do
    start=$(date +%s.%N)
    status=0
    "$@" >/dev/null 2>&1 || status=$?
    end=$(date +%s.%N)
    ran "$status" "$@" || return 1
    t=$(echo "$end - $start" | bc)
    if (($(echo "$t < $fastest" | bc))); then fastest=$t; fi
  done
  printf '%.3f' "$fastest"
}

# rss CMD...: peak resident memory of one run, in MiB.
rss() {
  local status=0
  /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>&1 || status=$?
  ran "$status" "$@" || return 1
  printf '%.1f' "$(echo "$(tail -1 "$work/rss") / 1024" | bc -l)"
}

echo '| board | solve s | RSS MiB | --no-cross-check s | encode s | cadical s | cadical RSS MiB | ratio |'
echo '|---|---|---|---|---|---|---|---|'
for board in ${BOARDS:-16-1 25-1 64-1 64-2 81-1 100-1 144-1 144-2 225-2 400-1}; do
  file=$data/sudoku-$board.txt
  n=$reps
  [[ $board == 64-1 ]] && n=1
  solve=$(best "$n" "$satdoku" solve -q -j1 -o line "$file")
  solve_rss=$(rss "$satdoku" solve -q -j1 -o line "$file")
  no_check=$(best "$n" "$satdoku" solve -q -j1 --no-cross-check -o line "$file")
  rm -f "$work/x.cnf"
  encode=$(best "$n" "$satdoku" encode --encoding extended --amo pairwise --reduce clues -q -o "$work/x.cnf" "$file")
  m=$n
  [[ $board == 400-1 ]] && m=1
  cadical_s=$(best "$m" cadical -q "$work/x.cnf")
  cadical_rss=$(rss cadical -q "$work/x.cnf")
  ratio=$(echo "scale=2; ($encode + $cadical_s) / $solve" | bc)
  echo "| sudoku-$board | $solve | $solve_rss | $no_check | $encode | $cadical_s | $cadical_rss | ${ratio}x |"
done
