#!/usr/bin/env python3
# Writes wgmma_gemm_probe.json: wgmma_gemm_probe.cu's gemm_sw128_probe at traces/wgmma_gemm's three larger sw128
# sizes (512^3: 4 x 4 CTAs, 1024^3: 8 x 8, 2048 x 1024 x 512: 8 x 16), with the same inputs (seeds) as wgmma_gemm.json's
# launches 1-3. stamps{i}: 80 u64 per CTA (clock buffers). Leaves out: the PTX (tools/regen_ptx.sh).
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
src = json.load(open(os.path.join(HERE, "..", "wgmma_gemm", "wgmma_gemm.json")))
buffers, kernels, clocks = {}, [], []
for i in (1, 2, 3):
    k = src["kernels"][i]
    assert k["entry"] == "gemm_sw128"
    args = k["args"]
    for a in args[:3]:
        buffers[a["buffer"]] = src["buffers"][a["buffer"]]
    ctas = k["grid"][0] * k["grid"][1]
    buffers[f"stamps{i}"] = {"type": "u64", "count": 80 * ctas, "init": "zero"}
    clocks.append(f"stamps{i}")
    kernels.append({"ptx": "wgmma_gemm_probe.sm_90a.ptx", "entry": "gemm_sw128_probe", "grid": k["grid"],
                    "block": k["block"], "dynamic_smem": k["dynamic_smem"], "args": args + [{"buffer": f"stamps{i}"}]})
desc = ("traces/wgmma_gemm's gemm_sw128 with %clock64 stamps (wgmma_gemm_probe.cu): thread 0 of each warpgroup stamps "
        "the prologue's copies issued, each K tile landed and its wgmma.wait_group 1 passed, the last wait_group 0 and "
        "the epilogue's end. Launches as wgmma_gemm's 512^3 (16 CTAs), 1024^3 (64) and 2048 x 1024 x 512 (128), the same "
        "inputs. Judgement set: a diagnostic of wgmma_gemm's kernel, nothing is fitted to it.")
cfg = {"description": desc, "gpu": "h200", "validation_set": "judgement", "clock_buffers": clocks,
       "buffers": buffers, "kernels": kernels}
with open(os.path.join(HERE, "wgmma_gemm_probe.json"), "w") as f:
    json.dump(cfg, f, indent=1)
    f.write("\n")
