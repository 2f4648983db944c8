#!/usr/bin/env python3
# compare.py: per-form agreement of warpsim with the H200 on traces/mma_sparse: reads the H200's output buffers (inline
# hex in h200.json) and warpsim's (`warpsim run mma_sparse.json --functional --dump DIR`), and prints for each form
# (one warp each, in gen.py's order) how many of its 32 x d_regs result words are bit-identical, and for float forms
# the largest difference in f32 ulp. Usage: python3 compare.py h200.json DIR
import json, os, struct, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util
spec = importlib.util.spec_from_file_location("gen", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gen.py"))
gen = importlib.util.module_from_spec(spec)
_stdout = sys.stdout
sys.stdout = open(os.devnull, "w")
spec.loader.exec_module(gen)
sys.stdout = _stdout
hw = json.load(open(sys.argv[1]))


def words(b):
    return struct.unpack("<%dI" % (len(b) // 4), b)


def sim_words(name):
    return words(open(os.path.join(sys.argv[2], name + ".bin"), "rb").read())


def hw_words(name):
    return words(bytes.fromhex(hw["buffers"][name]["hex"]))


def ulp(a, b, half):
    if half:
        return max(abs((a & 0xffff) - (b & 0xffff)), abs((a >> 16) - (b >> 16)))
    sa = a if a < 0x80000000 else 0x80000000 - a
    sb = b if b < 0x80000000 else 0x80000000 - b
    return abs(sa - sb)


total_bad = 0
for buf, forms, dreg in (("di", gen.forms_exact, lambda f: f[4]), ("dfl", gen.forms_float, lambda f: f[4]),
                         ("d884", gen.forms_884, lambda f: f[2])):
    h, s = hw_words(buf), sim_words(buf)
    for w, f in enumerate(forms):
        d = dreg(f)
        same, worst = 0, 0
        for lane in range(32):
            for r in range(d):
                i = (w * 32 + lane) * 8 + r
                same += h[i] == s[i]
                worst = max(worst, ulp(h[i], s[i], (buf == "dfl" and d == 2) or (buf == "d884" and d == 4)))
        total_bad += 32 * d - same
        print("%-4s %2d %-70s %4d/%4d  max diff %d ulp" % (buf, w, f[0], same, 32 * d, worst))
print("words differing:", total_bad)
