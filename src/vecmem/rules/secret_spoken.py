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

import bisect
import re
from collections.abc import Iterator

from vecmem.rules.secret_labels import FOREIGN_PASSWORD as _FOREIGN_PASSWORD
from vecmem.text import lazy_re

__all__ = ["spoken_codes"]

# Digit words by language (the value is the index): a general number-word reader, so a
# code said in any of these is read the same way. A word may belong to several languages
# ("to" is two in Danish, "ni" nine in Norwegian and two in Japanese); a value's words
# must share one language (see _read), so English prose ("one to go") is no code.
_DIGIT_TABLES = {
    "en": "zero one two three four five six seven eight nine",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf",
    "it": "zero uno due tre quattro cinque sei sette otto nove",
    "pt": "zero um dois três quatro cinco seis sete oito nove",
    "nl": "nul een twee drie vier vijf zes zeven acht negen",
    "sv": "noll ett två tre fyra fem sex sju åtta nio",
    "da": "nul en to tre fire fem seks syv otte ni",
    "no": "null en to tre fire fem seks sju åtte ni",
    "pl": "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć",
    "cs": "nula jedna dva tři čtyři pět šest sedm osm devět",
    "hr": "nula jedan dva tri četiri pet šest sedam osam devet",
    "ru": "ноль один два три четыре пять шесть семь восемь девять",
    "uk": "нуль один два три чотири пʼять шість сім вісім девʼять",
    "tr": "sıfır bir iki üç dört beş altı yedi sekiz dokuz",
    "vi": "không một hai ba bốn năm sáu bảy tám chín",
    "id": "nol satu dua tiga empat lima enam tujuh delapan sembilan",
    "ms": "kosong satu dua tiga empat lima enam tujuh lapan sembilan",
    "tl": "sero isa dalawa tatlo apat lima anim pito walo siyam",
    "fi": "nolla yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän",
    "hu": "nulla egy kettő három négy öt hat hét nyolc kilenc",
    "ro": "zero unu doi trei patru cinci șase șapte opt nouă",
    "el": "μηδέν ένα δύο τρία τέσσερα πέντε έξι επτά οκτώ εννέα",
    "sw": "sifuri moja mbili tatu nne tano sita saba nane tisa",
    "hi": "shunya ek do teen char paanch chhah saat aath nau",
    "hi-deva": "शून्य एक दो तीन चार पाँच छह सात आठ नौ",
    "ar": "صفر واحد اثنان ثلاثة أربعة خمسة ستة سبعة ثمانية تسعة",
    "fa": "صفر یک دو سه چهار پنج شش هفت هشت نه",
    "he": "אפס אחת שתיים שלוש ארבע חמש שש שבע שמונה תשע",
    "ja": "zero ichi ni san yon go roku nana hachi kyuu",
    "ko": "yeong il i sam sa o yuk chil pal gu",
}
# Other spellings of the same digits (without diacritics, variants, gendered forms).
_DIGIT_VARIANTS = {
    "en": "oh:0 o:0 nought:0 nil:0",
    "de": "eine:1 zwo:2 fuenf:5",
    "es": "una:1 trés:3",
    "fr": "une:1",
    "sv": "en:1",
    "no": "ett:1 ei:1 syv:7",
    "pl": "piec:5 szesc:6 dziewiec:9",
    "cs": "jeden:1 dvě:2 dve:2 tri:3 ctyri:4 pet:5 sest:6",
    "hr": "cetiri:4 sest:6",
    "ru": "нуль:0 одна:1 две:2",
    "tr": "sifir:0 uc:3 dort:4 bes:5 alti:6",
    "vi": "linh:0 mot:1 bon:4 tư:4 nam:5 sau:6 bay:7 tam:8 chin:9",
    "fi": "nelja:4 seitseman:7 yhdeksan:9",
    "hu": "ketto:2 kettö:2 negy:4 harom:3 het:7",
    "ro": "una:1 două:2 doua:2 şase:6 sase:6 şapte:7 sapte:7 noua:9",
    "el": "δυο:2 εφτά:7 οχτώ:8 εννιά:9",
    "hi": "sunya:0 panch:5 chhe:6 che:6 aat:8",
    "ja": "rei:0 shi:4 shichi:7 kyu:9 ku:9",
    "ko": "gong:0",
}
_DIGIT_WORDS: dict[str, int] = {}
_DIGIT_LANGS: dict[str, frozenset[str]] = {}


def _add_digit(word: str, value: int, lang: str) -> None:
    _DIGIT_WORDS.setdefault(word, value)
    _DIGIT_LANGS[word] = _DIGIT_LANGS.get(word, frozenset()) | {lang}


for _lang, _words in _DIGIT_TABLES.items():
    for _i, _w in enumerate(_words.split()):
        _add_digit(_w, _i, _lang)
for _lang, _pairs in _DIGIT_VARIANTS.items():
    for _pair in _pairs.split():
        _w, _v = _pair.split(":")
        _add_digit(_w, int(_v), _lang)
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
_SPOKEN = frozenset(
    [w for w in _DIGIT_WORDS if not w.isdigit()] + list(_CJK_DIGITS) + list(_PLURALS)
    + list(_MULTIPLIERS) + list(_TIMES) + ["个", "個", "连", "連", "到", "至", "times"])
_CONNECTORS_TEXT = ("a an and then followed by plus und dann y luego e poi et puis ensuite"
                    " , - 加 和 再 然后 跟 后面")
_CONNECTORS = frozenset(_CONNECTORS_TEXT.split())
# A sign ending the stretch between label and value: a colon, "is", 是, は, 는 … After
# one, the value may be followed by more words ("PIN: one two three four for the front
# door"); after other words ("my password has one two three four in it") it must end its
# clause.
_SIGN_END = lazy_re(
    r"(?i)(?::|=|—|–|\b(?:is\s+|was\s+)?(?:set|changed)\s+to|\bis|\bwas|\bist|\bes|\best"
    r"|c['’]est|\bè|\bé|\bgoes|是|为|為|就是|叫|：|は|が|는|은)\s*$")
_VALUE_END = lazy_re(r"\s*(?:$|[,.;:!?)\]—–-])")
_LETTER = r"[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]"
_LABEL = (
    r"(?i)(?:\bpin(?:\s*code)?\b|\bpass(?:code|word|wd|key)\b|\bcode\b|\bcombination\b"
    r"|\b(?:t[üu]r|zugangs|tor|garagen|alarm|tresor|schloss)code\b"
    r"|\bcombo\b|\block\b|\bgeheimzahl\b|\bpasswort\b|\bkennwort\b|\bclave\b|\bc[óo]digo\b"
    r"|\bcontrase[ñn]a\b|\bmdp\b|\bmot\s+de\s+passe\b|\bdigicode\b|\bcodice\b|\bsenha\b"
    r"|密码|密碼|口令|暗号|[门門]禁[码碼]|开锁码|解锁码|验证码|暗証番号|暗証コード|パスワード|パスコード"
    r"|비밀번호|비번|암호|인증번호"
    # The word for "code" by its stem in the languages that compound or inflect it
    # ("Portkoden", "Ovikoodi", "pincode", "kodu", "codul", "κωδικός", "код"), the word
    # for "password" of the foreign labels, and "secret number" (Swahili "namba ya siri").
    rf"|(?<!{_LETTER}){_LETTER}{{0,12}}(?:kod|kód|koodi|code|cod|kodu|koden|kodi|kodas)"
    rf"(?:ul|en|et|u|a|e|i|s|t|ot)?(?!{_LETTER})"
    r"|κωδικ[όο]ς|κωδικό|код(?:а|ом)?|пин(?:-?код)?|şifre(?:si|m|niz)?|sifre(?:si)?"
    r"|\bsandi\b|\bm[ãa]\s+(?:pin|s[ốo])\b|namba\s+ya\s+siri|\bparol[aă]\b|\blozinka\b"
    r"|\b[šs]ifra\b"
    rf"|(?<!{_LETTER})(?:{_FOREIGN_PASSWORD})(?!{_LETTER}))"
)
# Compounds of "code" that name no secret.
_NOT_A_CODE_WORD = lazy_re(
    r"(?i)(?:bar|post|zip|uni|op|de|en|x|vs|geo|short|trans|qr|source|leet|auto|pseudo|hash"
    r"|area|country)cod\w*$|^(?:postkod\w*|cod)$")
_LETTER_CLASS = r"[^\W\d_]|[\u0900-\u097f\u0600-\u06ff\u05b0-\u05c7\u0300-\u036fʼ]"
_LABEL_RX = lazy_re(_LABEL)
# The label's clause: up to the end of its sentence or line.
_CLAUSE_STOP = lazy_re(r"[\n;!?。；！？]|\.(?:\s|$)")
_CJK_RANGE = r"\u3400-\u9fff\uac00-\ud7af\u3040-\u30ff"
_TOKEN = lazy_re(
    rf"(?:(?![{_CJK_RANGE}])(?:{_LETTER_CLASS}))+|\d+|[{_CJK_RANGE}]|[,，、\-]"
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
    langs: frozenset[str] | None = None  # the languages every digit word so far is in
    while i < len(tokens):
        t = tokens[i].casefold()
        if t in _DIGIT_LANGS:
            shared = _DIGIT_LANGS[t] if langs is None else langs & _DIGIT_LANGS[t]
            if not shared:
                break  # "four to go": a word of another language ends the value
            langs = shared
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
    """``("code_in_words", start, end)`` of every code said aloud after a code label, in
    the label's clause: whatever stands between ("Kod do bramy to …", "ATM ka PIN hai …",
    "门禁密码用荷兰语说是 …"), the first run of four or more spoken digits of one language."""
    labels = [m for m in _LABEL_RX.finditer(text)
              if not (_NOT_SECRET_CODE.search(text[max(0, m.start() - 16) : m.start()])
                      or _NOT_A_CODE_WORD.search(m.group()))]
    if not labels:
        return
    # The text is read into tokens once; each label reads the ones of its clause. Tokens of
    # one value follow each other with only spaces between: where each run of such tokens
    # ends, and how many tokens so far are said in words, are computed once too, so a text
    # of many labels stays linear.
    spans = [(t.start(), t.end()) for t in _TOKEN.finditer(text)]
    starts = [a for a, _ in spans]
    run_end = [len(spans)] * len(spans)
    for j in range(len(spans) - 2, -1, -1):
        joined = not text[spans[j][1] : spans[j + 1][0]].strip()
        run_end[j] = run_end[j + 1] if joined else j + 1
    worded = [0]
    for a, b in spans:
        word = text[a:b].casefold()
        worded.append(worded[-1] + (word in _SPOKEN or word[0] in "x×"))
    for m in labels:
        start = m.end()
        stop = _CLAUSE_STOP.search(text, start, start + 160)
        limit = stop.start() if stop else min(len(text), start + 160)
        ending = _ENDING.search(text, start, limit)
        if ending:  # "사팔이일이에요": the ending is no digit (이 is one, 이에요 is not)
            limit = ending.start()
        lo = bisect.bisect_left(starts, start)
        hi = bisect.bisect_left(starts, limit)
        while hi > lo and spans[hi - 1][1] > limit:
            hi -= 1
        if worded[hi] == worded[lo]:
            continue  # nothing said in words in the clause
        found = _first_code(text, start, limit, spans, lo, hi, run_end)
        if found:
            yield "code_in_words", *found


def _first_code(text: str, start: int, limit: int, spans: list[tuple[int, int]], lo: int,
                hi: int, run_end: list[int]) -> tuple[int, int] | None:
    rest = text[:limit]
    for first in range(lo, min(hi, lo + 9)):
        if _NOT_SECRET_GAP.search(text, start, spans[first][0]):
            return None  # "the postal code of the office is …"
        kept = spans[first : min(run_end[first], first + 40, hi)]
        used, digits, worded = _read([text[a:b] for a, b in kept])
        if not used or digits < 4 or not worded:
            continue
        end = kept[used - 1][1]
        if _UNIT.match(rest, end):
            return None  # "four digits", "六位", "4桁"
        gap = text[start : kept[0][0]]
        if gap.strip() and not _SIGN_END.search(gap) and not _VALUE_END.match(rest, end):
            continue
        return kept[0][0], end
    return None
