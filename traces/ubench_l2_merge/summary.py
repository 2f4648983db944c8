#!/usr/bin/env python3
# Prints, per launch of ubench_l2_merge, the timed pass's cycles (median and max over the CTAs) from a measured result
# (warpsim-measure --once --inline-limit ... JSON, or h100.json with the stamps' hex) or a `warpsim run --dump DIR`
# folder (cyc.bin). traces/README.md, "The L2 request coalescer and CTA placement", compares them.
# Usage: summary.py RESULT.json|DUMPDIR [CONFIG]
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from clock_words import words  # noqa: E402 (traces/clock_words.py)
PATHS = {0: "LDG.128", 1: "cp.async", 2: "LDG.32 s0", 3: "LDG.32 s01"}


def main():
    cyc = words(sys.argv[1], "cyc")
    cfg = json.load(open(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "ubench_l2_merge.json")))
    print(f"{'launch':>6} {'CTAs':>4} {'path':>10} {'mask':>10} | {'median':>7} {'max':>7}")
    for li, k in enumerate(cfg["kernels"]):
        a = k["args"]
        mask, mode, slot = a[1]["u32"], a[2]["s32"], a[5]["s32"]
        c = cyc[slot:slot + k["grid"][0]]
        print(f"{li:>6} {k['grid'][0]:>4} {PATHS[mode]:>10} {mask:#010x} | {statistics.median(c):>7.0f} {max(c):>7}")


main()
