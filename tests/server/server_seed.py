"""The seeded memory the server and dashboard tests share (data, not fixtures)."""

from __future__ import annotations

import shutil
import textwrap
from dataclasses import dataclass
from pathlib import Path

from vecmem import Memory

TOKEN = "test-token-0123456789abcdef"
PHRASE = "我确认执行计划"

FACTS = [
    "用户偏好：回答简洁务实",
    "项目使用 Vue 3 作为前端框架",
    "The deploy server runs Ubuntu 24.04",
    "用户的时区是 Asia/Shanghai",
    "Prefers pnpm over npm for JavaScript projects",
    "项目的数据库是 PostgreSQL 16",
    "CI runs on GitHub Actions with a nightly build",
    "active_context: 正在重构搜索模块",
    "Use ruff for linting and formatting Python code",
    "工作流：提交前先运行 make test",
    "The API server listens on port 8080",
    "The API server terminates TLS with Caddy",
    "idea_backlog: 给面板加一个导出按钮",
]


@dataclass
class Seeded:
    """Ids of the seeded memories worth pointing at in tests."""

    ids: dict[str, int]
    review_id: int
    conflict_with: int
    merged_id: int
    merged_from: list[int]
    archived_id: int
    updated_id: int
    noise_id: int


def seed(mem: Memory) -> Seeded:
    """A small, realistic memory: facts in both languages, one topic conflict in review,
    one merge (with lineage), one archived and one updated memory, one cleanup candidate."""
    ids: dict[str, int] = {}
    for text in FACTS:
        r = mem.add(text, source="manual")
        assert r.memory_id is not None, (text, r)
        ids[text] = r.memory_id
    conflict = mem.add("用户偏好：回答详细全面", source="hermes")
    assert str(conflict.decision) == "review", conflict
    assert conflict.memory_id is not None
    sources = [ids["The API server listens on port 8080"],
               ids["The API server terminates TLS with Caddy"]]
    merged = mem.merge(sources, "The API server listens on port 8080 behind Caddy (TLS)",
                       reason="one fact about the API server")
    assert merged.memory_id is not None
    archived = ids["idea_backlog: 给面板加一个导出按钮"]
    mem.archive(archived, reason="done already")
    updated = ids["项目的数据库是 PostgreSQL 16"]
    mem.update(updated, "项目的数据库是 PostgreSQL 17", reason="upgraded")
    # Noise an old extractor let in (raw import skips the filter): a cleanup candidate.
    (noise,) = mem.add_many(["这个功能有没有必要？"], source="auto", raw=True)
    assert noise.memory_id is not None
    return Seeded(ids=ids, review_id=conflict.memory_id, conflict_with=conflict.related_ids[0],
                  merged_id=merged.memory_id, merged_from=sources, archived_id=archived,
                  updated_id=updated, noise_id=noise.memory_id)


def seeded_home() -> Seeded:
    """Seed the memory of the Hermes profile at ``$HERMES_HOME``."""
    from vecmem.integrations.hermes.dashboard.plugin_api import open_memory

    mem = open_memory()  # the profile's memory, as the provider and the plugin see it
    try:
        return seed(mem)
    finally:
        mem.close()


def install_into(hermes_home: Path) -> Path:
    """Copy the dashboard plugin as the installer does and enable it in config.yaml."""
    from vecmem.integrations.hermes.dashboard import DASHBOARD_DIR, dashboard_files

    target = hermes_home / "plugins" / "vecmem" / "dashboard"
    for path in dashboard_files():
        dest = target / path.relative_to(DASHBOARD_DIR)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest)
    (hermes_home / "config.yaml").write_text(textwrap.dedent("""\
        plugins:
          enabled: [vecmem]
        memory:
          provider: vecmem
          vecmem:
            embed_provider: hashing
        """), encoding="utf-8")
    return target
