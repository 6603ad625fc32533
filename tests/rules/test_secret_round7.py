"""Round-7 secret shapes and the attacks on them (issue 15 item 4), by category: field
names read by their head morpheme (URL queries, XML attributes and elements, long CLI
flags), Chinese 码 compounds, a value given in parts, a value said with its use, masked
values, and mentions that say what a secret is like or how it fares — each with the
look-alike facts the rule must leave alone, in English and Chinese.

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
from vecmem.rules.secret_fields import secret_name

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets_round7.jsonl"
ZW = "\u200b"

CAUGHT = {
    "field": [
        ("callback: https://login.example.org/cb?code=730194&state=xy", "730194"),
        ("https://metrics.example.net/feed?access_token=Qm7vX2kL9pR4tZ8w", "Qm7vX2kL9pR4tZ8w"),
        ('<add key="LdapBindPassword" value="Sorrel-6620" />', "Sorrel-6620"),
        ('<param name="apiKey" value="kq83LmZ2vX7pQ1"/>', "kq83LmZ2vX7pQ1"),
        ("<DbPassword>Brine#4471</DbPassword>", "Brine#4471"),
        ("./deploy.sh --auth-token at_92kdl3Mq0Zx7 --env prod", "at_92kdl3Mq0Zx7"),
        ("backup --encryption-key=Vq8Zr2Lm5Kx9 now", "Vq8Zr2Lm5Kx9"),
        ("跑 ./push.sh --token tk_51nd8Qz2Lp9m 就可以了", "tk_51nd8Qz2Lp9m"),
        (f"./push.sh --pass{ZW}word Heath-3318", "Heath-3318"),
    ],
    "ma": [
        ("女儿平板的锁屏码 418620", "418620"),
        ("蓝牙耳机配对码是 5590", "5590"),
        ("快递柜取件码：662915", "662915"),
        ("车库开门码为 #7731#", "7731"),
        ("ｉＰａｄ的开机码是 ２７１８４０", "２７１８４０"),
    ],
    "parts": [
        ("the router password is Linnet and then 4402 after it", "Linnet"),
        ("the router password is Linnet and then 4402 after it", "4402"),
        ('pwd = "fern" + "gully" + "3319"', "3319"),
        ("密码前半段是 Cedar，后半段是 7714", "Cedar"),
        ("密码前半段是 Cedar，后半段是 7714", "7714"),
        ("WiFi 密码是 plum 加上 9031", "9031"),
    ],
    "use": [
        ("For the lab server I log in with Tansy!5082", "Tansy!5082"),
        ("the gun safe opens with 31-07-22", "31-07-22"),
        ("Pollock-5521 is what I use for the NAS", "Pollock-5521"),
        ("公司电脑登录用 Gx-77310", "Gx-77310"),
        ("用 Hb9-kite 解锁", "Hb9-kite"),
    ],
}
ALLOWED = {
    "field": [
        "https://shop.example.com/search?code=US&lang=en",
        "https://example.com/page?zip_code=94107",
        '<add key="PasswordHint" value="first pet" />',
        "run with --token-file ~/.config/tok.txt",
        "sort with --sort-key created_at",
        '<input name="username" value="ana-2040">',
        "./build.sh --version 2.4.1",
    ],
    "ma": [
        "订单号码 20261130045512 已发货",
        "这段代码 300 行",
        "邀请码 FRIEND2026 可以打折",
        "商品条码 6901234567892",
        "验证码五分钟内有效",
        "密码至少 8 位",
        "手机号码 13800138000",
    ],
    "parts": [
        "the password policy is ten characters and then a symbol",
        "密码分两段输入，前半段和后半段",
    ],
    "use": [
        "User logs in with GitHub on the staging site",
        "the app opens with a splash screen",
        "User signs in with Google SSO",
        "用指纹解锁",
        "upgrade to v2.4.1 then log in with the new client",
    ],
    "masked": [
        "password: ****7741",
        "API key: sk-****************9f2c",
        "token: ghp_xxxxxxxxxxxxxxxxxxxx",
        "密码：••••••",
    ],
}


@pytest.mark.parametrize(("category", "text", "value"), table_cases(CAUGHT))
def test_round7_shape_is_cut_out(category: str, text: str, value: str) -> None:
    out = redact_secrets(text)
    assert _gone(value, out), (category, out)
    assert "[REDACTED:" in out


@pytest.mark.parametrize(("category", "text"), table_cases(ALLOWED))
def test_round7_look_alike_is_kept(category: str, text: str) -> None:
    assert redact_secrets(text) == text, category


@pytest.mark.parametrize(("name", "kind"), [
    ("SmtpPassword", "password"), ("db_pass", "password"), ("x-auth-token", "secret_assignment"),
    ("apiKey", "secret_assignment"), ("ACCESS_KEY", "secret_assignment"),
    ("otp_code", "pin_code"), ("clientSecret", "secret_assignment"),
    ("token_file", None), ("password_hint", None), ("sort_key", None), ("zip_code", None),
    ("keyboard", None), ("passport", None),
])
def test_a_field_name_is_read_by_its_head_morpheme(name: str, kind: str | None) -> None:
    assert secret_name(name) == kind


@pytest.mark.parametrize("text", [
    "password: ****7741", "API key: sk-****************9f2c", "token: ghp_xxxxxxxxxxxxxxxx",
    "密码：••••••",
])
def test_a_masked_value_is_a_mention_not_a_value(text: str) -> None:
    assert not find_secrets(text)
    assert check_quality(text).category == "secret_no_context"


def test_a_mask_does_not_hide_a_real_value_beside_it() -> None:
    text = "old password ****, new password: Quill-6603"
    assert _gone("Quill-6603", redact_secrets(text))


MENTIONS = [
    "My PIN is my birthday", "the password is the same as the old one",
    "Grandpa's tablet passcode is his street name", "the new password works",
    "I know the garage code by heart", "the VPN token expired",
    "密码就是我生日", "支付密码跟登录密码一样", "服务器密码还是原来那个", "登录口令改过了",
    "新的 token 能用了", "邮箱密码我记不住",
]
FACTS = [
    # Where a secret is kept is a fact (every spec-written set keeps it).
    "The Wi-Fi password is printed on the back of the router", "银行卡密码在抽屉里",
    "The staging API key is stored in Vault under secret/staging",
    # Someone else knowing it, a policy, a preference.
    "Only Anna knows the alarm code", "PIN code is required at checkout",
    "Passwords must be changed every 90 days", "用户更喜欢用指纹解锁而不是密码",
    "公司要求每三个月改一次密码", "User forgot the wifi password and had to reset the router",
]


@pytest.mark.parametrize("text", MENTIONS)
def test_a_mention_of_what_a_secret_is_like_or_how_it_fares_is_rejected(text: str) -> None:
    verdict = check_quality(text)
    assert (verdict.allowed, verdict.category) == (False, "secret_no_context"), verdict


@pytest.mark.parametrize("text", FACTS)
def test_a_fact_about_a_secret_is_kept(text: str) -> None:
    assert check_quality(text).allowed, check_quality(text)
    assert redact_secrets(text) == text


def test_no_round7_value_reaches_any_table_of_a_real_store(tmp_path: Path) -> None:
    rows = [c for c in table_cases(CAUGHT)]
    stored = stored_text(str(tmp_path / "r7.db"), list(dict.fromkeys(t for _, t, _ in rows)))
    assert all(_gone(v, stored) for _, _, v in rows)


#: The tune split's known misses, listed in benchmarks/README.md: letters spelled one by
#: one with "capital", a question then the value as its answer, and writing a password
#: down read as a mention (it is a place it is kept, and places are facts).
KNOWN_TUNE_MISSES = {
    "the password is capital K, i, t, e, then five five",
    "Locker combination? 17-32-05.",
    "I wrote the VPN password down",
}


def test_the_dev_set_tune_split_is_right() -> None:
    assert set(tune_split_wrong(DATA)) <= KNOWN_TUNE_MISSES


def test_the_dev_set_is_split_per_shape_before_tuning() -> None:
    rows = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines()]
    shapes = {r["shape"] for r in rows}
    for shape in shapes:
        splits = {r["split"] for r in rows if r["shape"] == shape}
        assert splits == {"tune", "heldout"}, shape
    assert {r["lang"] for r in rows} >= {"en", "zh"}


# -- the catalogue is the tests' ---------------------------------------------------------

def test_every_round7_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows("Round 7")
    assert len(rows) >= 5
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), [
    (kind, x) for caught, allowed in catalogue_rows("Round 7")
    for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs
], ids=lambda x: str(x)[:30])
def test_round7_catalogue_example(kind: str, text: str) -> None:
    assert bool(find_secrets(text)) == (kind == "caught"), redact_secrets(text)
