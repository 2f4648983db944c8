// CTAs that cannot run at all: explain_occupancy names the zero limits and says why in CUDA's words;
// compute_occupancy throws the same text as a Launch error. Invalid requests are Input errors.
#include <warpsim/common/error.hpp>
#include <warpsim/config/gpu_config.hpp>
#include <warpsim/timing/occupancy.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim;
using timing::Limit;
using L = std::vector<Limit>;

namespace {
std::string launch_error(const config::GpuConfig& g, const timing::OccupancyRequest& r) {
  try {
    timing::compute_occupancy(g, r);
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::Launch);
    return e.what();
  }
  return "no error";
}
ErrorKind error_kind(const config::GpuConfig& g, const timing::OccupancyRequest& r) {
  try {
    timing::explain_occupancy(g, r);
  } catch (const Error& e) {
    return e.kind();
  }
  return ErrorKind::Internal;
}
}  // namespace

TEST_CASE("too many registers for one CTA") {
  const auto g = config::load_gpu_config("h100");
  CHECK(launch_error(g, {1024, 255, 0, {}}) ==
        "too many resources requested for launch (cudaErrorLaunchOutOfResources): 255 registers x 1024 threads "
        "exceeds the 65536 registers of an SM (8192 per warp after rounding 8160 up to a multiple of 256, "
        "x 32 warps = 262144)");
  const auto o = timing::explain_occupancy(g, {1024, 255, 0, {}});
  CHECK(o.ctas_per_sm == 0);
  CHECK(o.ctas_by_registers == 0);
  CHECK(o.limiting == L{Limit::Registers});
  CHECK(o.warps_per_sm == 0);
  CHECK(o.occupancy == 0.0);
  CHECK(o.regs_per_cta == 262144);

  // 1024 threads fit up to 64 registers: 2048 x 32 = 65536
  CHECK(timing::compute_occupancy(g, {1024, 64, 0, {}}).ctas_per_sm == 1);
  CHECK(timing::explain_occupancy(g, {1024, 65, 0, {}}).ctas_per_sm == 0);
}

TEST_CASE("the launch check counts warps in multiples of the sub-partitions") {
  const auto g = config::load_gpu_config("h200");
  // 192 registers: 6144 per warp. 9 warps use 55296 registers, but the check counts 12: 73728.
  CHECK(launch_error(g, {288, 192, 0, {}}) ==
        "too many resources requested for launch (cudaErrorLaunchOutOfResources): 192 registers x 288 threads "
        "exceeds the 65536 registers of an SM (6144 per warp after rounding 6144 up to a multiple of 256, "
        "x 9 warps, counted as 12 for 4 sub-partitions = 73728)");
  CHECK(timing::explain_occupancy(g, {288, 192, 0, {}}).regs_per_cta == 55296);
  CHECK(timing::compute_occupancy(g, {256, 192, 0, {}}).ctas_per_sm == 1);
}

TEST_CASE("more registers per thread than a thread may have") {
  const auto g = config::load_gpu_config("b200");
  CHECK(launch_error(g, {32, 256, 0, {}}) ==
        "too many resources requested for launch (cudaErrorLaunchOutOfResources): 256 registers per thread "
        "exceeds the 255 a thread may use (regs.max_per_thread)");
}

TEST_CASE("a block larger than launch.max_threads_per_cta") {
  const auto g = config::load_gpu_config("h100");
  CHECK(launch_error(g, {2048, 0, 0, {}}) ==
        "invalid configuration argument (cudaErrorInvalidConfiguration): block of 2048 threads exceeds the 1024 "
        "threads a block may have (launch.max_threads_per_cta)");
  CHECK(timing::explain_occupancy(g, {1025, 0, 0, {}}).limiting == L{Limit::Warps});
  // Two causes at once: both limits are zero, both reasons are given, warps first.
  const auto o = timing::explain_occupancy(g, {2048, 40, 0, {}});
  CHECK(o.limiting == L{Limit::Warps, Limit::Registers});
  CHECK(o.error ==
        "invalid configuration argument (cudaErrorInvalidConfiguration): block of 2048 threads exceeds the 1024 "
        "threads a block may have (launch.max_threads_per_cta); too many resources requested for launch "
        "(cudaErrorLaunchOutOfResources): 40 registers x 2048 threads exceeds the 65536 registers of an SM "
        "(1280 per warp after rounding 1280 up to a multiple of 256, x 64 warps = 81920)");
  const auto tiny = config::load_gpu_config("tiny");
  CHECK(launch_error(tiny, {257, 0, 0, {}}) ==
        "invalid configuration argument (cudaErrorInvalidConfiguration): block of 257 threads exceeds the 256 "
        "threads a block may have (launch.max_threads_per_cta)");
}

TEST_CASE("more shared memory than a block may opt in to") {
  const auto g = config::load_gpu_config("h100");
  CHECK(launch_error(g, {128, 0, 232449, {}}) ==
        "invalid argument (cudaErrorInvalidValue): 232449 bytes of shared memory per block exceeds the 232448 "
        "bytes a block may use (smem.per_cta_max; with the 1024 reserved, rounded to 128: 233600 > 233472)");
  const auto o = timing::explain_occupancy(g, {128, 0, std::uint64_t{1} << 63, {}});
  CHECK(o.limiting == L{Limit::SharedMem});
  CHECK(o.ctas_by_shared_mem == 0);
}

TEST_CASE("invalid requests") {
  const auto g = config::load_gpu_config("h100");
  CHECK(error_kind(g, {0, 32, 0, {}}) == ErrorKind::Input);
  CHECK(error_kind(g, {32, 32, 0, 101}) == ErrorKind::Input);
  CHECK_THROWS_WITH(timing::compute_occupancy(g, {0, 32, 0, {}}),
                    "invalid configuration argument (cudaErrorInvalidConfiguration): a block of 0 threads");
  CHECK_THROWS_WITH(timing::compute_occupancy(g, {32, 32, 0, 101}),
                    "shared-memory carve-out preference 101 % is not in [0, 100]");
}

}  // namespace WARPSIM_UNITY_ID
