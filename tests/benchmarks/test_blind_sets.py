"""The blind sets parse, keep the shape and counts they promise, and the harnesses report
them as their own split (a broken file fails here, not in a benchmark run nobody reads).

Session 17's blind round is ``*_blind11`` (``quality_blind11.jsonl``,
``slot_paraphrase_blind11.jsonl``), written from issue 15 and the label definitions alone
before its writer read any rule or earlier case: ``BLIND_ROUNDS`` names it, the harnesses
report it as counts only and never list its misses; session 17's blind recall set is
persona 10 (written from issue 13 alone; counts only, its misses never listed). Session
15's sets (persona 9,
``*_blind10``, measured blind at the start and end of session 15) were retired in session
17, when this round was written. Session 11's sets (persona 8, ``*_blind9``, measured blind
in sessions 11 to 14) were retired in session 15. Session 15's, session 11's, session 10's
(persona 7, ``*_blind8``), session 9's (persona 6, ``*_blind7``), session 8's (persona 5,
``*_blind6``), session 7's (persona 4, ``*_blind5``), session 6's (persona 3, ``*_blind4``)
and session 5's (persona 2, ``*_blind3``) are retired blind sets, now dev: measured and
reported once while blind, reported as their own column since, and their misses can be
listed."""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from test_agent_recall_data import _isolated_imports, check_turn_gold, load_module  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
P2 = ROOT / "benchmarks" / "data" / "agent_recall" / "persona2"
P3 = P2.parent / "persona3"
P4 = P2.parent / "persona4"
P5 = P2.parent / "persona5"
P6 = P2.parent / "persona6"
P7 = P2.parent / "persona7"
P8 = P2.parent / "persona8"
P9 = P2.parent / "persona9"
P10 = P2.parent / "persona10"
CUES14 = P2.parent / "cues14"
DATA = ROOT / "tests" / "data"
INVISIBLE = re.compile("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]")


def rows(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text("utf-8").splitlines()
    assert all(line.strip() for line in lines), f"blank line in {path.name}"
    return [json.loads(line) for line in lines]


def check_persona(folder: Path, others: tuple[Path, ...]) -> tuple[
        dict[str, dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The shape every persona set shares; returns (bank by id, turns, off-topic)."""
    bank, turns, off = rows(folder / "bank.jsonl"), rows(folder / "turns.jsonl"), rows(
        folder / "offtopic.jsonl")
    ids = {m["id"]: m for m in bank}
    assert len(ids) == len(bank)
    for m in bank:
        assert set(m) == {"id", "text", "lang", "kind"} and m["text"].strip(), m
    assert {m["lang"] for m in bank} == {"zh", "en", "mixed"}
    for other in others:
        known = {m["text"] for m in rows(other / "bank.jsonl")}
        assert not known & {m["text"] for m in bank}  # another person, not a copy
    assert len({r["id"] for r in turns + off}) == len(turns) + len(off)
    assert {r["split"] for r in turns + off} == {"blind"}
    for t in turns:
        assert t["category"] in {"same_lang", "cross_lang", "indirect", "mixed", "style"}, t
        assert t["lang"] in {"zh", "en"} and isinstance(t["safety"], bool), t
        langs = check_turn_gold(t, ids)
        if t["category"] == "mixed":
            assert "mixed" in langs, t
    assert Counter(t["category"] for t in turns)["style"] >= 1
    assert {t["lang"] for t in turns} == {"zh", "en"}
    kinds = Counter(o["kind"] for o in off)
    assert set(kinds) == {"greeting", "thanks", "generic_task", "world_knowledge",
                          "shared_word"}
    assert {g for t in turns for g in t["gold"]} == set(ids)  # no filler memory
    return ids, turns, off


def test_persona2_shape_and_counts() -> None:
    ids, turns, off = check_persona(P2, (P2.parent,))
    assert len(ids) >= 100 and len(turns) >= 100 and len(off) >= 60
    cats = Counter(t["category"] for t in turns)
    assert cats["cross_lang"] >= 35 and cats["indirect"] >= 30 and cats["style"] >= 1
    assert sum(t["safety"] for t in turns) >= 15
    assert Counter(o["kind"] for o in off)["shared_word"] >= 20


def test_persona3_shape_and_counts() -> None:
    """Session 6's blind persona: the counts its brief asked for (>= 110 memories, >= 140
    relevant turns of which >= 65 cross-language, >= 45 indirect, >= 40 safety-critical;
    >= 75 off-topic of which >= 30 share a word with a memory)."""
    ids, turns, off = check_persona(P3, (P2.parent, P2))
    assert len(ids) >= 110 and len(turns) >= 140 and len(off) >= 75
    assert sum(t["cross_lang"] for t in turns) >= 65
    assert Counter(t["category"] for t in turns)["indirect"] >= 45
    assert sum(t["safety"] for t in turns) >= 40
    assert Counter(o["kind"] for o in off)["shared_word"] >= 30
    assert {t["lang"] for t in turns if t["safety"]} == {"zh", "en"}
    assert Counter(m["kind"] for m in ids.values())["health"] >= 15
    earlier = {r["text"] for d in (P2.parent, P2) for name in ("turns.jsonl", "offtopic.jsonl")
               for r in rows(d / name)}
    assert not earlier & {r["text"] for r in turns + off}  # fresh turns, not copied


def test_persona4_shape_and_counts() -> None:
    """Session 7's blind persona: >= 110 memories, >= 150 relevant turns of which >= 60
    cross-language, >= 45 indirect, >= 35 safety-critical; >= 100 off-topic of which >= 40
    share a word with a memory; no text copied from an earlier persona."""
    ids, turns, off = check_persona(P4, (P2.parent, P2, P3))
    assert len(ids) >= 110 and len(turns) >= 150 and len(off) >= 100
    assert sum(t["cross_lang"] for t in turns) >= 60
    assert Counter(t["category"] for t in turns)["indirect"] >= 45
    assert sum(t["safety"] for t in turns) >= 35
    assert Counter(o["kind"] for o in off)["shared_word"] >= 40
    assert {t["lang"] for t in turns if t["safety"]} == {"zh", "en"}
    kinds = Counter(m["kind"] for m in ids.values())
    assert kinds["health"] >= 15 and kinds["pet"] >= 3 and kinds["family"] >= 10
    earlier = {r["text"] for d in (P2.parent, P2, P3) for name in ("turns.jsonl",
                                                                   "offtopic.jsonl")
               for r in rows(d / name)}
    assert not earlier & {r["text"] for r in turns + off}  # fresh turns, not copied


def test_persona5_shape_and_counts() -> None:
    """Session 8's blind persona: >= 120 memories (health >= 15, family >= 10, pets >= 3),
    >= 230 relevant turns of which >= 100 cross-language, >= 65 indirect, >= 75
    safety-critical in both languages; >= 110 off-topic of which >= 50 share a word with a
    memory; no memory or turn copied from any earlier persona or the gate set."""
    ids, turns, off = check_persona(P5, (P2.parent, P2, P3, P4))
    assert len(ids) >= 120 and len(turns) >= 230 and len(off) >= 110
    assert sum(t["cross_lang"] for t in turns) >= 100
    assert Counter(t["category"] for t in turns)["indirect"] >= 65
    assert sum(t["safety"] for t in turns) >= 75
    assert Counter(o["kind"] for o in off)["shared_word"] >= 50
    assert {t["lang"] for t in turns if t["safety"]} == {"zh", "en"}
    assert {o["lang"] for o in off} == {"zh", "en"}
    kinds = Counter(m["kind"] for m in ids.values())
    assert kinds["health"] >= 15 and kinds["pet"] >= 3 and kinds["family"] >= 10
    assert kinds["style"] >= 1
    earlier = {r["text"] for d in (P2.parent, P2, P3, P4) for f in d.glob("*.jsonl")
               for r in rows(f) if "text" in r}
    assert not earlier & {r["text"] for r in turns + off}  # fresh turns, not copied
    assert not earlier & {m["text"] for m in ids.values()}


def test_persona6_shape_and_counts() -> None:
    """Session 9's blind persona: >= 125 memories (health >= 18, family >= 10, pets >= 3,
    style >= 2), >= 240 relevant turns of which >= 105 cross-language, >= 70 indirect, >= 80
    safety-critical in both languages, a few style-only; >= 115 off-topic of which >= 55
    share a word with a memory; no memory or turn copied from any earlier persona or the
    gate set."""
    ids, turns, off = check_persona(P6, (P2.parent, P2, P3, P4, P5))
    assert len(ids) >= 125 and len(turns) >= 240 and len(off) >= 115
    assert sum(t["cross_lang"] for t in turns) >= 105
    cats = Counter(t["category"] for t in turns)
    assert cats["indirect"] >= 70 and cats["style"] >= 3
    assert sum(t["safety"] for t in turns) >= 80
    assert Counter(o["kind"] for o in off)["shared_word"] >= 55
    assert {t["lang"] for t in turns if t["safety"]} == {"zh", "en"}
    assert {o["lang"] for o in off} == {"zh", "en"}
    kinds = Counter(m["kind"] for m in ids.values())
    assert kinds["health"] >= 18 and kinds["pet"] >= 3 and kinds["family"] >= 10
    assert kinds["style"] >= 2
    earlier = {r["text"] for d in (P2.parent, P2, P3, P4, P5) for f in d.glob("*.jsonl")
               for r in rows(f) if "text" in r}
    assert not earlier & {r["text"] for r in turns + off}  # fresh turns, not copied
    assert not earlier & {m["text"] for m in ids.values()}


def check_persona_counts(ids: dict[str, dict[str, Any]], turns: list[dict[str, Any]],
                         off: list[dict[str, Any]], *, memories: int, relevant: int,
                         offtopic: int, cross: int, indirect: int, safety: int, shared: int,
                         health: int, family: int) -> None:
    """The counts a persona's brief asked for (sessions 10 and 11 ask the same rows): sizes,
    cross-language, indirect and style-only turns, safety-critical turns and off-topic turns
    in both languages, world knowledge in both, and the kinds of memory."""
    assert len(ids) >= memories and len(turns) >= relevant and len(off) >= offtopic
    assert sum(t["cross_lang"] for t in turns) >= cross
    cats = Counter(t["category"] for t in turns)
    assert cats["indirect"] >= indirect and cats["style"] >= 3
    assert sum(t["safety"] for t in turns) >= safety
    assert Counter(o["kind"] for o in off)["shared_word"] >= shared
    assert {t["lang"] for t in turns if t["safety"]} == {"zh", "en"}
    assert {o["lang"] for o in off} == {"zh", "en"}
    assert {o["lang"] for o in off if o["kind"] == "world_knowledge"} == {"zh", "en"}
    kinds = Counter(m["kind"] for m in ids.values())
    assert kinds["health"] >= health and kinds["pet"] >= 3 and kinds["family"] >= family
    assert kinds["style"] >= 3


def test_persona7_shape_and_counts() -> None:
    """Session 10's blind persona: >= 130 memories (health >= 20, family >= 12, pets >= 3,
    style >= 3), >= 250 relevant turns of which >= 110 cross-language, >= 75 indirect, >= 100
    safety-critical in both languages, a few style-only; >= 120 off-topic of which >= 55
    share a word with a memory, world knowledge in both languages; no memory or turn copied
    from any earlier persona or the gate set."""
    ids, turns, off = check_persona(P7, (P2.parent, P2, P3, P4, P5, P6))
    check_persona_counts(ids, turns, off, memories=130, relevant=250, offtopic=120, cross=110,
                         indirect=75, safety=100, shared=55, health=20, family=12)
    earlier = {r["text"] for d in (P2.parent, P2, P3, P4, P5, P6) for f in d.glob("*.jsonl")
               for r in rows(f) if "text" in r}
    assert not earlier & {r["text"] for r in turns + off}  # fresh turns, not copied
    assert not earlier & {m["text"] for m in ids.values()}


def test_persona8_shape_and_counts() -> None:
    """Session 11's blind persona: >= 140 memories (health >= 22, family >= 12, pets >= 3,
    style >= 3), >= 320 relevant turns of which >= 130 cross-language, >= 85 indirect, >= 115
    safety-critical in both languages, >= 3 style-only; >= 130 off-topic of which >= 60
    share a word with a memory, world knowledge in both languages; no memory or turn copied
    from any earlier persona (persona 7 included) or the gate set."""
    ids, turns, off = check_persona(P8, (P2.parent, P2, P3, P4, P5, P6, P7))
    check_persona_counts(ids, turns, off, memories=140, relevant=320, offtopic=130, cross=130,
                         indirect=85, safety=115, shared=60, health=22, family=12)
    earlier = {r["text"] for d in (P2.parent, P2, P3, P4, P5, P6, P7) for f in d.glob("*.jsonl")
               for r in rows(f) if "text" in r}
    mine = [r["text"] for r in turns + off] + [m["text"] for m in ids.values()]
    assert not [t for t in mine if t in earlier]  # fresh: lists only this set's own lines
    assert len(set(mine)) == len(mine)


def test_persona9_shape_and_counts() -> None:
    """Session 15's blind persona: >= 160 memories (health >= 24, family >= 12, pets >= 3,
    style >= 3), >= 330 relevant turns of which >= 135 cross-language, >= 90 indirect, >= 115
    safety-critical in both languages, >= 3 style-only; >= 135 off-topic of which >= 60
    share a word with a memory, world knowledge in both languages; no memory or turn copied
    from any earlier persona (persona 8 included), the gate set or the cue set."""
    earlier_dirs = (P2.parent, P2, P3, P4, P5, P6, P7, P8, CUES14)
    ids, turns, off = check_persona(P9, earlier_dirs)
    check_persona_counts(ids, turns, off, memories=160, relevant=330, offtopic=135, cross=135,
                         indirect=90, safety=115, shared=60, health=24, family=12)
    earlier = {r["text"] for d in earlier_dirs for f in d.glob("*.jsonl")
               for r in rows(f) if "text" in r}
    mine = [r["text"] for r in turns + off] + [m["text"] for m in ids.values()]
    assert not [t for t in mine if t in earlier]  # fresh: lists only this set's own lines
    assert len(set(mine)) == len(mine)
    # The bank's language labels follow the script: mixed holds both Han and Latin.
    han, latin = re.compile("[\u4e00-\u9fff]"), re.compile("[A-Za-z]")
    for m in ids.values():
        want = {(True, True): "mixed", (True, False): "zh", (False, True): "en"}[
            (bool(han.search(m["text"])), bool(latin.search(m["text"])))]
        assert m["lang"] == want, m["id"]
    assert all(t["lang"] == ("zh" if han.search(t["text"]) else "en") for t in turns + off)


def test_persona10_shape_and_counts() -> None:
    """Session 17's blind persona: >= 160 memories (health >= 30, family >= 12, pets >= 3,
    style >= 3), >= 380 relevant turns of which >= 240 cross-language, >= 200 indirect,
    >= 140 safety-critical in both languages, >= 3 style-only, some needing several
    memories; >= 140 off-topic of which >= 60 share a word with a memory, both languages
    about half each, world knowledge in both; no memory or turn copied from any earlier
    persona (persona 9 included), the gate set or the cue set."""
    earlier_dirs = (P2.parent, P2, P3, P4, P5, P6, P7, P8, P9, CUES14)
    ids, turns, off = check_persona(P10, earlier_dirs)
    check_persona_counts(ids, turns, off, memories=160, relevant=380, offtopic=140, cross=240,
                         indirect=200, safety=140, shared=60, health=30, family=12)
    assert sum(len(t.get("needs", [])) > 1 for t in turns) >= 5
    assert sum(len(t["gold"]) > 1 for t in turns) >= 30
    langs = Counter(o["lang"] for o in off)
    assert min(langs.values()) >= 0.4 * len(off)
    earlier = {r["text"] for d in earlier_dirs for f in d.glob("*.jsonl")
               for r in rows(f) if "text" in r}
    mine = [r["text"] for r in turns + off] + [m["text"] for m in ids.values()]
    assert not [t for t in mine if t in earlier]  # fresh: lists only this set's own lines
    assert len(set(mine)) == len(mine)
    # The bank's language labels follow the script: mixed holds both Han and Latin.
    han, latin = re.compile("[\u4e00-\u9fff]"), re.compile("[A-Za-z]")
    for m in ids.values():
        want = {(True, True): "mixed", (True, False): "zh", (False, True): "en"}[
            (bool(han.search(m["text"])), bool(latin.search(m["text"])))]
        assert m["lang"] == want, m["id"]
    assert all(t["lang"] == ("zh" if han.search(t["text"]) else "en") for t in turns + off)
    assert [m["id"] for m in ids.values()] == [f"p10m{i:03d}" for i in range(1, len(ids) + 1)]
    assert [t["id"] for t in turns] == [f"p10t{i:03d}" for i in range(1, len(turns) + 1)]


QUALITY_CATEGORIES = {"fact", "question", "progress", "half_formed", "bare_url_path",
                      "secret_value", "secret_no_context", "too_short"}


def check_quality_set(name: str, split: str, earlier_sets: tuple[str, ...]
                      ) -> list[dict[str, Any]]:
    """The shape every blind quality set shares; returns its cases."""
    cases = rows(DATA / name)
    assert len({c["text"] for c in cases}) == len(cases)
    earlier = {c["text"] for e in earlier_sets for c in rows(DATA / e)}
    assert not earlier & {c["text"] for c in cases}  # fresh, not copied
    for c in cases:
        # "relabelled": a retired set's label corrected to the written definition, noted.
        extra = {"secret", "relabelled", "written_as"}
        assert set(c) - extra == {"text", "expect", "category", "lang", "shape", "split"}
        assert c["split"] == split and c["category"] in QUALITY_CATEGORIES, c
        assert c["expect"] == ("allow" if c["category"] == "fact" else "reject"), c
        assert c["lang"] in {"zh", "en", "mixed"}, c
        assert c["shape"] in {"plain", "secret_lookalike", "adversarial"}, c
        assert ("secret" in c) == (c["category"] == "secret_value"), c
        if "secret" in c:  # the value really is in the text (bar invisible characters
            # and, for full-width shapes, in its NFKC form)
            value, text = (unicodedata.normalize("NFKC", INVISIBLE.sub("", x))
                           for x in (c["secret"], c["text"]))
            assert value in text, c
    # How the set was written: a relabelled row counts under the label it was written with.
    cats = Counter(c.get("written_as", c["category"]) for c in cases)
    assert min(cats[k] for k in QUALITY_CATEGORIES) >= 3
    assert Counter(c["lang"] for c in cases).keys() == {"zh", "en", "mixed"}
    assert any(INVISIBLE.search(c["text"]) for c in cases)  # zero-width shapes present
    return cases


def test_quality_blind3_shape_and_counts() -> None:
    cases = check_quality_set("quality_blind3.jsonl", "blind3", (
        "quality_fresh.jsonl", "quality_blind.jsonl", "quality_dev.jsonl",
        "quality_extra.jsonl"))
    assert len(cases) >= 200
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 60 and cats["secret_value"] >= 30 and cats["progress"] >= 20
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 10 and shapes["adversarial"] >= 8


def test_quality_blind4_shape_and_counts() -> None:
    """Session 6's blind quality set: >= 230 cases, >= 55 secrets, >= 12 adversarial
    shapes, look-alike benign facts, secrets in both languages."""
    cases = check_quality_set("quality_blind4.jsonl", "blind4", (
        "quality_fresh.jsonl", "quality_blind.jsonl", "quality_dev.jsonl",
        "quality_extra.jsonl", "quality_round3.jsonl", "quality_blind3.jsonl"))
    assert len(cases) >= 230
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 80 and cats["secret_value"] >= 55 and cats["progress"] >= 20
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 15 and shapes["adversarial"] >= 12
    assert {c["lang"] for c in cases if c["category"] == "secret_value"} == {
        "zh", "en", "mixed"}
    # Windows paths with spaces or CJK folder names among the bare paths
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


def test_quality_blind5_shape_and_counts() -> None:
    """Session 7's blind quality set: >= 250 cases, >= 60 secrets, >= 15 adversarial
    shapes, look-alike benign facts, secrets in both languages, nothing copied."""
    cases = check_quality_set("quality_blind5.jsonl", "blind5", (
        "quality_fresh.jsonl", "quality_blind.jsonl", "quality_dev.jsonl",
        "quality_extra.jsonl", "quality_round3.jsonl", "quality_round4.jsonl",
        "quality_blind3.jsonl", "quality_blind4.jsonl"))
    assert len(cases) >= 250
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 80 and cats["secret_value"] >= 60 and cats["progress"] >= 20
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 15 and shapes["adversarial"] >= 15
    assert {c["lang"] for c in cases if c["category"] == "secret_value"} == {
        "zh", "en", "mixed"}
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


#: Every quality-shaped set before session 8's blind round (dev, rounds, retired blinds).
EARLIER_QUALITY = ("quality_fresh.jsonl", "quality_blind.jsonl", "quality_dev.jsonl",
                   "quality_extra.jsonl", "quality_round3.jsonl", "quality_round4.jsonl",
                   "quality_round5.jsonl", "quality_blind3.jsonl", "quality_blind4.jsonl",
                   "quality_blind5.jsonl", "secrets_round3.jsonl", "secrets_round4.jsonl",
                   "secrets_round5.jsonl", "poisoning.jsonl")


def test_quality_blind6_shape_and_counts() -> None:
    """Session 8's blind quality set: >= 260 cases, >= 90 facts (durable achievements,
    advice asked, slot changes stated as facts), >= 65 secrets of which >= 15 adversarial,
    >= 15 benign look-alikes, Windows paths with spaces and CJK folders, nothing copied
    from any earlier quality or secret set."""
    cases = check_quality_set("quality_blind6.jsonl", "blind6", EARLIER_QUALITY)
    assert len(cases) >= 260
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 90 and cats["secret_value"] >= 65 and cats["progress"] >= 20
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 15
    assert sum(c["shape"] == "adversarial" for c in cases
               if c["category"] == "secret_value") >= 15
    assert all(c["category"] == "fact" for c in cases if c["shape"] == "secret_lookalike")
    assert {c["lang"] for c in cases if c["category"] == "secret_value"} == {
        "zh", "en", "mixed"}
    assert {c["lang"] for c in cases if c["category"] == "progress"} >= {"zh", "en"}
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


def test_quality_blind7_shape_and_counts() -> None:
    """Session 9's blind quality set: >= 270 cases, >= 110 facts (durable achievements,
    advice asked, >= 17 benign look-alikes), >= 75 secret values in all three languages,
    >= 8 secret mentions without a value, >= 20 adversarial shapes, progress in both
    languages, Windows paths with spaces and CJK folders, nothing copied from any earlier
    quality or secret set (blind6 included)."""
    earlier = tuple(sorted({*EARLIER_QUALITY, *(f.name for pattern in (
        "quality_*.jsonl", "secrets_*.jsonl", "poisoning*.jsonl") for f in DATA.glob(pattern)
        if f.name != "quality_blind7.jsonl")}))
    cases = check_quality_set("quality_blind7.jsonl", "blind7", earlier)
    assert len(cases) >= 270
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 110 and cats["secret_value"] >= 75 and cats["progress"] >= 20
    assert cats["secret_no_context"] >= 8
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 17 and shapes["adversarial"] >= 20
    assert all(c["category"] == "fact" for c in cases if c["shape"] == "secret_lookalike")
    assert {c["lang"] for c in cases if c["category"] == "secret_value"} == {
        "zh", "en", "mixed"}
    assert {c["lang"] for c in cases if c["category"] == "progress"} >= {"zh", "en"}
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


def test_quality_blind8_shape_and_counts() -> None:
    """Session 10's blind quality set: >= 290 cases, >= 110 facts (durable achievements,
    advice asked, standing instructions, >= 19 benign look-alikes), >= 80 secret values in
    all three languages, >= 10 secret mentions without a value, >= 20 adversarial shapes,
    progress and hedges in all three languages, Windows paths with spaces and CJK folders,
    nothing copied from any earlier quality or secret set (blind7 included)."""
    earlier = tuple(sorted({*EARLIER_QUALITY, *(f.name for pattern in (
        "quality_*.jsonl", "secrets_*.jsonl", "poisoning*.jsonl") for f in DATA.glob(pattern)
        if f.name != "quality_blind8.jsonl")}))
    cases = check_quality_set("quality_blind8.jsonl", "blind8", earlier)
    assert len(cases) >= 290
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 110 and cats["secret_value"] >= 80 and cats["progress"] >= 20
    assert cats["secret_no_context"] >= 10
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 19 and shapes["adversarial"] >= 20
    assert sum(c["shape"] == "adversarial" for c in cases
               if c["category"] == "secret_value") >= 20
    assert all(c["category"] == "fact" for c in cases if c["shape"] == "secret_lookalike")
    for category in ("secret_value", "progress", "half_formed", "fact"):
        assert {c["lang"] for c in cases if c["category"] == category} == {
            "zh", "en", "mixed"}, category
    assert sum(bool(INVISIBLE.search(c["text"])) for c in cases) >= 5
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


def test_quality_blind9_shape_and_counts() -> None:
    """Session 11's blind quality set: >= 310 cases, >= 115 facts (durable achievements,
    advice asked, standing instructions, slot changes, >= 20 benign look-alikes), >= 85
    secret values in all three languages of which >= 22 adversarial, >= 10 secret mentions
    without a value, progress and hedges, half-formed, questions, bare URLs and paths
    (Windows paths with spaces and CJK folders), too-short; >= 5 with invisible characters;
    nothing copied from any earlier quality or secret set (blind8 included)."""
    earlier = tuple(sorted({*EARLIER_QUALITY, *(f.name for pattern in (
        "quality_*.jsonl", "secrets_*.jsonl", "poisoning*.jsonl") for f in DATA.glob(pattern)
        if f.name != "quality_blind9.jsonl")}))
    cases = check_quality_set("quality_blind9.jsonl", "blind9", earlier)
    assert len(cases) >= 310
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 115 and cats["secret_value"] >= 85 and cats["progress"] >= 20
    assert cats["secret_no_context"] >= 10 and cats["too_short"] >= 3
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 20
    assert sum(c["shape"] == "adversarial" for c in cases
               if c["category"] == "secret_value") >= 22
    assert all(c["category"] == "fact" for c in cases if c["shape"] == "secret_lookalike")
    for category in ("secret_value", "progress", "half_formed", "fact"):
        assert {c["lang"] for c in cases if c["category"] == category} == {
            "zh", "en", "mixed"}, category
    assert sum(bool(INVISIBLE.search(c["text"])) for c in cases) >= 5
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


def check_slot_set(name: str, split: str) -> list[dict[str, Any]]:
    cases = rows(DATA / name)
    want = {"positive": {"conflict", "duplicate"}, "negative": {"store"},
            "ambiguous": {"possible_conflict"}}
    for c in cases:
        assert set(c) == {"slot", "lang", "prior", "new", "expect", "polarity", "split"}, c
        assert c["split"] == split and c["expect"] in want[c["polarity"]], c
        assert c["prior"] and all(isinstance(p, str) and p for p in c["prior"]), c
    assert {c["lang"] for c in cases} >= {"zh", "en"}
    return cases


def test_slot_blind3_shape_and_counts() -> None:
    cases = check_slot_set("slot_paraphrase_blind3.jsonl", "blind3")
    assert len(cases) >= 30
    pol = Counter(c["polarity"] for c in cases)
    assert pol["negative"] >= pol["positive"] >= 15  # half negatives


def test_slot_blind4_shape_and_counts() -> None:
    """>= 40 scenarios over the issue's slots, as many negatives as positives, a few
    ambiguous ones, both languages; new facts never copied from an earlier slot set."""
    cases = check_slot_set("slot_paraphrase_blind4.jsonl", "blind4")
    assert len(cases) >= 40
    pol = Counter(c["polarity"] for c in cases)
    assert pol["negative"] >= pol["positive"] >= 20 and pol["ambiguous"] >= 2
    assert {c["slot"] for c in cases} >= {
        "residence", "employer", "role", "timezone", "default_model", "embedding_model",
        "editor", "theme", "language_pref", "person_relation", "project_stack", "project_path",
        "deploy_target"}
    earlier = {c["new"] for e in ("slot_paraphrase.jsonl", "slot_paraphrase_round4.jsonl",
                                  "slot_paraphrase_blind3.jsonl") for c in rows(DATA / e)}
    assert not earlier & {c["new"] for c in cases}


def test_slot_blind5_shape_and_counts() -> None:
    """>= 50 scenarios over the issue's slots, as many negatives as positives, a few
    ambiguous ones, both languages; new facts never copied from an earlier slot set."""
    cases = check_slot_set("slot_paraphrase_blind5.jsonl", "blind5")
    assert len(cases) >= 50
    pol = Counter(c["polarity"] for c in cases)
    assert pol["negative"] >= pol["positive"] >= 25 and pol["ambiguous"] >= 2
    assert {c["slot"] for c in cases} >= {
        "residence", "employer", "role", "timezone", "default_model", "embedding_model",
        "editor", "theme", "language_pref", "person_relation", "project_stack", "project_path",
        "deploy_target"}
    earlier = {c["new"] for e in ("slot_paraphrase.jsonl", "slot_paraphrase_round4.jsonl",
                                  "slot_paraphrase_round5.jsonl",
                                  "slot_paraphrase_blind3.jsonl",
                                  "slot_paraphrase_blind4.jsonl") for c in rows(DATA / e)}
    assert not earlier & {c["new"] for c in cases}


ISSUE_SLOTS = {"residence", "employer", "role", "timezone", "default_model",
               "embedding_model", "editor", "theme", "language_pref", "person_relation",
               "project_stack", "project_path", "deploy_target"}


def check_fresh_slot_round(split: str, *, n: int, positives: int, ambiguous: int,
                           latin_free: int) -> None:
    """A blind slot round: its size, as many negatives as positives, the ambiguous cases,
    every slot the issue names, positives whose value has no Latin letter, and new facts
    never copied from any other slot set."""
    name = f"slot_paraphrase_{split}.jsonl"
    cases = check_slot_set(name, split)
    assert len(cases) >= n
    pol = Counter(c["polarity"] for c in cases)
    assert pol["negative"] >= pol["positive"] >= positives and pol["ambiguous"] >= ambiguous
    assert {c["slot"] for c in cases} >= ISSUE_SLOTS
    assert sum(c["polarity"] == "positive" and not re.search("[A-Za-z]", c["new"])
               for c in cases) >= latin_free
    earlier = {c["new"] for f in DATA.glob("slot_paraphrase*.jsonl") if f.name != name
               for c in rows(f)}
    assert not earlier & {c["new"] for c in cases}


def test_slot_blind6_shape_and_counts() -> None:
    """>= 60 scenarios over all the issue's slots, as many negatives as positives, >= 3
    ambiguous, both languages, values without Latin letters; new facts never copied from
    any earlier slot set."""
    check_fresh_slot_round("blind6", n=60, positives=30, ambiguous=3, latin_free=1)


def test_slot_blind7_shape_and_counts() -> None:
    """>= 70 scenarios over all the issue's slots, as many negatives as positives (>= 32),
    >= 6 ambiguous, both languages, values without Latin letters; new facts never copied
    from any earlier slot set."""
    check_fresh_slot_round("blind7", n=70, positives=32, ambiguous=6, latin_free=5)


def test_slot_blind8_shape_and_counts() -> None:
    """>= 90 scenarios over all the issue's slots, as many negatives as positives (>= 42
    and >= 40), >= 8 ambiguous, English, Chinese and mixed, >= 8 positive values without
    Latin letters; new facts never copied from any earlier slot set."""
    check_fresh_slot_round("blind8", n=90, positives=40, ambiguous=8, latin_free=8)
    cases = rows(DATA / "slot_paraphrase_blind8.jsonl")
    assert Counter(c["polarity"] for c in cases)["negative"] >= 42
    assert {c["lang"] for c in cases} == {"zh", "en", "mixed"}


def test_slot_blind9_shape_and_counts() -> None:
    """Session 11's blind slot round: >= 100 scenarios over all the issue's slots, as many
    negatives as positives (>= 45), >= 9 ambiguous, English, Chinese and mixed, >= 9
    positive values without Latin letters; new facts never copied from any earlier slot
    set (blind8 included)."""
    check_fresh_slot_round("blind9", n=100, positives=45, ambiguous=9, latin_free=9)
    cases = rows(DATA / "slot_paraphrase_blind9.jsonl")
    assert {c["lang"] for c in cases} == {"zh", "en", "mixed"}
    assert len({(c["slot"], tuple(c["prior"]), c["new"]) for c in cases}) == len(cases)


def test_quality_blind10_shape_and_counts() -> None:
    """Session 15's blind quality set: >= 320 cases, >= 120 facts (durable achievements,
    advice asked, standing instructions, slot changes, >= 22 benign look-alikes, plain facts
    with numbers), >= 88 secret values in all three languages of which >= 24 adversarial,
    >= 10 secret mentions without a value, >= 22 progress and hedges in both languages,
    >= 10 half-formed, >= 10 questions, >= 10 bare URLs and paths (Windows paths with
    spaces and CJK folders), >= 3 too-short; >= 6 with invisible characters; nothing copied
    from any other quality, secret or poisoning set (blind9 included)."""
    earlier = tuple(sorted({*EARLIER_QUALITY, *(f.name for pattern in (
        "quality_*.jsonl", "secrets_*.jsonl", "poisoning*.jsonl") for f in DATA.glob(pattern)
        if f.name != "quality_blind10.jsonl")}))
    cases = check_quality_set("quality_blind10.jsonl", "blind10", earlier)
    assert len(cases) >= 320
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 120 and cats["secret_value"] >= 88 and cats["progress"] >= 22
    assert cats["secret_no_context"] >= 10 and cats["too_short"] >= 3
    assert cats["question"] >= 10 and cats["half_formed"] >= 10 and cats["bare_url_path"] >= 10
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 22
    assert sum(c["shape"] == "adversarial" for c in cases
               if c["category"] == "secret_value") >= 24
    assert all(c["category"] == "fact" for c in cases if c["shape"] == "secret_lookalike")
    for category in ("secret_value", "progress", "half_formed", "fact"):
        assert {c["lang"] for c in cases if c["category"] == category} == {
            "zh", "en", "mixed"}, category
    assert {"zh", "en"} <= {c["lang"] for c in cases if c["category"] == "question"}
    assert sum(bool(INVISIBLE.search(c["text"])) for c in cases) >= 6
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)


def test_slot_blind10_shape_and_counts() -> None:
    """Session 15's blind slot round: >= 100 scenarios over all the issue's slots, as many
    negatives as positives (>= 45), >= 9 ambiguous, English, Chinese and mixed, >= 9
    positive values without Latin letters; new facts never copied from any other slot set
    (blind9 included)."""
    check_fresh_slot_round("blind10", n=100, positives=45, ambiguous=9, latin_free=9)
    cases = rows(DATA / "slot_paraphrase_blind10.jsonl")
    assert {c["lang"] for c in cases} == {"zh", "en", "mixed"}
    assert len({(c["slot"], tuple(c["prior"]), c["new"]) for c in cases}) == len(cases)


def test_quality_blind11_shape_and_counts() -> None:
    """Session 17's blind quality set: >= 330 cases, >= 140 facts (durable achievements,
    advice asked, standing instructions, slot facts, 'next' / 'pending' / 'stuck' in an
    ordinary sense, >= 25 benign look-alikes), >= 90 secret values in all three languages
    of which >= 45 adversarial, >= 12 secret mentions without a value, >= 30 progress and
    hedges in all three languages, >= 14 half-formed, >= 14 questions, >= 12 bare URLs and
    paths (Windows paths with spaces and CJK folders), >= 6 too-short; >= 9 with invisible
    characters; nothing copied from any other quality, secret or poisoning set (blind10
    included), even after lowercasing and collapsing whitespace."""
    earlier = tuple(sorted({*EARLIER_QUALITY, *(f.name for pattern in (
        "quality_*.jsonl", "secrets_*.jsonl", "poisoning*.jsonl") for f in DATA.glob(pattern)
        if f.name != "quality_blind11.jsonl")}))
    cases = check_quality_set("quality_blind11.jsonl", "blind11", earlier)
    assert len(cases) >= 330
    cats = Counter(c["category"] for c in cases)
    assert cats["fact"] >= 140 and cats["secret_value"] >= 90 and cats["progress"] >= 30
    assert cats["secret_no_context"] >= 12 and cats["too_short"] >= 6
    assert cats["question"] >= 14 and cats["half_formed"] >= 14 and cats["bare_url_path"] >= 12
    shapes = Counter(c["shape"] for c in cases)
    assert shapes["secret_lookalike"] >= 25
    assert sum(c["shape"] == "adversarial" for c in cases
               if c["category"] == "secret_value") >= 45
    assert all(c["category"] == "fact" for c in cases if c["shape"] == "secret_lookalike")
    for category in ("secret_value", "progress", "half_formed", "fact", "question",
                     "secret_no_context"):
        assert {c["lang"] for c in cases if c["category"] == category} == {
            "zh", "en", "mixed"}, category
    langs = Counter(c["lang"] for c in cases)
    assert langs["en"] >= 160 and langs["zh"] >= 85 and langs["mixed"] >= 60
    assert sum(bool(INVISIBLE.search(c["text"])) for c in cases) >= 9
    paths = [c["text"] for c in cases if c["category"] == "bare_url_path"]
    assert any(re.match(r"^[A-Z]:\\", t) and " " in t for t in paths)
    assert any(re.match(r"^[A-Z]:\\", t) and re.search("[\u4e00-\u9fff]", t) for t in paths)

    def norm(t: str) -> str:
        return " ".join(t.lower().split())

    seen = {norm(c["text"]) for e in earlier for c in rows(DATA / e)}
    mine = [c["text"] for c in cases if norm(c["text"]) in seen]
    assert not mine  # lists only this set's own lines


def test_slot_blind11_shape_and_counts() -> None:
    """Session 17's blind slot round: >= 130 scenarios over all the issue's slots, as many
    negatives as positives (>= 60; >= 45 conflicts, >= 12 duplicates), >= 10 ambiguous,
    English, Chinese and mixed, >= 25 positive values without Latin letters; new facts
    never copied from any other slot set (blind10 included), even after lowercasing and
    collapsing whitespace."""
    check_fresh_slot_round("blind11", n=130, positives=60, ambiguous=10, latin_free=25)
    cases = rows(DATA / "slot_paraphrase_blind11.jsonl")
    assert {c["lang"] for c in cases} == {"zh", "en", "mixed"}
    assert len({(c["slot"], tuple(c["prior"]), c["new"]) for c in cases}) == len(cases)
    expect = Counter(c["expect"] for c in cases)
    assert expect["conflict"] >= 45 and expect["duplicate"] >= 12
    langs = Counter(c["lang"] for c in cases)
    assert langs["en"] >= 60 and langs["zh"] >= 38 and langs["mixed"] >= 25
    for slot in ISSUE_SLOTS:  # every slot has a positive and a negative
        assert {c["polarity"] for c in cases if c["slot"] == slot} >= {"positive", "negative"}

    def norm(t: str) -> str:
        return " ".join(t.lower().split())

    seen = {norm(c["new"]) for f in DATA.glob("slot_paraphrase*.jsonl")
            if f.name != "slot_paraphrase_blind11.jsonl" for c in rows(f)}
    assert not [c["new"] for c in cases if norm(c["new"]) in seen]


#: The blind rule rounds being measured (the next round adds itself, a retired one leaves).
BLIND_ROUNDS: list[str] = ["blind11"]


@pytest.mark.parametrize("split", BLIND_ROUNDS)
def test_rules_dev_reports_a_blind_round_and_never_lists_it(
        split: str, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_module(ROOT / "benchmarks" / "rules_dev.py", f"rules_dev_bench_{split}")
    cases = rows(DATA / f"quality_{split}.jsonl")
    table, _ = bench.quality(cases)
    assert set(table) == {split} and table[split]["all"]["n"] == len(cases)
    table, _ = bench.slots(rows(DATA / f"slot_paraphrase_{split}.jsonl")[:2])
    assert set(table) == {split} and table[split]["all"]["n"] == 2
    assert split in bench.NEVER_LISTED
    with pytest.raises(SystemExit):
        bench.main(["--misses", split, "--no-slots", "--no-benign"])
    assert "invalid choice" in capsys.readouterr().err
    # Listing a retired set's misses never prints a blind case, though the blind round is
    # scored.
    assert bench.main(["--misses", "blind6", "--no-slots", "--no-benign"]) == 0
    out = capsys.readouterr().out
    assert split in out  # its column is reported (counts)
    assert not any(repr(c["text"]) in out for c in cases)


@pytest.mark.parametrize(("split", "never_read"), [(s, {s}) for s in BLIND_ROUNDS])
def test_secrets_dev_is_counts_only_on_a_blind_round(
        split: str, never_read: set[str], capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_module(ROOT / "benchmarks" / "secrets_dev.py", f"secrets_dev_bench_{split}")
    path = str(DATA / f"quality_{split}.jsonl")
    with pytest.raises(SystemExit):
        bench.main(["--set", path, "--misses", split, "--no-store"])
    assert "never listed" in capsys.readouterr().err
    assert bench.main(["--set", path, "--no-store"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{split}: secrets cut ") and len(out.splitlines()) == 1
    # The benign-corpus count never reads the blind rounds' texts.
    assert never_read <= set(bench.NEVER_READ)


def test_slots_dev_lists_retired_rounds_and_keeps_blind_ones_counts_only() -> None:
    bench = load_module(ROOT / "benchmarks" / "slots_dev.py", "slots_dev_bench9")
    assert set(bench.BLIND) == set(BLIND_ROUNDS) and "blind10" not in bench.BLIND
    for split in BLIND_ROUNDS:
        with pytest.raises(SystemExit):
            bench.main(["--misses", split])


def test_rules_dev_reports_retired_blind_sets_and_lists_their_misses(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_module(ROOT / "benchmarks" / "rules_dev.py", "rules_dev_bench")
    for name, split in (("quality_blind3.jsonl", "blind3"), ("quality_blind4.jsonl", "blind4"),
                        ("quality_blind5.jsonl", "blind5"), ("quality_blind6.jsonl", "blind6"),
                        ("quality_blind7.jsonl", "blind7"), ("quality_blind8.jsonl", "blind8")):
        table, _ = bench.quality(rows(DATA / name))
        assert set(table) == {split}
        assert table[split]["all"]["n"] == len(rows(DATA / name))
    for split in ("blind5", "blind6", "blind7", "blind8"):
        table, _ = bench.slots(rows(DATA / f"slot_paraphrase_{split}.jsonl")[:2])
        assert set(table) == {split} and table[split]["all"]["n"] == 2
    # blind3 to blind8 are retired (now dev): their misses may be listed.
    for split in ("blind4", "blind5", "blind6", "blind7", "blind8"):
        assert bench.main(["--misses", split, "--no-slots", "--no-benign"]) == 0
        assert split in capsys.readouterr().out


def test_secrets_dev_lists_retired_blind_sets(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_module(ROOT / "benchmarks" / "secrets_dev.py", "secrets_dev_bench")
    for split in ("blind4", "blind5", "blind6", "blind7", "blind8"):
        path = str(DATA / f"quality_{split}.jsonl")
        assert bench.main(["--set", path, "--misses", split, "--no-store"]) == 0
        assert capsys.readouterr().out.startswith(f"{split}: secrets cut ")


def run_persona(tmp_path: Path, name: str, *extra: str, same_lang_floor: float = 0.6
                ) -> dict[str, Any]:
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", f"recall_agent_{name}")
    out = tmp_path / "r.json"
    assert bench.main(["--set", name, "--embedder", "hashing", "--no-hermes", "--no-sweep",
                       "--cache-dir", str(tmp_path / "cache"), "--json", str(out),
                       *extra]) == 0
    (result,) = json.loads(out.read_text("utf-8"))
    folder = P2.parent / name
    turns = rows(folder / "turns.jsonl")
    blind = result["search"]["blind"]
    assert set(result["search"]) == {"blind"}
    assert blind["needed memory in top 5"]["n"] == sum(t["category"] != "style"
                                                       for t in turns)
    assert blind["off-topic turns receiving nothing"]["n"] == len(rows(folder / "offtopic.jsonl"))
    assert blind["safety-critical: missed (none received)"]["n"] == sum(
        t["safety"] for t in turns)
    # Same-language turns share their gold memory's words: even hashing finds many.
    assert blind["… category same_lang"]["mean"] > same_lang_floor
    return result


def test_recall_harness_runs_persona2_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_persona(tmp_path, "persona2", "--show-misses")
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss p2t" in captured.err  # hashing misses some: a retired set lists them


def test_recall_harness_runs_persona3_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_persona(tmp_path, "persona3", "--show-misses")
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss " in captured.err


def test_recall_harness_runs_persona4_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run_persona(tmp_path, "persona4", "--show-misses")
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss " in captured.err


def test_recall_harness_runs_persona5_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # persona 5's few same-language turns are paraphrased too (its brief asked for turns
    # that do not reuse the memory's words): hashing's floor there is lower.
    run_persona(tmp_path, "persona5", "--show-misses", same_lang_floor=0.25)
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss p5t" in captured.err


def test_recall_harness_refuses_to_list_a_blind_sets_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_blind_refusal")
    monkeypatch.setitem(bench.SETS, "persona5", "blind")
    with pytest.raises(SystemExit):
        bench.main(["--set", "persona5", "--show-misses", "--embedder", "hashing"])
    assert "never listed" in capsys.readouterr().err


def test_recall_harness_runs_persona6_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # persona 6's same-language turns are paraphrased too: hashing's floor there is low.
    run_persona(tmp_path, "persona6", "--show-misses", same_lang_floor=0.2)
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss p6t" in captured.err


def test_recall_harness_runs_persona7_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # persona 7's same-language turns are paraphrased too: hashing's floor there is low.
    run_persona(tmp_path, "persona7", "--show-misses", same_lang_floor=0.2)
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss p7t" in captured.err


def test_recall_harness_runs_persona8_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # persona 8's same-language turns are paraphrased (its brief asked for turns that do
    # not reuse the memory's words): no hashing floor is claimed, only the counts.
    run_persona(tmp_path, "persona8", "--show-misses", same_lang_floor=-1.0)
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss p8t" in captured.err
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_p8_misses")
    assert bench.SETS["persona8"] == "retired"


def test_recall_harness_runs_persona9_and_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # persona 9 (session 15's blind set, retired in session 17): no hashing floor claimed,
    # its misses are listed now.
    run_persona(tmp_path, "persona9", "--show-misses", same_lang_floor=-1.0)
    captured = capsys.readouterr()
    assert "retired blind set, now dev" in captured.out
    assert "miss p9t" in captured.err
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_p9_misses")
    assert bench.SETS["persona9"] == "retired" and bench.SETS["persona8"] == "retired"


def test_recall_harness_runs_persona10_and_never_lists_its_misses(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # persona 10 is session 17's blind set: counts only, no hashing floor claimed, no miss
    # ever printed, --show-misses refused; the other harnesses key off SETS (a blind set is
    # refused there) and the secrets harness's benign corpus never reads its bank.
    run_persona(tmp_path, "persona10", same_lang_floor=-1.0)
    captured = capsys.readouterr()
    assert "blind — never tuned on" in captured.out
    assert "miss p10t" not in captured.err + captured.out
    bench = load_module(ROOT / "benchmarks" / "recall_agent.py", "recall_agent_p10_misses")
    assert bench.SETS["persona10"] == "blind" and bench.SETS["persona9"] == "retired"
    with pytest.raises(SystemExit):
        bench.main(["--set", "persona10", "--show-misses", "--embedder", "hashing"])
    assert "never listed" in capsys.readouterr().err
    secrets = load_module(ROOT / "benchmarks" / "secrets_dev.py", "secrets_dev_p10")
    assert "persona10" in secrets.NEVER_READ
    corpus = set(secrets.repo_texts()["repo facts"])
    assert not corpus & {m["text"] for m in rows(P10 / "bank.jsonl")}
