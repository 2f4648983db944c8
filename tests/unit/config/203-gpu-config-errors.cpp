// GPU config files with mistakes: every error names the file and the JSON path, with the exact wording.
#include <warpsim/config/gpu_config.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

// Loads `text` as a GPU config file; returns the error message, or "" if it loaded.
std::string load_error(const std::string& text, std::string* path_out = nullptr) {
  static config_test::TempDir tmp;
  const std::string path = config_test::write_file(tmp.file("x.json"), text);
  if (path_out) *path_out = path;
  try {
    load_gpu_config(path);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    return std::string(e.what()).substr(path.size());  // the part after the file name
  }
  return "";
}

}  // namespace

TEST_CASE("wrong types and values name the JSON path") {
  CHECK(load_error(R"({"sm": {"max_warps": "abc"}})") == R"(: sm.max_warps: expected an unsigned integer, got "abc")");
  CHECK(load_error(R"({"sm": {"max_warps": -1}})") == ": sm.max_warps: expected an unsigned integer, got -1");
  CHECK(load_error(R"({"sm": {"max_warps": 1.5}})") == ": sm.max_warps: expected an unsigned integer, got 1.5");
  CHECK(load_error(R"({"sm": {"count": 0}})") == ": sm.count: 0 is out of range [1, 4096]");
  CHECK(load_error(R"({"sm": {"warp_size": 64}})") == ": sm.warp_size: 64 is out of range [32, 32]");
  CHECK(load_error(R"({"sm": {"clock_mhz": 0.5}})") == ": sm.clock_mhz: 0.5 is out of range [1, 100000]");
  CHECK(load_error(R"({"launch": {"max_grid_dim_x": 4294967296}})") ==
        ": launch.max_grid_dim_x: 4294967296 is out of range [1, 4294967295]");
  CHECK(load_error(R"({"sm": 5})") == ": sm: expected an object (a group of parameters), got 5");
  CHECK(load_error(R"({"sm": {"reconvergence": "stack"}})") ==
        R"(: sm.reconvergence: expected one of ipdom_stack, independent, got "stack")");
  CHECK(load_error(R"({"ptx_targets": []})") == ": ptx_targets: expected a non-empty array of strings, got []");
  CHECK(load_error(R"({"ptx_targets": ["sm_90", 5]})") == ": ptx_targets[1]: expected a string, got 5");
  CHECK(load_error(R"({"smem": {"carveouts_kib": [0, 8, 8]}})") ==
        ": smem.carveouts_kib[2]: 8 is not above the previous entry");
  CHECK(load_error(R"({"name": 7})") == ": name: expected a string, got 7");
  CHECK(load_error("[1]") == ": expected an object, got [1]");
}

TEST_CASE("unknown keys are errors, with close names suggested") {
  CHECK(load_error(R"({"sm": {"max_wraps": 64}})") == ": sm.max_wraps: unknown key (did you mean sm.max_warps?)");
  CHECK(load_error(R"({"max_warps": 64})") == ": max_warps: unknown key (did you mean sm.max_warps?)");
  CHECK(load_error(R"({"colour": "red"})") == ": colour: unknown key");
  CHECK(load_error(R"({"sm.max_warps": 64})") ==
        R"(: sm.max_warps: unknown key (write parameter groups as nested objects: {"sm": {"max_warps": 64}}))");
  CHECK(load_error(R"({"sources": {"sm.max_wraps": "a paper"}})") ==
        ": sources.sm.max_wraps: not a GPU parameter (did you mean sm.max_warps?)");
  CHECK(load_error(R"({"sources": {"sm.max_warps": 64}})") == ": sources.sm.max_warps: expected a string, got 64");
}

TEST_CASE("bad JSON and duplicate keys are errors") {
  CHECK(load_error(R"({"sm": {"count": 1, "count": 2}})") == R"(: duplicate key "count")");
  CHECK_THAT(load_error("{"), Catch::StartsWith(": invalid JSON: parse error at line 1, column 2"));
}

TEST_CASE("parameters that contradict each other are errors") {
  CHECK(load_error(R"({"sm": {"max_warps": 32}})") ==
        ": sm.max_warps: 32 warps of 32 threads hold fewer than sm.max_threads (2048)");
  CHECK(load_error(R"({"sm": {"max_warps": 66, "max_threads": 2048}})") ==
        ": sm.max_warps: 66 is not a multiple of sm.sub_partitions (4)");
  CHECK(load_error(R"({"launch": {"max_threads_per_cta": 4096}})") ==
        ": launch.max_threads_per_cta: 4096 exceeds sm.max_threads (2048)");
  CHECK(load_error(R"({"launch": {"max_threads_per_cta": 512}})") ==
        ": launch.max_block_dim_x: 1024 exceeds launch.max_threads_per_cta (512)");
  CHECK(load_error(R"({"regs": {"max_per_cta": 65537}})") == ": regs.max_per_cta: 65537 exceeds regs.per_sm (65536)");
  CHECK(load_error(R"({"smem": {"per_cta_max": 233472}})") ==
        ": smem.per_cta_max: 233472 plus smem.reserved_per_cta (1024) exceeds smem.per_sm (233472)");
  CHECK(load_error(R"({"smem": {"per_cta_default": 232449}})") ==
        ": smem.per_cta_default: 232449 exceeds smem.per_cta_max (232448)");
  CHECK(load_error(R"({"smem": {"default_carveouts_kib": [0, 12]}})") ==
        ": smem.default_carveouts_kib[1]: 12 KiB is not one of smem.carveouts_kib");
  CHECK(load_error(R"({"smem": {"carveouts_kib": [0, 100]}})") ==
        ": smem.carveouts_kib: the largest carve-out (100 KiB) is not smem.per_sm (233472 bytes)");
  CHECK(load_error(R"({"launch": {"max_cluster_size": 32}})") ==
        ": launch.max_cluster_size: 32 exceeds launch.max_cluster_size_nonportable (16)");
  CHECK(load_error(R"({"sm": {"count": 1, "max_ctas": 8}})") ==
        ": launch.max_cluster_size_nonportable: 16 CTAs cannot be resident at once on 1 SMs of 8 CTAs");
  CHECK(load_error(R"({"sm": {"count": 4}, "launch": {"max_cluster_size_nonportable": 8}, "cluster": {"group_of_sm": [0, 0, 1]}})") ==
        ": cluster.group_of_sm: lists 3 SMs, sm.count is 4 (with another SM count, set cluster.group_of_sm=[] too: "
        "GPCs of gpc.tpcs TPCs in SM order)");
  CHECK(load_error(R"({"sm": {"count": 4}, "launch": {"max_cluster_size_nonportable": 8}, "cluster": {"group_of_sm": [0, 0, 2, 2]}})") ==
        ": cluster.group_of_sm: no SM is in group 1 (groups are numbered 0 to 2 without gaps)");
  CHECK(load_error(R"({"cluster": {"group_of_sm": [0, -1]}})") ==
        ": cluster.group_of_sm[1]: expected an unsigned integer, got -1");
  CHECK(load_error(R"({"cluster": {"distinct_sms": 2}})") == ": cluster.distinct_sms: 2 is out of range [0, 1]");
}

TEST_CASE("an empty object gives the built-in defaults, named after the file") {
  CHECK(load_error("{}").empty());
  std::string path;
  load_error("{}", &path);
  const GpuConfig g = load_gpu_config(path);
  CHECK(g.name == "x");
  CHECK(g.num_sms == 132);
  CHECK(g.values.size() == 207);
}

TEST_CASE("unknown model names and missing files") {
  CHECK_THROWS_WITH(load_gpu_config("h300"), "unknown GPU model \"h300\" (no h300.json in " + gpu_configs_dir() +
                                                 "; available: b200, h100, h200, tiny)");
  CHECK_THROWS_WITH(load_gpu_config("nowhere/x.json"), "GPU config file nowhere/x.json not found");
}

}  // namespace WARPSIM_UNITY_ID
