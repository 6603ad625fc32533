"""Round-10 secret shapes and the attacks on them (issue 15 item 4), by category: a label
after its value, a bare "pass" next to what it opens, a changed or corrected value, the
Chinese watchwords 口令 / 回令 / 暗号, a value in parts across sentences, look-alike letters
and invisible characters inside labels — each with the look-alike facts the rule must
leave alone, in English and Chinese.

Values here are invented for these tests (not the dev set's). A caught value must be cut
out by ``redact_secrets`` in every spelling; an allowed text is left as written.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.rules.test_secret_round3 import (
    _gone,
    catalogue_rows,
    stored_text,
    table_cases,
    tune_split_wrong,
)

from vecmem.rules import check_quality, find_secrets, redact_secrets

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets_round10.jsonl"
ZW, ZJ = "\u200b", "\u200d"

CAUGHT = {
    "label_after": [
        ("Qm4$7 是我的密码", "Qm4$7"),
        ("Rk8#3 is my password", "Rk8#3"),
        ("Pelican_77 = office printer password", "Pelican_77"),
        ("5208，记住，是储物柜的密码", "5208"),
        ("7719, remember, is my PIN", "7719"),
        ("Walrus2040 是车库的密码", "Walrus2040"),
        # attacks: a zero-width space inside the label, full-width digits
        (f"Qm4$7 是我的密{ZW}码", "Qm4$7"),
        ("８８１５ is my PIN", "８８１５"),
    ],
    "pass_label": [
        ("the pass for the office wifi? it's lantern62", "lantern62"),
        ("公司 NAS 的 pass 是 Comet#44", "Comet#44"),
        ("hotspot pass = Gecko-5150", "Gecko-5150"),
        ("The pass to my laptop is Birch!2020", "Birch!2020"),
        # attacks: full-width label, a Cyrillic a in "pass"
        ("ｐａｓｓ ｆｏｒ ｔｈｅ ｖｐｎ： willow83", "willow83"),
        ("vpn p\u0430ss is Cobalt#7", "Cobalt#7"),
    ],
    "changed": [
        ("密码已经更新为 heron4455", "heron4455"),
        ("口令更正一下，是 zxcv#8080", "zxcv#8080"),
        ("路由器密码换成了 Mango#3131", "Mango#3131"),
        ("sorry, the email password is now Spruce#12", "Spruce#12"),
    ],
    "watchword": [
        ("今天的口令是：山高水长，回令是：月落乌啼", "山高水长"),
        ("今天的口令是：山高水长，回令是：月落乌啼", "月落乌啼"),
        ("回令：青松白鹤", "青松白鹤"),
        ("开门暗号：两短一长，然后说 pumpkin31", "pumpkin31"),
        # attack: a zero-width joiner inside 回令
        (f"回{ZJ}令：青松白鹤", "青松白鹤"),
    ],
    "split_sentence": [
        ("My bank password is the word Lotus. Then add 6060 at the end.", "Lotus"),
        ("My bank password is the word Lotus. Then add 6060 at the end.", "6060"),
        ("The code is 39… and then 77, ok", "39"),
        ("The code is 39… and then 77, ok", "77"),
        ("门禁码前两位是 52。后两位是 86。", "52"),
        ("门禁码前两位是 52。后两位是 86。", "86"),
        ("密码前半段是 koala。后半段是 3030。", "koala"),
    ],
}

ALLOWED = {
    "label_after": [
        "123456 is the most common password",
        "123456 是最常见的弱密码",
        "0000 is a typical default PIN",
        "1234 is a bad PIN",
        "2024 是我改密码的年份",
        "8 位是密码的最低长度",
        "Four digits is the usual PIN length",
        "PIN code is required at checkout",
        "密码学课程在周二上午",
    ],
    "pass_label": [
        "My bus pass is in my wallet",
        "Boarding pass for flight MU5101 is on my phone",
        "The ski pass for 2025 costs 720",
        "The pass rate for the exam is 85%",
        "The mountain pass is 2400 m high",
        "Tests pass on Python 3.12",
        "地铁 pass 放在包里",
    ],
    "changed": [
        "密码改成了指纹解锁",
        "密码改成了人脸识别",
        "密码改成了八位以上",
        "PIN changed to six digits last year",
        "密码重置需要 15 分钟",
    ],
    "watchword": [
        "教官的口令很响亮",
        "听口令，向右转",
        "口令和回令是电影里常见的桥段",
        "我们约好用暗号联系，暗号写在纸条上",
        "口令红包是微信的一种玩法",
    ],
    "split_sentence": [
        "The first part of the talk is at 9. The second part is at 11.",
        "The recipe starts with butter. Then add 200 g flour.",
        "the code is ready and then we ship v2",
        "前半场比分是 2:1，后半场是 3:0",
    ],
    "disguised_label": [
        f"P{ZW}IN code is required at checkout",
        f"密{ZW}码学课程很难",
        "p\u0430ssword reset takes 15 minutes",
    ],
}

MENTIONS = ["暗号换了", "回令已经更新了", "The vpn pass has been changed"]


@pytest.mark.parametrize(("category", "text", "value"), table_cases(CAUGHT),
                         ids=lambda x: str(x)[:40])
def test_round10_shape_is_cut_out(category: str, text: str, value: str) -> None:
    out = redact_secrets(text)
    assert _gone(value, out), out
    assert redact_secrets(out) == out  # idempotent


@pytest.mark.parametrize(("category", "text"), table_cases(ALLOWED), ids=lambda x: str(x)[:40])
def test_round10_look_alike_is_kept(category: str, text: str) -> None:
    assert redact_secrets(text) == text, find_secrets(text)


@pytest.mark.parametrize("text", MENTIONS)
def test_a_watchword_or_pass_named_with_no_value_is_a_mention(text: str) -> None:
    verdict = check_quality(text)
    assert not verdict.allowed and verdict.category == "secret_no_context"


def test_an_owner_makes_a_weak_password_the_users_again() -> None:
    """"the most common" names an example of the kind; "my weak password" is one's own."""
    out = redact_secrets("hunter2x is my weak password")
    assert out == "[REDACTED:password] is my weak password"
    assert find_secrets("123456 是我最常用的密码")


def test_no_round10_value_reaches_any_table_of_a_real_store(tmp_path: Path) -> None:
    rows = list(table_cases(CAUGHT))
    stored = stored_text(str(tmp_path / "r10.db"), list(dict.fromkeys(t for _, t, _ in rows)))
    assert all(_gone(v, stored) for _, _, v in rows)


def test_a_long_text_of_asides_and_parts_stays_cheap() -> None:
    text = "4821，记住，是 and then 21 " * 300
    redact_secrets(text)  # must simply finish


def test_the_dev_set_tune_split_is_right() -> None:
    assert tune_split_wrong(DATA) == []


def test_the_dev_set_is_split_per_shape_before_tuning() -> None:
    rows = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 120
    for shape in {r["shape"] for r in rows}:
        splits = {r["split"] for r in rows if r["shape"] == shape}
        assert splits == {"tune", "heldout"}, shape
    assert {r["lang"] for r in rows} >= {"en", "zh", "mixed"}
    assert {r["expect"] for r in rows} == {"secret", "benign", "mention"}


# -- the catalogue is the tests' ---------------------------------------------------------

def test_every_round10_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows("Round 10")
    assert len(rows) >= 6
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), [
    (kind, x) for caught, allowed in catalogue_rows("Round 10")
    for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs
], ids=lambda x: str(x)[:30])
def test_round10_catalogue_example(kind: str, text: str) -> None:
    assert bool(find_secrets(text)) == (kind == "caught"), redact_secrets(text)
