#!/bin/sh
# run_native_vs_qqwing.sh BUILD_DIR DATA_FILE [LIMIT]
#
# Compares the native solver with qqwing on the same puzzles, in one run.
# Builds nothing: BUILD_DIR must already hold benchmarks/bench_native.
#  * bench_native: solver time only (puzzles parsed before timing), counting
#    up to LIMIT solutions (default 2), best of 3 passes;
#  * qqwing --solve --count-solutions --one-line: the whole process, timed
#    by the shell, on the same puzzles ('#' lines removed).
# Prints both rates and their ratio.  Exit code 1 when bench_native finds an
# invalid answer, 2 on a usage error.
set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR DATA_FILE [LIMIT]" >&2
  exit 2
fi
build=$1
data=$2
limit=${3:-2}
bench=$build/benchmarks/bench_native
[ -x "$bench" ] || { echo "$0: no $bench (build target bench_native first)" >&2; exit 2; }
[ -r "$data" ] || { echo "$0: cannot read $data" >&2; exit 2; }
command -v qqwing >/dev/null || { echo "$0: qqwing is not installed" >&2; exit 2; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$data" | grep -v '^$' > "$tmp/puzzles"
count=$(wc -l < "$tmp/puzzles")

"$bench" --limit "$limit" --repeat 3 "$data" > "$tmp/native" || { cat "$tmp/native"; exit 1; }
native_rate=$(awk '/^puzzles\/s/ {print $2}' "$tmp/native")

start=$(date +%s.%N)
qqwing --solve --count-solutions --one-line < "$tmp/puzzles" > "$tmp/qqwing"
end=$(date +%s.%N)
qq_seconds=$(echo "$end - $start" | bc -l)
qq_rate=$(echo "$count / $qq_seconds" | bc -l)
qq_unique=$(grep -c 'unique' "$tmp/qqwing" || true)

cat "$tmp/native"
echo
echo "cpu             $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
printf 'native          %.0f puzzles/s (solver only, limit %s)\n' "$native_rate" "$limit"
printf 'qqwing          %.0f puzzles/s (%d puzzles in %.2f s, whole process; %d reported unique)\n' \
  "$qq_rate" "$count" "$qq_seconds" "$qq_unique"
printf 'ratio           %.1fx\n' "$(echo "$native_rate / $qq_rate" | bc -l)"
