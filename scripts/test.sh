#!/usr/bin/env bash
# Quick start, step 2: build (if needed) and run the whole test suite through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure --no-tests=error -j"$(nproc)"
