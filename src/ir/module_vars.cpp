// Layout and initial bytes of module-scope .global and .const variables.
// Models: declaration-order placement with each variable's alignment; initialisers of integers, floats
// (converted to the variable's type) and addresses of other variables (`sym`, `generic(sym)`).
// Limits: a module's .global variables fit its 4 GiB window, its .const variables CUDA's 64 KiB; only the
// initialised bytes are held (ModuleVar::init), so a large zero-initialised array costs nothing until touched.
// Leaves out: .tex/.surf variables and .global variables declared extern (they have no storage here).
#include <warpsim/common/error.hpp>
#include <warpsim/ir/program.hpp>

#include <algorithm>
#include <cstring>
#include <unordered_map>

namespace warpsim::ir {
namespace {

std::uint64_t align_up(std::uint64_t v, std::uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

// CUDA's limit on a module's .const variables (ptxas: "too much global constant data").
constexpr std::uint64_t kMaxConstBytes = 0x10000;

void put(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint64_t bits, unsigned size) {
  if (at + size > bytes.size()) return;
  std::memcpy(bytes.data() + at, &bits, size);  // little-endian host, as the simulated GPU
}

std::uint64_t float_bits(const ptx::Operand& op, ScalarType t) {
  if (t == ScalarType::F64) {
    if (op.is_double) return op.fbits;
    float f;
    const auto b = static_cast<std::uint32_t>(op.fbits);
    std::memcpy(&f, &b, 4);
    double d = f;
    std::uint64_t r;
    std::memcpy(&r, &d, 8);
    return r;
  }
  if (!op.is_double) return op.fbits;
  double d;
  std::memcpy(&d, &op.fbits, 8);
  float f = static_cast<float>(d);
  std::uint32_t r;
  std::memcpy(&r, &f, 4);
  return r;
}

}  // namespace

std::vector<ModuleVar> layout_module_vars(const ptx::Module& module, std::uint64_t* const_size,
                                          std::uint64_t module_base) {
  std::vector<ModuleVar> vars;
  std::uint64_t global = 0, cbank = 0;
  std::unordered_map<std::string, std::uint64_t> address;
  for (const auto& v : module.globals) {
    if (v.space != "global" && v.space != "const") continue;
    if (v.is_extern) continue;
    auto t = parse_type(v.type);
    if (!t) fail(ErrorKind::Ptx, "{}:{}: unknown type .{} of {}", module.path, v.pos.line, v.type, v.name);
    const unsigned esize = size_of(*t) * v.vec;
    std::uint64_t size = esize;
    for (auto d : v.dims) {  // saturating at the window's size: a product of dimensions must not wrap around
      const std::uint64_t n = d == 0 ? 1 : d;
      size = size > kWindowSize / n ? kWindowSize : std::min(size * n, kWindowSize);
    }
    const std::uint64_t align = v.align ? *v.align : esize;
    ModuleVar mv;
    mv.name = v.name;
    mv.size = size;
    mv.line = v.pos.line;
    if (v.space == "global") {
      global = align_up(global, align);
      mv.space = Space::Global;
      mv.address = module_base + global;
      global += size;
    } else {
      cbank = align_up(cbank, align);
      mv.space = Space::Const;
      mv.address = cbank;
      cbank += size;
    }
    address[v.name] = mv.space == Space::Global ? mv.address : kConstWindow + mv.address;
    if (global >= kWindowSize)
      fail(ErrorKind::Ptx, "{}:{}: the module's .global variables take 4 GiB or more with {} (the simulator gives each "
           "module a 4 GiB window)", module.path, v.pos.line, v.name);
    if (cbank > kMaxConstBytes)
      fail(ErrorKind::Ptx, "{}:{}: the module uses too much global constant data with {} ({:#x} bytes, {:#x} max)",
           module.path, v.pos.line, v.name, cbank, kMaxConstBytes);
    vars.push_back(std::move(mv));
  }
  // Initialisers (after every address is known, so a variable may point to a later one).
  std::size_t k = 0;
  for (const auto& v : module.globals) {
    if ((v.space != "global" && v.space != "const") || v.is_extern) continue;
    ModuleVar& mv = vars[k++];
    const ScalarType t = *parse_type(v.type);
    const unsigned esize = size_of(t);
    mv.init.assign(std::min<std::uint64_t>(mv.size, std::uint64_t{esize} * v.init.size()), 0);
    std::size_t at = 0;
    for (const auto& op : v.init) {
      switch (op.kind) {
        case ptx::Operand::Kind::Immediate: put(mv.init, at, static_cast<std::uint64_t>(op.ival), esize); break;
        case ptx::Operand::Kind::FloatImm: put(mv.init, at, float_bits(op, t), esize); break;
        case ptx::Operand::Kind::Symbol: {
          auto it = address.find(op.name);
          if (it == address.end())
            fail(ErrorKind::Ptx, "{}:{}: initialiser of {} names unknown variable '{}'", module.path, v.pos.line,
                 v.name, op.name);
          put(mv.init, at, it->second + static_cast<std::uint64_t>(op.ival), esize);
          break;
        }
        default: fail(ErrorKind::Ptx, "{}:{}: unsupported initialiser element in {}", module.path, v.pos.line, v.name);
      }
      at += esize;
    }
  }
  if (const_size != nullptr) *const_size = cbank;
  return vars;
}

}  // namespace warpsim::ir
