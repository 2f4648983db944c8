// ptxas's instruction order (compiler.schedule = 1: loop unrolling, if-conversion and list scheduling,
// lower/unroll.hpp and lower/ptxas_model.hpp) computes what the PTX order computes: every workload with a run
// config under traces/ gives the same buffers and printf output either way. barrier_deadlock is left out (it
// deadlocks by design). Workloads that read %clock/%clock64 store times, which depend on how many instructions
// run (the functional model's clock counts them, and unrolling adds the trip-count guards): those compare with
// compiler.unroll 1, the others with the GPU model's unrolling; the buffers their run config names as clock buffers
// are left out.
#include <warpsim/config/run_config.hpp>
#include <warpsim/ir/program.hpp>
#include <warpsim/lower/ptxas_model.hpp>
#include <warpsim/ptx/parser.hpp>
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;

// Under the sanitizers (WARPSIM_SANITIZER_BUILD) only the workloads that are neither microbenchmarks (ubench_*) nor
// judgement kernels (j_*) nor the tensor-core GEMMs (hgemm_mma_sync, wgmma_gemm, ws_gemm) nor flash_fwd nor
// sgemm_cp_async: those have large inputs and take about half an hour there (a few seconds each here; ws_gemm about a
// minute; sgemm_cp_async's two runs took 126 s there on 2026-12-05).
#ifdef WARPSIM_SANITIZER_BUILD
constexpr bool kSmallOnly = true;
#else
constexpr bool kSmallOnly = false;
#endif

// traces/<w>/<w>.json of every workload that has one, sorted, barrier_deadlock left out.
std::vector<std::string> run_configs() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(fs::path(WARPSIM_SOURCE_DIR) / "traces")) {
    if (!e.is_directory()) continue;
    const std::string w = e.path().filename().string();
    const fs::path cfg = e.path() / (w + ".json");
    if (kSmallOnly && (w.starts_with("ubench_") || w.starts_with("j_") || w.ends_with("gemm_mma_sync") ||
                       w == "wgmma_gemm" || w == "ws_gemm" || w == "flash_fwd" || w == "sgemm_cp_async"))
      continue;
    // ws_gemm (about 45 s per run here) is left out of both builds: test 587 checks its outputs under the default
    // schedule (compiler.schedule = 1) against an exact CPU reference, which is what this test would establish. So are
    // hgemm_mma_sync (22 s a run) and sgemm_cp_async (10 s), whose workload tests (626, 581) check every output
    // against a CPU reference under the default schedule: about 65 CPU-seconds of CI's 30 minutes (2026-12-05). And
    // ws_gemm_probe, ws_gemm's kernel with clock stamps (test 727 checks its outputs; its 2048^3 launch took this
    // test's first share under the sanitizers from about 1 to 5 minutes, 2026-12-07), and wgmma_gemm_probe,
    // wgmma_gemm's sw128 kernel with clock stamps (test 729 checks its outputs; 7 s a run; wgmma_gemm runs here).
    if (w == "ws_gemm" || w == "ws_gemm_probe" || w == "wgmma_gemm_probe" || w == "hgemm_mma_sync" ||
        w == "sgemm_cp_async")
      continue;
    // Nor the memory microbenchmarks whose functional runs take 2-16 s each here (about 130 CPU-seconds of this
    // test's 250 on 2026-12-07, CI then 29 min 53 s of its 30): straight-line loads and stores in short loops, whose
    // buffers their own workload tests check against a CPU replay under the default schedule; the loops the scheduler
    // unrolls and if-converts run here in the other ubench_* workloads (ubench_tma's spin loops among them).
    static const std::vector<std::string> heavy = {
        "ubench_l2_merge",   "ubench_lsu_issue",    "ubench_dram_random",     "ubench_warp_lat",
        "ubench_store_drain", "ubench_ldg_trips",   "ubench_dram_mlp",        "ubench_l2_shared",
        "ubench_atomic_units", "ubench_partial_write", "ubench_dram_tile",     "ubench_dram_chase",
        "ubench_occupancy_sweep", "ubench_gather_store"};
    // ubench_partial_hold spins for up to 200,000 clock counts a thread (the functional clock counts instructions):
    // minutes here; test 609 checks its buffers with the delays at 0.
    if (w == "ubench_partial_hold") continue;
    if (std::find(heavy.begin(), heavy.end(), w) != heavy.end()) continue;
    if (w != "barrier_deadlock" && fs::exists(cfg)) out.push_back(cfg.string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

warpsim::sim::RunResult run(const std::string& cfg, bool schedule, bool unroll = true) {
  warpsim::sim::RunOptions o;
  o.gpu_overrides = {fmt::format("compiler.schedule={}", schedule ? 1 : 0)};
  if (!unroll) o.gpu_overrides.push_back("compiler.unroll=1");
  return warpsim::sim::run_file(cfg, o);
}

// Whether a kernel of the run config reads the clock (its buffers may hold times).
bool reads_clock(const std::string& path) {
  for (const auto& k : warpsim::config::load_run_config(path).kernels) {
    std::ifstream f(k.ptx);
    const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    if (text.find("%clock") != std::string::npos) return true;
  }
  return false;
}

constexpr std::size_t kShares = 4;

// The workloads in four shares (every fourth of the sorted list), so CTest runs them side by side: one test over all
// of them was the suite's longest by far.
void compare_share(std::size_t share) {
  const auto configs = run_configs();
  REQUIRE(configs.size() >= (kSmallOnly ? 20u : 30u));
  std::size_t unrolled = 0, compared = 0;
  for (std::size_t k = share; k < configs.size(); k += kShares) {
    const std::string& cfg = configs[k];
    ++compared;
    INFO("run config " << cfg);
    const bool clock = reads_clock(cfg);
    INFO((clock ? "reads %clock: compiler.unroll 1" : "compiler.unroll as configured"));
    const auto ptx_order = run(cfg, false);
    const auto ptxas_order = run(cfg, true, !clock);
    const auto ptx_buffers = ptx_order.buffers(), ptxas_buffers = ptxas_order.buffers();
    REQUIRE(ptxas_buffers.size() == ptx_buffers.size());
    const auto& clocks = ptx_order.config.clock_buffers;
    for (std::size_t i = 0; i < ptx_buffers.size(); ++i) {
      const std::string& name = ptx_order.config.buffers[i].name;
      // A clock buffer holds times, not values the kernel computes (if-conversion changes how many instructions a
      // spin loop runs: ubench_tma).
      if (std::find(clocks.begin(), clocks.end(), name) != clocks.end()) continue;
      INFO("buffer " << name);
      CHECK(ptxas_buffers[i] == ptx_buffers[i]);
    }
    CHECK(ptxas_order.printf_output == ptx_order.printf_output);
    CHECK(ptxas_order.expects_ok() == ptx_order.expects_ok());
    CHECK(ptxas_order.kernels.size() == ptx_order.kernels.size());
    unrolled += clock ? 0 : 1;
  }
  CHECK(compared >= configs.size() / kShares);
  // Most workloads are compared with the unrolling on (the j_* set reads no clock).
  CHECK(unrolled * kShares >= (kSmallOnly ? 20u : 30u));
}

}  // namespace

TEST_CASE("ptxas's instruction order gives the workloads' buffers and printf output (share 1 of 4)", "[workloads]") {
  compare_share(0);
}
TEST_CASE("ptxas's instruction order gives the workloads' buffers and printf output (share 2 of 4)", "[workloads]") {
  compare_share(1);
}
TEST_CASE("ptxas's instruction order gives the workloads' buffers and printf output (share 3 of 4)", "[workloads]") {
  compare_share(2);
}
TEST_CASE("ptxas's instruction order gives the workloads' buffers and printf output (share 4 of 4)", "[workloads]") {
  compare_share(3);
}

TEST_CASE("ptxas's instruction order differs from the PTX order in most workloads", "[workloads]") {
  // Not a vacuous comparison above: the scheduler moves instructions in most kernels.
  std::size_t kernels = 0, changed = 0;
  for (const auto& path : run_configs()) {
    const auto cfg = warpsim::config::load_run_config(path);
    for (const auto& k : cfg.kernels) {
      const auto module = warpsim::ptx::parse_file(k.ptx);
      const auto before = warpsim::ir::load_program(module, k.entry);
      auto after = before;
      warpsim::lower::ptxas_schedule(after, cfg.gpu);
      REQUIRE(after.code.size() == before.code.size());
      ++kernels;
      changed += after.text != before.text ? 1 : 0;
    }
  }
  INFO(changed << " of " << kernels << " kernels reordered");
  CHECK(changed * 2 > kernels);
}

}  // namespace WARPSIM_UNITY_ID
