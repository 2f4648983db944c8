// A tile-mode tensor copy whose box does not start 16-byte aligned in global memory is a fault naming the thread, the
// PTX line, the coordinates and the rule (PTX ISA, Tensors, Tiled Mode, Bounding Box: "The address of the bounding Box
// must also be aligned to 16 bytes"; the H200 raised an illegal instruction for a float32 box at x = 5 under the
// 128-byte swizzle and ran it at x = 4, traces/tma_swizzle). The map's address and strides are multiples of 16, so
// only the inner coordinate times the element size matters: float32 at x = 1, 2, 5 fault and x = 4 loads, with
// and without a swizzle; uint8 at x = 1 and 3 fault and x = 16 loads; a negative coordinate (x = -2 of a uint32 map,
// outside the tensor) faults too, and so does a tensor store. A prefetch is not checked (not measured).
// traces/tma_probe's align_* configs test the same launches on the GPU.
#include "tma_util.hpp"

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const char* kBuffers = R"("A": {"type": "u32", "count": 4096, "init": "iota"},
                          "out": {"type": "u32", "count": 4096, "init": "zero"})";

std::string map(const char* dtype, unsigned dim0, unsigned box0, const char* swizzle) {
  return fmt::format(R"({{"buffer": "A", "dtype": "{}", "dims": [{}, 16], "strides": [256], "box": [{}, 4],
                          "swizzle": "{}"}})",
                     dtype, dim0, box0, swizzle);
}

// The fault of a load of the 2-D box at (x, 1) (`bytes` bytes, `words` words of shared memory), or "" if it runs.
std::string load_fault(const std::string& m, int x, unsigned bytes, unsigned words, bool timed = false) {
  try {
    tmax::run("tma-align", tmax::load_kernel(2), 1, 32, tmax::load_args(m, words, x, 1, 0, bytes), kBuffers, timed);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "";
}

// The part of a fault message after "... at k.ptx:LINE: " and before "\n  in: ...".
std::string what(const std::string& e) {
  const auto at = e.find(": ", e.find("k.ptx:"));
  const auto end = e.find("\n  in:");
  return at == std::string::npos ? e : e.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
}

}  // namespace

TEST_CASE("677 a tensor load whose box is not 16-byte aligned in global memory is a fault", "[simt][tma]") {
  for (const bool timed : {false, true})
    for (const char* swizzle : {"none", "128B"}) {
      INFO((timed ? "timed " : "functional ") << swizzle);
      const std::string f32 = map("float32", 64, 16, swizzle);  // 64-byte rows
      const unsigned words = std::string(swizzle) == "none" ? 64 : 128;
      CHECK(load_fault(f32, 4, 256, words, timed).empty());
      for (const int x : {1, 2, 5}) {
        INFO("x " << x);
        CHECK(what(load_fault(f32, x, 256, words, timed)) ==
              fmt::format("cp.async.bulk.tensor's box at ({}, 1) is not 16-byte aligned in global memory: inner "
                          "coordinate {} of a float32 map is byte {} of a 16-byte block (the PTX ISA requires a "
                          "bounding box's address to be 16-byte aligned; the H200 raises an illegal instruction)",
                          x, x, 4 * x % 16));
      }
    }
  const std::string u8 = map("uint8", 256, 16, "none");
  CHECK(load_fault(u8, 16, 64, 16).empty());
  CHECK(what(load_fault(u8, 1, 64, 16)).starts_with("cp.async.bulk.tensor's box at (1, 1) is not 16-byte aligned in global "
                                                "memory: inner coordinate 1 of a uint8 map is byte 1 of a 16-byte block"));
  CHECK(what(load_fault(u8, 3, 64, 16)).find("is byte 3 of a 16-byte block") != std::string::npos);
  // Outside the tensor: x = -2 of a uint32 map is byte 8 of a block (its address is computed all the same).
  CHECK(what(load_fault(map("uint32", 64, 16, "none"), -2, 256, 64)).starts_with("cp.async.bulk.tensor's box at (-2, 1)"));
}

TEST_CASE("677 the alignment fault names the thread and the PTX line", "[simt][tma]") {
  const std::string e = load_fault(map("float32", 64, 16, "none"), 5, 256, 64);
  INFO(e);
  const std::string ptx = tmax::load_kernel(2);
  const auto line = 1 + std::count(ptx.begin(), ptx.begin() + static_cast<std::ptrdiff_t>(ptx.find("cp.async.bulk.tensor")), '\n');
  CHECK(e.find(fmt::format("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at {}/k.ptx:{}: cp.async.bulk.tensor's box at "
                           "(5, 1)",
                           simt::temp_dir("tma-align"), line)) != std::string::npos);
  CHECK(e.find("\n  in: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes") !=
        std::string::npos);
}

TEST_CASE("677 a tensor store from an unaligned box start is a fault as well", "[simt][tma]") {
  const std::string ptx = simt::header() + R"(
.visible .entry k(.param .align 64 .b8 map[128])
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  .shared .align 1024 .b8 buf[1024];
  mov.u32 %r3, buf;
  mov.b64 %rd2, map;
  cvta.param.u64 %rd3, %rd2;
  mov.u32 %r1, 6;
  mov.u32 %r2, 0;
  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd3, {%r1, %r2}], [%r3];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group 0;
  ret;
}
)";
  const std::string e = tmax::error_of("tma-align-store", ptx, R"({"tensor_map": )" + map("uint32", 64, 16, "none") + "}",
                                       kBuffers);
  CHECK(what(e) == "cp.async.bulk.tensor's box at (6, 0) is not 16-byte aligned in global memory: inner coordinate 6 of "
                   "a uint32 map is byte 8 of a 16-byte block (the PTX ISA requires a bounding box's address to be "
                   "16-byte aligned; the H200 raises an illegal instruction)");
}

}  // namespace WARPSIM_UNITY_ID
