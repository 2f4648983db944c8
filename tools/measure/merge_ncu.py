#!/usr/bin/env python3
# merge_ncu.py: turns one warpsim-measure result (TIME.json) plus Nsight Compute's CSV for one launch of each
# kernel (NCU.csv, from `ncu --csv --log-file` over `warpsim-measure --once`) into the commit-ready summary
# OUT.json: each launch gets "ncu": {metric: {"value", "unit"}} under ncu's own metric names, and the file
# records how to regenerate it. Prints one summary line per launch.
# Leaves out: ncu's per-section breakdowns and anything not asked for with --metrics; host names.
import csv, glob, json, os, sys


def parse_ncu(path):
    """Returns [(kernel_name, {metric: {value, unit}})] in launch (ID) order, or None without a CSV."""
    if not path or not os.path.exists(path):
        return None
    with open(path, newline="") as f:
        lines = [l for l in f if not l.startswith("==")]
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID"')), None)
    if start is None:
        return None
    launches = {}
    for row in csv.DictReader(lines[start:]):
        try:
            lid = int(row["ID"])
        except (KeyError, ValueError):
            continue
        name, unit, raw = row.get("Metric Name"), row.get("Metric Unit", ""), row.get("Metric Value", "")
        try:
            value = float(raw.replace(",", ""))
            if value.is_integer():
                value = int(value)
        except ValueError:
            value = raw
        k = launches.setdefault(lid, (row.get("Kernel Name", ""), {}))
        k[1][name] = {"value": value, "unit": unit}
    return [launches[i] for i in sorted(launches)]


def main():
    time_path, ncu_path, out_path, config = sys.argv[1:5]
    tag = sys.argv[5] if len(sys.argv) > 5 else "h200"
    extra = os.environ.get("MEASURE_ARGS", "")
    with open(time_path) as f:
        res = json.load(f)
    env = ("MEASURE_TAG=%s " % tag if tag != "h200" else "") + ('MEASURE_ARGS="%s" ' % extra if extra else "")
    res["regenerate"] = ("on the " + tag.upper() + ", from the repository root: " + env + "tools/measure/run_all.sh " + config +
                         "  (see tools/measure/README.md; tool command: " + res["command"] + ")")
    ncu = parse_ncu(ncu_path)
    if ncu is not None:
        res["ncu"] = {"command": "ncu --clock-control none --metrics <the list in run_all.sh> --csv "
                                 "warpsim-measure " + config + (" " + extra if extra else "") + " --once",
                      "launches_profiled": len(ncu)}
        for i, launch in enumerate(res["launches"]):
            if i < len(ncu):
                launch["ncu"] = {"kernel": ncu[i][0], "metrics": ncu[i][1]}
    # Other runs of the same config (the ncu run, run_all.sh's REPEAT_RUNS extra --once runs): buffers whose
    # hash differs between runs depend on the hardware's ordering (atomics' returned values, say).
    stem = time_path[:-len(".time.json")]
    others = sorted(glob.glob(stem + ".once.json") + glob.glob(stem + ".again*.json"))
    if others:
        varying = set()
        for path in others:
            with open(path) as f:
                o = json.load(f)
            varying |= {b for b in res["buffers"] if o["buffers"][b]["sha256"] != res["buffers"][b]["sha256"]}
        res["runs_compared"] = 1 + len(others)
        res["buffers_varying_between_runs"] = sorted(varying)
    with open(out_path, "w") as f:
        json.dump(res, f, indent=2)
        f.write("\n")
    for launch in res["launches"]:
        t = launch.get("time_us", {})
        print("%-22s %-14s %10.2f %10.2f %10.2f" % (os.path.basename(config)[:-5], launch["entry"][:14],
                                                   t.get("min", 0), t.get("median", 0), t.get("max", 0)))


if __name__ == "__main__":
    main()
