"""Round-4 secret labels: the word for "password" or "PIN" in other languages with a
qualifier before the value, a secret column in a pasted table, codes said with counts
("六个八", "double seven two one"), and labels broken across a line ("pass-\\nword").

The label readers here only *locate* a candidate value and say which label it had
(``password`` or ``pin``) and how it was introduced (``strict`` after a colon or an equals
sign, ``prose`` after a verb, ``bare`` with nothing between); ``secrets.find_secrets``
judges the value with the same plausibility check as every other label, so "Das Passwort
ist im Tresor" or "la contraseña es muy segura" stay facts. Codes said with counts are
whole shapes and are returned as findings. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.rules.secret_values import is_placeholder, kind_example
from vecmem.text import lazy_re

__all__ = ["CLAUSE_END", "FOREIGN_PASSWORD", "broken_label_gaps", "counted_codes",
           "foreign_assignments",
           "loose_values", "part_values", "table_assignments"]

# The word for a password in other languages (the label, with the definite or possessive
# endings people write: "lösenordet", "şifresi", "パスワード").
_FOREIGN_PASSWORD = (
    r"(?:[\w]{1,16}-)?(?:passwort|kennwort)(?:e?s)?|wachtwoord|l[öo]senord(?:et)?|has[łl]o"
    r"|mot\s+de\s+passe|contrase[ñn]a|senha|parola\s+d['’]\s*ordine|parola\s+chiave"
    r"|пароль|пароля|паролем|κωδικ[όο]ς(?:\s+πρόσβασης)?|συνθηματικό|パスワード|비밀번호|암호"
    r"|[şs]ifre(?:si|m|niz)?|parolas[ıi]|m[ậa]t\s+kh[ẩa]u|kata\s+sandi|kata\s+laluan"
    r"|heslo|jelsz[óo]|salasana|adgangskode|passord|lozinka|parol[ăa]"
    # Short and everyday words: "mdp" (French), "clave" (Spanish), "비번" (Korean).
    r"|mdp|clave|비번"
    # The key of a wireless network ("WLAN-Schlüssel", "clé wifi", "clave WPA").
    r"|(?:wlan|wifi|wi-fi|wpa2?|netzwerk)-?schl[üu]ssel|netzwerkschl[üu]ssel"
    r"|cl[ée]\s+(?:wifi|wi-fi|wpa2?|wep|r[ée]seau|de\s+s[ée]curit[ée](?:\s+r[ée]seau)?)"
    r"|كلمة\s+(?:المرور|السر)|סיסמה|סיסמא|पासवर्ड|รหัสผ่าน"
)
# What a code opens, in Spanish, Portuguese, French and Italian.
_DOOR_WORDS = (
    r"puerta|portal|port[ãa]o|porta|portail|porte|portone|cancello|alarma|alarme|allarme"
    r"|garaje|garagem|garage|candado|cadenas|lucchetto|caja\s+fuerte|coffre(?:-fort)?"
    r"|cassaforte|cofre|acceso|acc[èe]s|accesso|acesso|immeuble|edificio|entrada|entr[ée]e"
    r"|ingresso|taquilla|casier|armadietto|bici(?:cleta)?|v[ée]lo"
)
# ... and for a PIN or a door code.
_FOREIGN_PIN = (
    r"geheimzahl|pin-?code|pin-?kod(?:en)?|pinkode|zugangscode|t[üu]rcode"
    r"|code\s+(?:secret|confidentiel|pin|d['’]acc[èe]s)|c[óo]digo\s+(?:pin|secreto|de\s+acceso)"
    r"|codice\s+(?:pin|segreto)|пин-?код|пин|код\s+доступа|暗証番号|暗証コード"
    r"|m[ãa]\s+pin|kod\s+pin|kod\s+dost[ęe]pu|pin-?koodi|pin\s+kodu"
    # The code of a door, a gate, an alarm in the Romance languages ("el código de la
    # puerta", "le code de la porte", "il codice del cancello"), the French door keypad,
    # Japanese "passcode", Korean "verification number".
    rf"|(?:c[óo]digo|code|codice)\s+(?:d[eiu]\s+|de\s+la\s+|de\s+l['’]\s*|del(?:la|lo)?\s+"
    rf"|do\s+|da\s+|des\s+)?(?:{_DOOR_WORDS})|digicode|パスコード|인증\s*번호|인증\s*코드"
    # "PINコード", "핀번호", the Mexican "NIP", "Geheimnummer", "PIN-Nummer".
    r"|pin\s*コード|핀\s*번호|핀\s*코드|nip|geheimnummer|pin-?nummer"
)
# What may stand between the label and its sign: a parenthesis ("Kennwort (neu):"), an
# aside between commas ("le mot de passe, le nouveau, c'est …"), or up to three words
# ("del router", "meiner EC-Karte", "wifi", "email saya").
_QUALIFIER = (
    r"(?:\s*,\s*[^,\n:=]{1,25}?,"
    r"|(?:\s+(?!(?:ist|est|es|é|è|är|er|jest|là|adalah|lautet|είναι)\s)[\w'’.-]{1,20}){0,5}?"
    r"(?:\s*[(（][^()（）\n]{1,30}[)）])?)"
)
# The sign: a colon or equals sign, a dash, or the language's "is".
_FOREIGN_SIGN = (
    r"(?P<strict>\s*[:=：＝]\s*)"
    r"|(?P<prose>\s+(?:ist|lautet|lauten|hei[ßs]t|est|c['’]est|es|era|é|è|är|var|er|jest|to"
    r"|je|là|adalah|ialah|είναι|ήταν|это|है|हैं|هي|هو|היא|הוא)\s+(?:(?:—|-)\s+)?|\s+(?:—|–|-)\s+)"
    r"|(?P<topic>\s*(?:は|が|는|은|이|가)\s*)"
    r"|(?P<bare>\s+(?=\S{0,128}\d))"
)
# Latin and Cyrillic letters: a label must not be part of a longer word there (a kana,
# hangul or Han character after it is a particle: "パスワードは", "비밀번호는").
_LETTER = r"[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]"
_FOREIGN = lazy_re(
    rf"(?i)(?<!{_LETTER})(?P<name>{_FOREIGN_PASSWORD}|(?P<pin>{_FOREIGN_PIN}|pin)|(?P<en>password))"
    rf"(?!{_LETTER})"
    rf"(?P<qual>{_QUALIFIER})(?:{_FOREIGN_SIGN})"
    r"[\"'“«]?(?P<value>[^\s\"'”»`,;、，。]{1,128})"
)
# A value of digits only must end its clause ("Das Passwort ist 2024 geändert worden"
# holds none): end, punctuation, a closing word of politeness, or "and".
_CLAUSE_END = lazy_re(
    r"\s*(?:$|[.,;!?。，、！？)）\n]|です|だ|입니다|이에요|예요|에요|이야|야"
    r"|\s+(?:und|and|et|y|e|и|och|ve|và|dan)\s)"
)


CLAUSE_END = _CLAUSE_END
FOREIGN_PASSWORD = _FOREIGN_PASSWORD


def foreign_assignments(text: str) -> Iterator[tuple[str, str, int, int]]:
    """``(label, mode, start, end)`` of each value after a foreign password or PIN label:
    ``label`` is ``"password"`` or ``"pin"``; ``mode`` how it was introduced."""
    for m in _FOREIGN.finditer(text):
        value = m.group("value").rstrip(".,:;?!)）]'\"")
        # A closing word of politeness glued to the value: "1234입니다", "1234です".
        value = re.sub(r"(?:です|でした|だ|입니다|이에요|예요|에요|이다|임|이야|야|요)$", "", value)
        if not value:
            continue
        end = m.start("value") + len(value)
        if value.isdigit() and not _CLAUSE_END.match(text, end):
            continue
        # English "PIN" / "password" in another language's sentence ("El PIN de la
        # tarjeta es …", "La password del wifi è …"): only with that language's verb.
        english = m.group("en") is not None or (m.group("pin") or "").casefold() == "pin"
        # A colon after a qualifier in the other language ("PIN meiner Bankkarte: 4821")
        # is as clear as that language's verb.
        strict_qualified = m.group("strict") is not None and bool(m.group("qual").strip())
        if english and not strict_qualified and (
                m.group("prose") is None or re.match(r"\s+[-—–]", m.group("prose"))):
            continue
        mode = ("strict" if m.group("strict") is not None
                else "bare" if m.group("bare") is not None else "prose")
        if m.group("topic") is not None:
            # "パスワードは X です", "비밀번호는 X 입니다": a topic particle, then the value.
            mode = "prose"
        if english:
            # The English word after words of another language: the value must look made
            # ("the password has two parts: part one" holds none).
            mode = "prose"
        yield ("pin" if m.group("pin") else "password"), mode, m.start("value"), end


# --- values typed in chunks, or on the line after their label -----------------------------
_SHORT_LABEL = (
    r"(?:pass(?:word|wd|code)|pwd|pin(?:\s+code)?|(?:door|gate|alarm|safe|lock|locker)\s+code"
    r"|密码|口令|门禁码)"
)
# "password is Hun ter 20 24": three or more short pieces that join into a made value.
_CHUNKED = lazy_re(
    rf"(?i)(?<![A-Za-z]){_SHORT_LABEL}(?:\s*(?:[:=：]|\bis\b|\bwas\b|是|为)\s*)"
    r"(?P<v>[^\s,;，。]{1,4}(?: [^\s,;，。]{1,4}){2,9})(?=\s*(?:$|[.,;!?。，！？\n]))"
)
# "password for the NAS" on one line, the value alone on the next (a blank line between).
_NEXT_LINE = lazy_re(
    rf"(?im)^[ \t]*(?:the\s+|my\s+|our\s+)?(?:[\w-]+\s+){{0,2}}(?P<label>{_SHORT_LABEL})"
    r"(?:\s+(?:for|of|to)\s+[^\n:]{1,30})?[ \t]*[:：]?[ \t]*\n(?:[ \t]*\n)?[ \t]*"
    r"(?P<v>[^\s]{4,64})[ \t]*$"
)
# "Lily-2031 是我的邮箱密码": a made value, then 是, a short owner and the label, ending
# the clause ("2024 是我改密码的年份" holds none).
_ZH_VALUE_FIRST = lazy_re(
    r"(?<![\w@#$%^&*.-])(?P<v>(?=[^\s]{0,63}\d)[A-Za-z0-9!@#$%^&*._-]{4,64})\s*(?:就是|是|为)\s*"
    r"[\u4e00-\u9fffA-Za-z0-9 ]{0,10}?(?:密码|口令|门禁码|开锁码)(?=\s*(?:$|[,，。.!！;；]))"
)


def _made(value: str, *, code: bool) -> bool:
    if code:
        return bool(re.fullmatch(r"\d{4,10}", value))
    return (len(value) >= 6 and bool(re.search(r"\d", value))
            and bool(re.search(r"[^\W\d_]|[^\w]", value)))


def loose_values(text: str) -> Iterator[tuple[str, int, int]]:
    """Values a label reads loosely: typed in chunks ("password is Hun ter 20 24"), alone
    on the line after the label, or before 是 …密码. ``(kind, start, end)``."""
    for m in _CHUNKED.finditer(text):
        joined = m.group("v").replace(" ", "")
        code = not re.search(r"(?i)pass|pwd|密码|口令", m.group())
        if _made(joined, code=code) and not re.fullmatch(r"[\d ]+", m.group("v")):
            yield ("pin_code" if code else "password"), m.start("v"), m.end("v")
    for m in _NEXT_LINE.finditer(text):
        value = m.group("v").rstrip(".,;")
        code = not re.search(r"(?i)pass|pwd|密码|口令", m.group("label"))
        if _made(value, code=code) and not re.match(r"[$<{%(]|https?:|/", value):
            yield ("pin_code" if code else "password"), m.start("v"), m.start("v") + len(value)
    for m in _ZH_VALUE_FIRST.finditer(text):
        value = m.group("v")
        if kind_example(text[m.end("v"):m.end()]):
            continue  # "123456 是最常见的弱密码": an example of the kind, no one's own
        if re.fullmatch(r"\d{4,10}", value) or _made(value, code=False):
            yield "password", m.start("v"), m.end("v")


# --- tables: a secret column ----------------------------------------------------------------
_HEADER_CELL = lazy_re(
    r"(?i)^(?:[\w]{1,16}[ _-])?(?:password|passwd|passcode|pwd|pw|pass|secret|token|api[ _-]?key"
    r"|pin(?:[ _-]?code)?|credentials?|密码|口令|密钥|秘钥|令牌|pin码)$"
)
_ROW_SPLIT = lazy_re(r"\s*\|\s*|\t|\s*,\s*")
_RULE_ROW = lazy_re(r"^[\s|:+-]*$")


def _cells(line: str) -> list[str]:
    line = line.strip()
    if "|" in line:
        line = line.strip("|")
        return [c.strip() for c in line.split("|")]
    sep = "\t" if "\t" in line else ","
    return [c.strip() for c in line.split(sep)]


def table_assignments(text: str) -> Iterator[tuple[str, str, int, int]]:
    """Values in a pasted table's secret column: a header row (cells split by ``|``, tabs
    or commas) naming a password, PIN or token column, then rows with as many cells.
    Yields ``(label, "strict", start, end)``; the value is judged by the caller."""
    if "\n" not in text:
        return
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    header: tuple[int, list[int], list[str]] | None = None  # (width, columns, names)
    for i, line in enumerate(lines):
        if not line.strip() or ("|" not in line and "\t" not in line and "," not in line):
            header = None
            continue
        cells = _cells(line)
        cols = [j for j, c in enumerate(cells) if _HEADER_CELL.match(c)]
        # A header is short names, not a sentence with commas in it.
        if cols and len(cells) >= 2 and all(len(c) <= 30 and c.count(" ") <= 2 for c in cells):
            header = (len(cells), cols, [cells[j] for j in cols])
            continue
        if header is None or _RULE_ROW.match(line):
            continue
        if len(cells) != header[0]:
            header = None
            continue
        for j, name in zip(header[1], header[2], strict=True):
            value = cells[j]
            if not value:
                continue
            # Find the cell in the line: the j-th occurrence position after j separators.
            start = _cell_offset(line, value, j)
            if start >= 0:
                label = "pin" if re.match(r"(?i)pin", name) else "password"
                yield label, "strict", offsets[i] + start, offsets[i] + start + len(value)


def _cell_offset(line: str, value: str, column: int) -> int:
    sep = "|" if "|" in line else "\t" if "\t" in line else ","
    pos = 0
    stripped = line.lstrip()
    lead = len(line) - len(stripped)
    if sep == "|" and stripped.startswith("|"):
        lead += 1
    pos = lead
    for _ in range(column):
        nxt = line.find(sep, pos)
        if nxt < 0:
            return -1
        pos = nxt + 1
    return line.find(value, pos)


# --- codes said with counts -----------------------------------------------------------------
_ZH_DIGIT = "零〇幺一二两三四五六七八九"
_ZH_COUNT = "一二两三四五六七八九十"
_ZH_VALUE_OF = {c: str(i) for i, c in enumerate("零一二三四五六七八九")}
_ZH_VALUE_OF.update({"〇": "0", "幺": "1", "两": "2", "十": "10"})
_COUNT_LABEL = (
    r"(?i)(?:密码|口令|暗号|门禁码|开锁码|解锁码|pin码|pin|passcode|password|code"
    r"|(?:门禁|开锁|解锁|保险箱|保险柜|密码锁|车库|大门|银行卡|信用卡|手机|门锁)\s*(?:密码|code|pin))"
)
_ZH_PIECE = rf"(?:[{_ZH_COUNT}\d]\s*个\s*[{_ZH_DIGIT}\d]|[{_ZH_DIGIT}])"
_ZH_COUNTED = lazy_re(
    rf"{_COUNT_LABEL}[^\n，。,.;；]{{0,8}}?(?:[:：=]|就是|是|为|叫|设成|改成)\s*"
    rf"(?P<v>{_ZH_PIECE}(?:\s*(?:加|和|再|然后|、|，|,)?\s*{_ZH_PIECE}){{0,11}})"
    # a unit or a noun after the last digit makes it a description ("三个一组", "六个数字")
    r"(?![\u4e00-\u9fff\w])"
)
_EN_DIGIT = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_EN_TOKEN = rf"(?:(?:double|triple|treble)\s+)?{_EN_DIGIT}"
_EN_COUNTED = lazy_re(
    rf"(?i)(?<![A-Za-z])(?:pin|passcode|password|code|combination|combo)"
    r"(?:\s+(?:for|of|to|on)\s+(?:the\s+|my\s+)?[\w'-]{1,20})?"
    r"(?:\s*(?:\bis\b|\bwas\b|:|=|\s-\s))\s*"
    rf"(?P<v>{_EN_TOKEN}(?:[\s,-]+(?:and\s+)?{_EN_TOKEN}){{1,11}})(?![A-Za-z])"
)


def _zh_digits(value: str) -> int:
    n = 0
    for m in re.finditer(rf"([{_ZH_COUNT}\d])\s*个\s*[{_ZH_DIGIT}\d]|[{_ZH_DIGIT}]", value):
        count = m.group(1)
        n += int(_ZH_VALUE_OF.get(count, count)) if count else 1
    return n


def counted_codes(text: str) -> Iterator[tuple[str, int, int]]:
    """Codes said with counts after a code or password label: "门禁密码是六个八" (888888),
    "三个一三个二", "6 个 8", "garage code: double seven, two, one", "triple three nine".
    At least one count, and four or more digits in all."""
    for m in _ZH_COUNTED.finditer(text):
        value = m.group("v").rstrip("，, 、")
        if "个" in value and _zh_digits(value) >= 4:
            yield "code_in_words", m.start("v"), m.start("v") + len(value)
    for m in _EN_COUNTED.finditer(text):
        value = m.group("v")
        low = value.casefold()
        if not re.search(r"double|triple|treble", low):
            continue
        digits = sum(3 if w in ("triple", "treble") else 2 if w == "double" else 0
                     for w in re.findall(r"[a-z]+", low))
        digits += len(re.findall(_EN_DIGIT, low)) - len(re.findall(r"double|triple|treble", low))
        if digits >= 4:
            yield "code_in_words", m.start("v"), m.end("v")


# --- labels broken across a line ------------------------------------------------------------
_LABEL_WORDS = lazy_re(
    r"(?i)^(?:pass(?:word|wd|code|phrase)|passwort|kennwort|credentials?|secret|token"
    r"|api[_ .-]?key|combination|recovery|backup)$"
)
_LATIN_BREAK = lazy_re(r"(?<=[A-Za-z])(?:-[ \t]*\n[ \t]*|-[ \t]+|[ \t]*\n[ \t]*)(?=[A-Za-z])")
_CJK_BREAK = lazy_re(r"(?<=[\u4e00-\u9fff])[ \t]*\n[ \t]*(?=[\u4e00-\u9fff])")
_ZH_LABELS = ("密码", "口令", "密钥", "秘钥", "私钥", "令牌", "验证码", "门禁码", "授权码",
              "提取码")


def broken_label_gaps(text: str) -> list[tuple[int, int]]:
    """Spans to remove so a label broken across a line reads whole: "pass-\\nword",
    "pass\\nword", "pass- code", "密\\n码". Only where the joined word is a secret label,
    so "pass-\\nport" and two ordinary lines are never joined."""
    gaps = []
    for m in _LATIN_BREAK.finditer(text):
        a = m.start()
        while a > 0 and text[a - 1].isascii() and text[a - 1].isalpha():
            a -= 1
        b = m.end()
        while b < len(text) and text[b].isascii() and text[b].isalpha():
            b += 1
        if _LABEL_WORDS.match(text[a : m.start()] + text[m.end() : b]):
            gaps.append((m.start(), m.end()))
    for m in _CJK_BREAK.finditer(text):
        joined = text[max(0, m.start() - 2) : m.start()] + text[m.end() : m.end() + 2]
        if any(w in joined for w in _ZH_LABELS):
            gaps.append((m.start(), m.end()))
    return gaps


# --- a value given in parts -----------------------------------------------------------------
# "token part one: ghp_4kQ9… and part two: vR8n…", "password, first half: Lark, second
# half: #2031", "密钥前半段是 …，后半段是 …": each part after a secret label is a value.
# A part is named by the grammar of a whole and its pieces, not by a list of sentences:
# an ordinal or a count with a piece noun ("first half", "the last four digits", "part
# two"), the rest ("the rest", "the remainder", "what's left"), an edge ("starts with",
# "ends with", "followed by"), and in Chinese a side with a count and a unit (前四位,
# 后两个字符, 最后三位, 前半段), the rest (剩下的, 其余, 后面再加). The part may name its whole
# ("first half of the key is …"), so a label just after the part phrase counts too.
_PART_LABEL = lazy_re(r"(?i)(?<![A-Za-z])(?:pass(?:word|wd|phrase|code)?|pwd|pin|token|secret"
                      r"|(?:api|access|private|secret)[ _-]?key|key|pw"
                      # round 10: a code label, and a bare "code" given as digits in parts
                      r"|(?:door|gate|alarm|safe|garage|lock|entry|keypad)\s+code|code"
                      r")(?![A-Za-z])"
                      r"|密码|口令|回令|暗号|密钥|秘钥|令牌|验证码|授权码|门禁码|开锁码|解锁码|PIN码")
# The label itself, a copula and a first part, when later parts follow (round 10): "My
# email password is the word Kite. Then add 4471 at the end", "The code is 48… and then 21".
_PART_HEAD = lazy_re(r"(?i)\s*(?:[:=：]|\bis\b|\bwas\b|就是|是|为)\s*(?:the\s+word\s+)?[\"'“]?"
                     r"(?P<v>[^\s\"'”,;，。；…]{2,64})")
_PART_EN_COUNT = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|twelve|\d{1,2})"
_PART_EN_PIECE = (r"(?:parts?|half|halves|pieces?|chunks?|segments?|bits?|digits?|characters?"
                  r"|chars?|letters?|numbers?)")
_PART_ZH_COUNT = r"[一二两三四五六七八九十\d]{1,3}"
_PART_ZH_UNIT = r"(?:位|个字符|个字母|个数字|个字|个|段|部分)"
_PART = lazy_re(
    r"(?i)(?<![A-Za-z])(?:"
    rf"(?:{_PART_EN_PIECE})\s*(?:one|two|three|four|[1-4]|i{{1,3}})(?![A-Za-z])"
    rf"|(?:the\s+)?(?:first|second|third|fourth|last|other|final|next|remaining|opening|closing)"
    rf"(?:\s+{_PART_EN_COUNT}(?:\s+{_PART_EN_PIECE})?|\s+{_PART_EN_PIECE})"
    r"|(?:the\s+)?(?:rest|remainder)|what'?s\s+left"
    r"|(?:starts?|begins?|ends?|finish(?:es)?)\s+with|followed\s+by|then\s+comes"
    # round 10: the next part announced — "then add", "and then", "after that comes",
    # "然后说", "再加上"
    r"|(?:and\s+)?then\s+(?:add|type|put|comes|append)|and\s+then|after\s+that(?:\s+comes)?"
    r"|然后(?:再)?(?:说|加上?|输入|跟上?|接上?|是)|再加上?"
    rf"|(?:最后|末尾|开头|[前后後末])(?:{_PART_ZH_COUNT}{_PART_ZH_UNIT}|半(?:段|部分)?)"
    rf"|第[一二三四1-4](?:部分|段|截)|剩下的?(?:{_PART_ZH_COUNT}{_PART_ZH_UNIT}|部分)?|其余的?(?:部分)?"
    r"|后面(?:再)?(?:加|跟|接)(?:上)?|结尾|开头)"
    # the whole named after the part: "first half of the key", "the rest of my password"
    r"(?:\s+of\s+(?:the\s+|my\s+|our\s+|your\s+|this\s+|that\s+)?(?:[\w-]{1,20}\s+){0,2}?"
    r"(?:pass(?:word|wd|phrase|code)?|pin|token|secret|key|code)s?)?"
    r"\s*(?:[:=：]|\bis\b|\bare\b|就是|是|为|\s)\s*[\"'“]?(?P<v>[^\s\"'”,;，。；]{2,64})"
)


def part_values(text: str) -> Iterator[tuple[str, int, int]]:
    """Values given in parts after a secret label: ``(kind, start, end)`` of each part that
    looks made (a digit and a letter, or a symbol), within 160 characters of the label."""
    done: set[int] = set()
    for label in _PART_LABEL.finditer(text):
        window_end = min(len(text), label.end() + 160)
        kind = ("password" if re.search(r"(?i)pass|pwd|pin|pw|code|密码|口令|回令|暗号|码",
                                        label.group())
                else "secret_assignment")
        parts = []
        for m in _PART.finditer(text, max(0, label.start() - 40), window_end):
            # a part ends at a sentence mark glued to the next Chinese clause
            value = re.split(r"[.!?。！？](?=[\u3400-\u9fff])", m.group("v"))[0].rstrip(".!?)")
            # ("#88" is a piece here, not a reference to a channel or an issue)
            if (value and (not is_placeholder(value) or re.fullmatch(r"#\d{2,8}", value))
                    and m.start("v") not in done):
                parts.append((m.start("v"), m.start("v") + len(value), value))
        head = _PART_HEAD.match(text, label.end()) if parts else None
        if head and head.start("v") < parts[0][0] and head.start("v") not in done:
            value = head.group("v").rstrip(".!?)")
            if value and not is_placeholder(value) and not _PART.match(text, head.start("v")):
                parts.insert(0, (head.start("v"), head.start("v") + len(value), value))
        # The parts are judged together (round 7): "前半段是 Lotus，后半段是 5521" is one made
        # value in two pieces, each of which alone is a word or a number.
        joined = "".join(p[2] for p in parts)
        if re.fullmatch(r"(?i)code", label.group()) and not joined.isdigit():
            continue  # a bare "code" in parts is digits: "the code is ready, then v2" is none
        together = len(parts) >= 2 and (_part_made(joined) or (
            kind == "password" and joined.isdigit() and len(joined) >= 4))
        for start, end, value in parts:
            # a short piece is a value when it holds a digit or a symbol and closes its
            # clause: "后面再加 q2", "the rest is 7!" (not "the rest is 12 characters")
            closing = (bool(re.search(r"[\d\W]", value)) and len(value) >= 2
                       and bool(_PART_END.match(text, end)))
            if (together and len(value) >= 2) or (len(value) >= 4 and _part_made(value)) or closing:
                done.add(start)
                yield kind, start, end


_PART_END = lazy_re(r"\s*(?:$|[.,;!?\n。，；！？)）]|at\s+the\s+(?:end|start)\b|在最后|在后面)")


def _part_made(value: str) -> bool:
    return bool((re.search(r"\d", value) and re.search(r"[^\W\d_]", value))
                or re.search(r"[^\w]", value))
