#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, every module they link at -O1 with ASan, UBSan and libFuzzer's
# coverage) into build-fuzz/ and fuzzes each for FUZZ_SECONDS (default 10) on top of its seed corpus through CTest
# (one test per target, "fuzz: NAME"), ending with CTest's summary line. A crash, a sanitizer report, a timeout
# (an input over 10 s) or an out-of-memory input fails its test; the input is left in build-fuzz/fuzz-artifacts/.
# Installs clang and the libFuzzer runtime (Debian's clang, libclang-rt-14-dev) when missing.
# Leaves out: long campaigns (run a target by hand: tests/fuzz/README.md). Environment: JOBS (default 2), FUZZ_SECONDS.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh clang libclang-rt-14-dev
cmake -S . -B build-fuzz -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DWARPSIM_FUZZ=ON -DWARPSIM_TESTS=OFF \
  -DWARPSIM_FUZZ_SECONDS="${FUZZ_SECONDS:-10}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCMAKE_CXX_COMPILER_LAUNCHER="$(command -v ccache || true)" >/dev/null
cmake --build build-fuzz -j"${JOBS:-2}" --target warpsim_fuzz_targets
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
# Two targets at a time (JOBS, default 2): each libFuzzer process runs on one core for its full FUZZ_SECONDS, so
# the four take half the wall time of one at a time (45 s on 2026-12-07, CI's margin then 7 s of its 30 minutes).
ctest --test-dir build-fuzz --output-on-failure -j"${JOBS:-2}"
