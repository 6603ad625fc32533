"""Round-5 secret shapes and the attacks on them (issue 15 item 4), by category: escapes
(HTML entities, percent-escapes, ``\\u`` escapes — in the label or in the value), codes
said aloud (counts, plurals, multipliers, repetitions, ranges; six languages and CJK
digits), labels (Romance door codes, everyday words of other languages, English labels
after another language's words), separators (mixed, recovery keys, values in parts, a
line that opens with a symbol) and chat forms — and the look-alike facts each rule must
leave alone (a postal or area code said in digits, a count and its unit, markup, a search
URL, a score, an idiom).

Values here are invented for these tests (not the dev set's). A caught value must be cut
out by ``redact_secrets`` in every spelling, escapes decoded too; an allowed text is left
as written.
"""

from __future__ import annotations

import html
import json
import urllib.parse
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

from vecmem.rules import find_secrets, redact_secrets, secret_spoken
from vecmem.text import LazyPattern, canonicalize, content_hash, normalize

DATA = Path(__file__).resolve().parents[1] / "data" / "secrets_round5.jsonl"


def _gone_decoded(value: str, out: str) -> bool:
    """Gone as written and with the text's escapes decoded."""
    return all(_gone(value, form) for form in (
        out, html.unescape(out), urllib.parse.unquote(out)))


CAUGHT = {
    "escapes": [
        ("password&#61;Swan#1209", "Swan#1209"),
        ("passw&#x6f;rd: Elk!5531", "Elk!5531"),
        ("p%61ssword=Gannet%2377", "Gannet#77"),
        ("the PIN is &#x34;&#x39;&#x31;&#x30;", "4910"),
        ("DB_PASSWORD=\\u0053ecret\\u0023991", "Secret#991"),
        ("wifi password: Moss&amp;Fern42", "Fern42"),
        ("config dump: %E5%AF%86%E7%A0%81%3DCrane%2188", "Crane!88"),
        ("&lt;code&gt;pin&lt;/code&gt;: 6631", "6631"),
        ("密码&#xFF1A;Lotus!7720", "Lotus!7720"),
    ],
    "spoken": [
        ("the alarm code is six sixes", "six sixes"),
        ("PIN: two threes, two eights", "two threes, two eights"),
        ("garage code is 5 three times then 2", "5 three times then 2"),
        ("der Türcode ist drei drei vier vier", "drei drei vier vier"),
        ("la clave de la caja fuerte es cinco cinco dos dos", "cinco cinco dos dos"),
        ("le code du portail est un deux trois quatre", "un deux trois quatre"),
        ("门锁密码是五个8", "五个8"),
        ("解锁密码：从2到7", "2到7"),
        ("金库口令是伍伍陆陆", "伍伍陆陆"),
        ("비밀번호는 일이삼사예요", "일이삼사"),
        ("暗証番号は一二三四だよ", "一二三四"),
        ("the shed lock is set to nine twice then four twice", "nine twice then four twice"),
    ],
    "labels": [
        ("code de l'alarme : 8812", "8812"),
        ("el código del candado es 3390", "3390"),
        ("il codice della cassaforte è 7781", "7781"),
        ("mi clave del banco: Tigre#4410", "Tigre#4410"),
        ("mdp du wifi : Baguette77!", "Baguette77!"),
        ("공동현관 비번 4417*", "4417"),
        ("인증 코드: 938201", "938201"),
        ("パスコードは 551902", "551902"),
        ("Passwort für den Router im Keller: Ulme#2290", "Ulme#2290"),
        ("PIN meiner Kreditkarte: 7710", "7710"),
        ("passkey: 442190", "442190"),
        ("the bike lock combo is 3-3-8-1", "3-3-8-1"),
    ],
    "separators": [
        ("PIN: 7 3-9.1", "7 3-9.1"),
        ("combo 08-15-33", "08-15-33"),
        ("the locker combo — 31-07-22", "31-07-22"),
        ("my recovery key is 112233-445566-778899-001122-334455-667788-990011-223344",
         "112233-445566-778899-001122-334455-667788-990011-223344"),
        ("api key part 1: Zk8qL2 and part 2: Wm7pX4Nc", "Wm7pX4Nc"),
        ("密码前半部分是 Qing，后半部分是 #8826", "8826"),
        ("Wi-Fi password:\n  Cobalt\n  !77", "!77"),
        ("pin 5\u00a08\u00a01\u00a09", "5819"),
        ("Licence: ZQ7R1-XW9P2 KL4M3-TN8Y5", "TN8Y5"),
    ],
    # Attacks written after the rules above, fixed by extending the same grammar.
    "attacks": [
        ("the 6-digit code 448812 unlocks it", "448812"),
        ("PIN #: 4821", "4821"),
        ("PIN no. 4821", "4821"),
        ("The Wi-Fi is 'CoffeeHouse' and the key is 'latte2024!'", "latte2024!"),
        ("WiFi: CoffeeHouse / pass: latte2024", "latte2024"),
        ("SSID HomeNet, WPA2 key Tangerine77", "Tangerine77"),
        ("licence: QWER-TYUI-ASDF-ZXCV", "QWER-TYUI-ASDF-ZXCV"),
        ("the API key, which is AK29x8Lq0Pz7, goes in the header", "AK29x8Lq0Pz7"),
        ("WLAN-Schlüssel: Sonnenblume22", "Sonnenblume22"),
        ("clé wifi : Tournesol2024", "Tournesol2024"),
        ("garage keypad: 5591", "5591"),
        ("Steam guard code 7KX2P", "7KX2P"),
        ("2FA recovery code: 8H3K-2LM9", "8H3K-2LM9"),
        ("4821 — that's the PIN", "4821"),
        ("PIN now 4821", "4821"),
        ("the password for tonight's call is 9912", "9912"),
        ("my PIN is the same as my birthday, 0312", "0312"),
        ("密码就 2468", "2468"),
        ("the password is the word 'marmalade'", "marmalade"),
        ("password — marmalade", "marmalade"),
        ("the password used to be Hunter#22", "Hunter#22"),
        ("暗号是山高水长", "山高水长"),
        ("口令：月落乌啼，江枫渔火", "江枫渔火"),
        ("PINコードは5520です", "5520"),
        ("핀번호는 6613", "6613"),
        ("mi NIP es 7720", "7720"),
        ("Geheimnummer: 3381", "3381"),
        ("meine PIN-Nummer ist 9014", "9014"),
        ("비밀번호 5521에요", "5521"),
    ],
    "chat": [
        ("the voicemail PIN, 3371.", "3371"),
        ("网银密码我平时用 Zx#77120", "Zx#77120"),
        ("same as the gym PIN, 5082 — the app uses it too", "5082"),
        ("What's the safe PIN? 7 7 0 1 — keep it quiet", "7 7 0 1"),
    ],
}

ALLOWED = {
    "escapes": [
        "&#169; 2024 Acme Inc.",
        "%E4%BD%A0%E5%A5%BD means hello",
        "100% of tests pass",
        "Tom &amp; Jerry is a cartoon",
        "文章标题是 &ldquo;如何设置强密码&rdquo;",
        "search: https://example.com/?q=pin%20code%20reset",
        "HTML: &lt;input type=&quot;password&quot;&gt; masks the field",
    ],
    "spoken": [
        "the team has six sixes on the board",
        "two threes make six",
        "my zip code is nine four one oh seven",
        "area code: two one two",
        "el código postal es dos ocho cero uno tres",
        "The PIN is four digits long",
        "密码要包含五个字符以上",
        "暗証番号は四桁の数字です",
        "the lock is two years old",
        "The code review takes two hours, four times a week",
    ],
    "labels": [
        "Der Türcode wird jeden Monat geändert",
        "la clave es practicar todos los días",
        "le code est open source",
        "il codice è su GitHub",
        "el código del proyecto está en GitLab",
        "code de la route : permis B",
        "비밀번호는 영문과 숫자 조합입니다",
        "the passkey flow uses WebAuthn",
        "the password has two parts: part one is easy",
        "PIN for the office printer queue: none",
    ],
    "separators": [
        "Meeting 10-12 3.5 hours",
        "scores were 3-1 2-2 1-0 this week",
        "flight AA 12 34 56 delayed",
        "版本 2-0 3.1 发布了",
        "PIN: 12/05/2024",
        "part one: introduction, part two: methods",
        "the token has two parts: header and payload",
        "recovery key is printed and kept in the safe",
    ],
    "attacks": [
        "Schlüssel liegt unter der Matte",
        "la clé est sous le paillasson",
        "the keypad is broken again",
        "error code E1234 on boot",
        "first pass: 3 errors",
        "the key is 'performance'",
        "2024 unlocks it all",
        "PIN entry failed three times",
        "the password manager is Bitwarden",
        "the password is 2024 compliant",
        "2024 — that's the year",
        "PIN now required",
        "password — strong",
        "my PIN is the same as before, 2024 was rough",
        "密码就是这个",
        "PIN used to be required",
        "口令是随机生成",
        "密码：同上",
        "暗号是啥来着",
        "Geheimnummer vergessen",
        "PINコードを忘れた",
        "핀번호를 잊어버렸어요",
        "NIP: required",
    ],
    "chat": [
        "After I changed the password, 2024 was a mess",
        "combo meal costs 9.99",
        "密码学课程第一部分是 RSA",
        "解锁密码忘了，从头设置",
    ],
}


@pytest.mark.parametrize(("category", "text", "value"), table_cases(CAUGHT),
                         ids=lambda x: str(x)[:28])
def test_round5_shape_is_cut_out(category: str, text: str, value: str) -> None:
    out = redact_secrets(text)
    assert "[REDACTED:" in out and _gone_decoded(value, out), (category, out)
    assert redact_secrets(out) == out  # idempotent


@pytest.mark.parametrize(("category", "text"), table_cases(ALLOWED), ids=lambda x: str(x)[:28])
def test_round5_look_alike_is_kept(category: str, text: str) -> None:
    assert find_secrets(text) == [], (category, redact_secrets(text))


# -- the decoding layer -------------------------------------------------------------------

def test_escapes_are_decoded_for_detection_only_and_map_back() -> None:
    text = "user%3Dann%26password%3DMarmot%2177 &amp; &#x41;"
    c = canonicalize(text, structure=False, decode=True)
    assert c.text == "user=ann&password=Marmot!77 & A"
    # Each decoded character knows the escape it came from.
    bang = c.text.index("!")
    assert text[slice(*c.source_span(bang, bang + 1))] == "%21"
    amp = c.text.index(" & ") + 1
    assert text[slice(*c.source_span(amp, amp + 1))] == "&amp;"
    # The stored and hashed form never decodes: a fact about "&amp;" is kept as written.
    assert normalize("Tom &amp; Jerry") == "Tom &amp; Jerry"
    assert content_hash("a%20b", "fact") != content_hash("a b", "fact")


def test_a_percent_escaped_character_maps_to_its_own_bytes() -> None:
    text = "%E5%AF%86%E7%A0%81"
    c = canonicalize(text, structure=False, decode=True)
    assert c.text == "密码"
    assert text[slice(*c.source_span(1, 2))] == "%E7%A0%81"


@pytest.mark.parametrize("text", ["%ZZ%E5 50%", "&nosuch; & &#xZZ;", "\\u12", "%C3%28"])
def test_what_does_not_decode_stays_as_written(text: str) -> None:
    assert canonicalize(text, structure=False, decode=True).text == text


def test_a_double_escaped_value_is_read_too() -> None:
    out = redact_secrets("password%253DHeron%2523 ok")
    assert "[REDACTED:" in out and "Heron" not in out


# -- the real store ------------------------------------------------------------------------

def test_no_round5_value_reaches_any_table_of_a_real_store(tmp_path: Path) -> None:
    cases = [(t, v) for cat in ("escapes", "spoken", "labels") for t, v in CAUGHT[cat][:4]]
    blob = stored_text(str(tmp_path / "m.db"), [t for t, _ in cases])
    assert [v for _, v in cases if not _gone_decoded(v, blob)] == []


# -- the dev set ----------------------------------------------------------------------------

def test_the_dev_set_tune_split_is_right() -> None:
    """The round-5 split tuned on stays right (held-out is reported, never asserted)."""
    assert tune_split_wrong(DATA) == []


def test_the_dev_set_is_split_per_shape_before_tuning() -> None:
    cases = [json.loads(x) for x in DATA.read_text(encoding="utf-8").splitlines()]
    held = [c for c in cases if c["split"] == "heldout"]
    assert len(cases) >= 150 and len(held) >= 0.4 * len(cases)
    for shape in {c["shape"] for c in cases if c["expect"] == "secret"}:
        splits = {c["split"] for c in cases if c["shape"] == shape and c["expect"] == "secret"}
        assert splits == {"tune", "heldout"}, shape
    assert len({c["lang"] for c in cases}) >= 12


# -- the catalogue is the tests' ---------------------------------------------------------

def test_every_round5_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows("Round 5")
    assert len(rows) >= 5
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), [
    (kind, x.replace("\\n", "\n").replace("\\|", "|"))
    for caught, allowed in catalogue_rows("Round 5")
    for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs
], ids=lambda x: str(x)[:30])
def test_round5_catalogue_example(kind: str, text: str) -> None:
    assert bool(find_secrets(text)) == (kind == "caught"), redact_secrets(text)


# -- hostile input ---------------------------------------------------------------------------

def test_no_round5_pattern_nests_unbounded_repeats() -> None:
    bad = [name for name, value in vars(secret_spoken).items()
           if isinstance(value, LazyPattern)
           and _unbounded_nested(sre_parse.parse(value.pattern, value._flags))]
    assert bad == []


HOSTILE = [
    "%41" * 30_000,
    "&amp;" * 19_000,
    "&#65;" * 19_000,
    "\\u0041" * 15_000,
    "PIN is " + "four nines " * 8_000,
    "密码是" + "四连九" * 20_000,
    "1-2 " * 20_000,
    "token part 1: x" * 6_000,
    "%E5%AF%86%E7%A0%81" * 5_000 + " Heron#2031",
]


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_long_adversarial_input_finishes_with_a_bounded_result(text: str) -> None:
    out = redact_secrets(text)
    assert len(out) <= len(text) * 24
    assert redact_secrets(out) == out
