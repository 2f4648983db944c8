#!/usr/bin/env python3
# compare_dump.py: compares the output-buffer hashes a real GPU gave (warpsim-measure's JSON) with the
# simulator's (`warpsim run CONFIG --dump DIR` writes DIR/buffers.json). Prints match/mismatch per buffer and
# exits 1 on any mismatch. Leaves out: element-level diffs (the H200 JSON holds bytes only for small buffers).
# Usage: compare_dump.py H200.json DUMPDIR
import json, os, sys

hw = json.load(open(sys.argv[1]))
sim = json.load(open(os.path.join(sys.argv[2], "buffers.json")))
sim_hash = {}
for b in (sim["buffers"] if isinstance(sim, dict) and "buffers" in sim else sim):
    sim_hash[b["name"]] = b["sha256"]
bad = 0
for name, b in hw["buffers"].items():
    ok = sim_hash.get(name) == b["sha256"]
    bad += not ok
    print("%-12s %s" % (name, "match" if ok else "MISMATCH (hw %s sim %s)" % (b["sha256"][:12], str(sim_hash.get(name))[:12])))
sys.exit(1 if bad else 0)
