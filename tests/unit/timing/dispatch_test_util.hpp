// The kernel of the dispatch tests: one FFMA chain per warp (mov, 8 dependent FFMAs, exit). Alone on a
// sub-partition of tiny a warp takes 34 cycles: mov at 0, FFMA k at 2 + 4(k-1), exit at 31, the last FFMA's
// result at 34 (702-warps-interleave.cpp). Its CTA retires at the end of cycle 31, when its last warp exits.
#pragma once

#include "timing_test_util.hpp"

namespace dtest {

inline std::string chain(unsigned n = 8, const std::string& decls = "") {
  std::string body;
  for (unsigned i = 0; i < n; ++i) body += "  fma.rn.f32 %f1, %f1, %f1, %f1;\n";
  return ttest::header() + ".visible .entry k(.param .u64 out) {\n  .reg .f32 %f<2>;\n" + decls +
         "  mov.f32 %f1, 0f3F800000;\n" + body + "  exit;\n}\n";
}

}  // namespace dtest
