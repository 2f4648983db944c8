// Helpers shared by the libFuzzer targets: a private temporary folder per fuzzing process (for loaders that take
// a path) and writing the input there.
// Leaves out: cleaning the folder up (each process makes one, under $TMPDIR, and leaves it: a few small files).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

namespace fuzz {

// A folder created once per process (mkdtemp under $TMPDIR, else /tmp).
inline const std::string& temp_dir() {
  static const std::string dir = [] {
    const char* t = std::getenv("TMPDIR");
    std::string tmpl = std::string(t != nullptr && *t != '\0' ? t : "/tmp") + "/warpsim-fuzz-XXXXXX";
    if (mkdtemp(tmpl.data()) == nullptr) std::abort();
    return tmpl;
  }();
  return dir;
}

// Writes `bytes` to temp_dir()/name and returns the path.
inline std::string write_file(const std::string& name, std::string_view bytes) {
  const std::string path = temp_dir() + "/" + name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) std::abort();
  return path;
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace fuzz
