"""Text normalization, content hashing and CJK-aware keyword terms.

Pure functions, no I/O: the write pipeline, the keyword index and the quality rules all
rely on these giving the same answer for the same input, forever.
"""

from __future__ import annotations

import hashlib
import html
import re
import unicodedata
from typing import Any

from vecmem.errors import InvalidInputError


class LazyPattern:
    """A regular expression compiled at its first use, then exactly ``re.compile``'s.

    The rules hold a few hundred patterns, and compiling them at import was a third of the
    CLI's start-up for commands that never check a text (``vecmem stats``). Module-level
    patterns are built with :func:`lazy_re` instead of ``re.compile``: the same pattern,
    the same flags, the same matches, compiled once when first matched. ``pattern`` is
    available without compiling, so patterns can still be spliced into other patterns.
    """

    __slots__ = ("_flags", "_rx", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        self._rx: re.Pattern[str] | None = None

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiling it now if this is the first use)."""
        rx = self._rx
        if rx is None:
            rx = self._rx = re.compile(self.pattern, self._flags)
        return rx

    # The hot methods directly; every other ``re.Pattern`` attribute through __getattr__.
    def search(self, *args: Any) -> re.Match[str] | None:
        return self.compiled().search(*args)

    def match(self, *args: Any) -> re.Match[str] | None:
        return self.compiled().match(*args)

    def fullmatch(self, *args: Any) -> re.Match[str] | None:
        return self.compiled().fullmatch(*args)

    def finditer(self, *args: Any) -> object:
        return self.compiled().finditer(*args)

    def findall(self, *args: Any) -> list[object]:
        return self.compiled().findall(*args)

    def sub(self, *args: Any, **kwargs: Any) -> str:
        return self.compiled().sub(*args, **kwargs)

    def __getattr__(self, name: str) -> object:
        return getattr(self.compiled(), name)

    def __repr__(self) -> str:
        return f"lazy_re({self.pattern!r}, {self._flags})"


_LAZY: list[LazyPattern] = []


def lazy_re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled at first use (see :class:`LazyPattern`).

    Typed as the ``re.Pattern`` it stands in for: callers use it exactly as one."""
    rx = LazyPattern(pattern, flags)
    _LAZY.append(rx)
    return rx  # type: ignore[return-value]


def compile_all_patterns() -> int:
    """Compile every lazy pattern made so far; returns how many. A bad pattern fails here
    (a test calls this) instead of at some user's first matching input."""
    for rx in _LAZY:
        rx.compiled()
    return len(_LAZY)


# ``\b`` in Python treats CJK characters as word characters, and normalization removes
# the spaces between Chinese and Latin text ("添加GitHub的SSH key"), so a plain ``\b``
# never fires there. The rules' patterns are built with an ASCII-only word boundary.
ASCII_B = r"(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))"


def ascii_word_re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A lazy pattern whose ``\\b`` is :data:`ASCII_B`."""
    return lazy_re(pattern.replace(r"\b", ASCII_B), flags)


#: Inputs longer than this are refused outright (not a quality verdict: a usage error).
MAX_INPUT_CHARS = 100_000

_CJK = (
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Han
    "\u3040-\u30ff"  # kana
    "\uac00-\ud7af"  # hangul
)
CJK_CHAR = lazy_re(f"[{_CJK}]")
_CJK_RUN = lazy_re(f"[{_CJK}]+")

# NFKC already folds full-width ASCII (：，？！（）) to half-width; these CJK marks have no
# compatibility mapping, so they are unified by hand.
_PUNCT_MAP = str.maketrans(
    {
        "。": ".",
        "、": ",",
        "，": ",",
        "；": ";",
        "：": ":",
        "？": "?",
        "！": "!",
        "「": '"',
        "」": '"',
        "『": '"',
        "』": '"',
        "“": '"',
        "”": '"',
        "‘": "'",
        "’": "'",
        "【": "[",
        "】": "]",
        "《": "<",
        "》": ">",
        "〈": "<",
        "〉": ">",
        "～": "~",
        "—": "-",
        "–": "-",
        # The braille blank renders as a space and is not one for NFKC ("pass\u2800word").
        "\u2800": " ",
        # Hyphens and minus signs NFKC leaves as they are ("sk‐proj‐…" with U+2010).
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2043": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u3000": " ",
    }
)
_CONTROL = lazy_re(r"[\x00-\x08\x0b-\x1f\x7f\u2028\u2029]")
_WS_CHAR = lazy_re(r"\s")
_TRAILING = lazy_re(r"[\s.!?;,~…·]+$")
# A space next to a CJK character carries no meaning ("使用 Python" == "使用Python").
_SPACE_NEAR_CJK = lazy_re(f"(?<=[{_CJK}]) +| +(?=[{_CJK}])")
_SPACE_AFTER_COLON_CJK = lazy_re(f"(?<=[{_CJK}]:) +")

# --- invisible characters ------------------------------------------------------------------
# Default-ignorable code points: format characters (Cf: zero-width space/joiners, soft
# hyphen, word joiner, BOM, bidi embeddings/overrides/isolates, tag characters, Arabic and
# Egyptian format marks), variation selectors, the combining grapheme joiner, Mongolian
# and Khmer invisible vowels, Hangul fillers. They render as nothing, so "pass\u200bword"
# must read as "password" and "tea\u00ad" as "tea". (tests/rules/test_canonical.py checks
# that every Cf character of this Python's Unicode database is listed.)
INVISIBLE = lazy_re(
    "[\u00ad\u034f\u061c\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160"
    "\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U000110bd\U000110cd\U00013430-\U0001345f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)

# What of the invisible survives in *stored* text (``visible_text``). The canonical form
# drops every invisible character for matching; the stored text keeps only those that
# draw something: a joiner inside an emoji or Indic cluster, one variation selector after
# its base character, the tag letters of a flag (🏴 + tags + cancel tag). Everything else
# is dropped before a memory is stored, because a reader (the agent's model) may decode
# what a person cannot see: instructions spelled in tag characters, bits in runs of
# zero-width characters or variation selectors, bidi overrides that reorder what is shown.
_JOINERS = frozenset("\u200c\u200d")
_SELECTORS = lazy_re("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
_FLAG_TAGS = lazy_re("\U0001f3f4[\U000e0020-\U000e007e]{1,32}\U000e007f")


def _draws(ch: str) -> bool:
    """A character a person sees (not invisible, not white space)."""
    return bool(ch) and not ch.isspace() and INVISIBLE.fullmatch(ch) is None


def visible_text(text: str) -> str:
    """``text`` without the invisible characters that draw nothing (see ``_JOINERS``)."""
    flags = [range(m.start() + 1, m.end()) for m in _FLAG_TAGS.finditer(text)]
    out: list[str] = []
    start = 0
    for m in INVISIBLE.finditer(text):  # only the invisible characters are looked at
        i, ch = m.start(), m.group()
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if (any(i in r for r in flags)  # a flag's tag letters
                or (_SELECTORS.fullmatch(ch) and _draws(before))  # one selector on its base
                or (ch in _JOINERS and _draws(after) and (  # a joiner between drawn ones
                    _draws(before) or (before == "\ufe0f" and i > 1 and _draws(text[i - 2]))))):
            continue
        out.append(text[start:i])
        start = i + 1
    if not start:
        return text
    out.append(text[start:])
    return "".join(out)


def has_hidden_text(text: str) -> bool:
    """``text`` holds an invisible character that :func:`visible_text` would drop."""
    return visible_text(text) != text


# --- look-alike letters --------------------------------------------------------------------
# Cyrillic and Greek letters drawn like Latin ones (case kept). NFKC already folds
# full-width, mathematical and circled forms; these it leaves alone.
_CONFUSABLE = str.maketrans(
    "аеорсухѕіјԁԛԝһӏүАВЕКМНОРСТХУЅІЈԚԜҺӀҮ"
    "αορνικυχΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxsijdqwhlyABEKMHOPCTXYSIJQWHIY"
    "aopvikuxABEZHIKMNOPTYX",
)
_CONFUSABLE_CHARS = frozenset(chr(c) for c in _CONFUSABLE)
_CYR_GREEK = lazy_re("[\u0370-\u03ff\u0400-\u052f\u1c80-\u1c8f\u1f00-\u1fff"
                        "\u2de0-\u2dff\ua640-\ua69f]")
_LATIN_LETTER = lazy_re("[A-Za-z\u00c0-\u024f\u1e00-\u1eff]")
_ALNUM_RUN = lazy_re(r"[^\W_]+")


def _fold_confusables(text: str) -> str:
    """Fold look-alike letters where they can only be a disguise, keeping real Greek and
    Russian text as written: inside a word that mixes them with Latin letters
    ("pаssword"), and in a Latin text whose every Cyrillic/Greek letter is a look-alike
    (a whole word spelled in look-alikes: "раураl"). Same length as ``text``."""
    if not _CYR_GREEK.search(text) or not _LATIN_LETTER.search(text):
        return text
    foreign = {c for c in _CYR_GREEK.findall(text) if c.isalpha()}
    latin_context = foreign <= _CONFUSABLE_CHARS

    def fold(m: re.Match[str]) -> str:
        run = m.group()
        mixed = _LATIN_LETTER.search(run) and _CYR_GREEK.search(run)
        if mixed or (latin_context and len(run) >= 2 and _CYR_GREEK.search(run)):
            return run.translate(_CONFUSABLE)
        return run

    return _ALNUM_RUN.sub(fold, text)


# Traditional forms of the characters secret labels are written with ("密碼", "密鑰",
# "驗證碼", "門禁碼", "帳號"): the skeleton reads them as simplified, so one set of Chinese
# labels serves both scripts. One character for one, so offsets stay.
_TRADITIONAL = str.maketrans(
    "碼鑰驗證門鎖開銀號個兩為設換帳賬錢錄詞記險櫃網憑據權戶機這說對應該動態輸員給組數",
    "码钥验证门锁开银号个两为设换帐账钱录词记险柜网凭据权户机这说对应该动态输员给组数",
)
# Look-alikes of other scripts NFKC leaves alone, read as Latin in the skeleton only:
# Cherokee capitals ("Ꮲassword"), Latin small capitals ("ᴘᴀssᴡᴏʀᴅ"), Armenian and
# Cyrillic lower-case letters drawn like Latin ones.
_OTHER_LOOKALIKES = str.maketrans(
    "ᎪᏴᏟᎬᎻᏆᎫᏦᏞᎷᏢᏚᎢᏙᏔᏃ" "ᴀʙᴄᴅᴇғɢʜɪᴊᴋʟᴍɴᴏᴘǫʀsᴛᴜᴠᴡʏᴢ" "օսհոցԁ",
    "ABCEHIJKLMPSTVWZ" "abcdefghijklmnopqrstuvwyz" "ouhngd",
)
# Digits NFKC leaves alone (dingbat and negative circled digits: "➍➑➋➊", "❹❽❷❶"), read
# as ASCII digits in the skeleton only.
_DIGIT_LIKE = str.maketrans({
    chr(c): str(unicodedata.digit(chr(c)))
    for r in ((0x2460, 0x2500), (0x2776, 0x2794), (0x1F100, 0x1F10D))
    for c in range(*r)
    if unicodedata.digit(chr(c), None) is not None
    and not unicodedata.normalize("NFKC", chr(c)).isascii()
})
# Latin letters with a diacritic drawn on them ("pàsswörd", "PÏN"), read bare in the
# skeleton only (real French or German words keep their accents where they are stored).
_BARE_LATIN = str.maketrans({
    chr(c): bare
    for c in range(0xC0, 0x250)
    if len(bare := "".join(ch for ch in unicodedata.normalize("NFD", chr(c))
                           if not unicodedata.combining(ch))) == 1
    and bare.isascii() and bare.isalpha() and bare != chr(c)
})
# Typographic spaces nobody types between the characters of one word (thin, hair,
# narrow no-break, medium mathematical): NFKC makes them spaces; a reading for secrets
# drops them ("Kes\u2009trel41" is one value).
THIN_SPACE = lazy_re("[\u2009\u200a\u202f\u205f]")
# The skeleton folds a few more Cyrillic look-alikes than the stored canonical form.
_SKELETON: dict[int, str | int | None] = {**_CONFUSABLE, ord("к"): "k"}
_SKELETON_CHARS = _CONFUSABLE_CHARS | {"к"}


def confusable_skeleton(text: str) -> str:
    """``text`` with every run of two or more letters drawn only from look-alikes folded
    to Latin, even where no Latin letter is near ("ΡΙΝ 6650" in Greek capitals reads
    "PIN 6650"). Never used for hashing or storing: real Greek and Russian words made only
    of look-alikes ("ТОР", "она") would change. Traditional Chinese label characters are
    read as simplified too ("密碼" reads "密码"). Secret detection reads this skeleton as
    one more form, where a wrong fold costs nothing unless it spells a secret label before
    a value. Same length as ``text``."""
    text = (text.translate(_TRADITIONAL).translate(_OTHER_LOOKALIKES).translate(_DIGIT_LIKE)
            .translate(_BARE_LATIN))
    if not _CYR_GREEK.search(text):
        return text

    def fold(m: re.Match[str]) -> str:
        run = m.group()
        if len(run) >= 2 and all(c in _SKELETON_CHARS or c.isascii() for c in run):
            return run.translate(_SKELETON)
        return run

    return _ALNUM_RUN.sub(fold, text)


# --- decoration that is no part of a fact's identity ------------------------------------
_EMOJI = "\u2600-\u27bf\u2b00-\u2bff\U0001f000-\U0001faff"
# Expressive emoji (faces, hands, hearts, sparkles, checks) decorate a sentence even when
# attached to it ("搞定了🎉"); object emoji ("我喜欢🐱") may be the fact, so they are
# dropped only when set apart by a space.
_EXPRESSIVE = (
    "\U0001f600-\U0001f64f\U0001f910-\U0001f92f\U0001f970-\U0001f97a\U0001f44a-\U0001f450"
    "\U0001f590\U0001f595\U0001f596\U0001f918-\U0001f91f\U0001f932\U0001f90c\U0001f90f"
    "\U0001faf0-\U0001faf8\u2764\U0001f493-\U0001f49f\U0001f90d\U0001f90e\U0001f9e1"
    "\U0001f5a4\u2728\U0001f389\U0001f38a\U0001f525\U0001f680\U0001f4af\u2705\u2714"
    "\u2611\u2713\u274c\u274e\u2b50\U0001f31f\U0001f440\U0001f4aa\u263a\u2639"
    "\U0001f973\U0001f3fb-\U0001f3ff\u2757\u203c"
)
_LIST_MARKER = lazy_re(
    r"(?m)^(?:[ \t]*(?:(?:[-*+•▪‣◦]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?|#{1,6}[ \t]+|>[ \t]+))+"
)
# Emphasis delimiters (the groups are deleted, the words kept). ``__x__`` only outside a
# word and not before ".py": ``__init__.py`` is a file name, not bold "init".
_EMPHASIS = [
    # Content between the pairs: "****1234" (a masked value) is no empty bold.
    lazy_re(r"(\*\*)(?=[^\s*])(?:.*?[^\s*])?(\*\*)"),
    # An identifier is never emphasis: the phrase must hold a space or CJK ("__main__").
    lazy_re(r"(?<![\w])(__)(?=[^\s_])(?=(?:(?!__).)*?[\s\u3400-\u9fff])(?:.*?[^\s_])??(__)"
               r"(?![\w]|\.\w)"),
    lazy_re(r"(`+)(?=[^\s`])(?:.*?[^\s`])??(\1)"),
]
_DECOR_EMOJI = [
    lazy_re(f"(?:\\s*[{_EXPRESSIVE}]|\\s+[{_EMOJI}])+\\s*$"),
    lazy_re(f"^(?:[{_EXPRESSIVE}]\\s*)+"),
]
_WRAP_QUOTES = [lazy_re(r'^(")[^"]*(")$'), lazy_re(r"^(')[^']*(')$")]
_HAS_WORD = lazy_re(r"[^\W_]")


def validate_text(text: object, *, what: str = "content") -> str:
    """Return ``text`` if it is a usable string, else raise a clear ``InvalidInputError``."""
    if not isinstance(text, str):
        raise InvalidInputError(f"{what} must be a string, got {type(text).__name__}")
    if "\x00" in text:
        raise InvalidInputError(f"{what} contains a NUL byte; remove it and try again")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInputError(
            f"{what} is not valid UTF-8 (it contains undecodable bytes)"
        ) from None
    if len(text) > MAX_INPUT_CHARS:
        raise InvalidInputError(
            f"{what} is {len(text):,} characters long; the limit is {MAX_INPUT_CHARS:,}"
        )
    if not text.strip():
        raise InvalidInputError(f"{what} is empty")
    return text


class Canonical:
    """A canonical text and, for every character of it, the span of the original text it
    came from, so that what is found in the canonical form can be cut out of the original.
    """

    __slots__ = ("_org", "text")

    def __init__(self, text: str, org: list[tuple[int, int]] | None) -> None:
        self.text = text
        self._org = org

    def source_span(self, start: int, end: int) -> tuple[int, int]:
        """The original span covering canonical characters ``start:end`` (end > start)."""
        if self._org is None:
            return start, end
        return self._org[start][0], self._org[end - 1][1]

    # -- the edit operations every stage is made of (each keeps the map in step) --------

    def _cut(self, spans: list[tuple[int, int]], *, keep_words: bool = False) -> None:
        if not spans:
            return
        parts, org, pos = [], [], 0
        for a, b in spans:
            parts.append(self.text[pos:a])
            if self._org is not None:
                org.extend(self._org[pos:a])
            pos = b
        parts.append(self.text[pos:])
        text = "".join(parts)
        if keep_words and not _HAS_WORD.search(text):
            return  # decoration is never all there is: "🙂" and "**" stay as written
        if self._org is not None:
            org.extend(self._org[pos:])
            self._org = org
        self.text = text

    def delete(self, rx: re.Pattern[str], *, keep_words: bool = False) -> None:
        """Delete each match of ``rx`` (only its groups, when it has any)."""
        spans: list[tuple[int, int]] = []
        for m in rx.finditer(self.text):
            if rx.groups:
                spans.extend(m.span(g) for g in range(1, rx.groups + 1) if m.start(g) >= 0)
            elif m.end() > m.start():
                spans.append(m.span())
        self._cut(sorted(spans), keep_words=keep_words)

    def replace_chars(self, new: str) -> None:
        """One character for one: the map stays as it is."""
        assert len(new) == len(self.text)
        self.text = new

    def space_scripts(self) -> None:
        """Put a space where a CJK character and a Latin letter or digit touch
        ("wifi密码是多少", "密码是s u n f l o w e r"), so rules written with word
        boundaries read a label or a spelled value glued to the other script. A reading
        for secret detection only: Chinese writes no such space, so the stored form keeps
        none. Each inserted space maps to the character after it."""
        if not _SCRIPT_SEAM.search(self.text):
            return
        parts: list[str] = []
        org: list[tuple[int, int]] = []
        pos = 0
        for m in _SCRIPT_SEAM.finditer(self.text):
            at = m.start()
            parts.append(self.text[pos:at] + " ")
            if self._org is not None:
                org.extend(self._org[pos:at])
                org.append((self._org[at][0], self._org[at][0]))
            pos = at
        parts.append(self.text[pos:])
        if self._org is not None:
            org.extend(self._org[pos:])
            self._org = org
        self.text = "".join(parts)

    def decode_escapes(self) -> None:
        """Decode what a text carries escaped: HTML entities (``&#58;``, ``&#x3A;``,
        ``&colon;``, ``&amp;``), percent-escapes (``%3D``, ``%E5%AF%86``: valid UTF-8
        only) and ``\\uXXXX`` / ``\\xXX`` escapes. Each decoded character maps to the
        escape it came from, so what is found in the decoded text is cut out of the
        escaped one. A run that does not decode (``%ZZ``, ``&nosuch;``, bytes that are no
        UTF-8) stays as written."""
        if not _ESCAPE.search(self.text):
            return
        parts: list[str] = []
        org: list[tuple[int, int]] = []
        pos = 0
        for m in _ESCAPE.finditer(self.text):
            decoded = _decode_escape(m.group())
            if decoded is None:
                continue
            parts.append(self.text[pos:m.start()])
            if self._org is not None:
                org.extend(self._org[pos:m.start()])
                org.extend(_escape_spans(m.group(), decoded, self._org, m.start()))
            parts.append(decoded)
            pos = m.end()
        parts.append(self.text[pos:])
        if self._org is not None:
            org.extend(self._org[pos:])
            self._org = org
        self.text = "".join(parts)

    def nfkc(self) -> None:
        whole = unicodedata.normalize("NFKC", self.text)
        if whole == self.text:
            return
        if self._org is None:
            self.text = whole
            return
        # Cut into runs that NFKC treats independently (a starter and what composes
        # with it), so every output character knows its source run.
        runs: list[tuple[str, int, int]] = []
        for i, ch in enumerate(self.text):
            a, b = self._org[i]
            if runs and (unicodedata.combining(ch) or (not (runs[-1][0].isascii() and ch.isascii())
                         and unicodedata.normalize("NFKC", runs[-1][0] + ch)
                         != unicodedata.normalize("NFKC", runs[-1][0])
                         + unicodedata.normalize("NFKC", ch))):
                run, ra, rb = runs[-1]
                runs[-1] = (run + ch, min(ra, a), max(rb, b))
            else:
                runs.append((ch, a, b))
        org = [(a, b) for run, a, b in runs for _ in unicodedata.normalize("NFKC", run)]
        if len(org) != len(whole):  # never seen; then the whole text is one source span
            lo, hi = self._org[0][0], self._org[-1][1]
            org = [(lo, hi)] * len(whole)
        self.text, self._org = whole, org


# Where a CJK character and an ASCII letter or digit touch (zero-width).
_SCRIPT_SEAM = lazy_re(f"(?<=[{_CJK}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{_CJK}])")


# --- escapes a text may carry (decoded for secret detection only) --------------------------
# An HTML entity (numeric, or named and closed by ";"), a run of percent-escapes, or a
# JSON/Python "\u0041" / "\x41" escape.
_ESCAPE = lazy_re(r"&#[0-9]{1,7};?|&#[xX][0-9A-Fa-f]{1,6};?|&[A-Za-z][A-Za-z0-9]{1,31};"
                  r"|(?:%[0-9A-Fa-f]{2})+|\\u[0-9A-Fa-f]{4}|\\x[0-9A-Fa-f]{2}")


def _decode_escape(raw: str) -> str | None:
    if raw.startswith("&"):
        out = html.unescape(raw)
        return None if out == raw or (not out.isprintable() and not out.isspace()) else out
    if raw.startswith("%"):
        try:
            out = bytes(int(raw[i + 1 : i + 3], 16) for i in range(0, len(raw), 3)).decode()
        except UnicodeDecodeError:
            return None
        return out if out.isprintable() or out.isspace() else None
    out = chr(int(raw[2:], 16))
    return out if out.isprintable() else None


def _escape_spans(raw: str, decoded: str, org: list[tuple[int, int]],
                  at: int) -> list[tuple[int, int]]:
    """Source spans of the characters ``raw`` (at ``at``) decoded to: one escape per
    character, a percent-escaped character covering its UTF-8 bytes' escapes."""
    if raw.startswith("%") and len(decoded) > 1:
        spans, pos = [], at
        for ch in decoded:
            width = 3 * len(ch.encode())
            spans.append((org[pos][0], org[pos + width - 1][1]))
            pos += width
        return spans
    return [(org[at][0], org[at + len(raw) - 1][1])] * len(decoded)


def _characters(c: Canonical) -> None:
    """Character-level canonical form: what a character *is*, whatever its spelling."""
    c.delete(INVISIBLE)
    c.nfkc()
    c.delete(INVISIBLE)
    c.replace_chars(_CONTROL.sub(" ", c.text.translate(_PUNCT_MAP)))
    c.replace_chars(_fold_confusables(c.text))


def _structure(c: Canonical) -> None:
    """Layout and decoration that do not change which fact a text states."""
    c.delete(_LIST_MARKER)
    c.replace_chars(_WS_CHAR.sub(" ", c.text))
    c.delete(re.compile(r"(?<= ) +|^ +| +$"))
    for rx in _EMPHASIS:
        c.delete(rx, keep_words=True)
    for rx in _DECOR_EMOJI:  # before the spaces beside CJK go: "是 🐱" sets the emoji apart
        c.delete(rx, keep_words=True)
    c.delete(_SPACE_NEAR_CJK)
    c.delete(_SPACE_AFTER_COLON_CJK)
    for rx in _WRAP_QUOTES:
        c.delete(rx, keep_words=True)
    if c.text.count('"') % 2 and c.text.endswith('"'):
        c.delete(re.compile(r'"$'), keep_words=True)  # a stray closing quote
    c.delete(_TRAILING)
    c.delete(re.compile(r"^ +| +$"))


def canonicalize(text: str, *, structure: bool = True, mapped: bool = True,
                 decode: bool = False, thin: bool = False) -> Canonical:
    """The one canonical form used for hashing, rules, secret detection and redaction.

    Character level: invisible characters removed, NFKC, CJK punctuation unified, control
    characters as spaces, look-alike letters folded. With ``structure``: list markers,
    markdown emphasis, runs of whitespace, spaces beside CJK, decorative emoji, wrapping
    quotes and trailing punctuation dropped. ``mapped`` keeps the way back to ``text``
    (:meth:`Canonical.source_span`). With ``decode`` (secret detection's reading, never
    the stored or hashed form: a fact about ``&amp;`` or ``%20`` is written as it was),
    HTML entities and percent-escapes are decoded first (:meth:`Canonical.decode_escapes`),
    once per round, so a double-escaped value is read too. With ``thin`` (detection
    only), typographic thin and hair spaces are dropped first. Repeated until nothing changes,
    so it is idempotent.
    """
    c = Canonical(text, [(i, i + 1) for i in range(len(text))] if mapped else None)
    if thin:  # secret detection's reading only: typographic spaces inside a value
        c.delete(THIN_SPACE)
    # Each round only deletes or replaces (NFKC may expand, but only in the first round),
    # so this settles; the bound is a guard, not a budget.
    for _ in range(16):
        before = c.text
        if decode:
            c.decode_escapes()
        _characters(c)
        if structure:
            _structure(c)
        if c.text == before:
            break
    return c

def check_field(value: object, what: str, *, max_chars: int) -> str:
    """A short text field (scope, actor, source, category, reason, a time): a string
    without NUL or lone surrogates, at most ``max_chars`` long; else ``InvalidInputError``.

    The one check both engines rely on: SQLite would store a NUL or fail to encode a
    surrogate, PostgreSQL refuses both, so the answer must not depend on the engine.
    """
    if not isinstance(value, str):
        raise InvalidInputError(f"{what} must be a string, got {type(value).__name__}")
    if "\x00" in value:
        raise InvalidInputError(f"{what} contains a NUL byte; remove it and try again")
    if len(value) > max_chars:
        raise InvalidInputError(
            f"{what} is {len(value):,} characters long; the limit is {max_chars:,}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise InvalidInputError(
            f"{what} is not valid UTF-8 (it contains a lone surrogate)") from None
    return value


def check_tree(value: object, what: str) -> None:
    """Every string (keys too) in a JSON-like value passes :func:`check_field`'s text rules
    (no NUL, no lone surrogate; lengths are the caller's, who knows the whole size)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            check_field(item, f"text in {what}", max_chars=len(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)


def normalize(text: str) -> str:
    """Canonical form used for hashing, dedup and rules (:func:`canonicalize`). Idempotent."""
    return canonicalize(text, mapped=False).text


def content_hash(content_norm: str, category: str) -> str:
    """``sha256(normalize(content) + "\\x1f" + category)``, case-folded for Latin text."""
    payload = normalize(content_norm).casefold() + "\x1f" + category
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def has_cjk(text: str) -> bool:
    return CJK_CHAR.search(text) is not None


def cjk_ratio(text: str) -> float:
    letters = [c for c in text if c.isalnum()]
    if not letters:
        return 0.0
    return sum(1 for c in letters if CJK_CHAR.match(c)) / len(letters)


_WORD = lazy_re(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)

_STOPWORDS_TEXT = """a an the and or but if of to in on at by for with from as is are was were
    be been
    being am do does did have has had i you he she it we they me him her us them my your his
    its our their this that these those what which who whom whose when where why how not no
    so than too very can could should would will shall may might must just about into over
    after before again further then once there here all any both each few more most other
    some such only own same s t don now"""
ENGLISH_STOPWORDS = frozenset(_STOPWORDS_TEXT.split())

# Words of an agent turn's framing ("hi, can you please tell me..."): they say nothing
# about which memory is needed. Queries only; ENGLISH_STOPWORDS keeps its meaning for
# the rules that share it.
_QUERY_FILLER_TEXT = """hello hey thanks thank please ok okay yes yeah yep sure also
    let lets get got tell know really much well still even ever something anything
    thing things"""
QUERY_FILLER_WORDS = frozenset(_QUERY_FILLER_TEXT.split())

#: Chinese function characters: pronouns, particles, the copula, common adverbs, measure
#: and question words. A query term (a character or a bigram) made only of these carries
#: no evidence of a topic: 一个, 的是, 我们, 什么, 可以, 没有, 帮我, 你好, 好的 ...
CHINESE_FUNCTION_CHARS = frozenset(
    "的了吗呢吧啊呀嘛么着过地得是在有和与及或也都就还又才很太更最把被给对从到让向跟比"
    "我你您他她它们这那哪谁什怎个些一不没要会能可以想请帮好吧些样啦哦呗嗯呃哎噢喔"
)
#: Common Chinese words outside that rule that say nothing about a topic (conjunctions,
#: time adverbs, conversational framing).
_CHINESE_STOPWORDS_TEXT = """一下 一点 现在 然后 因为 所以 但是 如果 已经 知道 觉得 时候 怎样
    这样 那样 大家 东西 谢谢 多谢 告诉 问题 关于 一些 应该 需要 其实 真的 今天 请问 麻烦 帮忙
    还有 一直 比较"""
CHINESE_STOPWORDS = frozenset(_CHINESE_STOPWORDS_TEXT.split())


def is_query_stopword(term: str) -> bool:
    """True for a query term that is no evidence of a topic (before any stemming: the
    stem-aware check is the keyword index's, ``fts_tokens.is_stop_token``)."""
    if term in ENGLISH_STOPWORDS or term in QUERY_FILLER_WORDS:
        return True
    if CJK_CHAR.match(term):
        return term in CHINESE_STOPWORDS or all(c in CHINESE_FUNCTION_CHARS for c in term)
    return False


def keyword_terms(text: str, *, for_query: bool = False) -> list[str]:
    """Terms for the keyword index: Latin words lower-cased, CJK runs as characters + bigrams.

    Indexing emits every CJK character and every adjacent pair, so a one- or two-character
    query finds its substring. A query emits bigrams (or the single character when the run
    has one), which keeps long Chinese queries precise. Stopwords (English, conversational filler,
    Chinese function words: ``is_query_stopword``) are dropped from queries.
    """
    text = normalize(text).casefold() if text else ""
    terms: list[str] = []
    for word in _WORD.findall(text):
        pos = 0
        for run in _CJK_RUN.finditer(word):
            latin = word[pos : run.start()]
            if latin:
                terms.append(latin)
            chars = run.group()
            if for_query:
                if len(chars) == 1:
                    terms.append(chars)
                else:
                    terms.extend(chars[i : i + 2] for i in range(len(chars) - 1))
            else:
                terms.extend(chars)
                terms.extend(chars[i : i + 2] for i in range(len(chars) - 1))
            pos = run.end()
        tail = word[pos:]
        if tail:
            terms.append(tail)
    if for_query:
        seen: dict[str, None] = {}
        for t in terms:
            if not is_query_stopword(t):
                seen.setdefault(t, None)
        return list(seen)
    return terms


def fts_query(terms: list[str]) -> str | None:
    """An FTS5 MATCH expression in which every term is a quoted string, OR-ed.

    User text never reaches FTS syntax: ``-``, ``:``, ``"``, ``AND``, ``(``, ``*`` are
    only ever parts of quoted strings.
    """
    quoted = ['"' + t.replace('"', '""') + '"' for t in terms if t]
    return " OR ".join(quoted) if quoted else None
