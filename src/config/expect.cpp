// Comparing a buffer with expected contents: integers exactly, floats within a tolerance in ulps.
//
// Models: the ulp distance is the difference of the two values' positions on the ordered integer line of
// the format (sign-magnitude folded so that -0 and +0 coincide); NaN equals NaN whatever the payloads, NaN
// against a number is a mismatch; infinity is one ulp beyond the largest finite value.
// Leaves out: relative or absolute tolerances, which ulps subsume for the kernels this project checks.
#include <warpsim/config/run_config.hpp>

#include "config/elements.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace warpsim::config {

namespace {

// The position of a float's bit pattern on the ordered line: negative values mirror the positive ones.
std::int64_t ordered(std::uint64_t bits, unsigned size) {
  const unsigned width = 8 * size;
  const std::uint64_t sign_bit = std::uint64_t{1} << (width - 1);
  const auto magnitude = static_cast<std::int64_t>(bits & (sign_bit - 1));
  return (bits & sign_bit) != 0 ? -magnitude : magnitude;
}

std::uint64_t ulp_distance(std::uint64_t a, std::uint64_t b, unsigned size) {
  const std::int64_t x = ordered(a, size), y = ordered(b, size);
  return x >= y ? static_cast<std::uint64_t>(x) - static_cast<std::uint64_t>(y)
                : static_cast<std::uint64_t>(y) - static_cast<std::uint64_t>(x);
}

std::string show(ElemType t, std::uint64_t bits) {
  const auto& info = detail::elem_info(t);
  const std::string hex = fmt::format("0x{:0{}x}", bits, 2 * info.size);
  if (t == ElemType::F64) return fmt::format("{} ({})", detail::float_value(t, bits), hex);
  if (info.is_float) return fmt::format("{} ({})", static_cast<float>(detail::float_value(t, bits)), hex);
  if (info.is_signed) {
    const unsigned shift = 64 - 8 * info.size;
    return fmt::format("{} ({})", static_cast<std::int64_t>(bits << shift) >> shift, hex);
  }
  return fmt::format("{} ({})", bits, hex);
}

std::vector<std::byte> read_expected(const ExpectSpec& e, const BufferSpec& spec) {
  const std::string where = e.json_path.empty() ? "" : e.json_path + ": ";
  std::error_code ec;
  if (std::filesystem::is_directory(e.file, ec))
    fail(ErrorKind::Config, "{}{}: is a directory, not the expected contents of buffer {}", where, e.file, e.buffer);
  std::ifstream in(e.file, std::ios::binary);
  if (!in)
    fail(ErrorKind::Config, "{}{}: cannot read expected contents of buffer {} ({})", where, e.file, e.buffer,
         std::strerror(errno));
  std::vector<char> raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) fail(ErrorKind::Config, "{}{}: read error (expected contents of buffer {})", where, e.file, e.buffer);
  const std::uint64_t want = spec.count * elem_size(spec.type);
  if (raw.size() != want) {
    fail(ErrorKind::Config, "{}{}: has {} bytes, expected {} ({} x {}) for buffer {}", where, e.file, raw.size(), want,
         spec.count, elem_name(spec.type), e.buffer);
  }
  std::vector<std::byte> out(raw.size());
  std::transform(raw.begin(), raw.end(), out.begin(), [](char c) { return static_cast<std::byte>(c); });
  return out;
}

}  // namespace

ExpectResult check_expect(const ExpectSpec& e, const BufferSpec& spec, const std::vector<std::byte>& data) {
  const auto& info = detail::elem_info(spec.type);
  if (data.size() != spec.count * info.size) {
    fail(ErrorKind::Internal, "buffer {} holds {} bytes, expected {}", spec.name, data.size(), spec.count * info.size);
  }
  const std::vector<std::byte> expected = read_expected(e, spec);
  ExpectResult r;
  r.buffer = e.buffer;
  for (std::uint64_t i = 0; i < spec.count; ++i) {
    const std::uint64_t got = detail::load_le(&data[i * info.size], info.size);
    const std::uint64_t want = detail::load_le(&expected[i * info.size], info.size);
    std::string why;
    if (!info.is_float) {
      if (got == want) continue;
    } else {
      const bool nan_got = detail::is_nan(spec.type, got), nan_want = detail::is_nan(spec.type, want);
      if (nan_got && nan_want) continue;
      if (nan_got != nan_want) {
        why = ", NaN vs number";
      } else {
        const std::uint64_t d = ulp_distance(got, want, info.size);
        r.max_ulp = std::max(r.max_ulp, d);
        if (d <= e.ulp) continue;
        why = fmt::format(", {} ulp > {}", d, e.ulp);
      }
    }
    if (r.mismatches++ == 0) {
      r.first_index = i;
      r.detail = fmt::format("index {}: got {}, expected {}{}", i, show(spec.type, got), show(spec.type, want), why);
    }
  }
  r.ok = r.mismatches == 0;
  return r;
}

}  // namespace warpsim::config
