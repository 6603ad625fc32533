"""Round 11 secret shapes (rules/secret_keyed.py), both languages, with adversarial
spellings; every shape has facts that must be left whole (docs/secrets.md, Round 11)."""

from __future__ import annotations

import pytest

from vecmem.rules import redact_secrets

CAUGHT = [
    # codes with a separator between every digit
    ("Door code for the coworking space is 4#8#1#5", ["4#8#1#5"]),
    ("单元门密码是 2*6*4*8", ["2*6*4*8"]),
    ("The keypad code on the shed is 1 # 9 # 6 # 3", ["1 # 9 # 6 # 3"]),
    # combinations in number words
    ("My locker combination is seven, fourteen, twenty-one.", ["seven, fourteen, twenty-one"]),
    ("保险箱密码是三十二、十五、八", ["三十二、十五、八"]),
    # security answers
    ("密保问题的答案是：老宅子槐树下", ["老宅子槐树下"]),
    ("The answer to my security question is Bluebell Road", ["Bluebell Road"]),
    ("Security question: first pet? Answer: Biscuit-07", ["Biscuit-07"]),
    # a value in a later clause
    ("开机密码跟上次一样，就是 qwe!ASD@7788 嘛", ["qwe!ASD@7788"]),
    ("My laptop password is the same as before, it's just Falcon!5521", ["Falcon!5521"]),
    # a Wi-Fi key after the network name
    ("Wi-Fi at the Kerry cottage: network Kerry-Guest, key 'sheepontheroad'", ["sheepontheroad"]),
    ("家里的 WiFi 叫 Zhang-Home，key 是 'laoshu1688'", ["laoshu1688"]),
    # recovery keys in digit groups
    ("Recovery key for the laptop: 318205-662917-004431", ["318205-662917-004431"]),
]

ADVERSARIAL = [
    ("Ｄｏｏｒ ｃｏｄｅ ｉｓ ３＃７＃１＃９", ["３＃７＃１＃９"]),  # full-width
    ("密\u200b保答案是：北门小卖部", ["北门小卖部"]),  # zero-width space in the label
    ("wifi network HomeNet, k\u200bey 'snowglobe88'", ["snowglobe88"]),
    ("ＮＡＳ ｐａｓｓｗｏｒｄ 跟上次一样，就是 Ｒｏｂｉｎ＃５５", ["Ｒｏｂｉｎ＃５５"]),
    ("my pіn is 8350", ["8350"]),  # Cyrillic і
]

ALLOWED = [
    "The office is at 4#8 Baker Lane, unit 2",
    "Press 1#2 to reach the front desk",
    "My kids are twelve, fourteen and seventeen",
    "The combination of twelve, thirty and eight people made the team",
    "这三个孩子分别是十二、十四、十七岁",
    "密保问题的答案至少要三个字",
    "这个问题的答案是我们需要更多测试",
    "Security questions are weak because answers are easy to guess",
    "开机密码跟上次一样，就是太长了不好记",
    "My password is the same as before, it's just long",
    "这个版本跟上次一样，就是 v2.4.1 那个",
    "Wi-Fi at the cottage: network Kerry-Guest, signal is weak upstairs",
    "The key 'Escape' closes the dialog",
    "PIN code is required at checkout",
    "结账时需要输入 PIN 码",
    "版本号是 v4.8.1.5，下周发布",
    "Flight CA1831 departs from gate 4-8-1",
    "My order number is 4815-1623-42, arriving Friday",
    "The fix landed in commit 9f3c2a1e7b",
    "GitHub gives you ten recovery codes when you turn on 2FA",
]


@pytest.mark.parametrize(("text", "values"), CAUGHT + ADVERSARIAL)
def test_round11_value_is_cut(text: str, values: list[str]) -> None:
    import unicodedata

    out = redact_secrets(text)
    assert "[REDACTED:" in out
    for v in values:
        assert v not in out
        assert unicodedata.normalize("NFKC", v) not in unicodedata.normalize("NFKC", out)


@pytest.mark.parametrize("text", ALLOWED)
def test_round11_fact_is_left_whole(text: str) -> None:
    assert redact_secrets(text) == text


def test_security_answer_kind_is_described() -> None:
    from vecmem.rules.secrets import KIND_DESCRIPTIONS, find_secrets

    kinds = {f.kind for f in find_secrets("密保答案：青石桥")}
    assert kinds == {"security_answer"}
    assert KIND_DESCRIPTIONS["security_answer"]
