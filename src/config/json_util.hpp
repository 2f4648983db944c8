// Typed access to parsed JSON with errors that name the file and the JSON path.
//
// Models: a JsonPath ("kernels[0].block[1]", "sm.max_warps") that grows as parsing descends, typed getters
// (unsigned/signed integers, numbers, strings, objects, arrays) whose errors read
// `FILE: PATH: expected an unsigned integer, got "abc"`, closed key sets ("unknown key" with close-name
// suggestions), and JSON text parsing that rejects duplicate keys.
// Leaves out: what the keys mean (gpu_config.cpp, run_config.cpp).
#pragma once

#include <warpsim/common/error.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::config::detail {

using ojson = nlohmann::ordered_json;

// Where a value sits: the file (or another label such as "--set") and the path inside it.
class JsonPath {
 public:
  explicit JsonPath(std::string file, std::string path = {}) : file_(std::move(file)), path_(std::move(path)) {}
  JsonPath key(std::string_view k) const;  // path.k (or k at the root)
  JsonPath index(std::size_t i) const;     // path[i]
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  // "FILE: PATH" or just "FILE" at the root.
  std::string where() const;

  template <typename... Args>
  [[noreturn]] void fail(fmt::format_string<Args...> f, Args&&... args) const {
    warpsim::fail(ErrorKind::Config, "{}: {}", where(), fmt::format(f, std::forward<Args>(args)...));
  }

 private:
  std::string file_;
  std::string path_;
};

// A short rendering of a JSON value for messages: "abc" quoted, numbers as written, long values cut.
std::string describe(const ojson& v);
// The same where an integer is expected: an integer too large for 64 bits (held as a double) is written as the
// integer it is (18446744073709551616, not 1.8446744073709552e+19).
std::string describe_integer(const ojson& v);

// Integers: JSON integers, or floats with an integral value (1e6). Anything else is an error.
std::uint64_t get_uint(const ojson& v, const JsonPath& at, std::uint64_t lo = 0, std::uint64_t hi = UINT64_MAX);
std::int64_t get_int(const ojson& v, const JsonPath& at, std::int64_t lo = INT64_MIN, std::int64_t hi = INT64_MAX);
double get_number(const ojson& v, const JsonPath& at);
std::string get_string(const ojson& v, const JsonPath& at);
bool get_bool(const ojson& v, const JsonPath& at);
const ojson& get_object(const ojson& v, const JsonPath& at);
const ojson& get_array(const ojson& v, const JsonPath& at);

// Rejects keys of `obj` outside `allowed`: "PATH.key: unknown key (did you mean x?)".
void check_keys(const ojson& obj, const JsonPath& at, std::initializer_list<std::string_view> allowed);
// obj[key], or an error "PATH: missing required key \"key\"".
const ojson& require(const ojson& obj, const JsonPath& at, std::string_view key);
// obj[key] or nullptr.
const ojson* find(const ojson& obj, std::string_view key);

// Up to three candidates close to `name` (edit distance, or the same last dotted component), closest first.
std::vector<std::string> close_names(std::string_view name, const std::vector<std::string>& candidates);
// " (did you mean a or b?)" or "".
std::string suggestion(std::string_view name, const std::vector<std::string>& candidates);

// Parses JSON text; syntax errors and duplicate keys are errors naming `file`.
ojson parse_json(const std::string& text, const std::string& file);
// Reads a whole file; an error naming it if it cannot be read.
std::string read_text_file(const std::string& path);

}  // namespace warpsim::config::detail
