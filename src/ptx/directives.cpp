// Directive tables (see directives.hpp), from the PTX ISA 9.0 list of directives.
// Leaves out: the debugging directives inside `.section` blocks, which the parser never reads.
#include "ptx/directives.hpp"

#include <algorithm>
#include <array>

namespace warpsim::ptx::detail {

namespace {

constexpr std::array<std::string_view, 7> kStateSpaces = {".global", ".const", ".shared", ".local",
                                                          ".tex",    ".param", ".reg"};
constexpr std::array<std::string_view, 12> kHeaderOnly = {
    ".maxntid",           ".reqntid",        ".minnctapersm",    ".maxnctapersm",
    ".maxnreg",           ".maxclusterrank", ".explicitcluster", ".reqnctapercluster",
    ".blocksareclusters", ".noreturn",       ".abi_preserve",    ".abi_preserve_control"};
constexpr std::array<std::string_view, 3> kBodyOnly = {".branchtargets", ".callprototype", ".calltargets"};
constexpr std::array<std::string_view, 11> kModuleOnly = {".entry",        ".func",    ".visible", ".extern",
                                                          ".weak",         ".common",  ".version", ".target",
                                                          ".address_size", ".section", ".alias"};
constexpr std::array<std::string_view, 17> kItemStarts = {
    ".visible", ".extern", ".weak",    ".common", ".entry",        ".func", ".global",  ".const", ".shared",
    ".local",   ".align",  ".version", ".target", ".address_size", ".file", ".section", ".alias"};

template <std::size_t N>
bool one_of(std::string_view s, const std::array<std::string_view, N>& list) {
  return std::ranges::find(list, s) != list.end();
}

}  // namespace

bool is_state_space(std::string_view directive) { return one_of(directive, kStateSpaces); }
bool is_header_directive(std::string_view directive) { return one_of(directive, kHeaderOnly); }
bool is_body_directive(std::string_view directive) { return one_of(directive, kBodyOnly); }
bool is_module_only(std::string_view directive) { return one_of(directive, kModuleOnly); }
bool starts_module_item(std::string_view directive) { return one_of(directive, kItemStarts); }

}  // namespace warpsim::ptx::detail
