"""The figures of a run against their targets: printed with PASS/MISS, written as JSON (``build/bench.json``) and
published for the website (``rules_docs/_data/``), each file replaced atomically."""

from __future__ import annotations

import csv
import datetime as _dt
import io
import json
import os
import platform
import subprocess
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Iterable, Sequence

ROOT = Path(__file__).resolve().parent.parent
BUILD_FILE = ROOT / "build" / "bench.json"
DATA_DIR = ROOT / "rules_docs" / "_data"
FORMAT = "deepmadness-bench/1"

PARTS = {
    "cold": "Each command as a cold process, against the floor (starting Python and importing constraint, yaml)",
    "scale": "The solver's questions on generated boards, against a plain breadth-first search of the same graph",
    "warm": "Placements with every tie enumerated, and ask, in a warm process",
    "make": "The make targets on this machine",
}


@dataclass(frozen=True)
class Figure:
    """One measured figure and its target: PASS when ``value <= target`` (every target here is a ceiling).

    ``unit`` says how to read both: ``"x"`` a ratio to the baseline, ``"ms"``, ``"s"``, or ``"exp"`` a growth
    exponent. ``status`` is ``"n/a"`` (with ``note`` saying why) when the thing could not be measured, and
    ``"measured"`` for a figure that is measured and shown but has no target (``target`` None: the issue that set
    the targets leaves it out of their scope; ``note`` says so)."""

    part: str
    name: str
    metric: str
    value: float | None
    target: float | None
    unit: str
    note: str = ""
    detail: dict = field(default_factory=dict)

    @property
    def status(self) -> str:
        if self.value is None:
            return "n/a"
        if self.target is None:
            return "measured"
        return "PASS" if self.value <= self.target else "MISS"

    def shown(self, value: float | None = None) -> str:
        v = self.value if value is None else value
        if v is None:
            return "—"
        if self.unit == "x":  # a third decimal where two would hide which side of the target it is
            return f"{v:.3f}×" if round(v, 2) == self.target and v != self.target else f"{v:.2f}×"
        if self.unit == "exp":
            return f"{v:.2f}"
        if self.unit == "ms":
            return f"{v:.1f} ms"
        if self.unit == "s":
            return f"{v:.1f} s"
        return f"{v:g} {self.unit}"

    @property
    def target_text(self) -> str:
        return "none (measured only)" if self.target is None else "≤ " + self.shown(self.target)

    def line(self, width: int = 58) -> str:
        name = f"{self.name} — {self.metric}"
        if len(name) > width:
            name = name[:width - 1] + "…"
        text = f"  {self.status:<8}  {name:<{width}} {self.shown():>10}  (target {self.target_text})"
        return text + (f"  {self.note}" if self.note else "")

    def to_json(self) -> dict:
        data = asdict(self)
        data["status"] = self.status
        data["shown"] = self.shown()
        data["target_shown"] = self.target_text
        return data


def machine() -> dict:
    """What the figures were measured on: CPU model, cores, memory, Python, OS, and the commit."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = None
    try:
        for line in Path("/proc/meminfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("MemTotal:"):
                memory = round(int(line.split()[1]) / 1024 / 1024, 1)
                break
    except OSError:
        pass
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                                check=False).stdout.strip() or None
    except OSError:
        commit = None
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = None
    return {"cpu": model, "cores": os.cpu_count(), "memory_gib": memory,
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "os": f"{platform.system()} {platform.release()}", "commit": commit, "load_average": load}


def summary(figures: Sequence[Figure]) -> dict:
    counts = {"PASS": 0, "MISS": 0, "measured": 0, "n/a": 0}
    for f in figures:
        counts[f.status] += 1
    return counts


def print_figures(figures: Sequence[Figure], out=None) -> None:
    import sys

    out = out or sys.stdout
    for part, title in PARTS.items():
        mine = [f for f in figures if f.part == part]
        if not mine:
            continue
        print(f"\n{title}:", file=out)
        for f in mine:
            print(f.line(), file=out)
    counts = summary(figures)
    print("\n" + summary_text(counts), file=out)


def summary_text(counts: dict) -> str:
    """``69 PASS, 0 MISS, 2 measured without a target, 2 not measured``."""
    text = f"{counts['PASS']} PASS, {counts['MISS']} MISS"
    if counts.get("measured"):
        text += f", {counts['measured']} measured without a target"
    if counts.get("n/a"):
        text += f", {counts['n/a']} not measured"
    return text


def document(figures: Sequence[Figure], settings: dict, started: _dt.datetime, seconds: float) -> dict:
    return {"format": FORMAT, "date": started.astimezone(_dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "seconds": round(seconds, 1), "machine": machine(), "settings": settings, "summary": summary(figures),
            "parts": PARTS, "figures": [f.to_json() for f in figures]}


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (:func:`solver.fileio.write_atomic`): a reader (a site build running at
    the same time) sees the old file or the new one, never half of one."""
    from solver.fileio import write_atomic as _write

    path.parent.mkdir(parents=True, exist_ok=True)
    _write(path, text)


def figures_csv(doc: dict, part: str) -> str:
    """One part's figures as the website's table: what, measured, target, result."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["What", "Measured", "Target", "Result", "Detail"])
    rows = [[f"{f['name']} — {f['metric']}", f["shown"], f["target_shown"], f["status"], f["note"]]
            for f in doc["figures"] if f["part"] == part]
    w.writerows(rows or [["not measured in this run", "—", "—", "n/a", ""]])
    return buf.getvalue()


def machine_csv(doc: dict) -> str:
    """The machine and the run, as the website's table."""
    m = doc["machine"]
    s = doc["summary"]
    rows = [("Measured on", doc["date"]), ("CPU", m["cpu"]), ("Cores", str(m["cores"])),
            ("Memory", f"{m['memory_gib']} GiB" if m.get("memory_gib") else "unknown"), ("Python", m["python"]),
            ("System", m["os"]), ("Commit", m.get("commit") or "unknown"),
            ("Load average at the start", ", ".join(map(str, m.get("load_average") or [])) or "unknown"),
            ("Settings", ", ".join(f"{k}={v}" for k, v in doc["settings"].items())),
            ("Result", summary_text(s)),
            ("Run time", f"{doc['seconds']} s")]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerows(rows)
    return buf.getvalue()


def publish(doc: dict, build_file: Path = BUILD_FILE, data_dir: Path | None = DATA_DIR) -> list[Path]:
    """Write the run to ``build_file`` and, unless ``data_dir`` is None, to the website's data folder: the same
    JSON (``bench.json``) and the tables the Performance page renders (``bench-machine.csv``, and
    ``bench-<part>.csv`` for each part). Returns the files written."""
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    written = [build_file]
    write_atomic(build_file, text)
    if data_dir is not None:
        files = [("bench.json", text), ("bench-machine.csv", machine_csv(doc))]
        files += [(f"bench-{part}.csv", figures_csv(doc, part)) for part in PARTS]
        for name, content in files:
            write_atomic(data_dir / name, content)
            written.append(data_dir / name)
    return written


def statuses(figures: Iterable[Figure]) -> list[str]:
    return [f.status for f in figures]
