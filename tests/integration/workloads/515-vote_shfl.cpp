// Workload test vote_shfl (traces/vote_shfl): every warp vote/shuffle/match/reduce intrinsic, checked slot by
// slot for both warps against CUDA's documented semantics:
//   __shfl_sync(m, v, src, w): lane reads lane (lane & ~(w-1)) + (src % w);
//   __shfl_up_sync(m, v, d, w): reads lane - d if that stays in the lane's w-segment, else keeps its own v;
//   __shfl_down_sync(m, v, d, w): reads lane + d if that stays in the segment, else keeps its own v;
//   __shfl_xor_sync(m, v, x): reads lane ^ x (always in range for w = 32);
//   __match_any_sync: the lanes holding the same value; __match_all_sync: all lanes if all equal, else 0
//   (with pred); __reduce_*_sync: over the lanes of the member mask; ballot/any/all over the member mask.
// Each check runs twice: as configured (H200, sm_90a PTX) and on B200 with the sm_100a PTX.
// Leaves out: undefined cases (members missing from the mask), __activemask.
#include "workload_util.hpp"

#include <bit>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

static void check_run(const wl::sim::RunResult& r) {
  const auto data = wl::initial<std::uint32_t>(r.config, "data");
  constexpr unsigned NOUT = 24;
  std::vector<std::uint32_t> out(64 * NOUT, 0);
  for (unsigned w = 0; w < 2; ++w) {
    const std::uint32_t* v = &data[w * 32];
    auto ballot = [&](auto pred, std::uint32_t mask) {
      std::uint32_t b = 0;
      for (unsigned l = 0; l < 32; ++l)
        if (((mask >> l) & 1u) && pred(v[l], l)) b |= 1u << l;
      return b;
    };
    const std::uint32_t odd = ballot([](std::uint32_t x, unsigned) { return (x & 1u) != 0; }, ~0u);
    const std::uint32_t big = ballot([](std::uint32_t x, unsigned) { return x > 900u; }, ~0u);
    const std::uint32_t gt20 = ballot([](std::uint32_t x, unsigned) { return x > 20u; }, ~0u);
    const std::uint32_t gt500 = ballot([](std::uint32_t x, unsigned) { return x > 500u; }, ~0u);
    std::uint32_t sum = 0, mn = ~0u, mx = 0, and_ = ~0u, or_ = 0, xor_ = 0;
    std::int32_t smin = INT32_MAX;
    for (unsigned l = 0; l < 32; ++l) {
      sum += v[l];
      mn = std::min(mn, v[l]);
      mx = std::max(mx, v[l]);
      smin = std::min(smin, static_cast<std::int32_t>(v[l] - 500u));
      and_ &= v[l] | 0xff00u;
      or_ |= v[l];
      xor_ ^= v[l];
    }
    bool all_same_parity = true;
    for (unsigned l = 0; l < 32; ++l) all_same_parity &= (v[l] % 2u) == (v[0] % 2u);
    std::uint32_t odd_sum = 0, odd_max = 0;
    for (unsigned l = 1; l < 32; l += 2) {
      odd_sum += v[l];
      odd_max = std::max(odd_max, v[l] ^ l);
    }
    for (unsigned l = 0; l < 32; ++l) {
      std::uint32_t* o = &out[(w * 32 + l) * NOUT];
      o[0] = odd;
      o[1] = big != 0;
      o[2] = gt20 == ~0u;
      o[3] = v[(l * 7u + 3u) & 31u];
      o[4] = v[(l & ~7u) + ((l + 5u) % 8u)];
      o[5] = v[l ^ 1u];
      o[6] = v[l ^ 18u];
      o[7] = l >= 3 ? v[l - 3] : v[l];
      o[8] = l + 5 < 32 ? v[l + 5] : v[l];
      o[9] = (l % 16u) >= 2 ? v[l - 2] : v[l];
      o[10] = (l % 8u) + 3 < 8 ? v[l + 3] : v[l];
      std::uint32_t same = 0;
      for (unsigned k = 0; k < 32; ++k)
        if (v[k] % 4u == v[l] % 4u) same |= 1u << k;
      o[11] = same;
      o[12] = ~0u;  // tid >> 5 is the same in the whole warp
      o[13] = 1;
      o[14] = all_same_parity ? ~0u : 0u;
      o[15] = all_same_parity ? 1u : 0u;
      o[16] = sum;
      o[17] = mn;
      o[18] = mx;
      o[19] = static_cast<std::uint32_t>(smin);
      o[20] = and_ ^ or_ ^ (xor_ << 1);
      if ((l & 1u) == 0) {
        o[21] = ballot([](std::uint32_t x, unsigned) { return x > 500u; }, 0x55555555u);
        o[22] = v[(l + 2u) & 31u];
      } else {
        o[21] = odd_sum;
        o[22] = odd_max;
      }
      o[23] = static_cast<std::uint32_t>(std::popcount(gt500));
    }
  }
  const auto got = wl::final_contents<std::uint32_t>(r, "out");
  // Compare slot by slot so a failure names the intrinsic.
  const char* names[NOUT] = {"ballot",
                             "any",
                             "all",
                             "shfl idx",
                             "shfl idx w8",
                             "shfl xor 1",
                             "shfl xor 18",
                             "shfl up 3",
                             "shfl down 5",
                             "shfl up 2 w16",
                             "shfl down 3 w8",
                             "match any",
                             "match all mask (equal)",
                             "match all pred (equal)",
                             "match all mask",
                             "match all pred",
                             "redux add",
                             "redux min u32",
                             "redux max u32",
                             "redux min s32",
                             "redux and^or^xor",
                             "divergent ballot/redux add",
                             "divergent shfl/redux max",
                             "popc(ballot)"};
  for (unsigned s = 0; s < NOUT; ++s) {
    std::vector<std::uint32_t> g(64), want(64);
    for (unsigned t = 0; t < 64; ++t) {
      g[t] = got[t * NOUT + s];
      want[t] = out[t * NOUT + s];
    }
    wl::check_equal(g, want, std::string("slot ") + std::to_string(s) + " (" + names[s] + ")");
  }
  wl::check_unchanged<std::uint32_t>(r, "data");
  wl::check_launch(r, 0, "vote_shfl", 1, 2);
}

TEST_CASE("vote_shfl: ballot/any/all, shuffles, match and redux (H200, sm_90a PTX)", "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("vote_shfl")));
}

TEST_CASE("vote_shfl: ballot/any/all, shuffles, match and redux (B200, sm_100a PTX)", "[workloads]") {
  check_run(wl::run_b200("vote_shfl"));
}

}  // namespace WARPSIM_UNITY_ID
