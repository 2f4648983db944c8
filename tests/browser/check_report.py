#!/usr/bin/env python3
"""Renders `warpsim report` pages in headless Chromium and checks them (CTest "browser: ...").

For each CONFIG=SECTIONS argument: writes the report of CONFIG to OUTDIR/<name>.html, loads it in headless
Chromium twice (--dump-dom: the DOM after the page's scripts ran; --screenshot: OUTDIR/<name>.png, kept for
anyone to look at), and checks that
  - the page's scripts ran (data-js-ready="1" on <html>) and raised no error (data-js-errors="0");
  - all eight sections are there, and each section named in SECTIONS (comma-separated ids) applies to the
    kernel (data-applies="yes") and holds at least one rendered view (an element with data-view=...);
  - the screenshot is not blank: enough non-background pixels and colours.
Exits non-zero with a message naming the page and the failed check. Needs `chromium` (Debian's package)."""
import os
import re
import shutil
import struct
import subprocess
import sys
import zlib

SECTIONS = ["divergence", "occupancy", "sweep", "latency", "banks", "coalescing", "timeline", "sol"]


def fail(msg):
    print("FAIL: " + msg)
    sys.exit(1)


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    fail("no chromium on PATH: install Debian's chromium package (tools/test.sh does)")


def browser(args, url):
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
           "--disable-extensions", "--virtual-time-budget=5000"] + args + [url]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    if r.returncode != 0:
        fail(f"chromium exited {r.returncode}: {' '.join(cmd)}\n{r.stderr[-2000:]}")
    return r.stdout


def png_pixels(path):
    """Decodes an 8-bit RGB/RGBA, non-interlaced PNG (what Chromium writes): (width, height, rows of bytes, bpp)."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        fail(f"{path}: not a PNG")
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", body)
            if depth != 8 or ctype not in (2, 6) or interlace != 0:
                fail(f"{path}: unexpected PNG format (depth {depth}, colour type {ctype}, interlace {interlace})")
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    rows, prev = [], bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, rows, bpp


def check_screenshot(path, name):
    width, height, rows, bpp = png_pixels(path)
    background = rows[-1][:3]  # the page background, below the last section
    ink, colours = 0, set()
    for y in range(0, height, 2):
        row = rows[y]
        for x in range(0, width * bpp, 2 * bpp):
            px = row[x:x + 3]
            if px != background:
                ink += 1
                colours.add(bytes(v & 0xF0 for v in px))
    share = ink / ((height // 2) * (width // 2))
    print(f"  {name}.png: {width}x{height}, {100 * share:.1f}% of sampled pixels drawn, {len(colours)} colours")
    if share < 0.05 or len(colours) < 12:
        fail(f"{path}: the screenshot looks blank ({100 * share:.1f}% drawn, {len(colours)} colours)")


def check_dom(dom, html, config, wanted, who):
    """Checks the DOM of a rendered page (after its scripts ran): no script error, every section, the wanted
    sections applying and drawing a view. `who` names the browser in messages."""
    root = re.search(r"<html[^>]*>", dom)
    if not root:
        fail(f"{html}: {who}'s DOM has no <html> element")
    if 'data-js-ready="1"' not in root.group(0):
        fail(f"{html}: the page's load handler did not run (no data-js-ready on <html>): {root.group(0)}")
    errors = re.search(r'data-js-errors="(\d+)"', root.group(0))
    if not errors or errors.group(1) != "0":
        fail(f"{html}: script errors in the page: {root.group(0)}")
    parts = re.split(r"(?=<section )", dom)
    found = {}
    for part in parts[1:]:
        m = re.match(r'<section id="([a-z_]+)"[^>]*data-applies="(yes|no)"', part)
        if m:
            found[m.group(1)] = (m.group(2), part[:part.find("</section>")])
    for s in SECTIONS:
        if s not in found:
            fail(f"{html}: section {s} is missing")
    for s in wanted:
        applies, body = found[s]
        if applies != "yes":
            fail(f"{html}: section {s} says it does not apply to {config}")
        if "data-view=" not in body:
            fail(f"{html}: section {s} rendered no view (no element with data-view)")
    print(f"  sections: {', '.join(s + ('' if found[s][0] == 'yes' else ' (n/a)') for s in SECTIONS)}")


def pages(warpsim, outdir, specs):
    """For each CONFIG=SECTION,SECTION spec: checks the section names, writes CONFIG's page with `warpsim report`
    to OUTDIR/<name>.html and yields (config, wanted sections, name, page path, screenshot path)."""
    os.makedirs(outdir, exist_ok=True)
    for spec in specs:
        config, _, wanted = spec.partition("=")
        wanted = [w for w in wanted.split(",") if w]
        for w in wanted:
            if w not in SECTIONS:
                fail(f"{spec}: unknown section {w} (one of {', '.join(SECTIONS)})")
        name = os.path.splitext(os.path.basename(config))[0]
        html = os.path.abspath(os.path.join(outdir, name + ".html"))
        png = os.path.abspath(os.path.join(outdir, name + ".png"))
        r = subprocess.run([warpsim, "report", config, "--html", html], capture_output=True, text=True)
        if r.returncode != 0:
            fail(f"warpsim report {config} exited {r.returncode}:\n{r.stdout}\n{r.stderr}")
        print(f"{name}: {r.stdout.strip()}")
        yield config, wanted, name, html, png


def main():
    if len(sys.argv) < 4:
        fail("usage: check_report.py WARPSIM OUTDIR CONFIG=SECTION,SECTION ...")
    for config, wanted, name, html, png in pages(sys.argv[1], sys.argv[2], sys.argv[3:]):
        dom = browser(["--dump-dom"], "file://" + html)
        check_dom(dom, html, config, wanted, "Chromium")
        browser(["--window-size=1200,5000", "--screenshot=" + png], "file://" + html)
        check_screenshot(png, name)
    print("all pages rendered")


if __name__ == "__main__":
    main()
