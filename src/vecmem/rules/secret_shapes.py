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

from vecmem.text import ENGLISH_STOPWORDS, lazy_re

__all__ = ["SHAPE_DESCRIPTIONS", "structured_secrets"]

SHAPE_DESCRIPTIONS = {
    "app_password": "an app password",
    "license_key": "a licence or product key",
    "passphrase": "a passphrase",
    "login_password": "the password of a user / password pair",
    "backup_codes": "two-factor backup codes",
    "payment_card": "a payment card number",
}

_B = r"(?<![A-Za-z0-9])"
_E = r"(?![A-Za-z0-9])"
# Google-style app passwords: four groups of four lower-case letters (spaces or hyphens).
_APP_PASSWORD = lazy_re(rf"{_B}[a-z]{{4}}([ -])[a-z]{{4}}\1[a-z]{{4}}\1[a-z]{{4}}{_E}")
_APP_LABEL = lazy_re(
    r"(?i)(?:app(?:lication)?[ -]?(?:specific[ -])?password|password|passcode|pwd|密码|口令)"
)
_KEY_GROUPS = lazy_re(rf"{_B}[A-Z0-9]{{4,6}}(?:-[A-Z0-9]{{4,6}}){{3,5}}{_E}")
_PRODUCT_KEY_5X5 = lazy_re(rf"{_B}[A-Z0-9]{{5}}(?:-[A-Z0-9]{{5}}){{4}}{_E}")
_KEY_LABEL = lazy_re(
    r"(?i)licen[cs]e|product[ _-]?key|serial(?:[ _-]?(?:key|number|no\b))?|activation"
    r"|registration|cd[ _-]?key"
    r"|激活码|注册码|许可证|序列号|产品密钥"
)
_PASSPHRASE = lazy_re(
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
    "also still never always usually located inside under case sensitive used hard easy"
)
_NOT_PHRASE = ENGLISH_STOPWORDS | frozenset(_NOT_PHRASE_WORDS.split())


# "admin / P@ssw0rd99", "login: bob / hunter22!" after a login-ish word: the second half.
_LOGIN_PAIR = lazy_re(
    r"(?i)(?:login|log-in|sign-in|credentials?|creds|account|admin|user(?:name)?|账号|帐号|登录)"
    r"[^\n/]{0,30}?(?<![\w@.+-])[\w.@+-]{2,40} ?/ ?(?P<value>[^\s/\[]{4,64})(?![^\s])"
)
_BACKUP_LABEL = lazy_re(
    r"(?i)\b(?:backup|recovery|2fa|mfa|one-time|scratch) codes?\b|备用码|恢复码"
)
_BACKUP_CODE = lazy_re(rf"{_B}(?:\d{{4}}[- ]?\d{{4}}|[a-z0-9]{{4,5}}-[a-z0-9]{{4,5}}){_E}")


# Payment card numbers: 13-19 digits, in groups or not, that pass the Luhn check, with a
# card label close before or in the 4×4 layout cards print. A Luhn-valid order number
# without a label stays ("Order 4539 1488 0343 6467" is still read as a card: 4×4 groups).
_CARD_NUMBER = lazy_re(r"(?<![\d-])\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}(?![\d-])")
_CARD_GROUPS = lazy_re(r"^\d{4}([ -])\d{4}\1\d{4}\1\d{4}$")
_CARD_LABEL = lazy_re(
    r"(?i)\b(?:card|visa|mastercard|master card|amex|american express|credit|debit|cc)\b"
    r"|卡号|信用卡|银行卡|借记卡|储蓄卡"
)


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


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
        labelled = _labelled(text, m.start(), _KEY_LABEL)
        # All-digit groups ("1118-1234-5678-9012-3456-7890", Adobe-style serials) only
        # with a licence label: unlabelled, they are part or phone numbers.
        all_digits = key.replace("-", "").isdigit()
        if (mixed and _PRODUCT_KEY_5X5.fullmatch(key)) or (labelled and (mixed or all_digits)):
            yield "license_key", m.start(), m.end()
    for m in _LOGIN_PAIR.finditer(text):
        value = m.group("value").rstrip(".,;:?)")  # "!" stays: passwords end in it
        # Machine-made (a digit or a symbol) and not a path or a ratio ("TCP/IP", "1/2").
        if re.search(r"\d|[^\w]", value) and not re.fullmatch(r"[\d.]+", value):
            yield "login_password", m.start("value"), m.start("value") + len(value)
    for m in _BACKUP_LABEL.finditer(text):
        for c in _BACKUP_CODE.finditer(text, m.end(), min(len(text), m.end() + 160)):
            if any(ch.isdigit() for ch in c.group()):
                yield "backup_codes", c.start(), c.end()
    for m in _CARD_NUMBER.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 13 <= len(digits) <= 19 and _luhn(digits) and (
                _CARD_GROUPS.match(m.group()) or _labelled(text, m.start(), _CARD_LABEL, 40)):
            yield "payment_card", m.start(), m.end()
    for m in _PASSPHRASE.finditer(text):
        if _is_phrase_value(re.split(r"[ -]", m.group("value").casefold())):
            yield "passphrase", m.start("value"), m.end("value")


def _is_phrase_value(words: list[str]) -> bool:
    """Random words ("green lantern over harbor"), not a sentence about the secret ("is
    written on a card", "is hard to remember", "is easy to guess for anyone"): no
    participle, no function word first or last, and at most one function word inside a
    phrase of four words or more."""
    function = [w in _NOT_PHRASE for w in words]
    if any(len(w) >= 5 and w.endswith("ed") for w in words) or function[0] or function[-1]:
        return False
    return sum(function) == 0 or (sum(function) == 1 and len(words) >= 4)
