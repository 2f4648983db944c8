// SplitMix64: the first outputs for seed 0 (checked against an independent implementation of the recipe).
#include <warpsim/config/splitmix64.hpp>

#include "config_test_util.hpp"

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using warpsim::config::SplitMix64;

TEST_CASE("SplitMix64 from seed 0") {
  SplitMix64 rng(0);
  CHECK(rng.next() == 0xE220A8397B1DCDAFull);
  CHECK(rng.next() == 0x6E789E6AA1B965F4ull);
  CHECK(rng.next() == 0x06C45D188009454Full);
  CHECK(rng.next() == 0xF88BB8A8724C81ECull);
}

TEST_CASE("SplitMix64 from seed 1") {
  SplitMix64 rng(1);
  CHECK(rng.next() == 0x910A2DEC89025CC1ull);
  CHECK(rng.next() == 0xBEEB8DA1658EEC67ull);
}

static_assert(SplitMix64(0).next() == 0xE220A8397B1DCDAFull);

}  // namespace WARPSIM_UNITY_ID
