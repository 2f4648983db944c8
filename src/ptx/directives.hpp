// Which directives may appear where: the tables the parser consults to accept a directive, to say where a
// misplaced one belongs, and to find a safe place to resume after an error.
// Leaves out: how each directive is parsed (module.cpp, declarations.cpp, functions.cpp).
#pragma once

#include <string_view>

namespace warpsim::ptx::detail {

bool is_state_space(std::string_view directive);       // .global .const .shared .local .tex .param .reg
bool is_header_directive(std::string_view directive);  // .maxntid, .noreturn, ...: function headers only
bool is_body_directive(std::string_view directive);    // .branchtargets, .callprototype, .calltargets
bool is_module_only(std::string_view directive);       // .entry, .visible, .version, ...: never in a body
bool starts_module_item(std::string_view directive);   // where module-scope error recovery may resume

}  // namespace warpsim::ptx::detail
