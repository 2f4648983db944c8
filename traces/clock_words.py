# Reads a u64 clock buffer for the microbenchmarks' summary.py scripts, from either form a result takes: a
# `warpsim run --dump DIR` folder (NAME.bin) or a measured JSON (warpsim-measure --once --inline-limit ... output, or an
# h200.json/h100.json carrying the buffer's hex). Leaves out: buffers of other element types, hex_2 (a second run).
import json
import os
import struct


def words(src, name):
    if os.path.isdir(src):
        raw = open(os.path.join(src, f"{name}.bin"), "rb").read()
    else:
        raw = bytes.fromhex(json.load(open(src))["buffers"][name]["hex"])
    return struct.unpack(f"<{len(raw) // 8}Q", raw)
