"""Building the site from a test or a script: ``ensure_site()`` builds ``_build/html`` and ``_build/singlehtml``
with ``sphinx-build -n -W --keep-going`` unless they are already built from exactly the current inputs.

The inputs are hashed (conf.py, the pages and the extension, the catalog, the features, the last run's results,
the examples, the solver package); the digest is kept beside each build, so a stale site is rebuilt and a fresh
one reused.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from solver.fileio import write_atomic

ROOT = Path(__file__).resolve().parents[3]
BUILD_DIR = ROOT / "_build"
DIGEST_FILE = ".dm-inputs"
GENERATED = {"rules_docs/rules", "rules_docs/scenarios"}
BUILDERS = ("html", "singlehtml")
RESULTS = ROOT / "build" / "spec-results.json"
RESULTS_SNAPSHOT = BUILD_DIR / "spec-results.json"  # the results a build of ensure_site() used
RESULTS_ENV = "DM_SPEC_RESULTS"  # read by the extension instead of build/spec-results.json when set


def _inputs() -> list[Path]:
    files = [ROOT / "conf.py", RESULTS_SNAPSHOT]
    for folder, patterns in (("rules_docs", ("*",)), ("features", ("*.feature",)), ("examples", ("*",)),
                             ("solver", ("*.py", "*.yaml"))):
        for pattern in patterns:
            for p in (ROOT / folder).rglob(pattern):
                rel = p.relative_to(ROOT).as_posix()
                if p.is_file() and "__pycache__" not in rel and not any(rel.startswith(g + "/") for g in GENERATED):
                    files.append(p)
    return sorted(set(files))


def inputs_digest() -> str:
    h = hashlib.sha256()
    for p in _inputs():
        h.update(p.relative_to(ROOT).as_posix().encode() if p.is_relative_to(ROOT) else str(p).encode())
        h.update(_results_outcomes(p) if p == RESULTS_SNAPSHOT else p.read_bytes() if p.exists() else b"<missing>")
    return h.hexdigest()


def _results_outcomes(path: Path) -> bytes:
    """The results file as the site shows it, less the moment it was written: a test session writes it again
    with the same outcomes (a new time stamp), and that alone does not rebuild the site."""
    import json

    if not path.exists():
        return b"<missing>"
    try:
        return json.dumps(json.loads(path.read_bytes()).get("scenarios"), sort_keys=True).encode()
    except (ValueError, AttributeError):
        return path.read_bytes()


@dataclass(frozen=True)
class Built:
    builder: str
    outdir: Path
    rebuilt: bool
    log: str


def _command(builder: str, outdir: Path) -> list[str]:
    return [sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-E", "-q", "-c", str(ROOT), "-b", builder,
            str(ROOT / "rules_docs"), str(outdir)]


def ensure_site(builders=BUILDERS) -> dict[str, Built]:
    """Each builder's output, rebuilt only when the inputs changed since it was built; the builds that are due run
    side by side. The results file is copied first (``_build/spec-results.json``) and the builds read that copy,
    so a run of the specification elsewhere in the checkout can't change what a build shows half-way."""
    BUILD_DIR.mkdir(exist_ok=True)
    if RESULTS.exists():
        write_atomic(RESULTS_SNAPSHOT, RESULTS.read_bytes())
    elif RESULTS_SNAPSHOT.exists():
        RESULTS_SNAPSHOT.unlink()
    digest = inputs_digest()
    out: dict[str, Built] = {}
    due = []
    for b in builders:
        outdir = BUILD_DIR / b
        stamp = outdir / DIGEST_FILE
        if stamp.exists() and stamp.read_text() == digest and (outdir / "index.html").exists():
            out[b] = Built(b, outdir, False, "")
        else:
            due.append((b, outdir, stamp))
    if not due:
        return out
    env = dict(os.environ)
    env[RESULTS_ENV] = str(RESULTS_SNAPSHOT)
    procs = [(b, outdir, stamp, subprocess.Popen(_command(b, outdir), cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                                 stderr=subprocess.STDOUT, text=True))
             for b, outdir, stamp in due]
    failed = []
    for b, outdir, stamp, proc in procs:
        log, _ = proc.communicate(timeout=600)
        if proc.returncode != 0:
            failed.append(f"sphinx-build -b {b} failed ({proc.returncode}):\n{log}")
            continue
        write_atomic(stamp, digest)
        out[b] = Built(b, outdir, True, log)
    if failed:
        raise RuntimeError("\n".join(failed))
    return out


if __name__ == "__main__":  # python rules_docs/_ext/dm_rulebook/build.py
    for name, result in ensure_site().items():
        print(f"{name}: {'built' if result.rebuilt else 'up to date'} in {result.outdir.relative_to(ROOT)}")
