// Parsing PTX text into a ptx::Module.
// Models: the lexical and syntactic structure of PTX ISA 9.0 modules; scope resolution of nested blocks.
// Leaves out: whether an instruction is implemented (ir/ decides); type checking of operands.
#pragma once

#include <warpsim/ptx/ast.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace warpsim::ptx {

struct Diagnostic {
  Pos pos;
  std::string message;
};

struct ParseResult {
  Module module;
  std::vector<Diagnostic> errors;  // empty on success; parsing recovers at the next ';' or '}' to find more
  bool ok() const { return errors.empty(); }
  // Every error as "FILE:LINE:COL: message", one per line.
  std::string format_errors() const;
};

// Parses `text`; `path` is only used in messages.
ParseResult parse(std::string_view text, std::string path);

// Reads and parses a file; throws warpsim::Error(ErrorKind::Ptx) with all diagnostics if it fails, or
// ErrorKind::Input if the file cannot be read.
Module parse_file(const std::string& path);

}  // namespace warpsim::ptx
