// cp.async.bulk.tensor.3d and .1d loads: a 3-D box partly outside a 3 x 6 x 20 uint32 tensor in every dimension is
// zero-filled there; a float tensor fills with NaN (0x7ff77ff7, sm.tma_nan_fill_pattern twice) when its map says
// "nan"; elementStrides take every
// k-th element along a dimension (the box holds ceil(box / stride) of them, packed); negative coordinates are
// outside. Functional and timed, under both reconvergence models.
#include "tma_util.hpp"

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const char* kBuffers = R"("A": {"type": "u32", "count": 360, "init": "iota"},
                          "F": {"type": "f32", "count": 360, "init": "iota"},
                          "out": {"type": "u32", "count": 4096, "init": "zero"})";

// The tensor's element (x, y, z) as the box sees it, or `fill` outside.
std::uint32_t at(int x, int y, int z, std::uint32_t fill, bool as_float) {
  if (x < 0 || x >= 20 || y < 0 || y >= 6 || z < 0 || z >= 3) return fill;
  const auto v = static_cast<std::uint32_t>(z * 120 + y * 20 + x);
  if (!as_float) return v;
  const float f = static_cast<float>(v);
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

}  // namespace

TEST_CASE("671 TMA 3-D boxes: out-of-bounds fill and element strides", "[simt][tma]") {
  for (const bool timed : {false, true})
    for (const char* model : {"independent", "ipdom_stack"}) {
      INFO((timed ? "timed " : "functional ") << model);
      {
        // box 8 x 4 x 2 at (16, 4, 2), element strides 1: x 16..23, y 4..7, z 2..3 of 20 x 6 x 3.
        const auto r = tmax::run("tma-3d", tmax::load_kernel(3), 1, 64,
                                 tmax::load_args(R"({"buffer": "A", "dtype": "uint32", "dims": [20, 6, 3],
                                                     "strides": [80, 480], "box": [8, 4, 2]})",
                                                 64, 16, 4, 2),
                                 kBuffers, timed, model);
        const auto out = r.as<std::uint32_t>("out");
        for (unsigned i = 0; i < 64; ++i) {
          INFO("word " << i);
          CHECK(out[i] == at(16 + static_cast<int>(i % 8), 4 + static_cast<int>(i / 8 % 4),
                             2 + static_cast<int>(i / 32), 0, false));
        }
      }
      {
        // element strides 2, 3, 1: box 8 x 6 x 2 holds 4 x 2 x 2 elements, x = -4 + 2k, y = 1 + 3k, z = 1 + k;
        // float tensor, NaN fill.
        const auto r = tmax::run("tma-3d-strides", tmax::load_kernel(3), 1, 64,
                                 tmax::load_args(R"({"buffer": "F", "dtype": "float32", "dims": [20, 6, 3],
                                                     "strides": [80, 480], "box": [8, 6, 2],
                                                     "element_strides": [2, 3, 1], "oob_fill": "nan"})",
                                                 16, -4, 1, 1),
                                 kBuffers, timed, model);
        const auto out = r.as<std::uint32_t>("out");
        for (unsigned i = 0; i < 16; ++i) {
          INFO("word " << i);
          CHECK(out[i] == at(-4 + 2 * static_cast<int>(i % 4), 1 + 3 * static_cast<int>(i / 4 % 2),
                             1 + static_cast<int>(i / 8), 0x7ff77ff7u, true));
        }
      }
      {
        // 1-D: 12 elements at x = 12 of a 20-element row.
        const auto r = tmax::run("tma-1d", tmax::load_kernel(1), 1, 32,
                                 tmax::load_args(R"({"buffer": "A", "dtype": "uint32", "dims": [20], "box": [12]})",
                                                 12, 12, 0),
                                 kBuffers, timed, model);
        const auto out = r.as<std::uint32_t>("out");
        for (unsigned i = 0; i < 12; ++i) CHECK(out[i] == (12 + i < 20 ? 12 + i : 0u));
      }
    }
}

}  // namespace WARPSIM_UNITY_ID
