#!/usr/bin/env python3
"""Turns a warpsim-measure result of an instrumented run config (tools/measure/run_instrumented.sh) into a
measured per-warp timeline, format "warpsim-measured-timeline/1", that `warpsim compare` reads.

Each warp record of the trace buffer (3 little-endian u64: start %globaltimer, end %globaltimer, %smid) becomes
[cta, warp, smid, start_ns, end_ns] with times relative to the launch's earliest warp start. The
instrumentation's overhead is the instrumented median kernel time over the plain one (from the plain
measured file, traces/<w>/h200.json), per launch.

Usage: import_timeline.py INSTRUMENTED_RESULT.json PLAIN_MEASURED.json OUT.json
"""
import json
import struct
import sys


def main():
    inst_path, plain_path, out_path = sys.argv[1:4]
    inst = json.load(open(inst_path))
    plain = json.load(open(plain_path))
    clock_mhz = inst["device"]["clock_rate_khz"] / 1000.0
    out = {
        "format": "warpsim-measured-timeline/1",
        "tool": inst["tool"],
        "command": inst["command"],
        "date_utc": inst["date_utc"],
        "device": inst["device"],
        "clock_mhz": clock_mhz,
        "instrumentation": "warpsim instrument: per warp, lane 0 records %globaltimer and %smid at entry; every "
                           "thread atom.max's %globaltimer into the warp's end slot at each ret/exit",
        "regenerate": "warpsim instrument CONFIG --out .measure/inst/<w>; on the GPU: tools/measure/run_instrumented.sh; "
                      "then tools/measure/import_timeline.py RESULT.json traces/<w>/h200.json traces/<w>/h200.timeline.json",
        "launches": [],
    }
    for k, launch in enumerate(inst["launches"]):
        buf = inst["buffers"][f"warpsim_trace_{k}"]
        raw = bytes.fromhex(buf["hex"])
        grid, block = launch["grid"], launch["block"]
        threads = block[0] * block[1] * block[2]
        wpc = (threads + 31) // 32
        recs = []
        for i in range(len(raw) // 24):
            start, end, smid = struct.unpack_from("<QQQ", raw, i * 24)
            recs.append((i // wpc, i % wpc, smid & 0xffffffff, start, end))
        t0 = min(r[3] for r in recs)
        plain_med = plain["launches"][k]["time_us"]["median"] if k < len(plain.get("launches", [])) else None
        inst_med = launch["time_us"]["median"]
        out["launches"].append({
            "entry": launch["entry"],
            "grid": grid,
            "block": block,
            "clock_mhz": clock_mhz,
            "time_us_median_instrumented": inst_med,
            "time_us_median_plain": plain_med,
            "overhead_pct": None if not plain_med else round(100.0 * (inst_med - plain_med) / plain_med, 1),
            "warps": [[c, w, sm, s - t0, e - t0] for (c, w, sm, s, e) in recs],
        })
    with open(out_path, "w") as f:
        json.dump(out, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
