#!/usr/bin/env python3
# Prints the phases of each launch of wgmma_gemm_probe (medians over CTAs and warpgroups) from a measured result
# (warpsim-measure --once --inline-limit ... JSON, or an h100.json/h200.json carrying the stamps' hex) or a
# `warpsim run --dump DIR` folder: prologue (t0 -> copies of the first two K tiles issued), first tile's wait (-> K
# tile 0 landed), K-tile period (landed -> next landed, tiles 2 and later), wgmma wait (landed -> wait_group 1
# passed), the last wgmmas (-> wait_group 0), the epilogue (-> C loads and stores issued), and the CTA's end.
# Usage: summary.py RESULT.json|DUMPDIR [CONFIG]
import json
import os
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from clock_words import words  # noqa: E402 (traces/clock_words.py)


def med(v):
    return statistics.median(v) if v else float("nan")


def main():
    src = sys.argv[1]
    cfg = json.load(open(sys.argv[2] if len(sys.argv) > 2 else os.path.join(HERE, "wgmma_gemm_probe.json")))
    for k in cfg["kernels"]:
        name = k["args"][-1]["buffer"]
        st = words(src, name)
        K = k["args"][5]["s32"]
        tiles = K // 64
        ctas = k["grid"][0] * k["grid"][1]
        pro, first, period, wait, last, epi, end = [], [], [], [], [], [], []
        for c in range(ctas):
            for wg in range(2):
                s = st[(c * 2 + wg) * 40:(c * 2 + wg + 1) * 40]
                land = [s[1 + 2 * t] for t in range(tiles)]
                waited = [s[2 + 2 * t] for t in range(tiles)]
                pro.append(s[0])
                first.append(land[0] - s[0])
                period += [land[t + 1] - land[t] for t in range(2, tiles - 1)]
                wait += [waited[t] - land[t] for t in range(tiles)]
                last.append(s[1 + 2 * tiles] - waited[-1])
                epi.append(s[2 + 2 * tiles] - s[1 + 2 * tiles])
                end.append(s[2 + 2 * tiles])
        print(f"{name} ({k['args'][3]['s32']} x {k['args'][4]['s32']} x {K}, {ctas} CTAs, {tiles} K tiles): "
              f"prologue {med(pro):.0f}; first tile landed +{med(first):.0f}; K-tile period {med(period):.0f}; "
              f"landed -> wgmma wait passed {med(wait):.0f}; last wgmmas {med(last):.0f}; epilogue {med(epi):.0f}; "
              f"CTA end {med(end):.0f} (max {max(end)})")


main()
