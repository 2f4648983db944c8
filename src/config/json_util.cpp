// Typed JSON getters with file + JSON-path errors, key checking with suggestions, strict JSON parsing.
// Leaves out: the meaning of any key (the callers' tables).
#include "config/json_util.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

namespace warpsim::config::detail {

JsonPath JsonPath::key(std::string_view k) const {
  return JsonPath(file_, path_.empty() ? std::string(k) : fmt::format("{}.{}", path_, k));
}

JsonPath JsonPath::index(std::size_t i) const { return JsonPath(file_, fmt::format("{}[{}]", path_, i)); }

std::string JsonPath::where() const { return path_.empty() ? file_ : fmt::format("{}: {}", file_, path_); }

std::string describe(const ojson& v) {
  std::string s = v.dump();
  constexpr std::size_t kMax = 60;
  if (s.size() > kMax) s = s.substr(0, kMax - 3) + "...";
  return s;
}

// A value where an integer is expected: one too large for 64 bits (held as a double) is written as the integer it
// is (18446744073709551616, not 1.8446744073709552e+19).
std::string describe_integer(const ojson& v) {
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (std::isfinite(d) && d == std::floor(d) && std::fabs(d) >= 0x1p53 && std::fabs(d) < 0x1p128)
      return fmt::format("{:.0f}", d);
  }
  return describe(v);
}

namespace {

template <typename T>
std::string range_text(T lo, T hi) {
  return fmt::format("[{}, {}]", lo, hi);
}

// An integral double, or nothing.
bool integral(double d) { return std::isfinite(d) && d == std::floor(d); }

}  // namespace

std::uint64_t get_uint(const ojson& v, const JsonPath& at, std::uint64_t lo, std::uint64_t hi) {
  std::uint64_t u = 0;
  if (v.is_number_unsigned()) {
    u = v.get<std::uint64_t>();
  } else if (v.is_number_float() && integral(v.get<double>()) && v.get<double>() >= 0) {
    const double d = v.get<double>();
    if (d >= 0x1p64) at.fail("{} is out of range {}", describe_integer(v), range_text(lo, hi));
    u = static_cast<std::uint64_t>(d);
  } else {
    at.fail("expected an unsigned integer, got {}", describe(v));
  }
  if (u < lo || u > hi) at.fail("{} is out of range {}", describe_integer(v), range_text(lo, hi));
  return u;
}

std::int64_t get_int(const ojson& v, const JsonPath& at, std::int64_t lo, std::int64_t hi) {
  std::int64_t i = 0;
  if (v.is_number_unsigned()) {
    if (v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi)) {
      at.fail("{} is out of range {}", describe_integer(v), range_text(lo, hi));
    }
    i = static_cast<std::int64_t>(v.get<std::uint64_t>());
  } else if (v.is_number_integer()) {
    i = v.get<std::int64_t>();
  } else if (v.is_number_float() && integral(v.get<double>())) {
    const double d = v.get<double>();
    if (d < -0x1p63 || d >= 0x1p63) at.fail("{} is out of range {}", describe_integer(v), range_text(lo, hi));
    i = static_cast<std::int64_t>(d);
  } else {
    at.fail("expected an integer, got {}", describe(v));
  }
  if (i < lo || i > hi) at.fail("{} is out of range {}", describe_integer(v), range_text(lo, hi));
  return i;
}

double get_number(const ojson& v, const JsonPath& at) {
  if (!v.is_number()) at.fail("expected a number, got {}", describe(v));
  return v.get<double>();
}

std::string get_string(const ojson& v, const JsonPath& at) {
  if (!v.is_string()) at.fail("expected a string, got {}", describe(v));
  return v.get<std::string>();
}

bool get_bool(const ojson& v, const JsonPath& at) {
  if (!v.is_boolean()) at.fail("expected true or false, got {}", describe(v));
  return v.get<bool>();
}

const ojson& get_object(const ojson& v, const JsonPath& at) {
  if (!v.is_object()) at.fail("expected an object, got {}", describe(v));
  return v;
}

const ojson& get_array(const ojson& v, const JsonPath& at) {
  if (!v.is_array()) at.fail("expected an array, got {}", describe(v));
  return v;
}

void check_keys(const ojson& obj, const JsonPath& at, std::initializer_list<std::string_view> allowed) {
  const std::vector<std::string> names(allowed.begin(), allowed.end());
  for (const auto& item : obj.items()) {
    if (std::find(names.begin(), names.end(), item.key()) != names.end()) continue;
    std::string hint = suggestion(item.key(), names);
    if (hint.empty()) hint = fmt::format(" (allowed: {})", fmt::join(names, ", "));
    at.key(item.key()).fail("unknown key{}", hint);
  }
}

const ojson& require(const ojson& obj, const JsonPath& at, std::string_view key) {
  const ojson* v = find(obj, key);
  if (v == nullptr) at.fail("missing required key \"{}\"", key);
  return *v;
}

const ojson* find(const ojson& obj, std::string_view key) {
  auto it = obj.find(std::string(key));
  return it == obj.end() ? nullptr : &*it;
}

namespace {

// Optimal-string-alignment distance: insertions, deletions, substitutions and adjacent transpositions.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

std::string_view last_component(std::string_view s) {
  const auto dot = s.rfind('.');
  return dot == std::string_view::npos ? s : s.substr(dot + 1);
}

}  // namespace

std::vector<std::string> close_names(std::string_view name, const std::vector<std::string>& candidates) {
  // Close: within a third of the name's length (at least 1, and less than the whole name), or the same
  // last dotted component ("max_warps" for "sm.max_warps"). Only the closest candidates are kept.
  const std::size_t limit = std::max<std::size_t>(1, name.size() / 3);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const auto& c : candidates) {
    std::size_t d = edit_distance(name, c);
    if (last_component(c) == last_component(name)) d = std::min(d, std::size_t{1});
    if (d <= limit && d < name.size()) scored.emplace_back(d, c);
  }
  std::vector<std::string> out;
  if (scored.empty()) return out;
  const std::size_t best = std::min_element(scored.begin(), scored.end())->first;
  for (const auto& [d, c] : scored) {
    if (d == best && out.size() < 3) out.push_back(c);
  }
  return out;
}

std::string suggestion(std::string_view name, const std::vector<std::string>& candidates) {
  const auto close = close_names(name, candidates);
  if (close.empty()) return {};
  if (close.size() == 1) return fmt::format(" (did you mean {}?)", close[0]);
  const std::vector<std::string> head(close.begin(), close.end() - 1);
  return fmt::format(" (did you mean {} or {}?)", fmt::join(head, ", "), close.back());
}

ojson parse_json(const std::string& text, const std::string& file) {
  std::vector<std::set<std::string>> open_objects;  // keys seen so far, per enclosing object
  auto callback = [&](int, ojson::parse_event_t event, ojson& parsed) {
    if (event == ojson::parse_event_t::object_start) {
      open_objects.emplace_back();
    } else if (event == ojson::parse_event_t::object_end) {
      open_objects.pop_back();
    } else if (event == ojson::parse_event_t::key) {
      const auto& k = parsed.get_ref<const std::string&>();
      if (!open_objects.back().insert(k).second) fail(ErrorKind::Config, "{}: duplicate key \"{}\"", file, k);
    }
    return true;
  };
  try {
    return ojson::parse(text, callback);
  } catch (const ojson::exception& e) {  // parse_error, and out_of_range for a number too large for a double
    std::string what = e.what();
    if (const auto end = what.find("] "); end != std::string::npos) what = what.substr(end + 2);
    fail(ErrorKind::Config, "{}: invalid JSON: {}", file, what);
  }
}

std::string read_text_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(ErrorKind::Config, "{}: cannot read file ({})", path, std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace warpsim::config::detail
