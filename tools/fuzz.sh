#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz into build-sanitize/ (tools/configure-sanitize.sh: clang, every module
# they link at -O1 with ASan, UBSan and libFuzzer's coverage; after tools/sanitize.sh only the four targets are left to
# build) and fuzzes each for FUZZ_SECONDS (default 10) on top of its seed corpus through CTest (one test per target,
# "fuzz: NAME"), ending with CTest's summary line. A crash, a sanitizer report, a timeout (an input over 10 s) or an
# out-of-memory input fails its test; the input is left in build-sanitize/fuzz-artifacts/.
# Leaves out: long campaigns (run a target by hand: tests/fuzz/README.md). Environment: JOBS (default 2), FUZZ_SECONDS.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/configure-sanitize.sh
cmake --build build-sanitize -j"${JOBS:-2}" --target warpsim_fuzz_targets
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
# One target at a time: each fuzzes for its full time on one core, the other core stays free.
ctest --test-dir build-sanitize --output-on-failure -j1 -R "^fuzz: "
