#!/usr/bin/env python3
# Writes vecadd.expected.bin: the 1000 f32 results of vecadd.json, raw little-endian. a and b are "iota"
# (element i = i, exact in f32), so c[i] = i + i = 2i, exact as well.
# Leaves out: any other init (change this script if vecadd.json's inits change).
import os
import struct

n = 1000
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vecadd.expected.bin")
with open(out, "wb") as f:
    f.write(struct.pack("<%df" % n, *[2.0 * i for i in range(n)]))
