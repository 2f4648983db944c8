// Device printf: nvcc compiles printf to `vprintf(format, args)` where args points to a local buffer
// holding the arguments, each aligned to its size (4 bytes for int/char, 8 for double, long, pointers).
// Models: formatting with the C conversions %d %i %u %x %X %o %c %s %p %f %F %e %E %g %G %a %A %%, flags,
// width, precision and the h/hh/l/ll/z length modifiers. Each call's text is recorded with its CTA, warp,
// per-warp call number and lane; the simulator prints them sorted by CTA, call number, warp and lane, so
// output does not depend on how warps were interleaved.
// Leaves out: %n and wide characters.
#include "context.hpp"

#include <cctype>
#include <cstdio>
#include <cstring>

namespace warpsim::func {
namespace {

std::string read_cstring(const InstrContext& cx, Addr a, unsigned lane) {
  std::string s;
  for (unsigned i = 0; i < 65536; ++i) {
    const char c = static_cast<char>(*cx.translate(ir::Space::Generic, a + i, 1, lane, false));
    if (c == 0) return s;
    s += c;
  }
  return s;
}

std::string format_one(const InstrContext& cx, const std::string& fmt, Addr args, unsigned lane, unsigned* nargs) {
  std::string out;
  std::size_t off = 0;
  auto take = [&](unsigned size) -> std::uint64_t {
    off = (off + size - 1) / size * size;
    std::uint64_t v = 0;
    std::memcpy(&v, cx.translate(ir::Space::Generic, args + off, size, lane, false), size);
    off += size;
    ++*nargs;
    return v;
  };
  for (std::size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    std::size_t j = i + 1;
    if (j < fmt.size() && fmt[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    while (j < fmt.size() && std::strchr("-+ #0", fmt[j])) ++j;
    while (j < fmt.size() && (std::isdigit(static_cast<unsigned char>(fmt[j])) || fmt[j] == '.')) ++j;
    std::string len;
    while (j < fmt.size() && std::strchr("hlzjt", fmt[j])) len += fmt[j++];
    if (j >= fmt.size()) {
      out += fmt.substr(i);
      break;
    }
    const char conv = fmt[j];
    std::string spec = fmt.substr(i, j - i - len.size());  // flags, width, precision without length
    char buf[512];
    switch (conv) {
      case 'd':
      case 'i': {
        const bool wide = len == "l" || len == "ll" || len == "z" || len == "j" || len == "t";
        const std::int64_t v = wide ? static_cast<std::int64_t>(take(8)) : static_cast<std::int32_t>(take(4));
        std::snprintf(buf, sizeof buf, (spec + "lld").c_str(), static_cast<long long>(v));
        out += buf;
        break;
      }
      case 'u':
      case 'x':
      case 'X':
      case 'o': {
        const bool wide = len == "l" || len == "ll" || len == "z" || len == "j" || len == "t";
        std::uint64_t v = wide ? take(8) : static_cast<std::uint32_t>(take(4));
        if (len == "h") v &= 0xffff;
        if (len == "hh") v &= 0xff;
        std::snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(), static_cast<unsigned long long>(v));
        out += buf;
        break;
      }
      case 'c':
        std::snprintf(buf, sizeof buf, (spec + "c").c_str(), static_cast<int>(take(4)));
        out += buf;
        break;
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': {
        const std::uint64_t bits = take(8);
        double d;
        std::memcpy(&d, &bits, 8);
        std::snprintf(buf, sizeof buf, (spec + conv).c_str(), d);
        out += buf;
        break;
      }
      case 's': {
        const Addr p = take(8);
        const std::string s = p == 0 ? "(null)" : read_cstring(cx, p, lane);
        std::vector<char> big(s.size() + 512);
        std::snprintf(big.data(), big.size(), (spec + "s").c_str(), s.c_str());
        out += big.data();
        break;
      }
      case 'p':
        std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(take(8)));
        out += buf;
        break;
      default: out += fmt.substr(i, j - i + 1); break;
    }
    i = j;
  }
  return out;
}

}  // namespace

void Executor::exec_printf(Cta& cta, Warp& w, const ir::CallSite& site, LaneMask lanes, std::uint32_t pc) {
  if (lanes.none()) return;
  InstrContext cx{L_, cta, w, L_.prog->code[pc], pc};
  const std::uint32_t n = L_.prog->param_func_size;
  const std::uint32_t seq = w.printf_seq++;
  lanes.for_each([&](unsigned lane) {
    const std::uint8_t* area = w.param_func.data() + std::uint64_t{lane} * n;
    Addr fmt_addr = 0, args = 0;
    if (site.args.size() >= 1) std::memcpy(&fmt_addr, area + site.args[0].from, 8);
    if (site.args.size() >= 2) std::memcpy(&args, area + site.args[1].from, 8);
    unsigned nargs = 0;
    std::string text = format_one(cx, read_cstring(cx, fmt_addr, lane), args, lane, &nargs);
    L_.printf.push_back(PrintfRecord{cta.linear, w.index, seq, lane, std::move(text)});
    if (!site.rets.empty()) {
      const auto ret = static_cast<std::uint32_t>(nargs);
      std::memcpy(w.param_func.data() + std::uint64_t{lane} * n + site.rets[0].to, &ret,
                  std::min<std::uint32_t>(4, site.rets[0].size));
    }
  });
}

}  // namespace warpsim::func
