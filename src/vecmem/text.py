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
