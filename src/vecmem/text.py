"""Text normalization, content hashing and CJK-aware keyword terms.

Pure functions, no I/O: the write pipeline, the keyword index and the quality rules all
rely on these giving the same answer for the same input, forever.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

from vecmem.errors import InvalidInputError

#: Inputs longer than this are refused outright (not a quality verdict: a usage error).
MAX_INPUT_CHARS = 100_000

_CJK = (
    "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # Han
    "\u3040-\u30ff"  # kana
    "\uac00-\ud7af"  # hangul
)
CJK_CHAR = re.compile(f"[{_CJK}]")
_CJK_RUN = re.compile(f"[{_CJK}]+")

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
        "\u00a0": " ",
        "\u3000": " ",
    }
)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u2028\u2029\ufeff]")
_WS = re.compile(r"\s+")
_TRAILING = re.compile(r"[\s.!?;,~…·]+$")
# A space next to a CJK character carries no meaning ("使用 Python" == "使用Python").
_SPACE_NEAR_CJK = re.compile(f"(?<=[{_CJK}]) +| +(?=[{_CJK}])")
_SPACE_AFTER_COLON_CJK = re.compile(f"(?<=[{_CJK}]:) +")


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
    """Canonical form used for hashing, dedup and rules. Idempotent."""
    text = unicodedata.normalize("NFKC", text)
    text = text.translate(_PUNCT_MAP)
    text = _CONTROL.sub(" ", text)
    text = _WS.sub(" ", text).strip()
    text = _SPACE_NEAR_CJK.sub("", text)
    text = _SPACE_AFTER_COLON_CJK.sub("", text)
    text = _TRAILING.sub("", text)
    # NFKC of the result is stable, but the trailing strip can expose new whitespace.
    return text.strip()


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


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?", re.UNICODE)

_STOPWORDS_TEXT = """a an the and or but if of to in on at by for with from as is are was were
    be been
    being am do does did have has had i you he she it we they me him her us them my your his
    its our their this that these those what which who whom whose when where why how not no
    so than too very can could should would will shall may might must just about into over
    after before again further then once there here all any both each few more most other
    some such only own same s t don now"""
ENGLISH_STOPWORDS = frozenset(_STOPWORDS_TEXT.split())


def keyword_terms(text: str, *, for_query: bool = False) -> list[str]:
    """Terms for the keyword index: Latin words lower-cased, CJK runs as characters + bigrams.

    Indexing emits every CJK character and every adjacent pair, so a one- or two-character
    query finds its substring. A query emits bigrams (or the single character when the run
    has one), which keeps long Chinese queries precise. Stopwords are dropped from queries.
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
            if t not in ENGLISH_STOPWORDS:
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
