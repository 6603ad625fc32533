"""Facts said in passing (issue 15 item 6), one test per grammatical category, both
languages, with the negatives of each: asides, facts inside requests, the user's team,
relatives and named people, states and diets, things and dates; questions,
hypotheticals, other people's words, quoted and pasted text give nothing."""

from __future__ import annotations

import pytest

from vecmem import Memory
from vecmem.rules.extract import extract_with_rules


def facts(text: str) -> list[str]:
    return [c.content for c in extract_with_rules([{"role": "user", "content": text}])]


@pytest.mark.parametrize(("text", "want"), [
    ("FYI I'm pescatarian.", ["The user is pescatarian"]),
    ("Heads up: I'm hard of hearing, so keep calls short.", ["The user is hard of hearing"]),
    ("P.S. I work part-time at a library.", ["The user works part-time at a library"]),
    ("Side note, my cat is called Mochi.", ["The user's cat is named Mochi"]),
    ("提醒一下，我对酒精过敏。", ["用户对酒精过敏"]),
    ("顺便说下我是夜猫子。", ["用户是夜猫子"]),
    ("另外说一句，我不喝咖啡。", ["用户不喝咖啡"]),
    ("FYI 我是左撇子。", ["用户是左撇子"]),
])
def test_asides_and_discourse_markers(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("Reserve a table for six on Friday, and remember I can't eat shellfish.",
     ["The user cannot eat shellfish"]),
    ("Pick a hotel in Rome — keep in mind I use a cane.", ["The user uses a cane"]),
    ("Plan my week; note that I work night shifts.", ["The user works night shifts"]),
    ("Suggest a stretching routine, I have a bad lower back.",
     ["The user has a bad lower back"]),
    ("Write the invite for 7pm, I'm in Lisbon.", ["The user is in Lisbon"]),
    ("帮我点个外卖，我不吃葱。", ["用户不吃葱"]),
    ("推荐个周末去处，注意我晕车。", ["用户晕车"]),
    ("帮我写封邮件给房东，我女儿对猫毛过敏。", ["用户的女儿对猫毛过敏"]),
])
def test_a_fact_inside_a_request(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("We always rebase before merging.", ["The user's team always rebases before merging"]),
    ("Our team uses Terraform for everything.",
     ["The user's team uses Terraform for everything"]),
    ("We write our docs in AsciiDoc.", ["The user's team writes their docs in AsciiDoc"]),
    ("Our branching model is trunk-based development.",
     ["The user's team's branching model is trunk-based development"]),
    ("我们团队的代码规范是用 Black 格式化。", ["用户的团队代码规范是用 Black 格式化"]),
    ("我们公司用企业微信沟通。", ["用户的公司用企业微信沟通"]),
    ("我们组每周一上午开站会。", ["用户的团队每周一上午开站会"]),
    ("我们的后端是 Go 写的。", ["项目后端是 Go 写的"]),
])
def test_the_users_team(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("My husband is vegetarian.", ["The user's husband is vegetarian"]),
    ("My daughter, Zoe, plays the cello.", ["The user's daughter Zoe plays the cello"]),
    ("My parents live in Lyon.", ["The user's parents live in Lyon"]),  # round 4: parents
    ("My son doesn't eat fish.", ["The user's son doesn't eat fish"]),
    ("Tom is my best friend.", ["Tom is the user's best friend"]),
    ("我爸有糖尿病。", ["用户的爸有糖尿病"]),
    ("我家狗叫豆豆。", ["用户的狗叫豆豆"]),
    ("阿杰是我的室友。", ["阿杰是用户的室友"]),
])
def test_relatives_pets_and_named_people(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("I don't eat red meat.", ["The user does not eat red meat"]),
    ("I'm type 1 diabetic.", ["The user is type 1 diabetic"]),
    ("I get migraines from bright screens.", ["The user gets migraines from bright screens"]),
    ("I go by Sasha.", ["The user goes by Sasha"]),
    ("我吃素。", ["用户吃素"]),
    ("我恐高。", ["用户恐高"]),
    ("我腰不好，不能久坐。", ["用户腰不好"]),
])
def test_states_diets_and_health(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("My laptop is a MacBook Air M3.", ["The user's laptop is a MacBook Air M3"]),
    ("My GitLab username is jdoe42.", ["The user's gitlab username is jdoe42"]),
    ("My job interview is on March 3rd.", ["The user's job interview is on March 3rd"]),
    ("我用的是 Fedora 40。", ["用户用的是 Fedora 40"]),
    ("我下周五要去杭州面试。", ["用户下周五要去杭州面试"]),
])
def test_things_and_dates(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("I'm Lena, I'm an SRE at Monzo, and I live in Leeds.",
     ["The user's name is Lena", "The user is an SRE at Monzo", "The user lives in Leeds"]),
    ("我在美团做运维，不吃辣，养了一只布偶猫。",
     ["用户在美团做运维", "用户不吃辣", "用户养了一只布偶猫"]),
    ("我平时用 Zed，主题用 Nord。", ["用户平时用 Zed", "主题：Nord"]),
])
def test_compound_sentences_one_fact_each(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    # A reason clause: "since I'm X I'm Y" is two facts; "what I'm doing" binds to before.
    ("Since I'm diabetic I'm learning to cook low-carb meals.",
     ["The user is diabetic", "The user is learning to cook low-carb meals"]),
    ("I left early because I'm sick today.", []),
    ("I don't know what I'm doing.", []),
    # A relative's visit with a date is a plan; without one, a moment.
    ("My sister is visiting next week.", ["The user's sister is visiting next week"]),
    ("My brother is coming over.", []),
    # A relative's death is a durable family fact.
    ("Sadly, my grandpa passed away in May.", ["The user's grandpa passed away in May"]),
])
def test_reasons_and_family_events(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("我 prefer light mode。", ["用户偏好：light mode"]),
    ("我是 vegan，也不喝牛奶。", ["用户是 vegan", "用户也不喝牛奶"]),
    ("我们 team 的 workflow 是 trunk-based。", ["用户的团队 workflow 是 trunk-based"]),
    ("我们的 staging 跑在 k3s 上。", ["用户的团队 staging 跑在 k3s 上"]),
    ("我的 shell 是 fish。", ["用户的 shell 是 fish"]),
    ("我一直在用 Obsidian 记笔记。", ["用户一直在用 Obsidian 记笔记"]),
    ("我的电脑是这个。", []),
    ("我们 team 今天用 Zoom 开会吧。", []),
])
def test_code_switched_turns(text: str, want: list[str]) -> None:
    assert facts(text) == want


def test_a_typed_list_is_the_users_own_sentences() -> None:
    turn = "A bit about me:\n- I'm a nurse in Leeds\n* I don't eat pork\n2. 我养了一只猫"
    assert facts(turn) == [
        "The user is a nurse in Leeds", "The user does not eat pork", "用户养了一只猫"]


@pytest.mark.parametrize("text", [
    # questions and hypotheticals
    "Am I allergic to anything you know of?", "Is my wife vegetarian?",
    "If I were diabetic, what should I avoid?", "Suppose we use Terraform — is it worth it?",
    "If I move to Oslo, I will learn Norwegian next year.",
    "你知道我对什么过敏吗？", "要是我不吃肉，蛋白质怎么补？", "假如我们组用 Rust，会更快吗？",
    # chatter and moments
    "I'm in a meeting.", "My dog is barking at the mailman.", "My mom is visiting this week.",
    "We're on our way.", "We use a lot of coffee, haha.", "I can't eat right now.",
    "我老婆今天加班。", "我儿子在写作业。", "我们今天去吃火锅吧。", "我不吃了，谢谢。",
    "我们明天开会。",
    # someone else's words, quoted or handed-over text
    'My client wrote: "I live in Denver and I use Windows."',
    "Translate to French: I am a teacher and I live in Rome.",
    "Proofread this: My name is Carla and I work at a bank.",
    "我同事说：我下个月要去日本。", "帮我润色：我是一名医生，住在广州。", "他说他不吃辣。",
    # pasted code and logs
    "```\n# I am the config loader\nI_LIVE_IN = 'paris'\n```",
    "Here's the log:\n    at main (I_am_here.js:3)\nError: I am broken",
    "HOME_CITY=Berlin",
])
def test_nothing_from_questions_hypotheticals_moments_others_and_code(text: str) -> None:
    assert facts(text) == []


def test_what_the_rules_extract_goes_through_the_pipeline(mem: Memory) -> None:
    """Ingested with the LLM off, the facts are stored in the bank's form, and a
    restatement in the other word order is a duplicate, not a second memory."""
    s = mem.ingest([{"role": "user", "content":
                     "Book a table for two, and remember I can't eat gluten. "
                     "Also my sister is Anna."}])
    stored = sorted(r.content for r in s.results if str(r.decision) == "store")
    assert stored == ["The user cannot eat gluten", "The user's sister is Anna"]
    again = mem.ingest([{"role": "user", "content": "Anna is my sister, by the way."}])
    assert [str(r.decision) for r in again.results] == ["duplicate"]
