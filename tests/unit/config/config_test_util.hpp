// Helpers for the config tests: the data folder, temporary folders, small files, reading files back, the message of
// a config error.
#pragma once

#include <warpsim/common/error.hpp>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

namespace config_test {

namespace fs = std::filesystem;

inline std::string data_dir() { return std::string(WARPSIM_SOURCE_DIR) + "/tests/unit/config/data"; }

// A fresh folder under the system temp folder, removed with its contents at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    std::random_device rd;
    path = fs::temp_directory_path() / ("warpsim-config-test-" + std::to_string(rd()) + std::to_string(rd()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
};

inline std::string write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Runs f: the message of the config error it throws (any other kind of error fails the test), or `none`.
template <typename F>
std::string config_error(F&& f, const std::string& none = "(no error)") {
  try {
    f();
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    return e.what();
  }
  return none;
}

}  // namespace config_test
