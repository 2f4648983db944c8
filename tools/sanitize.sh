#!/usr/bin/env bash
# Builds the test executables and the warpsim command with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-sanitize/ (tools/configure-sanitize.sh: clang, the modules at -O1 with libstdc++'s assertions and libFuzzer's
# coverage, the test code at -O0) and runs the unit, integration and command-line tests under them through CTest. A
# finding aborts its test, which fails. Leaves out the validate CTest (it simulates every measured workload: over a
# minute without sanitizers) and the fuzz CTests (tools/fuzz.sh runs them). Environment: JOBS (default 2).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/configure-sanitize.sh
cmake --build build-sanitize -j"${JOBS:-2}" --target warpsim_tests warpsim
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
ctest --test-dir build-sanitize --output-on-failure -j"${JOBS:-2}" -E "^(validate: h200 measurements|fuzz: )"
