// A CTA that cannot be resident at all is a launch error in CUDA's words, naming the resource.
#include "dispatch_test_util.hpp"

#include <warpsim/common/error.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string launch_error(const std::string& ptx, unsigned block, unsigned regs) {
  try {
    ttest::run(ptx, 1, block, 1, true, {}, {}, regs);
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Launch);
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("too many registers for an SM") {
  CHECK(launch_error(dtest::chain(), 32, 255) ==
        "too many resources requested for launch (cudaErrorLaunchOutOfResources): 255 registers x 32 threads "
        "exceeds the 16384 registers of an SM (8192 per warp after rounding 8160 up to a multiple of 256, x 1 warps, "
        "counted as 4 for 4 sub-partitions = 32768)");
}

TEST_CASE("too much shared memory") {
  CHECK(launch_error(dtest::chain(8, "  .shared .align 4 .b8 big[15500];\n"), 32, 0) ==
        "invalid argument (cudaErrorInvalidValue): 15504 bytes of shared memory per block exceeds the 15360 bytes a "
        "block may use (smem.per_cta_max; with the 1024 reserved, rounded to 128: 16640 > 16384)");
}

}  // namespace WARPSIM_UNITY_ID
