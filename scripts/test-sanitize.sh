#!/usr/bin/env bash
# Builds satdoku with AddressSanitizer and UndefinedBehaviorSanitizer
# (-DSATDOKU_SANITIZE=ON) into build-asan (or $ASAN_BUILD_DIR) and runs the
# whole test suite through CTest.  Any sanitizer report fails the test that
# made it: the sanitizers abort (exit by SIGABRT), so that a report in a CLI
# child is not taken for its exit code 1, which many tests expect.
# The suite takes about 75 s of test time under the sanitizers (about 12 min
# with the build on 2 busy cores).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${ASAN_BUILD_DIR:-build-asan}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSATDOKU_SANITIZE=ON -DSATDOKU_BENCHMARKS=OFF >/dev/null
cmake --build "$build_dir" -j"$(nproc)"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:strict_string_checks=1}:abort_on_error=1
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}:abort_on_error=1
ctest --test-dir "$build_dir" --output-on-failure --no-tests=error -j"$(nproc)"
