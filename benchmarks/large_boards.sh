#!/bin/bash
# benchmarks/large_boards.sh [REPS]
#
# The large-board target of the SAT pipeline, quicker than `satdoku_bench
# --full`: for each board of ../shared/data/large (sudoku-225-1 left out:
# neither CaDiCaL nor the reference solves it), `satdoku solve -q -j1 -o line`
# with the cross-check on and off, against the file workflow it replaces,
# `satdoku encode --encoding extended --amo pairwise --reduce clues` and the
# Debian `cadical` binary on that file (the two times added).  Times (in
# seconds, to a tenth of a millisecond; the ratio from them) are the
# fastest of REPS plain runs (default 5; one for the slow sudoku-64-1, and one
# for cadical on 400-1), taken with bash's $EPOCHREALTIME around the command
# (a microsecond clock; the boards up to 25x25 take a few milliseconds, so
# their ratios move with the cost of starting a process); the peak RSS comes
# from one more run under /usr/bin/time.  Builds satdoku (Release) into
# build-bench.  Prints a Markdown table for benchmarks/RESULTS.md.
# BOARDS="25-1 100-1" limits the run to those boards.  A run that fails
# stops the script, naming it and quoting its last messages: satdoku must
# exit 0 and cadical 10 (satisfiable; 20 would mean a wrong formula, 0 that
# it gave up).
set -euo pipefail
export LC_ALL=C  # a decimal point in $EPOCHREALTIME and awk's figures

if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi
reps=${1:-5}
if ! [[ $reps =~ ^[1-9][0-9]*$ ]]; then
  echo "large_boards.sh: REPS must be a whole number of runs, 1 or more (not '$reps')" >&2
  exit 2
fi
command -v cadical >/dev/null || { echo "large_boards.sh: cadical is not installed (scripts/install-deps.sh)" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-bench
data=$root/../shared/data/large
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j 2 --target satdoku >/dev/null
satdoku=$build/cli/satdoku

# ran EXPECTED STATUS CMD...: true when CMD exited with EXPECTED, else says
# so on stderr with the last lines CMD wrote there.
ran() {
  (($1 == $2)) && return 0
  echo "large_boards.sh: '${*:3}' exited with $2, not $1:" >&2
  tail -3 "$work/stderr" >&2
  return 1
}

# best N EXPECTED CMD...: the fastest wall time of N runs, in seconds.
best() {
  local n=$1 expected=$2 fastest= start end t status
  shift 2
  for ((i = 0; i < n; ++i)); do
    status=0
    start=$EPOCHREALTIME
    "$@" >/dev/null 2>"$work/stderr" || status=$?
    end=$EPOCHREALTIME
    ran "$expected" "$status" "$@" || return 1
    t=$(awk -v a="$start" -v b="$end" 'BEGIN { t = sprintf("%.4f", b - a); if (t + 0 <= 0) exit 1; print t }') || {
      echo "large_boards.sh: '$*' took no measurable time" >&2
      return 1
    }
    if [[ -z $fastest ]] || awk -v a="$t" -v b="$fastest" 'BEGIN { exit !(a < b) }'; then fastest=$t; fi
  done
  printf '%.4f' "$fastest"
}

# rss EXPECTED CMD...: peak resident memory of one run, in MiB.
rss() {
  local expected=$1 status=0
  shift
  /usr/bin/time -f '%M' -o "$work/rss" "$@" >/dev/null 2>"$work/stderr" || status=$?
  ran "$expected" "$status" "$@" || return 1
  awk '{ v = $1 } END { printf "%.1f", v / 1024 }' "$work/rss"
}

boards=${BOARDS:-16-1 25-1 64-1 64-2 81-1 100-1 144-1 144-2 225-2 400-1}
for board in $boards; do  # every name checked before the first run
  [[ -f $data/sudoku-$board.txt ]] || { echo "large_boards.sh: no board $data/sudoku-$board.txt" >&2; exit 2; }
done

echo '| board | solve s | RSS MiB | --no-cross-check s | encode s | cadical s | cadical RSS MiB | ratio |'
echo '|---|---|---|---|---|---|---|---|'
for board in $boards; do
  file=$data/sudoku-$board.txt
  n=$reps
  [[ $board == 64-1 ]] && n=1
  solve=$(best "$n" 0 "$satdoku" solve -q -j1 -o line "$file")
  solve_rss=$(rss 0 "$satdoku" solve -q -j1 -o line "$file")
  no_check=$(best "$n" 0 "$satdoku" solve -q -j1 --no-cross-check -o line "$file")
  rm -f "$work/x.cnf"
  encode=$(best "$n" 0 "$satdoku" encode --encoding extended --amo pairwise --reduce clues -q -o "$work/x.cnf" "$file")
  m=$n
  [[ $board == 400-1 ]] && m=1
  cadical_s=$(best "$m" 10 cadical -q "$work/x.cnf")
  cadical_rss=$(rss 10 cadical -q "$work/x.cnf")
  ratio=$(awk -v e="$encode" -v c="$cadical_s" -v s="$solve" 'BEGIN { printf "%.2f", (e + c) / s }')
  echo "| sudoku-$board | $solve | $solve_rss | $no_check | $encode | $cadical_s | $cadical_rss | ${ratio}x |"
done
