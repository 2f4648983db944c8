// Workload test vecadd (traces/vecadd): runs the seed example and checks c[i] = a[i] + b[i] for all 1000
// elements against a CPU reference built from the initial buffers, the config's own expect (the committed
// vecadd.expected.bin), the inputs staying unchanged, and the launch summary (4 CTAs, 32 warps).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: timing.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto a = wl::initial<float>(r.config, "a");
  const auto b = wl::initial<float>(r.config, "b");
  std::vector<float> want(1000);
  for (std::size_t i = 0; i < want.size(); ++i) want[i] = a[i] + b[i];
  wl::check_equal(wl::final_contents<float>(r, "c"), want, "c");
  wl::check_unchanged<float>(r, "a");
  wl::check_unchanged<float>(r, "b");

  // The committed expected file is exactly what the CPU computes (a and b are iota: c[i] = 2i).
  std::ifstream f(wl::trace_file("vecadd", "vecadd.expected.bin"), std::ios::binary);
  REQUIRE(f.good());
  std::vector<float> expected(1000);
  f.read(reinterpret_cast<char*>(expected.data()), 4000);
  REQUIRE(f.gcount() == 4000);
  wl::check_equal(expected, want, "vecadd.expected.bin vs CPU reference");

  REQUIRE(r.expects.size() == 1);
  CHECK(r.expects[0].buffer == "c");
  INFO(r.expects[0].detail);
  CHECK(r.expects[0].ok);
  CHECK(r.expects_ok());
  wl::check_launch(r, 0, "vecadd", 4, 32);
  CHECK(r.printf_output.empty());
}

TEST_CASE("vecadd: c = a + b, checked against the CPU and the committed expected file (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("vecadd")));
}

TEST_CASE("vecadd: c = a + b, checked against the CPU and the committed expected file (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("vecadd"));
}

}  // namespace WARPSIM_UNITY_ID
