// Workload test spin_wait_its (traces/spin_wait_its): an intra-warp handshake where both sides of a
// divergent branch spin on a flag the other side sets. With the default H200 model (independent thread
// scheduling) it must finish with out = 1 for lanes 0-15 and 2 for lanes 16-31 and both flags set; with
// the pre-Volta IPDOM stack (sm.reconvergence=ipdom_stack) one side spins forever and the run must stop
// with a warpsim::Error from the watchdog (no forward progress / instruction limit).
// The override's spelling is tried in a few forms; the first that the config loader accepts and that
// really selects the IPDOM stack is used. Each case runs as configured (H200, sm_90a PTX) and on B200 with
// the sm_100a PTX.
// Leaves out: how many iterations each side spins (scheduling dependent).
#include "workload_util.hpp"

#include <cctype>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> ipdom_override() {
  const char* candidates[] = {"sm.reconvergence=ipdom_stack", "sm.reconvergence=\"ipdom_stack\"",
                              "reconvergence=ipdom_stack", "reconvergence=\"ipdom_stack\""};
  std::string errors;
  for (const char* c : candidates) {
    try {
      const auto cfg = warpsim::config::load_run_config(wl::trace_json("spin_wait_its"), {c});
      if (cfg.gpu.reconvergence == warpsim::config::Reconvergence::IpdomStack) return {c};
      errors += std::string("\n  ") + c + ": accepted but reconvergence is not ipdom_stack";
    } catch (const warpsim::Error& e) {
      errors += std::string("\n  ") + c + ": " + e.what();
    }
  }
  FAIL("no spelling of the reconvergence override was accepted:" << errors);
  return {};
}

void check_finishes(const wl::sim::RunResult& r) {
  REQUIRE(r.config.gpu.reconvergence == warpsim::config::Reconvergence::Independent);
  std::vector<std::int32_t> out(32);
  for (int l = 0; l < 32; ++l) out[l] = l < 16 ? 1 : 2;
  wl::check_equal(wl::final_contents<std::int32_t>(r, "out"), out, "out");
  wl::check_equal(wl::final_contents<std::int32_t>(r, "flags"), std::vector<std::int32_t>{1, 1}, "flags");
  wl::check_launch(r, 0, "spin_wait_its", 1, 1);
}

template <typename Run>
void check_livelock(Run run) {
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = ipdom_override();
  opts.no_progress_limit = 200'000;
  std::string msg;
  try {
    (void)run(opts);
    FAIL("the run finished, but with an IPDOM stack one side of the branch spins forever");
  } catch (const warpsim::Error& e) {
    msg = e.what();
  }
  INFO("message: " << msg);
  const std::string m = lower(msg);
  CHECK((m.find("no forward progress") != std::string::npos || m.find("instruction limit") != std::string::npos ||
         m.find("livelock") != std::string::npos || m.find("watchdog") != std::string::npos));
}

}  // namespace

TEST_CASE("spin_wait_its: finishes under independent thread scheduling (H200, sm_90a PTX)", "[workloads]") {
  check_finishes(wl::sim::run_file(wl::trace_json("spin_wait_its")));
}

TEST_CASE("spin_wait_its: finishes under independent thread scheduling (B200, sm_100a PTX)", "[workloads]") {
  check_finishes(wl::run_b200("spin_wait_its"));
}

TEST_CASE("spin_wait_its: livelocks under a pre-Volta IPDOM stack (H200, sm_90a PTX)", "[workloads]") {
  check_livelock(
      [](const warpsim::sim::RunOptions& o) { return wl::sim::run_file(wl::trace_json("spin_wait_its"), o); });
}

TEST_CASE("spin_wait_its: livelocks under a pre-Volta IPDOM stack (B200, sm_100a PTX)", "[workloads]") {
  check_livelock([](const warpsim::sim::RunOptions& o) { return wl::run_b200("spin_wait_its", o); });
}

}  // namespace WARPSIM_UNITY_ID
