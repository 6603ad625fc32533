"""Secret values named by a label: a credential noun (``DB_PASSWORD``, ``api key``,
``PIN``, ``密码``, ``门禁码``) then a colon, an equals sign, a copula (is, 是, 为, 叫, ist,
es …), a comma or nothing, then a value that must look like one (``secret_values``). The
labels of other languages, tables and loose values are located by ``secret_labels`` and
judged here by the same check. Pure functions, no I/O.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

from vecmem.rules.secret_labels import CLAUSE_END, foreign_assignments, table_assignments
from vecmem.rules.secret_shapes import CODE_WORD as _CODE_WORD
from vecmem.rules.secret_shapes import INSTRUCTION as _INSTRUCTION
from vecmem.rules.secret_shapes import SEP as _SEP
from vecmem.rules.secret_values import CODE_NAME as _CODE_NAME
from vecmem.rules.secret_values import SENTENCE_END as _SENTENCE_END
from vecmem.rules.secret_values import ZH_CODE_WORD as _ZH_CODE_WORD
from vecmem.rules.secret_values import is_placeholder as _is_placeholder
from vecmem.rules.secret_values import plain_word as _plain_word
from vecmem.rules.secret_values import plausible_assigned as _plausible_assigned
from vecmem.rules.secret_values import strip_value as _strip_value
from vecmem.rules.secret_vendor import BASE
from vecmem.text import ascii_word_re

__all__ = ["assigned_findings"]

_re = ascii_word_re
Add = Callable[[int, str, int, int], None]

# The next item of a list of values: "…, B#2 and C#3", "… 和 5678".
_LIST_ITEM = _re(r"\s*(?:,|;|/|、|，|&|\band\b|和|跟|以及)\s*(?:and\s+)?(?P<v>[^\s,;、，。]{4,64})")
# A number followed by a unit is a date, a length or a count, not a value.
_UNIT_AFTER = _re(
    r"\s*(?:[年月日号號位个個次岁歲天周点點分秒元块塊]"
    r"|(?:characters?|chars|digits?|letters?|words?|times|years?|days?|months?|weeks?|hours?"
    r"|minutes?|seconds?|attempts?|tries)\b)"
)
_SECRET_WORD = (
    rf"(?:api{_SEP}(?:key|secret|token)|apikey"
    rf"|secret{_SEP}access{_SEP}key|access{_SEP}key{_SEP}secret"
    rf"|(?:access|auth|refresh|bearer|session|id|bot|personal{_SEP}access|secret){_SEP}token"
    rf"|(?:client|app|consumer|webhook|jwt|signing|shared){_SEP}secret|secret{_SEP}key|secret"
    # Authenticator seeds ("TOTP secret: JBSWY3DPEHPK3PXP", "the 2FA seed is …").
    rf"|(?:2fa|totp|otp|mfa|authenticator){_SEP}(?:seed|secret|key)|otp"
    # A mail client's authorisation code ("163 auth code: abcdqwerzxcvtyui"); the value
    # must then look generated (see _plausible_assigned).
    rf"|auth(?:ori[sz]ation)?{_SEP}code"
    rf"|(?:private|signing|encryption|master|licen[cs]e|product|activation|app|auth){_SEP}key"
    # "p@ssword", "passw0rd": the label spelled the way people disguise it.
    r"|token|pass(?:word|wd|phrase)|pass[ -]word|p[a@4][s$5][s$5](?:w[o0]rd|wd)|passw0rd|pswd|psw"
    r"|passw|pwd|pw|credentials?"
    # The answer to a security question is a password by another name.
    rf"|security{_SEP}(?:question{_SEP})?answer|secret{_SEP}answer"
    rf"|(?:wi{_SEP}fi|wlan|wpa2?|network|router){_SEP}key"
    # "password" in the other languages a config paste or a chat may carry (German, Dutch,
    # Swedish, Polish, French, Spanish, Portuguese, Italian, Russian, Greek, Japanese,
    # Korean): the same label, the same plausibility check on the value.
    r"|passwort|kennwort|wachtwoord|l[öo]senord|has[łl]o|mot\s+de\s+passe|contrase[ñn]a"
    r"|senha|parola\s+d[i']\s*accesso|пароль|пароля|κωδικός|κωδικος|συνθηματικό|パスワード|暗証番号"
    r"|비밀번호|암호"
    # PINs and codes: the value must then be PIN-shaped (see _plausible_assigned).
    rf"|{_CODE_WORD})"
)
_ZH_SECRET_WORD = (
    rf"(?:{_ZH_CODE_WORD}|安全码|动态码|短信码|密码|口令|密钥|秘钥|私钥|令牌|授权码|访问令牌|提取码|验证码|激活码|注册码|PIN码|pin码|门禁码"
    r"|开锁码|解锁码|密保答案|密保问题答案|安全问题答案"
    # "保险柜的开锁数字", "密码数字": the digits of a lock, named as such.
    r"|(?:开锁|解锁|密码锁|保险柜|保险箱)(?:的)?(?:数字|号码|组合)|密码数字)"
)
_ASSIGN = _re(
    r"(?i)(?:(?<![A-Za-z0-9])[\"'`]?"
    # Bare "pass" is an ordinary word ("first pass: …"); only DB_PASS-style names count.
    rf"(?P<name>(?:[A-Za-z0-9]{{1,32}}[_.-]){{0,6}}{_SECRET_WORD}(?P<plural>(?<=[a-z])s)?"
    r"|(?:[A-Za-z0-9]{1,32}[_.-]){1,6}pass"
    # A bare "pass:" only before a value no word could be (see _plausible_assigned).
    r"|pass(?=[\"'`]?\s*[:=]|\s+(?=\S{0,128}\d)(?=\S{0,128}[^\w\s])\S{6,}|\s+is\s+(?=\S{0,128}\d)(?=\S{0,128}[^\w\s]))"
    # Environment names glued together ("PGPASSWORD", "GHTOKEN"), upper case only.
    r"|(?-i:[A-Z0-9]{1,16}(?:PASSWORD|PASSWD|TOKEN|SECRET))"
    # A bare "key" only before a long machine-made value ("the key is 7f3a9c2e1b4d8f6a").
    r"|key(?=\s+is\s|\s*[:=]))"
    r"(?![A-Za-z0-9_])[\"'`]?"
    # "PIN #: 4821", "PIN no. 4821": a number sign after the label.
    r"(?:\s*#(?=\s*:)|\s+no\.(?=\s*\d))?"
    # "the root password for the NAS is …": a short qualifier between name and verb.
    # A qualifier may be longer ("the passcode to unlock the shop iPad is …") and, before
    # "is" and a value with a digit, any short run of words ("the alarm PIN I set
    # yesterday is 3308"): the value's own test decides, so "the PIN pad at the door is
    # new" holds none.
    r"(?P<qual>\s+(?:for|of|on|to|at|in|from|with|inside|behind|under)\s+(?:the\s+|my\s+|our\s+)?"
    r"[\w.'-]{1,30}(?:\s+[\w.'-]{1,30}){0,5}(?=\s+(?:is|are)\s|\s*:|\s*,|\s+(?:[-–—]{1,2}|->|→)\s)"
    r"|(?:\s+(?!(?:is|are|was)\b)[\w.'’-]{1,30}){1,7}(?=\s+(?:is|was)\s+[\"'`]?[^\s\"'`]{0,64}\d))?"
    r"(?:\s*[(（][^()（）\n]{1,30}[)）](?=\s*[:=：＝]|\s+(?:is|are)\s|\s*(?:是|为)))?"
    rf"|(?P<zhname>{_ZH_SECRET_WORD})(?:[(（][^()（）\n]{{1,20}}[)）](?=\s*(?:[:=：＝]|是|为)))?)"
    # A YAML block scalar ("password: |" and the value on the next line) reads as a colon.
    r"(?:(?P<strict>\s*(?::=|=>|[:=：＝])\s*(?:(?:是|为)\s*)?(?:[|>][-+]?[ \t]*\n\s*)?)"
    r"|(?P<prose>\s+(?:(?:was\s+|has\s+been\s+|got\s+|is\s+)?(?:changed|updated|reset|set)\s+to"
    r"|is\s+the\s+word|is\s+now|is|are|was|equals|now|used\s+to\s+be"
    # ... and the verb of the other languages' labels above ("Das Passwort ist …", "la
    # contraseña es …", "le mot de passe est …", "a senha é …", "ο κωδικός είναι …").
    r"|ist|est|es|é|είναι)\s+"
    # "The password, by the way, is Orchid55".
    r"|\s*,\s*(?:by the way|btw|fyi|for the record|just so you know|again|now)\s*,\s*(?:is|are)\s+"
    # "the API key, which is AK29x8Lq0Pz7, …": a relative clause gives the value.
    r"|\s*,\s*(?:which|that)\s+(?:is|was)\s+"
    # "the PIN on my work phone, the new one, is 5512": an aside, then a value with a digit.
    r"|\s*,\s*(?:[\w'’-]+\s+){0,3}[\w'’-]+\s*,\s*(?:is|are|was)\s+(?=[\"'`]?[^\s\"'`]{0,64}\d)"
    r"|(?<=['’])s\s+|’s\s+)"  # "My PIN's 7302"
    # "邮箱的密码呢，就是 …", "WiFi 密码的话，是 …": a particle and a comma may come first.
    r"|(?P<zh>\s*(?:(?:[呢啊嘛吧呀]|的话)?\s*[,，]?\s*(?:就|也|还|都|其实)?(?:是|为|叫做?)"
    # "密码就 2468": 就 alone before a value that is no Chinese word.
    r"|就(?=\s*[A-Za-z0-9#*!@$%^&])"
    # "密码我改成了 …": a subject or an adverb may stand before the verb of a change.
    r"|(?:[我他她你]们?|已经|刚刚?|又|最近)?\s*(?:设置为|设置成|设为|设成|改为|改成|换成)了?|用的是"
    # "开机密码我一直用 203145": who uses it, how long, then 用.
    r"|(?:[我他她你]们?|家里|平时)?\s*(?:一直|平时|现在|通常|都|还|就)?\s*用(?:的是|的)?"
    r"(?=\s*[A-Za-z0-9#*!@$%^&]))"
    r"\s*[:：]?\s*)"
    # "密码，hunter2": a comma after a Chinese label; prose-strict, since "密码，Vault 里有" is
    # no value.
    r"|(?P<comma>(?<=[\u3400-\u9fff])(?:[呢啊嘛吧呀]|的话)?\s*[,，、]\s*)"
    # "PIN — 4821", "password - Sunny#2020": a dash, read as prose (a value must look made).
    r"|(?P<dash>\s+(?:[-–—]{1,2}|->|→)\s+(?:it'?s\s+|it\s+is\s+)?)"
    r"|(?P<bare>(?<=[\u3400-\u9fff])\s*)"  # "密码 admin@123": no verb after a Chinese name
    # "Door passcode 4417", "SIM PIN 9012": a code label then digits, nothing between.
    r"|(?P<bareen>(?<=[A-Za-z.])\s+(?=[#*]?\d|(?=\S{0,128}\d)(?=\S{0,128}[A-Za-z])\S{6,}))"
    # "same as my phone PIN, 1470 — …": a comma, then digits that end their clause.
    r"|(?P<encomma>(?<=[A-Za-z])\s*[,，]\s*(?=[#*]?\d{3,10}[#*]?\s*(?:$|[.,;!?)—–。，；！？]|-\s))))"
    # Digits typed with spaces ("PIN code: 1 2 3 4", "Door code 12 34") are one value.
    r"(?P<q>[\"'`]?)(?P<value>\d{1,4}(?: \d{1,4}){1,5}(?![\w.,:/-])"
    r"|[^\s\"'`,;\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{1,512})"
)

# "The wifi password? It's sunflower.": the plain word told in the next sentence.
_NEXT_WORD = _re(
    r"(?i)(?<![A-Za-z])pass(?:word|wd)\b[^.?!\n]{0,30}[?.!]\s*(?:it'?s|it\s+is|that'?s)\s+"
    r"[\"'“]?(?P<v>[A-Za-z]{5,24})[\"'”]?(?=\s*(?:[.!;]|$))"
)



def _word_password(text: str, m: re.Match[str], name: str, value: str) -> bool:
    """A plain word as a password in English prose, "the wifi password is sunflower": a
    password label (not a token or key: "the token is expired"), "is"/"was", one word
    (:func:`_plain_word`) that ends the sentence."""
    if not re.search(r"(?i)pass(?:word|wd|code)$|wi-?fi|(?:^|[_ .-])pwd?$", name):
        return False
    sign = m.group("prose") or m.group("dash") or ""
    if not _plain_word(value) or not re.fullmatch(r"\s+(?:is|was|[-–—]{1,2})\s+", sign):
        return False
    return bool(_SENTENCE_END.match(text, m.start("value") + len(value)))



def _connection_field(text: str, m: re.Match[str], name: str, value: str, end: int) -> bool:
    """A password field of a connection or query string ("Server=db;User Id=sa;Password=pw1;",
    "?user=root&password=pw"): ``=`` glued to the name, fields split by ``;`` or ``&``. The
    syntax says what the value is, so a short one counts, as in a URL's userinfo."""
    if (m.group("strict") or "").strip() != "=" or m.group("strict") != "=":
        return False
    if not re.search(r"(?i)pass|pwd|psw|(?:^|[_ .-])pw$", name) or len(value) < 2:
        return False
    fielded = text[end:end + 1] in (";", "&") or (m.start() > 0 and text[m.start() - 1] in ";&?")
    return fielded and not _is_placeholder(value) and value.casefold() not in _NO_PASSWORD


# Field values that say there is no password ("password=none;").
_NO_PASSWORD_WORDS = "none null nil empty true false yes no on off required optional unset default"
_NO_PASSWORD = frozenset(_NO_PASSWORD_WORDS.split())


def assigned_findings(text: str, add: Add) -> None:
    """Every value after a secret label, in English, Chinese and the other languages."""
    base = BASE
    for m in _ASSIGN.finditer(text):
        name = m.group("name") or m.group("zhname")
        if m.group("plural"):
            name = name[:-1]  # "passwords: …", "PINs are …": the label, then a list
        if _is_placeholder(m.group("value")):
            continue
        value = _strip_value(m.group("value"))
        if re.search(r"&\w+=", value) or (m.start() > 0 and text[m.start() - 1] in "?&"):
            value = value.split("&", 1)[0]  # a query parameter ends at the next '&'
        end = m.start("value") + len(value)
        if value.isdigit() and _UNIT_AFTER.match(text, end):
            continue  # "密码是 2024 年改的", "PIN is 6 digits": a date, a length, a count
        if re.match(r"[ \t]+[A-Za-z]", text[end:end + 2]) and (
                value.casefold() in _INSTRUCTION or (m.group("q") and value.isalpha())):
            # "passphrase: call the office" is where to get it; a quoted run of words
            # ("'easy to remember'") is the passphrase rules' to judge as a whole.
            continue
        if m.group("strict") is not None:
            # "x = y" with spaces is code: an unquoted word there is a variable, not a value.
            mode = "code" if re.fullmatch(r"\s+=\s+", m.group("strict")) else "strict"
        elif m.group("bareen") is not None or m.group("encomma") is not None:
            mode = "bare"
        elif m.group("comma") is None and (m.group("q") or m.group("zh") is not None
                                           or m.group("bare") is not None):
            # A quoted value, a Chinese verb or a value right after a Chinese label
            # ("锁屏密码 1379"): a real value, lenient checks.
            mode = "zh"
        else:
            mode = "prose"
        if (mode == "prose" and value.isdigit()
                and (not _CODE_NAME.search(name) or m.group("qual"))
                and not CLAUSE_END.match(text, end)):
            continue  # "the password is 2024 compliant": digits in prose end their clause
        # "门禁密码，5827#": after a Chinese label and a comma, a number ending its clause
        # is the code itself (a word there says where it is kept: "密码，Vault 里有").
        comma_code = (m.group("comma") is not None and CLAUSE_END.match(text, end) is not None
                      and re.fullmatch(r"[#*]?\d{4,12}[#*]?", value) is not None)
        if not (comma_code or _plausible_assigned(value, name, mode)
                or (mode == "prose" and _word_password(text, m, name, value))
                or _connection_field(text, m, name, value, end)):
            continue
        low = name.casefold()
        if _CODE_NAME.search(low) and not re.search(r"pass(?:word|wd)|密码|口令", low):
            kind = "pin_code"
        elif re.search(r"pass|p[a@4][s$5]{2}|pwd|psw|(?:^|[_ .-])pw$|密码|口令", low):
            kind = "password"
        elif "aws" in low and "secret" in low:
            kind = "aws_secret_access_key"
        else:
            kind = "secret_assignment"
        add(base + 2, kind, m.start("value"), m.start("value") + len(value))
        if m.group("plural") or re.match(r"\s*分别", text[m.end(m.lastindex or 0):]):
            # The rest of a list after a plural label: "passwords: A#1, B#2 and C#3".
            pos = m.start("value") + len(value)
            while (item := _LIST_ITEM.match(text, pos)) and _plausible_assigned(
                    _strip_value(item.group("v")), name, mode):
                v = _strip_value(item.group("v"))
                add(base + 2, kind, item.start("v"), item.start("v") + len(v))
                pos = item.start("v") + len(v)
    for label, mode, start, end in itertools.chain(foreign_assignments(text),
                                                   table_assignments(text)):
        value = text[start:end]
        if _is_placeholder(value):
            continue
        # A numeric password ("a senha do banco é 7741"): the reader saw it end its clause.
        numeric = label == "password" and bool(re.fullmatch(r"[#*]?\d{4,12}[#*]?", value))
        if numeric or _plausible_assigned(value, label, mode):
            add(base + 2, "pin_code" if label == "pin" else "password", start, end)
    for m in _NEXT_WORD.finditer(text):
        if _plain_word(m.group("v")):
            add(base + 2, "password", m.start("v"), m.end("v"))
