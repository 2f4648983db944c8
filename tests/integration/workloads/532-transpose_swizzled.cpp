// Workload test transpose_swizzled (traces/transpose_swizzled): 128 x 256 f32 matrix transposed through 32x32
// shared-memory tiles with an XOR swizzle (tile[r][c ^ r]); checks every element of the 256 x 128 result and
// that the input is untouched.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: bank-conflict counts (a timing-model matter).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) { wl::check_transpose(r, "transpose_swizzled"); }

TEST_CASE("transpose_swizzled: out[c][r] = in[r][c] through shared-memory tiles (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("transpose_swizzled")));
}

TEST_CASE("transpose_swizzled: out[c][r] = in[r][c] through shared-memory tiles (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("transpose_swizzled"));
}

}  // namespace WARPSIM_UNITY_ID
