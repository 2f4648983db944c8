// setmaxnreg: a warp-specialized CTA of three warpgroups launched with 168 registers per thread (the pool: 168 x 384)
// where warpgroups 0 and 1 raise theirs to 232 before warpgroup 2 lowers its own to 40 (CUTLASS's split: 2 x 232 x
// 128 + 40 x 128 is the pool exactly): the raises wait for the lower, functional and timed, and every thread gets
// past; raising to 240 never fits (a deadlock naming the wait); lowering above the current count and a count that is
// not a multiple of 8 are errors.
#include "simt_util.hpp"

#include <filesystem>
#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string kernel(unsigned inc, unsigned dec) {
  return simt::header() + fmt::format(R"(
.visible .entry k(.param .u64 out)
{{
  .reg .pred %p<4>;
  .reg .b32 %r<20>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  shr.u32 %r2, %r1, 7;
  setp.eq.u32 %p1, %r2, 2;
  @%p1 bra PRODUCER;
  setmaxnreg.inc.sync.aligned.u32 {};
  mov.u32 %r3, 1;
  bra.uni DONE;
PRODUCER:
  mov.u32 %r4, 0;
SPIN:
  add.u32 %r4, %r4, 1;
  setp.lt.u32 %p2, %r4, 200;
  @%p2 bra SPIN;
  setmaxnreg.dec.sync.aligned.u32 {};
  mov.u32 %r3, 2;
DONE:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
  ret;
}}
)", inc, dec);
}

warpsim::sim::RunResult run(const std::string& name, const std::string& ptx, bool functional) {
  const std::string dir = simt::temp_dir(name);
  std::ofstream(dir + "/k.ptx") << ptx;
  std::ofstream(dir + "/run.json") << R"({"gpu": "h200", "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1,
      "block": 384, "registers": 168, "args": [{"buffer": "out"}]}],
      "buffers": {"out": {"type": "u32", "count": 384, "init": "zero"}}})";
  warpsim::sim::RunOptions opts;
  opts.functional_only = functional;
  opts.no_progress_limit = 20000;
  return warpsim::sim::run_file(dir + "/run.json", opts);
}

std::string error_of(const std::string& name, const std::string& ptx) {
  try {
    run(name, ptx, true);
  } catch (const warpsim::Error& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("setmaxnreg.inc waits until setmaxnreg.dec frees the registers it needs", "[simt][setmaxnreg]") {
  for (const bool functional : {true, false}) {
    INFO((functional ? "functional" : "timed"));
    const auto r = run(functional ? "smr-f" : "smr-t", kernel(232, 40), functional);
    const auto out = r.as<std::uint32_t>("out");
    for (unsigned t = 0; t < 384; ++t) {
      INFO("thread " << t);
      CHECK(out[t] == (t >= 256 ? 2u : 1u));
    }
  }
}

TEST_CASE("setmaxnreg names what breaks its rules", "[simt][setmaxnreg]") {
  std::string msg = error_of("smr-240", kernel(240, 40));
  INFO(msg);
  CHECK(msg.find("deadlock") != std::string::npos);
  CHECK(msg.find("wait for their registers (setmaxnreg.inc beyond the CTA's pool)") != std::string::npos);
  msg = error_of("smr-dec", kernel(232, 176));
  CHECK(msg.find("setmaxnreg.dec to 176 registers per thread, more than the warp's 168 (PTX ISA: undefined)") !=
        std::string::npos);
  msg = error_of("smr-odd", kernel(228, 40));
  CHECK(msg.find("setmaxnreg's register count must be a multiple of 8 in [24, 256], not 228") != std::string::npos);
}

}  // namespace WARPSIM_UNITY_ID
