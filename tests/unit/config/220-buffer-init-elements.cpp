// Any run of a buffer's elements can be initialised alone (global memory fills each page when it is first
// touched): init_elements(spec, first, n) equals elements [first, first + n) of init_buffer(spec) for every init
// kind. For random buffers this rests on SplitMix64's state after k calls being seed + k * gamma.
// Leaves out: the values themselves (tests 208-211).
#include <warpsim/config/run_config.hpp>
#include <warpsim/config/splitmix64.hpp>

#include "config_test_util.hpp"

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

void check_slices(const BufferSpec& spec) {
  const std::vector<std::byte> whole = init_buffer(spec);
  const unsigned size = elem_size(spec.type);
  for (const auto& [first, n] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {0, spec.count}, {0, 1}, {1, 1}, {7, 100}, {spec.count - 3, 3}, {999, 1}}) {
    INFO("elements [" << first << ", " << first + n << ")");
    std::vector<std::byte> part(n * size);
    init_elements(spec, first, n, part.data());
    CHECK(std::memcmp(part.data(), whole.data() + first * size, part.size()) == 0);
  }
}

}  // namespace

TEST_CASE("220 SplitMix64's k-th state is seed + k * gamma") {
  SplitMix64 a(12345);
  for (int i = 0; i < 1000; ++i) a.next();
  SplitMix64 b(12345 + 1000 * SplitMix64::kGamma);
  CHECK(a.state == b.state);
  CHECK(a.next() == b.next());
}

TEST_CASE("220 a slice of a buffer equals the same elements of the whole buffer") {
  check_slices(BufferSpec{.name = "z", .type = ElemType::F32, .count = 1000, .init = {}});
  // BufferInit is filled member by member: a designated initializer leaving out `values` and `file` trips
  // -Werror=missing-field-initializers in CI's build.
  BufferInit iota;
  iota.kind = BufferInit::Kind::Iota;
  check_slices(BufferSpec{.name = "i", .type = ElemType::F16, .count = 1000, .init = iota});
  BufferInit rf;
  rf.kind = BufferInit::Kind::Random;
  rf.seed = 7;
  rf.min = -2.0;
  rf.max = 3.0;
  check_slices(BufferSpec{.name = "rf", .type = ElemType::F64, .count = 1000, .init = rf});
  BufferInit ri;
  ri.kind = BufferInit::Kind::Random;
  ri.seed = ~0ull;
  ri.int_min = 5;
  ri.int_max = 1000;
  check_slices(BufferSpec{.name = "ri", .type = ElemType::U32, .count = 1000, .init = ri});
  BufferInit v;
  v.kind = BufferInit::Kind::Values;
  for (int i = 0; i < 1000; ++i) v.values.push_back(i * 3 - 7);
  check_slices(BufferSpec{.name = "v", .type = ElemType::S32, .count = 1000, .init = v});
  config_test::TempDir tmp;
  std::string bytes(4000, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 251);
  BufferInit f;
  f.kind = BufferInit::Kind::File;
  f.file = config_test::write_file(tmp.file("u.bin"), bytes);
  check_slices(BufferSpec{.name = "f", .type = ElemType::U32, .count = 1000, .init = f});
}

}  // namespace WARPSIM_UNITY_ID
