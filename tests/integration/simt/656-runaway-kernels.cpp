// Kernels that never end stop with a report of where their warps are and what they executed last:
// - the watchdog: a CTA that executes the no-progress limit of warp-instructions without a thread exiting or
//   touching memory it had not touched is a livelock, even when its loop passes barriers (the fuzz finding
//   endless-loop-barrier) or keeps changing memory with atomics (endless-loop-atomic, endless-loop-reduce);
// - threads waiting at a barrier that stays closed while the rest of the CTA makes no progress are a deadlock
//   after a sixteenth of that, in the timing model as soon as in --functional runs (slow-timing-watchdog:
//   barrier_deadlock took ten times longer in timing mode);
// - the run limits --max-warp-instructions and --timeout, in both modes.
// The inputs are the fuzz findings in tests/data/fuzz-findings/.
#include "simt_util.hpp"

#include <chrono>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string finding(const std::string& name, const std::string& file) {
  return std::string(WARPSIM_SOURCE_DIR) + "/tests/data/fuzz-findings/" + name + "/" + file;
}

// Runs the finding's config (config.json functional, config_timing.json timed) and returns the error.
warpsim::Error run_error(const std::string& name, bool timed, warpsim::sim::RunOptions opts = {}) {
  opts.functional_only = !timed;
  try {
    warpsim::sim::run_file(finding(name, timed ? "config_timing.json" : "config.json"), opts);
  } catch (const warpsim::Error& e) {
    return e;
  }
  FAIL("the run finished, but it must stop");
  return warpsim::Error(warpsim::ErrorKind::Internal, "");
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("656 a loop that only passes barriers is a livelock", "[simt][watchdog]") {
  // A watchdog limit below the default keeps the test short (two minutes under the sanitizers at the default);
  // the next test runs at the default.
  warpsim::sim::RunOptions opts;
  opts.no_progress_limit = 1u << 18;
  const warpsim::Error e = run_error("endless-loop-barrier", false, opts);
  const std::string msg = e.what();
  INFO(msg);
  CHECK(e.kind() == warpsim::ErrorKind::Deadlock);
  CHECK(has(msg, "deadlock: no forward progress in 262144 warp-instructions of CTA ("));
  CHECK(has(msg, "no thread exited and it touched no memory it had not touched before; meanwhile "));
  CHECK_FALSE(has(msg, "meanwhile 0 barriers opened"));
  CHECK(has(msg, "mutant.ptx:"));
  CHECK(has(msg, "(reduce.cu:"));
  CHECK(has(msg, " last executed "));
}

TEST_CASE("656 a loop whose atomics keep changing memory is a livelock", "[simt][watchdog]") {
  const warpsim::Error e = run_error("endless-loop-atomic", false);
  const std::string msg = e.what();
  INFO(msg);
  CHECK(e.kind() == warpsim::ErrorKind::Deadlock);
  CHECK(has(msg, "deadlock: no forward progress in 4194304 warp-instructions of CTA (0,0,0)"));
  CHECK(has(msg, "meanwhile 0 barriers opened and "));
  CHECK_FALSE(has(msg, "and 0 stores or atomics rewrote memory"));
  CHECK(has(msg, "atom.global.cas.b64"));
}

TEST_CASE("656 the reduce mutant that never ends stops", "[simt][watchdog]") {
  // A watchdog limit below the default (2^22) keeps the test short (its many warps make it 25 times slower under
  // the sanitizers); the default's own count is asserted by the atomic loop's test above.
  warpsim::sim::RunOptions opts;
  opts.no_progress_limit = 1u << 18;
  const warpsim::Error e = run_error("endless-loop-reduce", false, opts);
  INFO(e.what());
  CHECK(e.kind() == warpsim::ErrorKind::Deadlock);
  CHECK(has(e.what(), "deadlock: "));
  CHECK(has(e.what(), "mutant.ptx:"));
}

TEST_CASE("656 a barrier nothing opens is reported as fast in the timing model as in functional runs",
          "[simt][watchdog]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timing model" : "--functional"));
    warpsim::sim::RunOptions opts;
    opts.functional_only = !timed;
    const auto t0 = std::chrono::steady_clock::now();
    try {
      warpsim::sim::run_file(finding("slow-timing-watchdog", "config.json"), opts);
      FAIL("the run finished");
    } catch (const warpsim::Error& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(e.kind() == warpsim::ErrorKind::Deadlock);
      CHECK(has(msg,
                "deadlock: threads of CTA (0,0,0) wait at a barrier that nothing opens: the CTA's other "
                "threads executed 262144 warp-instructions without progress"));
      CHECK(has(msg, "barrier 0: 32 of 64 threads arrived"));
      CHECK(has(msg, "warp 0 lanes 0-31 wait at barrier 0 (bar.sync 0) at "));
      CHECK(has(msg, "barrier_deadlock.sm_90a.ptx:"));
      CHECK(has(msg, "warp 1 last executed "));
    }
    INFO("seconds: " << std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
}

TEST_CASE("656 --max-warp-instructions stops a kernel in both modes", "[simt][limits]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timing model" : "--functional"));
    warpsim::sim::RunOptions opts;
    opts.no_progress_limit = 1ull << 40;
    opts.max_warp_instructions = 100'000;
    const warpsim::Error e = run_error("endless-loop-atomic", timed, opts);
    const std::string msg = e.what();
    INFO(msg);
    CHECK(e.kind() == warpsim::ErrorKind::Execution);
    CHECK(has(msg,
              "run limit: the kernel executed 100000 warp-instructions (--max-warp-instructions 100000); "
              "where its CTAs are:\nCTA ("));
    CHECK(has(msg, "kernels[0] (atomics_global "));
    CHECK(has(msg, " last executed "));
  }
}

TEST_CASE("656 --timeout stops a kernel in both modes", "[simt][limits]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timing model" : "--functional"));
    warpsim::sim::RunOptions opts;
    opts.no_progress_limit = 1ull << 40;
    opts.timeout_seconds = 0.25;
    const auto t0 = std::chrono::steady_clock::now();
    const warpsim::Error e = run_error("endless-loop-atomic", timed, opts);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const std::string msg = e.what();
    INFO(msg);
    CHECK(e.kind() == warpsim::ErrorKind::Execution);
    CHECK(has(msg, "run limit: the kernel ran for "));
    CHECK(has(msg, " s of wall clock (--timeout 0.25 s) and executed "));
    CHECK(has(msg, " last executed "));
    CHECK(secs < 30);
  }
}

}  // namespace WARPSIM_UNITY_ID
