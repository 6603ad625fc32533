"""Secret shapes that need no label: vendor key formats, private key blocks, JWTs,
passwords inside connection strings, Authorization headers, and long random-looking tokens
(the entropy check of ``secret_entropy``), with the hash and id contexts that keep digests
and identifiers. Pure functions, no I/O; ``secret_readings.find_in`` combines these with
the label rules.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Callable

from vecmem.rules.secret_entropy import HEX as _HEX
from vecmem.rules.secret_entropy import random_looking as _random_looking
from vecmem.rules.secret_values import NOT_VALUES as _NOT_VALUES
from vecmem.rules.secret_values import classes as _classes
from vecmem.rules.secret_values import is_path_or_url as _is_path_or_url
from vecmem.rules.secret_values import is_placeholder as _is_placeholder
from vecmem.rules.secret_values import strip_value as _strip_value
from vecmem.text import ascii_word_re

__all__ = ["BASE", "VENDOR_DESCRIPTIONS", "vendor_findings"]

_re = ascii_word_re
#: ``add(priority, kind, start, end)``: how the readers collect findings.
Add = Callable[[int, str, int, int], None]

VENDOR_DESCRIPTIONS: dict[str, str] = {
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
_TEMPLATE_USER = _re(r"(?i)(?:db_?|my_?)?(?:user(?:name)?|usr|uname|login|name|u)")
_TEMPLATE_PASSWORD = _re(r"(?i)(?:db_?|my_?)?(?:pass(?:word|wd)?|pwd|pw|secret|p)")
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
#: Priority of the generic rules (after every vendor shape): base, base + 1 (headers),
#: base + 2 (labels), base + 3 (unlabelled tokens).
BASE = len(_SHAPES)

# Token candidates for the entropy check: base64/base64url/hex alphabets, no dots (dots
# separate domains, versions and file names).
_TOKEN = _re(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/=_-]{10,}(?![A-Za-z0-9+/=_-])")
# A short generated password holds symbols too ("hT7$kq9!Lm2@"); no dot or slash, so
# domains, versions, paths and e-mail addresses are never one.
_SYMBOL_TOKEN = _re(r"(?<![^\s\"'`(:=，：])(?=[^\s]*[!@#$%^&*+=?~])[A-Za-z0-9!@#$%^&*+=?~_-]{10,19}"
                    r"(?=$|[\s\"'`),;，。；]|[.!?](?:\s|$))")
_URL = _re(r"(?i)\b[a-z][a-z0-9+.-]{1,20}://[^\s\"'<>]+")
_HASH_LABEL = _re(
    r"(?i)(?:commit|sha(?:-?1|-?256|-?512)?|hash|checksum|digest|revision|rev|md5|etag|uuid"
    r"|fingerprint|object\s+id|build\s+id|trace\s+id|request\s+id|id|提交|哈希|校验和?|摘要|指纹)"
    r"[\s:=#'\"`(]*(?:is\s+|是|为)?[\s:=#'\"`]*$"
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



def vendor_findings(text: str, add: Add) -> None:
    """Every vendor shape, connection password, header credential and random token."""
    for prio, (kind, rx) in enumerate(_SHAPES):
        for m in rx.finditer(text):
            if kind == "private_key" and not _PEM_BODY.search(m.group()):
                continue  # a header quoted in prose or code, with no key material
            add(prio, kind, m.start(), m.end())
    base = len(_SHAPES)
    for m in _CONN.finditer(text):
        value = m.group("value")
        # The password of a URL's userinfo is cut whatever it is ("mysql://root:pw@host",
        # "amqp://guest:guest@rabbit"): a scheme, a user, a colon and an "@" say what it
        # is, so its length and shape say nothing. A template keeps its placeholder
        # ("${DB_PASSWORD}", "<password>", "****"), a Chinese word there is one too
        # ("mysql://用户名:密码@主机"), and so is userinfo made only of the generic names
        # of its parts ("user:password@host"); "root:pw@host" names a real user.
        if len(value) == 1:  # "admin:x@db" is a password; "u:p@h" and "x" are a template's
            if (value.isalnum() and len(m.group("user")) != 1
                    and not _TEMPLATE_USER.fullmatch(m.group("user"))):
                add(base, "connection_password", m.start("value"), m.end("value"))
            continue
        if _is_placeholder(value) or re.fullmatch(r"[\u3400-\u9fff]+", value):
            continue
        if (_TEMPLATE_USER.fullmatch(m.group("user"))
                and _TEMPLATE_PASSWORD.fullmatch(value)):
            continue
        add(base, "connection_password", m.start("value"), m.end("value"))
        if m.group("user") == value:  # "guest:guest@": the user name says the password
            add(base, "connection_password", m.start("user"), m.end("user"))
    for m in _BARE_CRED.finditer(text):
        value = m.group("value")
        if (not _is_placeholder(value) and value.casefold() not in _NOT_VALUES
                and (len(value) >= 8 or re.search(r"\d|[^\w]", value))):
            add(base, "connection_password", m.start("value"), m.end("value"))
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
    urls = [(u.start(), u.end()) for u in _URL.finditer(text)]
    url_starts = [a for a, _ in urls]
    for m in itertools.chain(_TOKEN.finditer(text), _SYMBOL_TOKEN.finditer(text)):
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
