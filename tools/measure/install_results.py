#!/usr/bin/env python3
# install_results.py: copies the commit-ready summaries out of an unpacked measure.tgz into the tree:
# traces/<w>/<w>.json's result becomes traces/<w>/<tag>.json, tools/bench/<b>.json's becomes
# tools/bench/<b>.<tag>.json. Leaves out: the raw logs, ncu CSVs and *.time.json / *.once.json files.
# Usage (repository root): tools/measure/install_results.py DIR [TAG]   (TAG defaults to h200)
import glob, json, os, shutil, sys

src, tag = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "h200")
for f in sorted(glob.glob(os.path.join(src, "*.%s.json" % tag))):
    config = json.load(open(f))["config"]
    d, base = os.path.split(config)
    name = base[:-len(".json")]
    dest = os.path.join(d, "%s.json" % tag) if d.startswith("traces/") else os.path.join(d, "%s.%s.json" % (name, tag))
    shutil.copyfile(f, dest)
    print(dest)
