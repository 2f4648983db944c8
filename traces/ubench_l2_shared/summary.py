#!/usr/bin/env python3
# Prints, per launch of ubench_l2_shared, the timed pass's cycles (median and max over the CTAs) and the bytes per
# cycle the whole GPU read in it (the launch's bytes over the slowest CTA's cycles), from a measured result
# (warpsim-measure --once --inline-limit ... JSON, or an h200.json/h100.json with the stamps' hex) or a
# `warpsim run --dump DIR` folder (cyc.bin). Usage: summary.py RESULT.json|DUMPDIR [CONFIG]
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from clock_words import words  # noqa: E402 (traces/clock_words.py)
BYTES_PER_CTA = 128 * 4096


def main():
    cyc = words(sys.argv[1], "cyc")
    cfg = json.load(open(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "ubench_l2_shared.json")))
    print(f"{'launch':>6} {'path':>8} {'G':>4} | {'median':>7} {'max':>7} | {'B/cycle':>7}")
    for li, k in enumerate(cfg["kernels"]):
        a = k["args"]
        g, mode, slot = a[1]["s32"], a[2]["s32"], a[4]["s32"]
        ctas = k["grid"][0]
        c = cyc[slot:slot + ctas]
        print(f"{li:>6} {'LDG' if mode == 0 else 'cp.async':>8} {g:>4} | {statistics.median(c):>7.0f} {max(c):>7} | "
              f"{ctas * BYTES_PER_CTA / max(c):>7.0f}")


main()
