// Modifier classification (see mods.hpp). Cache operators, eviction hints, memory-ordering semantics and
// scopes change no functional result in this simulator, so they are accepted everywhere.
#include "mods.hpp"

#include <array>

namespace warpsim::ir::detail {
namespace {

constexpr std::array<std::string_view, 24> kHarmless = {"ca",
                                                        "cg",
                                                        "cs",
                                                        "lu",
                                                        "cv",
                                                        "wb",
                                                        "wt",
                                                        "nc",
                                                        "relaxed",
                                                        "acquire",
                                                        "release",
                                                        "acq_rel",
                                                        "sc",
                                                        "weak",
                                                        "mmio",
                                                        "cta",
                                                        "gpu",
                                                        "sys",
                                                        "cluster",
                                                        "level::eviction_priority",
                                                        "unified",
                                                        "sync_restrict::shared::cluster",
                                                        "L2::cache_hint",
                                                        "noftz"};

bool harmless(std::string_view w) {
  if (w.starts_with("L1::") || w.starts_with("L2::")) return true;
  for (auto h : kHarmless)
    if (h == w) return true;
  return false;
}

}  // namespace

std::string_view Mods::leftover() const {
  for (auto w : words) {
    bool consumed = false;
    for (auto u : used) consumed |= (u.data() == w.data());
    if (!consumed && !harmless(w)) return w;
  }
  return {};
}

Mods classify(const std::vector<std::string>& modifiers) {
  Mods m;
  bool cta_scope = false, l2_only = false;  // kL1Bypass: see instr.hpp
  for (const std::string& s : modifiers) {
    std::string_view w = s;
    if (auto t = parse_type(w)) {
      m.types.push_back(*t);
    } else if (w == "v2" || w == "v4" || w == "v8") {
      m.vec = static_cast<unsigned>(w[1] - '0');
    } else if (w == "global") {
      m.space = Space::Global;
    } else if (w == "shared" || w == "shared::cta") {
      m.space = Space::Shared;
    } else if (w == "shared::cluster") {
      m.space = Space::SharedCluster;
    } else if (w == "local") {
      m.space = Space::Local;
    } else if (w == "const") {
      m.space = Space::Const;
    } else if (w == "param" || w == "param::entry" || w == "param::func") {
      m.space = w == "param::func" ? Space::ParamFunc : Space::ParamKernel;  // plain .param: resolved by symbol
    } else if (auto r = parse_rnd(w); r && w != "rs") {
      m.rnd = *r;
    } else if (w == "ftz") {
      m.flags |= kFtz;
    } else if (w == "sat") {
      m.flags |= kSat;
    } else if (w == "approx") {
      m.flags |= kApprox;
    } else if (w == "full") {
      m.flags |= kFull;
    } else if (w == "cc") {
      m.flags |= kCC;
    } else if (w == "uni") {
      m.flags |= kUni;
    } else if (w == "NaN") {
      m.flags |= kNaN;
    } else if (w == "relu") {
      m.flags |= kRelu;
    } else if (w == "satfinite") {
      m.flags |= kSatfinite;
    } else if (w == "aligned") {
      m.flags |= kAligned;
    } else if (w == "volatile") {
      m.flags |= kVolatile;
    } else if (w == "relaxed" || w == "acquire" || w == "release" || w == "acq_rel" || w == "sc" || w == "mmio") {
      m.flags |= kMemOrder;  // no functional effect here; the ptxas model keeps such accesses in order
      m.words.push_back(w);
    } else {
      // .cg caches in L2 only and .cv fetches again (PTX ISA, "Cache Operators"); both go to L2.
      if (w == "cg" || w == "cv") l2_only = true;
      if (w == "cta") cta_scope = true;
      if (w == "nc") m.flags |= kNc;  // ld.global.nc: read-only data (the ptxas model moves it across barriers)
      m.words.push_back(w);
    }
  }
  // A strong access wider than the CTA must see other SMs' writes, which L1 does not track: ptxas emits
  // LDG.E.STRONG.GPU / .SYS for it (as for .cg: SASS of traces/ubench_store_drain's read_passes), served by L2.
  if (l2_only || ((m.flags & (kMemOrder | kVolatile)) != 0 && !cta_scope)) m.flags |= kL1Bypass;
  return m;
}

}  // namespace warpsim::ir::detail
