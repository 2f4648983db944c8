// Layout and initial bytes of module-scope .global and .const variables.
// Models: declaration-order placement with each variable's alignment; initialisers of integers, floats
// (converted to the variable's type) and addresses of other variables (`sym`, `generic(sym)`).
// Leaves out: .tex/.surf variables and .global variables declared extern (they have no storage here).
#include <warpsim/common/error.hpp>
#include <warpsim/ir/program.hpp>

#include <cstring>
#include <unordered_map>

namespace warpsim::ir {
namespace {

std::uint64_t align_up(std::uint64_t v, std::uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }

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
    for (auto d : v.dims) size *= (d == 0 ? 1 : d);
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
    vars.push_back(std::move(mv));
  }
  // Initialisers (after every address is known, so a variable may point to a later one).
  std::size_t k = 0;
  for (const auto& v : module.globals) {
    if ((v.space != "global" && v.space != "const") || v.is_extern) continue;
    ModuleVar& mv = vars[k++];
    mv.init.assign(mv.size, 0);
    const ScalarType t = *parse_type(v.type);
    const unsigned esize = size_of(t);
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
