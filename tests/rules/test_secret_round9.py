"""Round-9 secret shapes and the attacks on them (issue 15 item 4), by category: a value
restated whole after how it is made, a value corrected after a first one, a bare "code"
asked for and answered, an app password with its label after it, a licence key after
"activated with" — each with the look-alike facts the rule must leave alone, in English
and Chinese.

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

from vecmem.rules import find_secrets, redact_secrets

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets_round9.jsonl"
ZW = "\u200b"

CAUGHT = {
    "restated": [
        ("the NAS password is the street plus the flat, so Lindenweg31", "Lindenweg31"),
        ("pw: dog's name + 1987, i.e. Rolo1987", "Rolo1987"),
        ("The alarm code is our wedding date backwards, that is 6102", "6102"),
        ("my bank PIN is my dad's birth year, which makes 1958", "1958"),
        ("邮箱密码是猫的名字加门牌号，也就是 Mimi302", "Mimi302"),
        ("密码前半是 Fox，后半是 7731，拼起来就是 Fox7731", "Fox7731"),
        ("门禁码是楼号加房号，即 180402", "180402"),
        ("路由器密码是店名缩写加电话后四位，所以是 KFC6688 啦", "KFC6688"),
        # attacks: a zero-width space inside the restated value, full-width letters
        (f"wifi password = cat + year, so Mar{ZW}ble2031", "Marble2031"),
        ("密码是名字加年份，合起来就是 Ｌｉｎｇ２０２０", "Ｌｉｎｇ２０２０"),
    ],
    "corrected": [
        ("the VPN password is Heron-51, no wait, it's Heron-15", "Heron-15"),
        ("PIN is 3092 - sorry, I mean 3029", "3029"),
        ("garage code 7701, scratch that, 7710", "7710"),
        ("my email pw is quail88... actually it's quail89", "quail89"),
        ("密码是 abcd9876，不对，是 abcd6789", "abcd6789"),
        ("保险箱密码 551903，说错了，应该是 551930", "551930"),
        ("wifi 密码 Hx2024，等等，改成 Hx2025 了", "Hx2025"),
        # attacks: the corrected value in spoken digits, full-width, a curly apostrophe
        ("门禁码 6620，哦不，是 六六零二", "六六零二"),
        ("The door code is 1188, no wait, it’s ４４１１", "４４１１"),
        ("Mein Passwort ist Kolibri7, nein, Kolibri8", "Kolibri8"),
    ],
    "several": [
        ("I changed the PIN from 2208 to 8022", "2208"),
        ("I changed the PIN from 2208 to 8022", "8022"),
        ("the password was Tamarind5 but I changed it to Tamarind6", "Tamarind6"),
        ("alarm password was wren-0071 until Monday, now it's wren-0072", "wren-0072"),
        ("new wifi password = Pomelo!4 (old one: Quince!3)", "Quince!3"),
        ("the NAS pwd is either Birch71 or Birch17", "Birch17"),
        ("密码从 lily2020 改成了 lily2021", "lily2021"),
        ("密码不是 135790，是 097531", "097531"),
        ("PIN 从 4455 换成 5544 了", "4455"),
        ("The PIN is not 6021, it's 1206", "1206"),
        ("PIN = last four of my phone, 7719", "7719"),
        ("密码是我车牌后四位，8848", "8848"),
        # the label, then the verb of the change, then old and new (the new one is the
        # secret; a question after it is no shelter)
        ("PIN changed from 1111 to 4821, ok?", "4821"),
        ("the WiFi password changed to Pomelo!4 yesterday", "Pomelo!4"),
        ("Password rotated to Quince!3 this morning", "Quince!3"),
        ("密码由 lily2020 改为 lily2021", "lily2020"),
    ],
    "passphrase": [
        ("backup passphrase: Seven Lazy Otters Dance", "Lazy Otters Dance"),
        ("My password is Purple Monkey Dishwasher Sunrise", "Monkey Dishwasher Sunrise"),
    ],
    "asked": [
        ("the code? it's 7305", "7305"),
        ("so the code? 9 1 4 6", "9 1 4 6"),
        ("The passcode? I think it's 5 5 0 2", "5 5 0 2"),
        ("door code? 2291 then the hash key", "2291"),
        ("那个 code 是多少？it's 6613", "6613"),
        ("密码？就是 Spruce2030", "Spruce2030"),
        (f"the code? it's 8{ZW}8{ZW}3{ZW}1", f"8{ZW}8{ZW}3{ZW}1"),
    ],
    "app_password": [
        ("use qpwo eiru tyal skdj for Thunderbird, it's the app password", "qpwo eiru tyal skdj"),
        ("zmxn-cbva-lskd-jfhg is my iCloud app-specific password", "zmxn-cbva-lskd-jfhg"),
        ("QPWO EIRU TYAL SKDJ 是邮箱的授权码", "QPWO EIRU TYAL SKDJ"),
    ],
    "licence": [
        ("Windows was activated with NQ4RX-8TMWK-2PLV9-JH7CB-XD3FY",
         "NQ4RX-8TMWK-2PLV9-JH7CB-XD3FY"),
        ("用 QX7M-2PLW-9TRK-4ZNB 激活的 Office", "QX7M-2PLW-9TRK-4ZNB"),
    ],
}

ALLOWED = {
    "restated": [
        "The rule is name plus year, so it's easy to guess",
        "The password policy is 12 characters plus a symbol, so 13 in total",
        "The PIN must be four digits, so 1234 is not allowed",
        "The password rule: a word plus a year, so Lucky2019 style is fine",
        "The combination lock was a gift, so 2019 was a good year",
        "密码规则是字母加数字，也就是说至少八位",
        "密码长度是八位加两位校验，所以是十位",
        "密码改了，所以 3 台设备要重新登录",
        "我们组三个人加上经理，合起来就是 4 个人",
    ],
    "corrected": [
        "The meeting is at 3, no wait, at 4",
        "Flight is BA 117, no wait, BA 177",
        "Password reset takes 15 minutes, sorry, I mean 20 minutes",
        "会议改到 301，不对，是 302 会议室",
        "快递单号 7734，不对，是 7743 那个包裹",
    ],
    "several": [
        "The PIN must be four digits, not 1234",
        "The PIN must be 4 digits, 1234 is bad",
        "PIN pad upgraded from 2019 to 2024",
        "The password changed from weekly to monthly",
        "Changed my PIN to something easier",
        "Password: 12 characters, 2 symbols",
        "密码从 8 位改成了 12 位",
        "密码从来不换",
        "PIN changed from 4 to 6 digits",
        "The password reset link expired",
        "密码由管理员重置",
        "PIN 由 4 位改成 6 位",
    ],
    "passphrase": [
        "The passphrase is Stored In The Vault",
        "The password is Written On The Card",
        "The wifi password is Ask Tom For It",
        "My favourite phrase is Carpe Diem Every Day",
    ],
    "asked": [
        "the error code? it's 404",
        "the error code? it's 4821 in the manual",
        "exit code? 1337 again",
        "The status code? It's 5000 on that endpoint",
        "the code? it is on GitHub",
        "这段 code？是 2024 年写的",
        "邮编是多少？是 100080",
    ],
    "app_password": [
        "Gmail app passwords have 16 letters in four groups",
        "The four teams are red blue gold teal",
        "Groceries: milk eggs bread rice, not the app password list",
    ],
    "licence": [
        "The license is MIT",
        "Part number ABC-1234-X fits the old model",
        "序列号在机器底部的标签上",
        "激活以后重启一次",
    ],
    "over_reads": [
        # round 9 fixed these: a date is no piece of a value, a key algorithm no key
        "The CI GitHub token expires on 2027-03-01 and Zhou Yu rotates it",
        "用户的 SSH 密钥用的是 ed25519，私钥不离开笔记本",
        "SSH_KEY_TYPE=ed25519",
    ],
}


@pytest.mark.parametrize(("category", "text", "value"), table_cases(CAUGHT),
                         ids=lambda x: str(x)[:40])
def test_round9_shape_is_cut_out(category: str, text: str, value: str) -> None:
    out = redact_secrets(text)
    assert _gone(value, out), out
    assert redact_secrets(out) == out  # idempotent


@pytest.mark.parametrize(("category", "text"), table_cases(ALLOWED), ids=lambda x: str(x)[:40])
def test_round9_look_alike_is_kept(category: str, text: str) -> None:
    assert redact_secrets(text) == text, find_secrets(text)


def test_a_corrected_text_loses_both_values() -> None:
    """The first value of a correction is a secret too (it may be the real one)."""
    out = redact_secrets("the router password is Falcon22, no wait, it's Falcon23!")
    assert "Falcon22" not in out and "Falcon23" not in out
    out = redact_secrets("支付密码是 306918，说错了，是 306981")
    assert "306918" not in out and "306981" not in out


def test_no_round9_value_reaches_any_table_of_a_real_store(tmp_path: Path) -> None:
    rows = list(table_cases(CAUGHT))
    stored = stored_text(str(tmp_path / "r9.db"), list(dict.fromkeys(t for _, t, _ in rows)))
    assert all(_gone(v, stored) for _, _, v in rows)


def test_a_long_text_of_markers_stays_cheap() -> None:
    """Every marker is read once per label: a text of many labels and markers is linear
    enough to redact at once (no timing asserted: it must simply finish)."""
    text = "password, so no wait, sorry, i.e. " * 400
    assert redact_secrets(text) == text


#: The tune split's known misses: "pass" alone is no label ("the vault pass is …" names a
#: bus or a season pass as often).
KNOWN_TUNE_MISSES = {"The vault pass is Heron then 5521, i.e. Heron5521"}


def test_the_dev_set_tune_split_is_right() -> None:
    assert set(tune_split_wrong(DATA)) <= KNOWN_TUNE_MISSES


def test_the_dev_set_is_split_per_shape_before_tuning() -> None:
    rows = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines()]
    for shape in {r["shape"] for r in rows}:
        splits = {r["split"] for r in rows if r["shape"] == shape}
        assert splits == {"tune", "heldout"}, shape
    assert {r["lang"] for r in rows} >= {"en", "zh"}


# -- the catalogue is the tests' ---------------------------------------------------------

def test_every_round9_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows("Round 9")
    assert len(rows) >= 4
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), [
    (kind, x) for caught, allowed in catalogue_rows("Round 9")
    for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs
], ids=lambda x: str(x)[:30])
def test_round9_catalogue_example(kind: str, text: str) -> None:
    assert bool(find_secrets(text)) == (kind == "caught"), redact_secrets(text)
