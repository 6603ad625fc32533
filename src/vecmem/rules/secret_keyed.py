"""Round 11: secret values whose label or whose shape the earlier rounds did not read.

Each rule is a label (a closed class), a sign or a clause between, and a value of the
label's own shape; an ordinary fact about the same thing keeps every word.

* **codes with a separator between every digit**: a code label (door code, PIN, combo,
  门禁码, a bare ``code``) and a sign, then four or more digits joined by one repeated
  ``#``, ``*``, ``.``, ``/`` or ``-`` ("Door code for the bike room is 7#3#9#2");
* **combinations in number words**: a combination, combo or 密码 and a sign, then three or
  more numbers said as words, tens included ("twelve, thirty-three, eight", "三十二、十五、八");
* **security answers**: the answer to a security question (security answer, 密保答案,
  密保问题的答案) and a sign, then the rest of its clause; an ``Answer:`` after a
  security question asked in the same text;
* **a value in a later clause**: a password label, a clause about it (跟上次一样, 没变,
  "is the same as before"), then 就是 / 还是 / 就用 / "it's just" / "still" and a made value
  (letters with digits or symbols) closing the sentence;
* **a Wi-Fi key after the network name**: a network named (network, SSID, Wi-Fi, 网络名)
  and then ``key`` / ``passphrase`` and a quoted or made value;
* **recovery keys in digit groups**: a recovery key or backup code and a sign, then groups
  of four to eight digits joined by dashes.

Pure functions, no I/O.
"""

from __future__ import annotations

from vecmem.text import ascii_word_re

__all__ = ["KEYED_DESCRIPTIONS", "keyed_values"]

_re = ascii_word_re

KEYED_DESCRIPTIONS = {"security_answer": "the answer to a security question"}

# What may stand between a label and its sign: "for the bike room", "on the shed".
_EN_FOR = (r"(?:\s+(?:for|on|of|at|to)\s+(?:the\s+|my\s+|our\s+)?[\w-]{1,20}"
           r"(?:\s+[\w-]{1,20}){0,2})?")
_EN_SIGN = r"(?:\s*[:：=]\s*|\s+(?:is|was|are)\s*:?\s*|\s*[-–—]\s+)"
_ZH_SIGN = r"\s*(?:是|为|：|:|=)\s*"

# --- codes with a separator between every digit ------------------------------------------
_CODE_LABEL = (
    r"(?i:(?<![A-Za-z])(?:pin(?:\s+(?:code|number))?|passcode|combination|combo|code))"
    r"|密码|门禁码|开门码|门锁码|密码锁|锁码"
)
_SEP_CODE = _re(
    rf"(?:{_CODE_LABEL})(?:{_EN_FOR}{_EN_SIGN}|{_ZH_SIGN})"
    r"(?P<v>\d(?P<s>\s?[#*./-]\s?)\d(?:(?P=s)\d){2,9})(?![\d#*./-]?\d)"
)

# --- combinations in number words --------------------------------------------------------
_EN_UNIT = r"(?:one|two|three|four|five|six|seven|eight|nine)"
_EN_TEEN = (r"(?:zero|oh|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
            r"|eighteen|nineteen)")
_EN_TENS = r"(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)"
_EN_NUM = rf"(?:{_EN_TENS}(?:[-\s]{_EN_UNIT})?|{_EN_TEEN}|{_EN_UNIT})"
_ZH_NUM = r"[零〇一二三四五六七八九十两]{1,3}"
_COMBO = _re(
    r"(?i:(?<![A-Za-z])(?:combination|combo|lock\s+code|safe\s+code|locker\s+code))"
    rf"(?:{_EN_FOR}{_EN_SIGN}|{_ZH_SIGN})"
    rf"(?P<v>(?i:{_EN_NUM}(?:\s*(?:,|-|–)\s*{_EN_NUM}){{2,5}}))\b"
    rf"|(?:密码|组合|密码锁)(?:{_ZH_SIGN})(?P<z>{_ZH_NUM}(?:[、，,\s-]{_ZH_NUM}){{2,5}})"
    r"(?![零〇一二三四五六七八九十两百千万])"
)

# --- security answers --------------------------------------------------------------------
_EN_ANSWER_LABEL = (
    r"(?i:(?<![A-Za-z])(?:(?:security|secret)\s+(?:question\s+)?answer"
    r"|answer\s+(?:to|for)\s+(?:my|the|our|his|her|their)\s+(?:[\w-]{1,15}\s+)?"
    r"security\s+question"
    # what the question asks: "… security question about their first pet is Rufus"
    r"(?:\s+(?:for|on|about)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+|your\s+)?"
    r"(?:[\w-]{1,20}\s+){0,2}[\w-]{1,20})?))"
)
# The thing a security answer is, named first: "mother's maiden name, used as a security
# answer, is Kowalczyk".
_EN_ANSWER_ASIDE = (
    r"(?i:,\s*(?:used|given|set|chosen|picked)\s+as\s+(?:a|the|my|our|his|her|their|your)\s+"
    r"security\s+(?:question\s+)?answer\s*,\s*(?:is|was))\s+"
)
# An English answer: quoted, one made token, or capitalised words (a name or a place);
# "the same as my sister's" and "at least three letters" are no answer.
_EN_VALUE = (
    r"(?:['\"‘“`](?P<q>[^'\"’”`\n]{2,40})['\"’”`]"
    r"|(?P<t>(?![A-Za-z]+(?![\w!@#$%^&*+=~-]))[A-Za-z0-9][\w!@#$%^&*+=~-]{2,39}(?<![.,;!?-]))"
    r"|(?P<c>(?!(?:The|A|An|My|Your|His|Her|Our|Their|Same|Just|Still|Not|In|On|At|Stored|Saved)\b)"
    # a name or a place, then what it is ("Rufus the hamster"); letters of any Latin
    # alphabet ("Valparaíso", "Kowalczyk")
    r"[A-Z][^\W\d_]{1,20}(?:\s+[A-Z][^\W\d_]{1,20}){0,3}"
    r"(?:\s+(?:the|a|an|my|our|his|her|their)\s+[a-z]{2,20}(?:\s+[a-z]{2,20})?)?))"
)
_EN_ANSWER = _re(rf"(?:{_EN_ANSWER_LABEL}{_EN_SIGN}|{_EN_ANSWER_ASIDE}){_EN_VALUE}"
                 r"(?=\s*(?:$|[.,;!?)\n]))")
_ZH_ANSWER = _re(
    r"密保(?:问题)?(?:的)?答案(?:写的|设的|填的|设置的)?(?:是|为|：|:)\s*[:：]?\s*"
    r"(?:['\"‘“「](?P<q>[^'\"’”」\n]{1,30})['\"’”」]"
    r"|(?P<v>(?!(?:跟|和|与|同|至少|不能|不要|不是|需要|必须|可以|很|太|要|我的生日|一样))"
    r"[\w\u4e00-\u9fff!@#$%&*+-]{2,24}?))"
    r"(?=\s*(?:$|[，。；！？,;!?\n]|[啊嘛吧呢哦啦呀]))"
)
# "Security question: first pet? Answer: Biscuit-07"
# (安全问题 alone is a safety issue; with the question quoted after it, it is one to answer)
_ASKED = _re(r"(?i)security\s+question|密保问题|安全问题(?=\s*[“「『\"'‘])")
_ZH_LATER_VALUE = r"(?P<v>[\w\u4e00-\u9fff!@#$%&*+-]{2,24}?)(?=\s*(?:$|[，。；！？,;!?\n]))"
_LATER_ANSWER = _re(rf"(?i:(?<![A-Za-z])answer){_EN_SIGN}{_EN_VALUE}"
                    r"(?=\s*(?:$|[.,;!?)\n]))"
                    rf"|答案\s*(?:[:：]|就是|是|为)\s*[:：]?\s*{_ZH_LATER_VALUE}")
# The question quoted, then its answer after a colon or a dash: "Security question 'city
# where your parents met': Valparaíso", "密保问题「第一只宠物」：豆豆".
_QUOTED_ANSWER = _re(
    r"\s*[:：]?\s*[“「『\"'‘](?P<question>[^\"'’”」』\n]{3,80})[\"'’”」』]\s*(?:[:：=]|\s[-–—]\s?|——)\s*"
    rf"(?:{_EN_VALUE}(?=\s*(?:$|[.,;!?)\n]))|{_ZH_LATER_VALUE})"
)

# --- a value in a later clause -----------------------------------------------------------
_PW_LABEL = (
    r"(?i:(?<![A-Za-z])(?:password|passwd|passcode|pass|pwd|pin))|密码|口令"
)
# A made value: letters with digits or symbols, six to forty characters.
_VAL = r"[A-Za-z0-9!@#$%^&*_+=~.-]{6,40}(?<![.-])"
_MADE = rf"(?=[^\s，。]*\d)(?=[^\s，。]*[A-Za-z]){_VAL}"
_MADE_SYM = rf"(?=[^\s，。]*[!@#$%^&*_+=~])(?=[^\s，。]*[A-Za-z]){_VAL}"
_LATER_ZH = _re(
    rf"(?:{_PW_LABEL})[^。！？!?\n]{{1,30}}?[，,]\s*(?:就是|还是|就用|用的是|就|也是|仍然是|依然是)\s*"
    rf"(?P<v>{_MADE}|{_MADE_SYM})(?=\s*(?:$|[，。！？,.!?\n]|[啊嘛吧呢哦啦呀]))"
)
_LATER_EN = _re(
    rf"(?:{_PW_LABEL})\b[^.!?\n]{{1,40}}?,\s*(?:it'?s|it\s+is|that'?s|it\s+was|still)\s+"
    rf"(?:just\s+|still\s+|simply\s+)?(?P<v>{_MADE}|{_MADE_SYM})(?=\s*(?:$|[,.!?\n]))"
)

# --- a Wi-Fi key after the network name --------------------------------------------------
_NETWORK = _re(r"(?i)(?<![A-Za-z])(?:wi-?fi|wlan|ssid|network|hotspot)(?![A-Za-z])"
               r"|网络名?|热点|无线")
_WIFI_KEY = _re(
    r"(?i:(?<![A-Za-z])(?:(?:the\s+)?(?:wifi\s+|network\s+)?(?:key|passphrase|pass|pw)))"
    r"(?:\s*(?:[:：=]|is|是)\s*|\s+)"
    r"(?:['\"‘“`](?P<q>[^'\"’”`\n]{4,63})['\"’”`]"
    rf"|(?P<v>{_MADE}|{_MADE_SYM}))"
)

# --- recovery keys in digit groups -------------------------------------------------------
_RECOVERY = _re(
    r"(?i:(?<![A-Za-z])(?:recovery|backup|bitlocker)\s+(?:keys?|codes?))"
    rf"(?:{_EN_FOR}{_EN_SIGN}|{_ZH_SIGN})"
    rf"|(?:恢复密钥|恢复码|备用码|备用验证码)(?:{_ZH_SIGN})"
)
_GROUPS = _re(r"\d{4,8}(?:-\d{4,8}){1,7}(?![\d-])")


def keyed_values(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of every round-11 value in ``text``."""
    out: list[tuple[str, int, int]] = []
    low = text.casefold()
    if any(w in low for w in ("code", "pin", "combo", "combination", "密码", "码")):
        for m in _SEP_CODE.finditer(text):
            out.append(("pin_code", *m.span("v")))
    if "combo" in low or "combination" in low or "code" in low or "密码" in text or "组合" in text:
        for m in _COMBO.finditer(text):
            g = "v" if m.group("v") else "z"
            out.append(("pin_code", *m.span(g)))
    if "answer" in low or "答案" in text:
        for rx in (_EN_ANSWER, _ZH_ANSWER):
            for m in rx.finditer(text):
                g = next(k for k in ("q", "t", "c", "v") if k in m.groupdict() and m.group(k))
                out.append(("security_answer", *m.span(g)))
    asked = _ASKED.search(text)
    if asked:
        later = list(_LATER_ANSWER.finditer(text, asked.end())) if (
            "answer" in low or "答案" in text) else []
        quoted = _QUOTED_ANSWER.match(text, asked.end())
        for m in later + ([quoted] if quoted else []):
            g = next(k for k in ("q", "t", "c", "v") if m.group(k))
            out.append(("security_answer", *m.span(g)))
    for rx in (_LATER_ZH, _LATER_EN):
        for m in rx.finditer(text):
            out.append(("password", *m.span("v")))
    net = _NETWORK.search(text)
    if net:
        for m in _WIFI_KEY.finditer(text, net.end()):
            g = "q" if m.group("q") else "v"
            out.append(("secret_assignment", *m.span(g)))
    if any(w in low for w in ("recovery", "backup", "bitlocker", "恢复", "备用")):
        for m in _RECOVERY.finditer(text):
            groups = _GROUPS.match(text, m.end())
            if groups:
                out.append(("recovery_key", *groups.span()))
    return out
