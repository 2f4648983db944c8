// Misuse of bulk and tensor copies, each a named error: at load, .cta_group (Blackwell's CTA pairs), im2col mode
// and tensormap.replace; at run time, a tensor map whose bytes do not decode (with the decoder's reason), a coordinate
// count other than the map's rank, a shared box not 128-byte aligned, a bulk size that is not a multiple of 16, an
// mbarrier not initialized, and a .shared::cluster destination outside the CTA's own shared memory.
#include "tma_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

const char* kBuffers = R"("A": {"type": "u32", "count": 4096, "init": "iota"},
                          "out": {"type": "u32", "count": 4096, "init": "zero"})";
const char* kMap2d = R"({"buffer": "A", "dtype": "uint32", "dims": [64, 64], "strides": [256], "box": [16, 8]})";

// The part of a fault message after "CTA (...) ... at k.ptx:LINE: " and before "\n  in: ...".
std::string what(const std::string& e) {
  const auto at = e.find(": ", e.find("k.ptx:"));
  const auto end = e.find("\n  in:");
  return at == std::string::npos ? e : e.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
}

// A one-thread kernel k(.param .u64 out) around `body`, with a 1024-byte shared buffer `buf` and an mbarrier `bar`.
std::string kernel(const std::string& body) {
  return simt::header() + R"(
.visible .entry k(.param .u64 out)
{
  .reg .b16 %rs<4>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .shared .align 128 .b8 buf[1024];
  .shared .align 8 .b64 bar;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, buf;
  mov.u32 %r2, bar;
)" + body + R"(
  ret;
}
)";
}

std::string load_error(const std::string& body) {
  return tmax::error_of("bulk-err", kernel(body), R"({"buffer": "out"})", kBuffers);
}

}  // namespace

TEST_CASE("674 bulk and tensor copies that need clusters or other modes are refused at load", "[simt][tma]") {
  CHECK(load_error("  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster."
                   "cta_group::2 [%r1], [%rd1, {%r3, %r3}], [%r2], %rs1;")
            .find("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster."
                  "cta_group::2: .cta_group (Blackwell's CTA pairs) is not supported") != std::string::npos);
  CHECK(load_error("  cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%r1], "
                   "[%rd1, {%r3, %r3, %r3}], [%r2], {%rs1};")
            .find(".im2col tensor copies are not supported (tile mode only)") != std::string::npos);
  CHECK(load_error("  tensormap.replace.tile.global_address.global.b1024.b64 [%rd1], %rd1;")
            .find("tensormap.replace (rewriting a tensor map in memory) is not supported") != std::string::npos);
  CHECK(load_error("  cp.async.bulk.global.shared::cta.mbarrier::complete_tx::bytes [%rd1], [%r1], 16, [%r2];")
            .find("a copy to .global completes with .bulk_group, one to shared memory with "
                  ".mbarrier::complete_tx::bytes") != std::string::npos);
}

TEST_CASE("674 tensor maps that do not decode or do not match the instruction are faults", "[simt][tma]") {
  // 128 zero bytes: no tensor map.
  const std::string zeros = tmax::error_of(
      "tma-err-zero", tmax::load_kernel(2),
      R"({"bytes": {"size": 128, "align": 64, "init": "zero"}}, {"buffer": "out"}, {"u32": 128}, {"s32": 0},
         {"s32": 0}, {"s32": 0}, {"u32": 512})",
      kBuffers);
  CHECK(what(zeros) == "cp.async.bulk.tensor: the tensor map at 0x300000000000: the 128 bytes are not a valid warpsim tensor map: "
                        "its first word is 0x00000000, not the magic 0x4d545357 (\"WSTM\"); was it written by warpsim from a "
                        "run config's tensor_map?");
  // A 3-D map given to a .2d copy.
  const std::string rank = tmax::error_of(
      "tma-err-rank", tmax::load_kernel(2),
      tmax::load_args(R"({"buffer": "A", "dtype": "uint32", "dims": [16, 16, 16], "strides": [64, 1024],
                          "box": [16, 8, 1]})",
                      128, 0, 0),
      kBuffers);
  CHECK(what(rank) == "cp.async.bulk.tensor gives 2 coordinates for a rank-3 tensor map");
  // The shared box at buf + 64: not 128-byte aligned.
  const std::string align = tmax::error_of("tma-err-align", tmax::load_kernel(2, 64), tmax::load_args(kMap2d, 128, 0, 0),
                                           kBuffers);
  CHECK(what(align) == "cp.async.bulk.tensor's shared-memory address 0x40 is not 128-byte aligned (the PTX ISA requires it of tensor "
                        "copies)");
}

TEST_CASE("674 bulk copies with a bad size, no mbarrier or another CTA's shared memory are faults", "[simt][bulk]") {
  CHECK(what(load_error("  mov.u32 %r3, 100;\n  mbarrier.init.shared.b64 [%r2], 1;\n"
                        "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], %r3, [%r2];")) ==
        "cp.async.bulk's size 100 is not a multiple of 16");
  CHECK(what(load_error("  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r1], [%rd1], 64, [%r2];")) ==
        "cp.async.bulk's mbarrier at shared 0x400 is not an initialized mbarrier (used before mbarrier.init, or after "
        "mbarrier.inval)");
  CHECK(what(load_error("  mbarrier.init.shared.b64 [%r2], 1;\n  add.u32 %r4, %r1, 65536;\n"
                        "  cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r4], [%rd1], 64, [%r2];")) ==
        "cp.async.bulk's destination [0x10000, 0x10040) is not in this CTA's 1040 bytes of shared memory (another "
        "CTA's shared memory in the cluster needs clusters, which are not supported yet)");
}

}  // namespace WARPSIM_UNITY_ID
