#!/usr/bin/env python3
# Prints, per launch of ubench_tma_dram, each TMA copy's latency (issue -> full barrier passed, lane 0's clock64) and,
# for the launches with 4 stages, the steady-state period between full barriers, from a measured result
# (warpsim-measure --once --inline-limit ... JSON, or an h200.json/h100.json with the stamps' hex) or a
# `warpsim run --dump DIR` folder (cyc.bin). Usage: summary.py RESULT.json|DUMPDIR [CONFIG]
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from clock_words import words  # noqa: E402 (traces/clock_words.py)


def main():
    cyc = words(sys.argv[1], "cyc")
    cfg = json.load(open(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "ubench_tma_dram.json")))
    print(f"{'launch':>6} {'CTAs':>5} {'rows':>4} {'pitch':>5} {'S':>2} {'n':>3} | {'lat min':>7} {'median':>7} "
          f"{'max':>6} | {'first':>6} {'period':>7}")
    for li, k in enumerate(cfg["kernels"]):
        a = k["args"]
        slot, rows, stages, loads = a[3]["s32"], a[5]["s32"], a[6]["s32"], a[7]["s32"]
        pitch = a[0]["tensor_map"]["strides"][0]
        ctas = k["grid"][0]
        lat, first, periods = [], [], []
        for b in range(ctas):
            g0 = slot + b * loads
            iss = [cyc[2 * (g0 + i)] for i in range(loads)]
            full = [cyc[2 * (g0 + i) + 1] for i in range(loads)]
            lat += [f - s for s, f in zip(iss, full)]
            first.append(full[0] - iss[0])
            if stages > 1:
                periods += [full[i + 1] - full[i] for i in range(stages, loads - 1)]
        per = f"{statistics.median(periods):7.0f}" if periods else f"{'':>7}"
        print(f"{li:>6} {ctas:>5} {rows:>4} {pitch:>5} {stages:>2} {loads:>3} | {min(lat):>7} "
              f"{statistics.median(lat):>7.0f} {max(lat):>6} | {statistics.median(first):>6.0f} {per}")


main()
