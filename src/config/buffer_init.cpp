// Initial buffer contents: zero, iota, SplitMix64 random, explicit values, or a raw file, for the whole buffer or
// any run of its elements (global memory initialises its pages lazily, one at a time).
//
// Models: exactly the recipe in README "The run config" (element i of a random buffer uses the i-th
// SplitMix64 output; floats are min + (max - min) * u in double, then rounded to nearest even; integers are
// lo + next() % span in unsigned 64-bit arithmetic, stored modulo 2^bits). Output is little-endian.
// Leaves out: validation of the spec's values, done once when the run config is parsed.
#include <warpsim/config/run_config.hpp>
#include <warpsim/config/splitmix64.hpp>

#include "config/elements.hpp"

#include <cmath>
#include <cstring>
#include <fstream>

namespace warpsim::config {

namespace {

// Elements [first, first + n) of a random buffer: element i uses the (i+1)-th SplitMix64 output, whose state is
// seed + (i+1) * gamma, so the generator starts at seed + first * gamma.
void fill_random(std::byte* out, const BufferSpec& spec, std::uint64_t first, std::uint64_t n) {
  const auto& info = detail::elem_info(spec.type);
  const BufferInit& init = spec.init;
  SplitMix64 rng(init.seed + first * SplitMix64::kGamma);
  if (info.is_float) {
    for (std::uint64_t i = 0; i < n; ++i) {
      const double u = static_cast<double>(rng.next() >> 11) * 0x1p-53;  // [0, 1)
      const double scaled = (init.max - init.min) * u;                   // two statements: never fused
      const double v = init.min + scaled;
      detail::store_le(&out[i * info.size], detail::float_bits(spec.type, v), info.size);
    }
    return;
  }
  const std::uint64_t span = init.int_max - init.int_min + 1;  // 0 = all 2^64 values
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t r = rng.next();
    detail::store_le(&out[i * info.size], init.int_min + (span == 0 ? r : r % span), info.size);
  }
}

void fill_values(std::byte* out, const BufferSpec& spec, std::uint64_t first, std::uint64_t n) {
  const auto& info = detail::elem_info(spec.type);
  if (spec.init.values.size() != spec.count) {
    fail(ErrorKind::Config, "buffer {}: {} values for a buffer of {} elements", spec.name, spec.init.values.size(),
         spec.count);
  }
  for (std::uint64_t i = first; i < first + n; ++i) {
    const double v = spec.init.values[i];
    std::uint64_t bits = 0;
    if (info.is_float) {
      bits = detail::float_bits(spec.type, v);
    } else {
      if (v != std::floor(v) || v < -0x1p63 || v >= 0x1p64) {
        fail(ErrorKind::Config, "buffer {}: value {} at index {} is not a {}", spec.name, v, i, info.name);
      }
      bits = v < 0 ? static_cast<std::uint64_t>(static_cast<std::int64_t>(v)) : static_cast<std::uint64_t>(v);
    }
    detail::store_le(&out[(i - first) * info.size], bits, info.size);
  }
}

void fill_file(std::byte* out, const BufferSpec& spec, std::uint64_t first, std::uint64_t n) {
  const std::uint64_t size = elem_size(spec.type);
  std::ifstream in(spec.init.file, std::ios::binary | std::ios::ate);
  if (!in) fail(ErrorKind::Config, "{}: cannot read file (init of buffer {})", spec.init.file, spec.name);
  const auto bytes = static_cast<std::uint64_t>(in.tellg());
  if (bytes != spec.count * size) {
    fail(ErrorKind::Config, "{}: has {} bytes, expected {} ({} x {}) for buffer {}", spec.init.file, bytes,
         spec.count * size, spec.count, elem_name(spec.type), spec.name);
  }
  in.seekg(static_cast<std::streamoff>(first * size));
  in.read(reinterpret_cast<char*>(out), static_cast<std::streamsize>(n * size));
  if (!in) fail(ErrorKind::Config, "{}: read error (init of buffer {})", spec.init.file, spec.name);
}

}  // namespace

void init_elements(const BufferSpec& spec, std::uint64_t first, std::uint64_t n, std::byte* out) {
  if (first > spec.count || n > spec.count - first)
    fail(ErrorKind::Internal, "buffer {}: elements [{}, {}) of {}", spec.name, first, first + n, spec.count);
  const unsigned size = elem_size(spec.type);
  switch (spec.init.kind) {
    case BufferInit::Kind::Zero: std::memset(out, 0, n * size); break;
    case BufferInit::Kind::Iota:
      for (std::uint64_t i = 0; i < n; ++i)
        detail::store_le(&out[i * size], detail::iota_bits(spec.type, first + i), size);
      break;
    case BufferInit::Kind::Random: fill_random(out, spec, first, n); break;
    case BufferInit::Kind::Values: fill_values(out, spec, first, n); break;
    case BufferInit::Kind::File: fill_file(out, spec, first, n); break;
  }
}

std::vector<std::byte> init_buffer(const BufferSpec& spec) {
  std::vector<std::byte> out(spec.count * elem_size(spec.type));
  init_elements(spec, 0, spec.count, out.data());
  return out;
}

}  // namespace warpsim::config
