// cp.async.bulk.tensor.2d loads of a 64 x 256 float tensor (element (x, y) = 256 y + x) for every swizzle mode, with
// inner boxes of the full swizzle span and narrower, and out-of-bounds boxes filled with zeros and NaNs: shared
// memory after the load, word for word, equals the layout the H200 writes (traces/tma_swizzle): rows packed without a
// swizzle; with one, each row at the span's pitch (a narrower row leaves the rest of its span untouched) and the
// 16-byte-chunk XOR pattern of the PTX ISA's swizzling modes (address bits [4, 4 + log2(span/16)) XOR bits [7, ...));
// the NaN fill is 0x7ff77ff7; the mbarrier's transaction count is the box's bytes, not its footprint. Functional and
// timed. Spot checks name single words, among them the H200's own for a 64-byte row under 128B swizzle.
#include "tma_util.hpp"

#include <bit>
#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::uint32_t fbits(float f) { return std::bit_cast<std::uint32_t>(f); }

struct Case {
  const char* swizzle;
  unsigned bx, by;
  int x, y;
  const char* fill;
};

unsigned span_of(const Case& c) { return std::string(c.swizzle) == "none" ? 0 : std::stoi(c.swizzle); }

// Shared-memory words the box's rows reach: by rows at the span's pitch (the row's bytes without a swizzle).
unsigned footprint_words(const Case& c) { return c.by * (span_of(c) != 0 ? span_of(c) : c.bx * 4) / 4; }

std::vector<std::uint32_t> expected(const Case& c) {
  const unsigned row = c.bx * 4;
  return tmax::swizzled(footprint_words(c), span_of(c), row, [&](unsigned lb) -> std::uint32_t {
    const int x = c.x + static_cast<int>((lb % row) / 4), y = c.y + static_cast<int>(lb / row);
    if (x < 0 || x >= 256 || y < 0 || y >= 64) return std::string(c.fill) == "nan" ? 0x7ff77ff7u : 0u;
    return fbits(static_cast<float>(y * 256 + x));
  });
}

std::vector<std::uint32_t> run_case(const Case& c, bool timed) {
  const std::string map = fmt::format(
      R"({{"buffer": "A", "dtype": "float32", "dims": [256, 64], "strides": [1024], "box": [{}, {}],
          "swizzle": "{}", "oob_fill": "{}"}})",
      c.bx, c.by, c.swizzle, c.fill);
  const unsigned words = footprint_words(c);
  const auto r = tmax::run("tma-swizzle", tmax::load_kernel(2), 1, 128,
                           tmax::load_args(map, words, c.x, c.y, 0, c.bx * c.by * 4),
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
      {"none", 24, 8, 4, 3, "zero"},     {"32B", 8, 16, 8, 2, "zero"},    {"64B", 16, 16, 16, 4, "zero"},
      {"128B", 32, 16, 32, 8, "zero"},   {"128B", 16, 16, 0, 0, "zero"},  {"64B", 8, 8, 100, 20, "zero"},
      {"128B", 32, 16, 240, 56, "zero"}, {"64B", 16, 8, -8, -4, "nan"},   {"32B", 8, 4, 252, 62, "nan"},
      // Rows narrower than the span: 16 bytes under 32B, 16 and 32 under 64B, 16 and 32 under 128B (16 rows: the
      // XOR pattern repeats after 8 rows), one partly outside the tensor with NaN fill.
      {"32B", 4, 16, 12, 5, "zero"},     {"64B", 4, 16, 20, 1, "zero"},   {"64B", 8, 16, 40, 9, "zero"},
      {"128B", 4, 16, 64, 30, "zero"},   {"128B", 8, 16, 8, 40, "zero"},  {"128B", 16, 8, 248, -3, "nan"},
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
  // 128B, box 16 x 16 (64-byte rows) at (0, 0), as the H200 wrote it (traces/tma_swizzle launch 4): row r at byte
  // 128 r, its chunk c at c XOR (r mod 8); the other 64 bytes of each 128 keep what was there.
  const auto narrow = run_case({"128B", 16, 16, 0, 0, "zero"}, false);
  CHECK(narrow[32] == fbits(1 * 256 + 4));    // row 1, physical chunk 0 = logical chunk 1
  CHECK(narrow[48] == tmax::kMarker);         // row 1, bytes 64-127: not written
  CHECK(narrow[64] == fbits(2 * 256 + 8));    // row 2, physical chunk 0 = logical chunk 2
  CHECK(narrow[128] == tmax::kMarker);        // row 4, physical chunks 0-3: not written
  CHECK(narrow[144] == fbits(4 * 256 + 0));   // row 4, physical chunk 4 = logical chunk 0
  CHECK(narrow[8 * 32] == fbits(8 * 256));    // row 8 starts the pattern again
  // The NaN fill of a float32 map: 0x7ff77ff7, as the H200 wrote it.
  const auto nan = run_case({"64B", 16, 8, -8, -4, "nan"}, false);
  CHECK(nan[0] == 0x7ff77ff7u);
}

}  // namespace WARPSIM_UNITY_ID
