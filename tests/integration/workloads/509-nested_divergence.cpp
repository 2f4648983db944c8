// Workload test nested_divergence (traces/nested_divergence): three-level nested divergence with two
// early-exit paths; checks every lane's path id and value, including that early-exited lanes skipped the
// tail after the nest (their out stays -1). Integer arithmetic wraps like the PTX (mul.lo/add on 32 bits).
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the order paths were executed in.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::int32_t mix(std::int32_t v, int rounds) {
  auto x = static_cast<std::uint32_t>(v);
  for (int k = 0; k < rounds; ++k) x = x * 5u + static_cast<std::uint32_t>(k);
  return static_cast<std::int32_t>(x);
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  const auto data = wl::initial<std::int32_t>(r.config, "data");
  std::vector<std::int32_t> out(64), path(wl::initial<std::int32_t>(r.config, "path"));
  for (int tid = 0; tid < 64; ++tid) {
    const int lane = tid & 31;
    const std::int32_t v = data[tid];
    out[tid] = -1;
    bool exited = false;
    if (lane < 20) {
      if (v & 1) {
        if (lane % 3 == 0) {
          path[tid] = 1;
          exited = true;
        } else {
          out[tid] = mix(v, (lane & 3) + 1);
          path[tid] = 2;
        }
      } else {
        std::int32_t w = v / 2;  // truncates toward zero, like the kernel
        if (lane > 10) {
          w = mix(w, lane - 9);
          path[tid] = 4;
        } else {
          path[tid] = 3;
        }
        out[tid] = w;
      }
    } else if (v > 0) {
      out[tid] = mix(v - lane, v & 3);
      path[tid] = 5;
    } else {
      path[tid] = 6;
      exited = true;
    }
    if (!exited) {
      out[tid] = static_cast<std::int32_t>(static_cast<std::uint32_t>(out[tid]) +
                                           1000u * static_cast<std::uint32_t>((tid >> 5) + 1));
    }
  }
  wl::check_equal(wl::final_contents<std::int32_t>(r, "path"), path, "path");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out"), out, "out");
  wl::check_unchanged<std::int32_t>(r, "data");
  wl::check_launch(r, 0, "nested_divergence", 1, 2);
}

TEST_CASE("nested_divergence: nested if/else with early exits (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("nested_divergence")));
}

TEST_CASE("nested_divergence: nested if/else with early exits (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("nested_divergence"));
}

}  // namespace WARPSIM_UNITY_ID
