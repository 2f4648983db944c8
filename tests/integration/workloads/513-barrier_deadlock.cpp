// Workload test barrier_deadlock (traces/barrier_deadlock): a __syncthreads() that warp 1 never reaches
// (it spins on a flag set only after the barrier). The run must fail with a warpsim::Error whose message
// says "deadlock", names the barrier (bar.sync / barrier), gives the PTX line of the bar.sync (looked up in
// the committed PTX, so regenerating it keeps the test right) and names the waiting warp 0.
// A watchdog limit is passed so that a simulator that only detects this through the spinning warp's lack of
// progress still stops quickly.
// Leaves out: the exact wording beyond those substrings.
#include "workload_util.hpp"

#include <cctype>
#include <fstream>

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

}  // namespace

TEST_CASE("barrier_deadlock: a barrier not all threads reach is reported as a deadlock", "[workloads]") {
  const auto bars = barrier_lines(wl::trace_file("barrier_deadlock", "barrier_deadlock.sm_90a.ptx"));
  REQUIRE(bars.size() == 1);
  warpsim::sim::RunOptions opts;
  opts.max_warp_instructions = 2'000'000;
  std::string msg;
  try {
    (void)wl::sim::run_file(wl::trace_json("barrier_deadlock"), opts);
    FAIL("the run finished, but it must stop with a deadlock report");
  } catch (const warpsim::Error& e) {
    msg = e.what();
  }
  INFO("message: " << msg);
  const std::string m = lower(msg);
  CHECK(m.find("deadlock") != std::string::npos);
  CHECK((m.find("bar.sync") != std::string::npos || m.find("barrier") != std::string::npos));
  CHECK(msg.find(std::to_string(bars[0])) != std::string::npos);
  CHECK(m.find("warp 0") != std::string::npos);
}
