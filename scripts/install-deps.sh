#!/usr/bin/env bash
# Install every Debian package satdoku needs to build, test and benchmark.
# Idempotent; run as root (or through sudo). Debian bookworm.
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libcadical-dev
  libboost-program-options-dev libboost-test-dev
  nlohmann-json3-dev
  libbenchmark-dev
  cadical minisat picosat qqwing
  libxml2-utils python3 bc time
  clang-14 libclang-rt-14-dev clang-tidy cppcheck
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
