// Workload test ubench_l1_assoc (traces/ubench_l1_assoc): ten one-thread launches of l1_stride, each walking 1-256
// lines a power-of-two stride apart (128 B .. 64 KiB). In warpsim's H200 model, as on the H200 (59.6-59.8 cycles per
// load at every point), every walk stays in L1: L1's sets are hashed (mem.l1_set_index), so no stride puts the lines
// in a few sets, and each point's cycles per load is an L1 hit's (under 70; a modulo-indexed 4-way L1 gave 123-300 at
// strides of 8 KiB and more). out[56], the last index, is 0: each point's 512-load warm-up and 512-load timed pass
// end where they began. The functional run checks out[56] only (its clock counts instructions).
// Leaves out: the B200 (the same kernel, not measured there).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r, bool timed) {
  REQUIRE(r.config.kernels.size() == 10);
  for (std::size_t k = 0; k < 10; ++k) wl::check_launch(r, k, "l1_stride", 1, 1);
  for (int i = 0; i < 10; ++i) {
    const std::string name = fmt::format("out{:02d}", i);
    const auto out = wl::final_contents<std::uint32_t>(r, name);
    REQUIRE(out.size() == 57);
    CHECK(out[56] == 0);
    if (!timed) continue;
    for (std::size_t p = 0; p < 56; ++p) {
      INFO(name << " point " << p);
      CHECK(out[p] >= 4000);  // cycles per load x 100: an L1 hit and the loop, about 62 cycles
      CHECK(out[p] < 7000);
    }
  }
}

TEST_CASE("ubench_l1_assoc: strided walks of 1-256 lines all hit L1 (H200, sm_90a PTX)", "[workloads]") {
  wl::sim::RunOptions o;
  o.functional_only = false;
  check_run(wl::sim::run_file(wl::trace_json("ubench_l1_assoc"), o), true);
}

TEST_CASE("ubench_l1_assoc: the same, functional (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_l1_assoc")), false);
}

}  // namespace WARPSIM_UNITY_ID
