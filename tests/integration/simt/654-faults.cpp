// Faults of a simulated thread name the CTA, warp, lane, thread, PTX and source line and the buffer missed;
// runs are deterministic.
#include "simt_util.hpp"

#include <warpsim/config/run_config.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

TEST_CASE("reading one element past a buffer is a fault naming the thread and the buffer", "[simt][fault]") {
  // vecadd with n = 1001 over 1000-element buffers: thread 1000 (CTA 3, warp 7, lane 8) reads one element past
  // the end, and its first read faults: b[1000] in the PTX's order (nvcc's PTX loads b before a), a[1000] in
  // ptxas's (compiler.schedule: the two weak loads may swap, and the scheduler puts first the one whose address
  // is ready first, as the SASS does: its first LDG reads param 0, a).
  const std::string dir = simt::temp_dir("oob");
  std::ofstream(dir + "/run.json") << fmt::format(
      R"({{"gpu": "h200", "kernels": [{{"ptx": "{}/traces/vecadd/vecadd.sm_90a.ptx", "entry": "vecadd",
           "grid": 4, "block": 256, "args": [{{"buffer": "a"}}, {{"buffer": "b"}}, {{"buffer": "c"}}, {{"s32": 1001}}]}}],
          "buffers": {{"a": {{"type": "f32", "count": 1000, "init": "iota"}}, "b": {{"type": "f32", "count": 1000, "init": "iota"}},
                      "c": {{"type": "f32", "count": 1000, "init": "zero"}}}}}})",
      WARPSIM_SOURCE_DIR);
  for (const auto& [schedule, buffer] : {std::pair{"0", "b"}, std::pair{"1", "a"}}) {
    warpsim::sim::RunOptions opts;
    opts.gpu_overrides = {std::string("compiler.schedule=") + schedule};
    try {
      warpsim::sim::run_file(dir + "/run.json", opts);
      FAIL("expected a fault");
    } catch (const warpsim::Error& e) {
      const std::string msg = e.what();
      INFO(msg);
      CHECK(e.kind() == warpsim::ErrorKind::Execution);
      CHECK(msg.find("CTA (3,0,0) warp 7 lane 8 (thread (232,0,0)) at") != std::string::npos);
      CHECK(msg.find("vecadd.sm_90a.ptx:") != std::string::npos);
      CHECK(msg.find("(vecadd.cu:") != std::string::npos);
      CHECK(msg.find("out-of-bounds global read of 4 bytes") != std::string::npos);
      CHECK(msg.find(fmt::format("0 bytes after the end of buffer '{}'", buffer)) != std::string::npos);
    }
  }
}

TEST_CASE("two runs give identical buffers and counts", "[simt][determinism]") {
  const std::string cfg = std::string(WARPSIM_SOURCE_DIR) + "/traces/sgemm_tiled/sgemm_tiled.json";
  const auto a = warpsim::sim::run_file(cfg);
  const auto b = warpsim::sim::run_file(cfg);
  CHECK(a.buffers() == b.buffers());
  CHECK(a.kernels[0].warp_instructions == b.kernels[0].warp_instructions);
  CHECK(a.kernels[0].thread_instructions == b.kernels[0].thread_instructions);
}

}  // namespace WARPSIM_UNITY_ID
