#!/usr/bin/env bash
# Installs missing packages, configures build/ (Release with debug info) and builds the warpsim executable only.
# Environment: WARPSIM_CMAKE_FLAGS (extra configure flags), WARPSIM_TARGETS (what to build, default "warpsim";
# "all" builds the tests too), JOBS (parallel jobs, default 2). Uses ccache when it is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh
# WARPSIM_CMAKE_FLAGS and WARPSIM_TARGETS are lists: unquoted on purpose.
# -g1 (line tables: backtraces and perf's source lines, no variable locations) rather than CMake's -g: g++ compiles the
# modules about 30 % faster (gpu_config.cpp 22.8 -> 15.9 s, cmd_occupancy.cpp 30.8 -> 20.7 s on 2026-12-07), which
# CI's two cores need. Configure build/ yourself with -DCMAKE_BUILD_TYPE=Debug for a debugger's view.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1 -DNDEBUG" \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$(command -v ccache || true)" ${WARPSIM_CMAKE_FLAGS:-} >/dev/null
cmake --build build -j"${JOBS:-2}" --target ${WARPSIM_TARGETS:-warpsim}
