#!/usr/bin/env bash
# Installs missing packages, configures and builds warpsim into build/ (Release with debug info).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo ${WARPSIM_CMAKE_FLAGS:-} >/dev/null
cmake --build build -j"${JOBS:-2}"
