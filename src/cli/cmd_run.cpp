// `warpsim run CONFIG.json [--dump DIR] [--set name=value ...] [--functional] [--stats FILE.json]
// [--timeline FILE.json [--trace-warps]] [--perfetto FILE.json] [--max-warp-instructions N] [--timeout SECONDS]
// [--no-progress-limit N] [--memory-budget BYTES] [--racecheck]`: runs every launch of a run config with the
// timing model (cycles, IPC, occupancy, stalls) or, with --functional, without it. --racecheck reports hazards
// between asynchronous copies and shared-memory accesses (func/racecheck.hpp) as compute-sanitizer's racecheck
// does: the run goes on, outputs are written, each distinct hazard is listed once on stderr with its count, and the
// exit status is 4.
#include "subcommands.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/report/stats_json.hpp>
#include <warpsim/report/timeline.hpp>
#include <warpsim/sim/simulation.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <memory>

namespace warpsim::cli {
namespace {

double stat(const sim::KernelSummary& k, const std::string& name) {
  const auto it = k.stats.find(name);
  return it == k.stats.end() ? 0.0 : it->second;
}

void print_timing(const sim::KernelSummary& k, const config::GpuConfig& g) {
  const double cycles = std::max(static_cast<double>(k.cycles), 1.0);
  const double sass = stat(k, "smsp__inst_executed.sum");
  fmt::print("    {} cycles, IPC {:.3f} (SASS warp-instructions per cycle, whole GPU)\n", k.cycles, sass / cycles);
  const double folded = stat(k, "warpsim__ptx_inst_folded.sum"), expanded = stat(k, "warpsim__sass_inst_expanded.sum");
  if (folded > 0 || expanded > 0)
    fmt::print(
        "    {:.0f} SASS warp-instructions as ptxas would emit them: {:.0f} PTX folded away, {:.0f} added by "
        "expanded operations\n",
        sass, folded, expanded);
  const auto occ = k.stats.find("sm__warps_active.avg.pct_of_peak_sustained_active");
  if (occ != k.stats.end()) fmt::print("    achieved occupancy {:.1f}%\n", occ->second);
  const auto carve = k.stats.find("launch__shared_mem_config_size");
  if (carve != k.stats.end()) {
    const auto bytes = static_cast<std::uint64_t>(carve->second);
    fmt::print("    L1 {} KiB per SM beside a {} KiB shared-memory carve-out\n",
               timing::launch_l1_bytes(g, bytes) / 1024, bytes / 1024);
  }
  if (!k.registers_source.empty())
    fmt::print("    {} registers per thread ({})\n", k.registers_per_thread, k.registers_source);
  const char* states[] = {"dependency", "memory", "barrier", "not_selected"};
  double total = stat(k, "warpsim__warp_cycles_issued.sum");
  std::vector<std::pair<double, std::string>> stalls;
  for (const char* s : states) {
    const double v = stat(k, fmt::format("warpsim__warp_cycles_{}.sum", s));
    total += v;
    stalls.emplace_back(v, s);
  }
  std::sort(stalls.begin(), stalls.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  std::string top;
  for (const auto& [v, name] : stalls) {
    if (v <= 0 || total <= 0) continue;
    top += fmt::format("{}{} {:.1f}%", top.empty() ? "" : ", ", name, 100.0 * v / total);
  }
  fmt::print("    warp cycles stalled on: {}\n", top.empty() ? "nothing" : top);
}

void print_racecheck(const sim::KernelSummary& k) {
  std::uint64_t n = 0;
  for (const auto& h : k.hazards) n += h.count;
  if (n == 0) fmt::print("    racecheck: no hazards\n");
  else
    fmt::print("    racecheck: {} hazard{} at {} distinct place{} (listed on stderr)\n", n, n == 1 ? "" : "s",
               k.hazards.size(), k.hazards.size() == 1 ? "" : "s");
}

void write_stats(const std::string& path, const sim::RunResult& r) {
  std::vector<report::KernelMetrics> ks;
  for (const auto& k : r.kernels) ks.push_back({k.entry, k.cycles, k.stats});
  report::write_file_atomically(path, report::stats_json(r.config.gpu.name, ks));
}

// "4096", "512M", "8G", "1TiB": bytes, with an optional binary K/M/G/T suffix.
std::uint64_t parse_bytes(const std::string& text) {
  std::size_t end = 0;
  while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end])) != 0) ++end;
  std::string unit = text.substr(end);
  if (!unit.empty() && (unit.back() == 'B' || unit.back() == 'b')) unit.pop_back();
  if (unit.size() == 2 && unit[1] == 'i') unit.pop_back();
  unsigned shift = 0;
  if (unit == "K" || unit == "k") shift = 10;
  else if (unit == "M" || unit == "m") shift = 20;
  else if (unit == "G" || unit == "g") shift = 30;
  else if (unit == "T" || unit == "t") shift = 40;
  else if (!unit.empty()) end = 0;
  if (end == 0 || end > 15)
    throw Error(ErrorKind::Input,
                fmt::format("--memory-budget: expected bytes such as 4096, 512M or 8G, got \"{}\"", text));
  const std::uint64_t n = std::stoull(text.substr(0, end));
  if (n == 0) throw Error(ErrorKind::Input, "--memory-budget: must be at least 1 byte");
  return n << shift;
}

}  // namespace

Setup setup_run(CLI::App& app) {
  struct Opts {
    std::string config, dump, stats, timeline, perfetto, memory_budget;
    std::vector<std::string> sets;
    bool timing = false, functional = false, trace_warps = false, racecheck = false;
    std::uint64_t max_warp_instructions = 0, no_progress_limit = 0;
    double timeout = 0;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand("run", "Simulate every launch of a run config");
  sub->add_option("config", o->config, "Run config (JSON)")->required();
  sub->add_option("--dump", o->dump, "Write each buffer after the run to DIR/<name>.bin plus DIR/buffers.json");
  sub->add_option("--set", o->sets, "Override a GPU-model parameter: name=value (see configs/README.md)");
  sub->add_flag("--functional", o->functional, "Skip the timing model: results and instruction counts only");
  sub->add_flag("--timing", o->timing, "Run with the timing model (the default; kept for compatibility)");
  sub->add_option("--stats", o->stats, "Write every kernel's timing counters to FILE.json");
  sub->add_option("--timeline", o->timeline, "Write every kernel's CTA and warp intervals to FILE.json");
  sub->add_flag("--trace-warps", o->trace_warps, "With --timeline: also list every issued warp-instruction");
  sub->add_option("--perfetto", o->perfetto, "Write a Chrome Trace Event file (ui.perfetto.dev) to FILE.json");
  sub->add_option("--max-warp-instructions", o->max_warp_instructions,
                  "Stop a kernel that executes more than N warp-instructions (default 2^36)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--timeout", o->timeout, "Stop a kernel that runs longer than SECONDS of wall clock (default: none)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--no-progress-limit", o->no_progress_limit,
                  "The watchdog: warp-instructions a CTA may execute without progress (default 2^22)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--memory-budget", o->memory_budget,
                  "Bytes of simulated global memory that may be touched, e.g. 8G (default: half of physical memory)");
  sub->add_flag("--racecheck", o->racecheck,
                "Report generic shared-memory accesses to the bytes of an asynchronous copy in flight (cp.async, "
                "bulk and tensor copies) before the thread observed its completion: the run goes on, outputs are "
                "written, each distinct (kind, access line, copy line) is listed once on stderr with its count, and "
                "warpsim exits with status 4 if there was any");
  return {
      sub, [o]() {
        sim::RunOptions opts;
        opts.gpu_overrides = o->sets;
        opts.functional_only = o->functional;
        opts.max_warp_instructions = o->max_warp_instructions;
        opts.no_progress_limit = o->no_progress_limit;
        opts.timeout_seconds = o->timeout;
        opts.racecheck = o->racecheck;
        if (!o->memory_budget.empty()) opts.memory_budget = parse_bytes(o->memory_budget);
        const bool outputs = !o->stats.empty() || !o->timeline.empty() || !o->perfetto.empty();
        if (o->functional && outputs)
          throw Error(ErrorKind::Input, "--stats, --timeline and --perfetto need the timing model: drop --functional");
        if (o->trace_warps && o->timeline.empty())
          throw Error(ErrorKind::Input, "--trace-warps needs --timeline FILE.json");
        std::unique_ptr<report::TimelineRecorder> rec;
        if (!o->timeline.empty() || !o->perfetto.empty()) {
          rec = std::make_unique<report::TimelineRecorder>(
              report::RecordOptions{.instructions = o->trace_warps, .issue_counts = !o->perfetto.empty()});
          opts.trace = rec.get();
        }
        const auto t0 = std::chrono::steady_clock::now();
        sim::RunResult r = sim::run_file(o->config, opts);
        const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        std::fwrite(r.printf_output.data(), 1, r.printf_output.size(), stdout);
        fmt::print("warpsim run {}\n", o->config);
        fmt::print("  gpu: {} ({} SMs, {} reconvergence)\n", r.config.gpu.name, r.config.gpu.num_sms,
                   r.config.gpu.reconvergence == config::Reconvergence::Independent ? "independent" : "ipdom_stack");
        for (const auto& k : r.kernels) {
          const double util = k.warp_instructions == 0 ? 0.0
                                                       : 100.0 * static_cast<double>(k.thread_instructions) /
                                                             (32.0 * static_cast<double>(k.warp_instructions));
          fmt::print(
              "  kernel {}: {} CTAs, {} warps, {} warp-instructions, {} thread-instructions "
              "({:.1f}% lane utilisation)\n",
              k.entry, k.ctas, k.warps, k.warp_instructions, k.thread_instructions, util);
          if (!opts.functional_only) print_timing(k, r.config.gpu);
          if (o->racecheck) print_racecheck(k);
        }
        if (!o->stats.empty()) write_stats(o->stats, r);
        if (!o->timeline.empty())
          report::write_file_atomically(o->timeline, report::timeline_json(r.config.gpu.name, rec->kernels()));
        if (!o->perfetto.empty())
          report::write_file_atomically(o->perfetto, report::perfetto_json(r.config.gpu.name, rec->kernels()));
        std::uint64_t ti = 0, wi = 0, flops = 0;
        for (const auto& k : r.kernels) {
          ti += k.thread_instructions;
          wi += k.warp_instructions;
          flops += k.mma_flops;
        }
        fmt::print("  simulated in {:.3f} s: {:.1f} M thread-instructions/s, {:.2f} M warp-instructions/s (one core)\n",
                   secs, static_cast<double>(ti) / secs / 1e6, static_cast<double>(wi) / secs / 1e6);
        if (flops != 0)
          fmt::print("  MMA: {} FLOPs (2 M N K per mma and wgmma.mma_async), {:.3f} GFLOP/s of simulation\n", flops,
                     static_cast<double>(flops) / secs / 1e9);
        int rc = 0;
        for (const auto& e : r.expects) {
          fmt::print("  expect {}: {}\n", e.buffer, e.ok ? "matched" : "MISMATCH: " + e.detail);
          if (!e.ok) rc = 3;
        }
        if (r.expects.empty()) fmt::print("  outputs: no expectations in the config\n");
        if (!o->dump.empty()) {
          config::dump_buffers(o->dump, r.config.buffers,
                               [&r](std::size_t i, std::uint64_t off, std::uint64_t n, std::byte* out) {
                                 r.read_buffer(i, off, n, out);
                               });
          fmt::print("  dumped {} buffers to {}\n", r.config.buffers.size(), o->dump);
        }
        std::fflush(stdout);
        for (const auto& k : r.kernels)
          for (const auto& h : k.hazards) {
            fmt::print(stderr, "racecheck: kernel {}: {}; {} such access{}\n", k.entry, h.first, h.count,
                       h.count == 1 ? "" : "es");
            rc = 4;
          }
        return rc;
      }};
}

}  // namespace warpsim::cli
