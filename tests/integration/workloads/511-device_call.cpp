// Workload test device_call (traces/device_call): __noinline__ device functions with mixed-type
// parameters and return values, called uniformly and under divergence; checks every lane's float and int
// result. blend() is __fadd_rn(__fmul_rn(w, t), (float)(a - b)), so the reference rounds each step the same.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the call stack layout (only results are observable).
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

float blend(std::int32_t a, std::int32_t b, float w, const std::vector<float>& table, std::uint32_t k) {
  const float t = table[k & 15u];
  const float prod = w * t;
  const auto diff = static_cast<std::int32_t>(static_cast<std::uint32_t>(a) - static_cast<std::uint32_t>(b));
  return prod + static_cast<float>(diff);
}

std::int32_t classify(std::int32_t v, std::int32_t lane) {
  if (v < 0) return -lane;
  if (v < 50) return v + 1000;
  return v * 2;
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  const auto x = wl::initial<std::int32_t>(r.config, "x");
  const auto table = wl::initial<float>(r.config, "table");
  std::vector<float> out_f(64);
  std::vector<std::int32_t> out_i(64);
  for (int tid = 0; tid < 64; ++tid) {
    const int lane = tid & 31;
    const std::int32_t v = x[tid];
    float res = blend(v, lane, 0.5f, table, static_cast<std::uint32_t>(tid));
    std::int32_t c;
    if (lane & 1) {
      c = classify(v, lane);
      const float second = blend(c, v, -2.0f, table, static_cast<std::uint32_t>(lane));
      res = res + second;
    } else {
      c = -7;
    }
    out_f[tid] = res;
    out_i[tid] = c;
  }
  wl::check_equal(wl::final_contents<float>(r, "out_f"), out_f, "out_f");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out_i"), out_i, "out_i");
  wl::check_unchanged<std::int32_t>(r, "x");
  wl::check_unchanged<float>(r, "table");
  wl::check_launch(r, 0, "device_call", 1, 2);
}

TEST_CASE("device_call: noinline calls with arguments and return values, also under divergence (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("device_call")));
}

TEST_CASE("device_call: noinline calls with arguments and return values, also under divergence (B200, sm_100a PTX)",
          "[workloads]") {
  check_run(wl::run_b200("device_call"));
}

}  // namespace WARPSIM_UNITY_ID
