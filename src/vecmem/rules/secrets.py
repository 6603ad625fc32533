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

import re
from typing import Any

from vecmem.rules.secret_chain import CHAIN_KINDS, chain_next
from vecmem.rules.secret_keyed import KEYED_DESCRIPTIONS
from vecmem.rules.secret_mention import is_bare_mention
from vecmem.rules.secret_readings import readings, union
from vecmem.rules.secret_shapes import SHAPE_DESCRIPTIONS
from vecmem.rules.secret_values import SecretFinding
from vecmem.rules.secret_vendor import VENDOR_DESCRIPTIONS
from vecmem.text import ascii_word_re

__all__ = [
    "KIND_DESCRIPTIONS",
    "SecretFinding",
    "find_secrets",
    "looks_like_secret_mention",
    "redact_secrets",
]


# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re

#: Human-readable names for reasons ("Contains <description>"). Never include the value.
KIND_DESCRIPTIONS: dict[str, str] = {
    **VENDOR_DESCRIPTIONS,
    "pin_code": "a PIN or access code",
    **SHAPE_DESCRIPTIONS,
    **KEYED_DESCRIPTIONS,
    "secret_assignment": "a value assigned to a secret-named setting",
    "encoded_secret": "a secret encoded in base64 or ROT13",
    "high_entropy_token": "a long random-looking token",
}


def find_secrets(text: str) -> list[SecretFinding]:
    """Every secret value in ``text``, in order, non-overlapping, in ``text``'s offsets.

    The rules read the text as written and in its canonical forms (:func:`canonicalize`:
    invisible characters dropped, full-width and look-alike letters folded, markup
    removed), and what they find in a canonical form is mapped back onto the original, so
    a key split by zero-width spaces or typed in full-width is found — and cut out — whole.
    """
    if not text:
        return []
    found = readings(text)
    if not found:
        return []
    merged = found[0] if len(found) == 1 else union(found)
    merged = _chained(text, _extended(text, merged))
    return _outside_markers(text, merged) if "[REDACTED:" in text else merged


# A value typed in pieces ends where its clause ends: "password: Sunflower 88", "app pw:
# fgtr vbnm lkjh asdq", "PIN 48 21". After a finding, the pieces that follow it are part
# of it when each is machine-made (a digit or a symbol) or a group of the value's own
# length and shape, and the run of them closes the clause; "password=abc123 took 35 ms"
# and "PIN 4821 2nd floor" keep their words.
_NEXT_PIECE = re.compile(r"[ \t]{1,2}(?P<p>[^\s]{1,32})")
_PIECE_TAIL = re.compile(r"[.,;:!?)'\"\]。，；：！？）]+$")
_CLAUSE_END = re.compile(r"\s*(?:$|[.,;:!?)\n。，；：！？）]|\s[-–—]\s)")
# (a URL, a path, an option, a marker, or an aside opening: "(changed 2024)")
_NOT_A_PIECE = re.compile(r"(?i)[a-z][a-z0-9+.-]*://|www\.|[a-z]:[\\/]|-{1,2}[a-z]|\[REDACTED:"
                          r"|[(\[{（【]")


def _piece_of(value: str, piece: str) -> bool:
    if not piece or _NOT_A_PIECE.match(piece):
        return False
    if re.search(r"\d|[^\w]", piece):
        return True
    # a group of the value's length and shape: "fgtr vbnm", "ABCD EFGH"
    return (value.isascii() and value.isalpha() and piece.isascii() and piece.isalpha()
            and 3 <= len(value) <= 8 and len(piece) == len(value)
            and (value.islower(), value.isupper()) == (piece.islower(), piece.isupper()))


def _extended(text: str, findings: list[SecretFinding]) -> list[SecretFinding]:
    out: list[SecretFinding] = []
    for i, f in enumerate(findings):
        limit = findings[i + 1].start if i + 1 < len(findings) else len(text)
        value, end, pos = text[f.start:f.end], f.end, f.end
        if f.kind != "high_entropy_token" and not _PIECE_TAIL.search(value):
            for _ in range(8):
                m = _NEXT_PIECE.match(text, pos)
                if not m or m.end() > limit:
                    break
                piece = m.group("p")
                core = _PIECE_TAIL.sub("", piece)
                if not _piece_of(value, core):
                    break
                pos = m.start("p") + len(core)
                if core != piece:  # the piece closed its clause
                    break
            if pos > end and _CLAUSE_END.match(text, pos):
                end = pos
        out.append(SecretFinding(f.kind, f.start, end) if end > f.end else f)
    return out


def _chained(text: str, findings: list[SecretFinding]) -> list[SecretFinding]:
    """``findings`` with the later values of one label (``secret_chain``): "from 1111 to
    4821", "hunter2 until yesterday, now it's hunter3", "不是 123456，是 654321"."""
    out = list(findings)
    # findings arrive sorted and disjoint: a chained value stops before the next one
    for i, f in enumerate(findings):
        if f.kind not in CHAIN_KINDS:
            continue
        value, end = text[f.start:f.end], f.end
        stop = findings[i + 1].start if i + 1 < len(findings) else len(text)
        for _ in range(3):
            span = chain_next(text, end, value, min(stop, end + 80))
            if not span:
                break
            out.append(SecretFinding(f.kind, *span))
            end = span[1]
    return out if len(out) == len(findings) else sorted(out, key=lambda g: g.start)


# What redaction wrote is no value: a rule that reads "-a [REDACTED:cli_password]" as a
# password would make redaction cut its own marker for ever.
_MARKER = re.compile(r"\[REDACTED:[a-z_]{1,40}\]")


def _outside_markers(text: str, findings: list[SecretFinding]) -> list[SecretFinding]:
    marks = [(m.start(), m.end()) for m in _MARKER.finditer(text)]
    out: list[SecretFinding] = []
    for f in findings:
        pieces = [(f.start, f.end)]
        for a, b in marks:
            pieces = [p for s0, e0 in pieces
                      for p in ((s0, min(e0, a)), (max(s0, b), e0)) if p[1] > p[0]]
        out.extend(SecretFinding(f.kind, s0, e0) for s0, e0 in pieces
                   if re.search(r"[^\W_]", text[s0:e0]))
    return out


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
    # round 10: a pass next to what it opens, and the Chinese watchwords
    r"|(?i:(?<![A-Za-z])(?:wi-?fi|wlan|router|vpn|nas|admin|email|login)\s+pass(?![A-Za-z]))"
    r"|密码|口令|回令|暗号|密钥|秘钥|私钥|令牌|凭证|凭据|授权码"
)
_MENTION_STATUS = _re(
    r"(?i)\b(?:has\s+been\s+|have\s+been\s+|was\s+|were\s+|is\s+|are\s+|got\s+|now\s+)?"
    r"(?:configured|set(?:\s+up)?|added|updated|saved|rotated|done|ready|in\s+place|exported"
    r"|provided|generated|installed|filled(?:\s+in)?|created|renewed|refreshed|changed|reset"
    r"|replaced|applied|loaded|swapped|revoked|regenerated|ok|okay|expired|invalidated"
    r"|uploaded|copied|pasted|shared|sent|works|worked|working)\b"
    r"|(?:已经?|都)?(?:配置|设置|添加|加|更新|保存|填写?|填入|替换|更换|换|轮换|生成|导出|写入|设|配|改|弄|搞"
    r"|创建|重置|续期|吊销|撤销)"
    r"(?:好|完|上|进去|定|过)?(?:了)?"
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
    r"|has|have|had|been)\b|环境变量|新的?|的|了|个|一个|都|也|再|又|已|全部|成功|正确|和|与|把|将"
    # Who did it, when, and moving it into the environment: "I have set the OPENAI_API_KEY
    # env var", "The password was changed yesterday", "我把 DEEPSEEK_API_KEY 加到环境变量里了".
    # A place named ("in Vault", "在 1Password 里") stays as a word, so that note is a fact.
    r"|\b(?:i|we|you|i'?ve|we'?ve|you'?ve|me|us|to|into|today|yesterday|earlier|recently"
    r"|this\s+morning|last\s+night|tonight|already|finally)\b|[我你他她]们?|到|里|中|进去?|刚刚?|今天|昨天"
)


_MASKED_VALUE = _re(r"(?<![\w*•●])(?:[A-Za-z]{2,5}[-_])?[\w-]{0,8}?(?:[*•●·]{3,}|[xX]{6,}|\.{3,}|…)"
                    r"[\w-]{0,6}(?![\w*•●])")


def looks_like_secret_mention(text: str) -> bool:
    """True for a note that a credential exists or was set, with nothing else said.

    "已配置 API_KEY", "token set", "OPENAI_API_KEY" carry no usable fact; "The API key is
    stored in 1Password" does (where it lives) and is not a bare mention. "My PIN is my
    birthday" and "the new password works" are mentions (round 7, ``secret_mention``): how
    a secret was made or how it fares is no fact to keep.
    """
    if is_bare_mention(text):
        return True
    if not _MENTION_SECRET.search(text):
        return False
    # A masked value ("****1234", "sk-****abcd") is a mention of the secret, not a value.
    rest = _MENTION_SECRET.sub(" ", _MASKED_VALUE.sub(" ", text))
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
