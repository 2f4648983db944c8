// The GPU parameter table: unique dotted names, units and descriptions present, defaults taken from
// GpuConfig's initialisers, and gpu_config_json giving back a loadable file with the same parameters.
#include <warpsim/config/gpu_config.hpp>

#include "config_test_util.hpp"

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

TEST_CASE("every GPU parameter has a unique name, a unit, a default, a range and a description") {
  std::set<std::string> names;
  for (const auto& p : gpu_params()) {
    INFO(p.name);
    CHECK(names.insert(p.name).second);
    CHECK(!p.unit.empty());
    CHECK(!p.default_value.empty());
    CHECK(!p.range.empty());
    CHECK(!p.description.empty());
  }
  CHECK(names.count("sm.max_warps") == 1);
  CHECK(names.size() == 219);
}

TEST_CASE("defaults come from GpuConfig's member initialisers") {
  auto find = [](const std::string& n) {
    for (const auto& p : gpu_params()) {
      if (p.name == n) return p;
    }
    FAIL("no parameter " << n);
    return ParamInfo{};
  };
  CHECK(find("sm.max_warps").default_value == "64");
  CHECK(find("sm.clock_mhz").default_value == "1980.0");
  CHECK(find("launch.max_grid_dim_x").default_value == "2147483647");
  CHECK(find("smem.per_cta_max").default_value == "232448");
  CHECK(find("sm.reconvergence").default_value == "independent");
  CHECK(find("sm.reconvergence").range == "one of ipdom_stack, independent");
  CHECK(find("ptx_targets").default_value == R"(["sm_90a","sm_90"])");
  CHECK(find("smem.carveouts_kib").default_value == "[0,8,16,32,64,100,132,164,196,228]");
  CHECK(find("sm.max_warps").range == "[1, 32768]");
  CHECK(find("sm.max_warps").unit == "warps");
}

TEST_CASE("gpu_config_json writes a file that loads back to the same parameters") {
  config_test::TempDir tmp;
  const GpuConfig tiny = load_gpu_config("tiny");
  const std::string text = gpu_config_json(tiny);
  const GpuConfig back = load_gpu_config(config_test::write_file(tmp.file("copy.json"), text));
  CHECK(gpu_config_json(back) == text);
  CHECK(back.values == tiny.values);
  CHECK(back.name == "tiny");
  CHECK(back.num_sms == 1);
  CHECK(back.max_threads_per_cta == 256);
  CHECK(back.smem_carveouts_kib == std::vector<unsigned>{0, 8, 16});
  CHECK(text.find("\"sm\": {\n    \"clock_mhz\": 1000.0,") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
