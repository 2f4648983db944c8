// Helpers for the --racecheck tests: the PTX line a marker comment sits on (a hazard report names lines), and the
// check of one listed hazard's kind, count and first description.
#pragma once

#include "simt_util.hpp"

#include <sstream>
#include <string>

namespace racex {

// The line of `ptx` holding `marker` (a comment at its end), counted from 1.
inline unsigned line_of(const std::string& ptx, const std::string& marker) {
  std::istringstream in(ptx);
  std::string line;
  for (unsigned n = 1; std::getline(in, line); ++n)
    if (line.find(marker) != std::string::npos) return n;
  FAIL("no line holds " << marker);
  return 0;
}

inline void check_hazard(const warpsim::func::Hazard& h, warpsim::func::HazardKind kind, std::uint64_t count,
                         const std::string& first) {
  CHECK(h.kind == kind);
  CHECK(h.count == count);
  CHECK(h.first == first);
}

}  // namespace racex
