"""Round-6 secret shapes and the attacks on them (issue 15 item 4), by category: a bare
English "code" as the label, codes said aloud in any language of the number-word reader,
values in Chinese characters after a Chinese password label, a whole value in base64 or
ROT13, a URL's userinfo password of any length, longer label frames (qualifiers, asides,
a qualifier before a colon) — each attacked with look-alike letters, invisible characters
and split values — and the look-alike facts each rule must leave alone.

Values here are invented for these tests (not the dev set's). A caught value must be cut
out by ``redact_secrets`` in every spelling; an allowed text is left as written.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from re import _parser as sre_parse

import pytest
from tests.rules.test_secret_round3 import (
    _gone,
    _unbounded_nested,
    catalogue_rows,
    stored_text,
    table_cases,
    tune_split_wrong,
)

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.rules import find_secrets, redact_secrets, secret_frame, secret_spoken
from vecmem.text import LazyPattern

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets_round6.jsonl"


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


CAUGHT = {
    "code": [
        ("the code is 7391, don't share it", "7391"),
        ("code for the loading dock: 60428", "60428"),
        ("Enter code 8832 at the back gate", "8832"),
        ("the code to the roof hatch above the stairs is 1147", "1147"),
        ("Grandma's code is now 4406", "4406"),
        ("new code — 5519 — from Monday", "5519"),
        ("the shed code is changed to 2730", "2730"),
        ("wifi code: maple4417", "maple4417"),
    ],
    "spoken": [
        ("Toegangscode: zeven negen een vier", "zeven negen een vier"),
        ("Dörrkoden är fyra fyra två nio", "fyra fyra två nio"),
        ("PIN do cartão? Não — kod PIN to dziewięć jeden trzy pięć", "dziewięć jeden trzy pięć"),
        ("Heslo je šest dva devět jedna", "šest dva devět jedna"),
        ("Код от домофона: девять три один семь", "девять три один семь"),
        ("Bankkoden er tre ni fem en", "tre ni fem en"),
        ("kata sandi saya empat empat dua tujuh", "empat empat dua tujuh"),
        ("Lukon koodi on kuusi yksi kolme kaksi", "kuusi yksi kolme kaksi"),
        ("the locker code in Japanese: roku ichi hachi go", "roku ichi hachi go"),
        ("保险箱密码用越南语说是 chín bảy ba hai", "chín bảy ba hai"),
    ],
    "han": [
        ("我家wifi密码是松鼠跳舞", "松鼠跳舞"),
        ("暗号就是月亮代表心", "月亮代表心"),
        ("网盘口令叫雪花飘飘，记一下", "雪花飘飘"),
        ("路由器密码，山高水长", "山高水长"),
        ("密码改成了葡萄美酒", "葡萄美酒"),
        ("邮箱密码是「夜来风雨声」", "夜来风雨声"),
    ],
    "encoded": [
        (f"backup note: {_b64('password: Heron!5521')}", _b64("password: Heron!5521")),
        (f"secret (base64) = {_b64('Marlin#8830')}", _b64("Marlin#8830")),
        (f"stash {_b64('PIN 7716')}", _b64("PIN 7716")),
        ("rot13 note: cnffjbeq vf cvarpbar77", "cvarpbar77"),
        ("gbxra: tuc_nO3qR5sT7hI9wK1yM3nO5cQ7eS9gU1", "tuc_nO3qR5sT7hI9wK1yM3nO5cQ7eS9gU1"),
    ],
    "url": [
        ("mysql://root:ab@db.lan/app", "ab"),
        ("redis://:k9@127.0.0.1:6379", "k9"),
        ("amqp://svc:svc@mq:5672", "svc"),
        ("smb://admin:cat@nas.home/photos", "cat"),
        ("https://me:hi@git.corp/x.git", "hi"),
        ("Server=sql01;User Id=sa;Password=q7;", "=q7;"),
        ("jdbc:postgresql://db/app?user=app&password=zz", "=zz"),
    ],
    "frames": [
        ("The passcode for the storage cage behind the warehouse is 338190", "338190"),
        ("the PIN I gave the babysitter is 7742", "7742"),
        ("the password for Dana, the new hire, is Swift-Otter9", "Swift-Otter9"),
        ("password in rot13: Uneevre77!", "Uneevre77!"),
        ("NAS 密码我们一直用 Falcon_208", "Falcon_208"),
        ("pwd for the printer → Lynx!4420", "Lynx!4420"),
        ("PIN for the fuel card — 6618", "6618"),
    ],
    "phrase": [
        ("passphrase = birch / lemon / Neptune / sail", "birch / lemon / Neptune / sail"),
        ("Recovery phrase: otter, basil, comet, anvil", "otter, basil, comet, anvil"),
        ("密码短语是 松树 柠檬 海王 帆船", "松树 柠檬 海王 帆船"),
    ],
    "attacks": [
        ("the c\u043ede is 5128", "5128"),                    # Cyrillic o
        ("co\u200bde: 9034", "9034"),                         # zero-width space in the label
        ("postgres://app:\u200bq1@db/app", "q1"),              # zero-width space in the value
        ("密\u200d码是松鼠跳舞", "松鼠跳舞"),                   # zero-width joiner in the label
        ("the code is \uff17\uff13\uff12\uff18", "\uff17\uff13\uff12\uff18"),  # full width
        ("PIN: s\u0435ven five one two", "s\u0435ven five one two"),  # Cyrillic e
        ("Toegangscode: z e v e n", None),                     # not four digits: read below
        (f"keep: {_b64('pa')}\u200b{_b64('ss')}", None),       # split base64 is no value
        ("the code is 66-\n14 now", "66-\n14"),                # split across a line
    ],
}
CAUGHT["attacks"] = [c for c in CAUGHT["attacks"] if c[1] is not None]

ALLOWED = {
    "code": [
        "The code is in the monorepo under services/billing.",
        "the code review took 45 minutes",
        "Her postal code is 10115.",
        "The error code 4012 means the card was declined.",
        "Exit code 2 means a usage error.",
        "the code is 300 lines long",
        "the promo code SAVE2026 expired",
        "Country code 49 is Germany.",
        "I wrote code 2024 through 2026 at that startup.",
        "The code 2024 release added dark mode.",
    ],
    "spoken": [
        "De code bestaat uit vijf cijfers.",
        "Kod PIN zmieniłem wczoraj.",
        "The code is one to go, ni hao",
        "my password has one two three four in it",
        "PIN policy: two attempts then a lockout.",
    ],
    "han": [
        "密码是必填项",
        "密码是区分大小写的",
        "暗号是什么来着",
        "密码是六位数字",
        "密码是我女儿的生日",
        "口令是每周一换",
        "密码是存在钥匙串里的",
        "密码，我一会儿发你",
        "密码：见附件",
        "口令问老王",
    ],
    "encoded": [
        f"the sample string {_b64('hello there friend')} decodes to a greeting",
        "ROT13 turns 'uryyb' back into hello.",
        "Use base64 -d to decode the config blob.",
        "internationalization is a long word",
    ],
    "url": [
        "ssh://git@github.com/acme/atlas.git",
        "postgres://user:password@host:5432/dbname is the format",
        "mysql://app:${DB_PASS}@db/app",
        "DATABASE_URL=postgres://app:<password>@db/app",
        "write to me at ann@example.org",
        "mode=fast;password=none;",
        "?password=${PW}&x=1",
    ],
    "frames": [
        "PIN code is required at checkout",
        "The PIN pad at the door is 2024 model",
        "The password field in the login form is required",
        "password reset link: https://example.com/reset",
        "The password, of course, is old",
        "PIN for the card — see below",
    ],
    "phrase": [
        "passphrase: ask, call, email",
        "seed phrase: apple, banana, cherry",
        "The passphrase is Maria Elena Lopez",
        "密语是 我们 一起 走吧",
    ],
}


@pytest.mark.parametrize(("category", "text", "value"), table_cases(CAUGHT),
                         ids=lambda x: str(x)[:28])
def test_round6_shape_is_cut_out(category: str, text: str, value: str) -> None:
    out = redact_secrets(text)
    assert "[REDACTED:" in out and _gone(value, out), (category, out)
    assert redact_secrets(out) == out  # idempotent


@pytest.mark.parametrize(("category", "text"), table_cases(ALLOWED), ids=lambda x: str(x)[:28])
def test_round6_look_alike_is_kept(category: str, text: str) -> None:
    assert find_secrets(text) == [], (category, redact_secrets(text))


def test_spoken_digits_must_share_one_language() -> None:
    # Each word is a digit somewhere ("to" Danish, "ni" Japanese, "go" Japanese, "one"
    # English); together they are no code.
    assert find_secrets("the code is one to ni go") == []
    assert find_secrets("the code is to ni fem fire")  # Danish throughout: a code


def test_a_user_name_equal_to_the_password_is_cut_too() -> None:
    out = redact_secrets("amqp://bunny:bunny@mq.lan:5672/")
    assert "bunny" not in out


def test_a_redaction_marker_is_never_read_as_a_value() -> None:
    # A rule that read "-a [REDACTED:cli_password]" as a password again would make the
    # whole text "[REDACTED:unsettled]"; the marker is what redaction wrote, no value.
    for text in ("redis-cli -a pw9 ping", "mysql -uroot -ppw9 shop",
                 "AWS 访问密钥 AKIAIOSFODNN7EXAMPLE"):
        out = redact_secrets(text)
        assert "unsettled" not in out and out.count("[REDACTED:") == 1, out
        assert find_secrets(out) == []


# -- the real store ------------------------------------------------------------------------

def test_no_round6_value_reaches_any_table_of_a_real_store(tmp_path: Path) -> None:
    cases = [(t, v) for cat in CAUGHT for t, v in CAUGHT[cat][:3]]
    blob = stored_text(str(tmp_path / "m.db"), [t for t, _ in cases])
    # A value of two or three characters ("ab") is in any text; it is looked for with
    # what surrounds it in its URL.
    wanted = [v if len(v) >= 4 else f":{v}@" for _, v in cases]
    assert [v for v in wanted if not _gone(v, blob)] == []


def test_a_plain_fact_beside_them_is_stored(tmp_path: Path) -> None:
    mem = Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder())
    try:
        mem.add("PIN code is required at checkout", source="user")
        mem.add("密码是区分大小写的", source="user")
        texts = [m.content for m in mem.list()]
    finally:
        mem.close()
    assert "PIN code is required at checkout" in texts and "密码是区分大小写的" in texts


# -- the dev set ----------------------------------------------------------------------------

def test_the_dev_set_tune_split_is_right() -> None:
    """The round-6 split tuned on stays right (held-out is reported, never asserted)."""
    assert tune_split_wrong(DATA) == []


def test_the_dev_set_is_split_per_shape_before_tuning() -> None:
    cases = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines()]
    held = [c for c in cases if c["split"] == "heldout"]
    assert len(cases) >= 150 and len(held) >= 0.4 * len(cases)
    for shape in {c["shape"] for c in cases if c["expect"] == "secret"}:
        splits = {c["split"] for c in cases if c["shape"] == shape and c["expect"] == "secret"}
        assert splits == {"tune", "heldout"}, shape
    assert {"en", "zh"} <= {c["lang"] for c in cases}
    assert len({c["lang"] for c in cases}) >= 12


# -- the catalogue is the tests' ---------------------------------------------------------

def test_every_round6_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows("Round 6")
    assert len(rows) >= 5
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), [
    (kind, x.replace("\\n", "\n").replace("\\|", "|"))
    for caught, allowed in catalogue_rows("Round 6")
    for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs
], ids=lambda x: str(x)[:30])
def test_round6_catalogue_example(kind: str, text: str) -> None:
    assert bool(find_secrets(text)) == (kind == "caught"), redact_secrets(text)


# -- hostile input ---------------------------------------------------------------------------

def test_no_round6_pattern_nests_unbounded_repeats() -> None:
    bad = [name for module in (secret_frame, secret_spoken)
           for name, value in vars(module).items()
           if isinstance(value, LazyPattern)
           and _unbounded_nested(sre_parse.parse(value.pattern, value._flags))]
    assert bad == []


HOSTILE = [
    "the code is " + "one two " * 10_000,
    "密码是" + "芝麻" * 20_000,
    "code " * 20_000 + "4821",
    "password for " + "the " * 20_000 + ": Heron#2",
    _b64("password: x" * 3_000),
    "cnffjbeq " * 10_000,
    "mysql://a:" + "b" * 50_000 + "@h",
]


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_long_adversarial_input_finishes_with_a_bounded_result(text: str) -> None:
    out = redact_secrets(text)
    assert len(out) <= len(text) * 24
    assert redact_secrets(out) == out


# -- mentions without a value (who, when, into the environment) ----------------------------

@pytest.mark.parametrize("text", [
    "We have exported the HF_TOKEN env var",
    "The Slack token was rotated this morning",
    "Anthropic API key added to the environment",
    "我们把 OPENAI_API_KEY 加到环境变量里了",
    "密钥昨天换了",
])
def test_a_mention_with_who_or_when_is_still_a_mention(text: str) -> None:
    from vecmem.rules.secrets import looks_like_secret_mention

    assert looks_like_secret_mention(text)


@pytest.mark.parametrize("text", [
    "The Slack token is kept in Vault under ops/slack",
    "密码在 Bitwarden 里",
    "I told my brother the wifi password",
    "我们把密码告诉了房东",
    "You need a token to call the API",
])
def test_a_mention_that_says_where_or_to_whom_is_a_fact(text: str) -> None:
    from vecmem.rules.secrets import looks_like_secret_mention

    assert not looks_like_secret_mention(text)
