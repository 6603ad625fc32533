"""Property-based tests (hypothesis) of the write path's promises.

* ``normalize`` is idempotent on arbitrary Unicode (CJK, full-width, controls, marks);
* the content hash is stable and blind to exactly the variations ``normalize`` removes;
* replaying the event log reproduces every memory's content, status and lineage;
* for random sequences of add / update / archive / restore / approve / reject / revert /
  merge over Chinese and English texts, each preview agrees with the real operation that
  follows it and writes nothing;
* search (hybrid, vector, keyword) never returns a memory that is not active.

Examples are kept few (the whole file runs in well under a minute); the state machine is
where the coverage comes from.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.errors import InvalidTransitionError, VecmemError
from vecmem.text import content_hash, normalize

# -- text strategies ---------------------------------------------------------------------

#: Characters that exercise normalization: ASCII, Latin-1, CJK ideographs and punctuation,
#: full-width forms, kana, hangul, combining marks, compatibility characters (ligatures,
#: circled digits, superscripts), odd spaces, zero-width and control characters.
_SPECIAL = (
    "。、，；：？！「」『』“”‘’【】《》〈〉～—–\u00a0\u3000\u200b\u200c\u200d\u200e\u200f"
    "\u2028\u2029\ufeff\t\n\r\x0b\x0c\x01\x1f\x7f…·ﬁﬂ①②¹²™ｶﾞＡＢＣ０１２！＂＃＄％＆（）＊＋，－．／"
    "\u0301\u0308\u0323\u1100\u1161\u11a8ßſΣσς"
)
unicode_text = st.text(
    alphabet=st.one_of(
        st.characters(codec="utf-8"),
        st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),
        st.characters(min_codepoint=0xFF01, max_codepoint=0xFF65),
        st.characters(min_codepoint=0x3000, max_codepoint=0x30FF),
        st.sampled_from(_SPECIAL),
    ),
    max_size=60,
)

_BASE_ALPHABET = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    "用户偏好回答简洁务实项目使用前端框架数据库服务器部署时区是的"
    ":,;/()-+=@#"
)


@st.composite
def words(draw: st.DrawFn) -> str:
    """A canonical text: single-spaced words, no trailing punctuation, already normal."""
    parts = draw(st.lists(st.text(alphabet=_BASE_ALPHABET, min_size=1, max_size=8),
                          min_size=1, max_size=6))
    return normalize(" ".join(parts))


_SPACE_RUNS = [" ", "  ", "\t", " \n ", "\u3000", "\u00a0", " \u3000 ", "\r\n"]
_TRAILING = ["。", ".", "!", "！", "?", "？", "；", ";", "...", "…", "~", "～", " 。", "!!"]


def _fullwidth(ch: str) -> str:
    return chr(ord(ch) + 0xFEE0) if "!" <= ch <= "~" else ch


@st.composite
def variation(draw: st.DrawFn, base: str) -> str:
    """``base`` spelled differently in only the ways normalization is meant to erase:
    whitespace runs and padding, full-width ASCII, trailing sentence punctuation, ASCII case."""
    out = []
    for ch in base:
        if ch == " ":
            out.append(draw(st.sampled_from(_SPACE_RUNS)))
        elif ch.isascii() and draw(st.booleans()):
            c = ch.swapcase() if ch.isalpha() and draw(st.booleans()) else ch
            out.append(_fullwidth(c) if draw(st.booleans()) else c)
        else:
            out.append(ch)
    text = "".join(out)
    text = draw(st.sampled_from(["", " ", "\n", "\u3000", "\t "])) + text
    if draw(st.booleans()):
        text += draw(st.sampled_from(_TRAILING))
    return text + draw(st.sampled_from(["", " ", "\n", "\u3000"]))


# -- normalization and hashing -----------------------------------------------------------


@settings(max_examples=400, deadline=None)
@given(unicode_text)
def test_normalize_is_idempotent(text: str) -> None:
    once = normalize(text)
    assert normalize(once) == once
    # The canonical form never carries padding or the characters it folds away.
    assert once == once.strip()
    assert "\x00" not in once and "\u3000" not in once


@settings(max_examples=200, deadline=None)
@given(unicode_text, st.sampled_from(["general", "preference", "project", "user"]))
def test_hash_is_a_pure_function_of_the_normal_form(text: str, category: str) -> None:
    h = content_hash(normalize(text), category)
    # Stable: same input, same hash, and it is exactly the documented formula.
    assert h == content_hash(normalize(text), category)
    expected = hashlib.sha256(
        (normalize(normalize(text)).casefold() + "\x1f" + category).encode("utf-8")
    ).hexdigest()
    assert h == expected
    # Hashing the raw text or its normal form gives the same answer.
    assert content_hash(text, category) == h
    # The category is part of the identity.
    assert content_hash(normalize(text), category + "x") != h


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_hash_ignores_what_normalization_removes(data: st.DataObject) -> None:
    base = data.draw(words())
    assume(base)
    spelled = data.draw(variation(base))
    note(f"base={base!r} spelled={spelled!r}")
    assert content_hash(normalize(spelled), "general") == content_hash(base, "general")


def test_hash_variations_examples() -> None:
    """Known spellings of one fact, from real use, share a hash; different facts do not."""
    same = ["用户偏好：回答简洁务实", "用户偏好:回答简洁务实。", "  用户偏好： 回答简洁务实！ ",
            "用户偏好\u3000：回答简洁务实"]
    assert len({content_hash(normalize(t), "preference") for t in same}) == 1
    en = ["Prefers pnpm over npm", "prefers  PNPM over npm.", "Ｐｒｅｆｅｒｓ pnpm over npm!"]
    assert len({content_hash(normalize(t), "preference") for t in en}) == 1
    assert content_hash("Prefers pnpm over npm", "p") != content_hash("Prefers npm over pnpm", "p")
    # NFKC compatibility forms fold; canonically equivalent sequences fold too.
    assert normalize("ﬁle") == "file"
    assert normalize(unicodedata.normalize("NFD", "café")) == normalize("café")


# -- the event log is the history ---------------------------------------------------------

CREATING = {"add", "review", "merge"}
STATUS_EVENTS = {"archive", "restore", "approve", "reject", "supersede", "revert", "update"}


def read_events(path: str) -> list[dict[str, Any]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute("SELECT * FROM events ORDER BY event_id").fetchall()
    finally:
        conn.close()
    out = []
    for r in rows:
        e = dict(r)
        e["related_ids"] = json.loads(e["related_ids"] or "[]")
        e["meta"] = json.loads(e["meta"]) if e["meta"] else None
        out.append(e)
    return out


def read_memories(path: str) -> dict[int, dict[str, Any]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return {r["id"]: dict(r) for r in conn.execute("SELECT * FROM memories")}
    finally:
        conn.close()


def replay(events: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Rebuild every memory's content, status and ``superseded_by`` from the events alone.

    ``add``/``review``/``merge`` create a memory; ``update`` (and the ``revert`` of an
    update) rewrite its content; every status event sets the status it records; a
    ``supersede``, or the ``approve`` of a proposal, links the memory to its successor.
    Each event's ``before_status`` must be the status the history so far left the memory
    in, so an event that was written without its change (or the reverse) breaks the chain.
    """
    state: dict[int, dict[str, Any]] = {}
    for e in events:
        mid = e["memory_id"]
        if mid is None:
            assert e["action"] in ("reject_input", "repair", "reembed"), e
            continue
        if e["action"] in CREATING:
            assert mid not in state, f"memory #{mid} created twice (event {e['event_id']})"
            state[mid] = {"content": e["after_content"], "status": e["after_status"],
                          "superseded_by": None, "created_by": e["event_id"]}
            continue
        assert mid in state, f"event {e['event_id']} ({e['action']}) on a memory never created"
        s = state[mid]
        if e["before_status"] is not None:
            assert e["before_status"] == s["status"], (
                f"event {e['event_id']} ({e['action']}) says #{mid} was {e['before_status']}, "
                f"but the history left it {s['status']}"
            )
        if e["action"] in ("update", "revert") and e["after_content"] is not None:
            s["content"] = e["after_content"]
        if e["action"] in STATUS_EVENTS and e["after_status"] is not None:
            s["status"] = e["after_status"]
        if e["action"] == "supersede":
            s["superseded_by"] = e["related_ids"][0]
        elif e["action"] == "approve" and e["after_status"] == "superseded":
            s["superseded_by"] = (e["meta"] or {})["result_id"]
    return state


def assert_replay_matches(path: str) -> int:
    """The replayed history equals the stored rows; returns the number of memories."""
    replayed = replay(read_events(path))
    rows = read_memories(path)
    assert set(replayed) == set(rows), "memories without a creating event, or the reverse"
    for mid, row in rows.items():
        r = replayed[mid]
        assert row["content"] == r["content"], (mid, row["content"], r["content"])
        assert row["status"] == r["status"], (mid, row["status"], r["status"])
        if row["status"] == "superseded":
            assert row["superseded_by"] is not None and row["superseded_by"] in rows
            assert row["superseded_by"] == r["superseded_by"], (mid, row, r)
    return len(rows)


# -- the state machine -------------------------------------------------------------------

TEXTS = [
    # English facts, with spellings that normalize to the same fact.
    "The deploy server runs Ubuntu 24.04",
    "the deploy server runs ubuntu 24.04.",
    "The build server runs Debian 12",
    "Prefers pnpm over npm for JavaScript projects",
    "The API server listens on port 8080",
    "CI runs on GitHub Actions with a nightly build",
    "Use ruff for linting and formatting Python code",
    # Chinese facts: a single-valued topic with two values (a review conflict), an exact
    # duplicate in full-width punctuation, a slot that is updated in place.
    "用户偏好：回答简洁务实",
    "用户偏好：回答详细全面",
    "用户偏好:回答简洁务实。",
    "项目使用 Vue 3 作为前端框架",
    "项目的数据库是 PostgreSQL 16",
    "用户的时区是 Asia/Shanghai",
    "active_context: 正在重构搜索模块",
    "active_context: 正在写可靠性测试",
    "工作流：提交前先运行 make test",
    # Noise the filter rejects.
    "怎么配置数据库？",
    "https://example.com/some/page",
    "DB_PASSWORD=Hunter2-Xy9z#Q8w",
]
MERGE_TEXTS = [
    "The deploy and build servers run Ubuntu 24.04 and Debian 12",
    "合并：项目使用 Vue 3，数据库是 PostgreSQL 16",
    "The API server listens on port 8080 and CI runs nightly on GitHub Actions",
    "用户偏好：回答简洁务实",
    # The text of a live memory of another category than the sources it may merge: the
    # merged text's category must come from the text on both the preview and the merge.
    "The deploy server runs Ubuntu 24.04",
]
QUERIES = ["回答", "前端", "server", "Ubuntu 24.04", "数据库", "pnpm", "\"", "NEAR(a b)", "-x:y*"]

def _fresh(tmp: Path, name: str) -> Memory:
    return Memory.open(str(tmp / name), embedder=HashingEmbedder())


def snapshot(path: str) -> tuple[Any, ...]:
    """Everything a write could touch, read straight from the file."""
    conn = sqlite3.connect(path)
    try:
        return (
            conn.execute("SELECT * FROM memories ORDER BY id").fetchall(),
            conn.execute("SELECT COUNT(*), MAX(event_id) FROM events").fetchone(),
            conn.execute("SELECT rowid, terms FROM memory_fts ORDER BY rowid").fetchall(),
            conn.execute("SELECT memory_id, model, seq FROM memory_vectors ORDER BY 1").fetchall(),
            conn.execute("SELECT * FROM plans ORDER BY id").fetchall(),
            conn.execute("SELECT * FROM meta ORDER BY key").fetchall(),
        )
    finally:
        conn.close()


_ADD_FIELDS = ("decision", "memory_id", "reason", "content", "memory_type", "topic_key",
               "category", "related_ids", "similarity")
_OP_FIELDS = ("action", "memory_id", "before_status", "after_status", "related_ids")


class PreviewAgreesWithOperation(RuleBasedStateMachine):
    """Random operations; every real one is preceded by its preview, which must predict it
    (same decision, target and statuses, or the same refusal) and must write nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.tmp = Path(tempfile.mkdtemp(prefix="vecmem-sm-"))
        self.path = str(self.tmp / "sm.db")
        self.mem = Memory.open(self.path, embedder=HashingEmbedder())
        self.ops = 0

    def teardown(self) -> None:
        try:
            assert_replay_matches(self.path)
            assert self.mem.stats()["consistency"]["ok"]
        finally:
            self.mem.close()
            shutil.rmtree(self.tmp, ignore_errors=True)

    # -- helpers --
    def _pick(self, pick: int, status: str | None = None) -> int | None:
        """An existing memory id (of ``status``), chosen by ``pick``; one pick in ten is
        an id that does not exist, so refusals are exercised too."""
        rows = read_memories(self.path)
        ids = sorted(i for i, r in rows.items() if status is None or r["status"] == status)
        if pick % 10 == 9 or not ids:
            return max(rows or [0]) + 1 if status is None else None
        return ids[pick % len(ids)]

    def _preview_then_real(self, name: str, preview: Any, real: Any,
                           fields: tuple[str, ...]) -> Any:
        before = snapshot(self.path)
        try:
            expected = preview()
            refused: VecmemError | None = None
        except VecmemError as exc:
            expected, refused = None, exc
        assert snapshot(self.path) == before, f"preview of {name} wrote to the database"
        event(f"{name}: " + (type(refused).__name__ if refused else "applied"))
        if refused is not None:
            with pytest.raises(type(refused)):
                real()
            assert snapshot(self.path) == before, f"refused {name} wrote to the database"
            return None
        result = real()
        self.ops += 1
        assert not result.dry_run and result.event_id is not None
        for f in fields:
            want, got = getattr(expected, f), getattr(result, f)
            if f == "memory_id" and want is None:
                continue  # a new memory's id is only known once written
            assert str(want) == str(got), f"{name}: preview {f}={want!r}, real {f}={got!r}"
        return result

    # -- rules --
    @rule(text=st.sampled_from(TEXTS))
    def add(self, text: str) -> None:
        self._preview_then_real("add", lambda: self.mem.preview_add(text),
                                lambda: self.mem.add(text), _ADD_FIELDS)

    @rule(pick=st.integers(0, 99), text=st.sampled_from(TEXTS))
    def update(self, pick: int, text: str) -> None:
        mid = self._pick(pick)
        self._preview_then_real("update", lambda: self.mem.preview_update(mid, text),
                                lambda: self.mem.update(mid, text),
                                ("decision", "memory_id", "reason", "content"))

    @rule(op=st.sampled_from(["archive", "restore", "approve", "reject"]),
          pick=st.integers(0, 99),
          status=st.sampled_from([None, "active", "archived", "review", "superseded"]))
    def status_op(self, op: str, pick: int, status: str | None) -> None:
        mid = self._pick(pick, status)
        if mid is None:
            return
        preview = getattr(self.mem, f"preview_{op}")
        real = getattr(self.mem, op)
        self._preview_then_real(op, lambda: preview(mid), lambda: real(mid), _OP_FIELDS)

    @rule(pick=st.integers(0, 999))
    def revert(self, pick: int) -> None:
        events = [e["event_id"] for e in read_events(self.path) if e["memory_id"] is not None]
        eid = events[pick % len(events)] if events and pick % 10 != 9 else pick + 1000
        self._preview_then_real("revert", lambda: self.mem.preview_revert(eid),
                                lambda: self.mem.revert(eid),
                                ("action", "memory_id", "before_status", "after_status"))

    @rule(picks=st.lists(st.integers(0, 99), min_size=2, max_size=3),
          text=st.sampled_from(MERGE_TEXTS))
    def merge(self, picks: list[int], text: str) -> None:
        ids = list(dict.fromkeys(self._pick(p, "active" if p % 3 else None) for p in picks))
        if None in ids or len(ids) < 2:
            return
        self._preview_then_real("merge", lambda: self.mem.preview_merge(ids, text),
                                lambda: self.mem.merge(ids, text),
                                ("decision", "related_ids", "content", "reason"))

    @rule(q=st.sampled_from(QUERIES), mode=st.sampled_from(["hybrid", "vector", "keyword"]))
    def search(self, q: str, mode: str) -> None:
        statuses = {mid: row["status"] for mid, row in read_memories(self.path).items()}
        for hit in self.mem.search(q, k=20, min_score=-1.0, mode=mode):
            assert statuses[hit.memory.id] == "active", (q, hit.memory)
            assert hit.memory.status == "active"

    @precondition(lambda self: self.ops > 0)
    @invariant()
    def history_replays(self) -> None:
        assert_replay_matches(self.path)


PreviewAgreesWithOperation.TestCase.settings = settings(
    max_examples=40, stateful_step_count=40, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
test_preview_agrees_with_operation = PreviewAgreesWithOperation.TestCase


# -- search never returns what is not active -----------------------------------------------


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(fate=st.lists(st.sampled_from(["active", "archived", "review", "superseded", "update"]),
                     min_size=len(TEXTS), max_size=len(TEXTS)),
       queries=st.lists(st.one_of(st.sampled_from(QUERIES + TEXTS), unicode_text.filter(
           lambda s: s.strip() and "\x00" not in s)), min_size=1, max_size=5))
def test_search_returns_only_active(tmp_path_factory: pytest.TempPathFactory, fate: list[str],
                                    queries: list[str]) -> None:
    with _fresh(tmp_path_factory.mktemp("search"), "s.db") as mem:
        ids = []
        for text, f in zip(TEXTS, fate, strict=True):
            r = mem.add(text)
            if r.memory_id is None or str(r.decision) != "store":
                continue
            if r.memory_id in ids:
                continue
            ids.append(r.memory_id)
            if f == "archived":
                mem.archive(r.memory_id)
            elif f == "update":
                # The keyword index must forget the old text: search for it must not
                # return the memory under its old words unless the new text matches.
                mem.update(r.memory_id, f"{text} (rewritten {r.memory_id})")
        live = [i for i in ids if mem.get(i).status == "active"]
        if len(live) >= 2 and "superseded" in fate:
            mem.merge(live[:2], "The deploy server and the build server both use Ubuntu 24.04 "
                                f"base images (merged from #{live[0]} and #{live[1]})")
        statuses = {m.id: m.status for m in mem.list(limit=1000)}
        for q in queries:
            q = q.strip()[:2000]
            if not q:
                continue
            for mode in ("hybrid", "vector", "keyword"):
                for hit in mem.search(q, k=50, min_score=-1.0, mode=mode):
                    assert statuses[hit.memory.id] == "active", (q, mode, hit.memory)
            for c in mem.explain(q, k=50, min_score=-1.0).candidates:
                if c.included:
                    assert statuses[c.memory_id] == "active", (q, c)


# -- counterexamples the state machine found, kept as plain regression tests ---------------


def test_preview_merge_sees_the_hash_clash_merge_refuses(mem: Memory) -> None:
    a, b, _ = (mem.add(t).memory_id for t in (
        "The deploy server runs Ubuntu 24.04", "The build server runs Debian 12",
        "The database server runs Alpine 3.19"))
    text = "The database server runs Alpine 3.19"  # the text of a third, live memory
    try:
        preview = mem.preview_merge([a, b], text)
    except InvalidTransitionError:
        preview = None
    try:
        real = mem.merge([a, b], text)
    except InvalidTransitionError:
        real = None
    assert (preview is None) == (real is None), (preview, real)


def test_merge_into_text_of_another_category_agrees_with_its_preview(mem: Memory) -> None:
    """Found on a fresh clone by the state machine: two preferences merged into the text
    of a live memory of another category; the preview said merge, the merge refused."""
    a = mem.add("用户偏好：回答简洁务实").memory_id
    b = mem.add("用户偏好：代码注释用英文").memory_id
    held = mem.add("The database server runs Alpine 3.19", category="preference")
    assert mem.get(a).category == mem.get(b).category == "preference"
    text = "The database server runs Alpine 3.19"
    outcomes = []
    for call in (mem.preview_merge, mem.merge):
        try:
            outcomes.append(str(call([a, b], text).decision))
        except InvalidTransitionError as exc:
            outcomes.append(f"refused: {exc}")
    assert outcomes[0] == outcomes[1], outcomes
    assert held.memory_id is not None and mem.get(held.memory_id).status == "active"


def test_two_merges_and_an_add_keep_one_live_copy_of_a_text(mem: Memory) -> None:
    """Merges used to inherit the first source's category: after two merges and an add
    the same text lived three times (three categories, three hashes)."""
    text = "Deploys go through the staging server first"
    p1 = mem.add("用户偏好：回答简洁务实").memory_id
    p2 = mem.add("用户偏好：代码注释用英文").memory_id
    g1 = mem.add("The build server runs Debian 12").memory_id
    g2 = mem.add("The API server listens on port 8080").memory_id
    first = mem.merge([p1, p2], text)
    with pytest.raises(InvalidTransitionError):
        mem.preview_merge([g1, g2], text)
    with pytest.raises(InvalidTransitionError):
        mem.merge([g1, g2], text)
    again = mem.add(text)
    assert str(again.decision) == "duplicate" and again.memory_id == first.memory_id
    live = [m for m in mem.list(status="active", limit=100) if m.content == text]
    assert [m.id for m in live] == [first.memory_id]


def test_preview_revert_sees_the_hash_clash_revert_refuses(mem: Memory) -> None:
    a = mem.add("The deploy server runs Ubuntu 24.04").memory_id
    b = mem.add("The build server runs Debian 12").memory_id
    merged = mem.merge([a, b], "Deploy and build servers: Ubuntu 24.04, Debian 12")
    again = mem.add("The deploy server runs Ubuntu 24.04")  # source #a's text, live again
    assert str(again.decision) == "store" and again.memory_id not in (a, b)
    try:
        preview = mem.preview_revert(merged.event_id)
    except InvalidTransitionError:
        preview = None
    try:
        real = mem.revert(merged.event_id)
    except InvalidTransitionError:
        real = None
    assert (preview is None) == (real is None), (preview, real)


def test_replayer_catches_an_event_without_its_change(mem: Memory, db_path: str) -> None:
    """The replay check can fail: a status change written behind the log's back (as a bug
    that skipped the event would) is caught."""
    r = mem.add("The deploy server runs Ubuntu 24.04")
    mem.archive(r.memory_id)
    mem.restore(r.memory_id)
    assert assert_replay_matches(db_path) == 1
    conn = sqlite3.connect(db_path)
    conn.execute("UPDATE memories SET status = 'archived' WHERE id = ?", (r.memory_id,))
    conn.commit()
    conn.close()
    with pytest.raises(AssertionError):
        assert_replay_matches(db_path)


def test_revert_of_update_refuses_a_hash_clash(mem: Memory) -> None:
    a = mem.add("The deploy server runs Ubuntu 24.04").memory_id
    u = mem.update(a, "The build server runs Debian 12")
    again = mem.add("The deploy server runs Ubuntu 24.04")
    assert str(again.decision) == "store" and again.memory_id != a
    with pytest.raises(InvalidTransitionError):
        mem.preview_revert(u.event_id)
    with pytest.raises(InvalidTransitionError):
        mem.revert(u.event_id)
    assert mem.get(a).content == "The build server runs Debian 12"
