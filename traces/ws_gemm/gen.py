#!/usr/bin/env python3
# Writes ws_gemm.json (the measured judgement config: f16 at 256^3, 512^3, 1024^3, 1024^3 in clusters of 2, e4m3 at
# 1024^3 alone and in clusters of 2) and tools/bench/ws_gemm_4096.json (f16 at 4096^3, for simulation speed), from
# the shapes below. Inputs: f16 uniform in [-1, 1); e4m3 bytes uniform in [0x28, 0x48] (0.25 .. 4, no NaN).
# D starts at zero and is fully overwritten. Leaves out: nothing else is generated (the PTX comes from
# tools/regen_ptx.sh).
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SMEM = 197696  # 4 x 32 KiB ring + 64 KiB epilogue + barriers + 1 KiB alignment (ws_gemm.cu)
SMS = 132


def tmap(buf, dtype, dims, elem, box):
    return {"tensor_map": {"buffer": buf, "dtype": dtype, "dims": dims, "strides": [dims[0] * elem], "box": box,
                           "element_strides": [1, 1], "interleave": "none", "swizzle": "128B",
                           "l2_promotion": "128B", "oob_fill": "zero"}}


def build(shapes, ptx, seed0):
    buffers, kernels = {}, []
    for i, (kind, c, m, n, k) in enumerate(shapes):
        fp8 = kind == "e4m3"
        seed = seed0 + 3 * i
        if fp8:
            init = lambda s: {"random": {"seed": s, "min": 0x28, "max": 0x48}}
            buffers[f"A{i}"] = {"type": "u8", "count": m * k, "init": init(seed)}
            buffers[f"B{i}"] = {"type": "u8", "count": n * k, "init": init(seed + 1)}
        else:
            init = lambda s: {"random": {"seed": s, "min": -1, "max": 1}}
            buffers[f"A{i}"] = {"type": "f16", "count": m * k, "init": init(seed)}
            buffers[f"B{i}"] = {"type": "f16", "count": n * k, "init": init(seed + 1)}
        buffers[f"D{i}"] = {"type": "f32", "count": m * n, "init": "zero"}
        dtype, elem, kt = ("uint8", 1, 128) if fp8 else ("float16", 2, 64)
        tiles = (m // 128) * (n // 128)
        grid = min(tiles, SMS)
        entry = f"ws_gemm_{kind}" + ("_c2" if c == 2 else "")
        kern = {"ptx": ptx, "entry": entry, "grid": [grid], "block": [384]}
        if c == 2:
            kern["cluster"] = [2]
        kern["dynamic_smem"] = SMEM
        kern["args"] = [tmap(f"A{i}", dtype, [k, m], elem, [kt, 128 // c]),
                        tmap(f"B{i}", dtype, [k, n], elem, [kt, 128]),
                        tmap(f"D{i}", "float32", [n, m], 4, [32, 64]), {"s32": m}, {"s32": n}, {"s32": k}]
        kernels.append(kern)
    return buffers, kernels


DESC = ("Warp-specialized persistent GEMM (ws_gemm.cu): D = A B^T, A M x K and B N x K row-major f16 or e4m3, D f32; "
        "384 threads a CTA: a TMA producer warp (setmaxnreg.dec 40) fills a 4-stage ring of 128 x 128-byte A and B "
        "tiles (128B swizzle) guarded by full/empty mbarriers, two consumer warpgroups (setmaxnreg.inc 232) each "
        "wgmma m64n128 on 64 rows of a 128 x 128 tile, epilogue through swizzled shared memory and a TMA store; "
        "at most 132 CTAs walking the tiles statically; clusters of 2 share A's tile by TMA multicast. ")


def write(path, desc, shapes, ptx, seed0, judgement):
    buffers, kernels = build(shapes, ptx, seed0)
    cfg = {"description": desc, "gpu": "h200"}
    if judgement:
        cfg["validation_set"] = "judgement"
    cfg["buffers"] = buffers
    cfg["kernels"] = kernels
    with open(path, "w") as f:
        json.dump(cfg, f, indent=1)
        f.write("\n")


MAIN = [("f16", 1, 256, 256, 256), ("f16", 1, 512, 512, 512), ("f16", 1, 1024, 1024, 1024),
        ("f16", 2, 1024, 1024, 1024), ("e4m3", 1, 1024, 1024, 1024), ("e4m3", 2, 1024, 1024, 1024)]
write(os.path.join(HERE, "ws_gemm.json"),
      DESC + "Launches: f16 at 256^3, 512^3, 1024^3, f16 at 1024^3 in clusters of 2, e4m3 at 1024^3 alone and in "
      "clusters of 2. f16 inputs in [-1, 1), e4m3 inputs 0.25 .. 4 (bytes 0x28 .. 0x48).",
      MAIN, "ws_gemm.sm_90a.ptx", 300, True)
BENCH = [("f16", 1, 4096, 4096, 4096)]
write(os.path.join(HERE, "..", "..", "tools", "bench", "ws_gemm_4096.json"),
      DESC + "One launch: f16 at 4096^3 (1024 tiles on 132 CTAs), for the simulation-speed goal (issue 12).",
      BENCH, "../../traces/ws_gemm/ws_gemm.sm_90a.ptx", 400, False)
