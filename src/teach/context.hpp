// What every section of `warpsim report` shares: the run config, the chosen kernel and warp (without --warp,
// chosen from a functional run before anything else), one timed run
// of the config recorded once (CTA/warp timeline, issue counts per SM, the chosen warp's issued
// instructions), further simulations of the same config with extra overrides, and the H200's measurement.
//
// Models: nothing; it runs the simulator (sim::run) and keeps the results for the sections.
// Leaves out: caching across pages; each `warpsim report` simulates afresh.
#pragma once

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/report/timeline.hpp>
#include <warpsim/sim/simulation.hpp>
#include <warpsim/teach/report.hpp>

#include "perf_states.hpp"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace warpsim::teach {

class MemRecorder;  // mem_profile.hpp

class Context {
 public:
  explicit Context(ReportOptions opts);

  const ReportOptions& options() const { return opts_; }
  const config::RunConfig& config() const { return cfg_; }  // loaded with the --set overrides
  std::size_t launch() const { return launch_; }            // index in config().kernels of the chosen kernel
  const config::LaunchSpec& launch_spec() const { return cfg_.kernels[launch_]; }

  // The timed run of the config (every launch, in order), recorded on first use.
  const sim::RunResult& timed();
  const sim::KernelSummary& kernel() { return timed().kernels[launch_]; }
  const report::KernelTimeline& timeline();  // the chosen launch's CTAs, warps and issues per SM per 64 cycles
  // The chosen warp (--warp, or the one warp_choice() found) and the instructions it issued in the timed run, in
  // order.
  std::uint64_t chosen_cta() const { return cta_; }
  std::uint32_t chosen_warp() const { return warp_; }

  // Without --warp, the warp is chosen before anything else runs, from a functional run of the config (every
  // launch up to the chosen one; func::StepObserver): the warp of the chosen launch with the lowest lane
  // utilisation (active lanes per executed warp-instruction over the warp's lanes, Nsight's
  // smsp__thread_inst_executed_per_inst_executed per warp); ties: the fewest predicated-on lanes per instruction
  // (..._pred_on), then the lowest CTA, then the lowest warp. So a launch where no warp diverges shows 0:0.
  struct WarpTally {
    std::uint64_t cta = 0;
    std::uint32_t warp = 0, lanes = 0;          // lanes: threads of the warp (32 but in a partial last warp)
    std::uint64_t issues = 0;                   // warp-instructions executed (functionally: folded ones too)
    std::uint64_t active = 0, pred_on = 0;      // active lanes and active lanes whose guard was true, summed
    std::uint64_t branches = 0, divergent = 0;  // conditional bra executions, and those that split the warp
  };
  struct WarpChoice {
    bool automatic = false;                           // false: --warp chose it
    WarpTally chosen;                                 // the chosen warp's tally
    std::uint64_t warps = 0;                          // warps of the launch compared
    std::uint64_t below_full = 0;                     // of them, warps with an active-lane utilisation under 100 %
    std::uint64_t issues = 0, slots = 0, active = 0;  // summed over the launch: slots = issues x lanes
    std::string failure;  // the functional run's error when it stopped early (the choice is from what ran)
  };
  const WarpChoice& warp_choice() const { return choice_; }
  const std::vector<timing::IssueEvent>& warp_issues();

  // Another simulation of the same config with more --set overrides (after the page's own): both
  // reconvergence models, sweeps. `sink` (may be null) sees the timing model's events.
  sim::RunResult simulate(const std::vector<std::string>& extra_sets, bool functional,
                          timing::TraceSink* sink = nullptr, std::uint64_t no_progress_limit = 0) const;

  // The H200 measurement of this workload (traces/<w>/h200.json), or null when there is none; and the
  // measured launch that corresponds to launch() (null if the file has fewer launches).
  const nlohmann::json* measured();
  const nlohmann::json* measured_launch();

  // When the timed run failed (a deadlock, a livelock, a fault): its error, kept so that timed() rethrows it
  // without simulating again; null otherwise. The chosen warp's issues up to the failure stay available.
  const Error* timed_failure() const { return timed_failure_ ? &*timed_failure_ : nullptr; }
  const std::vector<timing::IssueEvent>& warp_issues_so_far() const { return warp_issues_; }

  // (occupancy sections) As simulate(), with `edit` applied to the loaded config before it runs: a sweep
  // overrides launch fields (dynamic_smem, registers) that are not GPU-model parameters.
  sim::RunResult simulate_edited(const std::vector<std::string>& extra_sets,
                                 const std::function<void(config::RunConfig&)>& edit,
                                 timing::TraceSink* sink = nullptr) const;

  // Sections 5 and 6: the chosen launch's shared, global and local accesses per instruction, recorded in the
  // timed run (mem_profile.hpp).
  const MemRecorder& mem_profile();

 private:
  // simulate() and simulate_edited(): the config loaded with the page's and the extra overrides, `edit` (may be
  // empty) applied, then run.
  sim::RunResult run_with(const std::vector<std::string>& extra_sets, const std::function<void(config::RunConfig&)>& edit,
                          bool functional, timing::TraceSink* sink, std::uint64_t no_progress_limit) const;

  ReportOptions opts_;
  config::RunConfig cfg_;
  std::size_t launch_ = 0;
  std::uint64_t cta_ = 0;
  std::uint32_t warp_ = 0;
  WarpChoice choice_;
  void choose_warp();  // fills choice_, cta_ and warp_ (no --warp)
  std::optional<sim::RunResult> timed_;
  std::unique_ptr<report::TimelineRecorder> recorder_;
  std::vector<timing::IssueEvent> warp_issues_;
  std::optional<nlohmann::json> measured_;
  bool measured_loaded_ = false;
  std::optional<Error> timed_failure_;
  std::shared_ptr<MemRecorder> mem_;  // shared_ptr: MemRecorder is only declared here

 public:
  // Added for the "Latency hiding" section (sec_latency.cpp): the chosen launch's warp states per SM over time,
  // recorded during the timed run.
  const StateRecorder& warp_states();
  // Added for the "Where the cycles went" section (sec_sol.cpp): issue events per pc of the chosen launch.
  const std::vector<std::uint64_t>& pc_issues();
  // Added for the "Latency hiding" section: the chosen warp's state changes (cycle, state: 0 issued, 1 dependency,
  // 2 memory, 3 barrier, 4 not selected, -1 not counted), from TraceSink::on_watched_warp.
  const std::vector<std::pair<std::uint64_t, int>>& warp_state_changes();

 private:
  std::vector<std::pair<std::uint64_t, int>> watched_;
  StateRecorder states_;
  std::vector<std::uint64_t> pc_issues_;
};

// The sections, in page order; each in its own sec_*.cpp. A section that does not apply to the kernel
// returns applies = false with a sentence saying why.
Section section_divergence(Context& ctx);   // 1
Section section_occupancy(Context& ctx);    // 2
Section section_sweep(Context& ctx);        // 3 occupancy is not speed
Section section_latency(Context& ctx);      // 4 latency hiding
Section section_banks(Context& ctx);        // 5 shared-memory banks
Section section_coalescing(Context& ctx);   // 6 memory coalescing
Section section_timeline(Context& ctx);     // 7
Section section_sol(Context& ctx);          // 8 where the cycles went

}  // namespace warpsim::teach
