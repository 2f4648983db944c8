#!/usr/bin/env bash
# Builds the test executables and the warpsim command with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-sanitize/ (clang, the modules at -O1, the test code at -O0, libstdc++'s assertions on) and runs the unit,
# integration and command-line tests under them through CTest. A finding aborts its test, which fails. Leaves out the
# validate CTest: it simulates every measured workload (over a minute without sanitizers). Environment: JOBS (default 2).
# clang rather than g++ since 2026-12-05: the same tree built cold in 5 min 35 s against about 10.5 with g++ (two cores,
# no compiler cache), and its 822 tests passed in 5 min 50 s, as they did under g++'s sanitizers; tools/test.sh still
# builds with g++ and warnings as errors. A build-sanitize/ configured for g++ earlier is configured afresh.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/install-deps.sh clang libclang-rt-14-dev
grep -qs 'CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' build-sanitize/CMakeCache.txt || rm -rf build-sanitize/CMakeCache.txt build-sanitize/CMakeFiles
cmake -S . -B build-sanitize -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DWARPSIM_SANITIZE=ON \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -D_GLIBCXX_ASSERTIONS" \
  -DCMAKE_CXX_COMPILER_LAUNCHER="$(command -v ccache || true)" >/dev/null
cmake --build build-sanitize -j"${JOBS:-2}" --target warpsim_tests warpsim
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
# Left out here: the validation (every measured kernel, timed), test 626's HGEMM runs (minutes under the sanitizers;
# their code paths, mma.sync, ldmatrix and cp.async, run in the smaller tests 581, 622 and 624), and the workloads'
# B200 runs (the same kernels from their sm_100a PTX on the B200 model: the H200 run of each takes the same code paths
# here; tools/test.sh runs both) and the browser test (Chromium renders the same pages as tools/test.sh's run; the report's
# code runs under the sanitizers in the teach tests), and the six workload tests that took longest there on
# 2026-12-05 (sgemm_cp_async 79 s, ubench_tma 54, ubench_store_drain 34, j_gather 32, ubench_occupancy_sweep 31,
# ubench_lsu_issue 24: about 4 CPU-minutes; their code paths, cp.async, TMA, stores, gathers, occupancy and L1 hits,
# run in smaller workloads and tests here, and all of them in tools/test.sh), and flash_fwd (25 s unsanitized; its wgmma,
# TMA, mbarrier and shuffle paths run here in ws_gemm's and wgmma's tests), and the timed ubench_mma/ubench_wgmma
# comparisons 683 and 692 (77 and 47 s there on 2026-12-05; 625 runs the same tensor timing), and the six DRAM-sized
# microbenchmarks (ubench_dram_mlp 25 s, ubench_partial_write 24, ubench_dram_tile 18, ubench_dram_chase 16,
# ubench_dram_stream 15, ubench_stream_mix 14 there on 2026-12-05: plain loads and stores over tens of MiB, whose code
# paths the smaller workloads run here), and the judgement workloads' tests (`j_*`, 24 of them, 2-11 s each there:
# ordinary loads, stores, atomics and shared memory, which the calibration workloads and the unit tests run here), and
# ubench_l1_assoc (6 s unsanitized: one thread's L1 hits, which ubench_l1_chase's test runs here) and ubench_warp_lat
# (20 s unsanitized: dependent ld.global.cg walks, which ubench_l2_chase's and the unit tests' paths cover) and
# ubench_gather_store (15 s unsanitized: random loads and coalesced stores; test 599 runs its store queue here) and
# ubench_store_rand (4 s unsanitized: plain stores over 8 MiB), and ubench_smem_wide and ubench_exit_drain (12 and 10 s
# under the sanitizers on 2026-12-07: shared loads of every width and CTA exits, which the smaller shared-memory and
# store tests run here), and test 794's six asynchronous-copy workloads under racecheck (20 s there; its second case
# runs the same racecheck on tma_multicast and tma_probe), which keeps CI under its 30 minutes (CI took 31.7 on
# 2026-12-05, 29.9 on 2026-12-07).
ctest --test-dir build-sanitize --output-on-failure -j"${JOBS:-2}" \
  -E "^browser: |^validate: h200 measurements|^workloads:hgemm_mma_sync|^workloads:.*B200|^workloads:(sgemm_cp_async|ubench_tma|ubench_store_drain|j_gather|ubench_occupancy_sweep|ubench_lsu_issue|flash_fwd|ubench_dram_mlp|ubench_partial_write|ubench_dram_tile|ubench_dram_chase|ubench_dram_stream|ubench_stream_mix|ubench_l1_assoc|ubench_tile_phases|ubench_dram_random|ubench_tma_dram|ubench_ldg_trips|ubench_l2_shared|ubench_l2_merge|ubench_warp_lat|ubench_gather_store|ubench_store_rand|ubench_partial_hold|ubench_smem_wide|ubench_exit_drain): |^workloads:j_|^timed:(683|692) |^timed:794 racecheck finds no hazard in the asynchronous-copy "
