// Helpers for the .multicast::cluster tests: a kernel in which every CTA of a cluster of n multicasts its slice of a
// 1024-byte tile (rows [r * 16/n, (r+1) * 16/n) of a 16-row block of 64-byte rows) to the CTAs of a ctaMask, in two
// rounds (tile rows 0-15, then 16-31), with a 1-D bulk copy or a 2-D tensor copy; the CTAs the mask names wait on
// their own mbarrier (phase `round`) and copy the whole tile and the mbarrier's 8 bytes to global memory. The
// buffers: A (512 u32, iota + 1000), out (zeroed, out_words(grid) u32).
#pragma once

#include "simt_util.hpp"

#include <string>

namespace mcastx {

constexpr unsigned kTileWords = 256;

// out: per CTA (%ctaid.x) and round the tile's 256 words at (cta * 2 + round) * 256, then per CTA and round the
// mbarrier's two words at grid * 512 + (cta * 2 + round) * 2.
inline unsigned out_words(unsigned grid) { return grid * 2 * kTileWords + grid * 4; }

// `copy` is the multicast instruction; %r12 holds its shared destination, %rd6 the global source of a bulk copy,
// %r10 its size, %rd7 the tensor map's address, %r13/%r14 the box's coordinates, %r6 the mbarrier, %rs1 the mask.
inline std::string kernel(const std::string& copy) {
  return simt::header() + R"(
.visible .entry k(.param .align 64 .b8 map[128], .param .u64 src, .param .u64 out, .param .u32 mask)
{
  .reg .pred %p<8>;
  .reg .b16 %rs<4>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<20>;
  .shared .align 1024 .b8 buf[1024];
  .shared .align 8 .b64 bar;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  mov.u32 %r3, %cluster_nctarank;
  ld.param.u64 %rd1, [src];
  ld.param.u64 %rd2, [out];
  ld.param.u32 %r4, [mask];
  cvt.u16.u32 %rs1, %r4;
  mov.u32 %r5, buf;
  mov.u32 %r6, bar;
  mov.b64 %rd8, map;
  cvta.param.u64 %rd7, %rd8;
  mov.u32 %r20, %ctaid.x;
  mov.u32 %r21, %nctaid.x;
  shr.u32 %r8, %r4, %r2;
  and.b32 %r8, %r8, 1;
  setp.ne.u32 %p2, %r8, 0;
  setp.eq.u32 %p1, %r1, 0;
  @!%p1 bra SYNC0;
  mbarrier.init.shared::cta.b64 [%r6], 1;
  fence.mbarrier_init.release.cluster;
SYNC0:
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  mov.u32 %r7, 0;
ROUND:
  @!%p1 bra WAIT;
  @!%p2 bra ISSUE;
  mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r6], 1024;
ISSUE:
  mov.u32 %r9, 1024;
  div.u32 %r10, %r9, %r3;
  mul.lo.u32 %r11, %r10, %r2;
  add.u32 %r12, %r5, %r11;
  mul.lo.u32 %r15, %r7, 1024;
  add.u32 %r15, %r15, %r11;
  cvt.u64.u32 %rd4, %r15;
  add.s64 %rd6, %rd1, %rd4;
  mov.u32 %r13, 0;
  shr.u32 %r14, %r11, 6;
  mad.lo.u32 %r14, %r7, 16, %r14;
  )" + copy + R"(;
WAIT:
  @!%p2 bra NEXT;
  and.b32 %r16, %r7, 1;
LOOP:
  mbarrier.try_wait.parity.shared::cta.b64 %p4, [%r6], %r16;
  @!%p4 bra LOOP;
  mad.lo.u32 %r17, %r20, 2, %r7;
  mov.u32 %r18, %r1;
COPY:
  shl.b32 %r19, %r18, 2;
  add.u32 %r22, %r5, %r19;
  ld.shared.u32 %r23, [%r22];
  mad.lo.u32 %r24, %r17, 256, %r18;
  mul.wide.u32 %rd9, %r24, 4;
  add.s64 %rd10, %rd2, %rd9;
  st.global.u32 [%rd10], %r23;
  add.u32 %r18, %r18, 32;
  setp.lt.u32 %p5, %r18, 256;
  @%p5 bra COPY;
  @!%p1 bra NEXT;
  ld.shared.u64 %rd11, [%r6];
  mul.lo.u32 %r25, %r21, 512;
  mad.lo.u32 %r25, %r17, 2, %r25;
  mul.wide.u32 %rd12, %r25, 4;
  add.s64 %rd13, %rd2, %rd12;
  st.global.u64 [%rd13], %rd11;
NEXT:
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  add.u32 %r7, %r7, 1;
  setp.lt.u32 %p6, %r7, 2;
  @%p6 bra ROUND;
  ret;
}
)";
}

inline const char* kBulk =
    "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster [%r12], [%rd6], %r10, "
    "[%r6], %rs1";
inline const char* kTensor =
    "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [%r12], "
    "[%rd7, {%r13, %r14}], [%r6], %rs1";

// Runs `ptx` as `grid` CTAs of 32 threads in clusters of `cluster`, the map's box 16 words by 16 / cluster rows.
inline warpsim::sim::RunResult run(const std::string& name, const std::string& ptx, unsigned grid, unsigned cluster,
                                   unsigned mask, bool timed, const std::string& reconvergence = "independent") {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  const unsigned rows = cluster <= 16 ? std::max(16 / cluster, 1u) : 1;
  const std::string cfg = fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": {}, "block": 32, "cluster": {},
           "registers": 32, "args": [
             {{"tensor_map": {{"buffer": "A", "dtype": "uint32", "dims": [16, 32], "strides": [64], "box": [16, {}]}}}},
             {{"buffer": "A"}}, {{"buffer": "out"}}, {{"u32": {}}}]}}],
          "buffers": {{"A": {{"type": "u32", "count": 512, "init": {{"values": [{}]}}}},
                       "out": {{"type": "u32", "count": {}, "init": "zero"}}}}}})",
      grid, cluster, rows, mask,
      [] {
        std::string v;
        for (unsigned i = 0; i < 512; ++i) v += fmt::format("{}{}", i == 0 ? "" : ", ", 1000 + i);
        return v;
      }(),
      out_words(grid));
  std::ofstream(dir + "/run.json") << cfg;
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + reconvergence, "compiler.schedule=0"};
  opts.functional_only = !timed;
  return warpsim::sim::run_file(dir + "/run.json", opts);
}

// The message of the error a run throws ("" if it does not).
inline std::string error_of(const std::string& name, const std::string& ptx, unsigned grid, unsigned cluster,
                            unsigned mask, bool timed = false) {
  try {
    run(name, ptx, grid, cluster, mask, timed);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "";
}

}  // namespace mcastx
