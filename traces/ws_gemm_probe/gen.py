#!/usr/bin/env python3
# Writes ws_gemm_probe.json: traces/ws_gemm's f16 kernel with %clock64 stamps (ws_gemm_probe.cu) at 512^3 (16 CTAs),
# 1024^3 (64 CTAs, as ws_gemm's third launch) and 2048^3 (132 CTAs walking 256 tiles). Inputs as ws_gemm's f16 ones
# (uniform in [-1, 1)); D starts at zero and is fully overwritten; stamps (256 u64 per CTA) start at zero and are
# clock buffers (not compared). Leaves out: nothing else is generated (the PTX comes from tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SMEM = 197696  # as ws_gemm.cu
SMS = 132
PTX = "ws_gemm_probe.sm_90a.ptx"


def tmap(buf, dims, elem, box, dtype):
    return {"tensor_map": {"buffer": buf, "dtype": dtype, "dims": dims, "strides": [dims[0] * elem], "box": box,
                           "element_strides": [1, 1], "interleave": "none", "swizzle": "128B",
                           "l2_promotion": "128B", "oob_fill": "zero"}}


buffers, kernels, clocks = {}, [], []
for i, n in enumerate((512, 1024, 2048)):
    m = k = n
    seed = 500 + 3 * i
    buffers[f"A{i}"] = {"type": "f16", "count": m * k, "init": {"random": {"seed": seed, "min": -1, "max": 1}}}
    buffers[f"B{i}"] = {"type": "f16", "count": n * k, "init": {"random": {"seed": seed + 1, "min": -1, "max": 1}}}
    buffers[f"D{i}"] = {"type": "f32", "count": m * n, "init": "zero"}
    grid = min((m // 128) * (n // 128), SMS)
    buffers[f"stamps{i}"] = {"type": "u64", "count": 256 * grid, "init": "zero"}
    clocks.append(f"stamps{i}")
    kernels.append({"ptx": PTX, "entry": "ws_gemm_f16_probe", "grid": [grid], "block": [384], "dynamic_smem": SMEM,
                    "args": [tmap(f"A{i}", [k, m], 2, [64, 128], "float16"),
                             tmap(f"B{i}", [k, n], 2, [64, 128], "float16"),
                             tmap(f"D{i}", [n, m], 4, [32, 64], "float32"), {"s32": m}, {"s32": n}, {"s32": k},
                             {"buffer": f"stamps{i}"}]})
desc = ("traces/ws_gemm's f16 warp-specialized GEMM with %clock64 stamps (ws_gemm_probe.cu): where a CTA's cycles go "
        "(each K tile's TMA issue by the producer, each consumer warpgroup's full barrier passed, its K loop's end, "
        "its TMA store and last wait). Launches: 512^3 (16 CTAs), 1024^3 (64 CTAs), 2048^3 (132 CTAs, 256 tiles). "
        "stamps{i}[256 b + j] for CTA b as the source's header says. Judgement set: a diagnostic of ws_gemm's kernel, "
        "nothing is fitted to it.")
cfg = {"description": desc, "gpu": "h200", "validation_set": "judgement", "clock_buffers": clocks,
       "buffers": buffers, "kernels": kernels}
with open(os.path.join(HERE, "ws_gemm_probe.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
