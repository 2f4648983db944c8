#!/usr/bin/env python3
# Writes ubench_issue_spacing.json: ubench_issue_spacing.cu's three kernels at 1, 4 and 8 warps of one CTA, 32 timed
# rounds each, over one 256 KiB iota buffer. Leaves out: the PTX (tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
PTX = "ubench_issue_spacing.sm_90a.ptx"
ROUNDS = 32
FORMS = ["spacing_ldgsts16", "spacing_ldgsts4", "spacing_ldg16"]
WARPS = [1, 4, 8]

kernels = []
slot = 0
for entry in FORMS:
    for w in WARPS:
        k = {"ptx": PTX, "entry": entry, "grid": [1], "block": [32 * w],
             "args": [{"buffer": "src"}, {"s32": ROUNDS}, {"buffer": "cyc"}, {"s32": slot}, {"buffer": "out"}]}
        if entry != "spacing_ldg16":
            k["dynamic_smem"] = w * 16 * 512
        kernels.append(k)
        slot += 1
desc = ("How closely one warp issues memory instructions that each move a warp's worth of lines (issue 12; the kernels "
        "are described in ubench_issue_spacing.cu): straight blocks of 16 independent cp.async.cg 16-byte (LDGSTS.128), "
        "cp.async.ca 4-byte (LDGSTS) or ld.global.cg.v4 (LDG.128) per round, then the wait, 1 untimed + "
        f"{ROUNDS} timed rounds, at 1, 4 and 8 warps of one CTA. Launches: " +
        "; ".join(f"{i}: {e} x {w} warps" for i, (e, w) in enumerate((e, w) for e in FORMS for w in WARPS)) +
        ". cyc[slot] = the timed rounds' cycles (slot = the launch's index); out[slot * 256 + thread] = the xor of "
        "the thread's words of its last round. Calibration set: the spacing of one warp's LSU instructions.")
cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc"],
       "buffers": {"src": {"type": "u32", "count": 1 << 16, "init": "iota"},
                   "cyc": {"type": "u64", "count": slot, "init": "zero"},
                   "out": {"type": "u32", "count": slot * 256, "init": "zero"}},
       "kernels": kernels}
with open(os.path.join(HERE, "ubench_issue_spacing.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
print(f"{len(kernels)} launches")
