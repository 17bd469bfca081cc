#!/usr/bin/env bash
# scripts/fuzz.sh TARGET|all SECONDS
#
# Builds the libFuzzer targets of fuzz/ with clang (ASan + UBSan, folder
# $FUZZ_BUILD, default build-fuzz) and runs TARGET (or every target in turn)
# for SECONDS each, starting from its committed seeds: fuzz/corpus/readers
# for the reader and round-trip targets (one set of puzzle files serves all
# of them), fuzz/corpus/TARGET for the others.
# New corpus entries go to the build folder, never into the repository.
# Every crash, hang (an input taking over 5 s) or out-of-memory input found is
# copied to tests/data/regressions/TARGET-KIND-HASH, which the normal test
# suite (test_regressions) replays; the script then exits 1.  A clean run
# prints "TARGET: clean, E executions in S s".
#
# Environment: FUZZ_BUILD (build folder), JOBS (build parallelism, default 2),
# FUZZ_ARGS (extra libFuzzer flags).
set -euo pipefail

usage() { echo "usage: scripts/fuzz.sh TARGET|all SECONDS   (targets: ${targets[*]})" >&2; exit 2; }
targets=(fuzz_read_auto fuzz_read_line fuzz_read_euler fuzz_read_grid fuzz_read_leetcode
         fuzz_read_comma fuzz_read_csv fuzz_read_tokens fuzz_roundtrip fuzz_dimacs fuzz_decode)
(($# == 2)) || usage
[[ $2 =~ ^[1-9][0-9]*$ ]] || usage  # 0 would be "no limit" to libFuzzer
seconds=$2
if [[ $1 == all ]]; then run=("${targets[@]}"); else
  [[ " ${targets[*]} " == *" $1 "* ]] || usage
  run=("$1")
fi

root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-build-fuzz}
case $build in /*) ;; *) build=$root/$build ;; esac
regressions=$root/tests/data/regressions

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER="${CXX_FUZZ:-$(command -v clang++ || command -v clang++-14)}" \
  -DSATDOKU_FUZZ=ON -DBUILD_TESTING=OFF -DSATDOKU_BENCHMARKS=OFF >/dev/null
cmake --build "$build" -j "${JOBS:-2}" --target "${run[@]}" >/dev/null

status=0
for target in "${run[@]}"; do
  work=$build/fuzz-work/$target
  rm -rf "$work/artifacts"
  mkdir -p "$work/corpus" "$work/artifacts"
  log=$work/log.txt
  case $target in fuzz_read_* | fuzz_roundtrip) seeds=$root/fuzz/corpus/readers ;; *) seeds=$root/fuzz/corpus/$target ;; esac
  # shellcheck disable=SC2086
  if "$build/fuzz/$target" -max_total_time="$seconds" -timeout=5 -rss_limit_mb=2048 -max_len=8192 \
       -print_final_stats=1 -artifact_prefix="$work/artifacts/" ${FUZZ_ARGS:-} \
       "$work/corpus" "$seeds" >"$log" 2>&1; then
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
    echo "$target: clean, ${runs:-?} executions in ${secs:-$seconds} s"
  else
    status=1
    echo "$target: FOUND A PROBLEM (log: $log)" >&2
    grep -E '^==[0-9]+==ERROR|SUMMARY|runtime error|ALARM|deadly signal' "$log" | head -5 >&2 || true
    mkdir -p "$regressions"
    for artifact in "$work"/artifacts/*; do
      [[ -f $artifact ]] || continue
      kind=$(basename "$artifact" | cut -d- -f1)
      name=$target-$kind-$(sha1sum "$artifact" | cut -c1-12)
      cp "$artifact" "$regressions/$name"
      echo "  saved $artifact as tests/data/regressions/$name" >&2
    done
  fi
done
exit $status
