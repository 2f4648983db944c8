#!/usr/bin/env python3
# compare_words.py: word-by-word comparison of the H200's output buffers (a warpsim-measure JSON with "hex" buffers,
# or an extracted one-buffer file such as traces/wgmma/h200-out.json) with warpsim's (`warpsim run --dump DIR`:
# DIR/NAME.bin). Prints, per buffer (and per word range with --ranges NAME:START:END:LABEL,...), the count and
# fraction of 32-bit words that are bit-identical. Exit status 0 (a report, not a check).
# Usage: compare_words.py H200.json DUMPDIR [--ranges out:0:8192:f16_n64_k_none,...]
# Leaves out: element types narrower than 32 bits (compared as the 32-bit words holding them).
import json
import os
import sys


def hw_buffers(path):
    d = json.load(open(path))
    if "hex" in d and "buffer" in d:
        return {d["buffer"]: bytes.fromhex(d["hex"])}
    out = {}
    for name, b in d.get("buffers", {}).items():
        if isinstance(b, dict) and "hex" in b:
            out[name] = bytes.fromhex(b["hex"])
    return out


def words(b):
    return [int.from_bytes(b[i:i + 4], "little") for i in range(0, len(b) - len(b) % 4, 4)]


def main():
    hw = hw_buffers(sys.argv[1])
    dump = sys.argv[2]
    ranges = []
    if "--ranges" in sys.argv:
        for r in sys.argv[sys.argv.index("--ranges") + 1].split(","):
            n, s, e, label = r.split(":")
            ranges.append((n, int(s), int(e), label))
    for name, data in sorted(hw.items()):
        p = os.path.join(dump, name + ".bin")
        if not os.path.exists(p):
            print(f"{name:10s} not in {dump}")
            continue
        h, s = words(data), words(open(p, "rb").read())
        n = min(len(h), len(s))
        eq = sum(h[i] == s[i] for i in range(n))
        print(f"{name:10s} {eq}/{n} words equal ({100 * eq / max(n, 1):.2f} %)")
        for rn, a, b, label in ranges:
            if rn != name:
                continue
            e2 = sum(h[i] == s[i] for i in range(a, min(b, n)))
            print(f"  {label:24s} {e2}/{b - a} ({100 * e2 / max(b - a, 1):.2f} %)")


if __name__ == "__main__":
    main()
