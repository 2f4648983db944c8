#!/usr/bin/env python3
# wgmma_match.py: recomputes traces/wgmma's f32-accumulator D words from their inputs under candidate tensor-core
# sum rules (tc_rules.py) and reports, per form type, the fraction of words each rule gives bit-exactly as the H200
# did (traces/wgmma/h200-out.json).
# The inputs of every D word (C, the K a/b element values, A negated by imm-scale) come from warpsim's own operand
# decoding: run with WARPSIM_WGMMA_TERMS=FILE (src/func/exec_wgmma.cpp writes one line per f32 D word: CTA, warp,
# lane, register, n-th wgmma of the warp, K, scale-d, C as double bits, warpsim's D, then a_k b_k as double bits).
# Usage: WARPSIM_WGMMA_TERMS=/tmp/terms.txt warpsim run --functional traces/wgmma/wgmma.json
#        python3 tools/numerics/wgmma_match.py /tmp/terms.txt [--sample N] [--rules NAME,...] [--all]
# (--sample N: the first N words of each kind; --all: the wider sweeps too; all words of the default set take about
# 10 CPU-minutes)
# Leaves out: f16 accumulators and integer forms (already bit-exact), the chained form's first wgmma (its D is not
# written out; the second's C is recomputed under each rule from the first's inputs).
import contextlib
import io
import json
import os
import runpy
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tc_rules as T  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def rules(full=False):
    """The candidates (name -> tc_rules rule). The default set is the one the report quotes; --all adds the sweeps
    (grid bits, C's grid when added last, kept bits) that narrowed it down."""
    R = {}
    # f16/bf16/tf32 (f32 D)
    for ref in ("true", "nominal"):
        for bits in (1, 2, 3):
            R[f"{ref}_b{bits}"] = dict(ref=ref, bits=bits)
        R[f"{ref}_b2_rn"] = dict(ref=ref, bits=2, final="rn")
        for g in (4, 8):
            R[f"{ref}_b2_g{g}"] = dict(ref=ref, bits=2, group=g)
        R[f"{ref}_b2_clast"] = dict(ref=ref, bits=2, cwhen="last")
    # fp8 (f32 D)
    for ref in ("true", "nominal"):
        for bits in (-11, -10, -9):
            R[f"{ref}_b{bits}"] = dict(ref=ref, bits=bits)
            R[f"{ref}_b{bits}_keep{24 + bits}"] = dict(ref=ref, bits=bits, keep=24 + bits)
        R[f"{ref}_b-10_clast"] = dict(ref=ref, bits=-10, cwhen="last")
        R[f"{ref}_b-10_keep14_g16"] = dict(ref=ref, bits=-10, keep=14, group=16)
        R[f"{ref}_b-10_keep14_rn"] = dict(ref=ref, bits=-10, keep=14, final="rn")
    # f16 D (h_)
    for ref in ("true", "nominal"):
        for bits in (2, -10):
            for keep in (None, 14):
                R[f"h_{ref}_b{bits}_keep{keep}_rn"] = dict(ref=ref, bits=bits, keep=keep, final="rn")
    if not full:
        return R
    for bits in range(-12, -5):
        for ref in ("true", "nominal"):
            R[f"{ref}_b{bits}_clast"] = dict(ref=ref, bits=bits, cwhen="last")
            R[f"{ref}_b{bits}_g16"] = dict(ref=ref, bits=bits, group=16)
    for bits in (-11, -10, -9):
        for cb in (-10, 0, 2, 24):
            R[f"nominal_b{bits}_clast_cb{cb}"] = dict(ref="nominal", bits=bits, cwhen="last", cbits=cb)
    for keep in (13, 15, 16):
        R[f"nominal_b-10_keep{keep}"] = dict(ref="nominal", bits=-10, keep=keep)
    for ref in ("true", "nominal"):
        for bits in (-11, -9):
            for keep in (None, 13, 15):
                for fin in ("rn", "rz"):
                    R[f"h_{ref}_b{bits}_keep{keep}_{fin}"] = dict(ref=ref, bits=bits, keep=keep, final=fin)
    return R


def main():
    args = sys.argv[1:]
    path = args[0]
    sample = int(args[args.index("--sample") + 1]) if "--sample" in args else 0
    only = args[args.index("--rules") + 1].split(",") if "--rules" in args else None
    with contextlib.redirect_stdout(io.StringIO()):
        g = runpy.run_path(os.path.join(ROOT, "traces/wgmma/gen.py"), run_name="gen")
    forms, offs = g["forms"], g["offs"]
    h = json.load(open(os.path.join(ROOT, "traces/wgmma/h200-out.json")))
    raw = bytes.fromhex(h["hex"])
    hw = [int.from_bytes(raw[4 * i:4 * i + 4], "little") for i in range(len(raw) // 4)]
    R = rules("--all" in args)
    if only:
        R = {k: R[k] for k in only}
    stats = defaultdict(lambda: defaultdict(int))
    first = {}  # chained form: (cta, warp, lane, reg) -> the first wgmma's inputs
    seen = defaultdict(int)
    for line in open(path):
        f = line.split()
        cta, warp, lane, reg, nth, K, sd = map(int, f[:7])
        form = forms[cta]
        ta, tb = form["t"].split(".") if "." in form["t"] else (form["t"], form["t"])
        c = T.d_of_bits(int(f[7], 16))
        ws = int(f[8], 16)
        ab = [T.d_of_bits(int(x, 16)) for x in f[9:]]
        a, b = ab[0::2], ab[1::2]
        key = (cta, warp, lane, reg)
        if form["chain"] == 2 and nth == 0:
            first[key] = (c, a, b, sd)
            continue
        half = form["dt"] == "f16"
        kind = form["t"] + ("_chain2" if form["chain"] == 2 else "") + ("_f16acc" if half else "")
        seen[kind] += 1
        if sample and seen[kind] > sample:
            continue
        if half:  # f16 D: register reg // 2, half reg % 2
            nd = form["n"] // 4
            want = hw[offs[cta] + (warp * 32 + lane) * nd + reg // 2] >> (16 * (reg % 2)) & 0xffff
        else:
            nd = form["n"] // 2
            want = hw[offs[cta] + (warp * 32 + lane) * nd + reg]
        st = stats[kind]
        st["words"] += 1
        st["warpsim"] += ws == want
        for name, rule in R.items():
            if half != name.startswith("h_"):
                continue
            if half:
                got = T.apply_half(rule, c, a, b, ta, tb, bool(sd))
            elif form["chain"] == 2:
                c0, a0, b0, sd0 = first[key]
                c1 = T.f32_of_bits(T.apply(rule, c0, a0, b0, ta, tb, bool(sd0)))
                got = T.apply(rule, c1, a, b, ta, tb, True)
            else:
                got = T.apply(rule, c, a, b, ta, tb, bool(sd))
            st[name] += got == want
    for kind, st in stats.items():
        n = st["words"]
        print(f"{kind}: {n} words; warpsim today {100 * st['warpsim'] / n:.2f} %")
        best = sorted(((v, k) for k, v in st.items() if k not in ("words", "warpsim")), reverse=True)
        for v, k in best:
            print(f"  {k:22s} {100 * v / n:7.2f} %")


if __name__ == "__main__":
    main()
