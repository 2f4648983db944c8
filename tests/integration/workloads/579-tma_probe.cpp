// Workload test tma_probe (traces/tma_probe): the probe launches for the H200 (not yet measured), checked against a
// CPU reference of what warpsim models.
//   tma_probe.json: four 2-D TMA loads of float16, bfloat16, float32 and float64 maps over A (u32 iota) with NaN
//   out-of-bounds fill; each box's 32 words of shared memory land in out[32 k ...]. The reference copies the in-tensor
//   elements' bytes from A and fills the others with the 16-bit pattern 0x7ff7 repeated (sm.tma_nan_fill_pattern:
//   measured 0x7ff77ff7 for float32, a hypothesis for the other sizes that the H200's dump will confirm or refute).
//   align_*.json: one load each at inner coordinate x0; a box whose first element is not 16-byte aligned in global
//   memory is a fault naming the coordinate and the rule, the aligned ones (float32 x0 = 4, uint8 x0 = 16) load as the
//   reference says (swizzle none: rows packed; 128B: 128-byte rows with chunk c of row r at c XOR (r mod 8)).
// Runs as configured (H200, sm_90a PTX, timing model) and tma_probe.json on B200 with the sm_100a PTX.
// Leaves out: the times.
#include "workload_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

constexpr std::uint32_t kMarker = 0xdeadbeef;

// The first `words` words of shared memory after launch k's load, as warpsim models the H200.
std::vector<std::uint32_t> reference(const wl::cfg::RunConfig& c, std::size_t k) {
  const auto& args = c.kernels[k].args;
  const auto& m = args[0].tensor_map.map;
  const auto x0 = static_cast<std::int32_t>(args[2].bits), y0 = static_cast<std::int32_t>(args[3].bits);
  const auto words = static_cast<std::uint32_t>(args[4].bits);
  const unsigned es = wl::cfg::dtype_size(m.dtype), span = wl::cfg::swizzle_span(m.swizzle);
  const unsigned row = static_cast<unsigned>(m.box[0]) * es, pitch = span == 0 ? row : span;
  const auto a = wl::initial<std::uint32_t>(c, "A");
  std::vector<std::uint8_t> abytes(a.size() * 4);
  std::memcpy(abytes.data(), a.data(), abytes.size());
  std::vector<std::uint8_t> smem(words * 4);
  for (unsigned w = 0; w < words; ++w) std::memcpy(&smem[4 * w], &kMarker, 4);
  const bool nan = m.oob_fill == wl::cfg::TensorMapOobFill::Nan;
  for (unsigned r = 0; r < m.box[1]; ++r)
    for (unsigned i = 0; i < m.box[0]; ++i) {
      const std::int64_t x = x0 + static_cast<std::int64_t>(i), y = y0 + static_cast<std::int64_t>(r);
      const bool in = x >= 0 && x < static_cast<std::int64_t>(m.dims[0]) && y >= 0 &&
                      y < static_cast<std::int64_t>(m.dims[1]);
      const unsigned lin = r * pitch + i * es;  // before the swizzle
      const unsigned at = span == 0 ? lin : lin ^ ((lin >> 3) & ((span / 16 - 1) << 4));
      if (at + es > smem.size()) continue;  // past the words the kernel copies out
      for (unsigned b = 0; b < es; ++b)
        smem[at + b] = in    ? abytes[static_cast<std::size_t>(y) * m.strides[0] + static_cast<std::size_t>(x) * es + b]
                       : nan ? (b % 2 == 0 ? 0xf7 : 0x7f)
                             : 0;
    }
  std::vector<std::uint32_t> out(words);
  std::memcpy(out.data(), smem.data(), smem.size());
  return out;
}

void check_run(const wl::sim::RunResult& r) {
  std::vector<std::uint32_t> want(wl::buffer_spec(r.config, "out").count, 0);
  for (std::size_t k = 0; k < r.config.kernels.size(); ++k) {
    wl::check_launch(r, k, "tma_box", 1, 4);
    const auto ref = reference(r.config, k);
    std::copy(ref.begin(), ref.end(), want.begin() + static_cast<std::ptrdiff_t>(r.config.kernels[k].args[5].bits));
  }
  wl::check_equal(wl::final_contents<std::uint32_t>(r, "out"), want, "out");
  wl::check_unchanged<std::uint32_t>(r, "A");
}

}  // namespace

TEST_CASE("tma_probe: NaN out-of-bounds fill of float16, bfloat16, float32 and float64 maps (H200, sm_90a PTX)",
          "[workloads]") {
  const auto r = wl::sim::run_file(wl::trace_json("tma_probe"));
  REQUIRE(r.config.kernels.size() == 4);
  check_run(r);
  // Spot check: launch 0 (float16), word 4 is the row's 9th and 10th elements (x = 64, 65: outside): 0x7ff7 twice.
  CHECK(wl::final_contents<std::uint32_t>(r, "out")[4] == 0x7ff77ff7u);
}

TEST_CASE("tma_probe on B200 (sm_100a PTX)", "[workloads]") { check_run(wl::run_b200("tma_probe")); }

TEST_CASE("tma_probe align_*: a box not 16-byte aligned in global memory faults, an aligned one loads", "[workloads]") {
  struct Probe {
    const char* name;
    const char* dtype;
    int x0;
    unsigned byte;  // of its 16-byte block; 0: aligned
  };
  const Probe probes[] = {
      {"align_none_f32_x1", "float32", 1, 4},  {"align_none_f32_x2", "float32", 2, 8},
      {"align_none_f32_x4", "float32", 4, 0},  {"align_none_f32_x5", "float32", 5, 4},
      {"align_128B_f32_x1", "float32", 1, 4},  {"align_128B_f32_x2", "float32", 2, 8},
      {"align_128B_f32_x4", "float32", 4, 0},  {"align_128B_f32_x5", "float32", 5, 4},
      {"align_none_u8_x1", "uint8", 1, 1},     {"align_none_u8_x3", "uint8", 3, 3},
      {"align_none_u8_x16", "uint8", 16, 0},
  };
  for (const Probe& p : probes) {
    INFO(p.name);
    const std::string path = wl::trace_file("tma_probe", std::string(p.name) + ".json");
    if (p.byte == 0) {
      check_run(wl::sim::run_file(path));
      continue;
    }
    std::string error;
    try {
      wl::sim::run_file(path);
    } catch (const warpsim::Error& e) {
      error = e.what();
    }
    INFO(error);
    CHECK(error.find("CTA (0,0,0) warp 0 lane 0 (thread (0,0,0)) at ") != std::string::npos);
    CHECK(error.find(fmt::format("cp.async.bulk.tensor's box at ({}, 2) is not 16-byte aligned in global memory: inner "
                                 "coordinate {} of a {} map is byte {} of a 16-byte block (the PTX ISA requires a "
                                 "bounding box's address to be 16-byte aligned; the H200 raises an illegal "
                                 "instruction)",
                                 p.x0, p.x0, p.dtype, p.byte)) != std::string::npos);
  }
}

}  // namespace WARPSIM_UNITY_ID
