// Workload tests of the occupancy lessons (traces/occ_dyn_smem, occ_regs_limited, occ_smem_limited): each run's
// output checked element by element against a CPU reference computed from the initial buffers, the inputs
// unchanged, the launch summaries; and each workload's occupancy as the calculator gives it for the launch
// (1 KB vs 48 KB dynamic shared memory: 8 CTAs limited by warps vs 4 limited by shared memory; 80 registers: 3
// CTAs limited by registers; a 40 KiB static tile: 5 CTAs limited by shared memory).
// Each run check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing (the report's tests, tests/integration/teach/638-639, run these workloads timed).
#include "workload_util.hpp"

#include <warpsim/sim/ptxas.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <iterator>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_dyn_smem(const wl::sim::RunResult& r) {
  const auto in = wl::initial<std::uint32_t>(r.config, "in");
  const std::uint32_t n = 270336, block = 256;
  std::vector<std::uint32_t> want(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t tid = i % block, base = i - tid;
    const std::uint32_t t = (tid * 3u + 1u) % block;
    want[i] = in[i] * 2u + (in[base + t] ^ t);
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out_1k"), want, "out_1k");
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out_48k"), want, "out_48k");
  wl::check_unchanged<std::uint32_t>(r, "in");
  wl::check_launch(r, 0, "dyn_smem", 1056, 8448);
  wl::check_launch(r, 1, "dyn_smem", 1056, 8448);
}

std::uint32_t regs_mix(std::uint32_t x) {
  constexpr int nv = 64;
  std::uint32_t a[nv], b[nv];
  for (int k = 0; k < nv; ++k) a[k] = x * (2u * static_cast<std::uint32_t>(k) + 1u) + static_cast<std::uint32_t>(k);
  for (int r = 0; r < 4; ++r) {
    for (int k = 0; k < nv; ++k) b[k] = a[k] ^ ((a[(k + 1) % nv] << (k % 7 + 1)) + a[(k + 5) % nv]);
    for (int k = 0; k < nv; ++k) a[k] = b[k];
  }
  std::uint32_t s = 0;
  for (int k = 0; k < nv; ++k) s += a[k] * static_cast<std::uint32_t>(k + 1);
  return s;
}

void check_regs_limited(const wl::sim::RunResult& r) {
  const auto in = wl::initial<std::uint32_t>(r.config, "in");
  std::vector<std::uint32_t> want(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) want[i] = regs_mix(in[i]);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<std::uint32_t>(r, "in");
  wl::check_launch(r, 0, "regs_limited", 44, 352);
}

void check_smem_limited(const wl::sim::RunResult& r) {
  const auto in = wl::initial<std::uint32_t>(r.config, "in");
  constexpr std::size_t tile = 10240;
  std::vector<std::uint32_t> want(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) {
    const std::size_t base = i - i % tile, j = i % tile;
    want[i] = in[base + j] + in[base + tile - 1 - j];
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<std::uint32_t>(r, "in");
  wl::check_launch(r, 0, "smem_limited", 33, 132);
}

warpsim::timing::Occupancy h200_occupancy(unsigned threads, unsigned regs, std::uint64_t smem) {
  warpsim::timing::OccupancyRequest q;
  q.threads_per_cta = threads;
  q.regs_per_thread = regs;
  q.smem_per_cta = smem;
  return warpsim::timing::explain_occupancy(warpsim::config::load_gpu_config("h200"), q);
}

}  // namespace

TEST_CASE("occ_dyn_smem: 1 KB and 48 KB dynamic shared memory give the same output (H200, sm_90a PTX)", "[workloads]") {
  check_dyn_smem(wl::sim::run_file(wl::trace_json("occ_dyn_smem")));
}
TEST_CASE("occ_dyn_smem: 1 KB and 48 KB dynamic shared memory give the same output (B200, sm_100a PTX)",
          "[workloads]") {
  check_dyn_smem(wl::run_b200("occ_dyn_smem"));
}
TEST_CASE("occ_regs_limited: 64 live values mixed over four rounds match the CPU (H200, sm_90a PTX)", "[workloads]") {
  check_regs_limited(wl::sim::run_file(wl::trace_json("occ_regs_limited")));
}
TEST_CASE("occ_regs_limited: 64 live values mixed over four rounds match the CPU (B200, sm_100a PTX)", "[workloads]") {
  check_regs_limited(wl::run_b200("occ_regs_limited"));
}
TEST_CASE("occ_smem_limited: a 40 KiB tile read reversed matches the CPU (H200, sm_90a PTX)", "[workloads]") {
  check_smem_limited(wl::sim::run_file(wl::trace_json("occ_smem_limited")));
}
TEST_CASE("occ_smem_limited: a 40 KiB tile read reversed matches the CPU (B200, sm_100a PTX)", "[workloads]") {
  check_smem_limited(wl::run_b200("occ_smem_limited"));
}

TEST_CASE("occupancy lessons: each workload's launch is limited by the resource it is named after (H200)",
          "[workloads]") {
  using warpsim::timing::Limit;
  // 1 KB: 8 CTAs of 8 warps, warp slots bind; 48 KB (+ 1 KiB reserved = 50,176 B): 233,472 / 50,176 = 4 CTAs.
  const auto small = h200_occupancy(256, 12, 1024), big = h200_occupancy(256, 12, 49152);
  CHECK(small.ctas_per_sm == 8);
  CHECK(small.limiter == Limit::Warps);
  CHECK(big.ctas_per_sm == 4);
  CHECK(big.limiter == Limit::SharedMem);
  CHECK(big.occupancy == 0.5);
  // ptxas gives regs_limited 80 registers: 2,560 per warp, 6 warps per sub-partition, 24 per SM: 3 CTAs.
  const auto ptx = wl::trace_file("occ_regs_limited", "occ_regs_limited.sm_90a.ptx");
  std::ifstream f(ptx);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  const auto report = warpsim::sim::ptxas_resources(ptx, text, "sm_90a");
  if (report) {
    REQUIRE(report->kernels.count("regs_limited") == 1);
    CHECK(report->kernels.at("regs_limited").registers == 80);
  }
  const auto regs = h200_occupancy(256, 80, 0);
  CHECK(regs.ctas_per_sm == 3);
  CHECK(regs.limiter == Limit::Registers);
  CHECK(regs.occupancy == 0.375);
  // 40,960 B of static shared memory + 1 KiB reserved: 233,472 / 41,984 = 5 CTAs of 4 warps.
  const auto smem = h200_occupancy(128, 13, 40960);
  CHECK(smem.ctas_per_sm == 5);
  CHECK(smem.limiter == Limit::SharedMem);
  CHECK(smem.occupancy == 0.3125);
}

}  // namespace WARPSIM_UNITY_ID
