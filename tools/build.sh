#!/usr/bin/env bash
# Installs missing packages, configures build/ (Release with debug info) and builds the warpsim executable only.
# Environment: WARPSIM_CMAKE_FLAGS (extra configure flags), WARPSIM_TARGETS (what to build, default "warpsim";
# "all" builds the tests too), JOBS (parallel jobs, default 2). Uses ccache when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# WARPSIM_CMAKE_FLAGS and WARPSIM_TARGETS are lists: unquoted on purpose.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$(command -v ccache || true)" ${WARPSIM_CMAKE_FLAGS:-} >/dev/null
cmake --build build -j"${JOBS:-2}" --target ${WARPSIM_TARGETS:-warpsim}
