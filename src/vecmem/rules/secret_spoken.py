"""Codes said aloud: a PIN or a password given as spoken digits after a code label, in
any of the languages the labels are read in.

A value is a sequence of *spoken digit tokens*, each worth a number of digits:

* a digit word (four, vier, cuatro, quatre, quattro, quatro; 四 / 肆 / 사; or a digit);
* a count and a plural digit ("four nines", "two fours", "five fives") = the count;
* a multiplier and a digit ("double seven", "quadruple eight") = 2, 3, 4;
* a digit and a repetition ("7 four times", "7 x4") = the count;
* a Chinese count ("四连九", "两个3") = the count; a range ("1到6", "one to six") = its
  length;

joined by nothing, spaces, commas or connectors ("and", "then", "加", "再", "然后"). The
whole value must be read this way, hold four digits or more, and say at least one of
them in words or with a count (plain digits are the other label rules'). A unit after it
("digits", "位", "桁", "자리") makes it a description: "the PIN is four digits" holds
none. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.text import lazy_re

__all__ = ["spoken_codes"]

# Digit words by language (the value is the index). Chinese, Japanese and Korean digits
# are single characters, read one by one.
_DIGIT_WORDS: dict[str, int] = {}
for _words in (
    "zero one two three four five six seven eight nine",
    "null eins zwei drei vier fünf sechs sieben acht neun",
    "cero uno dos tres cuatro cinco seis siete ocho nueve",
    "zéro un deux trois quatre cinq six sept huit neuf",
    "zero uno due tre quattro cinque sei sette otto nove",
    "zero um dois três quatro cinco seis sete oito nove",
):
    for _i, _w in enumerate(_words.split()):
        _DIGIT_WORDS.setdefault(_w, _i)
_DIGIT_WORDS.update({"oh": 0, "o": 0, "nought": 0, "nil": 0, "une": 1, "una": 1, "eine": 1,
                     "zwo": 2, "fuenf": 5, "tres": 3, "trés": 3})
_CJK_DIGITS = {**{c: i for i, c in enumerate("零一二三四五六七八九")},
               **{c: i for i, c in enumerate("〇壹贰叁肆伍陆柒捌玖")},
               **{c: i for i, c in enumerate("洞幺两三四五六拐八勾")},  # radio digits
               **{c: i for i, c in enumerate("영일이삼사오육칠팔구")},
               "弐": 2, "貳": 2, "參": 3, "陸": 6, "两": 2, "兩": 2, "공": 0, "壱": 1}
_CJK_DIGITS["二"] = 2
_CJK_DIGITS["三"] = 3
_CJK_DIGITS["六"] = 6
_CJK_DIGITS["九"] = 9
_PLURALS = {"zeros": 0, "zeroes": 0, "ohs": 0, "ones": 1, "twos": 2, "threes": 3,
            "fours": 4, "fives": 5, "sixes": 6, "sevens": 7, "eights": 8, "nines": 9}
_MULTIPLIERS = {"double": 2, "triple": 3, "treble": 3, "quadruple": 4, "quintuple": 5,
                "doppel": 2, "dreifach": 3, "doble": 2, "triple-": 3}
_TIMES = {"twice": 2, "thrice": 3}
_CONNECTORS_TEXT = ("a an and then followed by plus und dann y luego e poi et puis ensuite"
                    " , - 加 和 再 然后 跟 后面")
_CONNECTORS = frozenset(_CONNECTORS_TEXT.split())
# What may stand between the label and the value: a colon, "is", 是, は, 는 …
_SIGN = (r"\s*(?::|=|—|–|\b(?:is\s+|was\s+)?(?:set|changed)\s+to\b|\bis\b|\bwas\b"
         r"|\bist\b|\bes\b|\best\b|c['’]est|\bè\b|\bé\b"
         r"|\bgoes\b|是|为|為|就是|叫|：|は|が|는|은)\s*")
_LABEL = (
    r"(?i)(?:\bpin(?:\s*code)?\b|\bpass(?:code|word|wd|key)\b|\bcode\b|\bcombination\b"
    r"|\b(?:t[üu]r|zugangs|tor|garagen|alarm|tresor|schloss)code\b"
    r"|\bcombo\b|\block\b|\bgeheimzahl\b|\bpasswort\b|\bkennwort\b|\bclave\b|\bc[óo]digo\b"
    r"|\bcontrase[ñn]a\b|\bmdp\b|\bmot\s+de\s+passe\b|\bdigicode\b|\bcodice\b|\bsenha\b"
    r"|密码|密碼|口令|暗号|[门門]禁[码碼]|开锁码|解锁码|验证码|暗証番号|暗証コード|パスワード|パスコード"
    r"|비밀번호|비번|암호|인증번호)"
)
_LABEL_RX = lazy_re(_LABEL + r"(?P<gap>[^\n.;!?。；！？]{0,30}?)" + "(?:" + _SIGN + ")")
_TOKEN = lazy_re(
    r"[A-Za-zÀ-ÿ]+|\d+|[\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff]|[,，、\-]"
    r"|[xX×]\s*\d")
# Codes that are no secrets: a postal code, an area code, an error code ("my zip code is
# nine four one oh seven", "el código postal es …").
_NOT_SECRET_CODE = lazy_re(
    r"(?i)(?:zip|postal|post|area|country|dialling|dialing|error|status|exit|return|promo"
    r"|discount|coupon|voucher|source|qr|bar|region|airport|product|colou?r|http)"
    r"[\s-]*$|邮编|邮政|区号|郵便|우편")
_NOT_SECRET_GAP = lazy_re(r"(?i)\b(?:postal|postale|post|zip|área|area)\b|邮政|郵便|우편")
# A unit or a noun after the value: a length or a count, not the code.
_UNIT = lazy_re(
    r"\s*(?:digits?|numbers?|characters?|chars|letters?|places|long|times?\s+(?:a|per)"
    r"|ziffern?|stellen|stellig|d[íi]gitos|n[úu]meros|caract[eè]res|chiffres|cifre"
    r"|[位个個桁次遍组組号號数數字年月日岁歲点點分]|자리|개|번째)", re.IGNORECASE)
# Korean and Japanese endings glued to the value: "사팔이일이에요", "四八二一です".
_ENDING = lazy_re(r"(?:이에요|입니다|이예요|예요|이야|야|요|です|でした|だよ|だ)"
                  r"(?=$|[\s.,!?。，！？])")


def _read(tokens: list[str]) -> tuple[int, int, bool]:
    """(tokens used, digits, any said in words) for the longest spoken prefix."""
    digits, used, worded, i = 0, 0, False, 0
    pending_connector = 0
    while i < len(tokens):
        t = tokens[i].casefold()
        nxt = tokens[i + 1].casefold() if i + 1 < len(tokens) else ""
        nxt2 = tokens[i + 2].casefold() if i + 2 < len(tokens) else ""
        step, worth, words = 0, 0, False
        count = _DIGIT_WORDS.get(t) if not t.isdigit() else (int(t) if len(t) == 1 else None)
        if not digits and t in ("从", "從", "from"):
            i += 1  # "从2到7", "from one to six"
            continue
        if t in _MULTIPLIERS and (nxt in _DIGIT_WORDS or (nxt.isdigit() and len(nxt) == 1)
                                  or nxt in _CJK_DIGITS):
            step, worth, words = 2, _MULTIPLIERS[t], True
        elif count is not None and count >= 1 and nxt in _PLURALS:
            step, worth, words = 2, count, True  # "four nines"
        elif (count is not None or t in _CJK_DIGITS) and (nxt in _DIGIT_WORDS or nxt.isdigit()) \
                and nxt2 == "times":
            step, worth, words = 3, _DIGIT_WORDS.get(nxt, 1), True  # "7 four times"
        elif count is not None and nxt in _TIMES:
            step, worth, words = 2, _TIMES[nxt], True
        elif t in _CJK_DIGITS and nxt in ("连", "連", "个", "個") and nxt2 and (
                nxt2 in _CJK_DIGITS or (nxt2.isdigit() and len(nxt2) == 1)):
            step, worth, words = 3, max(_CJK_DIGITS[t], 1), True  # "四连九", "两个3"
        elif t.isdigit() and len(t) <= 2 and nxt == "个" and nxt2 and (
                nxt2 in _CJK_DIGITS or (nxt2.isdigit() and len(nxt2) == 1)):
            step, worth, words = 3, int(t), True  # "2个5"
        elif ((t.isdigit() and len(t) == 1) or t in _CJK_DIGITS) and nxt in ("到", "至", "to") \
                and nxt2 and ((nxt2.isdigit() and len(nxt2) == 1) or nxt2 in _CJK_DIGITS
                              or nxt2 in _DIGIT_WORDS):
            a = int(t) if t.isdigit() else _CJK_DIGITS[t]
            b = int(nxt2) if nxt2.isdigit() else _CJK_DIGITS.get(nxt2, _DIGIT_WORDS.get(nxt2, 0))
            if b > a:
                step, worth, words = 3, b - a + 1, True  # "1到6", "one to six"
        elif count is not None:
            step, worth, words = 1, 1, not t.isdigit()
        elif t in _CJK_DIGITS:
            step, worth, words = 1, 1, True
        elif re.fullmatch(r"[xX×]\s*\d", t) and digits:
            step, worth, words = 1, int(t[-1]) - 1, True  # "7 x4": the digit already counted
        elif t in _CONNECTORS and digits:
            i += 1
            pending_connector += 1
            continue
        if not step:
            break
        digits += worth
        worded = worded or words
        i += step
        used = i
        pending_connector = 0
    return used, digits, worded


def spoken_codes(text: str) -> Iterator[tuple[str, int, int]]:
    """``("code_in_words", start, end)`` of every code said aloud after a code label."""
    for m in _LABEL_RX.finditer(text):
        if (_NOT_SECRET_CODE.search(text[max(0, m.start() - 16) : m.start()])
                or _NOT_SECRET_GAP.search(m.group("gap"))):
            continue
        start = m.end()
        line_end = text.find("\n", start)
        rest = text[start : line_end if line_end >= 0 else len(text)][:160]
        ending = _ENDING.search(rest)
        if ending:  # "사팔이일이에요": the ending is no digit (이 is one, 이에요 is not)
            rest = rest[: ending.start()]
        spans = [(t.start(), t.end()) for t in _TOKEN.finditer(rest)]
        # Tokens must follow each other with only spaces between.
        tokens: list[str] = []
        kept: list[tuple[int, int]] = []
        prev = 0
        for a, b in spans:
            if rest[prev:a].strip():
                break
            tokens.append(rest[a:b])
            kept.append((a, b))
            prev = b
        used, digits, worded = _read(tokens)
        if not used or digits < 4 or not worded:
            continue
        end = kept[used - 1][1]
        if _UNIT.match(rest, end):
            continue  # "four digits", "六位", "4桁"
        yield "code_in_words", start + kept[0][0], start + end
