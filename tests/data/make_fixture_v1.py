"""Write ``store_v1.db``: a small, realistic store made by vecmem as of commit eba211c.

The upgrade tests (tests/store/test_upgrade.py) open the committed file with today's code
and check that every derived field is recomputed, that rows the new rules make identical
go to review instead of breaking the unique index, and that nothing is lost. The file must
therefore be written by the *old* code, once: this script documents how, and refuses to
overwrite the committed copy unless it runs on that commit. Run it from a worktree checked
out at eba211c::

    git worktree add /tmp/v1 eba211c && cd /tmp/v1 && make install
    .venv/bin/python tests/data/make_fixture_v1.py /tmp/store_v1.db

What it holds (two scopes, English and Chinese): every status (active, review, archived,
superseded); duplicates with hit counts; an update, a merge, reverts; a plan applied and
one pending; an episode written by ``add_many(episode=True)``; a user-given category;
events of every action of that version (add, duplicate, update, merge, supersede, review,
approve, reject, archive, restore, revert, suggest, reject_input, repair, reembed); and
texts that version stored as separate rows but that canonical text makes one fact:
zero-width characters, a soft hyphen, a BOM, markdown emphasis, ``- `` list markers and
trailing emoji. Vectors come from the HashingEmbedder, so they are deterministic.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.llm.client import LLMClient
from vecmem.testing import FakeOpenAI

COMMIT = "eba211c"
#: Texts that the new canonical text makes the same fact as the row named in the key.
COLLIDING = {
    "I prefer dark mode in every editor": [
        "**I prefer dark mode in every editor**",   # emphasis: stored as "general"
        "I pre\u00adfer dark mode in every editor",  # soft hyphen: stored as "user_fact"
        "I prefer dark mode in every editor 🙂",     # trailing emoji: a topic conflict
    ],
    "用户喜欢用 Vim 写代码": [
        "**用户喜欢用 Vim 写代码**",
        "用户喜欢用 Vim 写代码 🎉",
    ],
    "My editor font is Fira Code": [
        "My editor font is Fi\u200bra Code",         # zero-width space inside a word
        "My editor font is Fira Co\u200dde",         # zero-width joiner
    ],
    "I always use tabs for indentation": [
        "- I always use tabs for indentation",        # list marker: stored as "general"
    ],
    "用户的时区是 Asia/Shanghai": [
        "用户的时区是 Asia/Shang\u00adhai",           # soft hyphen: a topic conflict
        "\ufeff用户的时区是 Asia/Shanghai",            # BOM: already the same hash in v1
    ],
    "The deploy script lives in ops/deploy.sh": [
        "- The deploy script lives in ops/deploy.sh 🚀",  # a semantic duplicate in v1
    ],
}


def _commit() -> str:
    out = subprocess.run(["git", "rev-parse", "--short=7", "HEAD"], capture_output=True,
                         text=True, cwd=Path(__file__).parent, check=False)
    return out.stdout.strip()


def build(path: Path) -> dict[str, int]:
    # 1. A first embedder of another width, so opening with the default one re-embeds.
    mem = Memory.open(path, embedder=HashingEmbedder(dim=64), reembed=False)
    mem.add("The staging database runs PostgreSQL 16", source="agent")
    mem.add("项目使用 pnpm 管理依赖", source="agent")
    mem.close()

    with FakeOpenAI() as fake:
        # dry_run: the judge is consulted and its suggestion recorded, nothing else.
        fake.default = json.dumps({"decision": "store", "targets": [], "proposed_text": None,
                                   "confidence": 0.6, "reason": "scripted"})
        llm = LLMClient(fake.base_url, "fake-model", api_key="sk-test", timeout=5,
                        max_retries=0, backoff=0.0)
        mem = Memory.open(path, embedder=HashingEmbedder(), reembed=False, llm=llm,
                          llm_merge_mode="dry_run")
        mem.reembed()  # -> reembed events: the two vectors above were another model's
        _fill(mem)
        mem.close()

    work = Memory.open(path, embedder=HashingEmbedder(), scope="work")
    _fill_work(work)
    work.close()

    # 2. Index drift, then an audited repair (-> a repair event).
    conn = sqlite3.connect(path)
    victim = conn.execute("SELECT id FROM memories WHERE scope = 'default' "
                          "AND status = 'active' ORDER BY id LIMIT 1").fetchone()[0]
    conn.execute("DELETE FROM memory_fts WHERE rowid = ?", (victim,))
    conn.commit()
    conn.close()
    mem = Memory.open(path, embedder=HashingEmbedder())
    mem.doctor(repair=True)
    mem.close()

    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("PRAGMA journal_mode = DELETE")  # one self-contained file in the repo
    conn.execute("VACUUM")
    statuses = Counter(s for (s,) in conn.execute("SELECT status FROM memories"))
    actions = Counter(a for (a,) in conn.execute("SELECT action FROM events"))
    conn.close()
    return {**{f"status:{k}": v for k, v in statuses.items()},
            **{f"action:{k}": v for k, v in actions.items()}}


def _fill(mem: Memory) -> None:
    # Plain facts, both languages.
    for text in [
        "The user lives in Berlin",
        "用户住在上海",
        "Use ruff for linting Python code",
        "项目的测试命令是 make test",
        "The API server listens on port 8080",
        "周报每周五下午提交",
        "Prefer small pull requests with clear descriptions",
        "数据库备份保存在 /var/backups",
    ]:
        mem.add(text, source="manual")
    # The old rules stored each of these beside its original (see COLLIDING).
    for original, variants in COLLIDING.items():
        mem.add(original)
        for text in variants:
            mem.add(text)
    # A user-given category: it is a label, not a derivation, and must survive.
    mem.add("Quarterly OKRs are reviewed on the first Monday", category="work-notes")

    # Duplicates: the same fact again raises the hit count (and writes duplicate events).
    for _ in range(3):
        mem.add("Use ruff for linting Python code")
    mem.add("用户住在上海")
    mem.add("The user lives in Berlin.")  # trailing punctuation: same hash

    # A topic conflict goes to review; one is approved (supersedes), one rejected.
    conflict = mem.add("The user lives in Munich")
    mem.approve(conflict.memory_id, reason="moved in 2026")
    conflict_zh = mem.add("用户住在北京")
    mem.reject(conflict_zh.memory_id, reason="旧消息")
    mem.add("The API server listens on port 9090")  # stays in review

    # Update in place, then revert it.
    port = _find(mem, "项目的测试命令是 make test")
    mem.update(port, "项目的测试命令是 make test-all", reason="命令改名")
    upd = mem.update(port, "项目的测试命令是 make check")
    mem.revert(upd.event_id)  # the text goes back to "make test-all"

    # Merge two memories into one (both sources become superseded).
    a = mem.add("Code review needs one approval").memory_id
    b = mem.add("Code review must pass CI first").memory_id
    mem.merge([a, b], "Code review needs one approval and passing CI", reason="one rule")

    # Archive, restore, and archive-then-revert.
    weekly = _find(mem, "周报每周五下午提交")
    mem.archive(weekly, reason="不再需要")
    mem.restore(weekly, reason="又需要了")
    backups = _find(mem, "数据库备份保存在 /var/backups")
    archived = mem.archive(backups, reason="moved to S3")
    mem.revert(archived.event_id)
    mem.archive(_find(mem, "Prefer small pull requests with clear descriptions"))

    # Refused input (a question; a secret, redacted in its event).
    mem.add("What time is the standup?")
    mem.add("my api key is sk-live-4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c")

    # An episode: consecutive parts of one conversation.
    mem.add_many([
        "We decided to ship the beta on Friday",
        "测试环境先部署到 staging",
        "Marketing will announce it next Monday",
    ], source="conversation", episode=True)

    # Plans: one applied (archive + add), one left pending.
    plan = mem.create_plan([
        {"action": "archive", "memory_id": _find(mem, "The API server listens on port 8080"),
         "reason": "port changed"},
        {"action": "add", "content": "Releases are tagged vX.Y.Z"},
    ], reason="cleanup")
    mem.apply_plan(plan.id, mem.settings.confirm_phrase, actor="fixture")
    mem.create_plan([{"action": "add", "content": "发布说明写在 CHANGELOG.md"}],
                    reason="pending on purpose")


def _fill_work(mem: Memory) -> None:
    # Another scope: the same text as in "default" is a separate fact here.
    mem.add("Use ruff for linting Python code")
    mem.add("- Use ruff for linting Python code ✅")  # a semantic duplicate in v1
    mem.add("我喜欢用深色主题")
    mem.add("**我喜欢用深色主题**")  # emphasis: stored as "general"; collides when canonical
    mem.add("我喜欢用深色主题 ✅")  # trailing emoji: a topic conflict in review
    mem.add("团队例会在周一上午十点")
    mem.add("Tickets live in Linear")
    mem.add("Tickets live in Linear")


def _find(mem: Memory, content: str) -> int:
    for m in mem.list(limit=1000):
        if m.content == content:
            return m.id
    raise LookupError(content)


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "store_v1.db")
    committed = Path(__file__).with_name("store_v1.db").resolve()
    if out.resolve() == committed and not _commit().startswith(COMMIT):
        sys.exit(f"the committed fixture is written by commit {COMMIT} only "
                 f"(this is {_commit() or 'not a git checkout'})")
    if out.exists():
        out.unlink()
    counts = build(out)
    for key, n in sorted(counts.items()):
        print(f"{key:24} {n}")
    print(f"wrote {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
