#!/bin/sh
# scripts/bench.sh [--quick | --full | --smoke] [RUNNER OPTIONS...]
#
# One command for every speed figure of satdoku against its peers: builds
# satdoku, the runner (benchmarks/satdoku_bench) and the Google Benchmark
# micro-benchmarks in a Release build folder, builds the MiniSat peer from
# ../shared/peers/minisat_peer.cpp into the same folder, then runs the runner.
# Full mode (the default, minutes) rewrites the runner's section of
# benchmarks/RESULTS.md; --quick (about two minutes with the build) only
# prints it (add --results benchmarks/RESULTS.md to write it).  Other
# options go to the runner: build-bench/benchmarks/satdoku_bench --help.
#
# Environment: SATDOKU_BENCH_BUILD (default build-bench, relative to the
# repository root), JOBS (build parallelism, default 2).
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
build=${SATDOKU_BENCH_BUILD:-build-bench}
case $build in /*) ;; *) build=$root/$build ;; esac
jobs=${JOBS:-2}
peers=$root/../shared/peers
command="scripts/bench.sh${*:+ $*}"

cd "$root"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$jobs" --target satdoku satdoku_bench >/dev/null
# micro exists when CMake found Google Benchmark (whatever the generator)
if grep -q '^benchmark_DIR:PATH=' "$build/CMakeCache.txt" && ! grep -q '^benchmark_DIR:PATH=.*NOTFOUND' "$build/CMakeCache.txt"; then
  cmake --build "$build" -j "$jobs" --target micro >/dev/null
fi

if [ -r "$peers/minisat_peer.cpp" ]; then
  mkdir -p "$build/peers"
  if [ ! -x "$build/peers/minisat_peer" ] || [ "$peers/minisat_peer.cpp" -nt "$build/peers/minisat_peer" ]; then
    ${CXX:-g++} -O2 -std=c++17 "$peers/minisat_peer.cpp" -o "$build/peers/minisat_peer" -lminisat
  fi
  set -- --minisat-peer "$build/peers/minisat_peer" "$@"
else
  echo "bench.sh: no $peers/minisat_peer.cpp: no MiniSat rows (so no file is written; --no-write prints them)" >&2
fi

exec "$build/benchmarks/satdoku_bench" --satdoku "$build/cli/satdoku" \
  --data "$root/../shared/data" --command "$command" "$@"
