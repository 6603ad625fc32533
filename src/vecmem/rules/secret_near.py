"""A label, a gap of function words only, then a value: the one grammar behind many ways
of telling a secret.

"My password, letter by letter: d, r, a, g, o, n", "What's the PIN for the safe? — 4821",
"The gate code, if you need it: 4821", "保险箱的密码是什么？是四八二一", "我的密码一直是
Kestrel41", "my password is Kestrel 4 1". Each is a secret label, then words that only
link it to what follows (a copula, a pronoun, an adverb, a question and its answer
marker, "spelled out", "letter by letter", a qualifier such as "for the safe"), then a
value — and the value is judged after the pieces it was typed in are joined. Any other
word between the label and the value ("must", "required", "on the fridge", "至少",
"贴在") ends the reading, so a sentence about a secret keeps its numbers: the gap is
read against a closed class of function words, not against a list of sentences.

A value after a code label is PIN-shaped (4 to 10 digits, or 4 to 12 Chinese digits);
after a password label it is made (letters and digits, a symbol), all digits, or spelled
out one character at a time. A number followed by a unit ("12 characters", "4 digits",
"15 minutes", "八位") is a length or a time, never a value. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.rules.secret_chain import chain_next
from vecmem.rules.secret_values import classes, is_placeholder, kind_example
from vecmem.text import lazy_re

__all__ = ["CONTRACTION", "LABEL", "gap_ok", "near_values", "value_at"]

# Round 10: a bare "pass" is a password only next to what it opens — a network, a device
# or an account before it ("vpn pass", "wifi 的 pass") or after for / to / of ("the pass
# for the guest wifi"); a bus pass, a season pass, a boarding pass "for flight CA1234"
# open nothing of the kind.
_OPENS = (r"(?:wi-?fi|wlan|router|network|admin|login|email|mail|vpn|nas|server|ssh|sftp|ftp"
          r"|db|database|laptop|computer|pc|mac|account|hotspot|modem|vault)")
_EN_PASSWORD = (r"pass(?:word|wd|phrase)s?|pwd|pw|passwort|kennwort"
                rf"|{_OPENS}\s*(?:的\s*)?pass(?!\s+(?:rate|mark|through)\b)"
                rf"|pass(?=\s+(?:for|to|of|on)\s+(?:the\s+|my\s+|our\s+|your\s+)?"
                rf"(?:[a-z]+\s+)?{_OPENS}(?![A-Za-z]))")
_EN_CODE = (r"pins?|pin\s+(?:code|number)|passcodes?|combination|combo"
            r"|(?:door|gate|alarm|safe|locker|garage|lock|entry|keypad|access|unlock|padlock"
            r"|building|front\s+door|back\s+door)\s+(?:code|pin)s?")
# words that name a secret said or typed: "the secret word", "our safe word"
_EN_WORD = (r"secret\s+(?:word|phrase|answer|code)|safe\s*word|code\s*word|watchword"
            r"|security\s+answer")
_LABEL = lazy_re(
    rf"(?i)(?<![A-Za-z])(?:(?P<code>{_EN_CODE})|(?P<pw>{_EN_PASSWORD}|{_EN_WORD})"
    # a bare "code" with the thing it opens after it: "the code to my phone is …"
    r"|(?P<bare>codes?)(?=\s+(?:to|for|of)\s+(?:the\s+|my\s+|our\s+)?(?!conduct\b)[a-z]))"
    r"(?![A-Za-z])"
    r"|(?P<zhcode>PIN码|pin码|门禁码|开锁码|解锁码|门锁码|密码锁的?密码)"
    r"|(?P<zhpw>密码|密碼|口令|回令|暗号)"
)

def _words(text: str) -> list[str]:
    return text.split()


# The closed class a gap may be made of. English: copulas, determiners, pronouns, adverbs
# of time and degree, discourse markers, the words of spelling something out and of
# asking, the verbs of a change ("PIN changed from 1111 to 4821", as Chinese 改); a
# preposition may bring a qualifier of up to three words ("for the safe", "to my bank
# account").
_EN_LINK = frozenset(_words("""
is was are be been being 's it it's its the my our your his her their this that these
those which again still now currently always actually just also btw by way if you need
want ever here go goes is: here's there there's and so ok okay oh well yes yeah then
digit digits letter letters character characters spelled spelt out one at a time
exactly literally simply basically q a answer what what's whats do does know remember
recall tell told said says say me i we new old current usual same set all lowercase
uppercase capitals caps capital small
think guess believe pretty sure i'm im probably either
changed change changes updated reset rotated switched became got
"""))
_EN_PREP = frozenset(_words("for of to on at in with from"))
# Chinese: copulas and their adverbs, possessive and pronouns, sentence particles, the
# words of asking and answering, "if you need it".
_ZH_LINK = (
    "是为叫做就也还都一直现在目前其实的我你他她它们这那个哦对嗯啊吧呢啦呀么什多少啥来着答问要话如果需"
    "记得吗知道告诉给念出写成改设置新旧原来当前大小全从由"
    # round 10: the verbs of a change ("密码已经更新为 …", "口令更正一下，是 …")
    "已经更换重变正下"
)
_GAP_PUNCT = frozenset(":：=?？—–-→>⇒,，、()（）\"'“”‘’「」『』 \t")
_GAP_MAX = 48
# The rest of a contraction is no place for a value to start ("it's": not at "s").
_CONTRACTION = lazy_re(r"[A-Za-z]'$")

# A value typed in pieces: single characters between separators ("d, r, a, g, o, n",
# "k - e - s - t", "4 / 8 / 2 / 1", "四、八、二、一"), or a token with digits after it
# ("Kestrel 4 1").
_ZH_DIGITS = "零〇幺一二两三四五六七八九"
_SPELLED = lazy_re(
    r"[^\W_](?:(?:\s*[-./_·,，、|]\s*|\s)[^\W_]){3,63}(?![^\W_])"
)
_TOKEN = lazy_re(r"[^\s,，。;；、()（）\"'“”?？:：\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{1,64}"
                 r"(?:\s\d){0,6}")
_UNIT = lazy_re(
    r"(?i)\s*(?:characters?|chars?|digits?|letters?|numbers?|words?|times?|tries|attempts"
    r"|days?|weeks?|months?|years?|hours?|minutes?|mins?|seconds?|secs?|percent)(?![A-Za-z])"
    r"|\s*(?:%"
    r"|[位个個次遍天周年月日号點点岁分秒元块])"
)
# (a sentence particle may close a Chinese clause: "改成 Ziwei99 了")
_END = lazy_re(r"\s*(?:[了啦呀哦呢吧]\s*)?(?:$|[.,;!?。，；！？)）\n…]|\s[-–—]\s)")
# A code is often given with the keypad step after it: "3 3 9 1 then the hash key",
# "4821 and press enter", "4821 然后按井号".
_KEYPAD_STEP = lazy_re(r"(?i)\s+(?:and\s+)?(?:then|followed\s+by|press|hit)(?![A-Za-z])"
                       r"|\s*(?:然后|再)按")


def _gap_ok(gap: str) -> bool:
    """Whether ``gap`` holds only linking words and punctuation."""
    if len(gap) > _GAP_MAX or re.search(r"[.!。！;；\n]", gap):
        return False  # a sentence ended: a new one is no answer unless it is asked for
    words = re.findall(r"[A-Za-z']+|[\u3400-\u9fff]|\d+|[^\sA-Za-z'\u3400-\u9fff]", gap)
    qualifier = 0
    for w in words:
        low = w.casefold()
        if w in _GAP_PUNCT or low in _EN_LINK:
            qualifier = 0 if low not in ("the", "my", "our", "your") else qualifier
            continue
        if low in _EN_PREP:
            qualifier = 3
            continue
        if len(w) == 1 and w in _ZH_LINK:
            continue
        if qualifier and re.fullmatch(r"[A-Za-z'-]+|[\u3400-\u9fff]", w):
            qualifier -= 1
            continue
        return False
    return True


def _value(text: str, at: int, code: str) -> tuple[int, int] | None:
    """The span of the value starting at ``at``, if one stands there."""
    spelled = _SPELLED.match(text, at)
    if spelled:
        run = spelled.group()
        joined = re.sub(r"[\s\-./_·,，、|]", "", run)
        ended = _END.match(text, spelled.end()) or (
            code == "pin" and _KEYPAD_STEP.match(text, spelled.end()))
        if not ended or _UNIT.match(text, spelled.end()):
            return None
        if code == "pin":
            ok = (joined.isdigit() and 4 <= len(joined) <= 10) or _zh_digits(joined)
        else:
            ok = 4 <= len(joined) <= 32
        return (at, spelled.end()) if ok else None
    zh = re.match(rf"[{_ZH_DIGITS}]{{4,12}}", text[at:])
    if zh:
        end = at + zh.end()
        return (at, end) if not _UNIT.match(text, end) else None
    tok = _TOKEN.match(text, at)
    if not tok:
        return None
    value = tok.group().rstrip(".,;:?!)'\"。，；：！？")
    if value.endswith("!") or tok.group().endswith("!"):
        value = tok.group().rstrip(".,;:?)'\"。，；：？")
    end = at + len(value)
    joined = value.replace(" ", "")
    if not joined or is_placeholder(joined) or _UNIT.match(text, end):
        return None
    if not (_END.match(text, end) or (code == "pin" and _KEYPAD_STEP.match(text, end))
            or chain_next(text, end, joined, min(len(text), end + 60))):
        # the sentence goes on: "PIN 4821 2nd floor" is read by other rules; a second
        # value of the same shape may follow ("from 1111 to 4821": secret_chain)
        return None
    if code:
        # digit groups of a combination ("17-32-05"), not a date with its year
        if re.fullmatch(r"\d{1,3}(?:[-.]\d{1,3}){1,4}", joined):
            joined = re.sub(r"\D", "", joined)
        return (at, end) if re.fullmatch(r"[#*]?\d{4,10}[#*]?", joined) else None
    if re.fullmatch(r"\d{4,12}", joined):
        return at, end
    made = ((re.search(r"\d", joined) and re.search(r"[^\W\d_]", joined))
            # a symbol, but not the hyphen of a compound word ("case-sensitive")
            or (re.search(r"[^\w'-]", joined) and re.search(r"[^\W_]", joined)))
    if not made or len(joined) < 6 or "://" in joined or joined.startswith(("/", "~", "$", "<")):
        return None
    return at, end


def _zh_digits(value: str) -> bool:
    return 4 <= len(value) <= 12 and all(c in _ZH_DIGITS for c in value)


def near_values(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of each value a label's linking gap leads to."""
    for m in _LABEL.finditer(text):
        # a code label wants digits; a bare "code" before what it opens may be spelled
        code = ("pin" if (m.group("code") or m.group("zhcode"))
                else "bare" if m.group("bare") else "")
        limit = min(len(text), m.end() + _GAP_MAX + 1)
        # every place a value could start: after the gap's last linking word or mark
        for s in re.finditer(r"(?<=[\s:：=?？—–→,，、(（\"'“「『])(?=[^\s])|(?<=[是为叫])(?=[^\s])",
                             text[m.end():limit]):
            at = m.end() + s.start()
            if text[at] in "-–—→>⇒:：=,，?？" or _CONTRACTION.search(text, max(0, at - 2), at):
                continue  # a mark, or the rest of a contraction ("it's")
            if not _gap_ok(text[m.end():at]):
                break
            span = _value(text, at, code)
            if span:
                yield ("pin_code" if code else "password"), *span
                break
        yield from _named_before(text, m, code)


# The value first, then a copula and the label: "四八二一是我的银行卡密码", "Kestrel41 is
# the wifi password". The value opens its clause; what stands between it and the label
# is a copula and linking words only.
_CLAUSE_START = lazy_re(r"(?:^|(?<=[.!?。！？;；\n,，:：]))\s*")
_FIRST_TOKEN = lazy_re(
    r"[^\s,，。;；、()（）\"'“”?？:：\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{4,64}")
# A qualifier compounded with the label (银行卡密码, not 很弱的密码), or after a possessive
# ("my bank PIN", not "a bad PIN").
_QUALIFIER = lazy_re(r"[\u4e00-\u9fff]{0,3}[^\W\d的得地了]$"
                     # whose and what it opens, a product by name: "是用户的Outlook密码"
                     r"|(?:[\u4e00-\u9fff]{1,4}的\s*)?[A-Za-z][\w.-]{0,19}\s*$"
                     r"|(?i:(?<![A-Za-z])(?P<own>my|our|your|his|her|their)\s[A-Za-z-]{2,20}\s)$")
# Round 10: what the label belongs to, said before it: a thing and 的 ("是保险柜的密码"), or
# after "the" or "=" up to three words ("= server root password", "is the NAS admin
# password"); a word that ranks the kind ("the most common", "最常见的弱") is no owner.
_THING_QUALIFIER = lazy_re(r"(?<=[是为])[\u4e00-\u9fff]{1,4}的$"
                           r"|(?i:(?<![A-Za-z])(?P<det>the|=)\s(?:[A-Za-z][\w-]{0,19}\s){1,3})$")
_COPULA = lazy_re(r"(?i)(?<![A-Za-z])(?:is|was|are)(?![A-Za-z])|是|为|就是|(?<=\s)=(?=\s)")
# An aside between a value and its copula: "3390，记住，是保险柜的密码", "4821, remember, is
# my PIN". A closed class of reminders, between commas.
_ASIDE = lazy_re(r"(?i)[,，]\s*(?:记住|记好|记一下|记得|注意|别忘了|对了|remember|mind\s+you|btw"
                 r"|by\s+the\s+way|note)\s*(?=[,，])")


def _named_before(text: str, label: re.Match[str], code: str) -> Iterator[tuple[str, int, int]]:
    # the label heads the predicate and ends the clause ("…是我的银行卡密码。"), not a noun
    # it qualifies ("2024 是我改密码的年份")
    if not _END.match(text, label.end()):
        return
    lo = max(0, label.start() - _GAP_MAX - 40)
    starts = [m.end() for m in _CLAUSE_START.finditer(text, lo, label.start())]
    # the value opens the last clause, or an earlier one when only asides follow it
    for at in reversed(starts[-3:]):
        span = _value_before(text, at, label.start(), code)
        if not span:
            continue
        gap = _ASIDE.sub("", text[span[1]:label.start()])
        if not _COPULA.search(gap) or kind_example(gap):
            return  # "123456 is the most common password": an example of the kind
        if _label_gap_ok(gap):
            yield ("pin_code" if code else "password"), *span
        return


def _label_gap_ok(gap: str) -> bool:
    """Linking words between a value and its label, after the label's own qualifier is
    taken off: "我的银行卡密码", "my bank PIN", "保险柜的密码", "= server root password"."""
    if _gap_ok(gap):
        return True
    for rx in (_QUALIFIER, _THING_QUALIFIER):
        bare = rx.sub(lambda q: q.groupdict().get("own") or q.groupdict().get("det") or "", gap)
        if bare != gap and _gap_ok(bare):
            return True
    return False


def _value_before(text: str, at: int, stop: int, code: str) -> tuple[int, int] | None:
    spelled = _SPELLED.match(text, at, stop)
    end = spelled.end() if spelled else at
    zh = re.match(rf"[{_ZH_DIGITS}]{{4,12}}", text[at:stop])
    if zh:
        end = at + zh.end()
    if end == at:
        tok = _FIRST_TOKEN.match(text[at:stop])
        if not tok:
            return None
        end = at + tok.end()
    joined = re.sub(r"[\s\-./_·,，、|]", "", text[at:end])
    if _zh_digits(joined) or (code == "pin" and joined.isdigit() and 4 <= len(joined) <= 10):
        return at, end
    if code == "pin":
        return None
    made = (joined.isdigit() and 4 <= len(joined) <= 12) or (
        len(joined) >= 6 and re.search(r"\d", joined) and re.search(r"[^\W\d_]", joined))
    # five characters of three classes: "Xk9#2" (round 10)
    made = made or (len(joined) == 5 and classes(joined) >= 3 and re.search(r"\d", joined))
    return (at, end) if made or (spelled and len(joined) >= 4) else None


# Public names for the readers that reuse this grammar (``secret_restate``).
CONTRACTION = _CONTRACTION
LABEL = _LABEL
gap_ok = _gap_ok
value_at = _value
