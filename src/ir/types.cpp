// Names and properties of PTX scalar types, rounding modes and comparisons (see ir/types.hpp).
#include <warpsim/ir/types.hpp>

#include <array>
#include <utility>

namespace warpsim::ir {
namespace {
struct TypeRow {
  ScalarType t;
  std::string_view name;
  unsigned size;
};
constexpr std::array<TypeRow, 29> kTypes{{
    {ScalarType::Pred, "pred", 1},     {ScalarType::B8, "b8", 1},         {ScalarType::B16, "b16", 2},
    {ScalarType::B32, "b32", 4},       {ScalarType::B64, "b64", 8},       {ScalarType::B128, "b128", 16},
    {ScalarType::U8, "u8", 1},         {ScalarType::U16, "u16", 2},       {ScalarType::U32, "u32", 4},
    {ScalarType::U64, "u64", 8},       {ScalarType::S8, "s8", 1},         {ScalarType::S16, "s16", 2},
    {ScalarType::S32, "s32", 4},       {ScalarType::S64, "s64", 8},       {ScalarType::F16, "f16", 2},
    {ScalarType::F16x2, "f16x2", 4},   {ScalarType::BF16, "bf16", 2},     {ScalarType::BF16x2, "bf16x2", 4},
    {ScalarType::F32, "f32", 4},       {ScalarType::F64, "f64", 8},       {ScalarType::TF32, "tf32", 4},
    {ScalarType::E4M3x2, "e4m3x2", 2}, {ScalarType::E5M2x2, "e5m2x2", 2}, {ScalarType::E2M3x2, "e2m3x2", 2},
    {ScalarType::E3M2x2, "e3m2x2", 2}, {ScalarType::E2M1x2, "e2m1x2", 1}, {ScalarType::UE8M0x2, "ue8m0x2", 2},
    {ScalarType::None, "", 0},         {ScalarType::None, "", 0},
}};
}  // namespace

namespace {
constexpr std::array<unsigned, 32> make_sizes() {
  std::array<unsigned, 32> a{};
  for (const auto& r : kTypes)
    if (!r.name.empty()) a[static_cast<std::size_t>(r.t)] = r.size;
  return a;
}
constexpr std::array<unsigned, 32> kSizes = make_sizes();
}  // namespace

unsigned size_of(ScalarType t) {
  const auto i = static_cast<std::size_t>(t);
  return i < kSizes.size() ? kSizes[i] : 0;
}
std::string_view name(ScalarType t) {
  for (const auto& r : kTypes)
    if (r.t == t && !r.name.empty()) return r.name;
  return "none";
}
std::optional<ScalarType> parse_type(std::string_view s) {
  for (const auto& r : kTypes)
    if (!r.name.empty() && r.name == s) return r.t;
  return std::nullopt;
}
bool is_float(ScalarType t) {
  switch (t) {
    case ScalarType::F16:
    case ScalarType::F16x2:
    case ScalarType::BF16:
    case ScalarType::BF16x2:
    case ScalarType::F32:
    case ScalarType::F64:
    case ScalarType::TF32:
    case ScalarType::E4M3x2:
    case ScalarType::E5M2x2:
    case ScalarType::E2M3x2:
    case ScalarType::E3M2x2:
    case ScalarType::E2M1x2:
    case ScalarType::UE8M0x2: return true;
    default: return false;
  }
}
bool is_signed(ScalarType t) {
  return t == ScalarType::S8 || t == ScalarType::S16 || t == ScalarType::S32 || t == ScalarType::S64;
}
bool is_unsigned(ScalarType t) {
  return t == ScalarType::U8 || t == ScalarType::U16 || t == ScalarType::U32 || t == ScalarType::U64;
}
bool is_bits(ScalarType t) {
  return t == ScalarType::B8 || t == ScalarType::B16 || t == ScalarType::B32 || t == ScalarType::B64 ||
         t == ScalarType::B128;
}

std::optional<Rnd> parse_rnd(std::string_view s) {
  static constexpr std::pair<std::string_view, Rnd> kRows[] = {
      {"rn", Rnd::RN}, {"rz", Rnd::RZ},   {"rm", Rnd::RM},   {"rp", Rnd::RP},   {"rna", Rnd::RNA},
      {"rs", Rnd::RS}, {"rni", Rnd::RNI}, {"rzi", Rnd::RZI}, {"rmi", Rnd::RMI}, {"rpi", Rnd::RPI}};
  for (auto& [n, r] : kRows)
    if (n == s) return r;
  return std::nullopt;
}

std::optional<Cmp> parse_cmp(std::string_view s) {
  static constexpr std::pair<std::string_view, Cmp> kRows[] = {
      {"eq", Cmp::EQ},   {"ne", Cmp::NE},   {"lt", Cmp::LT},   {"le", Cmp::LE},   {"gt", Cmp::GT},
      {"ge", Cmp::GE},   {"lo", Cmp::LO},   {"ls", Cmp::LS},   {"hi", Cmp::HI},   {"hs", Cmp::HS},
      {"equ", Cmp::EQU}, {"neu", Cmp::NEU}, {"ltu", Cmp::LTU}, {"leu", Cmp::LEU}, {"gtu", Cmp::GTU},
      {"geu", Cmp::GEU}, {"num", Cmp::NUM}, {"nan", Cmp::NAN_}};
  for (auto& [n, c] : kRows)
    if (n == s) return c;
  return std::nullopt;
}

}  // namespace warpsim::ir
