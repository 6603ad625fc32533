"""Valid time from what a fact says: relative dates resolved against when it was said.

"下个月去东京出差" said on 2026-11-20 is true of December 2026; "the release is next Friday"
said on Tuesday 2026-12-01 is about Friday 2026-12-11; "since March" opens on 2026-03-01.
``resolve(text, said_on)`` returns the period a fact is about, or ``None`` when the text
names no time. Pure and deterministic: the caller passes the day the fact was said (in
the user's time zone) and keeps the original wording in the content.

Ambiguity is kept, never guessed: "next month" is a month (``granularity="month"``,
first to last day), "in two weeks" is a week, a bare "in May" is the month. Recurring
expressions ("每周五", "every Friday") name no period and resolve to nothing.

Conventions (documented, so they can be argued with): weeks start on Monday; "next
Friday" / "下周五" is the Friday of next calendar week and "this Friday" / "周五" the
coming one (today included); a bare month or day ("in May", "3月5日") is the nearest
occurrence, and after "since" / "从…起" the most recent one not in the future.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from vecmem.text import lazy_re

__all__ = ["ValidTime", "local_day", "resolve"]


@dataclass(frozen=True)
class ValidTime:
    """When a fact holds, and the period its words named.

    ``period_*`` is what the text mentions ("next month" = that month). ``valid_*`` is
    when the fact is true: a plan or an appointment ("下个月去东京出差") holds from the
    moment it was said until its period ends, and then it is over; a past event ("moved
    to Hangzhou last year") began then and stays true (``valid_until`` open), so a fact
    about the past never expires by itself. ``valid_until`` is the last day included.
    """

    valid_from: date | None
    valid_until: date | None
    period_from: date | None
    period_until: date | None
    granularity: str  # day | week | month | year
    expression: str  # the words that named it, as written

    def to_dict(self) -> dict[str, str | None]:
        def iso(d: date | None) -> str | None:
            return d.isoformat() if d else None

        return {
            "valid_from": iso(self.valid_from), "valid_until": iso(self.valid_until),
            "period_from": iso(self.period_from), "period_until": iso(self.period_until),
            "granularity": self.granularity, "expression": self.expression,
        }


# -- calendar arithmetic -----------------------------------------------------------------

def _month_span(year: int, month: int) -> tuple[date, date]:
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _add_months(d: date, n: int) -> tuple[int, int]:
    total = d.year * 12 + d.month - 1 + n
    return total // 12, total % 12 + 1


def _week_span(d: date) -> tuple[date, date]:
    monday = d - timedelta(days=d.weekday())
    return monday, monday + timedelta(days=6)


def _nearest(today: date, month: int, day: int | None = None, past_only: bool = False,
             tense: bool | None = None) -> tuple[date, date]:
    """The occurrence of ``month`` (and ``day``) nearest to ``today``; with ``past_only``
    the latest one that has begun; the tense of the sentence being resolved, when it has
    one, picks the past or the coming occurrence."""
    if tense is True:
        past_only = True
    spans = []
    for year in (today.year - 1, today.year, today.year + 1):
        start, end = _month_span(year, month)
        if day is not None:
            if day > end.day:
                continue
            start = end = date(year, month, day)
        spans.append((start, end))
    if past_only:
        return max(s for s in spans if s[0] <= today)
    if tense is False:
        return min(s for s in spans if s[1] >= today)

    def distance(span: tuple[date, date]) -> tuple[int, int]:
        start, end = span
        gap = 0 if start <= today <= end else min(abs((start - today).days),
                                                  abs((end - today).days))
        return gap, 0 if start >= today else 1  # a tie goes to the future

    return min(spans, key=distance)


# -- words ---------------------------------------------------------------------------------

_ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "俩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}
_EN_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
               "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
               "twelve": 12, "a couple of": 2, "a few": 3}
_EN_MONTHS = {name: i for i, name in enumerate(calendar.month_name) if name}
_EN_MONTHS.update({name: i for i, name in enumerate(calendar.month_abbr) if name})
_EN_MONTHS["Sept"] = 9
_EN_WEEKDAYS = {name.lower(): i for i, name in enumerate(calendar.day_name)}
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}


def _number(word: str) -> int:
    word = word.strip().lower()
    if word.isdigit():
        return int(word)
    if word in _EN_NUMBERS:
        return _EN_NUMBERS[word]
    if all(c in _ZH_DIGITS or c == "十" for c in word):
        if "十" not in word:
            return int("".join(str(_ZH_DIGITS[c]) for c in word))
        tens, _, ones = word.partition("十")
        return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[ones] if ones else 0)
    raise ValueError(word)


_ZH_NUM = r"[0-9零〇一二两俩三四五六七八九十]{1,3}"
_EN_NUM = r"\d{1,3}|a couple of|a few|an?|one|two|three|four|five|six|seven|eight|nine|ten|" \
          r"eleven|twelve"
_MONTH_NAMES = "|".join(sorted(_EN_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(_EN_WEEKDAYS)

#: Dates of things that come back every year name no period of validity.
_RECURRING = lazy_re(r"每年|每个?月|每周|每天|生日|纪念日|周年|\b(?:every|each)\s+(?:year|month|"
                        r"week|day)|\b(?:birthday|anniversary|annually|yearly)\b", re.IGNORECASE)
_PAST = lazy_re(r"[了过]|曾经|以前|之前|\b(?:was|were|did|had|used to|moved|went|started|"
                   r"began|joined|left|finished|graduated|bought|got|became|ago)\b",
                   re.IGNORECASE)
_FUTURE = lazy_re(r"要|会|将|打算|准备|计划|\b(?:will|going to|plans? to|planning|'ll|shall|"
                     r"upcoming|due|scheduled)\b", re.IGNORECASE)


def _tense(text: str) -> bool | None:
    """True for past, False for future, None when the words don't say."""
    past, future = bool(_PAST.search(text)), bool(_FUTURE.search(text))
    return None if past == future else past


# -- the expressions -------------------------------------------------------------------------

Span = tuple[date | None, date | None, str]
Handler = Callable[[re.Match[str], date, bool | None], Span]
#: (pattern, handler); each handler returns (valid_from, valid_until, granularity).
_RULES: list[tuple[re.Pattern[str], Handler]] = []


def _rule(pattern: str, flags: int = 0) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        _RULES.append((lazy_re(pattern, flags), fn))
        return fn
    return register


def _day(d: date) -> Span:
    return d, d, "day"


_UNIT_DAYS = {"天": 1, "日": 1, "day": 1, "days": 1}
_UNIT_WEEKS = {"周": 7, "个星期": 7, "星期": 7, "个礼拜": 7, "礼拜": 7, "week": 7, "weeks": 7}


def _offset(today: date, n: int, unit: str) -> Span:
    unit = unit.lower()
    if unit in _UNIT_DAYS:
        return _day(today + timedelta(days=n))
    if unit in _UNIT_WEEKS:
        return (*_week_span(today + timedelta(days=7 * n)), "week")
    if unit in ("个月", "月", "month", "months"):
        return (*_month_span(*_add_months(today, n)), "month")
    year = today.year + n
    return date(year, 1, 1), date(year, 12, 31), "year"


@_rule(r"(?P<y>\d{4})[-/年](?P<m>\d{1,2})[-/月](?P<d>\d{1,2})[日号]?")
def _iso_day(m: re.Match[str], today: date, tense: bool | None) -> Span:
    return _day(date(int(m["y"]), int(m["m"]), int(m["d"])))


@_rule(r"(?P<y>\d{4})年(?P<m>\d{1,2}|[一二三四五六七八九十]{1,2})月(?![0-9一二三四五六七八九十]{1,3}[日号])")
def _zh_year_month(m: re.Match[str], today: date, tense: bool | None) -> Span:
    return (*_month_span(int(m["y"]), _number(m["m"])), "month")


@_rule(rf"\b(?:in\s+)?(?P<m>{_MONTH_NAMES})\.?\s+(?P<y>\d{{4}})\b")
def _en_month_year(m: re.Match[str], today: date, tense: bool | None) -> Span:
    return (*_month_span(int(m["y"]), _EN_MONTHS[m["m"]]), "month")


@_rule(r"(?P<kind>从|自|自从)?(?P<m>\d{1,2}|[一二三四五六七八九十]{1,2}|十[一二])月(?:份)?"
       r"(?:(?P<d>\d{1,2}|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])[日号])?"
       r"(?P<since>起|开始|以来|之后)?")
def _zh_month_day(m: re.Match[str], today: date, tense: bool | None) -> Span:
    month = _number(m["m"])
    if not 1 <= month <= 12:
        raise ValueError(month)
    day = _number(m["d"]) if m["d"] else None
    since = bool(m["since"]) or (bool(m["kind"]) and not m["d"])
    start, end = _nearest(today, month, day, past_only=since, tense=tense)
    if since:
        return start, None, "day" if day else "month"
    return start, end, "day" if day else "month"


@_rule(rf"\b(?P<kind>(?i:since|from|starting(?:\s+in)?|in|on|by|until|till|before|after))\s+"
       rf"(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m1>{_MONTH_NAMES})|"
       rf"(?P<m2>{_MONTH_NAMES})\.?(?:\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)?)\b")
def _en_month_day(m: re.Match[str], today: date, tense: bool | None) -> Span:
    month = _EN_MONTHS[m["m1"] or m["m2"]]
    day = int(m["d1"] or m["d2"]) if (m["d1"] or m["d2"]) else None
    kind = " ".join(m["kind"].lower().split())
    since = kind in ("since", "from", "starting", "starting in", "after")
    start, end = _nearest(today, month, day, past_only=kind == "since", tense=tense)
    granularity = "day" if day else "month"
    if since:
        return start, None, granularity
    if kind in ("until", "till", "by", "before"):
        return None, end, granularity
    return start, end, granularity


@_rule(r"(?:今天|今日|今晚|今早|today|tonight|this (?:morning|afternoon|evening))",
       re.IGNORECASE)
def _today(m: re.Match[str], today: date, tense: bool | None) -> Span:
    return _day(today)


@_rule(r"(?:大后天|后天|明天|明日|明早|明晚|昨天|昨日|昨晚|前天|"
       r"the day after tomorrow|tomorrow|the day before yesterday|yesterday)",
       re.IGNORECASE)
def _near_day(m: re.Match[str], today: date, tense: bool | None) -> Span:
    shift = {"大后天": 3, "后天": 2, "明天": 1, "明日": 1, "明早": 1, "明晚": 1, "昨天": -1,
             "昨日": -1, "昨晚": -1, "前天": -2, "the day after tomorrow": 2, "tomorrow": 1,
             "the day before yesterday": -2, "yesterday": -1}[m[0].lower()]
    return _day(today + timedelta(days=shift))


@_rule(r"(?<!每)(?P<which>下下|下个?|上个?|这个?|本)?(?:周|星期|礼拜)(?P<d>[一二三四五六日天末])")
def _zh_weekday(m: re.Match[str], today: date, tense: bool | None) -> Span:
    which = (m["which"] or "").rstrip("个")
    weeks = {"下下": 2, "下": 1, "上": -1, "这": 0, "本": 0, "": 0}[which]
    monday = _week_span(today)[0] + timedelta(days=7 * weeks)
    if m["d"] == "末":
        return monday + timedelta(days=5), monday + timedelta(days=6), "day"
    day = monday + timedelta(days=_ZH_WEEKDAYS[m["d"]])
    if not which and day < today:
        day += timedelta(days=7)  # a bare 周五 is the coming one
    return _day(day)


@_rule(rf"\b(?<!every )(?P<which>next|last|this|coming|on)\s+(?P<d>{_WEEKDAY_NAMES}|weekend)\b",
       re.IGNORECASE)
def _en_weekday(m: re.Match[str], today: date, tense: bool | None) -> Span:
    which, name = m["which"].lower(), m["d"].lower()
    weeks = {"next": 1, "last": -1}.get(which, 0)
    monday = _week_span(today)[0] + timedelta(days=7 * weeks)
    if name == "weekend":
        return monday + timedelta(days=5), monday + timedelta(days=6), "day"
    day = monday + timedelta(days=_EN_WEEKDAYS[name])
    if weeks == 0 and day < today:
        day += timedelta(days=7)
    return _day(day)


@_rule(r"(?P<which>下下|下个?|上个?|这个?|本)(?P<unit>周|星期|礼拜|月)(?!\s*[一二三四五六日天末])")
def _zh_relative_period(m: re.Match[str], today: date, tense: bool | None) -> Span:
    which = m["which"].rstrip("个")
    n = {"下下": 2, "下": 1, "上": -1, "这": 0, "本": 0}[which]
    if m["unit"] == "月":
        return (*_month_span(*_add_months(today, n)), "month")
    return (*_week_span(today + timedelta(days=7 * n)), "week")


@_rule(r"\b(?P<which>next|last|this)\s+(?P<unit>week|month|year)\b", re.IGNORECASE)
def _en_relative_period(m: re.Match[str], today: date, tense: bool | None) -> Span:
    n = {"next": 1, "last": -1, "this": 0}[m["which"].lower()]
    return _offset(today, n, m["unit"])


@_rule(r"(?P<y>大前年|前年|去年|今年|明年|后年|大后年)(?:(?P<m>\d{1,2}|十[一二]|[一二三四五六七八九十])月)?")
def _zh_year(m: re.Match[str], today: date, tense: bool | None) -> Span:
    n = {"大前年": -3, "前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2,
         "大后年": 3}[m["y"]]
    if m["m"]:
        return (*_month_span(today.year + n, _number(m["m"])), "month")
    return _offset(today, n, "year")


@_rule(rf"(?P<n>{_ZH_NUM})(?P<unit>天|日|周|个星期|星期|个礼拜|礼拜|个月|年)"
       r"(?P<dir>后|之后|以后|内|之内|以内|前|之前|以前)")
def _zh_offset(m: re.Match[str], today: date, tense: bool | None) -> Span:
    n = _number(m["n"])
    if m["dir"] in ("内", "之内", "以内"):
        return today, _offset(today, n, m["unit"])[1], "day"
    return _offset(today, -n if "前" in m["dir"] else n, m["unit"])


@_rule(rf"\b(?:(?P<in>in|within)\s+(?P<n1>{_EN_NUM})\s+(?P<u1>days?|weeks?|months?|years?)|"
       rf"(?P<n2>{_EN_NUM})\s+(?P<u2>days?|weeks?|months?|years?)\s+(?P<ago>ago|from now))\b",
       re.IGNORECASE)
def _en_offset(m: re.Match[str], today: date, tense: bool | None) -> Span:
    n = _number(m["n1"] or m["n2"])
    unit = (m["u1"] or m["u2"]).lower()
    if m["in"] and m["in"].lower() == "within":
        return today, _offset(today, n, unit)[1], "day"
    return _offset(today, -n if (m["ago"] or "").lower() == "ago" else n, unit)


@_rule(r"(?:到|直到|截至|截止到?)?(?:今年)?(?P<what>年底|年末|月底|月末|周末)(?:前|之前|为止)?")
def _zh_end_of(m: re.Match[str], today: date, tense: bool | None) -> Span:
    if m["what"] in ("年底", "年末"):
        return None, date(today.year, 12, 31), "day"
    if m["what"] == "周末":
        saturday = _week_span(today)[0] + timedelta(days=5)
        return saturday, saturday + timedelta(days=1), "day"
    return None, _month_span(today.year, today.month)[1], "day"


@_rule(r"\b(?:until|till|through|by|before)\s+the\s+end\s+of\s+(?:the\s+|this\s+)?"
       r"(?P<what>year|month|week)\b", re.IGNORECASE)
def _en_end_of(m: re.Match[str], today: date, tense: bool | None) -> Span:
    what = m["what"].lower()
    if what == "year":
        return None, date(today.year, 12, 31), "day"
    if what == "month":
        return None, _month_span(today.year, today.month)[1], "day"
    return None, _week_span(today)[1], "day"


@_rule(r"(?P<kind>从|自|自从)(?P<y>去年|今年|上个?月|上周|前年)(?:起|开始|以来)?|"
       r"(?P<y2>去年|今年|上个?月|上周|前年)(?:起|开始|以来)")
def _zh_since_period(m: re.Match[str], today: date, tense: bool | None) -> Span:
    which = m["y"] or m["y2"]
    if which in ("去年", "今年", "前年"):
        return date(today.year + {"去年": -1, "今年": 0, "前年": -2}[which], 1, 1), None, "year"
    if which.startswith("上") and which.endswith("月"):
        return _month_span(*_add_months(today, -1))[0], None, "month"
    return _week_span(today - timedelta(days=7))[0], None, "week"


@_rule(r"\bsince\s+(?P<which>last|this)\s+(?P<unit>week|month|year)\b", re.IGNORECASE)
def _en_since_period(m: re.Match[str], today: date, tense: bool | None) -> Span:
    n = -1 if m["which"].lower() == "last" else 0
    return _offset(today, n, m["unit"])[0], None, m["unit"].lower()


def resolve(text: str, said_on: date) -> ValidTime | None:
    """The period ``text`` is about, resolved against the day it was said, or ``None``.

    Every expression found contributes: a period (a day, week, month or year) sets both
    ends, "since …" the start and "until …" the end; the leftmost expressions win when two
    claim the same end. Unparseable numbers (a 13th month) are ignored, not guessed.
    """
    if not isinstance(text, str) or not text or _RECURRING.search(text):
        return None
    found = _expressions(text, said_on)
    if not found:
        return None
    start = end = None
    granularity = None
    for _, _, (f, u, g), _ in found:
        if f is not None and start is None:
            start = f
        if u is not None and end is None:
            end = u
        granularity = granularity or g
    if start is not None and end is not None and end < start:
        end = None  # "from May until March" reads nothing sensible: keep the start only
    words = " … ".join(f[3] for f in found)
    valid_from: date | None
    valid_until: date | None
    if end is not None and end < said_on:
        valid_from, valid_until = start or end, None  # over before it was said: it happened
    elif end is not None:
        valid_from = said_on if start is None or start > said_on else start
        valid_until = end
    else:
        valid_from, valid_until = start, None
    return ValidTime(valid_from, valid_until, start, end, granularity or "day", words)


def _expressions(text: str, said_on: date, tense: bool | None = None
                 ) -> list[tuple[int, int, Span, str]]:
    tense = _tense(text) if tense is None else tense
    matches: list[tuple[int, int, Span, str]] = []
    for pattern, handler in _RULES:
        for m in pattern.finditer(text):
            try:
                matches.append((m.start(), m.end(), handler(m, said_on, tense), m[0].strip()))
            except (ValueError, KeyError):
                continue  # a 13th month, a 31st of February: ignored, not guessed
    # The longest reading of any words wins ("今年年底" over "今年", "下周末" over "周末").
    found: list[tuple[int, int, Span, str]] = []
    for match in sorted(matches, key=lambda f: (f[0] - f[1], f[0])):
        if all(match[1] <= s or match[0] >= e for s, e, _, _ in found):
            found.append(match)
    return sorted(found, key=lambda f: f[0])


def local_day(moment: datetime, tz: str | None = None) -> date:
    """The calendar day ``moment`` falls on for a user in time zone ``tz`` (an IANA name
    such as ``Asia/Shanghai``; ``None`` keeps the moment's own zone, UTC if it has none).
    "明天" said at 20:00 UTC on 31 December is 2 January in Shanghai."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    if tz:
        try:
            moment = moment.astimezone(ZoneInfo(tz))
        except (ZoneInfoNotFoundError, ValueError) as exc:
            raise ValueError(f"unknown time zone {tz!r}; use an IANA name such as "
                             "Asia/Shanghai or Europe/Berlin") from exc
    return moment.date()


# -- questions about the past ---------------------------------------------------------------

#: Words by which a question contrasts an earlier state with the present ("where did I
#: live before …", "我以前用什么"): the asker wants what was replaced.
_CONTRAST = lazy_re(
    r"以前|之前|原来|原先|曾经|过去|当时|那时|从前|早先|先前|起初|最初|一开始|本来|"
    r"\b(?:before|previously|formerly|originally|used to|back then|at (?:that|the) time|"
    r"at first|earlier|in the past|no longer|any ?more|prior to)\b",
    re.IGNORECASE)
_CJK = lazy_re(r"[\u3400-\u9fff]")
#: Words that put a date in the past whatever it is the date of: a yearly thing's date
#: with one of them is a past period ("去年生日", "my birthday last year", "2025").
_EXPLICIT_PAST = lazy_re(
    r"去年|前年|上个?月|上周|上次|那年|[了过]|\d{4}|\b(?:last|ago|was|were|did|had)\b",
    re.IGNORECASE)
#: The simple past of a question: weaker, it may ask about a current fact ("what did I
#: say my editor is?"), so past rows compete with current ones instead of leading.
_SIMPLE_PAST = lazy_re(r"\b(?:was|were|did|had)\b", re.IGNORECASE)
#: A question about the time of something ("when is the release", "什么时候出差"): that
#: its time is over is no reason to hide it, so the past competes too.
_WHEN = lazy_re(r"^\s*when\b|什么时候|哪天|哪一天|几号|几月几|何时", re.IGNORECASE)


@dataclass(frozen=True)
class HistoryCue:
    """Why a question reaches back in time: the words, the past period it names (the
    question is then about that period; ``None`` for "before" / "以前" without a date),
    whether it contrasts the past with the present, and the question without its time
    words (the window answers those; as search words they only blur the match)."""

    words: str
    period_from: date | None = None
    period_until: date | None = None
    contrast: bool = False
    rest: str = ""


def history_cue(query: str, today: date) -> HistoryCue | None:
    """The question's evidence that it asks about the past, or ``None``.

    A named period counts when it is over ("in May" asked in December, "去年", "上个月");
    a period still to come ("next month") or today's makes it a question about current
    plans. Without a period, past-contrast words ("before", "以前", "之前") or the simple
    past of a question ("was", "did") do.
    """
    if not isinstance(query, str) or not query.strip():
        return None
    # A question without future words asks about the past: a bare "五月" is the last May.
    tense = not _FUTURE.search(query)
    found = [f for f in _expressions(query, today, tense) if f[2][0] is not None or
             f[2][1] is not None]
    contrast = [m for m in _CONTRAST.finditer(query)]
    simple = [m for m in _SIMPLE_PAST.finditer(query)]
    spans = [(m.start(), m.end()) for m in contrast]
    past = [f for f in found if f[2][1] is not None and f[2][1] < today]
    if past and _RECURRING.search(query) and not _EXPLICIT_PAST.search(query):
        # A yearly thing's bare date (a birthday, an anniversary in October) names when it
        # comes back, not a period the question looks back to: "十月份结婚纪念日那天想安排个
        # 惊喜" plans the next one. "去年生日去了哪里" still names last year's.
        past = []
    if past:
        start, end, (p_from, p_until, _), words = past[0]
        rest = _without(query, [*spans, (start, end)])
        return HistoryCue(words, p_from, p_until, bool(contrast), rest)
    if any(f[2][1] is None or f[2][1] >= today for f in found):
        return None  # "what was planned for next week" is about now and later
    asks_when = [m for m in _WHEN.finditer(query)]
    if not contrast and not simple and not asks_when:
        return None
    words = ", ".join(dict.fromkeys(m[0].strip() for m in [*contrast, *simple, *asks_when]))
    return HistoryCue(words, contrast=bool(contrast), rest=_without(query, spans))


def _without(text: str, spans: list[tuple[int, int]]) -> str:
    """``text`` with the spans blanked out; the whole text if nothing else is left."""
    out = list(text)
    for start, end in spans:
        # Chinese has no spaces to keep words apart; English words need one.
        fill = "" if _CJK.match(text[start]) else " "
        out[start:end] = [fill] + [""] * (end - start - 1)
    rest = " ".join("".join(out).split())
    return rest if re.search(r"\w", rest) else text
