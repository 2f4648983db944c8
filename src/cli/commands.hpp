// Subcommand registration for the CLI; each subcommand lives in its own file.
#pragma once

#include <CLI/CLI.hpp>

namespace warpsim::cli {

void register_commands(CLI::App& app);
int run_selected(CLI::App& app);

}  // namespace warpsim::cli
