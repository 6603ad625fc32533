"""Secret shapes recognised by structure plus a nearby label: app passwords, licence keys,
multi-word passphrases.

Each shape alone would also match ordinary text (four 4-letter words, a part number,
three words after "is"), so each needs its label close before it, and the value must
look like a value: a passphrase holds no function word or participle ("the passphrase is
written on a card" is a fact), a licence key mixes letters and digits. Microsoft's 5×5
product-key layout is distinctive enough alone. Pure functions; ``secrets.find_secrets``
combines these with the vendor shapes and labelled assignments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.text import ENGLISH_STOPWORDS

__all__ = ["SHAPE_DESCRIPTIONS", "structured_secrets"]

SHAPE_DESCRIPTIONS = {
    "app_password": "an app password",
    "license_key": "a licence or product key",
    "passphrase": "a passphrase",
}

_B = r"(?<![A-Za-z0-9])"
_E = r"(?![A-Za-z0-9])"
# Google-style app passwords: four groups of four lower-case letters (spaces or hyphens).
_APP_PASSWORD = re.compile(rf"{_B}[a-z]{{4}}([ -])[a-z]{{4}}\1[a-z]{{4}}\1[a-z]{{4}}{_E}")
_APP_LABEL = re.compile(
    r"(?i)(?:app(?:lication)?[ -]?(?:specific[ -])?password|password|passcode|pwd|密码|口令)"
)
_KEY_GROUPS = re.compile(rf"{_B}[A-Z0-9]{{4,6}}(?:-[A-Z0-9]{{4,6}}){{3,5}}{_E}")
_PRODUCT_KEY_5X5 = re.compile(rf"{_B}[A-Z0-9]{{5}}(?:-[A-Z0-9]{{5}}){{4}}{_E}")
_KEY_LABEL = re.compile(
    r"(?i)licen[cs]e|product[ _-]?key|serial[ _-]?key|activation|registration|cd[ _-]?key"
    r"|激活码|注册码|许可证|序列号|产品密钥"
)
_PASSPHRASE = re.compile(
    r"(?i)(?<![A-Za-z])(?:pass ?phrase|seed phrase|recovery phrase|mnemonic(?: phrase)?"
    r"|secret phrase|password|passwort|助记词|密语|口令)"
    r"(?:\s+(?:for|of|on|to)\s+(?:the\s+|my\s+|our\s+)?[\w.-]{1,30})?"
    r"\s*(?:is|was|:|=|是|为|就是)\s*[\"'“]?"
    r"(?P<value>[a-z]{2,12}(?:[ -][a-z]{2,12}){2,23})(?![A-Za-z])"
)
# Words that make "<label> is …" a sentence about the secret, not the secret itself.
_NOT_PHRASE_WORDS = (
    "required needed stored kept saved written printed managed shared rotated changed reset "
    "expired set long short strong weak secure different same unknown missing empty hidden "
    "also still never always usually located inside under case sensitive"
)
_NOT_PHRASE = ENGLISH_STOPWORDS | frozenset(_NOT_PHRASE_WORDS.split())


def _labelled(text: str, start: int, label: re.Pattern[str], reach: int = 60) -> bool:
    return bool(label.search(text[max(0, start - reach) : start]))


def structured_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of every structural secret value in ``text``."""
    for m in _APP_PASSWORD.finditer(text):
        if _labelled(text, m.start(), _APP_LABEL):
            yield "app_password", m.start(), m.end()
    for m in _KEY_GROUPS.finditer(text):
        key = m.group()
        mixed = any(c.isdigit() for c in key) and any(c.isalpha() for c in key)
        if mixed and (_PRODUCT_KEY_5X5.fullmatch(key) or _labelled(text, m.start(), _KEY_LABEL)):
            yield "license_key", m.start(), m.end()
    for m in _PASSPHRASE.finditer(text):
        words = re.split(r"[ -]", m.group("value").casefold())
        if not any(w in _NOT_PHRASE or w.endswith("ed") for w in words):
            yield "passphrase", m.start("value"), m.end("value")
