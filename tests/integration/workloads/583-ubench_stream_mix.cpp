// Workload test ubench_stream_mix (traces/ubench_stream_mix): three launches of 4,096 CTAs over the same 16 MiB,
// read only (mode 1: out1 stays zero), write only (mode 2: out2[i] = i as f32, exact below 2^24) and a copy
// (mode 3: out3 = in). The CPU replays them; each launch's entry, CTAs and warps are checked.
// Runs as configured (H200, sm_90a PTX) only: the B200 twin would add about 60 M thread-instructions for no path the
// other workloads' B200 runs leave untested.
// Leaves out: the times (traces/ubench_stream_mix/h200.json).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("ubench_stream_mix: 16 MiB read, written and copied by 4,096 CTAs (H200, sm_90a PTX)", "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("ubench_stream_mix"));
  REQUIRE(r.config.kernels.size() == 3);
  for (std::size_t k = 0; k < 3; ++k) wl::check_launch(r, k, "stream_mix", 4096, 4096 * 8);
  const auto in = wl::initial<float>(r.config, "in");
  REQUIRE(in.size() == 4096u * 1024u);
  std::vector<float> written(in.size());
  for (std::size_t i = 0; i < written.size(); ++i) written[i] = static_cast<float>(i);
  wl::check_equal(wl::final_contents<float>(r, "out1"), std::vector<float>(in.size(), 0.0f), "out1");
  wl::check_equal(wl::final_contents<float>(r, "out2"), written, "out2");
  wl::check_equal(wl::final_contents<float>(r, "out3"), in, "out3");
  wl::check_unchanged<float>(r, "in");
}

}  // namespace WARPSIM_UNITY_ID
