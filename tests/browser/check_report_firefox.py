#!/usr/bin/env python3
"""Renders `warpsim report` pages in headless Firefox and checks them as check_report.py does in Chromium
(CTest "browser: ... Firefox"; skipped, exit 77, when no Firefox is installed: Debian's firefox-esr).

Firefox has no --dump-dom, so this drives it through WebDriver BiDi, which Firefox serves itself
(--remote-debugging-port; no geckodriver, no Marionette client, no Python package: the WebSocket client below is
the standard library's sockets). For each CONFIG=SECTIONS argument: writes the report of CONFIG to
OUTDIR/<name>.html, loads it, and checks
  - that Firefox logged no JavaScript error or console error while loading it (BiDi's log.entryAdded events),
    and that the page's own counters say the same (data-js-ready="1", data-js-errors="0" on <html>);
  - all eight sections, each named section applying and holding a view (the DOM after the scripts ran,
    document.documentElement.outerHTML: check_report.check_dom);
  - a 1200 x 5000 screenshot of the page's top (OUTDIR/<name>.png, kept) that is not blank
    (check_report.check_screenshot).
Exits non-zero with a message naming the page and the failed check."""
import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_report import check_dom, check_screenshot, fail, pages  # noqa: E402

SKIP = 77  # SKIP_RETURN_CODE in tests/CMakeLists.txt


def firefox():
    for name in ("firefox-esr", "firefox"):
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    """A minimal RFC 6455 client: text frames, client-side masking, fragmented messages."""

    def __init__(self, port, path, timeout):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._recv()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            fail(f"Firefox's WebDriver BiDi refused the WebSocket: {head.decode(errors='replace')}")

    def _recv(self):
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            fail("Firefox closed the WebDriver BiDi connection")
        return chunk

    def _read(self, n):
        while len(self.buf) < n:
            self.buf += self._recv()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def send(self, text):
        data = text.encode()
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
                                if n < 65536 else bytes([0x80 | 127]) + struct.pack(">Q", n))
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def recv(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            op = b0 & 0x0F
            if op == 8:
                fail("Firefox closed the WebDriver BiDi connection")
            if op in (0, 1, 2):
                message += payload
                if b0 & 0x80:
                    return message.decode()


class Firefox:
    """Headless Firefox with a fresh profile, driven over WebDriver BiDi."""

    def __init__(self, exe):
        self.profile = tempfile.mkdtemp(prefix="warpsim-firefox-")
        with socket.socket() as s:  # a free port
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = dict(os.environ, HOME=self.profile, MOZ_CRASHREPORTER_DISABLE="1")
        self.proc = subprocess.Popen([exe, "--headless", "--no-remote", "-profile", self.profile,
                                      f"--remote-debugging-port={port}", "about:blank"],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        self.startup = []
        deadline = time.time() + 120
        for line in self.proc.stdout:
            self.startup.append(line.rstrip())
            if "WebDriver BiDi listening" in line:
                break
            if time.time() > deadline:
                break
        else:
            fail("Firefox exited before serving WebDriver BiDi:\n" + "\n".join(self.startup[-20:]))
        if not any("WebDriver BiDi listening" in l for l in self.startup):
            self.close()
            fail("Firefox did not serve WebDriver BiDi within 120 s:\n" + "\n".join(self.startup[-20:]))
        # Keep draining Firefox's output so that it never blocks on a full pipe.
        import threading
        threading.Thread(target=lambda: [None for _ in self.proc.stdout], daemon=True).start()
        self.ws = WebSocket(port, "/session", timeout=180)
        self.next_id = 0
        self.events = []
        self.command("session.new", {"capabilities": {}})
        self.command("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]

    def command(self, method, params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            m = json.loads(self.ws.recv())
            if m.get("id") == self.next_id:
                if m.get("type") == "error":
                    fail(f"Firefox's WebDriver BiDi {method} failed: {m.get('error')}: {m.get('message')}")
                return m["result"]
            if m.get("method") == "log.entryAdded":
                self.events.append(m["params"])

    def evaluate(self, expression):
        r = self.command("script.evaluate", {"expression": expression, "target": {"context": self.context},
                                             "awaitPromise": False})
        if r.get("type") != "success":
            fail(f"Firefox could not evaluate {expression}: {r}")
        return r["result"].get("value")

    def close(self):
        try:
            self.proc.terminate()
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)


def main():
    if len(sys.argv) < 4:
        fail("usage: check_report_firefox.py WARPSIM OUTDIR CONFIG=SECTION,SECTION ...")
    exe = firefox()
    if exe is None:
        print("SKIP: no firefox-esr or firefox on PATH (apt-get install -y firefox-esr to run this check; CI does "
              "not install it)")
        sys.exit(SKIP)
    warpsim, outdir = sys.argv[1], sys.argv[2]
    os.makedirs(outdir, exist_ok=True)
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    print(f"browser: {version} (headless, WebDriver BiDi)")
    ff = Firefox(exe)
    try:
        ff.command("browsingContext.setViewport", {"context": ff.context, "viewport": {"width": 1200, "height": 5000}})
        for config, wanted, name, html, png in pages(warpsim, outdir, sys.argv[3:]):
            ff.events.clear()
            ff.command("browsingContext.navigate", {"context": ff.context, "url": "file://" + html, "wait": "complete"})
            dom = ff.evaluate("document.documentElement.outerHTML")
            errors = [e for e in ff.events if e.get("level") == "error"]
            if errors:
                fail(f"{html}: Firefox logged {len(errors)} error(s) while loading it; the first: "
                     f"{errors[0].get('type')}: {errors[0].get('text')} "
                     f"({json.dumps(errors[0].get('stackTrace', {}))[:400]})")
            check_dom(dom, html, config, wanted, "Firefox")
            shot = ff.command("browsingContext.captureScreenshot", {"context": ff.context, "origin": "viewport"})
            with open(png, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
            check_screenshot(png, name)
    finally:
        ff.close()
    print("all pages rendered")


if __name__ == "__main__":
    main()
