"""Round-3 secret shapes and the attacks on them (issue 15 item 4): codes in words, values
spelled out with visible separators, labels in Greek or Cyrillic look-alikes only, a value
in the sentence after its label, plain-word passwords, and hostile input sizes.

Values here are invented for these tests (not the dev set's); each caught value must be
cut out by ``redact_secrets`` in every spelling, each allowed text left as written.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import sqlite3
from pathlib import Path
from re import _constants as sre_constants  # the parser re itself uses
from re import _parser as sre_parse

import pytest

import vecmem.rules as rules_pkg
from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder
from vecmem.rules import (
    check_quality,
    find_secrets,
    redact_secrets,
    secret_shapes,
    secret_vendor,
    secrets,
)
from vecmem.text import LazyPattern, normalize

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets_round3.jsonl"


def _gone(value: str, out: str) -> bool:
    """The value is nowhere in ``out``, neither as written nor in any spelling (case, width,
    separators) -- except that a value of under 4 letters and digits is only looked for as
    written: "a" from ``redis://:a@host`` is in every redacted sentence."""
    compact = re.sub(r"[\W_]+", "", normalize(value).casefold())
    seen = re.sub(r"[\W_]+", "", normalize(out).casefold())
    return value not in out and (len(compact) < 4 or compact not in seen)


#: What a store writes by itself in text cells: ISO timestamps and hex ids / digests. A
#: short value ("9034") turns up inside their digits by chance (a timestamp's
#: microseconds, a hash), so a scan for a leaked value drops them first.
MACHINE_VALUES = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z?|\b[0-9a-f]{16,}\b")


def people_text(blob: str) -> str:
    """``blob`` without the values the store itself writes (see ``MACHINE_VALUES``)."""
    return MACHINE_VALUES.sub(" ", blob)


def stored_text(path: str, texts: list[str]) -> str:
    """Add ``texts`` to a real SQLite store at ``path`` and return every text cell of
    every table (vectors are bytes: their repr would hold any short digit run), without
    the store's own machine values: what a leaked value would be found in."""
    mem = Memory.open(path, embedder=HashingEmbedder())
    try:
        for text in texts:
            mem.add(text, source="user")
    finally:
        mem.close()
    con = sqlite3.connect(path)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return people_text("\n".join(x for t in tables for row in con.execute(
            f'SELECT * FROM "{t}"') for x in row if isinstance(x, str)))
    finally:
        con.close()


def table_cases(table: dict[str, list]) -> list:
    """``(category, text[, value])`` rows of a category table, for parametrize."""
    return [(cat, *c) if isinstance(c, tuple) else (cat, c) for cat, xs in table.items()
            for c in xs]


CAUGHT = [
    # codes in words
    ("The front door PIN is three nine zero five", "three nine zero five"),
    ("locker code: eight-one-one-seven", "eight-one-one-seven"),
    ("手机锁屏密码是二五八零", "二五八零"),
    ("保险箱密码叫幺三五七九", "幺三五七九"),
    ("PIN 是 five one nine three", "five one nine three"),
    ("my PIN is 五一九三", "五一九三"),
    ("门禁 code 是 三七九一", "三七九一"),
    ("pin is 7 seven 2 two", "7 seven 2 two"),
    # visible separators
    ("w i f i  p a s s w o r d : m a p l e 7 7", "m a p l e 7 7"),
    ("admin password: T.r.o.u.t.9.9", "T.r.o.u.t.9.9"),
    ("pin code 7-3-5-0", "7-3-5-0"),
    ("口 令 是 q 8 w 3 e 5", "q 8 w 3 e 5"),
    # look-alike labels only (Greek / Cyrillic capitals), zero-width, bidi, full-width
    ("ΡΙΝ: 2741", "2741"),
    ("РАSSWОRD = Ferret!73", "Ferret!73"),
    ("pass\u2060word: Quokka#88", "Quokka#88"),
    ("the password is \u202bOrca2025!\u202c", "Orca2025!"),
    ("门禁码：２７４１", "２７４１"),
    # value in the next sentence
    ("I'll give you the alarm code. It's 6170.", "6170"),
    ("That's the NAS password! It is Badger#56", "Badger#56"),
    ("路由器密码发你了。是 wolf2088。", "wolf2088"),
    # plain words, descriptions, particles
    ("the guest wifi password is marigold", "marigold"),
    ("The Netflix password is the same as Hulu: Heron#2019", "Heron#2019"),
    ("服务器密码呢，就是 Lynx@3321", "Lynx@3321"),
    ("QQ 邮箱 auth code: fkqwmzrtplvxnbcd", "fkqwmzrtplvxnbcd"),
    # seeds, quoted and Chinese passphrases, spaced licence keys, URLs, more Chinese forms
    ("wallet seed: rib cabin olive dune apple about above lamp noble sugar ivory trade",
     "rib cabin olive dune apple about above lamp noble sugar ivory trade"),
    ("passphrase for the backup disk is 'seven blue otters 42'", "seven blue otters 42"),
    ("密码短语是 amber quill harbor sixty", "amber quill harbor sixty"),
    ("助记词：山 水 风 火 雷 电 云 雨 天 地 日 月", "山 水 风 火 雷 电 云 雨 天 地 日 月"),
    ("Licence: 7QX2 PL9M ZZ31 KD8W", "7QX2 PL9M ZZ31 KD8W"),
    ("the proxy is svc:Squid#42@10.1.2.3:3128", "Squid#42"),
    ("mysql://root:p@ss99@db.internal/shop", "p@ss99"),
    ("密码嘛，246813", "246813"),
    ("新密码：是 Kite!2024", "Kite!2024"),
    ("vpn password -> Lark#7788", "Lark#7788"),
    # keys pasted in groups, labels with a space or spelled out short, other hyphens
    ("my token is ghp_aB3d E5fG hIjK 7hI9 jK1l M3nO 5pQ7 rS9t U1vW 3xY5",
     "ghp_aB3d E5fG hIjK 7hI9 jK1l M3nO 5pQ7 rS9t U1vW 3xY5"),
    ("AKIA IOSF ODNN 7EXA MPL3", "AKIA IOSF ODNN 7EXA MPL3"),
    ("pass word: Tr0ub4dor&3", "Tr0ub4dor&3"),
    ("p i n: 4821", "4821"),
    ("sk\u2010proj\u20104fT9kLmQ2vXw8RbN1cZy7HdJpQ3s", "4fT9kLmQ2vXw8RbN1cZy7HdJpQ3s"),
    # no label: what the value does
    ("log in with Quill#2024!", "Quill#2024!"),
    ("the tablet unlocks with 5839", "5839"),
    ("7731 opens the back gate", "7731"),
    ("用 Lmn#8842 登录", "Lmn#8842"),
    ("输入 6620 就能开门", "6620"),
    ("my Hulu is kim@mail.test / Otter#77x", "Otter#77x"),
]

ALLOWED = [
    "The PIN is four digits long",
    "My lucky numbers are three nine zero five",
    "The code review is at nine thirty",
    "密码至少十二位，三个月换一次",
    "门禁密码是八位数",
    "my password has one two three four in it",
    "the password is one of two or three",
    "Firmware 1.2.3.4 fixed the crash",
    "The NAS is at 10.0.0.12",
    "U S A is three letters",
    "The password is strong.",
    "The new password is temporary",
    "The password is case-sensitive",
    "The password is stored in Bitwarden",
    "Here's the router password. It's in the drawer.",
    "PIN code is required at checkout. It's a bank rule.",
    "auth code flow: uses PKCE",
    "连接串格式是 mysql://用户名:密码@主机:端口/库名",
    "The connection string format is postgres://user:password@host:5432/dbname",
    "Ο κωδικός είναι στο συρτάρι",
    "Пароль хранится в сейфе",
    "User's phone number is +86 138 1234 5678",
    "The recovery phrase is written on a card in the safe and kept away from the office",
    "The seed is 42 for reproducibility",
    "email ann@acme.com or bob@x.org about the 10:30@home call",
    "the password is 'the one on the sticky note'",
    "密码：是什么？",
    "Token -> refresh flow",
    "The Zoom meeting ID is 845 2291 7730",
    "Tests pass on Python 3.12 and 3.13",
    "I ran 5 km 3 times this week with Anna and Bob",
    "sign in with Google",
    "用 iPhone15 登录",
    "connect with Office365 account",
    "2024 opens the new chapter",
    "log in with ann@mail.test",
]


@pytest.mark.parametrize(("text", "value"), CAUGHT, ids=[v for _, v in CAUGHT])
def test_round3_shape_is_cut_out(text: str, value: str) -> None:
    out = redact_secrets(text)
    assert "[REDACTED:" in out and _gone(value, out), out
    assert redact_secrets(out) == out  # idempotent


@pytest.mark.parametrize("text", ALLOWED)
def test_round3_look_alike_is_kept(text: str) -> None:
    assert find_secrets(text) == [], redact_secrets(text)


def tune_split_wrong(data: Path) -> list[str]:
    """The texts of a secrets dev set's tune split the rules get wrong: a benign text
    changed, a secret value left in any spelling, or a mention not rejected as one. Each
    round's set is asserted with it."""
    wrong = []
    for line in data.read_text(encoding="utf-8").splitlines():
        case = json.loads(line)
        if case["split"] != "tune":
            continue
        out = redact_secrets(case["text"])
        if case["expect"] == "benign":
            if out != case["text"]:
                wrong.append(case["text"])
        elif case["expect"] == "mention":  # round 7: a mention is rejected as one
            if check_quality(case["text"]).category != "secret_no_context":
                wrong.append(case["text"])
        else:
            values = case["secret"] if isinstance(case["secret"], list) else [case["secret"]]
            if not all(_gone(v, out) for v in values):
                wrong.append(case["text"])
    return wrong


def test_the_dev_set_tune_split_is_right() -> None:
    """The split the rules were tuned on stays right (the held-out split is reported in
    benchmarks/README.md, never asserted case by case)."""
    assert tune_split_wrong(DATA) == []


def test_a_secret_split_across_two_sentences_is_cut_in_both_languages() -> None:
    assert redact_secrets("Need the safe PIN? It is 7716.").endswith("[REDACTED:pin_code].")
    assert "5599" not in redact_secrets("保险柜密码我发你。是 5599。")


# -- hostile sizes: every pattern linear, and a long adversarial input finishes ----------

_SAMPLE = [chr(c) for c in range(0x250)] + list("\u3000\u4e00\u9fff\uff1a\u200b")
_CATEGORY = {
    sre_constants.CATEGORY_DIGIT: str.isdigit,
    sre_constants.CATEGORY_NOT_DIGIT: lambda c: not c.isdigit(),
    sre_constants.CATEGORY_SPACE: str.isspace,
    sre_constants.CATEGORY_NOT_SPACE: lambda c: not c.isspace(),
    sre_constants.CATEGORY_WORD: lambda c: c.isalnum() or c == "_",
    sre_constants.CATEGORY_NOT_WORD: lambda c: not (c.isalnum() or c == "_"),
}


def _chars(item: tuple) -> set[str] | None:
    """The sample characters one single-character item matches (None: not such an item)."""
    op, av = item
    if op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT) and av[0] >= 1:
        return _chars(av[2].data[0]) if len(av[2].data) == 1 else None  # its first character
    if op == sre_constants.LITERAL:
        return {chr(av)}
    if op == sre_constants.NOT_LITERAL:
        return {c for c in _SAMPLE if ord(c) != av}
    if op == sre_constants.ANY:
        return set(_SAMPLE)
    if op != sre_constants.IN:
        return None
    negate, hit = False, set()
    for sop, sav in av:
        if sop == sre_constants.NEGATE:
            negate = True
        elif sop == sre_constants.LITERAL:
            hit.add(chr(sav))
        elif sop == sre_constants.RANGE:
            hit |= {c for c in _SAMPLE if sav[0] <= ord(c) <= sav[1]}
        elif sop == sre_constants.CATEGORY and sav in _CATEGORY:
            hit |= {c for c in _SAMPLE if _CATEGORY[sav](c)}
        else:
            return None
    return set(_SAMPLE) - hit if negate else hit


def _unbounded_nested(tree: sre_parse.SubPattern, inside: bool = False) -> list[str]:
    """Unbounded repeats inside unbounded repeats, the shape of catastrophic backtracking
    (``(a+)+``), unless the inner repeat is closed by a character it cannot match (the
    next item of its body, or the body's first item when it ends the body:
    ``(?:_[A-Z0-9]+)+`` is linear)."""
    found = []
    items = list(tree.data)
    for i, (op, av) in enumerate(items):
        if op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT):
            _lo, hi, sub = av
            unbounded = hi == sre_constants.MAXREPEAT
            if unbounded and inside:
                inner = _chars(sub.data[0]) if len(sub.data) == 1 else None
                after = items[i + 1] if i + 1 < len(items) else items[0]
                closer = _chars(after)
                if inner is None or closer is None or inner & closer:
                    found.append(str(sub)[:60])
            found += _unbounded_nested(sub, inside or unbounded)
        elif op == sre_constants.SUBPATTERN:
            found += _unbounded_nested(av[-1], inside)
        elif op == sre_constants.BRANCH:
            for branch in av[1]:
                found += _unbounded_nested(branch, inside)
        elif op in (sre_constants.ASSERT, sre_constants.ASSERT_NOT):
            found += _unbounded_nested(av[1], inside)
    return found


def test_the_nesting_check_can_fail() -> None:
    assert _unbounded_nested(sre_parse.parse(r"(?:a+)+b"))
    assert _unbounded_nested(sre_parse.parse(r"(?:\w+\s?)+$"))
    assert not _unbounded_nested(sre_parse.parse(r"(?:_[A-Z0-9]+)+$"))


def _patterns() -> list[tuple[str, str, int]]:
    out = []
    # Every module of the secret rules (the facade and what it is split into).
    modules = [importlib.import_module(f"vecmem.rules.{m.name}")
               for m in pkgutil.iter_modules(rules_pkg.__path__) if m.name.startswith("secret")]
    assert secrets in modules and secret_shapes in modules and len(modules) >= 7
    for module in modules:
        for name, value in vars(module).items():
            if isinstance(value, LazyPattern):
                out.append((f"{module.__name__}.{name}", value.pattern, value._flags))
    for kind, rx in secret_vendor._SHAPES:
        out.append((kind, rx.pattern, rx._flags))
    return out


@pytest.mark.parametrize(("name", "pattern", "flags"), _patterns(), ids=lambda x: str(x)[:40])
def test_no_secret_pattern_nests_unbounded_repeats(name: str, pattern: str, flags: int) -> None:
    assert _unbounded_nested(sre_parse.parse(pattern, flags)) == [], name


HOSTILE = [
    "password: " + "a" * 60_000,
    "p a s s w o r d " * 4_000,
    "密码是" * 20_000,
    "PIN is " + "four " * 12_000,
    "1-" * 30_000,
    "a." * 30_000,
    "password " + "x " * 30_000,
    ("token " + "A1b2-" * 40) * 200,
    "Here's the password. " * 3_000,
    "\u200b".join("password:Hunter2024") * 2_000,
    "ΡΙΝ " * 15_000,
    "postgres://u:" + "p@" * 20_000,
    "a:b@c.de " * 8_000,
    "助记词：" + "字 " * 20_000,
    "passphrase is '" + "ab cd " * 10_000,
    "seed words: " + "able " * 20_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_long_adversarial_input_finishes_with_a_bounded_result(text: str) -> None:
    out = redact_secrets(text)
    # Each cut replaces at least one character by one marker; the result never grows
    # past one marker per character cut, and a second pass changes nothing.
    assert len(out) <= len(text) * 24
    assert redact_secrets(out) == out


# -- the catalogue is the tests' ---------------------------------------------------------

def catalogue_rows(section: str = "Round 3") -> list[tuple[list[str], list[str]]]:
    """(caught, allowed) examples of every row of one of docs/secrets.md's round tables."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "secrets.md").read_text("utf-8")
    part = doc.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    out = []
    for line in part.splitlines():
        cells = line.split(" | ")
        if not line.startswith("| ") or len(cells) != 3 or line.startswith("| shape"):
            continue
        out.append((re.findall(r"`([^`]+)`", cells[1]), re.findall(r"`([^`]+)`", cells[2])))
    return out


def _catalogue() -> list[tuple[str, str]]:
    return [(kind, x) for caught, allowed in catalogue_rows()
            for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs]


def test_every_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows()
    assert len(rows) >= 8
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), _catalogue(), ids=lambda x: str(x)[:30])
def test_catalogue_example(kind: str, text: str) -> None:
    found = find_secrets(text)
    assert bool(found) == (kind == "caught"), redact_secrets(text)


# -- "password" in other languages (session 5, late) ---------------------------------------

@pytest.mark.parametrize("text", [
    "Passwort: Sommer2024!", "WLAN Kennwort = Fuchs#8812", "Das Passwort ist Sommer2024!",
    "mot de passe : Soleil#42", "le mot de passe est Soleil#42", "contraseña: gatito123",
    "La contraseña es gatito123", "a senha é Praia2025!", "Пароль: Zx9!kq2m",
    "κωδικός: Ast3ri#9", "ο κωδικός είναι Ast3ri#9", "パスワード: hunter22x", "비밀번호: qwer1234!",
    "用户的德国邮箱 Passwort: Sommer2024!",
])
def test_password_in_other_languages_is_a_label(text: str) -> None:
    assert find_secrets(text), text
    assert "Sommer2024" not in redact_secrets(text) and "gatito123" not in redact_secrets(text)


@pytest.mark.parametrize("text", [
    "Пароль хранится в сейфе", "Ο κωδικός είναι στο συρτάρι", "Das Passwort ist im Tresor",
    "La contraseña debe tener 12 caracteres", "パスワードは管理者に聞いてください",
    "La contraseña es muy larga",
])
def test_the_same_words_without_a_value_are_no_secret(text: str) -> None:
    assert not find_secrets(text), redact_secrets(text)
