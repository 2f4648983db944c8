#!/usr/bin/env python3
# merge_ncu_extra.py: adds the counters that run_ncu_extra.sh read (DIR/<w>.csv, DIR/env.txt) to the measured
# result traces/<w>/<tag>.json of each config, launch by launch, under each launch's "ncu"."metrics", and records
# where they came from (date, GPU, driver, the metric list, the command) in the file's "ncu_extra" list. A launch
# whose kernel name differs from the CSV's (by order) stops the merge for that config.
# Leaves out: re-timing (the values come from a separate run of the same config on the same GPU model).
#
# Counts that depend only on the SASS (instructions per pipe) may come from another GPU of the same architecture:
# --only REGEX keeps the metrics whose names match, and --check-equal METRIC merges a config only if METRIC (e.g.
# smsp__inst_executed.sum) read in this run equals the value already in TAG.json on every launch, so the code that
# ran was the same; the record names the GPU that was profiled.
#
# Usage: tools/measure/merge_ncu_extra.py DIR [TAG] [--only REGEX] [--check-equal METRIC]
#        (run from the repository root; TAG defaults to h200)
import argparse, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from merge_ncu import parse_ncu  # noqa: E402


def env_field(env, header):
    m = re.search(r"== " + re.escape(header) + r"\n(.*?)(?:\n== |\Z)", env, re.S)
    return m.group(1).strip() if m else ""


def main():
    ap = argparse.ArgumentParser(description="merge run_ncu_extra.sh counters into traces/<w>/<tag>.json")
    ap.add_argument("dir")
    ap.add_argument("tag", nargs="?", default="h200")
    ap.add_argument("--only", help="keep only the metrics whose names match this regular expression")
    ap.add_argument("--check-equal", help="merge a config only if this metric equals TAG.json's on every launch")
    a = ap.parse_args()
    src, tag = a.dir, a.tag
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
        if a.check_equal:
            for i, (launch, (kernel, values)) in enumerate(zip(res["launches"], ncu)):
                old = launch.get("ncu", {}).get("metrics", {}).get(a.check_equal, {}).get("value")
                new = values.get(a.check_equal, {}).get("value")
                if old is None or new is None or old != new:
                    print("skip %s: launch %d %s is %s here, %s in %s" % (w, i, a.check_equal, new, old, path))
                    bad = True
                    break
            if bad:
                continue
        kept = [m for m in metrics.split(",") if not a.only or re.search(a.only, m)]
        for launch, (kernel, values) in zip(res["launches"], ncu):
            n = launch.setdefault("ncu", {"kernel": kernel, "metrics": {}})
            n.setdefault("metrics", {}).update({k: v for k, v in values.items() if k in kept})
        record = {
            "date_utc": date, "gpu": gpu.group(1) if gpu else "", "driver": driver.group(1) if driver else "",
            "cuda": cuda.group(1) if cuda else "", "ncu": ncu_version, "metrics": kept,
            "command": "tools/measure/run_ncu_extra.sh " + res.get("config", "traces/%s/%s.json" % (w, w)) +
                       (" (MEASURE_ARGS=\"%s\")" % args if args else "") +
                       ": ncu --clock-control none --metrics <metrics> --csv warpsim-measure CONFIG --once",
            "launches_profiled": len(ncu),
        }
        if a.only or a.check_equal:
            record["merged_with"] = "merge_ncu_extra.py DIR %s" % tag + (" --only '%s'" % a.only if a.only else "") + \
                (" --check-equal %s" % a.check_equal if a.check_equal else "")
        if a.check_equal:
            record["checked_equal"] = a.check_equal + " equal to this file's on every launch (the same SASS ran)"
        res["ncu_extra"] = [r for r in res.get("ncu_extra", []) if r.get("metrics") != record["metrics"]] + [record]
        with open(path, "w") as f:
            json.dump(res, f, indent=2)
            f.write("\n")
        print("merged %s: %d launches" % (w, len(ncu)))


if __name__ == "__main__":
    main()
