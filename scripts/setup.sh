#!/usr/bin/env bash
# Quick start, step 1: install the dependencies, build, and solve a bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
bash scripts/build.sh
echo "== satdoku solve examples/euler96.txt --output line"
"${BUILD_DIR:-build}/cli/satdoku" solve examples/euler96.txt --output line
