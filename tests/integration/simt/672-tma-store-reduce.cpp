// cp.async.bulk.tensor.2d store (shared::cta -> global, .bulk_group) and cp.reduce.async.bulk.tensor.2d .add: a
// 16 x 8 box of a 64B-swizzled shared buffer goes to its place in a 10 x 40 uint32 tensor, only the elements
// inside the tensor (x 32..39 of 40, y 6..9 of 10) are written, each from the shared word the swizzle put it in;
// the reduction then adds the same words, so those elements hold twice their shared value and every other element
// keeps its initial value. wait_group.read 0 orders the two. The same with an 8 x 4 box under the 128-byte swizzle,
// whose rows the shared side holds at the span's pitch. Functional and timed.
#include "tma_util.hpp"

#include <utility>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const std::string kStoreReduce = simt::header() + R"(
.visible .entry k(.param .align 64 .b8 map[128])
{
  .reg .pred %p<4>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<8>;
  .shared .align 1024 .b8 buf[1024];
  mov.u32 %r1, %tid.x;
  mov.u32 %r3, buf;
  shl.b32 %r5, %r1, 2;
  add.u32 %r6, %r3, %r5;
  add.u32 %r7, %r1, 1000;
  st.shared.u32 [%r6], %r7;
  fence.proxy.async.shared::cta;
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  mov.b64 %rd2, map;
  cvta.param.u64 %rd3, %rd2;
  mov.u32 %r11, 32;
  mov.u32 %r12, 6;
  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd3, {%r11, %r12}], [%r3];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
  cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%rd3, {%r11, %r12}], [%r3];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
DONE:
  ret;
}
)";

}  // namespace

TEST_CASE("672 TMA tensor store and reduction write only the box's elements inside the tensor", "[simt][tma]") {
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    const auto r = tmax::run("tma-store", kStoreReduce, 1, 128,
                             R"({"tensor_map": {"buffer": "T", "dtype": "uint32", "dims": [40, 10], "strides": [160],
                                                "box": [16, 8], "swizzle": "64B"}})",
                             R"("T": {"type": "u32", "count": 400, "init": "iota"})", timed);
    const auto t = r.as<std::uint32_t>("T");
    // Shared word w holds 1000 + w; logical byte lb of the dense 16 x 8 box is at physical byte lb ^ ((lb >> 3) & 0x30).
    for (unsigned y = 0; y < 10; ++y)
      for (unsigned x = 0; x < 40; ++x) {
        INFO("x " << x << " y " << y);
        std::uint32_t want = y * 40 + x;
        if (x >= 32 && y >= 6) {
          const unsigned lb = ((y - 6) * 16 + (x - 32)) * 4;
          const unsigned pb = lb ^ ((lb >> 3) & 0x30);
          want = 2 * (1000 + pb / 4);
        }
        CHECK(t[y * 40 + x] == want);
      }
  }
}

TEST_CASE("672 TMA tensor store and reduction read a narrow swizzled box at the span's pitch", "[simt][tma]") {
  // An 8 x 4 uint32 box (32-byte rows) under the 128-byte swizzle at (36, 8) of the 40 x 10 tensor: the shared box's
  // row r is at byte 128 r, its chunk c at c XOR (r mod 8), as a load lays it out (670); x 36..39 and y 8..9 are
  // inside, the rest is skipped.
  std::string ptx = kStoreReduce;
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"mov.u32 %r11, 32;", "mov.u32 %r11, 36;"},
                                 {"mov.u32 %r12, 6;", "mov.u32 %r12, 8;"}})
    ptx.replace(ptx.find(from), from.size(), to);
  for (const bool timed : {false, true}) {
    INFO((timed ? "timed" : "functional"));
    const auto r = tmax::run("tma-store-narrow", ptx, 1, 128,
                             R"({"tensor_map": {"buffer": "T", "dtype": "uint32", "dims": [40, 10], "strides": [160],
                                                "box": [8, 4], "swizzle": "128B"}})",
                             R"("T": {"type": "u32", "count": 400, "init": "iota"})", timed);
    const auto t = r.as<std::uint32_t>("T");
    for (unsigned y = 0; y < 10; ++y)
      for (unsigned x = 0; x < 40; ++x) {
        INFO("x " << x << " y " << y);
        std::uint32_t want = y * 40 + x;
        if (x >= 36 && y >= 8) {
          const unsigned b = (y - 8) * 128 + (x - 36) * 4;
          const unsigned pb = b ^ ((b >> 3) & 0x70);
          want = 2 * (1000 + pb / 4);
        }
        CHECK(t[y * 40 + x] == want);
      }
  }
}

}  // namespace WARPSIM_UNITY_ID
