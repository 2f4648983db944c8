// .multicast::cluster loads: in clusters of 2 and 4 (two clusters each), every CTA multicasts its slice of a 1 KiB
// tile to the CTAs of the ctaMask with a 1-D bulk copy or a 2-D tensor copy, in two rounds; each CTA the mask names
// holds the whole tile at the same offset after waiting on its own mbarrier, whose phase completes once per round
// (exact shared-memory contents and mbarrier words, functional and timed, both reconvergence models). A mask without
// the issuing CTA (rank 0 sends, ranks 1-3 receive) leaves rank 0's shared memory and mbarrier alone.
#include "mcast_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// The mbarrier's 8 bytes after `phases` completed phases of an mbarrier of one expected arrival.
std::uint64_t mbar_after(unsigned phases) { return 1ull | 1ull << 20 | std::uint64_t{phases % 2} << 63; }

void check(const std::vector<std::uint32_t>& out, unsigned grid, unsigned cluster, unsigned mask) {
  for (unsigned cta = 0; cta < grid; ++cta) {
    const bool receives = (mask >> (cta % cluster) & 1u) != 0;
    INFO("CTA " << cta);
    for (unsigned round = 0; round < 2; ++round) {
      INFO("round " << round);
      for (unsigned i = 0; i < mcastx::kTileWords; ++i)
        CHECK(out[(cta * 2 + round) * mcastx::kTileWords + i] == (receives ? 1000 + round * 256 + i : 0));
      const unsigned at = grid * 512 + (cta * 2 + round) * 2;
      CHECK((std::uint64_t{out[at]} | std::uint64_t{out[at + 1]} << 32) == (receives ? mbar_after(round + 1) : 0));
    }
  }
}

}  // namespace

TEST_CASE("675 multicast loads fill every CTA of the mask, clusters of 2 and 4", "[simt][tma][cluster]") {
  for (const unsigned n : {2u, 4u})
    for (const char* copy : {mcastx::kBulk, mcastx::kTensor})
      for (const bool timed : {false, true})
        for (const char* model : {"independent", "ipdom_stack"}) {
          INFO("cluster " << n << (copy == mcastx::kBulk ? " bulk " : " tensor ") << (timed ? "timed " : "functional ")
                          << model);
          const unsigned mask = (1u << n) - 1;
          const auto out =
              mcastx::run("mcast", mcastx::kernel(copy), 2 * n, n, mask, timed, model).as<std::uint32_t>("out");
          check(out, 2 * n, n, mask);
        }
}

TEST_CASE("675 a multicast whose mask leaves out the issuing CTA lands only in the CTAs it names",
          "[simt][tma][cluster]") {
  // Every rank sends its slice; only ranks 1 and 3 (mask 0b1010) receive and wait.
  for (const char* copy : {mcastx::kBulk, mcastx::kTensor})
    for (const bool timed : {false, true}) {
      INFO((copy == mcastx::kBulk ? "bulk " : "tensor ") << (timed ? "timed" : "functional"));
      const auto out = mcastx::run("mcast-part", mcastx::kernel(copy), 4, 4, 0xa, timed).as<std::uint32_t>("out");
      check(out, 4, 4, 0xa);
    }
}

}  // namespace WARPSIM_UNITY_ID
