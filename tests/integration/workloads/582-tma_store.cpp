// Workload test tma_store (traces/tma_store): the shared -> global direction of TMA, each result against a CPU
// reference written from the PTX ISA's description: a tensor store with 128B swizzle whose boxes hang over the
// tensor's right and bottom edges (elements outside are not written), a tensor .add reduction into f32 (one
// IEEE round-to-nearest addition per element), a tensor .min reduction into u32 with 64B swizzle, and a 1-D bulk
// .add.u32 reduction (wrapping). The probes of traces/tma_store/probe: a tensor reduction whose box starts at a
// negative coordinate faults, as it does on the H200; the same reductions inside the tensor run. Shared memory holds each box row-major, so a swizzled
// map reads 16-byte chunk c of row r from chunk c ^ (r's bits the mode uses): the CUTLASS Swizzle<B,4,3> pattern
// on the 1024-byte-aligned buffer (byte offset o reads from o ^ (((o >> 7) & mask) << 4), mask 7 for 128B, 3 for 64B).
// Timed on the H200 model as configured, functionally on B200 with the sm_100a PTX.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr int kW = 256, kH = 64, kCtas = 32;

// The word of a row-major box of `inner` u32 per row that a map with this swizzle mask reads for element (c, r).
std::uint32_t swizzled_word(int c, int r, int inner, unsigned mask) {
  const std::uint32_t o = static_cast<std::uint32_t>((r * inner + c) * 4);
  return (o ^ (((o >> 7) & mask) << 4)) / 4;
}

void check_run(const wl::sim::RunResult& r) {
  const auto& cfg = r.config;
  const auto srcu = wl::initial<std::uint32_t>(cfg, "srcu");
  const auto srcf = wl::initial<float>(cfg, "srcf");
  // Launch 1: store, 32 x 16 boxes at (i % 8 * 32 + 16, i / 8 * 16 + 8), 128B swizzle.
  auto st = wl::initial<std::uint32_t>(cfg, "Tst");
  int written = 0;
  for (int i = 0; i < kCtas; ++i)
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 32; ++x) {
        const int gx = i % 8 * 32 + 16 + x, gy = i / 8 * 16 + 8 + y;
        if (gx >= kW || gy >= kH) continue;
        st[static_cast<std::size_t>(gy * kW + gx)] = srcu[static_cast<std::size_t>(i * 512) + swizzled_word(x, y, 32, 7)];
        ++written;
      }
  CHECK(written == (256 - 16) * (64 - 8));
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "Tst"), st, "Tst");
  // Launch 2: f32 add, 32 x 16 boxes tiling the tensor, no swizzle.
  auto add = wl::initial<float>(cfg, "Tadd");
  for (int i = 0; i < kCtas; ++i)
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 32; ++x) {
        float& e = add[static_cast<std::size_t>((i / 8 * 16 + y) * kW + i % 8 * 32 + x)];
        e = e + srcf[static_cast<std::size_t>(i * 512 + y * 32 + x)];
      }
  // Launch 4 adds to flat, not to Tadd (its map is only a parameter there).
  wl::check_equal(wl::final_contents<float>(r, "Tadd"), add, "Tadd");
  // Launch 3: u32 min, 16 x 16 boxes at (i % 8 * 16 + 16, i / 8 * 16), 64B swizzle.
  auto mn = wl::initial<std::uint32_t>(cfg, "Tmin");
  for (int i = 0; i < kCtas; ++i)
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) {
        std::uint32_t& e = mn[static_cast<std::size_t>((i / 8 * 16 + y) * kW + i % 8 * 16 + 16 + x)];
        e = std::min(e, srcu[static_cast<std::size_t>(i * 256) + swizzled_word(x, y, 16, 3)]);
      }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "Tmin"), mn, "Tmin");
  // Launch 4: bulk add.u32 of each CTA's 512 words.
  auto flat = wl::initial<std::uint32_t>(cfg, "flat");
  for (std::size_t k = 0; k < flat.size(); ++k) flat[k] += srcu[k];
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "flat"), flat, "flat");
  wl::check_unchanged<std::uint32_t>(r, "srcu");
  wl::check_unchanged<float>(r, "srcf");
  wl::check_unchanged<std::uint32_t>(r, "flat_unused");
  for (std::size_t k = 0; k < 4; ++k) wl::check_launch(r, k, "tma_store", 32, 128);
}

}  // namespace

TEST_CASE("tma_store: tensor store, tensor add/min reductions, bulk reduction (H200, sm_90a PTX)", "[workloads]") {
  wl::sim::RunOptions timed;
  timed.functional_only = false;
  const auto r = wl::sim::run_file(wl::trace_json("tma_store"), timed);
  check_run(r);
  // One TMA store per CTA in launch 1, one reduction per CTA in the others (prefetches are not counted).
  CHECK(r.kernels[0].stats.at("sm__sass_inst_executed_op_tma_st.sum") == 32);
  for (std::size_t k = 1; k < 4; ++k) CHECK(r.kernels[k].stats.at("sm__sass_inst_executed_op_tma_red.sum") == 32);
  // Bytes written: the in-tensor elements only.
  CHECK(r.kernels[0].stats.at("l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_st.sum") == 240 * 56 * 4);
  CHECK(r.kernels[2].stats.at("l1tex__m_l1tex2xbar_write_bytes_mem_global_op_tma_red.sum") == 32 * 256 * 4);
}

TEST_CASE("tma_store probes: a tensor reduction starting at a negative coordinate faults, as on the H200",
          "[workloads]") {
  // traces/tma_store/probe/h200-faults.txt: FAULT for these four, ok for the other three.
  for (const char* name : {"add_64B_neg", "min_64B_xneg", "min_64B_yneg", "min_none_neg"}) {
    INFO(name);
    const std::string path = wl::trace_file("tma_store", std::string("probe/") + name + ".json");
    CHECK_THROWS_WITH(wl::sim::run_file(path),
                      Catch::Contains("starts before the tensor") && Catch::Contains("illegal instruction"));
  }
  for (const char* name : {"min_64B_00", "min_64B_x16", "min_none_00"}) {
    INFO(name);
    CHECK_NOTHROW(wl::sim::run_file(wl::trace_file("tma_store", std::string("probe/") + name + ".json")));
  }
}

TEST_CASE("tma_store on B200 (sm_100a PTX), functional", "[workloads]") {
  wl::sim::RunOptions opts;
  opts.functional_only = true;
  check_run(wl::run_b200("tma_store", opts));
}

}  // namespace WARPSIM_UNITY_ID
