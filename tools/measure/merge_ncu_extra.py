#!/usr/bin/env python3
# merge_ncu_extra.py: adds the counters that run_ncu_extra.sh read (DIR/<w>.csv, DIR/env.txt) to the measured
# result traces/<w>/<tag>.json of each config, launch by launch, under each launch's "ncu"."metrics", and records
# where they came from (date, GPU, driver, the metric list, the command) in the file's "ncu_extra" list. A launch
# whose kernel name differs from the CSV's (by order) stops the merge for that config.
# Leaves out: re-timing (the values come from a separate run of the same config on the same GPU model).
#
# Usage: tools/measure/merge_ncu_extra.py DIR [TAG]   (run from the repository root; TAG defaults to h200)
import json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from merge_ncu import parse_ncu  # noqa: E402


def env_field(env, header):
    m = re.search(r"== " + re.escape(header) + r"\n(.*?)(?:\n== |\Z)", env, re.S)
    return m.group(1).strip() if m else ""


def main():
    src = sys.argv[1]
    tag = sys.argv[2] if len(sys.argv) > 2 else "h200"
    with open(os.path.join(src, "env.txt")) as f:
        env = f.read()
    date = env_field(env, "date")
    smi = env_field(env, "nvidia-smi")
    driver = re.search(r"Driver Version: (\S+)", smi)
    cuda = re.search(r"CUDA Version: (\S+)", smi)
    gpu = re.search(r"\|\s+\d+\s+(NVIDIA [^|]*?)\s{2,}", smi)
    ncu_version = env_field(env, "ncu").splitlines()[-1] if env_field(env, "ncu") else ""
    metrics = env_field(env, "metrics")
    args = env_field(env, "args")
    for name in sorted(os.listdir(src)):
        if not name.endswith(".csv"):
            continue
        w = name[:-4]
        path = os.path.join("traces", w, tag + ".json")
        if not os.path.exists(path):
            print("skip %s: no %s" % (w, path))
            continue
        ncu = parse_ncu(os.path.join(src, name))
        if not ncu:
            print("skip %s: no launches in the CSV" % w)
            continue
        with open(path) as f:
            res = json.load(f)
        if len(ncu) != len(res["launches"]):
            print("skip %s: %d launches profiled, %d measured" % (w, len(ncu), len(res["launches"])))
            continue
        bad = False
        for launch, (kernel, values) in zip(res["launches"], ncu):
            old = launch.get("ncu", {}).get("kernel")
            if old is not None and old != kernel:
                print("skip %s: kernel %s in the CSV, %s measured" % (w, kernel, old))
                bad = True
                break
        if bad:
            continue
        for launch, (kernel, values) in zip(res["launches"], ncu):
            n = launch.setdefault("ncu", {"kernel": kernel, "metrics": {}})
            n.setdefault("metrics", {}).update(values)
        record = {
            "date_utc": date, "gpu": gpu.group(1) if gpu else "", "driver": driver.group(1) if driver else "",
            "cuda": cuda.group(1) if cuda else "", "ncu": ncu_version, "metrics": metrics.split(","),
            "command": "tools/measure/run_ncu_extra.sh " + res.get("config", "traces/%s/%s.json" % (w, w)) +
                       (" (MEASURE_ARGS=\"%s\")" % args if args else "") +
                       ": ncu --clock-control none --metrics <metrics> --csv warpsim-measure CONFIG --once",
            "launches_profiled": len(ncu),
        }
        res["ncu_extra"] = [r for r in res.get("ncu_extra", []) if r.get("metrics") != record["metrics"]] + [record]
        with open(path, "w") as f:
            json.dump(res, f, indent=2)
            f.write("\n")
        print("merged %s: %d launches" % (w, len(ncu)))


if __name__ == "__main__":
    main()
