"""Round-8 secret shapes (issue 15 item 4), by structure rather than by sentence: a label,
a gap of linking words only, then a value judged after its pieces are joined
(``secret_near``); labels and values glued to the other script (the canonical
``space_scripts`` reading); a value typed in pieces extended to the end of its clause; a
value given in parts named by the grammar of a whole and its pieces; short generated
tokens with no label (``short_random``); dingbat digits, diacritics drawn on a label, the
braille blank and thin spaces. Each category has the
look-alike facts the rule must leave alone, in English and Chinese, and adversarial
spellings (invisible characters, look-alike letters, full-width forms) of caught ones.

Values here are invented for these tests. A caught value must be cut out by
``redact_secrets`` in every spelling; an allowed text is left as written.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.rules.test_secret_round3 import _gone, catalogue_rows, stored_text, table_cases

from vecmem.rules import find_secrets, redact_secrets
from vecmem.rules.secret_entropy import short_random
from vecmem.text import canonicalize

ZW = "\u200b"

CAUGHT = {
    "spelled": [
        ("My password, letter by letter: m, a, r, l, i, n", "marlin"),
        ("password spelled out: w - r - e - n - 7", "wren7"),
        ("my wifi password is t r o u t 5 5", "trout55"),
        ("我的密码是s u n f l o w e r", "sunflower"),
        ("密码是 p-e-o-n-y-3", "peony3"),
        ("银行卡密码：六 六 零 九 三 一", "六六零九三一"),
        ("密码念出来是：五、八、三、七", "五八三七"),
        ("PIN is 7, 3, 0, 6", "7306"),
        ("密码：7，3，0，6", "7306"),
        ("My passcode is the digits 5 1 9 3", "5193"),
    ],
    "question": [
        ("wifi密码是多少？是 harbor2031", "harbor2031"),
        ("保险箱的密码是什么？是五八三七", "五八三七"),
        ("我的锁屏密码是多少来着？哦对，是 6604", "6604"),
        ("What's the PIN for the safe? — 6604", "6604"),
        ("PIN for the storage unit? → 2290", "2290"),
        ("Forgot the wifi password? here: GreenHeron#12", "GreenHeron#12"),
        ("Q: what is the alarm code? A: 8813", "8813"),
        ("Need the wifi pass? Heron4471", "Heron4471"),
        ("门锁的密码多少 -> 8813", "8813"),
        ("问：WiFi 密码？答：Heron4471", "Heron4471"),
    ],
    "words": [
        ("The secret word is k-i-w-i", "kiwi"),
        ("our safe word is m-a-n-g-o", "mango"),
        ("The code to my phone is t-u-l-i-p", "tulip"),
        ("暗号是 t-u-l-i-p", "tulip"),
        ("密码是大写的 T-U-L-I-P", "TULIP"),
    ],
    "value_first": [
        ("五八三七是我的银行卡密码", "五八三七"),
        ("6604 is my bank PIN", "6604"),
        ("Kittiwake41 is the wifi password", "Kittiwake41"),
    ],
    "linked": [
        ("The gate code, if you need it: 3318", "3318"),
        ("大门密码你要的话：3318", "3318"),
        ("我的密码一直是 Kittiwake41", "Kittiwake41"),
        ("my password is Kittiwake 4 1", "Kittiwake41"),
        ("the wifi password is Kittiwake 88", "Kittiwake88"),
    ],
    "pieces": [
        ("Outlook app pw = qzvt wmnr pkdl hsxe", "qzvt wmnr pkdl hsxe"),
        ("gmail app pw is qzvt wmnr pkdl hsxe", "qzvt wmnr pkdl hsxe"),
        ("应用专用密码：qzvt wmnr pkdl hsxe", "qzvt wmnr pkdl hsxe"),
        ("password: Kittiwake 88", "Kittiwake88"),
    ],
    "parts": [
        ("first half of the key is AKIAZ9Q2, the rest is M4X7RWPL5VTN", "AKIAZ9Q2"),
        ("first half of the key is AKIAZ9Q2, the rest is M4X7RWPL5VTN", "M4X7RWPL5VTN"),
        ("密码：前四位 7702，后四位 3195", "3195"),
        ("密码前三位是abc，后三位是864", "864"),
        ("密码开头是 Lotus，结尾是 #61", "#61"),
        ("密码是 w8k3，后面再加 p5", "p5"),
        ("the password starts with Tern and ends with 42!", "Tern"),
        ("the key begins with Zx81 and then comes Qp47", "Qp47"),
        ("The first four digits of my PIN are 6618 and the last two are 09", "09"),
    ],
    "unlabelled": [
        ("remember this for me: Rk7pW2mZ9vLq4TbN", "Rk7pW2mZ9vLq4TbN"),
        ("记一下：Rk7pW2mZ9vLq4TbN", "Rk7pW2mZ9vLq4TbN"),
        ("stash this somewhere: gT7$kq9!Lm3@", "gT7$kq9!Lm3@"),
        ("use Yk4#pQ9!wL2m to log in", "Yk4#pQ9!wL2m"),
        ("帮我存一下 Ty8#mQ2!kLp9", "Ty8#mQ2!kLp9"),
        ("save this: m3j9x0p2k7q4w8z1", "m3j9x0p2k7q4w8z1"),
    ],
    "glyphs": [
        ("PIN: ➎➊➒➌", "➎➊➒➌"),
        ("门禁码 ❸❸❶❽", "❸❸❶❽"),
    ],
    "adversarial": [
        (f"我的密码是{ZW}s u n f l o w e r", "sunflower"),
        ("wifi密碼是多少？是 harbor2031", "harbor2031"),  # traditional 碼
        ("my pаsswоrd, letter by letter: m, a, r, l, i, n", "marlin"),  # Cyrillic а, о
        (f"The gate code, if you need it: 33{ZW}18", "3318"),
        ("What's the ＰＩＮ for the safe? — ６６０４", "６６０４"),
        (f"Outlook app p{ZW}w = qzvt wmnr pkdl hsxe", "qzvt wmnr pkdl hsxe"),
        ("密码：前四位 ７７０２，后四位 ３１９５", "３１９５"),
        ("remember this for me: Rk7pW2mZ9vLq4T\u00adbN", "Rk7pW2mZ9vLq4TbN"),
        ("the wifi password is Kittiwake\u00a088", "Kittiwake88"),
    ],
    "typography": [
        ("pàsswörd: Kittiwake41", "Kittiwake41"),  # diacritics drawn on a label
        ("My PÏN is 6604", "6604"),
        ("pass\u2800word: Kittiwake41", "Kittiwake41"),  # the braille blank
        ("password: Kitti\u2009wake41", "Kittiwake41"),  # a thin space inside the value
        ("门禁码 66\u200a04", "6604"),  # a hair space
        ("密\u2009码：Kittiwake41", "Kittiwake41"),
    ],
}

ALLOWED = {
    "spelled": [
        "My son spelled his name J-A-C-K at school",
        "The acronym is N-A-S-A",
        "I scored 4, 8, 2 and 1 in the four rounds",
        "Version 1.2.3.4 shipped",
    ],
    "question": [
        "路由器密码是多少？问小王。",
        "问：WiFi 密码？答：贴在路由器背面",
        "What is the wifi password? Ask Tom.",
        "Q: what is the alarm code? A: ask the landlord",
        "Do you know my bank PIN? No, you don't.",
        "The wifi pass is on the fridge",
        "密码多少 -> 问物业",
        "The admin pass expires in 30 days",
    ],
    "words": [
        "The secret is to keep it simple",
        "The secret ingredient is 2 eggs",
        "The code of conduct is 12 pages",
        "The code for the event is on the ticket",
        "Our safe word policy is in the handbook",
    ],
    "value_first": [
        "1234 is a bad PIN",
        "2024 is the year I changed my password",
        "2024 是我改密码的年份",
        "6604 是我们楼的门禁码位数之和",
    ],
    "linked": [
        "The PIN must be four digits, not 1234",
        "The password reset takes 15 minutes",
        "密码重置需要 15 分钟",
        "The wifi password is on the fridge",
        "The password has 12 characters, the rest is up to you",
        "The password I use everywhere is too weak",
        "门禁码要求四位数字",
        "The PIN reset form is at https://bank.example.test/pin-reset",
    ],
    "pieces": [
        "password=abc123 took 35 ms",
        "password: hunter22 (changed 2024)",
        "Her password manager is KeePassXC 2.7.9",
        "The password manager is Bitwarden 2024.6",
    ],
    "parts": [
        "The rest of the team joins at 10",
        "剩下的 3 个人明天到",
        "后面再加 2 个人",
        "The recipe calls for 2 cups flour, the rest is sugar",
        "The sprint ends with a demo and starts with planning",
        "The first four digits of the phone number are the area code",
    ],
    "typography": [
        "Le café coûte 4 € 20",
        "Crème brûlée for 6",
        "Naïve Bayes gets 0.91 on the test set",
        "价格是 12\u2009000 元",
    ],
    "unlabelled": [
        "Flight LH2Q8X leaves at 9",
        "Tracking number 1Z999AA10123456784 arrives Friday",
        "The order number is A7B9C2D4E6F8",
        "My YouTube video id is dQw4w9WgXcQ",
        "The model checkpoint is Qwen2.5-7B-Instruct",
        "My son's username is CoolKid2015",
        "fixed GHSA-5qr3-c538-wm9j today",
        "Her Instagram handle is @Jen_Lee2024",
        "我在用 iPhone15Pro",
    ],
}

# "password=abc123 took 35 ms" holds a secret; what is allowed there is the words after
# it (a timing, an aside), so those are checked against their redacted form.
_PARTIAL = {"password=abc123 took 35 ms": "password=[REDACTED:password] took 35 ms",
            "password: hunter22 (changed 2024)": "password: [REDACTED:password] (changed 2024)"}


@pytest.mark.parametrize(("category", "text", "value"), table_cases(CAUGHT),
                         ids=lambda x: str(x)[:30])
def test_round8_shape_is_cut_out(category: str, text: str, value: str) -> None:
    out = redact_secrets(text)
    assert _gone(value, out), (category, out)
    assert "[REDACTED:" in out


@pytest.mark.parametrize(("category", "text"), table_cases(ALLOWED), ids=lambda x: str(x)[:30])
def test_round8_look_alike_is_kept(category: str, text: str) -> None:
    assert redact_secrets(text) == _PARTIAL.get(text, text), category


@pytest.mark.parametrize("token", ["Rk7pW2mZ9vLq", "gT7$kq9!Lm3@", "m3j9x0p2k7q4w8z1"])
def test_a_short_generated_token_is_random_looking(token: str) -> None:
    assert short_random(token)


@pytest.mark.parametrize("token", ["CoolKid2015", "A7B9C2D4E6F8", "Qwen2.5-7B", "iPhone15Pro",
                                   "GHSA-5qr3-c538", "abc123def456", "2026-12-02T06"])
def test_words_ids_and_codes_of_one_case_are_not(token: str) -> None:
    assert not short_random(token)


def test_the_script_seam_reading_maps_back_to_the_original() -> None:
    c = canonicalize("wifi密码是s u n", structure=False)
    c.space_scripts()
    assert c.text == "wifi 密码是 s u n"
    assert c.source_span(c.text.index("s u n"), len(c.text)) == (7, 12)


def test_the_stored_canonical_form_puts_no_space_at_a_seam() -> None:
    # the seam reading is detection's only: hashing and storing keep Chinese as written
    assert canonicalize("我用Python写代码").text == "我用Python写代码"


def test_no_round8_value_reaches_any_table_of_a_real_store(tmp_path: Path) -> None:
    rows = table_cases(CAUGHT)
    stored = stored_text(str(tmp_path / "r8.db"), list(dict.fromkeys(t for _, t, _ in rows)))
    assert all(_gone(v, stored) for _, _, v in rows)


# -- the catalogue is the tests' ---------------------------------------------------------

def test_every_round8_catalogue_row_has_one_example_each_way() -> None:
    rows = catalogue_rows("Round 8")
    assert len(rows) >= 5
    assert all(caught and allowed for caught, allowed in rows)


@pytest.mark.parametrize(("kind", "text"), [
    (kind, x) for caught, allowed in catalogue_rows("Round 8")
    for kind, xs in (("caught", caught), ("allowed", allowed)) for x in xs
], ids=lambda x: str(x)[:30])
def test_round8_catalogue_example(kind: str, text: str) -> None:
    assert bool(find_secrets(text)) == (kind == "caught"), redact_secrets(text)
