#!/usr/bin/env bash
# Configures build-sanitize/, the one tree that tools/sanitize.sh and tools/fuzz.sh share: clang with ASan and UBSan
# (no recovery) and libFuzzer's coverage in every module (-fsanitize=fuzzer-no-link), the modules at -O1 with
# libstdc++'s assertions on, the test code at -O0. Sharing it builds the modules once for both steps: the unit and
# integration tests link them as they are, the libFuzzer targets link them with -fsanitize=fuzzer. Installs clang and
# the libFuzzer runtime (Debian's clang, libclang-rt-14-dev) when missing. Environment: FUZZ_SECONDS (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh clang libclang-rt-14-dev
cmake -S . -B build-sanitize -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DWARPSIM_SANITIZE=ON -DWARPSIM_FUZZ=ON \
  -DWARPSIM_FUZZ_SECONDS="${FUZZ_SECONDS:-10}" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -D_GLIBCXX_ASSERTIONS" \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$(command -v ccache || true)" >/dev/null
