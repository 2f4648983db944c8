// Global memory is initialised page by page as kernels touch it: a 1 TiB buffer (the fuzz finding
// tests/data/fuzz-findings/buffer-1tib, which used to end in bad_alloc) runs and costs only the pages touched,
// untouched elements read back (and dump) as their init values, and a run that would touch more than the memory
// budget stops with an error naming the thread, the page and the buffer.
#include "simt_util.hpp"

#include <warpsim/config/run_config.hpp>

#include <cstring>
#include <sstream>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

// Every thread stores its tid to out[tid * stride]; `count` u32 elements with a random init.
std::string stride_config(const std::string& dir, unsigned stride, std::uint64_t count) {
  std::ofstream(dir + "/k.ptx") << simt::header() << R"(.visible .entry k(.param .u64 out) {
  .reg .b32 %r<3>;
  .reg .b64 %rd<5>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  mul.lo.u32 %r2, %r1, )" << stride
                                << R"(;
  mul.wide.u32 %rd2, %r2, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r1;
  ret;
}
)";
  std::ofstream(dir + "/run.json") << fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32,
           "args": [{{"buffer": "out"}}], "registers": 16}}],
          "buffers": {{"out": {{"type": "u32", "count": {}, "init": {{"random": {{"seed": 5, "min": 0, "max": 1000}}}}}}}}}})",
      count);
  return dir + "/run.json";
}

}  // namespace

TEST_CASE("657 a 1 TiB buffer runs and costs only the pages touched", "[simt][memory]") {
  warpsim::sim::RunOptions opts;
  opts.functional_only = false;
  const auto r = warpsim::sim::run_file(
      std::string(WARPSIM_SOURCE_DIR) + "/tests/data/fuzz-findings/buffer-1tib/config.json", opts);
  REQUIRE(r.kernels.size() == 2);
  CHECK(r.kernels[0].ctas == 1);
  CHECK(r.memory->region("out")->size == std::uint64_t{1} << 40);
  CHECK(r.memory->resident_bytes() <= 4 * warpsim::func::GlobalMemory::kPageSize);
  std::vector<std::byte> tail(16);
  r.read_buffer(0, (std::uint64_t{1} << 40) - 16, 16, tail.data());
  CHECK(tail == std::vector<std::byte>(16));
}

TEST_CASE("657 untouched elements read and dump as their init values", "[simt][memory]") {
  const std::string dir = simt::temp_dir("lazy");
  const std::uint64_t count = 1 << 20;  // 4 MiB: 64 pages
  warpsim::sim::RunOptions opts;
  opts.functional_only = true;
  const auto r = warpsim::sim::run_file(stride_config(dir, 1, count), opts);
  CHECK(r.memory->resident_bytes() == warpsim::func::GlobalMemory::kPageSize);
  std::vector<std::uint32_t> want(count);
  const std::vector<std::byte> init = warpsim::config::init_buffer(r.config.buffers[0]);
  std::memcpy(want.data(), init.data(), init.size());
  for (std::uint32_t t = 0; t < 32; ++t) want[t] = t;
  CHECK(r.as<std::uint32_t>("out") == want);
  warpsim::config::dump_buffers(
      dir + "/dump", r.config.buffers,
      [&r](std::size_t i, std::uint64_t off, std::uint64_t n, std::byte* out) { r.read_buffer(i, off, n, out); });
  std::ifstream in(dir + "/dump/out.bin", std::ios::binary);
  std::vector<std::uint32_t> dumped(count);
  in.read(reinterpret_cast<char*>(dumped.data()), static_cast<std::streamsize>(count * 4));
  CHECK(in.gcount() == static_cast<std::streamsize>(count * 4));
  CHECK(dumped == want);
  std::stringstream json;
  json << std::ifstream(dir + "/dump/buffers.json").rdbuf();
  CHECK(json.str().find(warpsim::config::sha256_hex(want.data(), count * 4)) != std::string::npos);
}

TEST_CASE("657 touching more than the memory budget stops the run naming the thread and the page", "[simt][memory]") {
  const std::string dir = simt::temp_dir("budget");
  for (const bool timed : {false, true}) {
    INFO((timed ? "timing model" : "--functional"));
    warpsim::sim::RunOptions opts;
    opts.functional_only = !timed;
    opts.memory_budget = warpsim::func::GlobalMemory::kPageSize;
    try {
      warpsim::sim::run_file(stride_config(dir, 16384, 16384 * 32), opts);
      FAIL("the run finished");
    } catch (const warpsim::Error& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(e.kind() == warpsim::ErrorKind::Execution);
      CHECK(msg.find("CTA (0,0,0) warp 0 lane 1 (thread (1,0,0)) at " + dir +
                     "/k.ptx:12: global memory budget "
                     "exceeded: initialising the 64 KiB page at 0x") != std::string::npos);
      CHECK(msg.find(" of 'out' would make 131072 bytes of simulated global memory resident, over the budget of "
                     "65536 bytes (--memory-budget BYTES") != std::string::npos);
    }
  }
}

}  // namespace WARPSIM_UNITY_ID
