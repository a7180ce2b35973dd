"""The Table page's speed (issue 16): Chromium, a local server, a cold cache.

* **Cold start** — a new browser context (empty cache) opens the page (built alone into a temporary folder, as the
  browser tests build it); the page is *interactive* when the solver has loaded and the board is drawn
  (``#dm-table[data-ready]``); then the first example is picked and answered by a tap on Answer: the page
  interactive and the first answer shown within 5 s, the median of ``runs`` cold starts.
* **Later answers** — every shipped example picked and answered in turn on the same page: each within 0.5 s (the
  slowest counts), timed in the page from the tap to the answer drawn.

:func:`measure` returns the figures as plain dicts with the fields of ``bench.run.Figure`` (part ``table``, what,
value, target, unit ``ms``, note) — ``[Figure(**f) for f in measure()]`` — for ``make bench`` to report;
``python -m bench.table`` prints them with PASS or MISS and writes ``build/bench-table.json``.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLD_TARGET_MS = 5000.0
ANSWER_TARGET_MS = 500.0
CHROMIUM = "/usr/bin/chromium"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _figure(what: str, value: float, target: float, note: str) -> dict:
    return {"part": "table", "what": what, "value": round(value, 1), "target": target, "unit": "ms", "note": note}


def status(figure: dict) -> str:
    """PASS at or below the target, else MISS."""
    return "PASS" if figure["value"] is not None and figure["value"] <= figure["target"] else "MISS"


def _answer(page, example: str) -> float:
    """Pick an example and tap Answer; the milliseconds until the answer is drawn, timed in the page."""
    return page.evaluate("""async (file) => {
        const root = document.getElementById('dm-table');
        const sel = root.querySelector('#dm-t-start');
        sel.value = file;
        sel.dispatchEvent(new Event('change'));
        const box = root.querySelector('#dm-t-answer');
        const before = Number(box.dataset.answered || 0);
        const t0 = performance.now();
        root.querySelector('#dm-t-ask-button').click();
        while (Number(box.dataset.answered || 0) === before) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => requestAnimationFrame(() => r()));
        return performance.now() - t0;
    }""", example)


def _descendants_cpu_ms() -> float:
    """The CPU time (user + system) used so far by every process under this one — the browser's included: a
    figure the machine's other load barely changes, unlike the wall time (Linux ``/proc``; NaN elsewhere)."""
    try:
        children: dict[int, list[int]] = {}
        ticks: dict[int, int] = {}
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as f:
                        fields = f.read().rsplit(")", 1)[1].split()
                except OSError:
                    continue
                children.setdefault(int(fields[1]), []).append(int(entry))
                ticks[int(entry)] = int(fields[11]) + int(fields[12])
        total, todo = 0, list(children.get(os.getpid(), []))
        while todo:
            pid = todo.pop()
            total += ticks.get(pid, 0)
            todo += children.get(pid, [])
        return total * 1000.0 / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, AttributeError):
        return float("nan")


def measure(runs: int = 3) -> list[dict]:
    sys.path.insert(0, str(ROOT / "rules_docs" / "_ext"))
    from dm_rulebook.table import build_table
    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="deepmadness-table-bench-"))
    try:
        build_table(site, standalone=True)
        examples = [e["file"] for e in json.loads((site / "_static/table/examples.json").read_text("utf-8"))]
        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{srv.server_address[1]}/table.html"
        exe = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
        cold, ready, later, busy, parts = [], [], [], [], []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=exe, args=["--no-sandbox", "--disable-gpu",
                                                                   "--disable-background-networking"])
            for i in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})  # a cold cache
                page = context.new_page()
                cpu0 = _descendants_cpu_ms()
                t0 = time.perf_counter()
                page.goto(url)
                page.wait_for_selector("#dm-table[data-ready=true]", timeout=120000)
                ready.append((time.perf_counter() - t0) * 1000)
                parts.append(page.evaluate("window.deepmadness.timings"))
                _answer(page, examples[0])
                cold.append((time.perf_counter() - t0) * 1000)
                busy.append(_descendants_cpu_ms() - cpu0)
                if i == runs - 1:
                    for e in examples:
                        later.append((e, _answer(page, e)))
                context.close()
            browser.close()
        srv.shutdown()
        srv.server_close()
    finally:
        shutil.rmtree(site, ignore_errors=True)
    slowest = max(later, key=lambda x: x[1])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return [
        _figure("Table page: interactive and first answer, cold cache", statistics.median(cold), COLD_TARGET_MS,
                f"median of {runs} cold starts (interactive after {statistics.median(ready):.0f} ms; the "
                f"browser's CPU time {statistics.median(busy):.0f} ms; Pyodide's start "
                f"{statistics.median(p['runtime_ms'] for p in parts):.0f} ms, our package's import "
                f"{statistics.median(p['import_ms'] for p in parts):.0f} ms); load average {load:.1f} on "
                f"{os.cpu_count()} cores"),
        _figure("Table page: each later answer (the slowest)", slowest[1], ANSWER_TARGET_MS,
                f"{len(later)} examples, median {statistics.median(v for _, v in later):.0f} ms, slowest "
                f"{slowest[0]}"),
    ]


def main(argv: list[str] | None = None) -> int:
    figures = measure()
    for f in figures:
        print(f"{status(f):4}  {f['what']}: {f['value']:.0f} ms (target {f['target']:.0f} ms) — {f['note']}")
    out = ROOT / "build" / "bench-table.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0 if all(status(f) == "PASS" for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
