// Helpers for the bulk-copy and TMA tests: run a hand-written PTX kernel k on the H200 model as written
// (compiler.schedule=0) with the buffers and arguments given as run-config JSON, functionally or timed, under either
// reconvergence model, with --racecheck if asked; and the 2-D/3-D tile-load kernel those tests share.
#pragma once

#include "simt_util.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tmax {

inline warpsim::sim::RunResult run(const std::string& name, const std::string& ptx, unsigned grid, unsigned block,
                                   const std::string& args, const std::string& buffers, bool timed,
                                   const std::string& reconvergence = "independent", bool racecheck = false) {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  const std::string cfg = fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": {}, "block": {}, "registers": 32,
           "args": [{}]}}], "buffers": {{{}}}}})",
      grid, block, args, buffers);
  std::ofstream(dir + "/run.json") << cfg;
  warpsim::sim::RunOptions opts;
  opts.gpu_overrides = {"sm.reconvergence=" + reconvergence, "compiler.schedule=0"};
  opts.functional_only = !timed;
  opts.racecheck = racecheck;
  return warpsim::sim::run_file(dir + "/run.json", opts);
}

// The message of the error a run throws ("" if it does not).
inline std::string error_of(const std::string& name, const std::string& ptx, const std::string& args,
                            const std::string& buffers, bool timed = false) {
  try {
    run(name, ptx, 1, 32, args, buffers, timed);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "";
}

// k(.param .align 64 .b8 map[128], .param .u64 out, .param .u32 words, .param .s32 c0, c1, c2, .param .u32 tx):
// fills `words` words of a 1024-byte-aligned shared buffer with 0xdeadbeef (kMarker), thread 0 loads the box at
// (c0, c1[, c2]) with cp.async.bulk.tensor.<rank>d into it (offset `dst` bytes) on an mbarrier expecting tx bytes
// (the box's bytes, which a narrow swizzled box's shared footprint exceeds), every thread waits for phase 0, and
// the CTA copies the words to out.
inline constexpr std::uint32_t kMarker = 0xdeadbeef;

inline std::string load_kernel(unsigned rank, unsigned dst = 0) {
  const std::string coords = rank == 1 ? "%r11" : rank == 2 ? "%r11, %r12" : "%r11, %r12, %r13";
  return simt::header() + fmt::format(R"(
.visible .entry k(.param .align 64 .b8 map[128], .param .u64 out, .param .u32 words, .param .s32 c0,
                  .param .s32 c1, .param .s32 c2, .param .u32 tx)
{{
  .reg .pred %p<4>;
  .reg .b32 %r<32>;
  .reg .b64 %rd<16>;
  .shared .align 1024 .b8 buf[20480];
  .shared .align 8 .b64 bar;
  mov.u32 %r1, %tid.x;
  mov.u32 %r8, %ntid.x;
  ld.param.u32 %r2, [words];
  mov.u32 %r3, buf;
  mov.u32 %r4, %r1;
FILL:
  setp.ge.u32 %p1, %r4, %r2;
  @%p1 bra FILLED;
  shl.b32 %r5, %r4, 2;
  add.u32 %r6, %r3, %r5;
  mov.u32 %r7, 0xdeadbeef;
  st.shared.u32 [%r6+{0}], %r7;
  add.u32 %r4, %r4, %r8;
  bra FILL;
FILLED:
  bar.sync 0;
  mov.u32 %r9, bar;
  setp.ne.u32 %p2, %r1, 0;
  @%p2 bra WAIT;
  mbarrier.init.shared.b64 [%r9], 1;
  ld.param.u32 %r10, [tx];
  mbarrier.arrive.expect_tx.shared.b64 %rd1, [%r9], %r10;
  ld.param.s32 %r11, [c0];
  ld.param.s32 %r12, [c1];
  ld.param.s32 %r13, [c2];
  mov.b64 %rd2, map;
  cvta.param.u64 %rd3, %rd2;
  add.u32 %r14, %r3, {0};
  cp.async.bulk.tensor.{1}d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r14], [%rd3, {{{2}}}], [%r9];
WAIT:
  bar.sync 0;
LOOP:
  mbarrier.try_wait.parity.shared.b64 %p3, [%r9], 0;
  @!%p3 bra LOOP;
  ld.param.u64 %rd4, [out];
  mov.u32 %r4, %r1;
COPY:
  setp.ge.u32 %p1, %r4, %r2;
  @%p1 bra DONE;
  shl.b32 %r5, %r4, 2;
  add.u32 %r6, %r3, %r5;
  ld.shared.u32 %r7, [%r6+{0}];
  mul.wide.u32 %rd5, %r4, 4;
  add.s64 %rd6, %rd4, %rd5;
  st.global.u32 [%rd6], %r7;
  add.u32 %r4, %r4, %r8;
  bra COPY;
DONE:
  ret;
}}
)",
                                      dst, rank, coords);
}

// The arguments of load_kernel: a tensor map (JSON), the words to copy out, the box's coordinates and its bytes
// (0: words * 4).
inline std::string load_args(const std::string& map, unsigned words, int c0, int c1, int c2 = 0, unsigned tx = 0) {
  return fmt::format(R"({{"tensor_map": {}}}, {{"buffer": "out"}}, {{"u32": {}}}, {{"s32": {}}}, {{"s32": {}}},
                        {{"s32": {}}}, {{"u32": {}}})",
                     map, words, c0, c1, c2, tx != 0 ? tx : words * 4);
}

// The first `words` words of shared memory after the TMA laid a box with rows of `row` bytes out as the H200 does:
// `logical(lb)` gives the 4-byte word at logical byte lb of the dense box. Without a swizzle the rows are packed;
// with a swizzle of `span` bytes each row starts a new span (a narrower row leaves the rest of its span as it was,
// kMarker) and 16-byte chunks move by address bits 7.. XORed into bits 4.. (the buffer is 1024-byte aligned, so
// relative and absolute bits agree; the XOR is its own inverse).
template <class F>
std::vector<std::uint32_t> swizzled(unsigned words, unsigned span, unsigned row, F&& logical) {
  std::vector<std::uint32_t> out(words);
  for (unsigned w = 0; w < words; ++w) {
    const unsigned b = 4 * w;
    if (span == 0) {
      out[w] = logical(b);
      continue;
    }
    const unsigned p = b ^ ((b >> 3) & ((span / 16 - 1) << 4));
    out[w] = p % span < row ? logical(p / span * row + p % span) : kMarker;
  }
  return out;
}

}  // namespace tmax
