// warpsim's tensor-map encoding read back: maps of every rank, dtype and option survive encode + decode exactly,
// and bytes that are not a valid warpsim tensor map (another magic or version, unknown enum values, a rank outside
// 1..5, non-zero bytes where the map has none, a map breaking a rule of cuTensorMapEncodeTiled) are an Execution
// error saying what is wrong.
#include <warpsim/config/tensor_map.hpp>

#include <warpsim/common/error.hpp>

#include <catch2/catch.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;

namespace {

TensorMap map_of_rank(unsigned rank) {
  TensorMap m;
  m.dtype = TensorMapDtype::Bfloat16;
  m.rank = rank;
  m.global_address = 0x7000'0000'0012'3440ull;
  std::uint64_t stride = 0;
  for (unsigned i = 0; i < rank; ++i) {
    m.dims[i] = 1000 + 7 * i;
    m.box[i] = i == 0 ? 64 : 3 + i;
    m.element_strides[i] = 1 + i;
    if (i > 0) m.strides[i - 1] = stride = (i == 1 ? 2048 : stride * 256);
  }
  m.swizzle = TensorMapSwizzle::B128;
  m.l2_promotion = TensorMapL2Promotion::B256;
  m.oob_fill = TensorMapOobFill::Nan;
  return m;
}

std::string decode_error(const std::array<std::byte, kTensorMapBytes>& bytes) {
  try {
    decode_tensor_map(bytes.data());
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Execution);
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("tensor map: encode then decode gives the same map, every rank") {
  for (unsigned rank = 1; rank <= 5; ++rank) {
    INFO("rank " << rank);
    const TensorMap m = map_of_rank(rank);
    REQUIRE_FALSE(check_tensor_map(m));
    const auto bytes = encode_tensor_map(m);
    CHECK(decode_tensor_map(bytes.data()) == m);
  }
}

TEST_CASE("tensor map: encode then decode gives the same map, every dtype, interleave, swizzle, l2, fill") {
  for (unsigned d = 0; d <= static_cast<unsigned>(TensorMapDtype::Tfloat32Ftz); ++d) {
    for (unsigned l2 = 0; l2 < 4; ++l2) {
      TensorMap m;
      m.dtype = static_cast<TensorMapDtype>(d);
      m.rank = 3;
      m.global_address = 0x20;
      m.dims = {32, 5, 6, 0, 0};
      m.strides = {1024, 8192, 0, 0};
      m.box = {32 / dtype_size(m.dtype), 5, 6, 0, 0};
      m.element_strides = {1, 2, 8, 0, 0};
      m.l2_promotion = static_cast<TensorMapL2Promotion>(l2);
      m.oob_fill = dtype_is_float(m.dtype) ? TensorMapOobFill::Nan : TensorMapOobFill::Zero;
      for (unsigned il = 0; il < 3; ++il) {
        for (unsigned sw = 0; sw < 4; ++sw) {
          m.interleave = static_cast<TensorMapInterleave>(il);
          m.swizzle = static_cast<TensorMapSwizzle>(sw);
          if (check_tensor_map(m)) continue;  // e.g. interleave 32B without swizzle 32B
          INFO(tensor_map_name(m.dtype) << " " << tensor_map_name(m.interleave) << " " << tensor_map_name(m.swizzle));
          CHECK(decode_tensor_map(encode_tensor_map(m).data()) == m);
        }
      }
    }
  }
}

TEST_CASE("tensor map: bytes that are not a valid warpsim tensor map") {
  const std::string head = "the 128 bytes are not a valid warpsim tensor map: ";
  const auto good = encode_tensor_map(map_of_rank(2));
  auto b = good;
  CHECK(decode_error(b) == "(no error)");

  std::array<std::byte, kTensorMapBytes> zeros{};
  CHECK(decode_error(zeros) == head +
                                   "its first word is 0x00000000, not the magic 0x4d545357 (\"WSTM\"); was it written "
                                   "by warpsim from a run config's tensor_map?");
  b = good;
  b[4] = std::byte{2};
  CHECK(decode_error(b) == head + "version 2, expected 1");
  b = good;
  b[6] = std::byte{13};  // CU_TENSOR_MAP_DATA_TYPE_16U4_ALIGN8B: not accepted
  CHECK(decode_error(b) == head + "dtype 13 (byte 6) is not one of 0..12");
  b = good;
  b[7] = std::byte{0};
  CHECK(decode_error(b) == head + "rank 0 (byte 7) is not 1..5");
  b[7] = std::byte{6};
  CHECK(decode_error(b) == head + "rank 6 (byte 7) is not 1..5");
  b = good;
  b[103] = std::byte{3};
  CHECK(decode_error(b) == head + "interleave 3 (byte 103) is not one of 0..2");
  b = good;
  b[104] = std::byte{4};  // CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B: not accepted
  CHECK(decode_error(b) == head + "swizzle 4 (byte 104) is not one of 0..3");
  b = good;
  b[105] = std::byte{4};
  CHECK(decode_error(b) == head + "l2 promotion 4 (byte 105) is not one of 0..3");
  b = good;
  b[106] = std::byte{2};
  CHECK(decode_error(b) == head + "oob fill 2 (byte 106) is not one of 0..1");
  b = good;
  b[127] = std::byte{1};
  CHECK(decode_error(b) == head + "byte 127 is 0x01, but is unused for a rank-2 map and must be 0");
  b = good;
  b[16 + 8 * 2] = std::byte{9};  // dims[2] of a rank-2 map
  CHECK(decode_error(b) == head + "byte 32 is 0x09, but is unused for a rank-2 map and must be 0");
  b = good;
  b[88 + 2] = std::byte{0};  // box[1] = 0
  b[88 + 3] = std::byte{0};
  CHECK(decode_error(b) == head +
                               "box[1]: 0 is outside 1..256 (cuTensorMapEncodeTiled: each boxDim must be non-zero and "
                               "at most 256; CUDA_ERROR_INVALID_VALUE)");
  b = good;
  b[8] = std::byte{0x48};  // the global address 8 bytes off
  CHECK(decode_error(b) == head +
                               "global_address: global address 0x7000000000123448 is not a multiple of 16 "
                               "(cuTensorMapEncodeTiled: globalAddress must be 16-byte aligned, and 32-byte aligned "
                               "when interleave is 32B; CUDA_ERROR_INVALID_VALUE)");
}

TEST_CASE("tensor map: encoding an invalid map is an internal error") {
  TensorMap m = map_of_rank(2);
  m.box[1] = 0;
  try {
    encode_tensor_map(m);
    FAIL("no error");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Internal);
    CHECK(std::string(e.what()) ==
          "encoding an invalid tensor map: 0 is outside 1..256 (cuTensorMapEncodeTiled: each boxDim must be non-zero "
          "and at most 256; CUDA_ERROR_INVALID_VALUE)");
  }
}

}  // namespace WARPSIM_UNITY_ID
