"""The operations commands through the real Typer app (and once through the real entry
point): plans with a wrong phrase first, health exit codes, cleanup --plan, doctor,
export/import."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from vecmem import Memory
from vecmem.cli import app
from vecmem.embed.hashing import HashingEmbedder

PHRASE = "我确认执行计划"
runner = CliRunner()


@pytest.fixture
def env(db_path: str) -> dict[str, str]:
    return {"VECMEM_DB": db_path, "VECMEM_EMBED_PROVIDER": "hashing"}


def cli(env: dict[str, str], *args: str, input: str | None = None) -> Any:
    return runner.invoke(app, list(args), env=env, input=input)


def _seed(db_path: str, *texts: str, source: str = "manual") -> list[int]:
    with Memory.open(db_path, embedder=HashingEmbedder(), embed_provider="hashing") as m:
        return [m.add_many([t], source=source, raw=True)[0].memory_id for t in texts]


def _status(db_path: str, memory_id: int) -> str:
    with Memory.open(db_path, embedder=HashingEmbedder(), embed_provider="hashing") as m:
        return m.get(memory_id).status


def _file_hash(db_path: str) -> str:
    return hashlib.sha256(Path(db_path).read_bytes()).hexdigest()


def test_plan_create_show_apply_with_a_wrong_phrase_first(env: dict, db_path: str,
                                                          tmp_path: Path) -> None:
    (a,) = _seed(db_path, "用户偏好：回答简洁务实")
    out_file = tmp_path / "plan.json"
    r = cli(env, "plan", "create", "--archive", str(a), "--reason", "cli test", "--json",
            "--out", str(out_file))
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    pid = doc["id"]
    assert doc["status"] == "pending" and doc["operations"][0]["preview"]["after_status"] == \
        "archived"
    assert json.loads(out_file.read_text(encoding="utf-8")) == doc
    assert json.loads(cli(env, "plan", "show", pid, "--json").stdout) == doc
    text = cli(env, "plan", "show", pid).stdout
    # The person at the terminal is shown the phrase; the plan document (which an agent
    # may read) never holds it.
    assert f"archive #{a}: active → archived" in text
    assert f"vecmem plan apply {pid} --confirm '{PHRASE}'" in text
    assert PHRASE not in out_file.read_text(encoding="utf-8")

    wrong = cli(env, "plan", "apply", pid, "--confirm", "wrong")
    assert wrong.exit_code == 1 and "does not match" in wrong.stderr
    assert f"the configured phrase is: {PHRASE}" in wrong.stderr
    padded = cli(env, "plan", "apply", pid, "--confirm", f"{PHRASE} ")
    assert padded.exit_code == 1 and _status(db_path, a) == "active"

    ok = cli(env, "plan", "apply", pid, "--confirm", PHRASE)
    assert ok.exit_code == 0, ok.output
    assert "applied" in ok.stdout and _status(db_path, a) == "archived"
    again = cli(env, "plan", "apply", pid, "--confirm", PHRASE)
    assert again.exit_code == 1 and "only a pending plan" in again.stderr
    listed = json.loads(cli(env, "plan", "list", "--json").stdout)
    assert [(p["id"], p["status"]) for p in listed] == [(pid, "applied")]
    assert cli(env, "plan", "revert", pid).exit_code == 0
    assert _status(db_path, a) == "active"


def test_plan_from_a_json_file_and_the_phrase_prompt(env: dict, db_path: str,
                                                     tmp_path: Path) -> None:
    a, b = _seed(db_path, "编辑器：neovim", "时区：Asia/Shanghai")
    ops = tmp_path / "ops.json"
    ops.write_text(json.dumps([{"action": "archive", "memory_id": a},
                               {"action": "add", "content": "I prefer dark mode"}]),
                   encoding="utf-8")
    r = cli(env, "plan", "create", str(ops), "--archive", str(b), "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [o["action"] for o in doc["operations"]] == ["archive", "add", "archive"]
    prompted = cli(env, "plan", "apply", doc["id"], input="not it\n")
    assert prompted.exit_code == 1 and _status(db_path, a) == "active"
    assert cli(env, "plan", "apply", doc["id"], input=f"{PHRASE}\n").exit_code == 0
    assert _status(db_path, a) == "archived"
    bad = tmp_path / "bad.json"
    bad.write_text("[{]", encoding="utf-8")
    r = cli(env, "plan", "create", str(bad))
    assert r.exit_code == 2 and "not valid JSON" in r.stderr
    assert cli(env, "plan", "show", "../../etc/passwd").exit_code == 1


def test_health_exit_codes_and_formats(env: dict, db_path: str) -> None:
    a, _ = _seed(db_path, "默认模型：gpt-4", "I prefer dark mode")
    ok = cli(env, "health", "--lang", "en")
    assert ok.exit_code == 0, ok.output
    assert "Status: ✅ ok" in ok.stdout
    with Memory.open(db_path, embedder=HashingEmbedder(), embed_provider="hashing") as m:
        m.add("默认模型：claude")  # a review item
    att = cli(env, "health", "--format", "json")
    assert att.exit_code == 1
    data = json.loads(att.stdout)
    assert data["status"] == "attention" and data["flags"] == ["review_queue_nonempty"]
    conn = sqlite3.connect(db_path)
    conn.execute("DELETE FROM memory_fts WHERE rowid = ?", (a,))
    conn.commit()
    conn.close()
    crit = cli(env, "health", "--window", "7d", "--format", "markdown", "--lang", "zh")
    assert crit.exit_code == 2
    assert crit.stdout.startswith("# 健康报告") and "(过去 7d)" in crit.stdout
    assert cli(env, "health", "--window", "7x").exit_code == 2
    assert cli(env, "health", "--format", "yaml").exit_code == 2


def test_health_is_a_pure_read_even_from_the_cli(env: dict, db_path: str,
                                                 tmp_path: Path) -> None:
    _seed(db_path, "默认模型：gpt-4", "I prefer dark mode")
    conn = sqlite3.connect(db_path)
    conn.execute("DELETE FROM memory_vectors")  # opening normally would re-embed these
    conn.commit()
    conn.close()
    before, files = _file_hash(db_path), sorted(os.listdir(tmp_path))
    r = cli(env, "health", "--lang", "en")
    assert r.exit_code == 2 and "2 memories without a hashing-v1 vector" in r.stdout
    assert _file_hash(db_path) == before and sorted(os.listdir(tmp_path)) == files
    missing = dict(env, VECMEM_DB=str(tmp_path / "nothing.db"))
    r = cli(missing, "health")
    assert r.exit_code == 2 and "no vecmem database" in r.stderr
    assert not (tmp_path / "nothing.db").exists()


def test_cleanup_report_and_plan(env: dict, db_path: str) -> None:
    _seed(db_path, "用户偏好：回答简洁务实")
    (noise,) = _seed(db_path, "这个功能有没有必要？", source="ingest")
    r = cli(env, "cleanup", "--lang", "en")
    assert r.exit_code == 0
    assert f'  [auto] #{noise} "这个功能有没有必要？"' in r.stdout
    assert cli(env, "plan", "list", "--json").stdout.strip() == "[]"  # the report wrote nothing
    zh = cli(dict(env, LC_ALL="zh_CN.UTF-8"), "cleanup", "--format", "markdown")
    assert zh.stdout.startswith("# 清理报告")  # the report language follows the locale
    assert cli(env, "cleanup", "--format", "markdown").stdout.startswith("# Cleanup report")
    data = json.loads(cli(env, "cleanup", "--json").stdout)
    assert [c["memory_id"] for c in data["candidates"]] == [noise]
    planned = cli(env, "cleanup", "--plan", "--lang", "en")
    assert planned.exit_code == 0 and "1 archive operations" in planned.stdout
    (plan,) = json.loads(cli(env, "plan", "list", "--json").stdout)
    assert plan["status"] == "pending"
    assert [(o["action"], o["memory_id"]) for o in plan["operations"]] == [("archive", noise)]
    assert cli(env, "plan", "apply", plan["id"], "--confirm", PHRASE).exit_code == 0
    assert "nothing to plan" in cli(env, "cleanup", "--plan").stdout


def test_doctor_preview_then_repair(env: dict, db_path: str) -> None:
    a, _ = _seed(db_path, "默认模型：gpt-4", "I prefer dark mode")
    conn = sqlite3.connect(db_path)
    conn.execute("DELETE FROM memory_fts WHERE rowid = ?", (a,))
    conn.commit()
    conn.close()
    before = _file_hash(db_path)
    preview = cli(env, "doctor", "--lang", "en")
    assert preview.exit_code == 1 and f"reindex_keywords: 1 (#{a})" in preview.stdout
    assert _file_hash(db_path) == before
    fixed = cli(env, "doctor", "--repair", "--json")
    assert fixed.exit_code == 0, fixed.output
    assert json.loads(fixed.stdout)["repaired"] is True
    events = json.loads(cli(env, "events", "--action", "repair", "--json").stdout)
    assert len(events) == 1 and events[0]["memory_id"] is None


def test_export_and_import(env: dict, db_path: str, tmp_path: Path) -> None:
    _seed(db_path, "默认模型：gpt-4", "I prefer dark mode")
    dump = tmp_path / "dump.jsonl"
    r = cli(env, "export", str(dump), "--vectors")
    assert r.exit_code == 0 and "exported 2 memories" in r.stdout
    other = dict(env, VECMEM_DB=str(tmp_path / "other.db"))
    r = cli(other, "import", str(dump), "--raw", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["vectors_reused"] == 2
    refused = cli(other, "import", str(dump), "--raw")
    assert refused.exit_code == 2 and "not empty" in refused.stderr
    again = json.loads(cli(other, "import", str(dump), "--json").stdout)
    assert again["decisions"] == {"duplicate": 2}
    assert cli(env, "export", str(tmp_path)).exit_code == 2


def test_the_console_entry_point_has_the_commands(env: dict, db_path: str) -> None:
    _seed(db_path, "I prefer dark mode")
    run_env = {k: v for k, v in os.environ.items() if not k.startswith("VECMEM_")} | env
    help_text = subprocess.run([sys.executable, "-m", "vecmem", "--help"], env=run_env,
                               capture_output=True, text=True, check=True).stdout
    for name in ("plan", "cleanup", "health", "doctor", "export", "import"):
        assert name in help_text
    health = subprocess.run([sys.executable, "-m", "vecmem", "health", "--lang", "en"],
                            env=run_env, capture_output=True, text=True)
    assert health.returncode == 0, health.stderr
    assert "Status: ✅ ok" in health.stdout
