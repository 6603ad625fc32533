"""Secret detection and redaction: find credential VALUES by shape and by label.

Two kinds of evidence are combined:

* **Shape**: vendor formats that are unambiguous on their own (``sk-…``, ``ghp_…``,
  ``AKIA…``, JWTs, PEM private-key blocks, passwords inside connection strings).
* **Label**: a secret-ish name followed by a value (``DB_PASSWORD=…``, ``api key: …``,
  ``密码是 …``). The value must still look like a value — placeholders, references to
  environment variables, paths and ordinary words are not secrets.

Unknown-shape tokens are flagged only when long, mixed and high-entropy, so model names
("deepseek/deepseek-v4-flash"), versions, paths, identifiers and hashes labelled as commits
or checksums survive. The same functions redact logs and events, so over-redaction is a
bug too. Pure functions, no I/O.
"""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass
from typing import Any

from vecmem.rules.secret_entropy import HEX as _HEX
from vecmem.rules.secret_entropy import letter_noise as _letter_noise
from vecmem.rules.secret_entropy import random_looking as _random_looking
from vecmem.rules.secret_labels import (
    broken_label_gaps,
    counted_codes,
    foreign_assignments,
    loose_values,
    table_assignments,
)
from vecmem.rules.secret_shapes import CODE_WORD as _CODE_WORD
from vecmem.rules.secret_shapes import INSTRUCTION as _INSTRUCTION
from vecmem.rules.secret_shapes import NOT_PHRASE as _NOT_PHRASE_WORDS
from vecmem.rules.secret_shapes import SEP as _SEP
from vecmem.rules.secret_shapes import SHAPE_DESCRIPTIONS, structured_secrets
from vecmem.text import Canonical, ascii_word_re, canonicalize, confusable_skeleton, lazy_re

__all__ = [
    "KIND_DESCRIPTIONS",
    "SecretFinding",
    "find_secrets",
    "looks_like_secret_mention",
    "redact_secrets",
]


# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """One secret value in a text: ``text[start:end]`` is the value (never its label)."""

    kind: str
    start: int
    end: int


#: Human-readable names for reasons ("Contains <description>"). Never include the value.
KIND_DESCRIPTIONS: dict[str, str] = {
    "private_key": "a private key block",
    "jwt": "a JSON Web Token",
    "bearer_token": "an Authorization header credential",
    "anthropic_key": "an Anthropic API key",
    "openai_key": "an sk- style API key (OpenAI/DeepSeek format)",
    "github_token": "a GitHub token",
    "gitlab_token": "a GitLab token",
    "slack_token": "a Slack token",
    "slack_webhook": "a Slack webhook URL",
    "aws_access_key_id": "an AWS access key id",
    "aws_secret_access_key": "an AWS secret access key",
    "google_api_key": "a Google API key",
    "stripe_key": "a Stripe secret key",
    "huggingface_token": "a Hugging Face token",
    "npm_token": "an npm token",
    "pypi_token": "a PyPI token",
    "sendgrid_key": "a SendGrid API key",
    "telegram_bot_token": "a Telegram bot token",
    "connection_password": "a password inside a connection string",
    "url_credential": "a token embedded in a URL",
    "password": "a password value",
    "pin_code": "a PIN or access code",
    **SHAPE_DESCRIPTIONS,
    "secret_assignment": "a value assigned to a secret-named setting",
    "high_entropy_token": "a long random-looking token",
}

# Order = priority when two findings overlap: specific vendor shapes beat generic rules.
_SHAPES: list[tuple[str, re.Pattern[str]]] = [
    (
        "private_key",
        _re(
            r"-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----"
            r"(?:.*?-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|.*\Z)",
            re.DOTALL,
        ),
    ),
    ("jwt", _re(r"(?<![\w-])eyJ[A-Za-z0-9_-]{6,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*")),
    ("anthropic_key", _re(r"(?<![\w-])sk-ant-[A-Za-z0-9_-]{20,}")),
    ("openai_key", _re(r"(?<![\w-])sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}")),
    ("github_token", _re(r"(?<![\w-])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_\w{20,})")),
    ("gitlab_token", _re(r"(?<![\w-])glpat-[A-Za-z0-9_-]{20,}")),
    ("slack_token", _re(r"(?<![\w-])xox[abposre]-[A-Za-z0-9-]{10,}")),
    (
        "slack_webhook",
        _re(r"https://hooks\.slack\.com/services/[A-Za-z0-9_/-]{16,}"),
    ),
    (
        "aws_access_key_id",
        _re(r"(?<![A-Za-z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}(?![A-Za-z0-9])"),
    ),
    ("google_api_key", _re(r"(?<![\w-])AIza[0-9A-Za-z_-]{30,}")),
    (
        "stripe_key",
        _re(r"(?<![\w-])(?:sk|rk)_(?:live|test)_[0-9A-Za-z]{10,}|whsec_[0-9A-Za-z]{20,}"),
    ),
    ("huggingface_token", _re(r"(?<![\w-])hf_[A-Za-z0-9]{30,}")),
    ("npm_token", _re(r"(?<![\w-])npm_[A-Za-z0-9]{30,}")),
    ("pypi_token", _re(r"(?<![\w-])pypi-AgE[A-Za-z0-9_-]{40,}")),
    ("sendgrid_key", _re(r"(?<![\w-])SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}")),
    ("telegram_bot_token", _re(r"(?<![\w:])\d{8,10}:AA[A-Za-z0-9_-]{30,}")),
]

# Key material after a PEM header (optionally after "Proc-Type: …" style header lines).
# Each header line ends at its newline, so the pattern stays linear on hostile input.
_PEM_BODY = _re(r"-----\s*(?:[A-Za-z0-9-]+:[^\n]*\n\s*)*[A-Za-z0-9+/=]{16,}")
# A token as the user part of a URL ("https://<token>@host", Sentry DSNs).
_URL_USER = _re(r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}://(?P<value>[^\s:/@]{16,256})@")
# A password between "user:" and "@" in any scheme://user:pass@host string.
# The password ends at the "@" before the host, so one holding an "@" is cut whole
# ("postgres://app:p@ss@db/app").
_CONN = _re(
    r"(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,20}://(?P<user>[^\s:/@]{0,128}):"
    r"(?P<value>[^\s/]{1,256}?)@(?=(?P<host>[^\s@/:?#]*)[^\s@/]*(?:[/:?#\s]|$))"
)
# The next item of a list of values: "…, B#2 and C#3", "… 和 5678".
_LIST_ITEM = _re(r"\s*(?:,|;|/|、|，|&|\band\b|和|跟|以及)\s*(?:and\s+)?(?P<v>[^\s,;、，。]{4,64})")
# A number followed by a unit is a date, a length or a count, not a value.
_UNIT_AFTER = _re(
    r"\s*(?:[年月日号號位个個次岁歲天周点點分秒元块塊]"
    r"|(?:characters?|chars|digits?|letters?|words?|times|years?|days?|months?|weeks?|hours?"
    r"|minutes?|seconds?|attempts?|tries)\b)"
)
_TEMPLATE_HOSTS = frozenset({"host", "hostname", "server", "domain", "address", "ip"})
# user:password@host with no scheme ("proxy is admin:Pr0xy!@10.0.0.1:8080"): the host
# must look like one, the value made (a digit or a symbol) or eight characters long.
_BARE_CRED = _re(
    r"(?<![\w/:@.%+\[-])[A-Za-z][\w.-]{0,31}:(?P<value>[^\s:@/\[\]]{2,64})@"
    r"(?:(?:\d{1,3}\.){3}\d{1,3}|localhost|(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,})(?![\w-])"
)
_AUTH_HEADER = _re(
    r"(?i)\b(?:proxy-)?authorization\s*:\s*(?P<scheme>(?:bearer|basic|token|bot|digest)\s+)?"
    r"(?P<value>[^\s\"'`,;]{6,})"
)
_BEARER = _re(r"(?i)(?<![A-Za-z])bearer\s+(?P<value>[A-Za-z0-9._~+/=-]{16,})")

# Secret-ish setting names. The final word must end the name, so TOKEN_LIMIT, max_tokens,
# API_KEY_FILE and tokenizer are not secret names. Qualifier repetition is bounded so the
# pattern stays linear on hostile input.
_CARD_CODE = lazy_re(r"(?i)cvv2?$|cvc2?$|security.?code$|安全码$|cvv码$")
# A Chinese place or card word before an English code word: "门禁 code", "银行卡 PIN".
_ZH_CODE_WORD = (
    r"(?:门禁|开锁|解锁|保险箱|保险柜|密码锁|车库|大门|银行卡|信用卡|储蓄卡|手机|SIM卡)\s*(?:code|pin|passcode)"
)
_CODE_NAME = lazy_re(
    rf"(?i)(?:^|[_ .-]){_CODE_WORD}$|(?:pin|门禁|开锁|解锁|安全|验证|动态|短信)码$|{_ZH_CODE_WORD}$"
    r"|(?:数字|号码|组合)$"
    r"|^codes?$|^otp$"
)
# A PIN-shaped value: 4-10 digits (a keypad may add # or *), or short letters and digits.
_CODE_VALUE = lazy_re(
    r"^[#*]?\d{4,10}[#*]?$|^\d{2,4}(?:[- ]\d{2,4}){1,3}$|^\d(?:-\d){3,7}$"
    r"|^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9]{4,12}$"
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
    r"|pass(?=[\"'`]?\s*[:=]|\s+(?=\S*\d)(?=\S*[^\w\s])\S{6,}|\s+is\s+(?=\S*\d)(?=\S*[^\w\s]))"
    # Environment names glued together ("PGPASSWORD", "GHTOKEN"), upper case only.
    r"|(?-i:[A-Z0-9]{1,16}(?:PASSWORD|PASSWD|TOKEN|SECRET))"
    # A bare "key" only before a long machine-made value ("the key is 7f3a9c2e1b4d8f6a").
    r"|key(?=\s+is\s|\s*[:=]))"
    r"(?![A-Za-z0-9_])[\"'`]?"
    # "the root password for the NAS is …": a short qualifier between name and verb.
    r"(?:\s+(?:for|of|on|to|at)\s+(?:the\s+|my\s+|our\s+)?[\w.'-]{1,30}(?:\s+[\w.'-]{1,30}){0,2}"
    r"(?=\s+(?:is|are)\s|\s*:))?"
    r"(?:\s*[(（][^()（）\n]{1,30}[)）](?=\s*[:=：＝]|\s+(?:is|are)\s|\s*(?:是|为)))?"
    rf"|(?P<zhname>{_ZH_SECRET_WORD})(?:[(（][^()（）\n]{{1,20}}[)）](?=\s*(?:[:=：＝]|是|为)))?)"
    # A YAML block scalar ("password: |" and the value on the next line) reads as a colon.
    r"(?:(?P<strict>\s*(?::=|=>|[:=：＝])\s*(?:(?:是|为)\s*)?(?:[|>][-+]?[ \t]*\n\s*)?)"
    r"|(?P<prose>\s+(?:(?:was\s+|has\s+been\s+|got\s+|is\s+)?(?:changed|updated|reset|set)\s+to"
    r"|is\s+now|is|are|was|equals"
    # ... and the verb of the other languages' labels above ("Das Passwort ist …", "la
    # contraseña es …", "le mot de passe est …", "a senha é …", "ο κωδικός είναι …").
    r"|ist|est|es|é|είναι)\s+"
    # "The password, by the way, is Orchid55".
    r"|\s*,\s*(?:by the way|btw|fyi|for the record|just so you know|again|now)\s*,\s*(?:is|are)\s+"
    r"|(?<=['’])s\s+|’s\s+)"  # "My PIN's 7302"
    # "邮箱的密码呢，就是 …", "WiFi 密码的话，是 …": a particle and a comma may come first.
    r"|(?P<zh>\s*(?:(?:[呢啊嘛吧呀]|的话)?\s*[,，]?\s*(?:就|也|还|都|其实)?(?:是|为|叫做?)"
    # "密码我改成了 …": a subject or an adverb may stand before the verb of a change.
    r"|(?:[我他她你]们?|已经|刚刚?|又|最近)?\s*(?:设置为|设置成|设为|设成|改为|改成|换成)了?|用的是)"
    r"\s*[:：]?\s*)"
    # "密码，hunter2": a comma after a Chinese label; prose-strict, since "密码，Vault 里有" is
    # no value.
    r"|(?P<comma>(?<=[\u3400-\u9fff])(?:[呢啊嘛吧呀]|的话)?\s*[,，、]\s*)"
    # "PIN — 4821", "password - Sunny#2020": a dash, read as prose (a value must look made).
    r"|(?P<dash>\s+(?:[-–—]{1,2}|->|→)\s+(?:it'?s\s+|it\s+is\s+)?)"
    r"|(?P<bare>(?<=[\u3400-\u9fff])\s*)"  # "密码 admin@123": no verb after a Chinese name
    # "Door passcode 4417", "SIM PIN 9012": a code label then digits, nothing between.
    r"|(?P<bareen>(?<=[A-Za-z])\s+(?=[#*]?\d|(?=\S*\d)(?=\S*[A-Za-z])\S{6,})))"
    # Digits typed with spaces ("PIN code: 1 2 3 4", "Door code 12 34") are one value.
    r"(?P<q>[\"'`]?)(?P<value>\d{1,4}(?: \d{1,4}){1,5}(?![\w.,:/-])"
    r"|[^\s\"'`,;\u3000-\u303f\u3400-\u9fff\uff00-\uffef]{1,512})"
)
# Token candidates for the entropy check: base64/base64url/hex alphabets, no dots (dots
# separate domains, versions and file names).
_TOKEN = _re(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/=_-]{20,}(?![A-Za-z0-9+/=_-])")
_URL = _re(r"(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s\"'<>]+")
_HASH_LABEL = _re(
    r"(?i)(?:commit|sha(?:-?1|-?256|-?512)?|hash|checksum|digest|revision|rev|md5|etag|uuid"
    r"|fingerprint|object\s+id|build\s+id|trace\s+id|request\s+id|id|提交|哈希|校验和?|摘要|指纹)"
    r"[\s:=#'\"`(]*(?:is\s+|是|为)?[\s:=#'\"`]*$"
)
_ENV_NAME = _re(r"^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$")
# An unquoted call, subscript or dotted/underscored lower-case identifier is code, not a value.
_CODE_REF = _re(r"^[A-Za-z_][\w.]*[(\[]|^[a-z]+(?:[._][a-z]+)+$")

# Values that are words, not credentials ("password: required", "token is expired").
_NOT_VALUE_WORDS = (
    "none null nil empty true false yes no on off enabled disabled enable disable required "
    "optional set unset configured missing default auto env environment file files see below "
    "above here there todo tbd n/a na unknown valid invalid expired rotated stored saved "
    "hidden redacted masked secret secrets token tokens password passwords key keys bearer "
    "basic oauth oauth2 jwt apikey api_key string str int text same different correct wrong "
    "incorrect needed necessary mandatory ok the a an in not never always kept managed "
    "handled provided generated from via using used changed reset revoked leaked set-up setup "
    "ready present absent blank sensitive private public readonly pass passwd pwd pw user "
    "username bytes bool float dict list optional any "
)
_NOT_VALUES = frozenset(_NOT_VALUE_WORDS.split())
# Where secrets are kept, named after a label ("密码，1Password 里有"): not a value.
_VAULT_WORDS = (
    "1password bitwarden lastpass keepass keepassxc dashlane keychain vault vaultwarden passbolt"
)
_VAULTS = frozenset(_VAULT_WORDS.split())
_PLACEHOLDER_CHARS = set("*x•.#-_X?")


def _strip_value(value: str) -> str:
    # "!" stays: passwords end in it far more often than a label sentence does.
    return value.rstrip(".,:;?)]}>'\"`")


def _is_placeholder(value: str) -> bool:
    if re.fullmatch(r"[#*]?\d{4,10}[#*]?", value):
        return False  # a keypad code ("#7788#"), not a "#ref"
    low = value.casefold()
    if not value or set(value) <= _PLACEHOLDER_CHARS:
        return True
    if value[0] in "$<{[%(#" or low.startswith(("os.environ", "process.env", "env.", "env(")):
        return True
    # Lower-case "example" marks documentation placeholders; AWS's own sample key
    # (…EXAMPLEKEY) is upper-case and deliberately still treated as a key.
    if "your" in low or "redacted" in low or re.search(r"example|placeholder|sample", value):
        return True
    if "xxxx" in low or "****" in value or "..." in value:
        return True
    return low in {"changeme", "change-me", "secret123", "password123", "dummy", "test", "demo"}


def _classes(value: str) -> int:
    return sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() for c in value),
        )
    )


def _is_path_or_url(value: str) -> bool:
    return bool(
        re.match(r"^(?:~|\.{1,2})?/|^[A-Za-z]:[\\/]|^\\\\|^[a-z][a-z0-9+.-]*://", value)
        and "@" not in value
    )


def _plausible_assigned(value: str, name: str, mode: str) -> bool:
    """Whether ``value`` after a secret-ish label is a real credential value."""
    low = value.casefold()
    if _CARD_CODE.search(name):  # "CVV: 847": three digits are the whole code
        return bool(re.fullmatch(r"\d{3,4}", value))
    if len(value) < 4 or low in _NOT_VALUES or low in _VAULTS or _is_placeholder(value):
        return False
    if _ENV_NAME.match(value) or _is_path_or_url(value):
        return False  # a reference to where the secret lives, not the secret
    if mode != "zh" and _CODE_REF.match(value):
        return False  # code: "token = self.get_token()", "pwd=parsed.password"
    if " " in value:  # spaced digits: only as a PIN or a password
        if not (_CODE_NAME.search(name) or re.search(r"(?i)pass|pwd|密码|口令", name)):
            return False
        return bool(re.fullmatch(r"\d(?: \d){3,9}|\d{2,4}(?: \d{2,4}){1,3}", value))
    if name.casefold() == "pass":
        return len(value) >= 6 and _classes(value) >= 3
    if name.casefold() == "key":
        return (len(value) >= 12 and bool(re.search(r"\d", value))
                and bool(re.search(r"[A-Za-z]", value)) and not _CODE_REF.match(value))
    if re.search(r"(?i)auth\w*[_ .-]?code$", name):  # "auth code flow: uses PKCE" holds none
        return len(value) >= 8 and (bool(re.search(r"\d", value)) or _letter_noise(value)
                                    or (mode != "prose" and len(value) >= 12 and value.isalpha()))
    code_name = bool(_CODE_NAME.search(name))
    if code_name and not re.search(r"(?i)pass(?:word|wd)|密码|口令", name):
        if mode == "bare":  # "PIN 9012", but not "PIN 2 of the header" or "code 42b"
            return bool(re.fullmatch(r"[#*]?\d{4,10}[#*]?|\d(?:-\d){3,7}", value))
        return bool(_CODE_VALUE.match(value))  # "PIN is 4821" yes, "PIN is required" no
    is_password = bool(re.search(r"(?i)pass|p[a@4][s$5]{2}|pwd|psw|(?:^|[_ .-])pw$|密码|口令",
                                 name))
    if re.match(r"\d+[^\x00-\x7f]", value):
        return False  # "8자리", "12位以上": a count and its unit, not a value
    if mode == "bare":
        # "password 2024Spring!": only a password label, and a value no word could be; after
        # a secret or token name ("secret wJalrXUt…/K7MDENG…"), a long value of three classes.
        if is_password:
            return len(value) >= 6 and (_classes(value) >= 2 or value.isdigit())
        return len(value) >= 16 and _classes(value) >= 3 and not _is_path_or_url(value)
    if value.isdigit() and not is_password and len(value) < 16:
        return False  # "token: 4096" is a number, not a token
    # A hyphenated pair of words ("case-sensitive", "well-known") is prose; three or more
    # are a passphrase (secret_shapes).
    machine_made = (bool(re.search(r"\d|[^\w.]", value))
                    and not re.fullmatch(r"[a-z]+-[a-z]+", value))
    if mode == "prose":
        # English prose ("the token is expired") needs a value that looks machine-made.
        return len(value) >= 6 and (machine_made or _random_looking(value)
                                    or _letter_noise(value))
    if mode == "code":
        return machine_made or _random_looking(value)
    return True


# Words that describe a password rather than being one ("the password is strong").
_DESCRIBING_WORDS = (
    "strong weak simple complex secure insecure unique random correct incorrect wrong right "
    "obvious guessable memorable temporary permanent private public invalid valid long short "
    "mandatory compulsory sensitive different identical similar common reused shared known "
    "unknown blank visible printed encrypted hashed salted stale old new current fine great "
    "terrible awful good bad easy hard tricky confusing generated unchanged useless "
    "working broken active inactive locked unlocked disabled enabled pending gone lost "
    "sixteen twelve eight characters digits letters words perfect alright overdue expiring "
    # where it is, whose it is
    "upstairs downstairs outside inside offline online somewhere elsewhere everywhere "
    "nowhere attached enclosed below above overleaf nearby yours theirs"
)
_DESCRIBING = frozenset(_DESCRIBING_WORDS.split())
_ADJECTIVE_END = _re(r"(?i)(?:ed|ing|ive|ous|ble|al|ful|less|ic|ent|ant|ary|ory|ish|ly|ate|"
                     r"ile|ure|ict|ual|ar|en)$")
_SENTENCE_END = _re(r"\s*(?:[.!;]\s|[.!;]?\s*$|[,，。]\s*(?:and|but|so|the|it|we|i|he|she)\b)")


def _plain_word(value: str) -> bool:
    """One word of five or more letters that no word describing a password could be
    ("strong", "temporary", "case-sensitive", "upstairs") nor a state."""
    low = value.casefold()
    return (value.isalpha() and len(value) >= 5 and low not in _NOT_VALUES
            and low not in _VAULTS and low not in _DESCRIBING and low not in _NOT_PHRASE_WORDS
            and not _ADJECTIVE_END.search(low))


def _word_password(text: str, m: re.Match[str], name: str, value: str) -> bool:
    """A plain word as a password in English prose, "the wifi password is sunflower": a
    password label (not a token or key: "the token is expired"), "is"/"was", one word
    (:func:`_plain_word`) that ends the sentence."""
    if not re.search(r"(?i)pass(?:word|wd|code)$|wi-?fi|(?:^|[_ .-])pwd?$", name):
        return False
    if not _plain_word(value) or not re.fullmatch(r"\s+(?:is|was)\s+", m.group("prose") or ""):
        return False
    return bool(_SENTENCE_END.match(text, m.start("value") + len(value)))


# "The wifi password? It's sunflower.": the plain word told in the next sentence.
_NEXT_WORD = _re(
    r"(?i)(?<![A-Za-z])pass(?:word|wd)\b[^.?!\n]{0,30}[?.!]\s*(?:it'?s|it\s+is|that'?s)\s+"
    r"[\"'“]?(?P<v>[A-Za-z]{5,24})[\"'”]?(?=\s*(?:[.!;]|$))"
)


_HASH_WORD = _re(
    r"(?i)commit|sha(?:-?1|-?256|-?512)?\b|hash|checksum|digest|md5|revision|fingerprint|etag"
    r"|哈希|提交|校验|摘要|指纹"
)


_SECRET_CONTEXT = _re(r"(?i)key|token|secret|passw|credential|密钥|秘钥|令牌|密码|凭证")
_ID_WORD = _re(r"(?i)\b(?:ids?|identifiers?|uuid|ulid|trace|span|correlation)\b|编号")


def _labelled_as_hash(text: str, start: int, token: str) -> bool:
    """A token right after "commit"/"sha256:", or hex the sentence calls a checksum."""
    if _HASH_LABEL.search(text[max(0, start - 40) : start]):
        return True
    if _ID_WORD.search(text[max(0, start - 30) : start]):
        return True  # "the request id format is req_01HX…" names an identifier
    return bool(_HEX.match(token) and _HASH_WORD.search(text[max(0, start - 80) : start]))


def _find_in(text: str) -> list[tuple[int, SecretFinding]]:
    """Every (priority, finding) the shapes and labels see in ``text`` as it is."""
    found: list[tuple[int, SecretFinding]] = []  # (priority, finding)

    def add(priority: int, kind: str, start: int, end: int) -> None:
        if end > start:
            found.append((priority, SecretFinding(kind, start, end)))

    for prio, (kind, rx) in enumerate(_SHAPES):
        for m in rx.finditer(text):
            if kind == "private_key" and not _PEM_BODY.search(m.group()):
                continue  # a header quoted in prose or code, with no key material
            add(prio, kind, m.start(), m.end())
    base = len(_SHAPES)
    for m in _CONN.finditer(text):
        value = m.group("value")
        # Short passwords count too ("postgres://app:pw12@db"); "user:password@" does not.
        # A Chinese word there is a template ("mysql://用户名:密码@主机"), not a password.
        if len(value) == 1:
            # One character ("postgres://admin:x@db.internal"): a password when the rest
            # is real, a template's letter in "u:p@h" or "user:p@host".
            host = m.group("host").casefold()
            if (value.isalnum() and len(m.group("user")) != 1 and host not in _TEMPLATE_HOSTS
                    and (len(host) >= 4 or re.search(r"[.\d-]", host))):
                add(base, "connection_password", m.start("value"), m.end("value"))
            continue
        if (not _is_placeholder(value) and value.casefold() not in _NOT_VALUES
                and not re.fullmatch(r"[\u3400-\u9fff]+", value)):
            add(base, "connection_password", m.start("value"), m.end("value"))
    for m in _BARE_CRED.finditer(text):
        value = m.group("value")
        if (not _is_placeholder(value) and value.casefold() not in _NOT_VALUES
                and (len(value) >= 8 or re.search(r"\d|[^\w]", value))):
            add(base, "connection_password", m.start("value"), m.end("value"))
    for kind, start, end in structured_secrets(text):
        add(base, kind, start, end)
    for m in _URL_USER.finditer(text):
        if _random_looking(m.group("value")):
            add(base, "url_credential", m.start("value"), m.end("value"))
    for rx in (_AUTH_HEADER, _BEARER):
        for m in rx.finditer(text):
            if _is_placeholder(m.group("value")):
                continue
            value = _strip_value(m.group("value"))
            # Without a scheme word, "Authorization: …" may be prose; demand a token shape.
            schemed = rx is _AUTH_HEADER and m.group("scheme")
            shaped = _classes(value) >= 2 and not _is_path_or_url(value)
            if (
                not _is_placeholder(value)
                and value.casefold() not in _NOT_VALUES
                and ((schemed and (shaped or len(value) >= 20)) or (shaped and len(value) >= 12))
            ):
                add(base + 1, "bearer_token", m.start("value"), m.start("value") + len(value))
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
        elif m.group("bareen") is not None:
            mode = "bare"
        elif m.group("comma") is None and (m.group("q") or m.group("zh") is not None
                                           or m.group("bare") is not None):
            # A quoted value, a Chinese verb or a value right after a Chinese label
            # ("锁屏密码 1379"): a real value, lenient checks.
            mode = "zh"
        else:
            mode = "prose"
        if not (_plausible_assigned(value, name, mode)
                or (mode == "prose" and _word_password(text, m, name, value))):
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
        numeric = label == "password" and value.isdigit() and 4 <= len(value) <= 12
        if numeric or _plausible_assigned(value, label, mode):
            add(base + 2, "pin_code" if label == "pin" else "password", start, end)
    for m in _NEXT_WORD.finditer(text):
        if _plain_word(m.group("v")):
            add(base + 2, "password", m.start("v"), m.end("v"))
    for kind, start, end in itertools.chain(counted_codes(text), loose_values(text)):
        add(base, kind, start, end)
    urls = [(u.start(), u.end()) for u in _URL.finditer(text)]
    url_starts = [a for a, _ in urls]
    for m in _TOKEN.finditer(text):
        token = m.group()
        i = bisect.bisect_right(url_starts, m.start()) - 1
        if i >= 0 and m.start() < urls[i][1]:
            continue  # document ids inside links are addresses, not credentials
        if not _random_looking(token) or _labelled_as_hash(text, m.start(), token):
            continue
        if (
            _HEX.match(token)
            and len(token) in (40, 64)
            and not _SECRET_CONTEXT.search(text[max(0, m.start() - 40) : m.start()])
        ):
            continue  # SHA-1/SHA-256 digest sizes: a hash unless the text calls it a secret
        kind = "high_entropy_token"
        if len(token) == 40 and re.search(
            r"(?i)aws|secret", text[max(0, m.start() - 80) : m.start()]
        ):
            kind = "aws_secret_access_key"
        add(base + 3, kind, m.start(), m.end())

    return found


# Combining marks NFKC leaves standing on a Latin letter (underline, strike-through) and
# pictographs: decoration a reading for secrets may drop.
_DECORATION = _re("(?<=[A-Za-z\u0300-\u036f\u20d0-\u20ff])[\u0300-\u036f\u1ab0-\u1aff"
                  "\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]|[\u2600-\u27bf\u2b00-\u2bff"
                  "\U0001f000-\U0001faff]")
_INLINE_TAG = _re(r"(?i)</?(?:b|i|u|s|em|strong|code|kbd|samp|span|mark|small|big|font|tt|var)"
                  r"(?:\s[^<>]{0,80})?>")


def find_secrets(text: str) -> list[SecretFinding]:
    """Every secret value in ``text``, in order, non-overlapping, in ``text``'s offsets.

    The rules read the text as written and in its canonical forms (:func:`canonicalize`:
    invisible characters dropped, full-width and look-alike letters folded, markup
    removed), and what they find in a canonical form is mapped back onto the original, so
    a key split by zero-width spaces or typed in full-width is found — and cut out — whole.
    """
    if not text:
        return []
    readings = [_select(_find_in(text))]
    chars = canonicalize(text, structure=False)
    forms = [chars, canonicalize(text, structure=True)]
    if _DECORATION.search(chars.text):  # "p̲a̲s̲s̲w̲o̲r̲d̲", "PIN 🔑 4821"
        plain = canonicalize(text, structure=False)
        plain.delete(_DECORATION)
        forms.append(plain)
    if "<" in text and _INLINE_TAG.search(text):  # "<b>password</b>: …"
        untagged = canonicalize(text, structure=False)
        untagged.delete(_INLINE_TAG)
        forms.append(untagged)
    skeleton = confusable_skeleton(chars.text)
    if skeleton != chars.text:  # "ΡΙΝ 6650" in Greek capitals: a reading only, never stored
        folded = canonicalize(text, structure=False)
        folded.replace_chars(skeleton)
        forms.append(folded)
    seen = {text}
    for canon in forms:
        if canon.text in seen:
            continue
        seen.add(canon.text)
        readings.append([SecretFinding(f.kind, *canon.source_span(f.start, f.end))
                         for f in _select(_find_in(canon.text))])
    # Values broken by a space or a line, or spelled out with a separator between every
    # character, read joined: as written and in the character-level canonical form.
    for canon in (Canonical(text, None), chars):
        for f in (_split_reading(canon.text) + _despaced_reading(canon.text)
                  + _read_joined(canon.text, broken_label_gaps(canon.text), reach=_NEAR_REACH)):
            readings.append([SecretFinding(f.kind, *canon.source_span(f.start, f.end))])
        if chars.text == text:
            break
    readings = [r for r in readings if r]
    if not readings:
        return []
    return readings[0] if len(readings) == 1 else _union(readings)


# A value split by a space or a line break ("ghp_Xy12Ab34Cd56 Ef78…", "Blue\nFalcon#5",
# "Sea-\nShell-77"): the break is joined when the piece after it is machine-made (a
# digit or a symbol) and, for a space, the piece before it too ("token ghp_…" stays two
# words); only findings that cross a joined break are kept, so two ordinary lines are
# never read as one.
_BREAK = _re(
    r"(?P<prev>[^\s]{1,80})(?P<gap>[ \t]*\n[ \t]*|[ \t])(?=(?P<next>[A-Za-z0-9][^\s]{2,}))"
)
_MACHINE = _re(r"\d|[^\w.,;:!?)'\"]")


# A joined value needs a label or a vendor prefix close before the break (entropy-only
# findings are not kept), so breaks far from one are not joined: long logs stay cheap.
_NEAR_SECRET = _re(
    r"(?i)key|token|secret|pass|p[@4]ss|pwd|\bpw\b|pin|code|cvv|credential|login|serial"
    r"|licen[cs]e|phrase|sk-|gh[pousr]_|github_pat|glpat|xox|akia|aiza|hf_|npm_|pypi-|://"
    r"|密码|口令|密钥|秘钥|令牌|授权码|提取码|验证码|激活码|注册码|安全码|门禁|卡号"
)
_NEAR_REACH = 80
_HAS_ALNUM = _re(r"[^\W_]")
_NOT_A_PIECE = _re(r"(?i)[a-z][a-z0-9+.-]*://|www\.|[a-z]:[\\/]|-{1,2}[a-z]")


def _split_reading(text: str) -> list[SecretFinding]:
    labels = [m.end() for m in _NEAR_SECRET.finditer(text)]
    if not labels:
        return []
    joins = []
    for m in _BREAK.finditer(text):
        if not (_MACHINE.search(m["next"]) and ("\n" in m["gap"] or _MACHINE.search(m["prev"]))):
            continue
        if not _HAS_ALNUM.search(m["prev"]):
            continue  # a dash or a bullet before the value is punctuation, not a piece
        if _NOT_A_PIECE.match(m["next"]):
            continue  # a URL, a path or an option after the value is its neighbour
        i = bisect.bisect_right(labels, m.start("gap")) - 1
        if i >= 0 and m.start("gap") - labels[i] <= _NEAR_REACH:
            joins.append(m)
    return _read_joined(text, [(m.start("gap"), m.end("gap")) for m in joins])


# A value spelled out one character at a time ("p a s s w o r d : h u n t e r 2",
# "s-e-c-r-e-t-9-9", "密 码 是 x 7 k 9 q 2") or in pairs behind dots or hyphens
# ("Hu.nt.er.20.24"): four or more pieces with one separator repeated. Read joined; as for
# a broken value, only a finding that crosses a removed separator counts, so a version
# ("1.2.3.4") or spaced initials stay as they are unless a label and a value appear.
_SPACED = _re(
    r"(?<![^\W_])[^\W_](?P<s>[ .\-_])[^\W_](?:(?P=s)[^\W_]){1,63}(?![^\W_])"
    r"|(?<![^\W_])[^\W_]{1,2}(?P<t>[.\-_])[^\W_]{1,2}(?:(?P=t)[^\W_]{1,2}){2,63}(?![^\W_])"
    # "4 . 8 . 2 . 7", "h / u / n / t": a punctuation mark with a space on each side.
    r"|(?<![^\W_])[^\W_](?P<u> [.\-_/·•|*] )[^\W_](?:(?P=u)[^\W_]){2,63}(?![^\W_])"
)


# A key pasted in groups of equal length ("ghp_aB3d E5fG hIjK 7hI9 …", "AKIA IOSF ODNN
# 7EXA MPL3"): a first piece (it may carry the vendor prefix), then three or more groups
# of one length, letters and digits mixed across them.
_GROUPED = _re(r"(?<![^\s\"'`:=(])[A-Za-z0-9_+/-]{4,40}(?: [A-Za-z0-9]{4,8}){3,40}"
               r"(?![^\s\"'`.,;)])")


def _despaced_reading(text: str) -> list[SecretFinding]:
    gaps: list[tuple[int, int]] = []
    for m in _SPACED.finditer(text):
        sep = m.group("s") or m.group("t") or m.group("u")
        gaps.extend((m.start() + g.start(), m.start() + g.end())
                    for g in re.finditer(re.escape(sep), m.group()))
    for m in _GROUPED.finditer(text):
        first, *groups = m.group().split(" ")
        if len({len(g) for g in groups}) != 1 or len(first) < len(groups[0]):
            continue
        run = m.group()
        if re.search(r"\d", run) and re.search(r"[A-Za-z]", run):
            gaps.extend((m.start() + i, m.start() + i + 1)
                        for i, ch in enumerate(run) if ch == " ")
    gaps = sorted(set(gaps))
    # A spelled-out label ("p a s s w o r d : Kestrel#41") counts for the value after it.
    return _read_joined(text, gaps, reach=_NEAR_REACH // 2)


def _read_joined(text: str, gaps: list[tuple[int, int]], *,
                 reach: int = 0) -> list[SecretFinding]:
    """Findings in ``text`` with every ``gaps`` span removed (sorted, disjoint) that cross
    a removed span or begin within ``reach`` after one, in ``text``'s offsets;
    entropy-only findings are not kept."""
    if not gaps:
        return []
    pieces: list[str] = []
    origin: list[int] = []  # origin[i] = offset in ``text`` of joined character i
    points: list[int] = []  # joined offsets where a break was removed
    pos = 0
    for start, end in gaps:
        pieces.append(text[pos:start])
        origin.extend(range(pos, start))
        points.append(len(origin))
        pos = end
    pieces.append(text[pos:])
    origin.extend(range(pos, len(text)))
    joined = "".join(pieces)
    out = []
    for f in _select(_find_in(joined)):
        if f.kind == "high_entropy_token" or not any(
                f.start - reach < p < f.end for p in points):
            continue
        out.append(SecretFinding(f.kind, origin[f.start], origin[f.end - 1] + 1))
    return out


def _select(found: list[tuple[int, SecretFinding]]) -> list[SecretFinding]:
    """Most specific first; a finding overlapping an already kept one is dropped. ``kept``
    is kept sorted by start so each overlap test is a bisect, not a scan."""
    kept: list[SecretFinding] = []
    starts: list[int] = []
    for _prio, f in sorted(found, key=lambda pf: (pf[0], pf[1].start, -(pf[1].end - pf[1].start))):
        i = bisect.bisect_left(starts, f.start)
        if i > 0 and kept[i - 1].end > f.start:
            continue
        if i < len(kept) and kept[i].start < f.end:
            continue
        kept.insert(i, f)
        starts.insert(i, f.start)
    return kept


def _union(readings: list[list[SecretFinding]]) -> list[SecretFinding]:
    """Findings of several readings of one text, overlapping ones joined: two readings may
    disagree on a value's extent (the raw text stops at a zero-width space, the canonical
    one does not), and no part of a value may survive."""
    merged: list[SecretFinding] = []
    for f in sorted((f for r in readings for f in r), key=lambda f: (f.start, -f.end)):
        if merged and f.start < merged[-1].end:
            m = merged[-1]
            merged[-1] = SecretFinding(m.kind, m.start, max(m.end, f.end))
        else:
            merged.append(f)
    return merged


def redact_secrets(text: str) -> str:
    """``text`` with every secret value replaced by ``[REDACTED:<kind>]``. Idempotent.

    What the user wrote around a secret is kept as written; the value is cut out in
    whatever spelling it had. Cutting can join what was around it into a new value, so
    the result is read again until nothing is found (and if that never settles, nothing
    of the text is kept).
    """
    for _ in range(4):
        findings = find_secrets(text)
        if not findings:
            return text
        out: list[str] = []
        pos = 0
        for f in findings:
            out.append(text[pos : f.start])
            out.append(f"[REDACTED:{f.kind}]")
            pos = f.end
        out.append(text[pos:])
        text = "".join(out)
    return text if not find_secrets(text) else "[REDACTED:unsettled]"


# --- credential mentions without content ("已配置 API_KEY", "token set") -----------------

_MENTION_SECRET = _re(
    r"(?i)(?<![A-Za-z0-9])(?:[A-Za-z0-9]{1,32}[_.-]){0,6}"
    r"(?:api[_ .-]?keys?|apikey|access[_ .-]?keys?|secret[_ .-]?keys?"
    r"|private[_ .-]?keys?|ssh[_ .-]?keys?|access[_ .-]?tokens?|auth[_ .-]?tokens?|tokens?"
    r"|secrets?|passwords?|passwd|passphrase|credentials?|creds|keys?)(?![A-Za-z0-9])"
    r"|密码|口令|密钥|秘钥|私钥|令牌|凭证|凭据|授权码"
)
_MENTION_STATUS = _re(
    r"(?i)\b(?:has\s+been\s+|have\s+been\s+|was\s+|were\s+|is\s+|are\s+|got\s+|now\s+)?"
    r"(?:configured|set(?:\s+up)?|added|updated|saved|rotated|done|ready|in\s+place|exported"
    r"|provided|generated|installed|filled(?:\s+in)?|created|renewed|refreshed|changed|reset"
    r"|replaced|applied|loaded|swapped|revoked|regenerated|ok|okay|expired|invalidated)\b"
    r"|(?:已经?|都)?(?:配置|设置|添加|加|更新|保存|填写?|填入|替换|更换|换|轮换|生成|导出|写入|设|配|改|弄|搞"
    r"|创建|重置|续期|吊销|撤销)"
    r"(?:好|完|上|进去|定)?(?:了)?"
    r"|已经?|搞定了?|好了|有了|就绪|完成|过期了?|失效了?"
)
# Which vendor a credential belongs to is not a usable fact on its own either.
_MENTION_FILLER = _re(
    r"(?i)\b(?:openai|deepseek|anthropic|claude|github|gitlab|slack|aws|google|gcp|azure|stripe"
    r"|hugging ?face|hf|npm|pypi|docker ?hub|docker|telegram|discord|notion|linear|jira|sentry"
    r"|cloudflare|vercel|qwen|moonshot|zhipu|ssh|gpg|api|access|personal|bot|admin|root|db"
    r"|database)\b|阿里云|腾讯云|百度|飞书|钉钉|微信|数据库|服务器"
    r"|\b(?:the|a|an|my|our|your|new|env|environment(?:\s+variables?)?|variables?|vars?"
    r"|file|now|all|both|also|just|again|successfully|correctly|and|for|it|is|are|was|were"
    r"|has|have|been)\b|环境变量|新的?|的|了|个|一个|都|也|再|又|已|全部|成功|正确|和|与|把|将"
)


def looks_like_secret_mention(text: str) -> bool:
    """True for a note that a credential exists or was set, with nothing else said.

    "已配置 API_KEY", "token set", "OPENAI_API_KEY" carry no usable fact; "The API key is
    stored in 1Password" does (where it lives) and is not a bare mention.
    """
    if not _MENTION_SECRET.search(text):
        return False
    rest = _MENTION_SECRET.sub(" ", text)
    rest = _MENTION_STATUS.sub(" ", rest)
    rest = _MENTION_FILLER.sub(" ", rest)
    return not re.search(r"[^\W_]", rest)


def redact_tree(value: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, strings) with every string redacted, keys too
    (a key is stored like any other string: ``{"sk-…": 1}`` must not keep the key)."""
    if isinstance(value, str):
        return redact_secrets(value)
    if isinstance(value, dict):
        return {redact_secrets(k) if isinstance(k, str) else k: redact_tree(v)
                for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [redact_tree(v) for v in value]
    return value
