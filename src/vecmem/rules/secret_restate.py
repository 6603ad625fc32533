"""Round 9: a value given again after its label — restated whole, corrected, or asked for
and answered — and a value whose label comes after it.

The label grammar of ``secret_near`` reads a label, linking words, a value. People often
say more between the two: how the value is made ("my cat's name plus the year, so
Marble2019", "小狗名字加生日，也就是 Doudou0312", "前面是 Tiger，后面是 2288，合起来就是
Tiger2288"), or a first value and a correction ("Falcon22, no wait, it's Falcon23!",
"qwer1234，不对，是 qwer4321"). What stands between the label and the value is then any
words; what licenses the value is a **marker** that says "here it is again" — a
conclusion (so, i.e., that is, which makes, 即, 也就是, 合起来, 拼起来, 所以) or a correction
(no wait, sorry, I mean, scratch that, make that, 不对, 说错了, 应该是, 改成) — followed by the
same closed class of linking words ``secret_near`` allows and a value of the label's own
kind ending its clause. A marker without a label ("the meeting is at 3, no wait, at 4")
and a label whose "value" after the marker is a word or a count ("so it's easy to guess",
"所以是十位") are left alone: the value tests are the label's own.

Two more label forms: a bare ``code`` asked for with nothing qualifying it ("the code?
it's 4821"; "the error code? it's 404" and "exit code?" name a status), answered with a
PIN-shaped value; and an app password in four groups of four letters with its label
*after* it ("use mfjq ptrz lkdw xnbe for Thunderbird, it's the app password"). Pure
functions, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.rules.secret_near import CONTRACTION as _CONTRACTION
from vecmem.rules.secret_near import LABEL, gap_ok, value_at
from vecmem.rules.secret_values import VAULTS
from vecmem.text import lazy_re

__all__ = ["restated_values"]

# "here it is again": a conclusion or a correction. (Listed as markers, not as
# sentences: what follows must still be linking words and a value of the label's kind.)
_MARKER = lazy_re(
    r"(?i)(?<![A-Za-z])(?:so|i\.\s?e\.?|ie|that\s+is|that's|which\s+(?:makes|gives|is)"
    r"|meaning|in\s+other\s+words|(?:all\s+)?together|altogether|combined|joined|in\s+full"
    r"|no\s+wait|wait|sorry|i\s+mean|i\s+meant|actually|scratch\s+that|make\s+that"
    r"|correction|oops|rather|no|not\s+that|i\s+mixed\s+up|nein|non|nee)(?![A-Za-z])"
    r"|即|也就是|合起来|连起来|拼起来|加起来|组合起来|合在一起|所以|完整的|整个|全部"
    r"|不对|哦不|不是|说错了|记错了|写错了|等等|改成|改为|换成|应该是|更正|纠正|其实|准确地?说"
    # a recipe, then the value after a comma or a dash: "PIN = last four of my phone, 8812"
    r"|[,，]|\s[-–—]\s|——"
)
# How far after a label its value may be given again (one or two clauses), and how many
# markers are read there.
_REACH = 160
_MARKERS_PER_LABEL = 6
_SENTENCE_CLOSE = lazy_re(r"\s*(?:[了啦呀哦呢吧]\s*)?(?:$|[.!?。！？)）\n])")
# A label in a "login:" field too: "NAS login: …, that is savan77".
_LOGIN = lazy_re(r"(?i)(?<![A-Za-z])(?:log-?in|sign-?in)(?=\s*[:：=])")


def _labels(text: str) -> Iterator[tuple[str, int]]:
    """``(code, end)`` of every label: "pin" wants a PIN-shaped value, "" a password."""
    for m in LABEL.finditer(text):
        code = ("pin" if (m.group("code") or m.group("zhcode"))
                else "bare" if m.group("bare") else "")
        yield code, m.end()
    for m in _LOGIN.finditer(text):
        yield "", m.end()


def _after(text: str, at: int, code: str, limit: int) -> tuple[int, int] | None:
    """The value linking words lead to from ``at``, as ``secret_near`` reads it."""
    for s in re.finditer(r"(?<=[\s:：=?？—–→,，、(（\"'“「『])(?=[^\s])|(?<=[是为叫成])(?=[^\s])"
                         r"|(?<=^)(?=[^\s])", text[at:limit]):
        start = at + s.start()
        if text[start] in "-–—→>⇒:：=,，?？…" or _CONTRACTION.search(text, max(0, start - 2),
                                                                 start):
            continue  # a mark, or the rest of a contraction ("it's")
        if not gap_ok(text[at:start]):
            return None
        span = value_at(text, start, code)
        if span:
            return span
    return None


def _restated(text: str) -> Iterator[tuple[str, int, int]]:
    labels = sorted(_labels(text), key=lambda c: c[1])
    for i, (code, end) in enumerate(labels):
        if code == "bare":
            continue  # "the code to my phone …": secret_near reads it
        # up to the next label (it reads its own), a blank line, and a few markers: a text
        # of many labels and commas stays linear
        limit = min(len(text), end + _REACH,
                    labels[i + 1][1] if i + 1 < len(labels) else len(text))
        blank = text.find("\n\n", end, limit)
        limit = blank if blank >= 0 else limit
        for n, mk in enumerate(_MARKER.finditer(text, end, limit)):
            if n >= _MARKERS_PER_LABEL:
                break
            span = _after(text, mk.end(), code, min(len(text), mk.end() + 48))
            if not span or text[span[0]:span[1]].casefold() in VAULTS:
                continue  # "Password managers: Bitwarden, 1Password": where one is kept
            # After a bare comma or dash the value must close its sentence: a list
            # ("…: Bitwarden, 1Password, KeePassXC") goes on.
            if not mk.group().strip(" ,，-–—") and not _SENTENCE_CLOSE.match(text, span[1]):
                continue
            yield ("pin_code" if code else "password"), *span


# A bare "code" asked for: nothing but a determiner before it, a question mark after it.
_CODE_ASKED = lazy_re(
    r"(?i)(?:^|(?<=[\s,，。.!?？！:：;；]))(?:(?:so\s+|and\s+|oh\s+)?(?:the|my|our|your|that|this)\s+)?"
    r"(?<![A-Za-z])codes?\s*(?:(?:again|is|was)\s*)?[?？]"
    r"|(?:那个|这个|我的|你的|我们的)\s*code\s*(?:是多少|是什么|是啥|多少)?\s*[?？]"
)
_QUALIFIER_BEFORE = lazy_re(r"(?i)[A-Za-z][\w-]*\s+$")


def _asked_codes(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _CODE_ASKED.finditer(text):
        head = m.group().lstrip()
        if not re.match(r"(?i)(?:so\s+|and\s+|oh\s+)?(?:the|my|our|your|that|this)\s|那个|这个"
                        r"|我的|你的|我们的", head) and _QUALIFIER_BEFORE.search(text[:m.start()]):
            continue  # "error code?", "exit code?": a status, not a secret
        span = _after(text, m.end(), "pin", min(len(text), m.end() + 48))
        if span:
            yield "pin_code", *span


# An app password (four groups of four letters, one case) with its label after it.
_APP4 = lazy_re(r"(?<![A-Za-z0-9])(?:[a-z]{4}([ -])[a-z]{4}\1[a-z]{4}\1[a-z]{4}"
                r"|[A-Z]{4}([ -])[A-Z]{4}\2[A-Z]{4}\2[A-Z]{4})(?![A-Za-z0-9])")
_APP_AFTER = lazy_re(r"(?i)app(?:lication)?[ -]?(?:specific[ -])?(?:password|pw|pwd|passcode)"
                     r"|应用专用密码|应用密码|专用密码|授权码")


def _app_passwords(text: str) -> Iterator[tuple[str, int, int]]:
    for m in _APP4.finditer(text):
        if _APP_AFTER.search(text, m.end(), min(len(text), m.end() + 60)):
            yield "app_password", m.start(), m.end()


def restated_values(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of each value given again, asked for, or labelled after."""
    yield from _restated(text)
    yield from _asked_codes(text)
    yield from _app_passwords(text)
