// The Nsight-named tensor-pipe counters (sm__inst_executed_pipe_tensor(_op_hmma/imma/dmma).sum and
// sm__pipe_tensor(_op_*)_cycles_active.sum) against what Nsight Compute read on the H200 for traces/ubench_mma and
// traces/mma_sync (h200.json's ncu_extra, tools/measure/run_ncu_extra.sh + merge_ncu_extra.py, 2026-12-03): equal,
// launch by launch. Instruction counts hold for every launch (ptxas's two SASS MMAs for fp8, s4/u4 and b1 .xor
// included); active cycles for every launch but mma_exact, whose emulated s4/u4 and b1 .xor forms and m16n8 DMMAs
// the model does not time per SASS instruction (Nsight 206 IMMA and 128 DMMA cycles there).
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr const char* kInstructions[] = {
    "sm__inst_executed_pipe_tensor.sum",         "smsp__inst_executed_pipe_tensor.sum",
    "sm__inst_executed_pipe_tensor_op_hmma.sum", "sm__inst_executed_pipe_tensor_op_imma.sum",
    "sm__inst_executed_pipe_tensor_op_dmma.sum",
};
constexpr const char* kCycles[] = {
    "sm__pipe_tensor_cycles_active.sum",
    "sm__pipe_tensor_op_hmma_cycles_active.sum",
    "sm__pipe_tensor_op_imma_cycles_active.sum",
    "sm__pipe_tensor_op_dmma_cycles_active.sum",
};

// Returns the sum of the H200's tensor instructions over the launches (so a file without them cannot pass).
double check(const std::string& name, bool cycles_of_mma_exact) {
  INFO("trace " << name);
  const std::string dir = std::string(WARPSIM_SOURCE_DIR) + "/traces/" + name + "/";
  std::ifstream in(dir + "h200.json");
  REQUIRE(in.good());
  const nlohmann::json measured = nlohmann::json::parse(in);
  warpsim::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = warpsim::sim::run_file(dir + name + ".json", timed);
  const auto& launches = measured.at("launches");
  REQUIRE(r.kernels.size() == launches.size());
  double total = 0;
  for (std::size_t i = 0; i < launches.size(); ++i) {
    const std::string entry = launches[i].at("entry").get<std::string>();
    INFO("launch " << i << " (" << entry << ")");
    const auto& m = launches[i].at("ncu").at("metrics");
    const auto& s = r.kernels[i].stats;
    auto compare = [&](const char* key) {
      INFO(key);
      REQUIRE(m.contains(key));
      REQUIRE(s.count(key) == 1);
      CHECK(s.at(key) == m.at(key).at("value").get<double>());
    };
    for (const char* key : kInstructions) compare(key);
    total += m.at("sm__inst_executed_pipe_tensor.sum").at("value").get<double>();
    if (entry != "mma_exact" || cycles_of_mma_exact)
      for (const char* key : kCycles) compare(key);
  }
  return total;
}

}  // namespace

TEST_CASE("tensor-pipe counters equal the H200's: ubench_mma, every launch", "[timed][tensor]") {
  CHECK(check("ubench_mma", true) == 8 * (64 + 1024 + 4096) + 2 * (64 + 1024 + 4096));  // fp8: two HMMA each
}

TEST_CASE("tensor-pipe counters equal the H200's: mma_sync's instructions, and its float forms' cycles",
          "[timed][tensor]") {
  CHECK(check("mma_sync", false) == 47 + 18);
}

}  // namespace WARPSIM_UNITY_ID
