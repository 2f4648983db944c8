// cp.async.bulk.tensor.2d loads of a 64 x 256 float tensor (element (x, y) = 256 y + x) for every swizzle mode, with
// inner boxes of the full swizzle span and narrower, and out-of-bounds boxes filled with zeros and NaNs: shared
// memory after the load, word for word, equals the 16-byte-chunk XOR pattern of the PTX ISA's swizzling modes
// (address bits [4, 4 + log2(span/16)) XOR bits [7, ...)), functionally and timed. Spot checks name single words.
#include "tma_util.hpp"

#include <bit>
#include <cstring>

namespace {

std::uint32_t fbits(float f) { return std::bit_cast<std::uint32_t>(f); }

struct Case {
  const char* swizzle;
  unsigned bx, by;
  int x, y;
  const char* fill;
};

std::vector<std::uint32_t> expected(const Case& c) {
  const unsigned span = std::string(c.swizzle) == "none" ? 0 : std::stoi(c.swizzle);
  const unsigned row = c.bx * 4;
  return tmax::swizzled(c.bx * c.by, span, [&](unsigned lb) -> std::uint32_t {
    const int x = c.x + static_cast<int>((lb % row) / 4), y = c.y + static_cast<int>(lb / row);
    if (x < 0 || x >= 256 || y < 0 || y >= 64) return std::string(c.fill) == "nan" ? 0x7fffffffu : 0u;
    return fbits(static_cast<float>(y * 256 + x));
  });
}

std::vector<std::uint32_t> run_case(const Case& c, bool timed) {
  const std::string map = fmt::format(
      R"({{"buffer": "A", "dtype": "float32", "dims": [256, 64], "strides": [1024], "box": [{}, {}],
          "swizzle": "{}", "oob_fill": "{}"}})",
      c.bx, c.by, c.swizzle, c.fill);
  const unsigned words = c.bx * c.by;
  const auto r = tmax::run("tma-swizzle", tmax::load_kernel(2), 1, 128, tmax::load_args(map, words, c.x, c.y),
                           R"("A": {"type": "f32", "count": 16384, "init": "iota"},
                              "out": {"type": "u32", "count": 4096, "init": "zero"})",
                           timed);
  auto out = r.as<std::uint32_t>("out");
  out.resize(words);
  return out;
}

}  // namespace

TEST_CASE("670 TMA 2-D tile loads lay shared memory out as each swizzle mode says", "[simt][tma]") {
  const Case cases[] = {
      {"none", 24, 8, 5, 3, "zero"},    {"32B", 8, 16, 8, 2, "zero"},   {"64B", 16, 16, 16, 4, "zero"},
      {"128B", 32, 16, 32, 8, "zero"},  {"128B", 16, 16, 0, 0, "zero"}, {"64B", 8, 8, 100, 20, "zero"},
      {"128B", 32, 16, 240, 56, "zero"}, {"64B", 16, 8, -8, -4, "nan"},  {"32B", 8, 4, 252, 62, "nan"},
  };
  for (const bool timed : {false, true})
    for (const Case& c : cases) {
      INFO((timed ? "timed " : "functional ") << c.swizzle << " box " << c.bx << "x" << c.by << " at (" << c.x
                                                << ", " << c.y << ") fill " << c.fill);
      CHECK(run_case(c, timed) == expected(c));
    }
}

TEST_CASE("670 TMA swizzle spot checks", "[simt][tma]") {
  // 128B, box 32 x 16 at (32, 8): row 1's physical chunk 1 (bytes 144-159) holds its logical chunk 0.
  const auto w128 = run_case({"128B", 32, 16, 32, 8, "zero"}, false);
  CHECK(w128[36] == fbits(9 * 256 + 32));
  CHECK(w128[0] == fbits(8 * 256 + 32));     // row 0 is not permuted
  CHECK(w128[7 * 32] == fbits(15 * 256 + 32 + 28));  // row 7, physical chunk 0 = logical chunk 7
  // 32B, box 8 x 16 (32-byte rows) at (8, 2): bytes 128-143 (row 4, chunk 0) hold row 4's logical chunk 1.
  const auto w32 = run_case({"32B", 8, 16, 8, 2, "zero"}, false);
  CHECK(w32[32] == fbits(6 * 256 + 12));
  CHECK(w32[36] == fbits(6 * 256 + 8));
  // Out of bounds: the last column of a box at x = 240 of 256 is beyond the tensor: zero.
  const auto oob = run_case({"128B", 32, 16, 240, 56, "zero"}, false);
  CHECK(oob[31 ^ 0] == 0u);  // row 0, logical byte 124 (x = 271): chunk 7 of row 0 stays in place
  CHECK(oob[0] == fbits(56 * 256 + 240));
}
