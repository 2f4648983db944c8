// Workload test sgemm_cp_async (traces/sgemm_cp_async): an Ampere-style multi-stage SGEMM whose shared-memory stages
// are filled by cp.async, C = alpha * A * B + beta * C, five launches: 3 and 4 stages on 512 x 512 blocks, 768 CTAs on
// 2048 x 1536 x 64, a K of 198 with lda 200 (the last K tile's 16-byte copies of A read 8 bytes and zero-fill 8, B's
// rows past K are all zero fill) and a K of 199 with lda 199 (A by 4-byte cp.async.ca copies). Each output is
// acc = fma(a_k, b_k, acc) over k = 0 .. ceil(K / 16) * 16 - 1 from +0 (zero-filled k >= K add fma(0, 0, acc) = acc),
// then fma(alpha, acc, beta * c) with beta a power of two, so the std::fma reference below is bit-exact; it reads the
// run's own arguments (K, leading dimensions, alpha, beta) and grid, so it checks what each launch was asked to do.
// A, B and every C a launch does not write stay unchanged. Timed on the H200 model as configured, and functionally on
// B200 with the sm_100a PTX.
// The same file checks traces/ubench_cp_async, cp.async's microbenchmark: its `out` words, each a sum of the words the
// copies brought (or zeros) that every order of execution gives, recomputed from the iota source.
// Leaves out: the cycles (measured on the H200: traces/*/h200.json, compared by warpsim validate), the clock buffer.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Launch {
  const char* entry;
  const char* a;
  const char* b;
  const char* c;
  int m, n, k, lda, ldb, ldc;
};
// What the config must hold (launch order): the reference recomputes each from the initial buffers.
constexpr Launch kLaunches[] = {
    {"sgemm_s3", "A", "B", "C0", 512, 512, 512, 512, 2048, 512},
    {"sgemm_s4", "A", "B", "C1", 512, 512, 256, 512, 2048, 512},
    {"sgemm_s3", "A", "B", "C2", 2048, 1536, 64, 512, 2048, 1536},
    {"sgemm_s3", "Ae", "Be", "C3", 256, 512, 198, 200, 512, 512},
    {"sgemm_a4_s3", "Ao", "Be", "C4", 256, 512, 199, 199, 512, 512},
};

std::vector<float> reference(const wl::sim::RunResult& r, const Launch& l, float alpha, float beta) {
  const auto A = wl::initial<float>(r.config, l.a);
  const auto B = wl::initial<float>(r.config, l.b);
  auto C = wl::initial<float>(r.config, l.c);
  REQUIRE(A.size() >= static_cast<std::size_t>((l.m - 1) * l.lda + l.k));
  REQUIRE(B.size() >= static_cast<std::size_t>((l.k - 1) * l.ldb + l.n));
  REQUIRE(C.size() >= static_cast<std::size_t>((l.m - 1) * l.ldc + l.n));
  const int kpad = (l.k + 15) / 16 * 16;
  std::vector<float> acc(static_cast<std::size_t>(l.n));
  for (int i = 0; i < l.m; ++i) {
    std::fill(acc.begin(), acc.end(), 0.0f);
    for (int k = 0; k < kpad; ++k) {
      const float a = k < l.k ? A[static_cast<std::size_t>(i) * l.lda + k] : 0.0f;
      for (int j = 0; j < l.n; ++j) {
        const float b = k < l.k ? B[static_cast<std::size_t>(k) * l.ldb + j] : 0.0f;
        acc[j] = std::fma(a, b, acc[j]);
      }
    }
    for (int j = 0; j < l.n; ++j) {
      float& c = C[static_cast<std::size_t>(i) * l.ldc + j];
      const float bc = beta * c;  // exact: beta is a power of two (checked by the caller)
      c = std::fma(alpha, acc[j], bc);
    }
  }
  return C;
}

void check_run(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == std::size(kLaunches));
  for (std::size_t i = 0; i < std::size(kLaunches); ++i) {
    const Launch& l = kLaunches[i];
    INFO("launch " << i << " (" << l.entry << " " << l.m << " x " << l.n << " x " << l.k << ")");
    const auto& k = r.config.kernels[i];
    REQUIRE(k.args.size() == 9);
    CHECK(static_cast<int>(k.args[3].bits) == l.k);
    CHECK(static_cast<int>(k.args[4].bits) == l.lda);
    CHECK(static_cast<int>(k.args[5].bits) == l.ldb);
    CHECK(static_cast<int>(k.args[6].bits) == l.ldc);
    const float alpha = wl::f32(static_cast<std::uint32_t>(k.args[7].bits));
    const float beta = wl::f32(static_cast<std::uint32_t>(k.args[8].bits));
    int exp = 0;
    REQUIRE(std::frexp(beta, &exp) == (beta < 0 ? -0.5f : 0.5f));  // a power of two: beta * c is exact
    CHECK(k.grid.x == static_cast<unsigned>(l.n / 64));
    CHECK(k.grid.y == static_cast<unsigned>(l.m / 64));
    CHECK(k.block.x == 256u);
    wl::check_equal(wl::final_contents<float>(r, l.c), reference(r, l, alpha, beta), l.c);
    const std::uint64_t ctas = static_cast<std::uint64_t>(l.m / 64) * (l.n / 64);
    wl::check_launch(r, i, l.entry, ctas, ctas * 8);
  }
  for (const char* in : {"A", "B", "Ae", "Ao", "Be"}) wl::check_unchanged<float>(r, in);
}

// ubench_cp_async's out, from its launches' arguments (src[i] = i as u32 words; uint4 j holds words 4j .. 4j+3).
std::vector<std::uint32_t> ubench_reference(const warpsim::config::RunConfig& c) {
  std::vector<std::uint32_t> out(wl::buffer_spec(c, "out").count, 0u);
  const auto w = [](std::uint64_t u4, unsigned comp) { return static_cast<std::uint32_t>(4 * u4 + comp); };
  for (const auto& k : c.kernels) {
    const auto arg = [&](std::size_t i) { return static_cast<std::int32_t>(static_cast<std::uint32_t>(k.args[i].bits)); };
    const unsigned threads = k.block.x;
    if (k.entry == "cpa_rt") {
      const int mode = arg(3), r = arg(4), slot = arg(5);
      for (unsigned lane = 0; lane < threads; ++lane) {
        std::uint32_t sum = 0;
        if (mode == 1) sum += lane;
        else
          for (int i = 0; i < r; ++i) sum += w(static_cast<std::uint64_t>(i) * 32 + lane, 3);
        for (int i = 0; i < r; ++i)
          sum += mode == 1 ? lane : mode == 2 ? 0u : w(static_cast<std::uint64_t>(i) * 32 + lane, 0);
        out[static_cast<std::size_t>(slot) * 32 + lane] = sum;
      }
    } else if (k.entry == "cpa_tput") {
      const int mode = arg(3), iters = arg(4), slot = arg(5);
      for (unsigned t = 0; t < threads; ++t) {
        const std::uint64_t warp = t / 32, lane = t % 32;
        std::uint32_t sum = 0;
        if (mode == 0 || mode == 4)
          for (int b = 0; b < iters * 8; ++b) sum += w((warp * iters * 8 + b) * 32 + lane, 3);
        else if (mode == 1 || mode == 2)
          for (unsigned cc = 0; cc < 8; ++cc) sum += w(cc * 32 + lane, 0);
        for (int b = 0; b < iters; ++b) {
          const std::uint64_t blk = (warp * iters + b) * 256;
          if (mode == 0 || mode == 4) sum += w(blk + lane, 0) + w(blk + 224 + lane, 1);
          else if (mode == 1) sum += w(lane, 0) + w(224 + lane, 1);
          else if (mode == 2) sum += static_cast<std::uint32_t>(lane + 224 + lane);
        }
        out[static_cast<std::size_t>(slot) * 1024 + t] = sum;
      }
    } else {
      REQUIRE(k.entry == "cpa_mix");
      const int copies = arg(3), iters = arg(5), slot = arg(6);
      for (unsigned t = 0; t < threads; ++t) {
        const std::uint64_t warp = t / 32, lane = t % 32;
        std::uint32_t sum = 0;  // warps 0-7: the XOR of each step's 8 loads is 0 (every field repeats 8 times)
        if (warp >= 8 && copies != 0) {
          for (int b = 0; b < iters * 8; ++b) sum += w(((warp - 8) * iters * 8 + b) * 32 + lane, 3);
          for (int b = 0; b < iters; ++b) sum += w(((warp - 8) * iters + b) * 256 + lane, 0);
        }
        out[static_cast<std::size_t>(slot) * 1024 + t] = sum;
      }
    }
  }
  return out;
}

void check_ubench(const wl::sim::RunResult& r) {
  REQUIRE(r.config.kernels.size() == 15);
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), ubench_reference(r.config), "out");
  wl::check_unchanged<std::uint32_t>(r, "src");
  const std::uint64_t warps[15] = {1, 1, 1, 1, 1, 4, 8, 16, 32, 16, 16, 16, 16, 16, 16};
  for (std::size_t i = 0; i < 15; ++i)
    wl::check_launch(r, i, i < 4 ? "cpa_rt" : i < 13 ? "cpa_tput" : "cpa_mix", 1, warps[i]);
}

}  // namespace

TEST_CASE("ubench_cp_async: cp.async round trips, streams and a mix with shared loads (H200, sm_90a PTX)",
          "[workloads]") {
  check_ubench(wl::sim::run_file(wl::trace_json("ubench_cp_async")));
}

TEST_CASE("ubench_cp_async on B200 (sm_100a PTX), functional", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_ubench(wl::run_b200("ubench_cp_async", opts));
}

TEST_CASE("sgemm_cp_async: multi-stage cp.async SGEMM with zero fill and 4-byte .ca copies (H200, sm_90a PTX)",
          "[workloads]") {
  check_run(wl::sim::run_file(wl::trace_json("sgemm_cp_async")));
}

TEST_CASE("sgemm_cp_async on B200 (sm_100a PTX), functional", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_run(wl::run_b200("sgemm_cp_async", opts));
}

}  // namespace WARPSIM_UNITY_ID
