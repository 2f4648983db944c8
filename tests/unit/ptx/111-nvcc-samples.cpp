// Tests on real nvcc 13.0 output committed under tests/unit/ptx/data (the .cu next to each .ptx says how it
// was generated): calls, printf, jump tables, indirect calls, inline asm blocks, <cuda/ptx> wrappers for
// mbarriers, bulk copies and tcgen05, wgmma, line info and debug sections; plus the hand-written ISA samples
// that ptxas accepts.
#include "ptx_test_util.hpp"

#include <algorithm>

namespace WARPSIM_UNITY_ID {  // this file's own scope in a unity batch (tests/CMakeLists.txt)

using namespace warpsim::ptx;
using K = Operand::Kind;
using Mods = std::vector<std::string>;

namespace {

Module load(const std::string& name) {
  return parse_file(std::string(WARPSIM_SOURCE_DIR) + "/tests/unit/ptx/data/" + name);
}

const Function& function(const Module& m, std::string_view name) {
  for (const Function& f : m.functions)
    if (f.name == name) return f;
  FAIL("no function " << name);
  throw;
}

const Variable& global(const Module& m, std::string_view name) {
  for (const Variable& v : m.globals)
    if (v.name == name) return v;
  FAIL("no global " << name);
  throw;
}

std::vector<const Instruction*> instructions(const Function& f, std::string_view opcode) {
  std::vector<const Instruction*> out;
  for (const Statement& st : f.body)
    if (st.kind == Statement::Kind::Instruction && st.instr.opcode == opcode) out.push_back(&st.instr);
  return out;
}

std::size_t count(const Function& f, Statement::Kind kind) {
  return static_cast<std::size_t>(
      std::count_if(f.body.begin(), f.body.end(), [&](const Statement& st) { return st.kind == kind; }));
}

}  // namespace

TEST_CASE("calls.cu for sm_90a: globals, device functions, printf, warp intrinsics") {
  Module m = load("calls.sm_90a.ptx");
  CHECK(m.version == "9.0");
  CHECK(m.target == "sm_90a");
  CHECK(m.globals.size() == 9);
  const Variable& table = global(m, "g_table");
  CHECK(table.dims == std::vector<std::uint64_t>{128});
  CHECK(table.init.size() == 36);
  CHECK(table.init[2].ival == 128);
  CHECK(table.init[3].ival == 63);
  const Variable& ptr = global(m, "g_ptr");
  CHECK(ptr.init_generic);
  CHECK(ptr.init.at(0).name == "g_counter");
  const Variable& names = global(m, "g_names");
  CHECK(names.init.size() == 2);
  CHECK(names.init[1].name == "$str$1");
  CHECK(global(m, "c_lut").space == "const");

  REQUIRE(m.functions.size() == 7);
  CHECK_FALSE(function(m, "vprintf").has_body);
  CHECK(function(m, "vprintf").is_extern);
  CHECK(function(m, "_Z9make_pairif").returns.at(0).dims == std::vector<std::uint64_t>{8});
  const Function& k = function(m, "_Z12calls_kernelPiPKiPxPdi");
  CHECK(k.is_entry);
  CHECK(k.maxntid == std::vector<std::uint32_t>{256, 1, 1});
  CHECK(k.minnctapersm == 2u);

  auto calls = instructions(k, "call");
  REQUIRE(calls.size() == 6);
  CHECK(calls[3]->operands.size() == 2);  // bump(): no return value, no arguments
  CHECK(calls[3]->operands[1].elems.empty());
  const Instruction& printf_call = *calls[4];
  CHECK(printf_call.operands[1].name == "vprintf");
  CHECK(printf_call.operands[0].elems.at(0).name == "retval0$5");
  CHECK(printf_call.operands[2].elems.at(1).name == "param1$5");

  auto shfl = instructions(k, "shfl");
  REQUIRE(shfl.size() == 4);
  CHECK(shfl[0]->modifiers == Mods{"sync", "down", "b32"});
  CHECK(shfl[0]->operands[0].kind == K::Pipe);
  auto atoms = instructions(k, "atom");
  CHECK(atoms.size() == 11);
  CHECK(atoms[0]->modifiers == Mods{"global", "add", "u64"});
  auto fma = instructions(k, "fma");
  REQUIRE(fma.size() == 1);
  CHECK(fma[0]->operands[2].fbits == 0x7E37E43C8800759Cull);
  CHECK(instructions(k, "activemask").size() == 1);
}

TEST_CASE("calls.cu for sm_100a") {
  Module m = load("calls.sm_100a.ptx");
  CHECK(m.target == "sm_100a");
  CHECK(m.functions.size() == 7);
  CHECK(function(m, "_Z9make_pairif").returns.at(0).align == 16u);
}

TEST_CASE("switch_indirect.cu: jump table, indirect call, prototypes then definitions, line info") {
  for (const char* file : {"switch_indirect.sm_90a.ptx", "switch_indirect.sm_100a.ptx"}) {
    INFO(file);
    Module m = load(file);
    REQUIRE(m.functions.size() == 6);  // three prototypes merged with their definitions
    for (const Function& f : m.functions) CHECK(f.has_body);
    CHECK(global(m, "g_fns").init.at(2).name == "_Z6negatef");
    REQUIRE(m.files.size() == 1);
    CHECK(m.files[0].index == 1);
    CHECK(m.files[0].path.ends_with("tests/unit/ptx/data/switch_indirect.cu"));

    const Function& sw = function(m, "_Z12dense_switchiiPi");
    const Statement* table = nullptr;
    for (const Statement& st : sw.body)
      if (st.kind == Statement::Kind::BranchTargets) table = &st;
    REQUIRE(table != nullptr);
    CHECK(table->label.name == "$L_brx_0");
    REQUIRE(table->targets.size() == 10);
    CHECK(table->targets[0].starts_with("$L__BB4_"));
    auto brx = instructions(sw, "brx");
    REQUIRE(brx.size() == 1);
    CHECK(brx[0]->modifiers == Mods{"idx"});
    CHECK(brx[0]->operands[1].name == "$L_brx_0");
    CHECK(count(sw, Statement::Kind::Loc) > 10);

    const Function& k = function(m, "_Z13switch_kernelPfPiPKii");
    CHECK(count(k, Statement::Kind::CallPrototype) == 1);
    CHECK(count(k, Statement::Kind::Pragma) == 1);
    const Instruction* indirect = nullptr;
    for (const Instruction* c : instructions(k, "call"))
      if (c->modifiers.empty()) indirect = c;
    REQUIRE(indirect != nullptr);
    REQUIRE(indirect->operands.size() == 4);
    CHECK(indirect->operands[1].kind == K::Register);
    CHECK(indirect->operands[3].name == "prototype_2$1");
  }
}

TEST_CASE("inline_asm.cu: blocks reusing labels and registers, inlined_at line info") {
  for (const char* file : {"inline_asm.sm_90a.ptx", "inline_asm.sm_100a.ptx"}) {
    INFO(file);
    Module m = load(file);
    const Function& k = m.functions.at(0);
    std::vector<std::string> labels;
    for (const Statement& st : k.body)
      if (st.kind == Statement::Kind::Label) labels.push_back(st.label.name);
    CHECK(std::count(labels.begin(), labels.end(), "LOOP$1") == 1);
    CHECK(std::count(labels.begin(), labels.end(), "LOOP$2") == 1);
    CHECK(std::count(labels.begin(), labels.end(), "DONE$2") == 1);
    auto bra = instructions(k, "bra");
    std::vector<std::string> targets;
    for (const Instruction* b : bra) targets.push_back(b->operands.back().name);
    CHECK(std::count(targets.begin(), targets.end(), "DONE$1") == 1);
    CHECK(std::count(targets.begin(), targets.end(), "LOOP$2") == 1);
    auto movs = instructions(k, "mov");
    bool split = false;
    for (const Instruction* mv : movs)
      if (mv->text.starts_with("mov.b64{")) {
        split = true;
        CHECK(mv->operands[0].kind == K::Vector);
      }
    CHECK(split);
    auto setp = instructions(k, "setp");
    bool pipe = false;
    for (const Instruction* s : setp)
      if (s->operands[0].kind == K::Pipe) {
        pipe = true;
        CHECK(s->operands[0].elems[0].name.starts_with("%p0$"));
      }
    CHECK(pipe);
    CHECK(count(k, Statement::Kind::Loc) > 10);
  }
}

TEST_CASE("hopper_tma.cu: clusters, mbarriers, bulk copies, elect.sync, wgmma") {
  Module m = load("hopper_tma.sm_90a.ptx");
  const Function& k = function(m, "_Z10tma_kernelPfPKfi");
  CHECK(k.maxntid == std::vector<std::uint32_t>{128, 1, 1});
  CHECK(k.explicitcluster);
  CHECK(k.reqnctapercluster == std::vector<std::uint32_t>{2, 1, 1});
  std::size_t shared = 0;
  for (const Statement& st : k.body)
    if (st.kind == Statement::Kind::Variable && st.var.space == "shared") ++shared;
  CHECK(shared == 2);
  auto mbar = instructions(k, "mbarrier");
  REQUIRE(mbar.size() == 3);
  CHECK(mbar[0]->modifiers == Mods{"init", "shared", "b64"});
  CHECK(mbar[1]->modifiers == Mods{"arrive", "expect_tx", "release", "cta", "shared::cta", "b64"});
  CHECK(mbar[2]->modifiers == Mods{"try_wait", "parity", "shared::cta", "b64"});
  CHECK(mbar[2]->operands[0].kind == K::Register);
  CHECK(mbar[2]->operands[0].name.starts_with("P_OUT$"));
  auto cp = instructions(k, "cp");
  REQUIRE(cp.size() == 4);
  CHECK(cp[0]->modifiers == Mods{"async", "bulk", "shared::cluster", "global", "mbarrier::complete_tx::bytes"});
  auto elect = instructions(k, "elect");
  REQUIRE(elect.size() == 2);
  CHECK(elect[0]->operands[0].elems[0].kind == K::Sink);
  CHECK(elect[0]->operands[0].elems[1].kind == K::Register);
  CHECK(elect[1]->operands[0].elems[0].name == "%r18");
  auto fence = instructions(k, "fence");
  CHECK(fence.at(1)->modifiers == Mods{"proxy", "async", "shared::cta"});

  const Function& w = function(m, "_Z12wgmma_kernelPfmm");
  auto wgmma = instructions(w, "wgmma");
  REQUIRE(wgmma.size() == 4);
  const Instruction& mma = *wgmma[1];
  CHECK(mma.modifiers == Mods{"mma_async", "sync", "aligned", "m64n8k16", "f32", "f16", "f16"});
  REQUIRE(mma.operands.size() == 8);
  CHECK(mma.operands[0].elems.size() == 4);
  CHECK(mma.operands[3].name == "p$1");

  Module b = load("hopper_tma.sm_100a.ptx");
  CHECK(b.functions.size() == 1);  // wgmma is sm_90a only
}

TEST_CASE("blackwell_tcgen05.cu: Tensor Memory through <cuda/ptx>") {
  Module m = load("blackwell_tcgen05.sm_100a.ptx");
  const Function& k = m.functions.at(0);
  CHECK(k.params.at(0).is_ptr);
  CHECK(k.params.at(0).ptr_align == 1u);
  auto tc = instructions(k, "tcgen05");
  REQUIRE(tc.size() == 10);
  CHECK(tc[0]->modifiers == Mods{"alloc", "cta_group::1", "sync", "aligned", "shared::cta", "b32"});
  CHECK(tc[2]->modifiers == Mods{"st", "sync", "aligned", "32x32b", "x4", "b32"});
  CHECK(tc[2]->operands[1].elems.size() == 4);
  CHECK(tc[3]->modifiers == Mods{"wait::st", "sync", "aligned"});
  CHECK(tc[6]->modifiers == Mods{"commit", "cta_group::1", "mbarrier::arrive::one", "shared::cluster", "b64"});
}

TEST_CASE("debug_info.cu: a -G build with its debug sections") {
  Module m = load("debug_info.sm_90a.ptx");
  CHECK(m.target_flags == std::vector<std::string>{"debug"});
  REQUIRE(m.functions.size() == 1);
  CHECK(m.globals.empty());
  REQUIRE(m.files.size() == 1);
  CHECK(count(m.functions[0], Statement::Kind::Loc) > 10);
}

TEST_CASE("hand-written ISA samples that ptxas accepts") {
  Module h = load("isa_sm_90a.ptx");
  const Function& k = function(h, "isa_kernel");
  CHECK(k.params.at(0).ptr_space == "global");
  CHECK(k.params.at(0).ptr_align == 16u);
  CHECK(count(k, Statement::Kind::Instruction) == 214);
  Module b = load("isa_sm_100a.ptx");
  const Function& bw = function(b, "bw_kernel");
  CHECK(bw.reqntid == std::vector<std::uint32_t>{128});
  CHECK(bw.maxnreg == 168u);
  auto ld = instructions(bw, "tcgen05");
  bool wide = false;
  for (const Instruction* i : ld)
    if (i->modifiers.size() > 4 && i->modifiers[4] == "x128") {
      wide = true;
      CHECK(i->operands[0].elems.size() == 128);
    }
  CHECK(wide);
}

}  // namespace WARPSIM_UNITY_ID
