// Every file a run config names (kernels[].ptx, buffers.*.init.file, expect.*.file, a GPU model given as a path)
// must be a file: a directory or a name holding a NUL character is an error naming the config file and the JSON
// path. The fuzz finding tests/data/fuzz-findings/expect-file-is-directory (an expect file that is /tmp) used to
// end in "internal error: basic_filebuf::underflow".
// Leaves out: a missing PTX file, reported when the run loads it (tests/integration/simt/655).
#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
using ojson = nlohmann::ordered_json;

namespace {

ojson base() {
  return ojson::parse(R"({
    "gpu": "tiny",
    "buffers": {"a": {"type": "f32", "count": 4}, "c": {"type": "f32", "count": 4}},
    "kernels": [{"ptx": "k.ptx", "entry": "k", "grid": 1, "block": 32, "args": [{"buffer": "a"}, {"buffer": "c"}]}]
  })");
}

std::string error_of(const ojson& cfg) {
  return config_test::config_error([&] { parse_run_config(cfg.dump(), "run.json"); });
}

}  // namespace

TEST_CASE("218 a directory where a config names a file is an error at its JSON path") {
  const std::string dir = config_test::data_dir();
  ojson c = base();
  c["expect"] = {{"c", {{"file", dir}}}};
  CHECK(error_of(c) == "run.json: expect.c.file: " + dir + " is a directory, not a file");
  c = base();
  c["buffers"]["a"]["init"] = {{"file", dir}};
  CHECK(error_of(c) == "run.json: buffers.a.init.file: " + dir + " is a directory, not a file");
  c = base();
  c["kernels"][0]["ptx"] = dir;
  CHECK(error_of(c) == "run.json: kernels[0].ptx: " + dir + " is a directory, not a file");
  c = base();
  c["gpu"] = dir;
  CHECK(error_of(c) == "run.json: gpu: GPU config file " + dir + " is a directory, not a file");
  CHECK_THROWS_WITH(load_gpu_config(dir), "GPU config file " + dir + " is a directory, not a file");
}

TEST_CASE("218 a file name holding a NUL character is an error at its JSON path") {
  ojson c = base();
  c["kernels"][0]["ptx"] = std::string("k\0.ptx", 6);
  CHECK(error_of(c) ==
        R"(run.json: kernels[0].ptx: "k\u0000.ptx" holds a NUL character (at byte 1), which no file name can)");
  c = base();
  c["expect"] = {{"c", {{"file", std::string("c.bin\0x", 7)}}}};
  CHECK(error_of(c) ==
        R"(run.json: expect.c.file: "c.bin\u0000x" holds a NUL character (at byte 5), which no file name can)");
  c = base();
  c["buffers"]["a"]["init"] = {{"file", std::string("\0", 1)}};
  CHECK(error_of(c) ==
        R"(run.json: buffers.a.init.file: "\u0000" holds a NUL character (at byte 0), which no file name can)");
  c = base();
  c["gpu"] = std::string("h200\0", 5);
  CHECK(error_of(c) == R"(run.json: gpu: "h200\u0000" holds a NUL character, which no GPU model or file name can)");
}

TEST_CASE("218 an expect file that cannot be read when the run ends names the config and its JSON path") {
  config_test::TempDir tmp;
  const std::string file = tmp.file("c.bin");
  config_test::write_file(file, std::string(4, '\0'));
  ojson c = base();
  c["expect"] = {{"c", {{"file", file}}}};
  const RunConfig cfg = parse_run_config(c.dump(), "run.json");
  REQUIRE(cfg.expects.size() == 1);
  CHECK(cfg.expects[0].json_path == "run.json: expect.c.file");
  std::filesystem::remove(file);
  const std::vector<std::byte> data(16);
  CHECK_THROWS_WITH(
      check_expect(cfg.expects[0], cfg.buffers[1], data),
      "run.json: expect.c.file: " + file + ": cannot read expected contents of buffer c (No such file or directory)");
  std::filesystem::create_directory(file);
  CHECK_THROWS_WITH(check_expect(cfg.expects[0], cfg.buffers[1], data),
                    "run.json: expect.c.file: " + file + ": is a directory, not the expected contents of buffer c");
}

TEST_CASE("218 the fuzz finding: an expect file that is /tmp") {
  const std::string path =
      std::string(WARPSIM_SOURCE_DIR) + "/tests/data/fuzz-findings/expect-file-is-directory/config.json";
  try {
    load_run_config(path);
    FAIL("the config loaded");
  } catch (const warpsim::Error& e) {
    CHECK(e.kind() == warpsim::ErrorKind::Config);
    CHECK(std::string(e.what()) == path + ": expect.out_mirror.file: /tmp is a directory, not a file");
  }
}

}  // namespace WARPSIM_UNITY_ID
