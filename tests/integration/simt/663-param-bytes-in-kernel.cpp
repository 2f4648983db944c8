// A kernel reads its "bytes" and "tensor_map" parameters back: a hand-written PTX kernel copies every byte of a
// 192-byte parameter struct (buffer addresses, scalars, a tensor map at 64) and of a 128-byte tensor-map parameter
// into a buffer, which must equal config::arg_bytes with the buffers' addresses in the run (the first buffer at
// ir::kBufferBase), and whose tensor maps decode to the maps the config gives.
// Leaves out: instructions that use a tensor map (the TMA), timing.
#include "simt_util.hpp"

#include <warpsim/config/kernel_args.hpp>
#include <warpsim/ir/program.hpp>

#include <cstring>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

namespace {

std::string copy_kernel() {
  std::string ptx = simt::header() +
                    ".visible .entry k(.param .align 64 .b8 k_param_0[192], .param .align 64 .b8 k_param_1[128],\n"
                    "                  .param .u64 k_param_2)\n{\n  .reg .b64 %rd<4>;\n"
                    "  ld.param.u64 %rd1, [k_param_2];\n  cvta.to.global.u64 %rd2, %rd1;\n";
  for (int j = 0; j < 24; ++j)
    ptx += fmt::format("  ld.param.u64 %rd3, [k_param_0+{}];\n  st.global.u64 [%rd2+{}], %rd3;\n", 8 * j, 8 * j);
  for (int j = 0; j < 16; ++j)
    ptx += fmt::format("  ld.param.u64 %rd3, [k_param_1+{}];\n  st.global.u64 [%rd2+{}], %rd3;\n", 8 * j, 192 + 8 * j);
  return ptx + "  ret;\n}\n";
}

}  // namespace

TEST_CASE("663 a kernel sees its bytes and tensor_map parameters exactly as config::arg_bytes builds them",
          "[simt][params]") {
  const std::string dir = simt::temp_dir("param-bytes");
  std::ofstream(dir + "/k.ptx") << copy_kernel();
  std::ofstream(dir + "/run.json") << R"({"gpu": "h200",
    "buffers": {"out": {"type": "u64", "count": 40}, "t": {"type": "f32", "count": 4096}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 1, "args": [
      {"bytes": {"size": 192, "align": 64, "fields": [
        {"at": 0, "buffer": "out"}, {"at": 8, "buffer": "t", "offset": 64}, {"at": 16, "u32": 7}, {"at": 20, "u16": 9},
        {"at": 22, "u8": 255}, {"at": 24, "f64": 2.5},
        {"at": 64, "tensor_map": {"buffer": "t", "offset": 256, "dtype": "float32", "dims": [64, 16], "strides": [256],
                                  "box": [16, 4], "swizzle": "64B"}}]}},
      {"tensor_map": {"buffer": "t", "dtype": "float16", "dims": [8, 4, 4], "strides": [16, 64], "box": [8, 4, 4],
                      "interleave": "16B", "l2_promotion": "256B"}},
      {"buffer": "out"}]}]})";
  const warpsim::sim::RunResult r = warpsim::sim::run_file(dir + "/run.json");
  const std::vector<std::byte> out = r.buffer("out");
  REQUIRE(out.size() == 320);
  std::uint64_t out_addr = 0, t_addr = 0;
  std::memcpy(&out_addr, out.data(), 8);
  std::memcpy(&t_addr, out.data() + 8, 8);
  t_addr -= 64;
  CHECK(out_addr == warpsim::ir::kBufferBase);  // the first buffer
  CHECK(t_addr > out_addr + 320);
  CHECK(t_addr % 256 == 0);

  namespace cfg = warpsim::config;
  const auto address = [&](const std::string& name) { return name == "out" ? out_addr : t_addr; };
  const auto& args = r.config.kernels.at(0).args;
  const std::vector<std::byte> s = cfg::arg_bytes(args.at(0), address);
  const std::vector<std::byte> t = cfg::arg_bytes(args.at(1), address);
  CHECK(std::vector<std::byte>(out.begin(), out.begin() + 192) == s);
  CHECK(std::vector<std::byte>(out.begin() + 192, out.end()) == t);

  const cfg::TensorMap in_struct = cfg::decode_tensor_map(out.data() + 64);
  CHECK(in_struct.global_address == t_addr + 256);
  CHECK(in_struct.swizzle == cfg::TensorMapSwizzle::B64);
  const cfg::TensorMap own = cfg::decode_tensor_map(out.data() + 192);
  CHECK(own.global_address == t_addr);
  CHECK(own.rank == 3);
  CHECK(own.interleave == cfg::TensorMapInterleave::B16);
  CHECK(own.l2_promotion == cfg::TensorMapL2Promotion::B256);
  std::uint32_t u32 = 0;
  std::uint16_t u16 = 0;
  double f64 = 0;
  std::memcpy(&u32, out.data() + 16, 4);
  std::memcpy(&u16, out.data() + 20, 2);
  std::memcpy(&f64, out.data() + 24, 8);
  CHECK(u32 == 7);
  CHECK(u16 == 9);
  CHECK(std::to_integer<unsigned>(out[22]) == 255);
  CHECK(f64 == 2.5);
  std::filesystem::remove_all(dir);
}

}  // namespace WARPSIM_UNITY_ID
