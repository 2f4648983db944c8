// Workload test bulk_stream (traces/bulk_stream): 264 CTAs each copy 8 chunks of 16 KiB from in to out with 1-D bulk
// copies through a 2-stage shared-memory ring (global -> shared on an mbarrier, shared -> global in bulk groups,
// wait_group.read before a stage is reused). out must equal in bit for bit and in must be unchanged. Timed on the
// H200 model as configured, and functionally on B200 with the sm_100a PTX.
// Leaves out: the bandwidth (to be measured on the H200: the DRAM bytes per cycle of the whole copy).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

void check_run(const wl::sim::RunResult& r) {
  wl::check_equal(wl::final_contents<float>(r, "out"), wl::initial<float>(r.config, "in"), "out");
  wl::check_unchanged<float>(r, "in");
  wl::check_launch(r, 0, "bulk_stream", 264, 264);
}

}  // namespace

TEST_CASE("bulk_stream: 33 MiB copied with 1-D bulk copies (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("bulk_stream")));
}

TEST_CASE("bulk_stream on B200 (sm_100a PTX), functional", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_run(wl::run_b200("bulk_stream", opts));
}

}  // namespace WARPSIM_UNITY_ID
