// The subcommand table: name, setup and action for each.
#include "commands.hpp"

#include "subcommands.hpp"

#include <functional>
#include <vector>

namespace warpsim::cli {
namespace {
struct Entry {
  CLI::App* app;
  std::function<int()> action;
};
std::vector<Entry>& entries() {
  static std::vector<Entry> e;
  return e;
}
}  // namespace

void register_commands(CLI::App& app) {
  for (const Setup& s : {setup_run(app), setup_ptx(app), setup_cfg(app), setup_occupancy(app), setup_instrument(app),
                         setup_compare(app), setup_validate(app), setup_report(app)})
    entries().push_back({s.first, s.second});
}

int run_selected(CLI::App& app) {
  for (auto& e : entries())
    if (e.app->parsed()) return e.action();
  return 1;
}

}  // namespace warpsim::cli
