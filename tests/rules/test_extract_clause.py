"""Extraction round 5: facts by clause structure (subject, aspect, predicate, evidence),
in both languages — and the look-alikes of each structure that must give nothing."""

from __future__ import annotations

import pytest

from vecmem.rules.extract import extract_with_rules
from vecmem.rules.extract_clause import clause_fact


def facts(text: str) -> list[str]:
    return [c.content for c in extract_with_rules([{"role": "user", "content": text}])]


@pytest.mark.parametrize(("text", "want"), [
    # The present simple with a name in the object: a standing relation to a thing.
    ("I write everything in Go these days, except the odd Bash script.",
     "The user writes everything in Go these days"),
    ("I keep all my notes in Obsidian and sync them with Syncthing.",
     "The user keeps all their notes in Obsidian"),
    ("I live about an hour north of Melbourne, out in the hills.",
     "The user lives about an hour north of Melbourne"),
    ("I host my blog on Netlify.", "The user hosts their blog on Netlify"),
    ("I speak Cantonese at home.", "The user speaks Cantonese at home"),  # a name alone
    ("I mostly code in TypeScript.", "The user mostly codes in TypeScript"),
    # An agent noun by its form is a role ("a welder", "a surveyor").
    ("I'm a welder in Sheffield.", "The user is a welder in Sheffield"),
    ("I'm a surveyor.", "The user is a surveyor"),
    # A step of a task is a habit only when the clause says how often.
    ("I push to GitHub every day.", "The user pushes to GitHub every day"),
    ("I walk the dog every morning before work.",
     "The user walks the dog every morning before work"),
    # A relative, a pet or the team as the subject, with a name of their own.
    ("My husband Tomás is a pilot, so he's away half the month.",
     "The user's husband Tomás is a pilot"),
    ("My mother-in-law only speaks Cantonese.", "The user's mother-in-law only speaks Cantonese"),
    ("Our cat Mochi needs a pill every morning for her thyroid.",
     "The user's cat Mochi needs a pill every morning for her thyroid"),
    ("Our team does code review in pairs every Tuesday afternoon.",
     "The user's team does code review in pairs every Tuesday afternoon"),
    ("Write a bedtime story for my four-year-old, she loves whales.",
     "The user's four-year-old loves whales"),
    # The main clause before a consequence; a state with where in the body it is.
    ("Please summarize the paper, I'm colorblind so don't describe the charts by colour.",
     "The user is colorblind"),
    ("Just so you know, I'm deaf in one ear, so no voice replies please.",
     "The user is deaf in one ear"),
])
def test_english_structure(text: str, want: str) -> None:
    assert want in facts(text)


@pytest.mark.parametrize("text", [
    "I think React is overrated.",          # an opinion
    "I hope Anna likes it.",                # a wish
    "I need Docker for this.",              # a step, no habit
    "I click Save and nothing happens.",    # a step
    "I get a 502 from Nginx when I deploy.",  # an error
    "I open VS Code every morning and it crashes.",  # a habit that reports a failure
    "I owe Mark 20 bucks.",                 # a person dealt with once
    "I send Anna the file.",
    "I only need the JSON output.",         # "only" is a focus, not a frequency
    "I heard some cool stories from an elderly veteran named Samuel.",  # irregular past
    "I wore my Gryffindor scarf.",          # irregular past
    "I absolutley love DIYs.",              # an adverb (misspelt) is no verb
    "I treasure every memory.",             # a feeling
    "I no longer live in Paris.",           # a negation
    "I always forget my keys.",             # nothing named, no fact
    "My dog is sleeping.",                  # a relative's moment
    "My husband is away this week.",
    "My boss is a jerk.",                   # a verdict
    "I run the tests today in CI.",         # a moment
    "I'm a bit older now.",                 # a comparative, not an agent noun
    "I also plan to visit Vancouver.",      # an intention without a date, not a habit
    "In my room, I usually go to relax.",   # a purpose
    "I often go there to relax and unwind.",  # deictic
    "I always turn to something comforting.",  # vague
    "I'm a little under the weather.",
])
def test_english_look_alikes_give_nothing(text: str) -> None:
    assert facts(text) == []


def test_clause_fact_leaves_chinese_to_the_tables() -> None:
    assert clause_fact("我平时用 Python 写脚本") is None


@pytest.mark.parametrize(("text", "want"), [
    ("我老家在哈尔滨，现在在深圳定居。", "用户现在在深圳定居"),  # 在 + place + dwelling verb
    ("我有个弟弟在德国读博。", "用户有个弟弟在德国读博"),  # 有个: the numeral left out
    ("我家有两条金毛。", "用户家有两条金毛"),
    ("我养了三只鸡。", "用户养了三只鸡"),  # 养 + classifier: whatever animal follows
    ("我会说粤语和普通话，英语一般。", "用户会说粤语和普通话"),  # languages end in 语/话/文
    ("我是产品经理，在北京，平时用飞书和 Notion。", "用户平时用飞书和 Notion"),  # habit adverb
    ("我下周三要带我妈去医院复查。", "用户下周三要带用户的妈妈去医院复查"),  # date + modal
    ("我下周一开始休产假。", "用户下周一开始休产假"),
    ("另外，我们项目的主分支叫 develop。", "项目主分支叫 develop"),
    ("Our backend 是 FastAPI + Postgres。", "用户的团队 backend 是 FastAPI + Postgres"),
    ("I'm 王磊, 在 ByteDance 做 infra.", "用户是王磊"),  # English copula before a name
])
def test_chinese_and_mixed_structure(text: str, want: str) -> None:
    assert want in facts(text)


@pytest.mark.parametrize("text", [
    "我有只手受伤了。",            # 只 without a numeral is no pet
    "我有个想法。",
    "我养了两盆花。",              # 盆 is no animal's classifier
    "我会说的，放心。",            # no language
    "我一直用这个。",              # deictic
    "我明天要去开会，下午要加班。",  # a day at work
    "我下个月要交房租。",
    "我在考虑在杭州定居。",        # a thought
    "我下个月 15 号开始休产假……哦不对，是陪产假，一周。",  # taken back in the same line
    "I live in Berlin, no wait, I meant Munich.",
])
def test_chinese_look_alikes_give_nothing(text: str) -> None:
    assert facts(text) == []


def test_the_english_copula_before_a_chinese_predicate_is_the_subject_only() -> None:
    assert facts("I'm 在 Singapore 工作。") == ["用户在 Singapore 工作"]
