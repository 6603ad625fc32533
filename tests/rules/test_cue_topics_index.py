"""``cues.topics`` finds triggers through an index (word, prefix, first character); it
must count exactly what testing every trigger of every category against the text counts
(the definition below, the function as it was before the index)."""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from vecmem.rules import cues


def reference_topics(content: str) -> list[str]:
    text = unicodedata.normalize("NFKC", content).casefold()
    words = {f for w in cues._LATIN.findall(text) for f in cues._forms(w, cues.INFLECTIONS)}
    found: list[tuple[int, int, str]] = []
    phrases = cues._phrases()
    spaced = " ".join(cues._LATIN.findall(text)) if phrases else ""
    for order, (name, exact, prefixes, zh, _) in enumerate(cues._topics()):
        n = len(words & exact) + sum(1 for p in prefixes if any(w.startswith(p) for w in words))
        n += sum(1 for z in zh if z in text)
        if name in phrases:
            n += len(phrases[name].findall(spaced))
        if name == "schedule" and cues._CLOCK.search(text):
            n += 1
        if n:
            found.append((-n, order, name))
    return [name for _, _, name in sorted(found)[: cues.MAX_TOPICS]]


def _fragments() -> list[str]:
    """Pieces of real triggers (whole, cut short, and their first characters), so that
    generated texts hit prefixes, plurals, inflections and Chinese substrings."""
    out: set[str] = set()
    for _, exact, prefixes, zh, _ in cues._topics():
        for w in [*sorted(exact)[:6], *prefixes[:6]]:
            out.update({w, w[:-1], w + "s", w + "ing", w + "ed"})
        for z in zh[:6]:
            out.update({z, z[:1], z[1:]})
    return sorted(f for f in out if f)


FRAGMENTS = _fragments()
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(
    [" ", "，", "。", "4:30 pm", "八点", "work from home", "Ｆｏｏｄ", "ies", "的"])),
    max_size=12).map(lambda parts: " ".join(parts) if len(parts) % 2 else "".join(parts))


@settings(max_examples=600)
@given(texts)
def test_indexed_topics_count_what_every_trigger_counts(text: str) -> None:
    assert cues.topics(text) == reference_topics(text)


def test_examples_in_both_languages_and_edges() -> None:
    for text in ["", " ", "用户对花生过敏", "User is allergic to peanuts, carries an EpiPen.",
                 "下午三点开会", "４：３０ ＰＭ meeting with the kids' school", "allergies",
                 "User works from home on Mondays and bakes bread.", "🙂", "a" * 300]:
        assert cues.topics(text) == reference_topics(text)
