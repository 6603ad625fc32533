"""The Hermes dashboard tab: the plugin's router is vecmem's API layer, its bundle is
current, and a real Hermes dashboard (the hermes-agent package) mounts and serves it."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from fastapi.testclient import TestClient
from server_seed import PHRASE, install_into, seeded_home

from vecmem import Memory
from vecmem.integrations.hermes.dashboard import DASHBOARD_DIR, dashboard_files
from vecmem.integrations.hermes.dashboard.plugin_api import open_memory
from vecmem.server.app import MemoryPool, build_router

PREFIX = "/api/plugins/vecmem"


def load_plugin_api(name: str) -> ModuleType:
    """Import plugin_api.py the way Hermes does: from its file, under its own name."""
    spec = importlib.util.spec_from_file_location(name, DASHBOARD_DIR / "plugin_api.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def hermes_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "hermes"
    home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(home))
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")  # fast; no bundled model
    return home


@pytest.fixture
def plugin(hermes_home: Path) -> Any:
    """The plugin's router in a FastAPI app that has no vecmem handlers of its own."""
    module = load_plugin_api(f"hermes_dashboard_plugin_vecmem_{id(hermes_home)}")
    assert isinstance(module.router, APIRouter)
    app = FastAPI()
    app.include_router(module.router, prefix=PREFIX)
    yield TestClient(app), module
    module.pool.close()
    sys.modules.pop(module.__name__, None)


def test_plugin_opens_the_profiles_memory(hermes_home: Path) -> None:
    mem = open_memory()
    try:
        assert mem.settings.db == str(hermes_home / "vecmem" / "vecmem.db")
    finally:
        mem.close()


def test_plugin_router_answers_the_same_endpoints(plugin: Any, hermes_home: Path) -> None:
    client, module = plugin
    s = seeded_home()
    # No vecmem token: Hermes' own session auth guards /api/plugins/*.
    stats = client.get(f"{PREFIX}/stats").json()
    assert stats["total"] == 16 and stats["by_status"]["review"] == 1
    listing = client.get(f"{PREFIX}/memories", params={"status": "review"}).json()
    assert [m["id"] for m in listing["items"]] == [s.review_id]
    detail = client.get(f"{PREFIX}/memories/{s.merged_id}").json()
    assert {m["id"] for m in detail["lineage"]["merged_from"]} == set(s.merged_from)
    hits = client.get(f"{PREFIX}/search", params={"q": "前端", "explain": "true"}).json()
    assert hits["hits"] and hits["explanation"]["keyword_terms"] == ["前端"]
    assert client.get(f"{PREFIX}/review").json()["items"][0]["item"]["id"] == s.review_id
    assert client.get(f"{PREFIX}/health").json()["status"] in ("ok", "attention", "critical")
    assert client.get(f"{PREFIX}/cleanup").json()["candidates"][0]["memory_id"] == s.noise_id

    preview = client.post(f"{PREFIX}/memories/{s.review_id}/approve/preview").json()
    done = client.post(f"{PREFIX}/memories/{s.review_id}/approve").json()
    assert (preview["after_status"], done["after_status"]) == ("active", "active")

    plan = client.post(f"{PREFIX}/plans", json={"action": "archive",
                                                "memory_ids": [s.noise_id]}).json()
    wrong = client.post(f"{PREFIX}/plans/{plan['id']}/apply", json={"confirm": "yes"})
    assert wrong.status_code == 403 and wrong.json()["error"] == "ConfirmationError"
    right = client.post(f"{PREFIX}/plans/{plan['id']}/apply", json={"confirm": PHRASE})
    assert right.json()["status"] == "applied"

    mem = Memory.open(settings=module.pool.default().settings, reembed=False)
    try:
        assert mem.get(s.review_id).status == "active"
        assert mem.get(s.noise_id).status == "archived"
        assert mem.events(s.review_id, limit=1)[0].actor == "hermes-dashboard"
    finally:
        mem.close()


def test_errors_are_mapped_inside_a_foreign_app(plugin: Any, hermes_home: Path) -> None:
    client, _ = plugin
    missing = client.get(f"{PREFIX}/memories/4242")
    assert missing.status_code == 404 and missing.json()["error"] == "NotFoundError"
    bad = client.get(f"{PREFIX}/memories", params={"status": "nope"})
    assert bad.status_code == 422 and "status" in bad.json()["message"]
    since = client.get(f"{PREFIX}/memories", params={"since": "soon"})
    assert since.status_code == 400 and since.json()["error"] == "InvalidInputError"


def test_standalone_and_plugin_routes_are_the_same(mem: Memory) -> None:
    standalone = {(r.path, tuple(sorted(r.methods))) for r in build_router(MemoryPool(mem)).routes}
    plugin_api = load_plugin_api("hermes_dashboard_plugin_vecmem_routes")
    try:
        plugin = {(r.path, tuple(sorted(r.methods))) for r in plugin_api.router.routes}
    finally:
        sys.modules.pop(plugin_api.__name__, None)
    assert plugin == standalone
    assert len(plugin) >= 25


# -- packaging: manifest, files, bundle ------------------------------------------------------
def test_manifest_points_at_shipped_files() -> None:
    manifest = json.loads((DASHBOARD_DIR / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "vecmem"
    assert manifest["tab"]["path"] == "/vecmem"
    for key in ("entry", "css", "api"):
        rel = manifest[key]
        assert not Path(rel).is_absolute() and ".." not in Path(rel).parts
        assert (DASHBOARD_DIR / rel).is_file(), rel
    files = dashboard_files()
    assert all(p.is_file() for p in files)
    assert {p.relative_to(DASHBOARD_DIR).as_posix() for p in files} >= {
        manifest["entry"], manifest["css"], manifest["api"], "manifest.json"}


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vecmem_dashboard_build",
                                                  DASHBOARD_DIR / "src" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_bundle_is_built_from_the_current_sources() -> None:
    outputs = _build_module().render()
    for rel, text in outputs.items():
        on_disk = (DASHBOARD_DIR / rel).read_text(encoding="utf-8")
        assert on_disk == text, (
            f"{rel} is stale: run python src/vecmem/integrations/hermes/dashboard/src/build.py")
    js = outputs["dist/index.js"]
    assert "import " not in "\n".join(line for line in js.splitlines()
                                      if line.startswith("import "))
    assert "__HERMES_PLUGIN_SDK__" in js and "fetchJSON" in js
    assert "__HERMES_SESSION_TOKEN__" not in js  # plugins must not read Hermes' token
    assert "standalone:start" not in outputs["dist/style.css"]


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_bundle_and_modules_parse_as_javascript() -> None:
    static = Path(__file__).resolve().parents[2] / "src" / "vecmem" / "server" / "static"
    subprocess.run(["node", "--check", str(DASHBOARD_DIR / "dist" / "index.js")], check=True)
    for name in ("app.js", "ui.js", "dom.js", "i18n.js"):
        subprocess.run(["node", "--experimental-default-type=module", "--check",
                        str(static / name)], check=True)


# -- a real Hermes dashboard ------------------------------------------------------------------
HERMES_PROBE = """
import json
from fastapi.testclient import TestClient
from hermes_cli.web_server import app

client = TestClient(app)
token = {"X-Hermes-Session-Token": "hermes-test-session-token"}
out = {
    "anonymous": client.get("/api/plugins/vecmem/stats").status_code,
    "stats": client.get("/api/plugins/vecmem/stats", headers=token).json(),
    "missing": client.get("/api/plugins/vecmem/memories/4242", headers=token).status_code,
    "plugins": [p["name"] for p in client.get("/api/dashboard/plugins", headers=token).json()],
    "bundle": client.get("/dashboard-plugins/vecmem/dist/index.js").status_code,
    "css": client.get("/dashboard-plugins/vecmem/dist/style.css").status_code,
    "python": client.get("/dashboard-plugins/vecmem/plugin_api.py").status_code,
}
print("PROBE" + json.dumps(out))
"""


def test_a_real_hermes_dashboard_mounts_the_tab(hermes_home: Path, tmp_path: Path) -> None:
    pytest.importorskip("hermes_cli.web_server", reason="hermes-agent is not installed")
    install_into(hermes_home)
    seeded_home()
    env = {**os.environ, "HERMES_HOME": str(hermes_home),
           "HERMES_DASHBOARD_SESSION_TOKEN": "hermes-test-session-token"}
    proc = subprocess.run([sys.executable, "-c", HERMES_PROBE], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=180)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("PROBE")), None)
    assert line, proc.stdout + proc.stderr
    out = json.loads(line[len("PROBE"):])
    assert out["anonymous"] == 401  # Hermes' auth guards the plugin API
    assert out["stats"]["total"] == 16
    assert out["missing"] == 404
    assert "vecmem" in out["plugins"]
    assert (out["bundle"], out["css"]) == (200, 200)
    assert out["python"] != 200  # Hermes never serves the backend source
