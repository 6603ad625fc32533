"""How long the quality filter takes on long texts, and how that grows with length.

    python benchmarks/quality_latency.py            # table: cold first call, warm by length
    python benchmarks/quality_latency.py --json out.json

``check_quality`` reads a text whole (up to ``MAX_CHARS``). Two costs are measured apart:

* **cold** — the first call in a fresh process, which compiles the rules' patterns on first
  use (``vecmem.text.lazy_re``); run in a subprocess, once with a short text and once with
  a 2,000-character one.
* **warm** — later calls, fastest of five, on texts of 250 / 500 / 1,000 / 2,000
  characters in several shapes (English and Chinese prose, a list without punctuation, a
  status-like run, a Windows path, adversarial runs of one word). ``growth`` is the
  exponent fitted between 500 and 2,000 characters (1.0 is linear, 2.0 quadratic).

Timings are wall-clock; on a loaded machine they are noisy, the exponents less so.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LENGTHS = (250, 500, 1000, 2000)
SHAPES = {
    "en prose": "The user lives in Lisbon and works as a data engineer at a logistics firm. ",
    "zh prose": "用户住在杭州，在一家物流公司做数据工程师，周末喜欢去爬山。",
    "mixed": "用户的 laptop 是 ThinkPad X1, 系统是 Fedora 40, editor 用 Neovim; ",
    "no punctuation": "the user likes tea and coffee and also some other things ",
    "status run": "fixed the bug, merged the branch, deploying the site now, ",
    "windows path": "C:\\Users\\张伟\\Desktop\\新建文件夹 ",
    "one CJK char": "简",
    "'is ' run": "is ",
    "clauses": "a b c, d e f; ",
}
COLD = """
import time
t0 = time.perf_counter()
from vecmem.rules import check_quality
t1 = time.perf_counter()
check_quality({text!r})
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def _text(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


def cold() -> dict[str, dict[str, float]]:
    out = {}
    for name, text in (("short", "The user lives in Lisbon."),
                       ("2000 chars", _text(SHAPES["en prose"], 2000))):
        res = subprocess.run([sys.executable, "-c", COLD.format(text=text)], cwd=ROOT,
                             capture_output=True, text=True, check=True)
        imp, first = map(float, res.stdout.split())
        out[name] = {"import_s": imp, "first_call_s": first}
    return out


def warm() -> dict[str, dict[str, Any]]:
    from vecmem.rules import check_quality
    from vecmem.text import compile_all_patterns

    compile_all_patterns()
    out: dict[str, dict[str, Any]] = {}
    for name, unit in SHAPES.items():
        times = {}
        for n in LENGTHS:
            text = _text(unit, n)
            best = math.inf
            for _ in range(5):
                t0 = time.perf_counter()
                check_quality(text)
                best = min(best, time.perf_counter() - t0)
            times[n] = best
        growth = math.log(times[2000] / times[500]) / math.log(4)
        out[name] = {"ms": {n: round(t * 1000, 2) for n, t in times.items()},
                     "growth": round(growth, 2)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", help="write the numbers to this file")
    args = ap.parse_args(argv)
    c = cold()
    print("cold (fresh process): " + "; ".join(
        f"{k}: import {v['import_s']:.2f} s, first call {v['first_call_s']:.2f} s"
        for k, v in c.items()))
    w = warm()
    print(f"\nwarm, fastest of 5 (ms)  {'':14}" + " ".join(f"{n:>7}" for n in LENGTHS)
          + "   growth")
    for name, r in w.items():
        print(f"  {name:38}" + " ".join(f"{r['ms'][n]:>7.2f}" for n in LENGTHS)
              + f"   {r['growth']:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps({"cold": c, "warm": w}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
