// PTX instrumentation for per-warp timelines (see sim/instrument.hpp).
#include <warpsim/sim/instrument.hpp>

#include <warpsim/common/error.hpp>
#include <warpsim/config/run_config.hpp>
#include <warpsim/ptx/parser.hpp>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

namespace warpsim::sim {
namespace {

namespace fs = std::filesystem;

// Registers and the prologue that computes this warp's record address and records its start and SM.
constexpr const char* kDecls =
    "\n\t.reg .b64 %wsim_rd<5>;\n\t.reg .b32 %wsim_r<8>;\n\t.reg .b32 %wsim_e<4>;\n\t.reg .pred %wsim_p0;\n"
    "\t.reg .pred %wsim_q0;\n";

std::string prologue() {
  return fmt::format(
      "\t// warpsim instrument: record address = trace + 24 * (linear CTA * warps per CTA + warp)\n"
      "\tld.param.u64 %wsim_rd0, [{0}];\n"
      "\tcvta.to.global.u64 %wsim_rd0, %wsim_rd0;\n"
      "\tmov.u32 %wsim_r0, %ctaid.x;\n\tmov.u32 %wsim_r1, %ctaid.y;\n\tmov.u32 %wsim_r2, %ctaid.z;\n"
      "\tmov.u32 %wsim_r3, %nctaid.x;\n\tmov.u32 %wsim_r4, %nctaid.y;\n"
      "\tmad.lo.u32 %wsim_r2, %wsim_r2, %wsim_r4, %wsim_r1;\n"
      "\tmad.lo.u32 %wsim_r0, %wsim_r2, %wsim_r3, %wsim_r0;\n"
      "\tmov.u32 %wsim_r1, %tid.x;\n\tmov.u32 %wsim_r2, %tid.y;\n\tmov.u32 %wsim_r3, %tid.z;\n"
      "\tmov.u32 %wsim_r4, %ntid.x;\n\tmov.u32 %wsim_r5, %ntid.y;\n"
      "\tmad.lo.u32 %wsim_r3, %wsim_r3, %wsim_r5, %wsim_r2;\n"
      "\tmad.lo.u32 %wsim_r1, %wsim_r3, %wsim_r4, %wsim_r1;\n"
      "\tmul.lo.u32 %wsim_r5, %wsim_r4, %wsim_r5;\n"
      "\tmov.u32 %wsim_r6, %ntid.z;\n\tmul.lo.u32 %wsim_r5, %wsim_r5, %wsim_r6;\n"
      "\tadd.u32 %wsim_r5, %wsim_r5, 31;\n\tshr.u32 %wsim_r5, %wsim_r5, 5;\n"
      "\tshr.u32 %wsim_r6, %wsim_r1, 5;\n"
      "\tmad.lo.u32 %wsim_r6, %wsim_r0, %wsim_r5, %wsim_r6;\n"
      "\tmul.wide.u32 %wsim_rd1, %wsim_r6, 24;\n"
      "\tadd.s64 %wsim_rd1, %wsim_rd0, %wsim_rd1;\n"
      "\tand.b32 %wsim_r7, %wsim_r1, 31;\n"
      "\tsetp.eq.u32 %wsim_p0, %wsim_r7, 0;\n"
      "\tmov.u64 %wsim_rd2, %globaltimer;\n"
      "\tmov.u32 %wsim_r7, %smid;\n"
      "\t@%wsim_p0 st.global.u64 [%wsim_rd1], %wsim_rd2;\n"
      "\t@%wsim_p0 st.global.u32 [%wsim_rd1+16], %wsim_r7;\n",
      kTraceParam);
}

// At a ret/exit: the lowest lane among those taking it records the time (one atomic per warp and exit, not
// one per thread). `pred` is the guard's predicate operand ("%p", "!%p") or empty for an unguarded exit.
std::string epilogue(const std::string& pred) {
  const std::string who = pred.empty() ? "\tmov.b32 %wsim_e1, %wsim_e0;\n"
                                       : fmt::format("\tvote.sync.ballot.b32 %wsim_e1, {}, %wsim_e0;\n", pred);
  return "\tactivemask.b32 %wsim_e0;\n" + who +
         "\tneg.s32 %wsim_e2, %wsim_e1;\n"
         "\tand.b32 %wsim_e2, %wsim_e2, %wsim_e1;\n"
         "\tmov.u32 %wsim_e3, %lanemask_eq;\n"
         "\tsetp.eq.u32 %wsim_q0, %wsim_e2, %wsim_e3;\n"
         "\t@%wsim_q0 mov.u64 %wsim_rd3, %globaltimer;\n"
         "\t@%wsim_q0 atom.global.max.u64 %wsim_rd4, [%wsim_rd1+8], %wsim_rd3;\n";
}

const ptx::Function& find_entry(const ptx::Module& m, const std::string& entry) {
  for (const auto& f : m.functions)
    if (f.name == entry && f.is_entry && f.has_body) return f;
  fail(ErrorKind::Input, "{}: no kernel (.entry) named '{}'", m.path, entry);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  lines.push_back(cur);
  return lines;
}

}  // namespace

std::string instrument_ptx(const std::string& ptx_text, const std::string& path, const std::string& entry) {
  ptx::ParseResult pr = ptx::parse(ptx_text, path);
  if (!pr.ok()) fail(ErrorKind::Ptx, "{}", pr.format_errors());
  const ptx::Function& fn = find_entry(pr.module, entry);

  // Line-based insertions inside the body (1-based line numbers of the original text).
  std::map<std::uint32_t, std::string> before_line;
  std::uint32_t first = 0;
  for (const auto& st : fn.body) {
    if (st.kind == ptx::Statement::Kind::Instruction || st.kind == ptx::Statement::Kind::Label) {
      const std::uint32_t line = st.kind == ptx::Statement::Kind::Instruction ? st.instr.pos.line : st.label.pos.line;
      if (first == 0) first = line;
    }
    if (st.kind == ptx::Statement::Kind::Instruction && (st.instr.opcode == "ret" || st.instr.opcode == "exit")) {
      std::string pred;
      if (st.instr.guard) pred = fmt::format("{}{}", st.instr.guard_negated ? "!" : "", *st.instr.guard);
      before_line[st.instr.pos.line] += epilogue(pred);
    }
  }
  if (first == 0) fail(ErrorKind::Ptx, "{}: kernel {} has no instructions", path, entry);
  before_line[first] = prologue() + before_line[first];
  std::vector<std::string> lines = split_lines(ptx_text);
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (auto it = before_line.find(static_cast<std::uint32_t>(i + 1)); it != before_line.end()) out += it->second;
    out += lines[i];
    if (i + 1 < lines.size()) out += '\n';
  }

  // Character-based edits before the body: the new parameter and the register declarations.
  std::size_t at = 0;
  for (std::uint32_t l = 1; l < fn.pos.line && at != std::string::npos; ++l) at = out.find('\n', at) + 1;
  const std::size_t name = out.find(entry, at);
  const std::size_t open = out.find('(', name);
  const std::size_t close = out.find(')', open);
  if (name == std::string::npos || open == std::string::npos || close == std::string::npos)
    fail(ErrorKind::Ptx, "{}:{}: cannot find the parameter list of {}", path, fn.pos.line, entry);
  const bool has_params = out.find_first_not_of(" \t\r\n", open + 1) < close;
  const std::string param = fmt::format("{}\n\t.param .u64 {}\n", has_params ? "," : "", kTraceParam);
  out.insert(close, param);
  const std::size_t brace = out.find('{', close + param.size());
  if (brace == std::string::npos) fail(ErrorKind::Ptx, "{}: cannot find the body of {}", path, entry);
  out.insert(brace + 1, kDecls);
  return out;
}

std::string instrument_run_config(const std::string& config_path, const std::string& out_dir) {
  const config::RunConfig cfg = config::load_run_config(config_path);  // validates everything first
  std::ifstream in(config_path);
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(in);
  const fs::path base = fs::absolute(fs::path(config_path)).parent_path();
  fs::create_directories(out_dir);
  // Paths in the new config are relative to its folder, so the folder can be moved (e.g. to a GPU machine).
  const fs::path out_abs = fs::absolute(fs::path(out_dir));
  auto absolute = [&](const std::string& p) {
    const fs::path a = fs::path(p).is_absolute() ? fs::path(p) : (base / p).lexically_normal();
    return fs::relative(a, out_abs).string();
  };
  if (j.contains("gpu")) {
    const std::string g = j["gpu"];
    if (g.find('/') != std::string::npos || g.ends_with(".json")) j["gpu"] = absolute(g);
  }
  if (j.contains("buffers"))
    for (auto& [name, b] : j["buffers"].items())
      if (b.contains("init") && b["init"].is_object() && b["init"].contains("file"))
        b["init"]["file"] = absolute(b["init"]["file"]);
  if (j.contains("expect"))
    for (auto& [name, e] : j["expect"].items()) e["file"] = absolute(e["file"]);
  std::map<std::pair<std::string, std::string>, std::string> done;
  for (std::size_t k = 0; k < cfg.kernels.size(); ++k) {
    const auto& spec = cfg.kernels[k];
    auto key = std::make_pair(spec.ptx, spec.entry);
    if (!done.count(key)) {
      std::ifstream f(spec.ptx, std::ios::binary);
      std::stringstream ss;
      ss << f.rdbuf();
      const std::string outp =
          (fs::path(out_dir) / fmt::format("{}.{}.instrumented.ptx", fs::path(spec.ptx).stem().string(), spec.entry))
              .string();
      std::ofstream(outp) << instrument_ptx(ss.str(), spec.ptx, spec.entry);
      done[key] = fs::path(outp).filename().string();
    }
    auto& kj = j["kernels"][k];
    kj["ptx"] = done[key];
    const std::string buf = fmt::format("warpsim_trace_{}", k);
    const std::uint64_t warps = spec.grid.volume() * ((spec.block.volume() + kWarpSize - 1) / kWarpSize);
    j["buffers"][buf] = {{"type", "u64"}, {"count", warps * 3}, {"init", "zero"}};
    kj["args"].push_back({{"buffer", buf}});
  }
  j["description"] = fmt::format(
      "Instrumented copy of {} (warpsim instrument): each launch takes one more argument, a "
      "trace buffer of 3 u64 per warp: start and end %globaltimer and %smid.",
      config_path);
  const std::string out = (fs::path(out_dir) / (fs::path(config_path).stem().string() + ".instrumented.json")).string();
  std::ofstream(out) << j.dump(2) << "\n";
  return fs::absolute(out).string();
}

std::vector<WarpRecord> decode_trace(const std::vector<std::byte>& bytes, Dim3 grid, Dim3 block) {
  const std::uint64_t wpc = (block.volume() + kWarpSize - 1) / kWarpSize;
  const std::uint64_t n = grid.volume() * wpc;
  if (bytes.size() < n * 24)
    fail(ErrorKind::Input, "trace buffer holds {} bytes, {} warps need {}", bytes.size(), n, n * 24);
  std::vector<WarpRecord> out(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    std::uint64_t w[3];
    std::memcpy(w, bytes.data() + i * 24, 24);
    out[i] = WarpRecord{i / wpc, static_cast<std::uint32_t>(i % wpc), w[0], w[1], static_cast<std::uint32_t>(w[2])};
  }
  return out;
}

}  // namespace warpsim::sim
