// Workload test ubench_printf (traces/ubench_printf): device printf in a loop. Three launches of one warp in
// which the first `lanes` lanes each call printf("s%d l%d i%d\n", slot, lane, i) for i = 0..n-1: slot 0 one lane
// x 32 calls, slot 1 32 lanes x 8 calls, slot 2 8 lanes x 16 calls. Checks the exact multiset of printed lines
// (sorted comparison) and then the exact text in the order the simulator documents for printf (src/func/printf.cpp:
// launches in order, records sorted by CTA, per-warp call number, warp, lane): here the loop's trip count is
// warp-uniform, so the i-th call is the warp's i-th printf and the text runs i-major, lanes in increasing order
// within each i. Also checks that cyc holds a nonzero cycle count in each of its 3 slots.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: the cycle counts' values (a timing-model matter), printf's return value, FIFO limits.
#include "workload_util.hpp"

#include <cstdio>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    if (nl == std::string::npos) {
      lines.push_back(text.substr(start));  // an unterminated last line (none expected)
      break;
    }
    lines.push_back(text.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

}  // namespace

static void check_run(const wl::sim::RunResult& r) {
  const int calls[3] = {32, 8, 16};
  const int lanes[3] = {1, 32, 8};
  std::string want;
  for (int slot = 0; slot < 3; ++slot) {
    for (int i = 0; i < calls[slot]; ++i) {
      for (int lane = 0; lane < lanes[slot]; ++lane) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "s%d l%d i%d\n", slot, lane, i);
        want += buf;
      }
    }
  }
  auto got_lines = lines_of(r.printf_output);
  auto want_lines = lines_of(want);
  REQUIRE(want_lines.size() == 32u + 256u + 128u);
  CHECK(got_lines.size() == want_lines.size());
  std::sort(got_lines.begin(), got_lines.end());
  std::sort(want_lines.begin(), want_lines.end());
  CHECK(got_lines == want_lines);  // the same lines, whatever the order
  CHECK(r.printf_output == want);  // and in the documented order
  const auto cyc = wl::final_contents<std::uint64_t>(r, "cyc");
  for (std::size_t i = 0; i < cyc.size(); ++i) {
    INFO("cyc[" << i << "] = " << cyc[i]);
    CHECK(cyc[i] != 0);
  }
  for (int slot = 0; slot < 3; ++slot) wl::check_launch(r, slot, "printf_cost", 1, 1);
}

TEST_CASE("ubench_printf: device printf in a loop from 1, 32 and 8 lanes (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("ubench_printf")));
}

TEST_CASE("ubench_printf: device printf in a loop from 1, 32 and 8 lanes (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("ubench_printf"));
}

}  // namespace WARPSIM_UNITY_ID
