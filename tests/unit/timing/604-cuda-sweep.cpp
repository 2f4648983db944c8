// The occupancy calculator equals CUDA's own (cuda_occupancy.h) on every shipped GPU model, with the default
// carve-out: edge points and a fixed pseudo-random sweep of (block size, registers, shared memory), checking
// CTAs per SM, every limit's count, the limiting factors, and the allocations. Without the CUDA toolkit the
// test fails: the reference is part of this project's toolchain.
#include "cuda_occupancy_ref.hpp"

#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

#include <set>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using timing_test::Rng;

#ifndef WARPSIM_HAVE_CUDA_OCCUPANCY

TEST_CASE("occupancy equals CUDA's calculator") { FAIL(timing_test::kNoCuda); }

#else

namespace {

struct Tally {
  unsigned points = 0, mismatches = 0;
  std::set<timing::Limit> limiters;
  void check(const config::GpuConfig& g, const timing::OccupancyRequest& r, std::uint64_t static_smem) {
    ++points;
    if (!timing_test::matches_cuda(g, r, static_smem, mismatches < 5)) ++mismatches;
    limiters.insert(timing::explain_occupancy(g, r).limiter);
  }
};

}  // namespace

TEST_CASE("edge points equal CUDA's calculator on every shipped GPU") {
  for (const auto& name : timing_test::shipped_gpus()) {
    INFO(name);
    const auto g = config::load_gpu_config(name);
    const unsigned threads[] = {1, 32, 33, 64, 1023, 1024, g.max_threads_per_cta, g.max_threads_per_cta + 1};
    const unsigned regs[] = {0, 1, 32, 255};
    const std::uint64_t smem[] = {0, 1, 48 * 1024, 48 * 1024 + 1, g.smem_per_cta_max, g.smem_per_cta_max + 1};
    Tally t;
    for (unsigned th : threads)
      for (unsigned r : regs)
        for (std::uint64_t s : smem) {
          t.check(g, {th, r, s, {}}, 0);  // all dynamic
          t.check(g, {th, r, s, {}}, s);  // all static
        }
    CHECK(t.mismatches == 0);
    CHECK(t.points == 8 * 4 * 6 * 2);
  }
}

TEST_CASE("a pseudo-random sweep of 2000 points per GPU equals CUDA's calculator") {
  for (const auto& name : timing_test::shipped_gpus()) {
    INFO(name);
    const auto g = config::load_gpu_config(name);
    Rng rng(0x6f63637570616e63ull + name.size());
    Tally t;
    for (int i = 0; i < 2000; ++i) {
      timing::OccupancyRequest r;
      switch (rng.below(4)) {
        case 0: r.threads_per_cta = 32 * static_cast<unsigned>(1 + rng.below(g.max_threads_per_cta / 32)); break;
        case 1: r.threads_per_cta = static_cast<unsigned>(1 + rng.below(g.max_threads_per_cta + 64)); break;
        default: r.threads_per_cta = static_cast<unsigned>(1 + rng.below(g.max_threads_per_cta)); break;
      }
      r.regs_per_thread = static_cast<unsigned>(rng.below(256));
      switch (rng.below(4)) {
        case 0: r.smem_per_cta = 0; break;
        case 1: r.smem_per_cta = rng.below(48 * 1024 + 1); break;
        case 2: r.smem_per_cta = 1024 * rng.below(g.smem_per_cta_max / 1024 + 1); break;
        default: r.smem_per_cta = rng.below(g.smem_per_cta_max + 4096); break;
      }
      t.check(g, r, rng.below(r.smem_per_cta + 1));
    }
    CHECK(t.mismatches == 0);
    CHECK(t.points == 2000);
    CHECK(t.limiters.size() == 4);  // the sweep reaches every limiter
  }
}

#endif

}  // namespace WARPSIM_UNITY_ID
