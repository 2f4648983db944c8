// Workload test barrier_deadlock (traces/barrier_deadlock): a __syncthreads() that warp 1 never reaches
// (it spins on a flag set only after the barrier). The run must fail with a warpsim::Error whose message
// says "deadlock", names the barrier (bar.sync / barrier), gives the PTX line of the bar.sync (looked up in
// the committed PTX, as FILE:LINE, so regenerating it keeps the test right) and names the waiting warp 0.
// Run twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// A watchdog limit is passed so that a simulator that only detects this through the spinning warp's lack of
// progress still stops quickly.
// Leaves out: the exact wording beyond those substrings.
#include "workload_util.hpp"

#include <cctype>
#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// 1-based line numbers of the lines in `path` that hold a CTA barrier instruction.
std::vector<unsigned> barrier_lines(const std::string& path) {
  std::ifstream f(path);
  REQUIRE(f.good());
  std::vector<unsigned> lines;
  std::string line;
  for (unsigned n = 1; std::getline(f, line); ++n) {
    if (line.find("bar.sync") != std::string::npos || line.find("barrier.sync") != std::string::npos) {
      if (line.find("bar.warp.sync") == std::string::npos) lines.push_back(n);
    }
  }
  return lines;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Runs `run` (which must throw) and checks the report against the barrier line of `ptx_file`.
template <typename Run>
void check_deadlock(Run run, const std::string& ptx_file) {
  const auto bars = barrier_lines(wl::trace_file("barrier_deadlock", ptx_file));
  REQUIRE(bars.size() == 1);
  std::string msg;
  try {
    (void)run();
    FAIL("the run finished, but it must stop with a deadlock report");
  } catch (const warpsim::Error& e) {
    msg = e.what();
  }
  INFO("message: " << msg);
  const std::string m = lower(msg);
  CHECK(m.find("deadlock") != std::string::npos);
  CHECK((m.find("bar.sync") != std::string::npos || m.find("barrier") != std::string::npos));
  CHECK(msg.find(ptx_file + ":" + std::to_string(bars[0])) != std::string::npos);
  CHECK(m.find("warp 0") != std::string::npos);
}

warpsim::sim::RunOptions watchdog() {
  warpsim::sim::RunOptions opts;
  opts.no_progress_limit = 500'000;
  return opts;
}

}  // namespace

TEST_CASE("barrier_deadlock: a barrier not all threads reach is reported as a deadlock (H200, sm_90a PTX)",
          "[workloads]") {
  check_deadlock([] { return wl::sim::run_file(wl::trace_json("barrier_deadlock"), watchdog()); },
                 "barrier_deadlock.sm_90a.ptx");
}

TEST_CASE("barrier_deadlock: a barrier not all threads reach is reported as a deadlock (B200, sm_100a PTX)",
          "[workloads]") {
  check_deadlock([] { return wl::run_b200("barrier_deadlock", watchdog()); }, "barrier_deadlock.sm_100a.ptx");
}

}  // namespace WARPSIM_UNITY_ID
