// The Perfetto file of a real workload is a Chrome Trace Event document the viewers load: it parses, every
// event has ph, pid, tid and ts, complete events have dur >= 0 and never overlap on one thread, every
// process and thread is named, and the counters are present.
#include "outputs_util.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace outputs_test;

TEST_CASE("perfetto: the file of traces/reduce has the Chrome Trace Event structure") {
  const Recorded r = record("reduce", {.instructions = false, .issue_counts = true});
  const auto doc = nlohmann::json::parse(warpsim::report::perfetto_json(r.result.config.gpu.name, r.kernels));
  REQUIRE(doc.is_object());
  REQUIRE(doc.at("traceEvents").is_array());
  CHECK(doc.at("displayTimeUnit").is_string());
  CHECK(doc.at("otherData").at("time_unit").get<std::string>().find("cycles") != std::string::npos);

  std::set<std::int64_t> pids, named_pids;
  std::set<std::pair<std::int64_t, std::int64_t>> tids, named_tids;
  std::map<std::pair<std::int64_t, std::int64_t>, std::vector<std::pair<double, double>>> slices;
  std::size_t ctas = 0, warps = 0, resident = 0, ipc = 0;
  for (const auto& e : doc.at("traceEvents")) {
    REQUIRE(e.contains("ph"));
    REQUIRE(e.contains("pid"));
    REQUIRE(e.contains("tid"));
    REQUIRE(e.contains("ts"));
    REQUIRE(e.at("ts").is_number());
    CHECK(e.at("ts").get<double>() >= 0);
    const std::string ph = e.at("ph");
    const auto pid = e.at("pid").get<std::int64_t>();
    const auto tid = e.at("tid").get<std::int64_t>();
    if (ph == "M") {
      const std::string name = e.at("name");
      if (name == "process_name") named_pids.insert(pid);
      if (name == "thread_name") named_tids.insert({pid, tid});
      if (name == "process_name" || name == "thread_name") CHECK(!e.at("args").at("name").get<std::string>().empty());
      continue;
    }
    REQUIRE(e.contains("name"));
    pids.insert(pid);
    if (ph == "X") {
      REQUIRE(e.contains("dur"));
      CHECK(e.at("dur").get<double>() >= 0);
      tids.insert({pid, tid});
      slices[{pid, tid}].push_back({e.at("ts").get<double>(), e.at("ts").get<double>() + e.at("dur").get<double>()});
      if (e.at("cat") == "cta") ++ctas;
      if (e.at("cat") == "warp") ++warps;
    } else if (ph == "C") {
      REQUIRE(e.at("args").is_object());
      if (e.at("name") == "resident warps") ++resident;
      if (e.at("name") == "IPC") ++ipc;
    } else {
      FAIL("unexpected phase " << ph);
    }
  }
  for (auto p : pids) CHECK(named_pids.count(p) == 1);
  for (auto t : tids) CHECK(named_tids.count(t) == 1);
  for (auto& [key, v] : slices) {
    std::sort(v.begin(), v.end());
    for (std::size_t i = 1; i < v.size(); ++i) CHECK(v[i].first >= v[i - 1].second);
  }
  std::size_t want_ctas = 0, want_warps = 0;
  for (const auto& k : r.result.kernels) {
    want_ctas += k.ctas;
    want_warps += k.warps;
  }
  CHECK(ctas == want_ctas);
  CHECK(warps == want_warps);
  CHECK(resident > 0);
  CHECK(ipc > 0);
}

TEST_CASE("perfetto: SM processes are named 'SM n' and sub-partition threads 'sub-partition k'") {
  const Recorded r = record("vecadd", {.instructions = false, .issue_counts = true});
  const auto doc = nlohmann::json::parse(warpsim::report::perfetto_json("h200", r.kernels));
  std::set<std::string> names;
  for (const auto& e : doc.at("traceEvents"))
    if (e.at("ph") == "M" && (e.at("name") == "process_name" || e.at("name") == "thread_name"))
      names.insert(e.at("args").at("name").get<std::string>());
  for (const auto& c : r.kernels.at(0).ctas) CHECK(names.count("SM " + std::to_string(c.sm)) == 1);
  CHECK(names.count("CTAs") == 1);
  for (int k = 0; k < 4; ++k) CHECK(names.count("sub-partition " + std::to_string(k)) == 1);
}

}  // namespace WARPSIM_UNITY_ID
