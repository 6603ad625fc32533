"""Secret shapes by structure and label (issue 15 item 4), each with a fact it must keep.

Values here are invented for these tests (not the dev set's), in both languages; every
caught value must also be cut out by ``redact_secrets``.
"""

from __future__ import annotations

import pytest

from vecmem.rules import check_quality, find_secrets, redact_secrets
from vecmem.text import normalize

# (text, value, kind)
CAUGHT = [
    ("Gmail app password: hxqa mvtr pone lzkd", "hxqa mvtr pone lzkd", "app_password"),
    ("the app-specific password is wqer-tyop-asdf-ghjk", "wqer-tyop-asdf-ghjk", "app_password"),
    ("应用专用密码 plmo iknj uhby gvtf", "plmo iknj uhby gvtf", "app_password"),
    ("My PIN is 7350", "7350", "pin_code"),
    ("The gate code for the parking lot is 2580#", "2580#", "pin_code"),
    ("Phone passcode: 118833", "118833", "pin_code"),
    ("PIN码是 0913", "0913", "pin_code"),
    ("门禁码 5521", "5521", "pin_code"),
    ("postgres://svc:q9@10.1.2.3:5432/main", "q9", "connection_password"),
    ("amqp://guest:gu3st@mq:5672", "gu3st", "connection_password"),
    ("The vault passphrase is amber falcon quiet harbor", "amber falcon quiet harbor",
     "passphrase"),
    ("recovery phrase: lunar cactus ribbon spell novel", "lunar cactus ribbon spell novel",
     "passphrase"),
    ("Office product key J8WVF-9X3GM-4WVYC-VDHQG-YD7HJ", "J8WVF-9X3GM-4WVYC-VDHQG-YD7HJ",
     "license_key"),
    ("Sublime licence: 7QX2-PL9M-ZZ31-KD8W", "7QX2-PL9M-ZZ31-KD8W", "license_key"),
    ("软件激活码是 Q7WE-R2TY-8UIO-P3AS", "Q7WE-R2TY-8UIO-P3AS", "license_key"),
    ("网盘提取码是 m3n8", "m3n8", "secret_assignment"),
    ("QQ 邮箱授权码，ghtrwplmkzxqvbnd", "ghtrwplmkzxqvbnd", "secret_assignment"),
    ("测试机的登录密码叫 Tst#2025", "Tst#2025", "password"),
    ("路由器密码就是 88990011", "88990011", "password"),
    ("NAS 的密码，Nas!pass9", "Nas!pass9", "password"),
    # Found by probing after the first round (fresh shapes, not dev-set cases).
    ("The home Wi-Fi key is Blue$ky77", "Blue$ky77", "secret_assignment"),
    ("Router admin: admin / P@ssw0rd99", "P@ssw0rd99", "login_password"),
    ("Our staging admin login is admin / Winter2024!", "Winter2024!", "login_password"),
    ("The safe combination is 12-34-56", "12-34-56", "pin_code"),
    ("SIM card PUK code is 12345678", "12345678", "pin_code"),
    ("手机锁屏密码 1379", "1379", "password"),
    ("The password for the family Netflix account is netflixfamily22", "netflixfamily22",
     "password"),
    ("Wifi pw: coffeeshop2023", "coffeeshop2023", "password"),
    ("门锁密码：#7788#", "#7788#", "password"),
    # Second round (issue 15): bare code labels, one word inside a code label, all-digit
    # serials with a label, passphrases holding one function word, "red" is no participle.
    ("Locker passcode 6029", "6029", "pin_code"),
    ("Voicemail PIN 30417", "30417", "pin_code"),
    ("The front door code is 9146", "9146", "pin_code"),
    ("The alarm system code: 0771", "0771", "pin_code"),
    ("Wi-Fi password 61527834", "61527834", "password"),
    ("Camera serial number 2201-4410-8832-1190", "2201-4410-8832-1190", "license_key"),
    ("The backup drive passphrase is maple kite over thunder", "maple kite over thunder",
     "passphrase"),
    ("钱包的 passphrase 是 red violin sleepy goose", "red violin sleepy goose", "passphrase"),
    ("Gym locker combination 4-0-8-2", "4-0-8-2", "pin_code"),
    ("车库 PIN：3307", "3307", "pin_code"),
    ("银行卡 passcode 是 620418", "620418", "pin_code"),
    ("The bike locker code is 3092", "3092", "pin_code"),
    ("PIN for the kids' iPad: 7531", "7531", "pin_code"),
    ("The code to the shed is 6402", "6402", "pin_code"),
    ("PIN code: 5 0 8 1", "5 0 8 1", "pin_code"),
    ("Locker code 40 71", "40 71", "pin_code"),
    ("CVV: 592", "592", "pin_code"),
    ("信用卡安全码 318", "318", "pin_code"),
    ("pass: Vq8#rLw2!", "Vq8#rLw2!", "password"),
    ("Spotify login is kim@mail.test with password Marble#31", "Marble#31", "password"),
    ("router pw river-stone-58", "river-stone-58", "password"),
    ("credit card 4539 1488 0343 6467 exp 09/28", "4539 1488 0343 6467", "payment_card"),
    ("The card number is 5555555555554444", "5555555555554444", "payment_card"),
]
ALLOWED = [
    "PIN code is required at checkout",
    "The PIN must be 6 digits",
    "Door codes change every quarter",
    "The passphrase is written on a card in the safe",
    "The Wi-Fi password is stored in 1Password",
    "密码，1Password 里有",
    "密码叫什么忘了，去 Bitwarden 里查",
    "The licence server runs on port 27000",
    "The product key is on a sticker under the laptop",
    "Serial number format is ABCD-1234",
    "Order ids look like ORD-2024-0001-7788",  # no licence label, not 5x5
    "this week they said that they will ship",
    "The user's favourite words are amber falcon quiet harbor",  # no label
    "The build uses sqlite://:memory: for tests",
    "Connection strings look like postgres://user:password@host/db",
    "The network uses TCP/IP over the admin VLAN",
    "admin / user roles are separate",
    "The postal code is 10115",
    "Our API keys are rotated monthly",
    "Backup codes are stored in the safe",
    "Passwords are hashed with bcrypt",
    "The passphrase is hard to remember",
    "The passphrase is easy to guess for anyone",
    "The front door code is required for deliveries",
    "Pin 13 on the Arduino drives the LED",
    "The token 4096 limit applies to replies",
    "Password 12 characters minimum",
    "Serial ports are numbered 1-2-3-4 on the back panel",
    "The zip code is 10115",
    "The error code is 5003 when the disk is full",
    "first pass: 3 errors",
    "Pass: 2/3 tests",
    "token: 4096 8192",
    "CVV is on the back of the card",
    "The code for the office is printed on the badge",
    "Order 1234 5678 9012 3457",  # not Luhn-valid
    "The invoice id is 4539148803436467",  # no card label, not in 4x4 groups
    "The user pays with a Visa card",
]


def test_every_backup_code_is_cut_out() -> None:
    text = "The 2FA backup codes are 8391-2274 and 5510-9932"
    out = redact_secrets(text)
    assert "8391-2274" not in out and "5510-9932" not in out
    assert out.count("[REDACTED:backup_codes]") == 2


@pytest.mark.parametrize(("text", "value", "kind"), CAUGHT, ids=[c[2] for c in CAUGHT])
def test_shape_is_caught_and_cut_out(text: str, value: str, kind: str) -> None:
    findings = find_secrets(text)
    assert [(text[f.start:f.end], f.kind) for f in findings] == [(value, kind)]
    assert check_quality(text).category == "secret_value"
    out = redact_secrets(text)
    assert value not in out and value not in normalize(out)


@pytest.mark.parametrize("text", ALLOWED)
def test_ordinary_fact_is_kept(text: str) -> None:
    assert find_secrets(text) == [], text
    assert check_quality(text).category != "secret_value"


# The second-round shapes written the way an attacker or a sloppy paste would: invisible
# characters inside the label or value, full-width digits, Cyrillic look-alikes.
ADVERSARIAL = [
    ("Locker pass\u200bcode 6029", "6029"),
    ("Voicemail ＰＩＮ ３０４１７", "30417"),
    ("The front door cоde is 9146", "9146"),  # Cyrillic о
    ("钱包的 pass\u2060phrase 是 red violin sleepy goose", "red violin sleepy goose"),
    ("Camera serial number 2201-4410-\u200b8832-1190", "8832-1190"),
]


@pytest.mark.parametrize(("text", "value"), ADVERSARIAL, ids=[v for _, v in ADVERSARIAL])
def test_adversarial_spellings_are_cut_out(text: str, value: str) -> None:
    assert check_quality(text).category == "secret_value"
    out = redact_secrets(text)
    assert value not in out and value not in normalize(out).replace("\u200b", "")


# Values split by a space or a line break, and labels spelled in leetspeak: every piece
# of the value is cut out, and ordinary neighbouring words and lines are left alone.
SPLIT = [
    ("token ghp_Qw12Er34Ty56 Ui78Op90As12Df34Gh56", ["ghp_Qw12Er34Ty56", "Ui78Op90As12Df34Gh56"]),
    ("OpenAI key: sk-proj-Zx98Cv76\nBn54Mm32Lk10Jh98", ["sk-proj-Zx98Cv76", "Bn54Mm32Lk10Jh98"]),
    ("Mail password: Quiet\nOtter#42", ["Quiet", "Otter#42"]),
    ("The alarm password is Moon-\nRiver-19", ["Moon-", "River-19"]),
    ("邮箱密码：Blue\nSky#2026", ["Blue", "Sky#2026"]),
    ("my p@ssword is lantern77", ["lantern77"]),
    ("Router passw0rd: copper99", ["copper99"]),
]
SPLIT_KEPT = [
    "Tests pass on Python 3.12 and 3.13",
    "commit abc123\ndef456 fixed the build",
    "The user runs 2 replicas on 3 nodes",
    "Meeting room 4B\nFloor 2: kitchen",
]


@pytest.mark.parametrize(("text", "pieces"), SPLIT, ids=[p[-1] for _, p in SPLIT])
def test_split_values_are_cut_out_whole(text: str, pieces: list[str]) -> None:
    assert check_quality(text).category == "secret_value"
    out = redact_secrets(text)
    assert not any(p in out for p in pieces), out


@pytest.mark.parametrize("text", SPLIT_KEPT)
def test_neighbouring_pieces_are_not_joined_into_a_secret(text: str) -> None:
    assert find_secrets(text) == []
