"""Round 12 secret shapes (session 17, from the kinds of miss of the retired blind10 round),
both languages, with adversarial spellings; every shape has facts that must be left whole
(docs/secrets.md, Round 12). The sentences are new: the rules are for the kinds."""

from __future__ import annotations

import unicodedata

import pytest

from vecmem.rules import check_quality, redact_secrets
from vecmem.rules.secrets import KIND_DESCRIPTIONS, find_secrets

CAUGHT = [
    # whose it is, said with a possessive, hides no label (secret_readings._OWNER)
    ("Kestrel!7730 is the user's Netflix password.", ["Kestrel!7730"]),
    ("5139 — that's Grandma's bank card PIN.", ["5139"]),
    ("The passphrase for the user's old tax archive is amber quiet falcon ridge", [
        "amber quiet falcon ridge"]),
    # the value first, its label after (Chinese, a product named before 密码)
    ("Sparrow#4471，这是用户的Dropbox密码。", ["Sparrow#4471"]),
    ("Lotus2288!是她的Steam密码", ["Lotus2288!"]),
    # a card's security code, value first or after a comma
    ("903 is my CVV", ["903"]),
    ("我那张卡的CVV，582。", ["582"]),
    # a Chinese label, a comma, then the code
    ("车库门密码，7716#。", ["7716#"]),
    ("保险柜密码，30418", ["30418"]),
    # the value told in a later sentence
    ("That's the router password. It is: Birch-Mole-381.", ["Birch-Mole-381"]),
    ("Gym locker PIN? Jotted on my phone. The digits are 4092.", ["4092"]),
    ("储物柜密码写在工牌背面。数字是 8351。", ["8351"]),
    # an app password quoted in a setting
    ("imap_pass = 'qwpo zxmn lkjh trew' in config.toml", ["qwpo zxmn lkjh trew"]),
    # security questions and their answers
    ("The answer to my security question about my first school is Saint Anne.", ["Saint Anne"]),
    ("Dad's first car, used as a security answer, is Corolla.", ["Corolla"]),
    ("Security question 'street you grew up on': Rua Augusta.", ["Rua Augusta"]),
    ("密保问题“第一只宠物叫什么”，答案是豆豆。", ["豆豆"]),
    ("账户的安全问题「母亲的出生地」答案为 绍兴", ["绍兴"]),
    # national identity numbers
    ("The user's social security number is 287-65-4321.", ["287-65-4321"]),
    ("SSN: 401 22 9876", ["401 22 9876"]),
    ("身份证号码：320102199003074518", ["320102199003074518"]),
    ("Her resident ID number is 440304198507160020.", ["440304198507160020"]),
]

ADVERSARIAL = [
    # full-width
    ("Ｓｐａｒｒｏｗ＃４４７１，这是用户的Ｄｒｏｐｂｏｘ密码。", ["Ｓｐａｒｒｏｗ＃４４７１"]),
    ("5139 — that's Grand\u200bma's bank card PIN.", ["5139"]),  # zero-width in the owner
    ("The user's SSN is 287-65-4321.".replace("S", "Ѕ", 1), ["287-65-4321"]),  # Cyrillic Ѕ
    ("密\u200b保问题“第一只宠物叫什么”，答案是豆豆。", ["豆豆"]),
]

ALLOWED = [
    "The Netflix password is stored in the family 1Password vault.",
    "Grandma's bank card PIN was changed last week.",
    "4092 is the number of steps the user walked today.",
    "这是用户的Dropbox账号，用来同步照片",
    "903 is the area code the user calls most.",
    "我那张卡的CVV在背面",
    "车库门密码，问物业要",
    "保险柜密码，2023年换的",
    "That's the router password. It is written on the sticker.",
    "The gym locker PIN is in my notes. The numbers are hard to remember.",
    "We talked about security questions at the meetup: most answers are guessable.",
    "我们讨论了安全问题，答案是加强培训。",
    "The answer to my security question is stored in 1Password.",
    "Order 110105198809234417 ships on Friday.",
    "My phone number is 287-65-4321.",
    "The ticket number is 320102199003074513 in the old system.",
    "SSN is required on the tax form.",
]

MENTIONS = [
    "User's recovery code:",
    "the backup codes for the bank account",
    "Licence key -",
    "用户的网银密码是",
    "路由器密码就是",
    "家里WiFi的密码",
]


def _cut(text: str, values: list[str]) -> None:
    out = redact_secrets(text)
    assert "[REDACTED:" in out, out
    for v in values:
        assert v not in out
        assert unicodedata.normalize("NFKC", v) not in unicodedata.normalize("NFKC", out)
    assert check_quality(text).category == "secret_value"


@pytest.mark.parametrize(("text", "values"), CAUGHT + ADVERSARIAL)
def test_round12_value_is_cut(text: str, values: list[str]) -> None:
    _cut(text, values)


@pytest.mark.parametrize("text", ALLOWED)
def test_round12_fact_is_left_whole(text: str) -> None:
    assert redact_secrets(text) == text


@pytest.mark.parametrize("text", MENTIONS)
def test_a_credential_label_with_nothing_after_is_a_mention(text: str) -> None:
    verdict = check_quality(text)
    assert (verdict.allowed, verdict.category) == (False, "secret_no_context")


@pytest.mark.parametrize("text", ["The user's favourite is", "我妈的生日是", "our team lead is"])
def test_other_labels_with_nothing_after_stay_half_formed(text: str) -> None:
    assert check_quality(text).category == "half_formed"


def test_national_id_kind_is_described_and_checked() -> None:
    # an unlabelled 18-digit number is an ID only when its check character is right
    assert {f.kind for f in find_secrets("32010219900307451X 在表格第三行")} == {"national_id"}
    assert find_secrets("320102199003074513 在表格第三行") == []
    assert KIND_DESCRIPTIONS["national_id"]


def test_a_possessive_after_a_value_is_no_second_value() -> None:
    # Found by attacking round 12: with a curly apostrophe, "user’s" read as a second
    # made value of the same label ("Kestrel!7730 is the user’s …") and was cut too.
    for text in ["Kestrel!7730 is the user\u2019s Netflix password.",
                 "Maple!88 is Tom\u2019s wifi password"]:
        out = redact_secrets(text)
        assert out.count("[REDACTED:") == 1 and ("user\u2019s" in out or "Tom\u2019s" in out)
