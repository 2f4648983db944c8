// `warpsim instrument`: the instrumented copy of a kernel computes the same results, and records for every
// warp of the grid a start and end time (%globaltimer) and its SM; kernels without parameters and guarded
// returns are instrumented too.
#include <warpsim/common/error.hpp>
#include <warpsim/ptx/parser.hpp>
#include <warpsim/sim/instrument.hpp>
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {
std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("warpsim-instr-{}-{}", name, ::getpid());
  std::filesystem::create_directories(dir);
  return dir.string();
}
}  // namespace

TEST_CASE("an instrumented run config gives the same results and one record per warp", "[instrument]") {
  const std::string src = std::string(WARPSIM_SOURCE_DIR) + "/traces/reduce/reduce.json";
  const std::string cfg = warpsim::sim::instrument_run_config(src, temp_dir("reduce"));
  const auto plain = warpsim::sim::run_file(src);
  const auto inst = warpsim::sim::run_file(cfg);
  for (const auto& b : plain.config.buffers) CHECK(inst.buffer(b.name) == plain.buffer(b.name));
  REQUIRE(inst.config.kernels.size() == 2);
  for (std::size_t k = 0; k < 2; ++k) {
    const auto& spec = inst.config.kernels[k];
    CHECK(spec.args.back().buffer == fmt::format("warpsim_trace_{}", k));
    const auto recs =
        warpsim::sim::decode_trace(inst.buffer(fmt::format("warpsim_trace_{}", k)), spec.grid, spec.block);
    REQUIRE(recs.size() == spec.grid.volume() * 8);  // 256 threads = 8 warps per CTA
    for (const auto& r : recs) {
      INFO("CTA " << r.cta << " warp " << r.warp);
      CHECK(r.start > 0);
      CHECK(r.end >= r.start);
      CHECK(r.smid == recs[r.cta * 8].smid);  // a CTA never leaves its SM
    }
  }
}

TEST_CASE("kernels without parameters and with guarded returns are instrumented", "[instrument]") {
  const std::string ptx = R"(.version 9.0
.target sm_90a
.address_size 64
.visible .entry k()
{
  .reg .pred %p<2>;
  .reg .b32 %r<2>;
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 16;
  @%p1 ret;
  ret;
}
)";
  const std::string out = warpsim::sim::instrument_ptx(ptx, "k.ptx", "k");
  CHECK(out.find(".visible .entry k(\n\t.param .u64 warpsim_trace\n)") != std::string::npos);
  // Before the guarded return, the lowest lane taking it is elected by a ballot of the guard.
  CHECK(out.find("\tvote.sync.ballot.b32 %wsim_e1, %p1, %wsim_e0;\n") != std::string::npos);
  CHECK(out.find("\t@%wsim_q0 atom.global.max.u64 %wsim_rd4, [%wsim_rd1+8], %wsim_rd3;\n  @%p1 ret;") !=
        std::string::npos);
  // Before the plain return, every active lane takes it.
  CHECK(out.find("\tmov.b32 %wsim_e1, %wsim_e0;\n") != std::string::npos);
  CHECK(out.find("\t@%wsim_q0 atom.global.max.u64 %wsim_rd4, [%wsim_rd1+8], %wsim_rd3;\n  ret;") != std::string::npos);
  const auto parsed = warpsim::ptx::parse(out, "k.instrumented.ptx");
  INFO(parsed.format_errors());
  CHECK(parsed.ok());
  CHECK_THROWS_WITH(warpsim::sim::instrument_ptx(ptx, "k.ptx", "nope"),
                    Catch::Contains("no kernel (.entry) named 'nope'"));
}

}  // namespace WARPSIM_UNITY_ID
