// Each subcommand's setup: adds its options to the app and returns the action to run if it is chosen.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <utility>

namespace warpsim::cli {

using Setup = std::pair<CLI::App*, std::function<int()>>;

Setup setup_run(CLI::App& app);
Setup setup_ptx(CLI::App& app);
Setup setup_cfg(CLI::App& app);
Setup setup_occupancy(CLI::App& app);
Setup setup_instrument(CLI::App& app);
Setup setup_compare(CLI::App& app);
Setup setup_validate(CLI::App& app);
Setup setup_report(CLI::App& app);

}  // namespace warpsim::cli
