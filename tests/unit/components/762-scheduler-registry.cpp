// 762: the scheduler registry (timing/scheduler.hpp) lists exactly gto, gty and lrr, and those are exactly the names
// the GPU config accepts for sm.scheduler: each one loads and selects its policy, an unknown name is a config error.
#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/scheduler.hpp>

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::config::SchedulerPolicy;

TEST_CASE("762 the registry holds gto, gty and lrr, each building a scheduler") {
  const auto reg = warpsim::timing::scheduler_registry();
  REQUIRE(reg.size() == 3);
  CHECK(reg[0].name == "gto");
  CHECK(reg[0].policy == SchedulerPolicy::Gto);
  CHECK(reg[1].name == "gty");
  CHECK(reg[1].policy == SchedulerPolicy::Gty);
  CHECK(reg[2].name == "lrr");
  CHECK(reg[2].policy == SchedulerPolicy::Lrr);
  for (const auto& e : reg) {
    CHECK(e.make() != nullptr);
    CHECK(warpsim::timing::make_scheduler(e.policy) != nullptr);
  }
}

TEST_CASE("762 sm.scheduler accepts exactly the registry's names") {
  std::set<std::string> registered;
  for (const auto& e : warpsim::timing::scheduler_registry()) {
    registered.emplace(e.name);
    INFO(e.name);
    const auto cfg = warpsim::config::load_gpu_config("tiny", {"sm.scheduler=" + std::string(e.name)});
    CHECK(cfg.scheduler == e.policy);
  }
  // The other direction: the names the parameter table documents (its range, "one of gto, lrr, gty") are all in
  // the registry, so no configurable policy lacks an implementation.
  const auto& params = warpsim::config::gpu_params();
  const auto it = std::find_if(params.begin(), params.end(), [](const auto& p) { return p.name == "sm.scheduler"; });
  REQUIRE(it != params.end());
  REQUIRE(it->range.rfind("one of ", 0) == 0);
  std::set<std::string> accepted;
  std::string rest = it->range.substr(7);
  for (std::size_t pos = 0; pos <= rest.size();) {
    const std::size_t comma = rest.find(", ", pos);
    accepted.insert(rest.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 2;
  }
  CHECK(accepted == registered);
}

TEST_CASE("762 an unknown scheduler name is a config error") {
  try {
    (void)warpsim::config::load_gpu_config("tiny", {"sm.scheduler=rr"});
    FAIL("sm.scheduler=rr loaded");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    CHECK(std::string(e.what()).find("sm.scheduler") != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID
