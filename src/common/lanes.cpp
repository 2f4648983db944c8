// Lane sets as text (see common/types.hpp).
#include <warpsim/common/types.hpp>

#include <fmt/format.h>

namespace warpsim {

std::string lane_ranges(LaneMask m) {
  std::string s;
  int start = -1;
  for (int i = 0; i <= 32; ++i) {
    const bool on = i < 32 && m.test(static_cast<unsigned>(i));
    if (on && start < 0) start = i;
    if (!on && start >= 0) {
      s += (s.empty() ? "" : ",") + (start == i - 1 ? fmt::format("{}", start) : fmt::format("{}-{}", start, i - 1));
      start = -1;
    }
  }
  return s.empty() ? "none" : s;
}

}  // namespace warpsim
