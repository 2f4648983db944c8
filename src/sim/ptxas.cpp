// Running ptxas for register counts, with a disk cache (see sim/ptxas.hpp).
#include <warpsim/sim/ptxas.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include <unistd.h>

namespace warpsim::sim {
namespace {

namespace fs = std::filesystem;

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `cmd` through the shell; returns its stdout+stderr and exit status.
std::pair<std::string, int> run_command(const std::string& cmd) {
  std::string out;
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  if (p == nullptr) return {"", -1};
  char buf[4096];
  while (const std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int status = pclose(p);
  return {out, status};
}

std::string env(const char* name) {
  const char* v = std::getenv(name);
  return v == nullptr ? "" : v;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return "";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_cache(const fs::path& file, const std::string& text) {
  std::error_code ec;
  fs::create_directories(file.parent_path(), ec);
  if (ec) return;
  const fs::path tmp = file.string() + fmt::format(".tmp{}", static_cast<long>(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary);
    if (!out) return;
    out << text;
    if (!out) return;
  }
  fs::rename(tmp, file, ec);
  if (ec) fs::remove(tmp, ec);
}

}  // namespace

std::string find_ptxas() {
  std::stringstream path(env("PATH"));
  std::string d;
  while (std::getline(path, d, ':')) {
    if (d.empty()) continue;
    const fs::path p = fs::path(d) / "ptxas";
    std::error_code ec;
    if (fs::is_regular_file(p, ec)) return p.string();
  }
  std::error_code ec;
  if (fs::is_regular_file("/usr/local/cuda/bin/ptxas", ec)) return "/usr/local/cuda/bin/ptxas";
  return "";
}

std::map<std::string, PtxasKernel> parse_ptxas_output(const std::string& text) {
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used (\d+) registers)");
  static const std::regex smem(R"((\d+) bytes smem)");
  std::map<std::string, PtxasKernel> out;
  std::string current;
  std::stringstream ss(text);
  std::string line;
  std::smatch m;
  while (std::getline(ss, line)) {
    if (std::regex_search(line, m, entry)) {
      current = m[1];
      out[current];
    } else if (line.find("Function properties for") != std::string::npos && line.find(current) == std::string::npos) {
      current.clear();  // a device function's properties follow
    } else if (!current.empty() && std::regex_search(line, m, used)) {
      out[current].registers = static_cast<unsigned>(std::stoul(m[1]));
      if (std::regex_search(line, m, smem)) out[current].static_smem = std::stoull(m[1]);
      current.clear();
    }
  }
  return out;
}

std::string ptxas_cache_dir() {
  if (const auto d = env("WARPSIM_CACHE"); !d.empty()) return d;
  if (const auto d = env("XDG_CACHE_HOME"); !d.empty()) return (fs::path(d) / "warpsim").string();
  if (const auto d = env("HOME"); !d.empty()) return (fs::path(d) / ".cache" / "warpsim").string();
  return "";
}

std::optional<PtxasReport> ptxas_resources(const std::string& path, const std::string& ptx_text,
                                           const std::string& target) {
  const std::string exe = find_ptxas();
  if (exe.empty()) return std::nullopt;
  PtxasReport r;
  const auto [version_text, vstatus] = run_command(quote(exe) + " --version");
  static const std::regex release(R"(release (\d+\.\d+))");
  std::smatch m;
  r.version = vstatus == 0 && std::regex_search(version_text, m, release) ? std::string(m[1]) : "unknown";

  const std::string key = ptx_text + '\0' + target + '\0' + version_text;
  const std::string dir = ptxas_cache_dir();
  const fs::path file =
      dir.empty() ? fs::path() : fs::path(dir) / ("ptxas-" + config::sha256_hex(key.data(), key.size()) + ".txt");
  std::string output = file.empty() ? "" : read_file(file);
  r.cached = !output.empty();
  if (!r.cached) {
    const auto [text, status] =
        run_command(fmt::format("{} -arch={} -v {} -o /dev/null", quote(exe), quote(target), quote(path)));
    if (status != 0)
      fail(ErrorKind::Launch, "ptxas -arch={} -v {} failed (exit status {}):\n{}", target, path, status, text);
    output = text;
    if (!file.empty()) write_cache(file, output);
  }
  r.kernels = parse_ptxas_output(output);
  return r;
}

unsigned ptxas_entry_registers(const std::string& path, const std::string& target, const std::string& entry) {
  std::ifstream in(path, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto report = ptxas_resources(path, text, target);
  if (!report) return 0;
  const auto it = report->kernels.find(entry);
  return it == report->kernels.end() ? 0 : it->second.registers;
}

}  // namespace warpsim::sim
