// dump_buffers writes <name>.bin and buffers.json with SHA-256 sums, and replaces an existing folder whole.
#include <warpsim/config/run_config.hpp>

#include "config_test_util.hpp"

#include <nlohmann/json.hpp>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::config;
namespace fs = std::filesystem;

namespace {

std::vector<std::byte> bytes(const std::string& s) {
  std::vector<std::byte> b;
  for (char c : s) b.push_back(static_cast<std::byte>(c));
  return b;
}

BufferSpec spec(const std::string& name, ElemType t, std::uint64_t count) {
  BufferSpec s;
  s.name = name;
  s.type = t;
  s.count = count;
  return s;
}

}  // namespace

TEST_CASE("SHA-256 of known strings") {
  CHECK(sha256_hex("abc", 3) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(sha256_hex("", 0) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST_CASE("a dump holds the raw buffers and their sums, in config order") {
  config_test::TempDir tmp;
  const std::string dir = tmp.file("out");
  dump_buffers(dir, {spec("z", ElemType::U8, 3), spec("a", ElemType::U32, 1)},
               {bytes("abc"), bytes("\x01\x02\x03\x04")});
  CHECK(config_test::read_file(dir + "/z.bin") == "abc");
  CHECK(config_test::read_file(dir + "/a.bin") == "\x01\x02\x03\x04");
  const auto doc = nlohmann::ordered_json::parse(config_test::read_file(dir + "/buffers.json"));
  const auto want = nlohmann::ordered_json::parse(R"({"buffers": [
    {"name": "z", "type": "u8", "count": 3, "sha256": "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"name": "a", "type": "u32", "count": 1, "sha256": "9f64a747e1b97f131fabb6b447296c9b6f0201e79fb3c5356e6c77e89b6a806a"}]})");
  CHECK(doc == want);
}

TEST_CASE("a second dump replaces the first whole, leaving nothing beside it") {
  config_test::TempDir tmp;
  const std::string dir = tmp.file("out");
  dump_buffers(dir, {spec("old", ElemType::U8, 1)}, {bytes("x")});
  dump_buffers(dir + "/", {spec("new", ElemType::U8, 2)}, {bytes("yz")});
  CHECK(!fs::exists(dir + "/old.bin"));
  CHECK(config_test::read_file(dir + "/new.bin") == "yz");
  std::vector<std::string> entries;
  for (const auto& e : fs::directory_iterator(tmp.path)) entries.push_back(e.path().filename().string());
  CHECK(entries == std::vector<std::string>{"out"});
}

TEST_CASE("a failed dump leaves the old folder as it was") {
  config_test::TempDir tmp;
  const std::string dir = tmp.file("out");
  dump_buffers(dir, {spec("keep", ElemType::U8, 1)}, {bytes("k")});
  // A buffer name that cannot be a file name fails while writing the temporary folder.
  CHECK_THROWS_AS(dump_buffers(dir, {spec("no/such/dir", ElemType::U8, 1)}, {bytes("x")}), warpsim::Error);
  CHECK(config_test::read_file(dir + "/keep.bin") == "k");
  std::size_t n = 0;
  for (const auto& e : fs::directory_iterator(tmp.path)) n += e.is_directory() ? 1 : 0;
  CHECK(n == 1);
}

TEST_CASE("dump argument errors") {
  config_test::TempDir tmp;
  CHECK_THROWS_WITH(dump_buffers(tmp.file("out"), {spec("a", ElemType::U32, 2)}, {bytes("abc")}),
                    "dump_buffers: buffer a holds 3 bytes, expected 8");
  config_test::write_file(tmp.file("file"), "x");
  CHECK_THROWS_WITH(dump_buffers(tmp.file("file"), {}, std::vector<std::vector<std::byte>>{}),
                    tmp.file("file") + ": exists and is not a folder");
}

}  // namespace WARPSIM_UNITY_ID
