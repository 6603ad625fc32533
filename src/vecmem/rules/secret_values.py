"""What a secret value looks like once a rule has located one: the value tests every
label rule shares (placeholders, references, code, words, PIN shapes) and the record of a
found value. A label only *locates* a candidate; these checks decide whether it is a
credential ("password: required", "token: 4096", "PIN is required" hold none). Pure
functions, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vecmem.rules.secret_entropy import letter_noise as _letter_noise
from vecmem.rules.secret_entropy import random_looking as _random_looking
from vecmem.rules.secret_shapes import CODE_WORD as _CODE_WORD
from vecmem.rules.secret_shapes import NOT_PHRASE as _NOT_PHRASE_WORDS
from vecmem.rules.secret_shapes import kind_example as _kind_example
from vecmem.text import ascii_word_re, lazy_re

__all__ = [
    "CODE_NAME",
    "NOT_VALUES",
    "SENTENCE_END",
    "VAULTS",
    "ZH_CODE_WORD",
    "SecretFinding",
    "classes",
    "is_path_or_url",
    "is_placeholder",
    "kind_example",
    "plain_word",
    "plausible_assigned",
    "strip_value",
]

_re = ascii_word_re


@dataclass(frozen=True, slots=True)
class SecretFinding:
    """One secret value in a text: ``text[start:end]`` is the value (never its label)."""

    kind: str
    start: int
    end: int



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


_ENTITY = lazy_re(r"&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31})(?:;|$)")


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
    if _ENTITY.match(value):
        return True  # markup read as written ("&rdquo;"); the decoded reading sees the value
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


# Names of key and cipher algorithms, said of a key ("my SSH key is ed25519").
_KEY_ALGORITHM = lazy_re(r"(?:ssh-)?(?:ed25519|ed448|x25519|rsa(?:-?\d{3,4})?|ecdsa(?:-?p?\d{3})?"
                         r"|dsa|aes-?\d{3}(?:-?gcm)?|sha-?\d{1,3}|p-?\d{3}|secp\d{3}[kr]1)")


def _plausible_assigned(value: str, name: str, mode: str) -> bool:
    """Whether ``value`` after a secret-ish label is a real credential value."""
    low = value.casefold()
    if _CARD_CODE.search(name):  # "CVV: 847": three digits are the whole code
        return bool(re.fullmatch(r"\d{3,4}", value))
    if len(value) < 4 or low in _NOT_VALUES or low in _VAULTS or _is_placeholder(value):
        return False
    if _KEY_ALGORITHM.fullmatch(low):
        return False  # "SSH 密钥用的是 ed25519": the kind of key, not the key
    if _ENV_NAME.match(value) or _is_path_or_url(value):
        return False  # a reference to where the secret lives, not the secret
    if mode != "zh" and _CODE_REF.match(value):
        return False  # code: "token = self.get_token()", "pwd=parsed.password"
    if " " in value:  # spaced digits: only as a PIN or a password
        if not (_CODE_NAME.search(name) or re.search(r"(?i)pass|pwd|密码|口令", name)):
            return False
        return bool(re.fullmatch(r"\d(?: \d){3,9}|\d{2,4}(?: \d{2,4}){1,3}", value))
    made = bool(re.search(r"\d", value)) and bool(re.search(r"[A-Za-z]", value))
    if name.casefold() == "pass":
        # "pass: latte2024" after a Wi-Fi name; "first pass: 3 errors" holds none.
        return (len(value) >= 6 and _classes(value) >= 3) or (len(value) >= 8 and made)
    if name.casefold() == "key":
        if mode == "zh" and len(value) >= 6 and (made or _classes(value) >= 3):
            return True  # a quoted value: "the key is 'latte2024!'"
        return len(value) >= 12 and made and not _CODE_REF.match(value)
    if re.search(r"(?i)auth\w*[_ .-]?code$", name):  # "auth code flow: uses PKCE" holds none
        return len(value) >= 8 and (bool(re.search(r"\d", value)) or _letter_noise(value)
                                    or (mode != "prose" and len(value) >= 12 and value.isalpha()))
    code_name = bool(_CODE_NAME.search(name))
    if code_name and not re.search(r"(?i)pass(?:word|wd)|密码|口令", name):
        if mode == "bare":  # "PIN 9012", but not "PIN 2 of the header" or "code 42b"
            # An upper-case code of letters and digits too ("Steam guard code 7KX2P").
            return bool(re.fullmatch(r"[#*]?\d{4,10}[#*]?|\d(?:-\d){3,7}"
                                     r"|(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z0-9]{5,8}", value))
        return bool(_CODE_VALUE.match(value))  # "PIN is 4821" yes, "PIN is required" no
    is_password = bool(re.search(r"(?i)pass|p[a@4][s$5]{2}|pwd|psw|(?:^|[_ .-])pw$|密码|口令"
                                 r"|^(?:wi[_ .-]?fi|wlan|wpa2?|network|router)[_ .-]?key$", name))
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
    if mode == "prose" and is_password and re.fullmatch(r"\d{4,12}", value):
        return True  # "the password for tonight's call is 9912" (a unit after it was excluded)
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



# Public names for the other secret modules.
# A masked value: a run of mask characters, with at most a vendor prefix and the last few
# characters left showing ("****1234", "sk-****…abcd", "ghp_xxxxxxxx"), is what an app
# displays in place of a secret, not the secret.
_MASK_RUN = lazy_re(r"[*•●·]{3,}|[xX]{6,}|\.{3,}|…")
_MASK_PREFIX = lazy_re(r"^[A-Za-z]{2,5}[-_](?:[A-Za-z]{2,8}[-_])?")


def masked(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a masked value, or the few characters left showing
    right after a mask ("****1234": the "1234")."""
    if _MASK_RUN.search(text, max(0, start - 12), start) and re.search(
            r"[*•●·xX.…]{3}$", text[max(0, start - 12):start]):
        return end - start <= 6
    value = text[start:end]
    if not _MASK_RUN.search(value):
        return False
    rest = _MASK_RUN.sub("", _MASK_PREFIX.sub("", value))
    return sum(c.isalnum() for c in rest) <= 6


NOT_VALUES = _NOT_VALUES
VAULTS = _VAULTS
kind_example = _kind_example
strip_value = _strip_value
is_placeholder = _is_placeholder
classes = _classes
is_path_or_url = _is_path_or_url
plausible_assigned = _plausible_assigned
plain_word = _plain_word
CODE_NAME = _CODE_NAME
ZH_CODE_WORD = _ZH_CODE_WORD
SENTENCE_END = _SENTENCE_END
