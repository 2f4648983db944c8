// The warpsim command line: run, ptx, cfg (more subcommands arrive with the timing model).
// Leaves out: all modelling; each subcommand calls one library entry point and prints its result.
#include "commands.hpp"

#include <warpsim/common/error.hpp>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>

int main(int argc, char** argv) {
  CLI::App app{"warpsim: a cycle-approximate SIMT GPU simulator for PTX"};
  app.require_subcommand(1);
  warpsim::cli::register_commands(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    return warpsim::cli::run_selected(app);
  } catch (const warpsim::Error& e) {
    std::fflush(stdout);
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    fmt::print(stderr, "internal error: {}\n", e.what());
    return 2;
  }
}
