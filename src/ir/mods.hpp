// Classification of an instruction's dot-modifiers into types, rounding, state space, vector width,
// flags and remaining words, shared by every opcode decoder.
// Leaves out: which modifiers an opcode accepts (each decoder checks the words it understands).
#pragma once

#include <warpsim/ir/instr.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace warpsim::ir::detail {

struct Mods {
  std::vector<ScalarType> types;
  Rnd rnd = Rnd::None;
  Space space = Space::None;
  unsigned vec = 1;
  std::uint64_t flags = 0;
  std::vector<std::string_view> words;  // everything not classified above, in order
  std::vector<std::string_view> used;   // words a decoder consumed

  bool has(std::string_view w) const {
    for (auto x : words)
      if (x == w) return true;
    return false;
  }
  // Marks w consumed and returns whether it was present.
  bool take(std::string_view w) {
    for (auto x : words)
      if (x == w) {
        used.push_back(x);
        return true;
      }
    return false;
  }
  // Marks every occurrence of w consumed (a word may repeat: mma's .u4.u4).
  void take_all(std::string_view w) {
    for (auto x : words)
      if (x == w) used.push_back(x);
  }
  // The first word not consumed by the decoder and not harmless (cache and ordering hints), or "".
  std::string_view leftover() const;
};

Mods classify(const std::vector<std::string>& modifiers);

}  // namespace warpsim::ir::detail
