#!/usr/bin/env python3
"""The site's figures in headless Chromium (BENCHMARKS.md, "The page without a server").

Serves the built site (`cargo xtask site`; target/site, or the folder given) with
`python3 -m http.server` on loopback and drives Debian's chromium through chromedriver's
WebDriver API (no other package needed), each measurement a median of RUNS:

- the first answer on 3x3 (`/?state=603712458`), from navigation, on a first visit (a fresh
  browser profile) and on a later one; the bytes fetched before it, as served and as gzip would
  send them (gzip -9 of each file);
- 4x4: the first answer of a first visit (the 6-6-3 pattern databases built in the page) and of a
  later one (the kept files read back and checked); Korf's 100 through the site's module in its
  one Worker, all in one go;
- 5x5: the first answer of a first visit (5-5-5-5-4 built in the page) and of a later one, and
  three short positions;
- with --korf50 N: the N easiest of Korf and Felner's 50 24-puzzle instances (by their node
  counts) through the site's module in its one Worker (5-5-5-5-4 built in the page for their
  goal first), each stopped after --cap seconds (600 by default, issue 38's ten minutes);
- the size of every file of the site, and gzipped.

    python3 bench/site.py [SITE_DIR] [--runs N] [--korf50 N | --instances N,N] [--cap SECONDS]
                                           [--only-korf50]
"""

import argparse
import gzip
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KORF100 = ROOT / "tests" / "data" / "korf100.txt"
KORF50 = ROOT / "tests" / "data" / "korf50.txt"
KORF_GOAL = ",".join(str(i) for i in range(16))
KORF50_GOAL = ",".join(str(i) for i in range(25))
FIVE_NEAR = ",".join(str(i) for i in list(range(1, 24)) + [0, 24])
FIVE_SHORT = [
    "6,1,2,4,5,11,7,3,9,10,0,13,8,14,15,16,12,17,19,20,21,22,18,23,24",
    "2,6,8,3,4,11,1,7,9,5,16,12,13,14,10,21,17,18,20,15,0,22,23,19,24",
    "1,2,3,5,8,6,7,24,13,4,11,12,9,10,0,16,17,18,19,14,21,22,23,20,15",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_listening(port, what):
    for _ in range(400):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"site.py: {what} did not listen on port {port}")


class Browser:
    """A chromium session over WebDriver, with the profile `profile` (kept between sessions)."""

    def __init__(self, driver_port, profile):
        self.base = f"http://127.0.0.1:{driver_port}"
        options = {
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--disable-background-networking", "--window-size=1200,900",
                f"--user-data-dir={profile}",
            ]
        }
        if os.path.exists("/usr/bin/chromium"):
            options["binary"] = "/usr/bin/chromium"
        caps = {"capabilities": {"alwaysMatch": {"goog:chromeOptions": options}}}
        self.session = self.request("POST", "/session", caps)["sessionId"]

    def request(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=3600) as reply:
            return json.loads(reply.read())["value"]

    def go(self, url):
        self.request("POST", f"/session/{self.session}/url", {"url": url})

    def run(self, script, *args):
        return self.request("POST", f"/session/{self.session}/execute/sync",
                            {"script": script, "args": list(args)})

    def run_async(self, script, *args):
        self.request("POST", f"/session/{self.session}/timeouts", {"script": 3_600_000})
        return self.request("POST", f"/session/{self.session}/execute/async",
                            {"script": script, "args": list(args)})

    def first_answer(self, url, limit=600):
        """Seconds from navigation to the first distance the page shows, by the page's clock."""
        self.go(url)
        started = time.monotonic()
        while time.monotonic() - started < limit:
            shown = self.run(
                "const d = document.querySelector('[data-testid=distance]').textContent; "
                "return /^\\d+ moves? to the goal$|solved/.test(d) ? performance.now() : null;")
            if shown is not None:
                return shown / 1000
            time.sleep(0.01)
        sys.exit(f"site.py: no answer at {url} within {limit} s")

    def quit(self):
        try:
            self.request("DELETE", f"/session/{self.session}")
        except Exception:
            pass


def median(values):
    return statistics.median(values)


def korf50(page, driver_port, scratch, count, cap, instances=None):
    """The `count` easiest of Korf's 50 (or those numbered in `instances`, [38, 40]) through the
    module in the page's Worker, one at a time, each stopped (the module's stop()) after `cap`
    seconds."""
    rows = []
    for line in KORF50.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            number, state, length, nodes = line.split()[:4]
            rows.append((int(nodes), int(number), state, int(length)))
    rows.sort()
    if instances:
        rows = [row for row in rows if row[1] in instances]
        count = len(rows)
    browser = Browser(driver_port, scratch / "korf50")
    built = browser.first_answer(f"{page}/?board=5x5&goal={KORF50_GOAL}&state={KORF50_GOAL}",
                                 1800)
    print(f"Korf's 50: the page answered at their goal after {built:.1f} s (5-5-5-5-4 built)")
    finished = 0
    for nodes, number, state, length in rows[:count]:
        found = browser.run_async(
            "const [state, goal, cap, done] = arguments;"
            "import('./pkg/tilebase.js').then(async (t) => { await t.default();"
            " const started = performance.now();"
            " const timer = setTimeout(() => t.stop(), cap * 1000);"
            " try { const d = await t.distance(state, {board: '5x5', goal});"
            "  done([d, performance.now() - started]); }"
            " catch (e) { done([String(e.message), performance.now() - started]); }"
            " finally { clearTimeout(timer); } });",
            state, KORF50_GOAL, cap)
        answer, ms = found
        if isinstance(answer, int):
            if answer != length:
                sys.exit(f"site.py: Korf's 50 #{number} answered {answer}, not {length}")
            finished += 1
            print(f"Korf's 50 #{number} ({length} moves; Korf and Felner's nodes {nodes:,}): "
                  f"{ms / 1000:.1f} s, the published length", flush=True)
        else:
            print(f"Korf's 50 #{number} ({length} moves; Korf and Felner's nodes {nodes:,}): "
                  f"{answer} after {ms / 1000:.1f} s", flush=True)
    browser.quit()
    print(f"Korf's 50: {finished} of {count} answered within {cap:.0f} s each")


def instance_numbers(text):
    """`--instances`: numbers of Korf's 50, separated by commas ("38,40")."""
    try:
        numbers = [int(n) for n in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: numbers of Korf's 50 separated by commas, "
                                         "like 38,40") from None
    if not all(1 <= n <= 50 for n in numbers):
        raise argparse.ArgumentTypeError(f"{text!r}: Korf's 50 are numbered 1 to 50")
    return numbers


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", nargs="?", default=str(ROOT / "target" / "site"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--korf50", type=int, default=0, metavar="N",
                        help="also search the N easiest of Korf's 50 in the page")
    parser.add_argument("--cap", type=float, default=600, metavar="SECONDS",
                        help="stop each of Korf's 50 after this long (default 600)")
    parser.add_argument("--instances", metavar="N,N,...", type=instance_numbers,
                        help="search these of Korf's 50 (their numbers) instead of the easiest")
    parser.add_argument("--only-korf50", action="store_true",
                        help="measure Korf's 50 alone")
    args = parser.parse_args()
    site = Path(args.site)
    if not (site / "index.html").is_file():
        sys.exit(f"site.py: no site in {site}: build it with `cargo xtask site`")
    chromedriver = shutil.which("chromedriver")
    if not chromedriver:
        sys.exit("site.py: chromedriver not found (apt-get install chromium chromium-driver)")

    http_port, driver_port = free_port(), free_port()
    scratch = Path(tempfile.mkdtemp(prefix="tilebase-site-bench-"))
    log = scratch / "http.log"
    http = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                             "--directory", str(site), str(http_port)],
                            stdout=subprocess.DEVNULL, stderr=log.open("w"))
    driver = subprocess.Popen([chromedriver, f"--port={driver_port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    page = f"http://127.0.0.1:{http_port}"
    try:
        wait_listening(http_port, "python3 -m http.server")
        wait_listening(driver_port, "chromedriver")

        def requested():
            """The paths asked of the server so far, in order (its log)."""
            paths = []
            for line in log.read_text().splitlines():
                if '"GET ' in line:
                    paths.append(line.split('"GET ', 1)[1].split(" ", 1)[0])
            return paths

        def visits(url, runs, limit=600):
            """(first visits, later visits, the paths the first visit asked for before its
            answer): seconds to the first answer, each first visit in a fresh profile, each later
            one in the same profile after a first."""
            first, later, asked = [], [], None
            for run in range(runs):
                profile = scratch / f"{abs(hash(url)) & 0xffff}-{run}"
                browser = Browser(driver_port, profile)
                before = len(requested())
                first.append(browser.first_answer(url, limit))
                asked = asked or requested()[before:]
                browser.quit()
                browser = Browser(driver_port, profile)
                later.append(browser.first_answer(url, limit))
                browser.quit()
            return first, later, asked

        if args.korf50 or args.instances:
            korf50(page, driver_port, scratch, args.korf50, args.cap, args.instances)
        if args.only_korf50:
            return
        print(f"site: {site}, {args.runs} runs each (medians; every run in brackets)")
        first, later, asked = visits(f"{page}/?state=603712458", args.runs)
        print(f"3x3, first answer from navigation: first visit {median(first):.2f} s "
              f"{[round(x, 2) for x in first]}, later visit {median(later):.2f} s "
              f"{[round(x, 2) for x in later]}")
        served = zipped = 0
        for name in asked:
            path = site / name.lstrip("/").split("?")[0]
            if path.is_dir():
                path = path / "index.html"
            if path.is_file():
                served += path.stat().st_size
                zipped += len(gzip.compress(path.read_bytes(), 9))
        print(f"3x3, asked of the server by the first visit before its first answer: {len(asked)} "
              f"requests, {served / 1024:.0f} KB as served, {zipped / 1024:.0f} KB gzipped "
              f"({', '.join(asked)})")

        first, later, _ = visits(f"{page}/?board=4x4&state=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15",
                                 args.runs)
        print(f"4x4 (6-6-3 built in the page), first answer: first visit {median(first):.1f} s "
              f"{[round(x, 1) for x in first]}, later visit {median(later):.2f} s "
              f"{[round(x, 2) for x in later]}")

        korf = [line.split() for line in KORF100.read_text().splitlines()
                if line.strip() and not line.startswith("#")]
        states = [state for state, _ in korf]
        lengths = [int(length) for _, length in korf]
        times = []
        profile = scratch / "korf"
        for run in range(args.runs):
            browser = Browser(driver_port, profile)
            browser.first_answer(f"{page}/?board=4x4&goal={KORF_GOAL}&state={states[0]}")
            found = browser.run_async(
                "const [states, goal, done] = arguments;"
                "import('./pkg/tilebase.js').then(async (t) => { await t.default();"
                " const started = performance.now(); const found = [];"
                " for (const s of states) found.push(await t.distance(s, {board: '4x4', goal}));"
                " done([performance.now() - started, found]); });",
                states, KORF_GOAL)
            browser.quit()
            if found[1] != lengths:
                sys.exit("site.py: Korf's 100 answered wrongly in the browser")
            times.append(found[0] / 1000)
        print(f"Korf's 100 through the module in one Worker (6-6-3, after its files are kept): "
              f"{median(times):.2f} s {[round(x, 2) for x in times]}, every length the published one")

        profile = scratch / "five"
        browser = Browser(driver_port, profile)
        built = browser.first_answer(f"{page}/?board=5x5&state={FIVE_NEAR}", 1800)
        browser.quit()
        browser = Browser(driver_port, profile)
        kept = browser.first_answer(f"{page}/?board=5x5&state={FIVE_NEAR}")
        found = browser.run_async(
            "const [states, done] = arguments;"
            "import('./pkg/tilebase.js').then(async (t) => { await t.default(); const found = [];"
            " for (const s of states) { const started = performance.now();"
            "  const d = await t.distance(s, {board: '5x5'});"
            "  found.push([d, performance.now() - started]); } done(found); });",
            FIVE_SHORT)
        browser.quit()
        print(f"5x5 (5-5-5-5-4 built in the page), first answer: first visit {built:.1f} s, "
              f"later visit {kept:.2f} s; short positions: "
              + ", ".join(f"{d} moves in {ms:.0f} ms" for d, ms in found))

        sizes = []
        for path in sorted(site.rglob("*")):
            if path.is_file():
                raw = path.read_bytes()
                sizes.append((str(path.relative_to(site)), len(raw), len(gzip.compress(raw, 9))))
        print("files: " + ", ".join(f"{name} {raw / 1024:.1f} KB ({z / 1024:.1f} KB gzipped)"
                                    for name, raw, z in sizes))
    finally:
        driver.kill()
        http.kill()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
