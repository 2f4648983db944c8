// Inputs a run must refuse before executing anything, with a message naming where: a kernel whose final ret was
// removed (the fuzz finding tests/data/fuzz-findings/missing-ret: a heap overflow in --functional runs and an
// invalid bool in the timing model's ready_time) stops at load time with FILE:LINE in both modes, and a PTX
// file that cannot be read names the run config and kernels[i].ptx.
#include "simt_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string finding(const std::string& file) {
  return std::string(WARPSIM_SOURCE_DIR) + "/tests/data/fuzz-findings/missing-ret/" + file;
}

}  // namespace

TEST_CASE("655 a kernel that runs off its end is a load error, functional and timed", "[simt][load]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timing model" : "--functional"));
    warpsim::sim::RunOptions opts;
    opts.functional_only = !timed;
    try {
      warpsim::sim::run_file(finding(timed ? "config_timing.json" : "config.json"), opts);
      FAIL("the run finished");
    } catch (const warpsim::Error& e) {
      CHECK(e.kind() == warpsim::ErrorKind::Ptx);
      CHECK(std::string(e.what()) ==
            finding("mutant.ptx") +
                ":79 (warp_neighbor.cu:18): control reaches the end of warp_neighbor without ret/exit");
    }
  }
}

TEST_CASE("655 a PTX file that cannot be read names the run config and kernels[i].ptx", "[simt][load]") {
  const std::string dir = simt::temp_dir("noptx");
  std::ofstream(dir + "/run.json") << R"({"gpu": "h200", "kernels": [{"ptx": "missing.ptx", "entry": "k", "grid": 1,
      "block": 32, "args": [{"buffer": "out"}]}], "buffers": {"out": {"type": "u32", "count": 32}}})";
  try {
    warpsim::sim::run_file(dir + "/run.json");
    FAIL("the run finished");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Input);
    CHECK(std::string(e.what()) ==
          dir + "/run.json: kernels[0].ptx: cannot read " + dir + "/missing.ptx: No such file or directory");
  }
}

}  // namespace WARPSIM_UNITY_ID
