// The four shipped GPU models load by name and by path, hold the published figures, cite a source for
// every parameter (except the made-up tiny), and record every numeric parameter in `values`.
#include <warpsim/config/gpu_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

TEST_CASE("h100, h200 and b200 hold the published figures") {
  for (const char* name : {"h100", "h200", "b200"}) {
    INFO(name);
    const GpuConfig g = load_gpu_config(name);
    CHECK(g.name == name);
    CHECK(g.warp_size == 32);
    CHECK(g.max_threads_per_sm == 2048);
    CHECK(g.max_warps_per_sm == 64);
    CHECK(g.max_ctas_per_sm == 32);
    CHECK(g.max_threads_per_cta == 1024);
    CHECK(g.regs_per_sm == 65536);
    CHECK(g.smem_per_sm == 233472);
    CHECK(g.smem_per_cta_max == 232448);
    CHECK(g.max_cluster_size == 8);
    CHECK(g.max_cluster_size_nonportable == 16);
    CHECK(g.reconvergence == Reconvergence::Independent);
    CHECK(g.clock_mhz == 1980.0);
  }
  CHECK(load_gpu_config("h100").num_sms == 132);
  CHECK(load_gpu_config("h200").num_sms == 132);
  const GpuConfig b200 = load_gpu_config("b200");
  CHECK(b200.num_sms == 148);
  CHECK(b200.compute_capability == 100);
  CHECK(b200.ptx_targets == std::vector<std::string>{"sm_100a", "sm_100f", "sm_100", "sm_90", "sm_89", "sm_87", "sm_86",
                                                     "sm_80", "sm_75", "sm_72", "sm_70"});
  CHECK(load_gpu_config("h100").ptx_targets ==
        std::vector<std::string>{"sm_90a", "sm_90", "sm_89", "sm_87", "sm_86", "sm_80", "sm_75", "sm_72", "sm_70"});
}

TEST_CASE("tiny is one small SM") {
  const GpuConfig g = load_gpu_config("tiny");
  CHECK(g.num_sms == 1);
  CHECK(g.max_warps_per_sm == 16);
  CHECK(g.max_threads_per_sm == 512);
  CHECK(g.max_threads_per_cta == 256);
  CHECK(g.smem_per_sm == 16384);
  CHECK(g.values.at("sm.count") == 1.0);
  CHECK(g.values.at("sm.clock_mhz") == 1000.0);
}

TEST_CASE("a model loads by path too, and records where it came from") {
  const std::string path = gpu_configs_dir() + "/h200.json";
  const GpuConfig g = load_gpu_config(path);
  CHECK(g.source_path == path);
  CHECK(g.name == "h200");
  CHECK(load_gpu_config("h200").source_path == path);
}

TEST_CASE("values holds every numeric parameter by dotted name") {
  const GpuConfig g = load_gpu_config("h100");
  std::size_t numeric = 0;
  for (const auto& p : gpu_params()) {
    const bool list = p.name == "smem.carveouts_kib" || p.name == "smem.default_carveouts_kib" ||
                      p.name == "mem.l2_partition_hash_bits" || p.name == "mem.l2_partition0_sms" ||
                      p.name == "cluster.group_of_sm";
    if (p.unit != "-" && !list) {
      ++numeric;
      CHECK(g.values.count(p.name) == 1);
    }
  }
  CHECK(g.values.size() == numeric);
  CHECK(g.values.at("sm.max_warps") == 64.0);
  CHECK(g.values.at("launch.max_grid_dim_x") == 2147483647.0);
}

TEST_CASE("the real models cite a source for every parameter") {
  for (const char* name : {"h100", "h200", "b200"}) {
    INFO(name);
    const auto doc = nlohmann::json::parse(config_test::read_file(gpu_configs_dir() + "/" + name + ".json"));
    for (const auto& p : gpu_params()) {
      INFO(p.name);
      CHECK(doc.at("sources").contains(p.name));
    }
  }
}

}  // namespace WARPSIM_UNITY_ID
