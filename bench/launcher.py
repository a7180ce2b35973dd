"""Start child processes from a small process, and report each one's wall time, peak memory and exit status.

Run as ``python -S bench/launcher.py`` with a JSON job on standard input::

    {"cwd": "/work/main", "runs": [["/path/python", "-c", "import yaml"], ...]}

and it prints one JSON list, ``[wall_seconds, maxrss_kib, exit_status, stderr_tail]`` a run, in order.

Why a separate process: Linux counts in a child's peak memory (``ru_maxrss``) the memory of the process it was
forked from, up to the moment it executes its program. Started by the benchmark itself (tens of MiB) every child
would seem as big as the benchmark; started from this small launcher (Python without ``site``, standard library
only), the launcher's few MiB stay below every child's own peak and do not show.
"""

import json
import os
import sys
import time


def run(argv, err_path):
    actions = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0),
               (os.POSIX_SPAWN_OPEN, 2, err_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    with open(err_path, "rb") as f:
        err = f.read()[-2000:].decode("utf-8", "replace")
    return [wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status), err]


def main():
    job = json.load(sys.stdin)
    os.chdir(job.get("cwd") or ".")
    err_path = os.path.join(os.environ.get("TMPDIR") or "/tmp", f"dm-bench-err-{os.getpid()}")
    try:
        results = [run(argv, err_path) for argv in job["runs"]]
    finally:
        if os.path.exists(err_path):
            os.unlink(err_path)
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
