"""How random a token looks: the entropy check behind the secret rules.

A value with no label and no vendor prefix is a secret only when it looks generated:
long, mixing letters and digits with many switches between them, high in entropy, and
not made of words (model names, paths, identifiers) or a UUID. Pure functions, used by
``secrets`` for unlabelled tokens and for values after a label that must look made.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter

from vecmem.text import ascii_word_re

__all__ = ["HEX", "UUID", "entropy", "letter_noise", "random_looking", "short_random",
           "transitions"]

UUID = ascii_word_re(
    r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
HEX = ascii_word_re(r"^[0-9a-fA-F]+$")


def letter_noise(value: str) -> bool:
    """Twelve or more letters with too few vowels for a word: a generated code such as a
    mail client's authorisation code ("abcdqwerzxcvtyui"); words run 35-45% vowels."""
    if len(value) < 12 or not value.isalpha() or not value.isascii():
        return False
    return sum(c in "aeiouAEIOU" for c in value) / len(value) < 0.3


def entropy(value: str) -> float:
    counts = Counter(value)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


def transitions(value: str) -> int:
    """Letter↔digit switches: random tokens switch often, words and versions rarely."""
    kinds = ["d" if c.isdigit() else "a" if c.isalpha() else "" for c in value]
    kinds = [k for k in kinds if k]
    return sum(1 for a, b in itertools.pairwise(kinds) if a != b)


def short_random(core: str) -> bool:
    """A shorter token (10 to 19 characters) that can only be generated: digits, and
    upper- and lower-case letters or symbols, switching class at every other character or
    more, no word inside (four lower-case letters, five capitals or five digits in a
    row), few repeats. Such tokens are what password generators and key stores print
    ("Xk9pQ2mZ7vLr4TbN", "hT7$kq9!Lm2@"); words, names, versions, order and tracking
    numbers (one case only), hex ids and dates never switch that often."""
    n = len(core)
    if not 10 <= n <= 19 or HEX.match(core) or re.search(r"A-Z|a-z|0-9", core):
        return False  # (a regex character class is code, not a value)
    upper = sum(c.isupper() for c in core)
    lower = sum(c.islower() for c in core)
    digits = sum(c.isdigit() for c in core)
    symbols = n - upper - lower - digits
    if not digits or not (lower or symbols) or n < 10 + (not symbols) * 2:
        return False
    # lower case and digits only ("k3j9x0p2m7q4w8z1"): no three letters together, and a
    # switch at most characters (upper case and digits only are order and booking codes)
    one_case = not upper and not symbols
    if one_case and re.search(r"[a-z]{3}", core):
        return False
    if re.search(r"[a-z]{4}|[A-Z]{5}|\d{5}", core):
        return False
    if re.match(r"[A-Z]{2,4}[-_]|[a-z]{2,4}[-_]", core):
        return False  # an identifier's scheme: "GHSA-5qr3-c538-wm9j", "req_9xK2q7Lm4p"
    if sum(len(w) for w in re.findall(r"[A-Z]?[a-z]{3,}", core)) / n >= 0.3:
        return False

    def cls(c: str) -> int:
        return 0 if c.isdigit() else 1 if c.isupper() else 2 if c.islower() else 3

    switches = sum(1 for a, b in itertools.pairwise(core) if cls(a) != cls(b))
    need = 0.6 * n if one_case else n / 2
    return entropy(core) >= 3.2 and switches >= need and len(set(core)) >= 0.7 * n


def random_looking(token: str) -> bool:
    core = token.rstrip("=")
    if 10 <= len(core) < 20:
        return short_random(core)
    if len(core) < 20 or UUID.match(core):
        return False
    segments = [s for s in re.split(r"[/_+=-]", core) if s]
    wordy = [s for s in segments if s.isalpha() and s.islower() and len(s) >= 3]
    if len(wordy) >= 2 or (segments and len(wordy) == len(segments)):
        return False  # a path, an identifier or a model name made of words
    if sum(1 for s in re.split(r"[_-]", core) if s.isalpha() and len(s) >= 3) >= 2:
        return False  # CONSTANT_NAMES, snake_case_identifiers, RSASSA-PKCS1-V1_5-SIGN
    # Identifiers are mostly word-like runs ("i18n_utf8tomultibyte", "PrepSDKCall_SetInfo");
    # random tokens rarely hold three lower-case letters in a row.
    words = sum(len(w) for w in re.findall(r"[A-Z]?[a-z]{3,}", core))
    if words / len(core) >= 0.5:
        return False
    has_digit = any(c.isdigit() for c in core)
    has_alpha = any(c.isalpha() for c in core)
    if HEX.match(core):
        # Pure hex: only long ones (≥32) are key-like; shorter ones are ids and short shas.
        return len(core) >= 32 and has_digit and has_alpha and entropy(core) >= 3.0
    bits = entropy(core)
    if has_digit and has_alpha:
        return bits >= 3.5 and transitions(core) >= max(4, len(core) // 10)
    if has_alpha and not has_digit:
        upper = sum(c.isupper() for c in core) / sum(c.isalpha() for c in core)
        case_switches = sum(
            1
            for a, b in itertools.pairwise(core)
            if a.isalpha() and b.isalpha() and a.isupper() != b.isupper()
        )
        return (
            len(core) >= 32
            and 0.35 <= upper <= 0.65
            and case_switches >= 0.4 * len(core)
            and bits >= 4.0
        )
    return False
