"""Do vecmem's runtime dependencies install from wheels on other platforms?

    .venv/bin/python benchmarks/platform_wheels.py [--extras models,ann,server,mcp,hermes]

The only check possible from this Linux machine: for each target platform, evaluate
pyproject.toml's requirements (core + the given extras) with that platform's environment
markers, then ``pip download --only-binary=:all: --platform P --python-version 3.11`` them
(dependencies included) into a temporary folder. "ok" means pip found a wheel for every
package of the resolved set; it says nothing about whether the wheels work there (nobody
ran them), and pip evaluates the markers of *transitive* dependencies with this
machine's environment, not the target's. Needs PyPI (it downloads ~200 MB per platform).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]

#: Extra tags pip may also accept for a platform (with --platform, pip takes only the
#: tags it is given; a manylinux_2_28 machine also runs manylinux2014 wheels).
ALSO = {"manylinux_2_28_x86_64": ["manylinux2014_x86_64"]}
#: pip platform tag -> the marker environment of such a machine.
PLATFORMS = {
    "win_amd64": {"sys_platform": "win32", "platform_system": "Windows",
                  "platform_machine": "AMD64", "os_name": "nt"},
    "macosx_11_0_arm64": {"sys_platform": "darwin", "platform_system": "Darwin",
                          "platform_machine": "arm64", "os_name": "posix"},
    "macosx_10_15_x86_64": {"sys_platform": "darwin", "platform_system": "Darwin",
                            "platform_machine": "x86_64", "os_name": "posix"},
    "manylinux_2_28_x86_64": {"sys_platform": "linux", "platform_system": "Linux",
                              "platform_machine": "x86_64", "os_name": "posix"},
}


def requirements(extras: list[str], env: dict[str, str]) -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    optional = project["optional-dependencies"]
    todo, seen, out = list(project["dependencies"]), set(), []
    for extra in extras:
        todo += optional[extra]
    while todo:
        req = Requirement(todo.pop(0))
        if req.name == "vecmem":  # a self-reference such as local = ["vecmem[models,ann]"]
            todo += [r for e in req.extras for r in optional[e]]
            continue
        full = {**default_environment(), **env, "python_version": "3.11",
                "python_full_version": "3.11.7", "extra": ""}
        if req.marker is not None and not req.marker.evaluate(full):
            continue
        req.marker = None
        if str(req) not in seen:
            seen.add(str(req))
            out.append(str(req))
    return out


def check(platform: str, reqs: list[str]) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            [sys.executable, "-m", "pip", "download", "-q", "--only-binary=:all:",
             *(f"--platform={p}" for p in [platform, *ALSO.get(platform, [])]),
             "--python-version", "3.11", "--implementation", "cp", "-d", tmp, *reqs],
            capture_output=True, text=True, timeout=1800,
        )
        wheels = sorted(p.name for p in Path(tmp).glob("*.whl"))
    if run.returncode != 0:
        lines = [ln for ln in run.stderr.splitlines() if "ERROR" in ln or "No matching" in ln]
        return False, "; ".join(lines[:3]) or run.stderr[-300:]
    return True, f"{len(wheels)} wheels"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--extras", default="models,ann,server,mcp,hermes")
    ap.add_argument("--platforms", default=",".join(PLATFORMS))
    args = ap.parse_args()
    extras = [e for e in args.extras.split(",") if e]
    print("| platform | extras | result | left out by markers |")
    print("|---|---|---|---|")
    for platform in args.platforms.split(","):
        env = PLATFORMS[platform]
        reqs = requirements(extras, env)
        every = requirements(extras, {"sys_platform": "linux", "platform_system": "Linux",
                                      "platform_machine": "x86_64", "os_name": "posix"})
        left = sorted({r.split("=")[0].split(">")[0] for r in every} -
                      {r.split("=")[0].split(">")[0] for r in reqs})
        ok, detail = check(platform, reqs)
        print(f"| {platform} | {','.join(extras)} | {'ok' if ok else 'FAIL'}: {detail} "
              f"| {', '.join(left) or '-'} |", flush=True)


if __name__ == "__main__":
    main()
