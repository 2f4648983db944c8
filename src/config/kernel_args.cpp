// Kernel arguments -> parameter bytes, and each argument checked against its PTX parameter.
// Models: the argument forms of README "The run config" ("buffer", scalars, "bytes", "tensor_map").
// Leaves out: parameter layout and argument count (the callers, from the PTX loader's parameter list).
#include <warpsim/config/kernel_args.hpp>

#include <warpsim/common/error.hpp>

#include <fmt/format.h>

#include <cstring>

namespace warpsim::config {

namespace {

void put_le(std::byte* p, std::uint64_t v, unsigned size) {
  for (unsigned i = 0; i < size; ++i) p[i] = static_cast<std::byte>((v >> (8 * i)) & 0xff);
}

}  // namespace

void write_warpsim_tensor_map(const TensorMap& map, std::byte* out) { encode_tensor_map(map, out); }

TensorMap placed_tensor_map(const TensorMapSpec& spec, std::uint64_t buffer_address) {
  TensorMap m = spec.map;
  m.global_address = buffer_address + spec.offset;
  return m;
}

std::vector<std::byte> arg_bytes(const ArgSpec& a, const BufferAddress& address, const TensorMapWriter& write_map) {
  std::vector<std::byte> out;
  switch (a.kind) {
    case ArgSpec::Kind::Buffer:
      out.resize(8);
      put_le(out.data(), address(a.buffer), 8);
      break;
    case ArgSpec::Kind::Scalar:
      out.resize(elem_size(a.type));
      put_le(out.data(), a.bits, elem_size(a.type));
      break;
    case ArgSpec::Kind::TensorMap:
      out.resize(kTensorMapBytes);
      write_map(placed_tensor_map(a.tensor_map, address(a.tensor_map.buffer)), out.data());
      break;
    case ArgSpec::Kind::Bytes:
      out = a.init;
      out.resize(a.size);  // init holds size bytes; this only guards a hand-built ArgSpec
      for (const ParamField& f : a.fields) {
        if (f.at + f.size > out.size())
          fail(ErrorKind::Internal, "{}: field of {} bytes at {} outside the {}-byte parameter", f.json_path, f.size,
               f.at, out.size());
        std::byte* p = out.data() + f.at;
        switch (f.kind) {
          case ParamField::Kind::Buffer: put_le(p, address(f.buffer) + f.offset, 8); break;
          case ParamField::Kind::Scalar: put_le(p, f.bits, f.size); break;
          case ParamField::Kind::TensorMap:
            write_map(placed_tensor_map(f.tensor_map, address(f.tensor_map.buffer)), p);
            break;
        }
      }
      break;
  }
  return out;
}

void check_arg_fits(const std::string& config_path, const LaunchSpec& k, std::size_t index, const ParamDecl& p) {
  const ArgSpec& a = k.args.at(index);
  const std::string param = fmt::format("parameter {} ({}) of {}", index, p.name, k.entry);
  switch (a.kind) {
    case ArgSpec::Kind::Buffer:
    case ArgSpec::Kind::Scalar: {
      const bool buffer = a.kind == ArgSpec::Kind::Buffer;
      const unsigned size = buffer ? 8 : elem_size(a.type);
      if (size == p.size) return;
      const std::string what = buffer ? fmt::format("buffer '{}' (an 8-byte device address)", a.buffer)
                                      : fmt::format("a {} ({} bytes)", elem_name(a.type), size);
      fail(ErrorKind::Launch, "{}: {}: argument {} is {}, but {} is {} bytes", config_path, a.json_path, index, what,
           param, p.size);
    }
    case ArgSpec::Kind::Bytes:
      if (a.size != p.size)
        fail(ErrorKind::Launch, "{}: {}.bytes.size: {} bytes, but {} is {} bytes", config_path, a.json_path, a.size,
             param, p.size);
      if (a.align != p.align)
        fail(ErrorKind::Launch, "{}: {}.bytes.align: {}, but {} is declared .align {}", config_path, a.json_path,
             a.align, param, p.align);
      return;
    case ArgSpec::Kind::TensorMap:
      if (p.size != kTensorMapBytes || p.align % kTensorMapAlign != 0)
        fail(ErrorKind::Launch,
             "{}: {}.tensor_map: a tensor map is a 128-byte parameter aligned to 64 (.param .align 64 .b8 {}[128], "
             "a CUtensorMap), but {} is {} bytes aligned to {}",
             config_path, a.json_path, p.name, param, p.size, p.align);
      return;
  }
}

}  // namespace warpsim::config
