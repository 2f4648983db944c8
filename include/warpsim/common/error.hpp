// Errors with locations. Every error the user can cause (bad PTX, bad config, a simulated thread's fault)
// is a warpsim::Error whose message already names where it happened: FILE:LINE:COL for PTX, the JSON path
// for configs, CTA/warp/lane and PTX line for execution. The CLI prints what() and exits non-zero.
// Leaves out: error codes or recovery; one error stops the run.
#pragma once

#include <fmt/format.h>

#include <stdexcept>
#include <string>

namespace warpsim {

enum class ErrorKind { Input, Config, Ptx, Launch, Execution, Deadlock, Internal };

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, std::string message) : std::runtime_error(std::move(message)), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

// A location inside a text file: 1-based line and column.
struct SourceLoc {
  std::string file;
  unsigned line = 0;
  unsigned col = 0;
  std::string str() const { return fmt::format("{}:{}:{}", file, line, col); }
};

template <typename... Args>
[[noreturn]] void fail(ErrorKind kind, fmt::format_string<Args...> f, Args&&... args) {
  throw Error(kind, fmt::format(f, std::forward<Args>(args)...));
}

}  // namespace warpsim
