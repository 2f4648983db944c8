// `warpsim run CONFIG.json [--dump DIR] [--set name=value ...]`: runs every launch of a run config.
#include "subcommands.hpp"

#include <warpsim/config/run_config.hpp>
#include <warpsim/sim/simulation.hpp>

#include <fmt/format.h>

#include <chrono>
#include <memory>

namespace warpsim::cli {

Setup setup_run(CLI::App& app) {
  struct Opts {
    std::string config, dump;
    std::vector<std::string> sets;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub = app.add_subcommand("run", "Simulate every launch of a run config");
  sub->add_option("config", o->config, "Run config (JSON)")->required();
  sub->add_option("--dump", o->dump, "Write each buffer after the run to DIR/<name>.bin plus DIR/buffers.json");
  sub->add_option("--set", o->sets, "Override a GPU-model parameter: name=value (see configs/README.md)");
  return {sub, [o]() {
            sim::RunOptions opts;
            opts.gpu_overrides = o->sets;
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
              fmt::print("  kernel {}: {} CTAs, {} warps, {} warp-instructions, {} thread-instructions "
                         "({:.1f}% lane utilisation)\n",
                         k.entry, k.ctas, k.warps, k.warp_instructions, k.thread_instructions, util);
            }
            std::uint64_t ti = 0, wi = 0;
            for (const auto& k : r.kernels) {
              ti += k.thread_instructions;
              wi += k.warp_instructions;
            }
            fmt::print("  simulated in {:.3f} s: {:.1f} M thread-instructions/s, {:.2f} M warp-instructions/s (one core)\n",
                       secs, static_cast<double>(ti) / secs / 1e6, static_cast<double>(wi) / secs / 1e6);
            int rc = 0;
            for (const auto& e : r.expects) {
              fmt::print("  expect {}: {}\n", e.buffer, e.ok ? "matched" : "MISMATCH: " + e.detail);
              if (!e.ok) rc = 3;
            }
            if (r.expects.empty()) fmt::print("  outputs: no expectations in the config\n");
            if (!o->dump.empty()) {
              config::dump_buffers(o->dump, r.config.buffers, r.buffers);
              fmt::print("  dumped {} buffers to {}\n", r.buffers.size(), o->dump);
            }
            return rc;
          }};
}

}  // namespace warpsim::cli
