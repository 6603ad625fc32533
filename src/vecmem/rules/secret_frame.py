"""Round-6 label frames: a label noun, then what introduces a value (a copula, a colon,
叫, 就是, a comma or nothing), then one value token judged by its own shape.

Three frames the other label readers leave open:

* **a bare English "code"** ("the code is 4471", "code 5561 for the lockbox"): the word
  alone names too many things (source code, a zip code, an exit code), so the value must
  be PIN-shaped or made (digits and letters), end its clause, and the word before "code"
  must not name a public code;
* **a value in Chinese characters** after a Chinese password label ("wifi密码是芝麻开门",
  "暗号是天王盖地虎"): a short run of characters ending its clause with no grammatical
  character in it (的, 了, 不, 我 … make it a sentence about the password) and no word
  that describes a password (生日, 六位, 区分大小写 …); quoted, any run is a value;
* **a qualifier then a colon** ("password in rot13: Fgnefuvc42!", "密码用 rot13 写的：…"):
  a short stretch without sentence punctuation between label and colon; the value must
  then look made, as in prose.

Each yields ``(kind, start, end)`` for the value alone. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.rules.secret_values import is_placeholder, plausible_assigned
from vecmem.text import ascii_word_re, lazy_re

__all__ = ["EN_LABEL", "ZH_LABEL", "ZH_PASSWORD_WORDS", "frame_findings"]

# --- the label nouns, one table ------------------------------------------------------------------
# Every frame here (and the value-in-parts reader of ``secret_fields``) names a secret with
# these words: the English stems, and the Chinese words for a password (a value in Chinese
# characters may follow them) and for a key or a token (a value after them is a made one).
EN_LABEL = r"pass(?:word|wd|phrase|code)|pwd|pin|token|secret|api[ _-]?key"
ZH_PASSWORD_WORDS = ("密码", "密碼", "口令", "回令", "暗号", "暗號", "密语", "通关密语", "咒语")
ZH_KEY_WORDS = ("密钥", "秘钥", "令牌")
ZH_LABEL = "|".join((*ZH_PASSWORD_WORDS, *ZH_KEY_WORDS))

# --- a bare English "code" ------------------------------------------------------------------
# Codes that are public or name something else: the word before "code" decides.
_PUBLIC_CODE = lazy_re(
    r"(?i)^(?:zip|postal|post|area|country|dialling|dialing|error|status|exit|return|response"
    r"|promo|promotional|discount|coupon|voucher|gift|referral|invite|reward|loyalty|source"
    r"|qr|bar|region|airport|iata|icao|product|colou?r|hex|http|tax|hs|icd|cpt|sic|naics"
    r"|swift|bic|sort|branch|routing|iso|language|currency|morse|dress|machine|sample|example"
    r"|test|reference|ref|tracking|order|part|model|item|sku|course|class|module|subject"
    r"|billing|shipping|diagnosis|ascii|unicode|char|character|key|keyboard|scan|cheat|area"
    r"|legacy|python|rust|java|go|javascript|typescript"
    r"|production|library|client|server|backend|frontend|sample|starter|boilerplate|dead"
    r"|generated|native|shared|open|closed|binary|byte|machine|assembly|op|exit|post|zip)$"
)
_CODE_FRAME = ascii_word_re(
    r"(?i)(?<![A-Za-z])code(?:['’]s(?=\s))?(?![A-Za-z])"
    # "the code to the storeroom at work": a short qualifier after the word
    r"(?:\s+(?:for|to|of|on|at|in)\s+(?:the\s+|my\s+|our\s+)?[\w'’-]{1,20}(?:\s+[\w'’-]{1,20}){0,6}?"
    r"(?=\s*(?:[:=—–-]|\bis\b|\bwas\b)))?"
    r"(?P<sign>\s*(?:[:=]|—|–|->|→)\s*|\s+(?:is|was)(?:\s+(?:now|still))?\s+|\s+(?:is\s+)?"
    r"(?:changed|set|updated)\s+to\s+|(?<=['’]s)\s+|\s+)"
    r"(?P<v>[#*]?\d{4,10}[#*]?|\d(?: \d){3,9}|\d{2,4}(?:[- ]\d{2,4}){1,2}"
    r"|(?=[A-Za-z0-9!@#$%&*_-]{0,24}\d)(?=[A-Za-z0-9!@#$%&*_-]{0,24}[A-Za-z])"
    r"[A-Za-z0-9!@#$%&*_-]{6,24})"
    # The value ends its clause, or a short phrase of where or when follows.
    r"(?=\s*(?:$|[.,;!?)\]—–]|\s(?:for|at|to|on|and|then|so|but|in|after|before|from|now|today"
    r"|tonight|tomorrow|until|since|again|-)\b"
    r"|\s+[-—–]))"
)


# The word before "code", read backwards from it (a pattern that opened with it would be
# retried at every letter of a long run of letters).
_BEFORE = lazy_re(r"([A-Za-z]+)[\s_-]+$")


def _bare_codes(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _CODE_FRAME.finditer(text):
        before = _BEFORE.search(text, max(0, m.start() - 40), m.start())
        if before and _PUBLIC_CODE.match(before.group(1)):
            continue
        value = m.group("v")
        digits = value.replace(" ", "").replace("-", "").strip("#*")
        if not digits.isdigit():
            # A made token needs a sign, not just a space ("code ABC123X" may be a product).
            if not m.group("sign").strip() or len(value) < 6:
                continue
        elif not m.group("sign").strip() and re.fullmatch(r"(?:19|20)\d\d", digits):
            continue  # "code 2024": a year or a release, said without a sign
        yield "pin_code", m.start("v"), m.end("v")


# --- a value in Chinese characters ------------------------------------------------------------
_ZH_LABEL = rf"(?:{'|'.join(ZH_PASSWORD_WORDS)})"
_HAN = r"[\u4e00-\u9fff]"
_ZH_FRAME = lazy_re(
    rf"{_ZH_LABEL}(?:的话)?"
    r"(?P<sign>\s*[呢啊]?\s*[,，]\s*|\s*(?:就是|也是|还是|都是|是|为|叫做|叫|改成了?|换成了?|设成了?"
    r"|设置成了?|设置为|设为|改为|更新为|更新成了?)\s*[:：]?\s*|\s*[:：]\s*|\s+)"
    rf"(?:(?P<q>[\"“「『'‘])(?P<qv>[^\"”」』'’\n]{{1,24}})[\"”」』'’]"
    rf"|(?P<v>{_HAN}{{1,8}}(?: {_HAN}{{1,8}}){{0,2}})(?=$|[\s,，。.!！?？;；、）)]))"
)
# Characters that make a run a sentence about the password, not the password: particles,
# pronouns, auxiliaries, negation, measure words, verbs of setting and keeping, and of
# pointing elsewhere (见附件, 问老王, 找管理员).
_GRAMMAR = frozenset(
    "的了着过在是不没很太要会能可以都也就还被把让给和跟与或什么怎哪吗呢吧啊呀嘛个位种些每次已经刚"
    "自己我你他她它们这那有无非必须应该用于从对向到里后前时候改换设置存放记忘填写输入错多少谁哦呗"
    "得将所因但而才又再只最更挺比较别请需由管上下啥见看问找发附"
)
# Words that describe a password (what it is made of, how it is kept).
_DESCRIBING = lazy_re(
    r"生日|手机号|身份证|名字|拼音|英文|中文|数字|字母|符号|默认|初始|原来|原始|同一|一样|相同|统一"
    r"|公开|加密|明文|密文|复杂|简单|安全|随机|临时|固定|动态|错误|正确|保密|必填|区分|大小写|机密"
    r"|隐私|敏感|重要|有效|无效|过期|失效|纯"
    # round 10: another way to unlock, not a value ("密码改成了指纹解锁")
    r"|指纹|人脸|面容|刷脸|短信|验证码|扫码|二维码|手势|声纹|虹膜|解锁|识别|认证|登录|刷卡|U盾"
)
_ALL_NUMERALS = lazy_re(r"[零〇一二两三四五六七八九十百千万 ]+")


# A passphrase of Chinese words: three or more short words between spaces, commas or
# slashes after a passphrase label ("密码短语是 苹果 香蕉 橘子 葡萄").
_ZH_PHRASE = lazy_re(
    rf"(?:密码短语|口令短语|密语|通关密语|助记词)\s*(?:[:：]|就是|是|为)\s*"
    rf"(?P<v>{_HAN}{{1,4}}(?:[ ,，、/]+{_HAN}{{1,4}}){{2,23}})(?=$|[\s。.!！?？;；）)])"
)


def _han_values(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _ZH_PHRASE.finditer(text):
        if not set(m.group("v")) & _GRAMMAR:
            yield "passphrase", m.start("v"), m.end("v")
    for m in _ZH_FRAME.finditer(text):
        if m.group("q"):
            value, start = m.group("qv"), m.start("qv")
            if not re.search(_HAN, value) or _DESCRIBING.fullmatch(value):
                continue  # a non-Han quoted value is the other label rules' to judge
        else:
            value, start = m.group("v"), m.start("v")
            if (set(value) & _GRAMMAR or _DESCRIBING.search(value)
                    or _ALL_NUMERALS.fullmatch(value) or len(value.replace(" ", "")) < 2):
                continue
        yield "zh_password", start, start + len(value)


# --- a qualifier between the label and a colon -------------------------------------------------
_GAPPED = lazy_re(
    rf"(?i)(?<![A-Za-z])(?P<name>{EN_LABEL})"
    r"(?![A-Za-z])(?P<gap>[\s,][^\n.;!?。；！？:：=@/\[\]]{1,39}?)\s*[:：]\s*"
    r"(?P<v>[^\s\"'`,;，。；]{4,128})"
    rf"|(?P<zhname>{ZH_LABEL})(?P<zhgap>[^\n.;!?。；！？:：=@/\[\]]{{1,16}}?)\s*[:：]\s*"
    r"(?P<zv>[^\s\"'`,;，。；]{4,128})"
)
_DATE = lazy_re(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}")


def _gapped(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _GAPPED.finditer(text):
        if m.group("name"):
            name, gap, group = m.group("name"), m.group("gap"), "v"
            if len(gap.split()) > 6:
                continue
        else:
            name, group = m.group("zhname"), "zv"
        value = m.group(group).rstrip(".,:;?)]}>'\"`")
        if is_placeholder(value) or _DATE.search(value):
            continue
        if plausible_assigned(value, name, "prose"):
            kind = ("pin_code" if name.casefold() == "pin"
                    else "password" if re.search(r"(?i)pass|pwd", name)
                    or name in ZH_PASSWORD_WORDS
                    else "secret_assignment")
            yield kind, m.start(group), m.start(group) + len(value)


def frame_findings(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of every value the round-6 frames read in ``text``."""
    yield from _bare_codes(text)
    yield from _han_values(text)
    yield from _gapped(text)
