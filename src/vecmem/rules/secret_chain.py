"""Round 9: several values of one label — a change, an alternative, an old and a new one.

"I changed the PIN from 1111 to 4821", "password was hunter2 until yesterday, now it's
hunter3", "the wifi pwd is either Casa22 or Casa23", "密码从 abc123 改成了 abc456",
"密码不是 123456，是 654321", "new password = Quill!9 (old one: Reed!8)". Once one value of
a label is found, a later token **of the same shape** (digits of about its length, a made
value, Chinese digits) linked to it by a connector of change or alternative (to, or, now,
not, instead of, old, 改成, 换成, 或者, 还是, 原来, a comma) is a value of the same label
too. A text that holds a secret is rejected as a whole, so a neighbour cut by mistake
costs no fact; a text with no value found is never read by this rule. Pure functions, no
I/O.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

__all__ = ["CHAIN_KINDS", "chain_next", "same_shape"]

#: Kinds whose value a label located (vendor tokens carry their own shape).
CHAIN_KINDS = frozenset({"password", "pin_code", "code_in_words", "zh_password", "passphrase",
                         "login_password", "secret_assignment", "app_password"})

# What may link two values of one label: connectors of change and alternative, copulas,
# pronouns, time words and punctuation; at most six of them.
_LINK = lazy_re(
    r"(?i)\s*(?:[,，;；(（/|→:：]|->|=>"
    r"|(?:to|or|either|and|now|not|but|from|was|is|it's|it|instead(?:\s+of)?"
    r"|rather(?:\s+than)?|than|then|changed|change|updated|reset|set|new|old|one|the|i|we"
    r"|until|yesterday|today|later|since|try|both|before|after|current|became|becomes)"
    r"(?![A-Za-z])"
    r"|改成了?|改为|换成了?|变成了?|改了|到|或者?|还是|和|跟|是|不是|旧的?|新的?"
    r"|原来的?|以前|之前|现在|后来|已经|了|的)"
)
_SPACE = lazy_re(r"\s*")
_TOKEN = lazy_re(r"[^\s,，。;；、()（）\"'“”?？:：]{3,64}")
_NOT_VALUE = lazy_re(
    r"(?i)v?\d+(?:\.\d+)+|\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}"
    r"|\d{1,2}:\d{2}(?::\d{2})?|[a-z][a-z0-9+.-]*://.*|[~/].*|.*[\\/].*"
    # a word with its possessive or contraction, either apostrophe ("user’s", "don’t"):
    # the apostrophe is no symbol of a made value
    r"|[^\W\d_]+['’](?:s|t|re|ve|ll|d|m)"
)


_HAN_DIGIT = str.maketrans("零〇幺一二两三四五六七八九", "0012123456789")


def _digits(value: str) -> str | None:
    """The digits of a code, in any script ("4821", "４８２１", "四八二一", "48-21")."""
    core = re.sub(r"[\s#*-]", "", value).translate(_HAN_DIGIT)
    return core if core.isdigit() else None


def _made(value: str) -> bool:
    return bool((re.search(r"\d", value) and re.search(r"[^\W\d_]", value))
                or (re.search(r"[^\w\s]", value) and re.search(r"[^\W_]", value)))


def same_shape(value: str, candidate: str) -> bool:
    """Whether ``candidate`` has the shape of ``value``: digits of about its length (in
    any script: "1234" and "五六七八" are both codes), or both made (letters and digits, a
    symbol)."""
    if _NOT_VALUE.fullmatch(candidate):
        return False
    a, b = _digits(value), _digits(candidate)
    if a is not None or b is not None:
        return a is not None and b is not None and len(b) >= 4 and abs(len(a) - len(b)) <= 2
    return (_made(value) and _made(candidate) and len(candidate) >= 5
            and abs(len(value) - len(candidate)) <= 6)


def chain_next(text: str, end: int, value: str, limit: int) -> tuple[int, int] | None:
    """The span of the next value of ``value``'s shape linked to it after ``end``."""
    pos, links = end, 0
    while links <= 6 and pos < limit:
        space = _SPACE.match(text, pos)
        tok = _TOKEN.match(text, space.end() if space else pos)
        if tok and links and tok.end() <= limit:
            cand = tok.group().rstrip(".！")
            if cand.endswith("!") and not _made(cand[:-1]):
                cand = cand[:-1]
            if same_shape(value, cand):
                return tok.start(), tok.start() + len(cand)
        link = _LINK.match(text, pos)
        if not link or link.end() == pos:
            return None
        pos, links = link.end(), links + 1
    return None
