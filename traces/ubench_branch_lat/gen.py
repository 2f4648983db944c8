#!/usr/bin/env python3
"""Writes ubench_branch_lat.json: the launches of branch_lat (see ubench_branch_lat.cu) and, for the data-exit
loops, `stop` = x after n steps, checked to be the first time the sequence reaches it."""
import json

M32 = 0xFFFFFFFF


def stop_after(n, step):
    x, seen = 7, []
    for _ in range(n):
        x = step(x)
        seen.append(x >> 8)
    assert seen.index(x >> 8) == n - 1, "the sequence reaches stop early"
    return x >> 8


def lin(x):
    return (3 * x + 1) & M32


def quad(x):
    for a, c in ((3, 1), (5, 3), (7, 5), (9, 7)):
        x = (a * x + c) & M32
    return x


def lin_xor(x):
    return ((3 * x + 1) & M32) ^ 0x55


# (mode, n, stop, m, sel, flag, d, what)
launches = [
    (0, 1024, 0, 0, 0, 0, 1, "counted loop, 1 IMAD"),
    (1, 1024, stop_after(1024, lin), 0, 0, 0, 1, "data-exit loop, 1 IMAD"),
    (2, 256, 0, 0, 0, 0, 1, "counted loop, 4 IMADs"),
    (3, 256, stop_after(256, quad), 0, 0, 0, 1, "data-exit loop, 4 IMADs"),
    (4, 512, 0, 1, 0, 0, 1, "region of 1 IMAD every other iteration, uniform"),
    (4, 512, 0, 1, 1, 0, 1, "region of 1 IMAD, half the lanes each iteration"),
    (4, 512, 0, 4, 0, 0, 1, "region of 4 IMADs every other iteration, uniform"),
    (4, 512, 0, 4, 1, 0, 1, "region of 4 IMADs, half the lanes each iteration"),
    (5, 1024, stop_after(1024, lin), 0, 0, 0, 1, "data-exit loop, parameter compare inside, false"),
    (5, 1024, stop_after(1024, lin_xor), 0, 0, 1, 1, "data-exit loop, parameter compare inside, true"),
    (6, 256, 0, 0, 0, 0, 3, "division, lane 0 arrives and waits (YIELD), __syncwarp"),
    (7, 256, 0, 0, 0, 0, 3, "division, lane 0 arrives, __syncwarp"),
    (6, 256, 0, 0, 32, 0, 3, "division, no lane in the region, __syncwarp"),
]

desc = ("What ptxas's control flow costs (branch_lat: one warp, lane 0's %clock64 around the loop; see "
        "ubench_branch_lat.cu). Launches (slot: mode, n, m, sel, flag, d): " + "; ".join(
            f"{i}: {what} ({mode}, {n}, {m}, {sel}, {flag}, {d})"
            for i, (mode, n, stop, m, sel, flag, d, what) in enumerate(launches)) +
        ". cyc[slot] = the loop's cycles; out[32 slot + lane] = x + y + q of the lane.")

kernels = []
for slot, (mode, n, stop, m, sel, flag, d, what) in enumerate(launches):
    kernels.append({
        "ptx": "ubench_branch_lat.sm_90a.ptx", "entry": "branch_lat", "grid": [1], "block": [32], "dynamic_smem": 0,
        "args": [{"buffer": "cyc"}, {"buffer": "out"}, {"s32": slot}, {"s32": mode}, {"s32": n},
                 {"u32": stop}, {"s32": m}, {"s32": sel}, {"s32": flag}, {"s32": d}]})

cfg = {"description": desc, "gpu": "h200", "validation_set": "calibration", "clock_buffers": ["cyc"],
       "kernels": kernels,
       "buffers": {"cyc": {"type": "u64", "count": len(launches), "init": "zero"},
                   "out": {"type": "u32", "count": 32 * len(launches), "init": "zero"}}}
with open("ubench_branch_lat.json", "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
