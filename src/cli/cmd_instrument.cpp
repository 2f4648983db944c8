// `warpsim instrument CONFIG.json --out DIR`: writes instrumented copies of a run config's kernels (per-warp
// start/end %globaltimer and %smid recorded into one extra buffer per launch) and a run config that launches
// them; `warpsim instrument FILE.ptx --entry NAME -o OUT.ptx` instruments one kernel.
#include "subcommands.hpp"

#include <warpsim/common/error.hpp>
#include <warpsim/sim/instrument.hpp>

#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <sstream>

namespace warpsim::cli {

Setup setup_instrument(CLI::App& app) {
  struct Opts {
    std::string input, out, entry;
  };
  auto o = std::make_shared<Opts>();
  CLI::App* sub =
      app.add_subcommand("instrument", "Make instrumented copies of kernels that record per-warp timelines on a GPU");
  sub->add_option("input", o->input, "Run config (.json) or PTX file")->required();
  sub->add_option("--out,-o", o->out, "Output folder (run config) or output PTX file")->required();
  sub->add_option("--entry", o->entry, "Kernel to instrument (PTX input)");
  return {sub, [o]() {
            if (o->input.ends_with(".json")) {
              const std::string cfg = sim::instrument_run_config(o->input, o->out);
              fmt::print("wrote {}\n", cfg);
              return 0;
            }
            if (o->entry.empty()) fail(ErrorKind::Input, "instrument {}: --entry is required for a PTX file", o->input);
            std::ifstream f(o->input, std::ios::binary);
            if (!f) fail(ErrorKind::Input, "cannot read {}", o->input);
            std::stringstream ss;
            ss << f.rdbuf();
            std::ofstream out(o->out);
            out << sim::instrument_ptx(ss.str(), o->input, o->entry);
            if (!out) fail(ErrorKind::Input, "cannot write {}", o->out);
            fmt::print("wrote {}\n", o->out);
            return 0;
          }};
}

}  // namespace warpsim::cli
