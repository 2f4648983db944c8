// Writing final buffer contents: DIR/<name>.bin (raw little-endian) and DIR/buffers.json (name, type,
// count, SHA-256), all or nothing.
//
// Models: the files are written into a fresh sibling folder, which then replaces DIR by rename; an existing
// DIR is first renamed aside and removed once the new one is in place. A failure leaves DIR as it was.
// Buffers are read and written in 16 MiB pieces, so a buffer larger than memory can be dumped.
// Leaves out: fsync (a crash may lose the dump, but never leaves a half-written DIR behind a rename).
#include <warpsim/config/run_config.hpp>

#include "config/json_util.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>

namespace warpsim::config {

namespace fs = std::filesystem;

namespace {

// A sibling of `target` that did not exist: "<name><tag><random hex>".
fs::path fresh_sibling(const fs::path& target, const char* tag, bool create) {
  thread_local std::mt19937_64 gen{std::random_device{}()};
  for (int attempt = 0; attempt < 100; ++attempt) {
    const fs::path p = target.parent_path() / fmt::format("{}{}{:016x}", target.filename().string(), tag, gen());
    if (create ? fs::create_directory(p) : !fs::exists(p)) return p;
  }
  fail(ErrorKind::Config, "{}: cannot find a free temporary name beside it", target.string());
}

// Writes buffer `i` to `p` in pieces and returns its SHA-256.
std::string write_buffer(const fs::path& p, std::size_t i, std::uint64_t size, const BufferReader& read) {
  constexpr std::uint64_t kChunk = std::uint64_t{16} << 20;
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> md(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!md || EVP_DigestInit_ex(md.get(), EVP_sha256(), nullptr) != 1) fail(ErrorKind::Internal, "SHA-256 failed");
  std::vector<std::byte> buf(static_cast<std::size_t>(std::min(size, kChunk)));
  for (std::uint64_t off = 0; off < size && out; off += kChunk) {
    const std::uint64_t n = std::min(kChunk, size - off);
    read(i, off, n, buf.data());
    out.write(reinterpret_cast<const char*>(buf.data()), static_cast<std::streamsize>(n));
    if (EVP_DigestUpdate(md.get(), buf.data(), n) != 1) fail(ErrorKind::Internal, "SHA-256 failed");
  }
  out.close();
  if (!out) fail(ErrorKind::Config, "{}: cannot write file", p.string());
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  if (EVP_DigestFinal_ex(md.get(), digest, &len) != 1) fail(ErrorKind::Internal, "SHA-256 failed");
  std::string hex;
  for (unsigned k = 0; k < len; ++k) hex += fmt::format("{:02x}", digest[k]);
  return hex;
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) fail(ErrorKind::Config, "{}: cannot write file", p.string());
}

void write_all(const fs::path& dir, const std::vector<BufferSpec>& specs, const BufferReader& read) {
  detail::ojson list = detail::ojson::array();
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const std::uint64_t size = specs[i].count * elem_size(specs[i].type);
    const std::string sha = write_buffer(dir / (specs[i].name + ".bin"), i, size, read);
    list.push_back(
        {{"name", specs[i].name}, {"type", elem_name(specs[i].type)}, {"count", specs[i].count}, {"sha256", sha}});
  }
  write_text(dir / "buffers.json", detail::ojson{{"buffers", list}}.dump(2) + "\n");
}

}  // namespace

std::string sha256_hex(const void* data, std::size_t size) {
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned len = 0;
  if (EVP_Digest(data, size, md, &len, EVP_sha256(), nullptr) != 1) fail(ErrorKind::Internal, "SHA-256 failed");
  std::string hex;
  for (unsigned i = 0; i < len; ++i) hex += fmt::format("{:02x}", md[i]);
  return hex;
}

void dump_buffers(const std::string& dir, const std::vector<BufferSpec>& specs,
                  const std::vector<std::vector<std::byte>>& data) {
  if (specs.size() != data.size())
    fail(ErrorKind::Internal, "dump_buffers: {} specs, {} buffers", specs.size(), data.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (data[i].size() != specs[i].count * elem_size(specs[i].type)) {
      fail(ErrorKind::Internal, "dump_buffers: buffer {} holds {} bytes, expected {}", specs[i].name, data[i].size(),
           specs[i].count * elem_size(specs[i].type));
    }
  }
  dump_buffers(dir, specs, [&](std::size_t i, std::uint64_t off, std::uint64_t n, std::byte* out) {
    std::memcpy(out, data[i].data() + off, n);
  });
}

void dump_buffers(const std::string& dir, const std::vector<BufferSpec>& specs, const BufferReader& read) {
  fs::path target = fs::absolute(fs::path(dir)).lexically_normal();
  if (!target.has_filename()) target = target.parent_path();  // "out/"
  if (target.filename() == "." || target.filename() == ".." || target == target.root_path()) {
    fail(ErrorKind::Config, "{}: cannot dump buffers here; name a folder of its own", dir);
  }
  fs::path tmp, aside;
  try {
    fs::create_directories(target.parent_path());
    tmp = fresh_sibling(target, ".tmp-", true);
    write_all(tmp, specs, read);
    if (fs::exists(target)) {
      if (!fs::is_directory(target)) fail(ErrorKind::Config, "{}: exists and is not a folder", dir);
      aside = fresh_sibling(target, ".old-", false);
      fs::rename(target, aside);
    }
    fs::rename(tmp, target);
    tmp.clear();
  } catch (const fs::filesystem_error& e) {
    std::error_code ignored;
    if (!aside.empty() && !fs::exists(target, ignored)) fs::rename(aside, target, ignored);
    if (!tmp.empty()) fs::remove_all(tmp, ignored);
    fail(ErrorKind::Config, "{}: cannot write buffer dump ({})", dir, e.what());
  } catch (...) {
    std::error_code ignored;
    if (!tmp.empty()) fs::remove_all(tmp, ignored);
    throw;
  }
  if (!aside.empty()) fs::remove_all(aside);
}

}  // namespace warpsim::config
