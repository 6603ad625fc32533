"""Round 11 of the quality filter (session 15, branch ``filter``): one test per category
touched, in both languages, from the kinds of miss of the retired blind9 round.

Sentences here are not the dev-set cases; each stands for its category.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality


def _cat(text: str) -> str:
    v = check_quality(text)
    return "fact" if v.allowed else v.category


@pytest.mark.parametrize("text", [
    "my cousin's new",                 # a possessive and an adjective, the noun not said
    "and the landlord's latest",
    "their neighbour's",               # a bare possessive
    "about the former",
    "对了，我姐的",                     # 的 with nothing after it
    "然后那个数据库的",
    "就是那个 bucket 的",
    "我 dad 他",                        # a person named, then their pronoun only
    "还有我室友她",
    "my nephew's n\u0435w",            # a Cyrillic look-alike letter
    "对了，我哥\u200b的",               # an invisible character
])
def test_broken_off_on_a_possessive_or_pronoun_is_half_formed(text: str) -> None:
    v = check_quality(text)
    assert not v.allowed and v.category == "half_formed"
    assert "broken-off" in v.reason


@pytest.mark.parametrize("text", [
    "our office address is",
    "my hometown is:",
    "我家的地址是",
    "公司前台的电话是：",
    "my n\u0435w address is",          # look-alike letter
])
def test_a_label_with_no_value_is_half_formed(text: str) -> None:
    v = check_quality(text)
    assert not v.allowed and v.category == "half_formed"
    assert "label" in v.reason


@pytest.mark.parametrize("text", [
    "my bank PIN is",                  # a credential label, nothing after it (session 17:
    "the router password is:",         # it names a secret, so secret_no_context)
    "我的支付密码是",
    "公司邮箱密码是：",
    "我家的 wifi 密码是",
    "my p\u0430sscode is",             # look-alike letter
])
def test_a_credential_label_with_no_value_is_a_mention(text: str) -> None:
    v = check_quality(text)
    assert not v.allowed and v.category == "secret_no_context"
    assert "credential" in v.reason


@pytest.mark.parametrize("text", [
    "用户最喜欢的表情是 🔥",             # the value is drawn as an emoji
    "我们群的吉祥物是 🦊",
    "用户最常用的表情是 ❤\ufe0f\u200d🔥",  # a joined emoji
    "my favourite emoji is 👍🏽.",       # with a skin tone and a full stop
    "The team mascot is 🦊",
    "her signature reaction was 🙃",
])
def test_an_emoji_after_a_label_is_its_value(text: str) -> None:
    assert _cat(text) == "fact", check_quality(text).reason


@pytest.mark.parametrize("text", [
    "my favourite emoji is",            # the same labels, the value not said
    "我们群的吉祥物是",
    "🔥 my hometown is",                # an emoji before the label is no value
    "我的老家是 ",
])
def test_the_same_labels_without_the_emoji_stay_half_formed(text: str) -> None:
    assert _cat(text) == "half_formed"


@pytest.mark.parametrize("text", [
    "每周的跑步目标是多少来着",         # 来着 after a question word, no question mark
    "我那个牙医叫什么来着",
    "上次体检是哪天来着",
    "What's my gym locker number again",
    "when is the plumber coming again",
    "Which pharmacy did I say was cheaper again",
])
def test_a_recall_question_without_a_mark_is_a_question(text: str) -> None:
    assert _cat(text) == "question"


@pytest.mark.parametrize("text", [
    "The parking meter outside the library is broken.",  # a thing out of order where it stands
    "The coffee machine in the office kitchen is out of order.",
    "The PIN pad at the front desk is broken.",
    "小区门口的快递柜坏了，要去物业取件。",
])
def test_a_thing_broken_where_it_stands_is_a_fact(text: str) -> None:
    assert _cat(text) == "fact"


@pytest.mark.parametrize("text", [
    "The build is broken again.",                     # a task artefact's state
    "The deploy pipeline in staging is broken.",
    "The integration tests in CI are broken now.",
])
def test_a_work_item_broken_stays_progress(text: str) -> None:
    assert _cat(text) == "progress"


@pytest.mark.parametrize("text", [
    "The red scooter by the door is my neighbour's.",  # a whole possessive fact
    "这把伞是我妈的。",
    "我的手机是旧的。",
    "The user's brother's flat is new.",
    "My passport number is in the blue folder.",        # a label with its value
    "我的工位是 3 楼 12 号。",
    "我昨天还说来着。",                                   # 来着 with no question word
    "He bought it again.",
    "我很喜欢她。",
    "老板也是。",
])
def test_look_alike_facts_pass(text: str) -> None:
    assert _cat(text) == "fact" or _cat(text) == "too_short"
    assert _cat(text) != "half_formed"


def test_look_alike_longer_facts_are_stored() -> None:
    for text in ("The red scooter by the door is my neighbour's.", "这把伞是我妈的。",
                 "My passport number is in the blue folder.", "我的工位是 3 楼 12 号。"):
        assert check_quality(text).allowed, text


def test_round11_set_is_split_per_kind_fresh_and_bilingual() -> None:
    import json
    from pathlib import Path

    data = Path(__file__).resolve().parent.parent / "data"

    def load(path: Path) -> list[dict[str, str]]:
        return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]

    cases = load(data / "quality_round11.jsonl")
    assert len(cases) >= 90
    for kind in {c["kind"] for c in cases}:
        sides = [c["split"] for c in cases if c["kind"] == kind]
        assert sides[2::3] == ["heldout_q11"] * len(sides[2::3]), kind  # every third
        assert set(sides[0::3] + sides[1::3]) == {"tune_q11"}, kind
    assert {c["lang"] for c in cases} == {"zh", "en", "mixed"}
    assert {"lookalike", "invisible", "fullwidth"} <= {c["shape"] for c in cases}
    earlier = {c["text"].strip().casefold() for path in sorted(data.glob("quality_*.jsonl"))
               if path.name != "quality_round11.jsonl" for c in load(path)}
    assert not earlier & {c["text"].strip().casefold() for c in cases}  # fresh, not copied


@pytest.mark.parametrize("text", [
    "I was going to say",               # speech announced, nothing said
    "oh and I meant to tell you",
    "So, we were about to ask you",
    "There's something I wanted to tell you",
    "I forgot what I was going to say",
    "I w\u0430s going to say",          # a Cyrillic look-alike letter
    "对了我想告诉你",
    "我有件事想跟你说",
    "对了，还有件事",
    "我忘了刚才要说啥了",
    "我有件\u200b事想跟你说",            # an invisible character
])
def test_speech_announced_and_not_given_is_half_formed(text: str) -> None:
    assert _cat(text) == "half_formed", check_quality(text).reason


@pytest.mark.parametrize("text", [
    "I was going to say that the deploy moved to Friday",  # the thing is said after it
    "I meant to tell you that my sister moved to Paris",
    "I need to tell you about my allergy to peanuts",
    "我想告诉你我下周去上海",
    "我有件事想跟你说：我下周搬家",
])
def test_speech_announced_and_then_given_is_kept(text: str) -> None:
    assert _cat(text) == "fact", check_quality(text).reason
