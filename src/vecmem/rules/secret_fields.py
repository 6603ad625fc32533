"""Round-7 readers: a secret named by the *morphology* of a field name, a value given in
parts, and a value said with the verb of using it.

* **Field names by their head morpheme.** A name is split into its morphemes (camelCase,
  snake_case, kebab-case, dots: ``SmtpPassword`` → smtp + password, ``x-auth-token`` → x +
  auth + token) and its *last* morpheme decides, as the head of a compound does:
  ``password``, ``passwd``, ``pwd``, ``pass``, ``passcode``, ``pin``, ``token``, ``secret``,
  ``credential``, ``signature`` / ``sig`` name a secret; ``key`` and ``code`` only after a
  qualifier that makes them one (``api_key``, ``access-key``, ``auth_code``, ``otp-code``),
  so ``token_file``, ``password_hint``, ``sort_key`` and ``zip_code`` are no secret names.
  It is read wherever a name stands before a value: a URL query (``?code=518204`` only in a
  URL's query, the one place a bare ``code`` carries a one-time secret), an XML/HTML
  attribute pair (``key="SmtpPassword" value="…"``, ``name="password" value="…"``) or an
  element (``<ApiToken>…</ApiToken>``), a long CLI flag (``--token tk_…``, ``--api-key=…``).
* **Chinese 码 compounds.** ``锁屏码``, ``开机码``, ``配对码``, ``取件码`` … : any
  compound ending in 码 is a code label except the ones that name a public code (代码,
  号码, 编码, 条码, 二维码, 邀请码, 优惠码 …), before a PIN-shaped or made value ending
  its clause.
* **A value in parts.** After a password label, parts joined by a connector ("and then",
  "then", "followed by", "plus", ``+``, 加上, 再加, 然后, 后面是): the parts are judged together
  (``Amber and then 9914``, ``"snow" + "cap" + "7781"``) and each is cut.
* **A value said with its use.** "I log in with Meadow!2024", "the safe opens with
  26-14-8", "Kestrel-8812 is what I use for the router", "登录用 Lm-58812": a made value
  (letters and digits, or digit groups) as the object of logging in, unlocking, opening.

Each yields ``(kind, start, end)`` for the value alone. Pure functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.rules.secret_entropy import transitions
from vecmem.rules.secret_frame import EN_LABEL, ZH_LABEL
from vecmem.rules.secret_values import is_placeholder
from vecmem.text import lazy_re

__all__ = ["field_findings", "secret_name"]

# --- field names by morphology ----------------------------------------------------------------
_MORPHEME = lazy_re(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")
_HEADS = {
    "password": "password", "passwd": "password", "pwd": "password", "pw": "password",
    "pass": "password", "passcode": "pin_code", "passphrase": "passphrase", "pin": "pin_code",
    "token": "secret_assignment", "secret": "secret_assignment",
    "credential": "secret_assignment", "credentials": "secret_assignment",
    "creds": "secret_assignment", "signature": "secret_assignment", "sig": "secret_assignment",
    "apikey": "secret_assignment", "accesskey": "secret_assignment",
}
# "key" and "code" are heads of a secret only after one of these.
_KEY_QUALIFIERS = frozenset((
    "api", "access", "secret", "private", "auth", "signing", "encryption", "master", "license",
    "licence", "app", "client", "consumer", "session", "webhook", "bot"))
_CODE_QUALIFIERS = frozenset((
    "auth", "authorization", "authorisation", "access", "otp", "totp", "mfa", "verification",
    "verify", "security", "reset", "login", "signin", "unlock", "pin", "pass", "door", "gate",
    "alarm", "safe", "lock"))


def secret_name(name: str) -> str | None:
    """The secret kind a field name announces, read from its head morpheme, or None."""
    parts = [p.casefold() for p in _MORPHEME.findall(name)]
    if not parts or len(parts) > 8:
        return None
    head = parts[-1]
    if head in _HEADS:
        return _HEADS[head]
    before = set(parts[:-1])
    if head == "key" and before & _KEY_QUALIFIERS:
        return "secret_assignment"
    if head == "code" and before & _CODE_QUALIFIERS:
        return "pin_code"
    return None


def _looks_made(value: str) -> bool:
    """A value a person or a machine made: digits with letters or symbols, a PIN-shaped
    run of digits, or a long token; not a word, a path, a reference or a placeholder."""
    if is_placeholder(value) or re.match(r"(?:[./~]|https?:|\$)", value):
        return False
    if re.fullmatch(r"\d{4,10}", value):
        return True
    has_digit = bool(re.search(r"\d", value))
    has_letter = bool(re.search(r"[^\W\d_]", value))
    has_symbol = bool(re.search(r"[^\w]", value))
    return len(value) >= 6 and has_digit and (has_letter or has_symbol)


# A value runs to a space, a quote, a separator or a CJK character (a canonical form may
# have dropped the space before "就行").
_VALUE = r"[^\s\"'<>&#,;，。；\u3000-\u9fff\uff00-\uffef]{4,256}"
_URL_PARAM = lazy_re(rf"[?&;](?P<name>[A-Za-z][\w.-]{{0,40}})=(?P<v>{_VALUE})")
_XML_PAIR = lazy_re(
    r"(?i)\b(?:key|name|id|param|property)\s*=\s*[\"'](?P<name>[A-Za-z][\w.-]{0,40})[\"']"
    r"\s+(?:value|content|default)\s*=\s*[\"'](?P<v>[^\"'\n]{4,256})[\"']"
)
_XML_ELEMENT = lazy_re(r"<(?P<name>[A-Za-z][\w.-]{0,40})(?:\s[^<>]{0,80})?>(?P<v>[^<>\s]{4,256})"
                       r"</(?P=name)>")
_CLI_FLAG = lazy_re(
    r"(?<![\w-])--(?P<name>[A-Za-z][\w-]{0,40})(?:=|[ \t]+)[\"']?"
    r"(?P<v>(?!-)[^\s\"'`\u3000-\u9fff\uff00-\uffef]{4,256})")


def _named(text: str) -> Iterator[tuple[str, int, int]]:
    for rx, in_url in ((_URL_PARAM, True), (_XML_PAIR, False), (_XML_ELEMENT, False),
                       (_CLI_FLAG, False)):
        for m in rx.finditer(text):
            name, value = m.group("name"), m.group("v").rstrip(".,:;)]}")
            kind = secret_name(name)
            if kind is None and in_url and name.casefold() == "code":
                kind = "pin_code"  # "?code=518204": an OAuth or a reset code in a URL
            if kind is None or not _looks_made(value):
                continue
            yield kind, m.start("v"), m.start("v") + len(value)


# --- Chinese 码 compounds -----------------------------------------------------------------------
# Compounds of 码 that name a public code or no code at all.
_PUBLIC_MA = lazy_re(
    r"(?:代|源|编|号|页|尺|条|条形|二维|维|乱|起|解|明|筹|砝|价|码|数|邀请|优惠|推荐|折扣|促销|兑换"
    r"|邮政|区|国家|地区|颜色|错误|状态|返回|退出|产品|型|机器|汇编|字节|识别|追踪|物流|快递|订单"
    r"|运单|车|批|序列|校验和|版本|内|外|字|电|电话|手机|身份|邮)$"
)
_ZH_MA = lazy_re(
    r"(?P<label>[\u4e00-\u9fff]{1,4})码(?P<sign>\s*(?:[:：=]|就是|是|为|叫|改成了?|设成了?)?\s*)"
    r"(?P<v>#?[0-9]{4,10}#?|(?=[A-Za-z0-9!@#$%&*_.-]{0,31}\d)(?=[A-Za-z0-9!@#$%&*_.-]{0,31}"
    r"[A-Za-z])[A-Za-z0-9!@#$%&*_.-]{6,32})"
    # The value ends its clause; a unit after digits makes them a date or a count.
    r"(?!\s*[年月日号號位个個次岁天周分秒元块])(?=$|[\s,，。.!！;；?？)）]|[\u4e00-\u9fff])"
)


def _ma_codes(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _ZH_MA.finditer(text):
        label = m.group("label")
        # The compound's own head: its last one or two characters before 码 ("手机的锁屏码").
        label = label.rsplit("的", 1)[-1]
        # 密码 has its own readers (a password, not a code: "密码是 Tr0ub4dor&3").
        if not label or label.endswith("密") or _PUBLIC_MA.search(label):
            continue
        value = m.group("v")
        if re.fullmatch(r"(?:19|20)\d\d", value.strip("#")) and not m.group("sign").strip():
            continue  # "…码 2024年": a year
        yield "pin_code", m.start("v") + (value[0] == "#"), m.end("v") - (value[-1] == "#")


# --- a value in parts ---------------------------------------------------------------------------
_PART_LABEL = (
    # secret_frame's one label table, and a lock's combination; a word of its own:
    # "TOKEN_LIMIT=100" names a setting, not a token.
    rf"(?i:(?<![\w-])(?:{EN_LABEL}|combination)(?![\w-]))|{ZH_LABEL}"
)
_PIECE = r"[\"'“]?(?P<p{n}>[A-Za-z0-9!@#$%^&*.-]{{1,32}})[\"'”]?"
_JOIN = (r"(?:\s*\+\s*|,?\s+(?i:and\s+then|then|followed\s+by|plus|and)\s+|\s*(?:加上|再加上?"
         r"|然后是?|后面是|后面跟|接着是?|再跟)\s*)")
_PARTS = lazy_re(
    rf"(?:{_PART_LABEL})[^\n.;!?。；！？]{{0,24}}?(?:\s*(?:[:=：＝]|\bis\b|是|为|叫)\s*|\s+)"
    + _PIECE.format(n=0) + "".join(
        rf"(?:{_JOIN}(?:(?i:the\s+(?:number|digits?|word|year)\s+))?" + _PIECE.format(n=i) + ")"
        + ("" if i == 1 else "?") for i in range(1, 5))
)


_DATE_PIECE = lazy_re(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4}")


def _joined_parts(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _PARTS.finditer(text):
        spans = [(m.start(g), m.end(g)) for g in (f"p{i}" for i in range(5)) if m.group(g)]
        joined = "".join(text[a:b] for a, b in spans)
        if len(spans) < 2 or not _looks_made(joined) or re.fullmatch(r"\d+", joined):
            continue
        if any(re.fullmatch(r"v?\d+(?:\.\d+)+", text[a:b]) for a, b in spans):
            continue  # versions ("3.12 and 3.13"), not pieces of a value
        if any(_DATE_PIECE.fullmatch(text[a:b]) for a, b in spans):
            continue  # "the token expires on 2027-03-01 and …": a date, not a piece
        # a function word is the sentence going on ("4821 and the last two"), so the run
        # of pieces ends before it
        short = [i for i, (a, b) in enumerate(spans)
                 if re.fullmatch(r"the|an?|to|of|in|on|at|it|is|my|our|its", text[a:b])]
        if short:
            spans = spans[:short[0]]
            joined = "".join(text[a:b] for a, b in spans)
            if len(spans) < 2 or not _looks_made(joined) or re.fullmatch(r"\d+", joined):
                continue
        kind = "pin_code" if re.search(r"(?i)pin|combination", m.group()[:16]) else "password"
        for a, b in spans:
            yield kind, a, b


# --- a value said with its use ----------------------------------------------------------------
_MADE_TOKEN = (r"(?P<v>(?=[^\s,;]{0,40}\d)(?=[^\s,;]{0,40}[A-Za-z!@#$%^&*])"
               r"[A-Za-z0-9!@#$%^&*_.+-]{6,40}|\d{1,3}(?:-\d{1,3}){2,4})")
_USE = lazy_re(
    r"(?i)\b(?:log(?:s|ged)?\s+(?:in|on)|sign(?:s|ed)?\s+in|unlock(?:s|ed)?|opens?|opened"
    r"|get(?:s)?\s+in|authenticate[sd]?)(?:\s+(?:to|into|on)\s+[\w' -]{1,30}?)?\s+with\s+"
    + _MADE_TOKEN
    + r"(?=$|[\s,.;!?)])"
    r"|(?<![\w@#$%^&*.-])" + _MADE_TOKEN.replace("(?P<v>", "(?P<w>")
    + r"\s+is\s+what\s+(?:i|we|you|he|she|they)\s+(?:use|used|type|enter)\s+(?:for|to|on|at)\b"
    r"|(?:登录|登陆|解锁|开锁|开门|进门)(?:的时候|时)?(?:都|就)?用(?:的是)?\s*"
    + _MADE_TOKEN.replace("(?P<v>", "(?P<z>") + r"(?=$|[\s,，。.!！;；]|[\u4e00-\u9fff])"
    r"|用\s*" + _MADE_TOKEN.replace("(?P<v>", "(?P<y>") + r"\s*(?:来)?(?:登录|登陆|解锁|开锁|开门)"
)


def _used_values(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _USE.finditer(text):
        group = next(g for g in ("v", "w", "z", "y") if m.group(g))
        value = m.group(group).rstrip(".")
        if re.fullmatch(r"v?\d+(?:\.\d+)+", value) or is_placeholder(value):
            continue  # a version, not a value
        if not re.search(r"\d", value) or re.fullmatch(r"\d+", value):
            continue
        # A device or a product said with a model number ("iPhone15", "Pixel8") is no
        # value: a made one carries a symbol or switches between letters and digits.
        if not re.search(r"[^\w.]", value) and transitions(value) < 2:
            continue
        yield "password", m.start(group), m.start(group) + len(value)


def field_findings(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of every value the round-7 readers see in ``text``."""
    yield from _named(text)
    yield from _ma_codes(text)
    yield from _joined_parts(text)
    yield from _used_values(text)
