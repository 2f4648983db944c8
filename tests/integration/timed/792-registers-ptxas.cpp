// Registers per thread for the timing model: ptxas's count for the kernel's .target (needs the CUDA
// toolkit's ptxas, which every machine of this project has), cached on disk, or the run config's
// "registers", which overrides ptxas.
#include <warpsim/sim/ptxas.hpp>
#include <warpsim/sim/simulation.hpp>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;

const std::string kPtx = std::string(WARPSIM_SOURCE_DIR) + "/traces/vecadd/vecadd.sm_90a.ptx";

// A run config for vecadd on h200 in a fresh folder; `extra` goes into the kernel object.
std::string write_config(const fs::path& dir, const std::string& extra) {
  fs::create_directories(dir);
  const std::string path = (dir / "run.json").string();
  std::ofstream(path) << R"({"gpu": "h200",
    "buffers": {"a": {"type": "f32", "count": 1000, "init": "iota"}, "b": {"type": "f32", "count": 1000, "init": "iota"},
                "c": {"type": "f32", "count": 1000}},
    "kernels": [{"ptx": ")" + kPtx +
                             R"(", "entry": "vecadd", "grid": 4, "block": 256)" + extra + R"(,
                 "args": [{"buffer": "a"}, {"buffer": "b"}, {"buffer": "c"}, {"s32": 1000}]}]})";
  return path;
}

// What ptxas itself says, read without warpsim's parser.
unsigned ptxas_registers() {
  const std::string exe = warpsim::sim::find_ptxas();
  REQUIRE(!exe.empty());
  FILE* p = popen((exe + " -arch=sm_90a -v " + kPtx + " -o /dev/null 2>&1").c_str(), "r");
  REQUIRE(p != nullptr);
  std::string out;
  char buf[1024];
  while (const std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  pclose(p);
  std::smatch m;
  REQUIRE(std::regex_search(out, m, std::regex(R"(Used (\d+) registers)")));
  return static_cast<unsigned>(std::stoul(m[1]));
}

}  // namespace

TEST_CASE("vecadd's registers come from ptxas, then from the cache") {
  const fs::path dir = fs::temp_directory_path() / fmt::format("warpsim-792-{}", ::getpid());
  fs::remove_all(dir);
  setenv("WARPSIM_CACHE", (dir / "cache").c_str(), 1);
  warpsim::sim::RunOptions timed;
  timed.functional_only = false;
  const std::string cfg = write_config(dir, "");
  const auto first = warpsim::sim::run_file(cfg, timed);
  const auto second = warpsim::sim::run_file(cfg, timed);
  unsetenv("WARPSIM_CACHE");
  const unsigned regs = ptxas_registers();
  REQUIRE(first.kernels.size() == 1);
  CHECK(first.kernels[0].registers_per_thread == regs);
  CHECK(second.kernels[0].registers_per_thread == regs);
  CHECK(std::regex_match(first.kernels[0].registers_source, std::regex(R"(ptxas \d+\.\d+)")));
  CHECK(second.kernels[0].registers_source == first.kernels[0].registers_source + " (cached)");
  CHECK(first.kernels[0].stats.at("launch__registers_per_thread") == regs);
  CHECK(first.kernels[0].cycles == second.kernels[0].cycles);
  fs::remove_all(dir);
}

TEST_CASE("the run config's registers override ptxas") {
  const fs::path dir = fs::temp_directory_path() / fmt::format("warpsim-721b-{}", ::getpid());
  fs::remove_all(dir);
  warpsim::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = warpsim::sim::run_file(write_config(dir, R"(, "registers": 200)"), timed);
  CHECK(r.kernels[0].registers_per_thread == 200);
  CHECK(r.kernels[0].registers_source == "run config");
  // 200 registers x 32 = 6400 per warp, 2 warps per sub-partition of 16384: one CTA of 8 warps per SM
  CHECK(r.kernels[0].stats.at("launch__occupancy_limit_registers") == 1);
  fs::remove_all(dir);
}

TEST_CASE("ptxas output: registers and shared memory per entry, device functions skipped") {
  const auto k = warpsim::sim::parse_ptxas_output(
      "ptxas info    : Compiling entry function 'a' for 'sm_90a'\n"
      "ptxas info    : Function properties for a\n"
      "ptxas info    : Used 30 registers, used 1 barriers, 512 bytes smem\n"
      "ptxas info    : Function properties for helper\n"
      "ptxas info    : Compiling entry function 'b' for 'sm_90a'\n"
      "ptxas info    : Used 8 registers, used 0 barriers\n");
  REQUIRE(k.size() == 2);
  CHECK(k.at("a").registers == 30);
  CHECK(k.at("a").static_smem == 512);
  CHECK(k.at("b").registers == 8);
  CHECK(k.at("b").static_smem == 0);
}

}  // namespace WARPSIM_UNITY_ID
