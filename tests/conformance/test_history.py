"""Questions about the past on both engines (issue 17 item 4): ``as_of`` answers with what
held then and had been said by then, ``history=True`` searches every fact that ever held,
a question about the past opts in through the gate's evidence and says so, and default
search stays current facts only."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from vecmem import Memory
from vecmem.errors import InvalidInputError


def _days_ago(n: int) -> str:
    return (datetime.now(UTC) - timedelta(days=n)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _day(n: int) -> str:
    return (datetime.now(UTC) - timedelta(days=n)).date().isoformat()


def _supersede(mem: Memory, old: int, new: int) -> None:
    from vecmem.engine import writes

    with mem.context.transaction() as tx:
        writes.supersede(mem.context, tx, tx.get(old), new, reason="moved")
    mem.context.changed()


def _moved(mem: Memory, old_text: str, new_text: str, *, old_days: int = 300,
           new_days: int = 60) -> tuple[int, int]:
    """An old fact said ``old_days`` ago, replaced by a new one said ``new_days`` ago."""
    a = mem.add(old_text, said_at=_days_ago(old_days)).memory_id
    b = mem.add(new_text, said_at=_days_ago(new_days)).memory_id
    assert a is not None and b is not None
    if mem.get(b).status == "review":  # a conflict on the topic: the person approves it
        mem.approve(b, actor="person")
    if mem.get(a).status == "active":
        _supersede(mem, a, b)
    return a, b


def _ids(hits: list) -> list[int]:
    return [h.memory.id for h in hits]


def test_supersession_closes_at_the_successors_start(cmem: Memory) -> None:
    a, b = _moved(cmem, "The user lives in Shanghai near Jing'an Temple",
                  "The user lives in Hangzhou near West Lake")
    old, new = cmem.get(a), cmem.get(b)
    assert old.status == "superseded"
    assert old.valid_until == new.valid_from and new.valid_from.startswith(_day(60))


def test_as_of_answers_with_what_held_then(cmem: Memory) -> None:
    a, b = _moved(cmem, "The user lives in Shanghai near Jing'an Temple",
                  "The user lives in Hangzhou near West Lake")
    q = "where does the user live Shanghai Hangzhou"
    assert _ids(cmem.search(q, gate=False, min_score=-1.0)) == [b]  # default: current facts only
    then = cmem.search(q, gate=False, min_score=-1.0, as_of=_day(100))
    assert _ids(then) == [a] and then[0].historical
    assert _ids(cmem.search(q, gate=False, min_score=-1.0, as_of=_day(10))) == [b]
    # Before either was said, nothing held (transaction time: said by then).
    assert cmem.search(q, gate=False, min_score=-1.0, as_of=_day(400)) == []
    # history=True: every fact that ever held, the past one marked.
    both = {h.memory.id: h.historical
            for h in cmem.search(q, gate=False, min_score=-1.0, history=True)}
    assert both == {a: True, b: False}


def test_as_of_counts_transaction_time_not_only_valid_time(cmem: Memory) -> None:
    # Said today about last year: it held then, but nobody had said it by then.
    r = cmem.add("The user moved to Chengdu last year for the robotics lab")
    assert cmem.get(r.memory_id).valid_from[:4] == str(date.today().year - 1)
    q = "user moved Chengdu robotics lab"
    assert cmem.search(q, gate=False, min_score=-1.0, as_of=_day(200)) == []
    assert _ids(cmem.search(q, gate=False, min_score=-1.0, as_of=_day(0))) == [r.memory_id]


def test_expired_facts_answer_questions_about_their_time(cmem: Memory) -> None:
    r = cmem.add("The user flies to Berlin for the product conference next week",
                 said_at=_days_ago(60))
    rec = cmem.get(r.memory_id)
    assert rec.status == "active" and rec.valid_until < _day(0)
    q = "Berlin product conference trip"
    assert cmem.search(q, gate=False, min_score=-1.0) == []  # expired: not a current fact
    during = cmem.search(q, gate=False, min_score=-1.0, as_of=_day(55))
    assert _ids(during) == [r.memory_id] and during[0].historical
    assert cmem.search(q, gate=False, min_score=-1.0, as_of=_day(70)) == []  # not said yet


def test_a_person_archived_fact_is_not_history(cmem: Memory) -> None:
    r = cmem.add("The user's locker code hint is the blue notebook")
    cmem.archive(r.memory_id, reason="wrong")
    assert cmem.search("locker code hint blue notebook", gate=False, min_score=-1.0,
                       history=True) == []


def test_questions_about_the_past_opt_in_and_say_so(cmem: Memory) -> None:
    a, b = _moved(cmem, "The user lives in Shanghai near Jing'an Temple",
                  "The user lives in Hangzhou near West Lake")
    now = cmem.search("Which city does the user live in, Shanghai or Hangzhou?", gate=False,
                      min_score=-1.0)
    assert a not in _ids(now)
    # gate=False is the exploratory listing: no opt-in; the gated path reads the cue.
    then = cmem.search("Where was my home before Hangzhou, Shanghai?", min_score=-1.0)
    marked = {h.memory.id: h.historical for h in then}
    assert marked.get(a) is True and marked.get(b, False) is False
    assert then[0].memory.id == a  # "before": what was replaced leads
    exp = cmem.explain("Where was my home before Hangzhou, Shanghai?", min_score=-1.0)
    assert any("history searched" in n and "before" in n for n in exp.notes)
    assert exp.gate is not None and "before" in exp.gate["history"]["cue"]
    assert exp.query == "Where was my home before Hangzhou, Shanghai?"
    assert any(n.startswith("searched as 'Where was my home Hangzhou, Shanghai?'")
               for n in exp.notes)
    zh = _moved(cmem, "用户用 Vim 写代码", "用户用 VS Code 写代码")
    hits = cmem.search("我之前用什么编辑器写代码？Vim？", min_score=-1.0)
    assert any(h.memory.id == zh[0] and h.historical for h in hits)
    plain = cmem.explain("我用什么编辑器写代码", min_score=-1.0)
    assert not any("history searched" in n for n in plain.notes)


def test_a_named_past_period_sets_the_window(cmem: Memory) -> None:
    a, b = _moved(cmem, "The summarizer's default model is gpt-4o-mini",
                  "The summarizer's default model is claude-haiku", old_days=300, new_days=30)
    then = date.today() - timedelta(days=200)
    month = then.strftime("%B %Y")
    hits = cmem.search(f"What was the summarizer's default model in {month}?", min_score=-1.0)
    assert _ids(hits)[:1] == [a] and b not in _ids(hits)
    exp = cmem.explain(f"What was the summarizer's default model in {month}?",
                       min_score=-1.0)
    assert exp.gate["history"]["as_of"].startswith(then.replace(day=1).isoformat())
    why = [c.excluded_because for c in exp.candidates if c.memory_id == b]
    assert why and why[0] and "after" in why[0]
    zh = cmem.search(f"{then.year}年{then.month}月摘要服务的默认模型是什么？", min_score=-1.0)
    assert b not in _ids(zh)


@pytest.mark.parametrize("bad", ["May", "2026-13-01", "yesterday", 20260501, "", True])
def test_bad_as_of_is_a_clear_error(cmem: Memory, bad: object) -> None:
    with pytest.raises(InvalidInputError, match="as_of"):
        cmem.search("anything at all", as_of=bad)


def test_history_must_be_a_boolean(cmem: Memory) -> None:
    with pytest.raises(InvalidInputError, match="history"):
        cmem.search("anything at all", history="yes")  # type: ignore[arg-type]


def test_said_at_is_checked_per_text(cmem: Memory) -> None:
    with pytest.raises(InvalidInputError, match="said_at"):
        cmem.add_many(["one fact here", "another fact there"], said_at=[_days_ago(3)])
    with pytest.raises(InvalidInputError, match="ISO-8601"):
        cmem.add("The user likes green tea", said_at="last tuesday")
    rs = cmem.add_many(["The user likes green tea", "The user likes oolong tea"],
                       said_at=[_days_ago(3), None], raw=True)
    first = cmem.get(rs[0].memory_id)
    assert first.valid_from.startswith(_day(3))


def test_before_the_current_fact_brings_the_fact_it_replaced(cmem: Memory) -> None:
    # The old fact shares no word with the question; the current one does, and the
    # question asks for what it replaced.
    a, b = _moved(cmem, "Employer: Acme Payments (backend developer)",
                  "The user works at Northwind Robotics as a staff engineer")
    hits = cmem.search("Where was my job before Northwind Robotics?", min_score=-1.0)
    assert [h.memory.id for h in hits][:2] == [a, b] and hits[0].historical
    exp = cmem.explain("Where was my job before Northwind Robotics?", min_score=-1.0)
    assert not [c for c in exp.candidates if c.memory_id == a and c.included]
    assert any(f"#{a} (replaced by #{b})" in n for n in exp.notes)
    zh = _moved(cmem, "用户的手机是小米 12", "用户的手机是华为 Mate 60")
    hits = cmem.search("我换华为 Mate 60 之前用的什么手机？", min_score=-1.0)
    assert hits and hits[0].memory.id == zh[0] and hits[0].historical


def test_the_recall_block_says_a_past_fact_is_no_longer_current(cmem: Memory) -> None:
    from vecmem.integrations.hermes.render import RECALL_HEADING, RECALL_NOTE, render_recall

    a, b = _moved(cmem, "The user lives in Shanghai near Jing'an Temple",
                  "The user lives in Hangzhou near West Lake")
    hits = cmem.search("user lives Shanghai Hangzhou", gate=False, min_score=-1.0,
                       history=True)
    block = render_recall(hits, heading=RECALL_HEADING, note=RECALL_NOTE)
    old = cmem.get(a)
    assert (f"#{a} (user_fact, no longer current: held {old.valid_from[:10]} to "
            f"{old.valid_until[:10]})") in block
    assert f"#{b} (user_fact, as of " in block


def test_a_question_naming_a_past_period_finds_what_was_said_about_it_later(
        cmem: Memory) -> None:
    """A fact about a period is mostly said after it: the question asks what held then
    (valid time), not what was known then, which stays ``as_of``'s meaning."""
    zh = cmem.add("用户去年国庆去了云南大理").memory_id
    en = cmem.add("Last year the user spent the summer holidays in Lisbon").memory_id
    assert zh is not None and en is not None
    assert zh in _ids(cmem.search("去年国庆我们去了哪里？"))
    assert en in _ids(cmem.search("Where did I go last year for the summer holidays?"))
    exp = cmem.explain("去年国庆我们去了哪里？")
    assert exp.gate is not None and exp.gate["history"]["cue"] == "去年"
    # as_of still asks what had been said by then: nothing stored today counts.
    last_year = date.today().replace(year=date.today().year - 1, month=10, day=3)
    assert zh not in _ids(cmem.search("国庆去了哪里", as_of=last_year.isoformat(),
                                      min_score=-1.0))
