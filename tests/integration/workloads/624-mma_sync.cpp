// Workload test mma_sync (traces/mma_sync, written by its gen.py): the 34 integer, b1 and f64 mma.sync forms of
// mma_exact, each warp's D against a CPU reference built from the PTX ISA's fragment layouts (A: element i of
// register r of lane 4g + t at row g + 8 (r % 2) (g for M = 8), column e t + i + 4 e (r / 2); B: row e t + i + 4 e r,
// column g; C/D register r: row g + 8 (r / 2), column 2 t + r % 2 (M = 8: row g, column 2 t + r)), and ldst_matrix's
// ldmatrix fragments against the tile. Run functionally (the kernels are tiny), on H200 with the sm_90a PTX and on
// B200 with the sm_100a PTX.
// Leaves out: mma_float (its rounding is provisional: traces/mma_sync/h200.json holds the H200's results), and the
// tile ldst_matrix writes back with stmatrix (tests/integration/simt/622 checks stmatrix).
#include "workload_util.hpp"

#include <bit>
#include <cmath>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

struct Form {
  unsigned m, k, bits;  // N is 8
  int kind;             // 0: s/u integers (sa, sb signed?), 1: b1 xor, 2: b1 and, 3: f64
  bool sa, sb, sat;
};

// gen.py's order.
std::vector<Form> forms() {
  std::vector<Form> f;
  for (auto [m, k] : {std::pair{8u, 16u}, {16u, 16u}, {16u, 32u}})
    for (bool sa : {true, false})
      for (bool sb : {true, false}) f.push_back({m, k, 8, 0, sa, sb, false});
  f.push_back({16, 32, 8, 0, true, true, true});
  f.push_back({16, 32, 8, 0, false, false, true});
  for (auto [m, k] : {std::pair{8u, 32u}, {16u, 32u}, {16u, 64u}})
    for (auto [sa, sb] : {std::pair{true, true}, {false, false}, {true, false}}) f.push_back({m, k, 4, 0, sa, sb, false});
  f.push_back({16, 64, 4, 0, true, true, true});
  for (auto [m, k] : {std::pair{8u, 128u}, {16u, 128u}, {16u, 256u}})
    for (int op : {1, 2}) f.push_back({m, k, 1, op, false, false, false});
  for (auto [m, k] : {std::pair{8u, 4u}, {16u, 4u}, {16u, 8u}, {16u, 16u}}) f.push_back({m, k, 64, 3, false, false, false});
  return f;
}

struct Cell {
  unsigned row, col;
};
Cell a_cell(unsigned m, unsigned e, unsigned lane, unsigned r, unsigned i) {
  const unsigned g = lane / 4, t = lane % 4;
  return m == 8 ? Cell{g, e * t + i + 4 * e * r} : Cell{g + 8 * (r % 2), e * t + i + 4 * e * (r / 2)};
}
Cell c_cell(unsigned m, unsigned lane, unsigned r) {
  const unsigned g = lane / 4, t = lane % 4;
  return m == 8 ? Cell{g, 2 * t + r} : Cell{g + 8 * (r / 2), 2 * t + r % 2};
}

void check_run(const wl::sim::RunResult& r) {
  const auto ai = wl::initial<std::uint32_t>(r.config, "ai");
  const auto af = wl::initial<double>(r.config, "af");
  const auto di = wl::final_contents<std::uint32_t>(r, "di");
  const auto df = wl::final_contents<double>(r, "df");
  const auto fs = forms();
  REQUIRE(fs.size() == 34);
  for (unsigned w = 0; w < fs.size(); ++w) {
    const Form& f = fs[w];
    const unsigned e = f.bits >= 32 ? 1 : 32 / f.bits, M = f.m, K = f.k;
    const unsigned a_regs = M * K / (32 * e), b_regs = K * 8 / (32 * e), c_regs = M * 8 / 32;
    std::vector<std::int64_t> A(M * K), B(K * 8), C(M * 8);
    std::vector<double> Af(M * K), Bf(K * 8), Cf(M * 8);
    const auto field = [&](std::uint32_t v, unsigned i, bool sgn) -> std::int64_t {
      const std::int64_t x = (v >> (i * f.bits)) & ((1u << f.bits) - 1);
      return sgn && (x >> (f.bits - 1)) != 0 ? x - (std::int64_t{1} << f.bits) : x;
    };
    for (unsigned l = 0; l < 32; ++l) {
      const std::size_t base = (w * 32 + l) * 32;
      for (unsigned rg = 0; rg < a_regs; ++rg)
        for (unsigned i = 0; i < e; ++i) {
          const Cell c = a_cell(M, e, l, rg, i);
          if (f.kind == 3) Af[c.row * K + c.col] = af[base + rg];
          else A[c.row * K + c.col] = field(ai[base + rg], i, f.sa);
        }
      for (unsigned rg = 0; rg < b_regs; ++rg)
        for (unsigned i = 0; i < e; ++i) {
          const unsigned row = e * (l % 4) + i + 4 * e * rg, col = l / 4;
          if (f.kind == 3) Bf[row * 8 + col] = af[base + 16 + rg];
          else B[row * 8 + col] = field(ai[base + 16 + rg], i, f.sb);
        }
      for (unsigned rg = 0; rg < c_regs; ++rg) {
        const Cell c = c_cell(M, l, rg);
        if (f.kind == 3) Cf[c.row * 8 + c.col] = af[base + 24 + rg];
        else C[c.row * 8 + c.col] = static_cast<std::int32_t>(ai[base + 24 + rg]);
      }
    }
    for (unsigned l = 0; l < 32; ++l)
      for (unsigned rg = 0; rg < c_regs; ++rg) {
        const Cell c = c_cell(M, l, rg);
        INFO("form " << w << " (m" << M << "k" << K << ", " << f.bits << " bits) lane " << l << " register " << rg);
        if (f.kind == 3) {
          double d = Cf[c.row * 8 + c.col];
          for (unsigned k = 0; k < K; ++k) d = std::fma(Af[c.row * K + k], Bf[k * 8 + c.col], d);
          CHECK(std::bit_cast<std::uint64_t>(df[(w * 32 + l) * 8 + rg]) == std::bit_cast<std::uint64_t>(d));
          continue;
        }
        std::int64_t s = C[c.row * 8 + c.col];
        for (unsigned k = 0; k < K; ++k) {
          const std::int64_t a = A[c.row * K + k], b = B[k * 8 + c.col];
          s += f.kind == 0 ? a * b : f.kind == 1 ? (a ^ b) : (a & b);
        }
        if (f.sat) s = std::clamp<std::int64_t>(s, INT32_MIN, INT32_MAX);
        CHECK(di[(w * 32 + l) * 8 + rg] == static_cast<std::uint32_t>(s));
      }
  }
  // ldst_matrix: warp v's fragments r[0] (x1), r[1..2] (x2), r[3..6] (x4) of its tile, rows from lanes 8j + i.
  const auto tin = wl::initial<std::uint16_t>(r.config, "tin");
  const auto frag = wl::final_contents<std::uint32_t>(r, "frag");
  for (unsigned v = 0; v < 8; ++v) {
    const auto row_at = [&](unsigned lane) {  // element offset of lane's row address in warp v's tile
      const unsigned w = v % 2;
      return ((lane * 7 + w * 13) % 64) * 64 + ((lane * 3 + w) % 8) * 8;
    };
    for (unsigned l = 0; l < 32; ++l) {
      const auto el = [&](unsigned j, unsigned rr, unsigned cc) { return tin[v * 4096 + row_at(8 * j + rr) + cc]; };
      const unsigned rr = l / 4, cc = 2 * (l % 4);
      const auto pack = [](std::uint32_t lo, std::uint32_t hi) { return lo | (hi << 16); };
      const std::uint32_t* fr = &frag[(v * 32 + l) * 16];
      INFO("warp " << v << " lane " << l);
      CHECK(fr[0] == pack(el(0, rr, cc), el(0, rr, cc + 1)));
      for (unsigned j = 0; j < 2; ++j) CHECK(fr[1 + j] == pack(el(j, rr, cc), el(j, rr, cc + 1)));
      for (unsigned j = 0; j < 4; ++j) CHECK(fr[3 + j] == pack(el(j, rr, cc), el(j, rr, cc + 1)));
      for (unsigned j = 0; j < 4; ++j) CHECK(fr[10 + j] == pack(el(j, cc, rr), el(j, cc + 1, rr)));
    }
  }
}

}  // namespace

TEST_CASE("mma_sync: integer, b1 and f64 mma.sync forms and ldmatrix fragments (H200, sm_90a PTX)", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_run(wl::sim::run_file(wl::trace_json("mma_sync"), opts));
}

TEST_CASE("mma_sync on B200 (sm_100a PTX), functional", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_run(wl::run_b200("mma_sync", opts));
}

}  // namespace WARPSIM_UNITY_ID
