// --set name=value: the value is JSON if it parses, else a string; it goes through the same checks as the
// file, and the consistency checks run after all overrides (another sm.count needs cluster.group_of_sm=[] too: the
// H100 model lists its measured GPCs SM by SM).
#include <warpsim/config/gpu_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

TEST_CASE("an override (--set) changes any parameter and lands in values") {
  const GpuConfig g = load_gpu_config(
      "h100", {"sm.count=100", "cluster.group_of_sm=[]", "sm.reconvergence=ipdom_stack", R"(ptx_targets=["sm_80"])", "sm.clock_mhz=1755.5",
               "smem.carveouts_kib=[0, 228]", "smem.default_carveouts_kib=[228]"});
  CHECK(g.num_sms == 100);
  CHECK(g.values.at("sm.count") == 100.0);
  CHECK(g.reconvergence == Reconvergence::IpdomStack);
  CHECK(g.ptx_targets == std::vector<std::string>{"sm_80"});
  CHECK(g.clock_mhz == 1755.5);
  CHECK(g.values.at("sm.clock_mhz") == 1755.5);
  CHECK(g.smem_carveouts_kib == std::vector<unsigned>{0, 228});
  CHECK(g.smem_default_carveouts_kib == std::vector<unsigned>{228});
}

TEST_CASE("later overrides win, and consistency is checked after all of them") {
  CHECK(load_gpu_config("h100", {"sm.count=2", "cluster.group_of_sm=[]", "sm.count=3"}).num_sms == 3);
  const GpuConfig g = load_gpu_config("h100", {"sm.max_threads=1024", "sm.max_warps=32"});
  CHECK(g.max_warps_per_sm == 32);
}

TEST_CASE("errors from --set") {
  CHECK_THROWS_WITH(load_gpu_config("h100", {"sm.max_wraps=48"}),
                    "--set: sm.max_wraps: unknown GPU parameter (did you mean sm.max_warps?)");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"max_warps=48"}),
                    "--set: max_warps: unknown GPU parameter (did you mean sm.max_warps?)");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"frobnicate=1"}), "--set: frobnicate: unknown GPU parameter");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"sm.max_warps"}), "--set: expected name=value, got \"sm.max_warps\"");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"=4"}), "--set: expected name=value, got \"=4\"");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"sm.max_warps=abc"}),
                    "--set: sm.max_warps: expected an unsigned integer, got \"abc\"");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"sm.max_warps=-4"}),
                    "--set: sm.max_warps: expected an unsigned integer, got -4");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"sm.max_warps="}),
                    "--set: sm.max_warps: expected an unsigned integer, got \"\"");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"ptx_targets=sm_90"}),
                    "--set: ptx_targets: expected a non-empty array of strings, got \"sm_90\"");
  CHECK_THROWS_WITH(load_gpu_config("h100", {"sm.max_warps=48"}),
                    gpu_configs_dir() +
                        "/h100.json (after --set): sm.max_warps: 48 warps of 32 threads hold fewer than "
                        "sm.max_threads (2048)");
}

}  // namespace WARPSIM_UNITY_ID
