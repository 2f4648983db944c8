#!/usr/bin/env bash
# Builds warpsim and every test executable with warnings as errors and runs every test through CTest.
set -euo pipefail
cd "$(dirname "$0")/.."
# The browser test (tests/browser) renders report pages in headless Chromium and checks them with Python.
bash tools/install-deps.sh chromium python3
WARPSIM_CMAKE_FLAGS="-DWARPSIM_WERROR=ON" WARPSIM_TARGETS=all bash tools/build.sh
ctest --test-dir build --output-on-failure -j"${JOBS:-2}"
