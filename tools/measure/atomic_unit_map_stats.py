#!/usr/bin/env python3
"""What traces/atomic_unit_map's measurements say (tools/measure/atomic_unit_map.cu), as quoted in traces/README.md
and configs/gpus (mem.atomic_units, mem.atomic_group_blocks): per file the classes (pieces whose atomics queue
together) and their sizes, whether pieces p and p ^ 2 (address bit 9) always share a class, the most pieces-pairs one
unit serves in aligned windows of 1 KiB blocks (a class twice the median size counts as two units), and whether two
files group the pieces alike.
Usage: python3 tools/measure/atomic_unit_map_stats.py traces/atomic_unit_map/*.json.xz"""
import collections
import json
import lzma
import statistics
import sys


def load(path):
    with (lzma.open(path) if path.endswith(".xz") else open(path, "rb")) as f:
        return json.loads(f.read())


def summary(path, d):
    cls = dict(zip(d["pieces"], d["class"]))
    sizes = collections.Counter(d["class"])
    med = statistics.median(sizes.values())
    weight = {c: 2 if n > 1.5 * med else 1 for c, n in sizes.items()}  # a double class: two units sharing a queue
    n = len(d["pieces"])
    units = sum(weight.values())
    print(f"{path}: {d['gpu']}, {d['date']}, `{d['command']}`: {n} pieces, {len(sizes)} classes "
          f"({sum(1 for w in weight.values() if w == 2)} of twice the median size {med:.0f}) = {units} units, "
          f"{n / units:.1f} pieces each (1/{n / (n / units):.0f})")
    span = d["span_bytes"] // 256
    same = sum(cls[p] == cls[p ^ 2] for p in range(span))
    print(f"  p and p ^ 2 in one class: {same} of {span}")
    for w in (32, 40, 64, 80, 128, 256):
        worst = []
        for s in range(0, span // 4 - w + 1, w):
            c = collections.Counter(cls[4 * b + h] for b in range(s, s + w) for h in (0, 1))
            worst.append(max(v / weight[k] for k, v in c.items()))
        print(f"  aligned {w:3d} blocks ({2 * w} pieces-pairs): most on one unit {max(worst):.0f} "
              f"(mean over windows {statistics.mean(worst):.2f}, even share {2 * w / units:.2f})")
    return cls


def main():
    maps = [(p, summary(p, load(p))) for p in sys.argv[1:]]
    for i in range(len(maps)):
        for j in range(i + 1, len(maps)):
            (pa, a), (pb, b) = maps[i], maps[j]
            common = [p for p in a if p in b and a[p] >= 0 and b[p] >= 0]
            groups = collections.defaultdict(set)
            for p in common:
                groups[a[p]].add(b[p])
            split = sum(len(v) > 1 for v in groups.values())
            print(f"{pa} vs {pb}: {len(common)} pieces in both; {split} of {len(groups)} classes of the first "
                  f"are split in the second")


if __name__ == "__main__":
    main()
