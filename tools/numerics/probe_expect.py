#!/usr/bin/env python3
# probe_expect.py: the expected D words of traces/ubench_tc_numerics under each candidate rule of the tensor cores'
# f32-accumulator sum (tc_rules.py), compared with an `out` buffer: the H200's (a warpsim-measure JSON whose "out"
# buffer has "hex": `warpsim-measure CONFIG --once --inline-limit N`) or warpsim's (`warpsim run --dump DIR`:
# DIR/out.bin). Prints, per form, each rule's share of equal words overall and per test category (A's row label
# without its parameters, B's column, C's mode), and with --detail the window rows' words per depth d.
# Usage: probe_expect.py RESULT.json|DUMPDIR [--detail] [--rules a,b]
# Leaves out: f16 accumulators (the probe has none).
import json
import os
import sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "traces", "ubench_tc_numerics"))
import gen as G  # noqa: E402
import tc_rules as T  # noqa: E402

RULES = {
    "true_b2 (warpsim before)": dict(ref="true", bits=2),
    "nominal_b2": dict(ref="nominal", bits=2),
    "nominal_b1": dict(ref="nominal", bits=1),
    "nominal_b3": dict(ref="nominal", bits=3),
    "nominal_b2_rn": dict(ref="nominal", bits=2, final="rn"),
    "nominal_b2_g8": dict(ref="nominal", bits=2, group=8),
    "nominal_b2_clast": dict(ref="nominal", bits=2, cwhen="last", cbits=2),
    "true_b-10 (warpsim fp8 before)": dict(ref="true", bits=-10),
    "nominal_b-10_keep14": dict(ref="nominal", bits=-10, keep=14),
    "nominal_b-9_keep15": dict(ref="nominal", bits=-9, keep=15),
    "nominal_b-11_keep13": dict(ref="nominal", bits=-11, keep=13),
    "nominal_b-10_keep14_g16": dict(ref="nominal", bits=-10, keep=14, group=16),
}


def load_out(path):
    if os.path.isdir(path):
        b = open(os.path.join(path, "out.bin"), "rb").read()
    else:
        d = json.load(open(path))
        b = bytes.fromhex(d["buffers"]["out"]["hex"])
    return [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b), 4)]


def expected(rule, form, cs, row, col):
    name, kind, t, K, _ = form
    a = cs["A"][row]
    b = [cs["B"][k][col] for k in range(K)]
    c = cs["C"][row][col]
    if name == "mma_e4m3":  # ptxas's emulation (the rule is that of its f16 MMAs), or the fp8 rules natively
        if rule["bits"] < 0:
            return T.apply(rule, c, a, b, t, t, True)
        return T.apply_fp8_mma_emulated(rule, c, a, b)
    if (t == "e4m3") != (rule["bits"] < 0):
        return None
    return T.apply(rule, c, a, b, t, t, True)


def main():
    got = load_out(sys.argv[1])
    detail = "--detail" in sys.argv
    rules = RULES
    if "--rules" in sys.argv:
        rules = {k: RULES[k] for k in sys.argv[sys.argv.index("--rules") + 1].split(",")}
    built = G.build()
    _, outs, _, _ = G.layout()
    for fi, (form, cases) in enumerate(built):
        name, kind, t, K, ncases = form
        total = defaultdict(int)
        cat = defaultdict(lambda: defaultdict(int))
        words = 0
        for ci, cs in enumerate(cases):
            for w in range(G.D_WORDS[kind]):
                row, col = G.d_element(kind, w)
                want = got[outs[fi] + ci * G.D_WORDS[kind] + w]
                label = cs["row_labels"][row]
                keys = ["row " + label.split(" d")[0].split(" kL")[0], "col " + cs["col_labels"][col],
                        "C " + cs["cmode"]]
                if detail and label.startswith("window"):
                    keys.append(f"{label.split(' kL')[0]} col {cs['col_labels'][col]}")
                words += 1
                for rn, rule in rules.items():
                    e = expected(rule, form, cs, row, col)
                    if e is None:
                        continue
                    ok = e == want
                    total[rn] += ok
                    for k in keys:
                        cat[k][rn] += ok
                        cat[k]["#"] += 1 if rn == next(iter(rules)) else 0
        print(f"== {name} ({words} words)")
        for rn in rules:
            if rn in total or any(rn in v for v in cat.values()):
                print(f"  {rn:32s} {100 * total[rn] / words:7.2f} %")
        ranked = [rn for rn in rules if rn in total]
        if not ranked:
            continue
        print("  per category (words; % equal per rule in the order above):")
        for k in sorted(cat):
            n = cat[k]["#"] or 1
            print(f"    {k:44s} {n:5d} " + " ".join(f"{100 * cat[k][rn] / n:6.1f}" for rn in ranked))


if __name__ == "__main__":
    main()
