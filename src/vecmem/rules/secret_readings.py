"""The readings of one text that secret detection runs every rule on, and what joins
them: the text as written, its canonical forms (``vecmem.text.canonicalize``: invisible
characters, NFKC, look-alikes; markup, decoration), and readings that join a value broken
by a space, a line, a repeated separator or a label broken across a line. What is found in
any reading is mapped back onto the original text, so a value is cut out in whatever
spelling it had. Pure functions, no I/O.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import itertools
import re

from vecmem.rules.secret_assign import assigned_findings
from vecmem.rules.secret_fields import field_findings
from vecmem.rules.secret_frame import frame_findings
from vecmem.rules.secret_keyed import keyed_values
from vecmem.rules.secret_labels import (
    broken_label_gaps,
    counted_codes,
    loose_values,
    part_values,
)
from vecmem.rules.secret_near import near_values
from vecmem.rules.secret_restate import restated_values
from vecmem.rules.secret_shapes import structured_secrets
from vecmem.rules.secret_spoken import spoken_codes
from vecmem.rules.secret_values import SecretFinding, masked
from vecmem.rules.secret_vendor import BASE, vendor_findings
from vecmem.text import (
    THIN_SPACE,
    Canonical,
    ascii_word_re,
    canonicalize,
    confusable_skeleton,
)

__all__ = ["find_in", "readings", "select", "union"]

_re = ascii_word_re


def find_in(text: str) -> list[tuple[int, SecretFinding]]:
    """Every (priority, finding) the shapes and labels see in ``text`` as it is."""
    found: list[tuple[int, SecretFinding]] = []  # (priority, finding)

    def add(priority: int, kind: str, start: int, end: int) -> None:
        if end > start and not masked(text, start, end):
            found.append((priority, SecretFinding(kind, start, end)))

    vendor_findings(text, add)
    for kind, start, end in structured_secrets(text):
        add(BASE, kind, start, end)
    assigned_findings(text, add)
    for kind, start, end in itertools.chain(counted_codes(text), spoken_codes(text),
                                          loose_values(text), part_values(text),
                                          frame_findings(text), field_findings(text),
                                          near_values(text), restated_values(text),
                                          keyed_values(text)):
        add(BASE, kind, start, end)
    return found


# Combining marks NFKC leaves standing on a Latin letter (underline, strike-through) and
# pictographs: decoration a reading for secrets may drop.
_DECORATION = _re("(?<=[A-Za-z\u0300-\u036f\u20d0-\u20ff])[\u0300-\u036f\u1ab0-\u1aff"
                  "\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]|[\u2600-\u27bf\u2b00-\u2bff"
                  "\U0001f000-\U0001faff]")
# Whose a secret is says nothing of what it is: an agent writes "the user's PIN", "Mom's
# wifi password", "the answer to the user's security question". A reading without the
# possessed owner lets every label rule see the label as if the person had said "the PIN"
# ("the" stays, so "is the Spotify password" still reads as a copula and its label).
_OWNER = _re(r"(?i)(?<![\w'’])(?:(?!(?:it|that|this|what|here|there|who|he|she|let|where|how"
             r"|when|why)['’])[a-z][a-z-]{1,30}['’]s[ \t]{1,3}){1,3}(?=[\w(])")
_INLINE_TAG = _re(r"(?i)</?(?:b|i|u|s|em|strong|code|kbd|samp|span|mark|small|big|font|tt|var)"
                  r"(?:\s[^<>]{0,80})?>")




def readings(text: str) -> list[list[SecretFinding]]:
    """The findings of every reading of ``text`` (empty ones left out), each in
    ``text``'s offsets: as written, in the canonical forms, and joined where a value or a
    label was broken."""
    out = [select(find_in(text))]
    # The canonical readings decode escapes first ("password&#58; …", "pw%3D…"), so every
    # later form (tags, decoration, look-alikes) is read on the decoded text too.
    chars = canonicalize(text, structure=False, decode=True)
    forms = [chars, canonicalize(text, structure=True, decode=True)]
    if _DECORATION.search(chars.text):  # "p̲a̲s̲s̲w̲o̲r̲d̲", "PIN 🔑 4821"
        plain = canonicalize(text, structure=False, decode=True)
        plain.delete(_DECORATION)
        forms.append(plain)
    if "<" in chars.text and _INLINE_TAG.search(chars.text):  # "<b>password</b>: …"
        untagged = canonicalize(text, structure=False, decode=True)
        untagged.delete(_INLINE_TAG)
        forms.append(untagged)
    # A label or a spelled value glued to the other script ("wifi密码是多少？是 …",
    # "密码是s u n f l o w e r"): read once more with a space at each seam.
    seamed = canonicalize(text, structure=False, decode=True)
    seamed.space_scripts()
    if seamed.text != chars.text:
        forms.append(seamed)
    if _OWNER.search(chars.text):  # "Harbor-Wren-5521 is the user's Spotify password"
        unowned = canonicalize(text, structure=False, decode=True)
        unowned.delete(_OWNER)
        forms.append(unowned)
    if THIN_SPACE.search(text):  # "Kes\u2009trel41": a thin space inside one value
        forms.append(canonicalize(text, structure=False, decode=True, thin=True))
    skeleton = confusable_skeleton(chars.text)
    if skeleton != chars.text:  # "ΡΙΝ 6650" in Greek capitals: a reading only, never stored
        folded = canonicalize(text, structure=False, decode=True)
        folded.replace_chars(skeleton)
        forms.append(folded)
    seen = {text}
    for canon in forms:
        if canon.text in seen:
            continue
        seen.add(canon.text)
        out.append([SecretFinding(f.kind, *canon.source_span(f.start, f.end))
                    for f in select(find_in(canon.text))])
    # Values broken by a space or a line, or spelled out with a separator between every
    # character, read joined: as written and in the character-level canonical form.
    joinable = {text: Canonical(text, None)}
    for canon in (chars, seamed):
        joinable.setdefault(canon.text, canon)
    for canon in joinable.values():
        for f in (_split_reading(canon.text) + _despaced_reading(canon.text)
                  + _read_joined(canon.text, broken_label_gaps(canon.text), reach=_NEAR_REACH)):
            out.append([SecretFinding(f.kind, *canon.source_span(f.start, f.end))])
        out.append([SecretFinding(f.kind, *canon.source_span(f.start, f.end))
                    for f in _encoded_reading(canon.text)])
    ordinary = _plain_base64(text)
    if ordinary:  # a base64 token of ordinary text is no random token
        out = [[f for f in r if not (f.kind == "high_entropy_token"
                                     and (f.start, f.end) in ordinary)] for r in out]
    # A masked value is judged on the text as written: a canonical form may have read its
    # mask as markup ("****1234" as bold) and found the digits left showing.
    if _MASK_HINT.search(text):
        out = [[f for f in r if not masked(text, f.start, f.end)] for r in out]
    return [r for r in out if r]


_MASK_HINT = _re(r"[*•●·]{3}|[xX]{6}|\.{3}|…")


def _plain_base64(text: str) -> set[tuple[int, int]]:
    """Spans of base64 tokens that decode to ordinary text (words and spaces) holding no
    secret: "aGVsbG8gdGhlcmUgZnJpZW5k" is "hello there friend", not a key."""
    out = set()
    for m in _BASE64.finditer(text):
        if not 12 <= len(m.group()) <= 4096:
            continue
        decoded = _b64_text(m.group())
        if (decoded and " " in decoded.strip()
                and sum(c.isalpha() or c.isspace() for c in decoded) >= 0.85 * len(decoded)
                and not select(find_in(decoded))):
            out.add((m.start(), m.end()))
    return out


# A value encoded whole: a base64 token that decodes to a secret ("cGFzc3dvcmQ6IGh1bnRlcjI="
# is "password: hunter2") or to a made value after a label ("the wifi password in base64
# is c3VubmlzaWRlMjA="), and a text whose ROT13 reading holds a label and a value
# ("cnffjbeq vf fhaebbz89" is "password is sunroom89"). What the decoded text holds is
# judged by the same rules; the encoded token, or the rotated value, is what is cut.
# (Runs are matched whole and their length checked after: a bounded repeat here would be
# retried at every offset of a long run.)
_BASE64 = _re(r"(?<![A-Za-z0-9+/=_-])[A-Za-z0-9+/_-]+={0,2}(?![A-Za-z0-9+/=_-])")
_MADE = _re(r"^(?=\S*\d)(?=\S*[^\W\d_])\S{6,64}$|^(?=\S*[^\w\s])(?=\S*\d)\S{6,64}$")
# Labels the ROT13 reading must hold (a bare "pin" is too short: "CVA" rotates to it).
_ROT_LABEL = _re(r"(?i)pass(?:word|wd|code|phrase)|token|secret|api[ _-]?key|pin\s+code"
                 r"|(?<![a-z])pin\s+(?:is|was)\b")
_ROT13 = str.maketrans(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    "NOPQRSTUVWXYZABCDEFGHIJKLMnopqrstuvwxyzabcdefghijklm")


def _b64_text(token: str) -> str | None:
    core = token.rstrip("=")
    if len(core) % 4 == 1 or token.isalpha():
        return None  # a long word is base64's alphabet too; a real encoding mixes classes
    padded = core + "=" * (-len(core) % 4)
    try:
        raw = (base64.urlsafe_b64decode(padded) if re.search(r"[-_]", core)
               else base64.b64decode(padded, validate=True))
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if not decoded or not all(c.isprintable() or c in "\n\t" for c in decoded):
        return None
    return decoded


def _encoded_reading(text: str) -> list[SecretFinding]:
    out: list[SecretFinding] = []
    for m in _BASE64.finditer(text):
        if not 12 <= len(m.group()) <= 4096:
            continue
        decoded = _b64_text(m.group())
        if decoded is None:
            continue
        inner = [f for f in select(find_in(decoded)) if f.kind != "high_entropy_token"]
        labelled = _NEAR_SECRET.search(text, max(0, m.start() - _NEAR_REACH), m.start())
        if inner or (labelled and _MADE.match(decoded)):
            out.append(SecretFinding("encoded_secret", m.start(), m.end()))
    if re.search(r"[A-Za-z]", text):
        rotated = text.translate(_ROT13)
        if _ROT_LABEL.search(rotated):
            out.extend(f for f in select(find_in(rotated)) if f.kind != "high_entropy_token")
    return out


# A value split by a space or a line break ("ghp_Xy12Ab34Cd56 Ef78…", "Blue\nFalcon#5",
# "Sea-\nShell-77"): the break is joined when the piece after it is machine-made (a
# digit or a symbol) and, for a space, the piece before it too ("token ghp_…" stays two
# words); only findings that cross a joined break are kept, so two ordinary lines are
# never read as one.
_BREAK = _re(
    r"(?P<prev>[^\s]{1,80})(?P<gap>[ \t]*\n[ \t]*|[ \t])"
    # The next piece may open with a symbol ("Osprey\n  #2031"), not with a bullet.
    r"(?=(?P<next>(?:[A-Za-z0-9]|[#@!$%&*+?](?=[A-Za-z0-9]))[^\s]{1,}))"
)
_MACHINE = _re(r"\d|[^\w.,;:!?)'\"]")
_TAIL_PIECE = _re(r"[\d#@!$%&*?+]{1,6}(?=\s*(?:$|[,;!?。，；！？\n]|\.(?:\s|$)))")


# A joined value needs a label or a vendor prefix close before the break (entropy-only
# findings are not kept), so breaks far from one are not joined: long logs stay cheap.
_NEAR_SECRET = _re(
    r"(?i)key|token|secret|pass|p[@4]ss|pwd|\bpw\b|pin|code|cvv|credential|login|serial"
    r"|licen[cs]e|phrase|sk-|gh[pousr]_|github_pat|glpat|xox|akia|aiza|hf_|npm_|pypi-|://"
    r"|密码|口令|密钥|秘钥|令牌|授权码|提取码|验证码|激活码|注册码|安全码|门禁|卡号"
)
_NEAR_REACH = 80
_HAS_ALNUM = _re(r"[^\W_]")
_NOT_A_PIECE = _re(r"(?i)[a-z][a-z0-9+.-]*://|www\.|[a-z]:[\\/]|-{1,2}[a-z]")


def _split_reading(text: str) -> list[SecretFinding]:
    labels = [m.end() for m in _NEAR_SECRET.finditer(text)]
    if not labels:
        return []
    joins = []
    for m in _BREAK.finditer(text):
        # A short run of digits or symbols closing the clause is the tail of the word
        # before it ("the wifi password is Sunflower 88").
        tail = len(m["prev"]) >= 4 and _TAIL_PIECE.match(text, m.end("gap"))
        if not (_MACHINE.search(m["next"]) and ("\n" in m["gap"] or _MACHINE.search(m["prev"])
                                               or tail)):
            continue
        if not _HAS_ALNUM.search(m["prev"]):
            continue  # a dash or a bullet before the value is punctuation, not a piece
        if _NOT_A_PIECE.match(m["next"]):
            continue  # a URL, a path or an option after the value is its neighbour
        i = bisect.bisect_right(labels, m.start("gap")) - 1
        if i >= 0 and m.start("gap") - labels[i] <= _NEAR_REACH:
            joins.append(m)
    return _read_joined(text, [(m.start("gap"), m.end("gap")) for m in joins])


# A value spelled out one character at a time ("p a s s w o r d : h u n t e r 2",
# "s-e-c-r-e-t-9-9", "密 码 是 x 7 k 9 q 2") or in pairs behind dots or hyphens
# ("Hu.nt.er.20.24"): four or more pieces with one separator repeated. Read joined; as for
# a broken value, only a finding that crosses a removed separator counts, so a version
# ("1.2.3.4") or spaced initials stay as they are unless a label and a value appear.
_SPACED = _re(
    r"(?<![^\W_])[^\W_](?P<s>[ .\-_])[^\W_](?:(?P=s)[^\W_]){1,63}(?![^\W_])"
    r"|(?<![^\W_])[^\W_]{1,2}(?P<t>[.\-_])[^\W_]{1,2}(?:(?P=t)[^\W_]{1,2}){2,63}(?![^\W_])"
    # "4 . 8 . 2 . 7", "h / u / n / t": a punctuation mark with a space on each side.
    r"|(?<![^\W_])[^\W_](?P<u> [.\-_/·•|*] )[^\W_](?:(?P=u)[^\W_]){2,63}(?![^\W_])"
)


# A value typed with mixed separators ("48-21 55", "7-3 5.0", "h-u n.t e_r 2-0 2.4",
# "12 / 34-56"): three or more pieces, each one character or each a group of up to four
# digits, between spaces or punctuation marks of several kinds. Read joined like the
# rest; dates and clock times are what such runs usually are, and are left alone.
_MIXED_GAP = r"(?: ?[.\-_/·•|*] ?| )"
_MIXED = _re(
    # (single characters may stand between commas too: "4, 8, 2, 1", "4，8，2，1")
    rf"(?<![^\W_])[^\W_](?:(?:{_MIXED_GAP}|[,，、] ?)[^\W_]){{3,63}}(?![^\W_])"
    rf"|(?<![\w.\-/])\d{{1,4}}(?:{_MIXED_GAP}\d{{1,4}}){{2,7}}(?![\w.\-/])"
)
_MIXED_SEP = _re(rf"{_MIXED_GAP}|[,，、] ?")
# (a two-digit year is left to the label: "combo 08-15-33" is a combination)
_DATE_LIKE = _re(r"\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{4}")


# A key pasted in groups of equal length ("ghp_aB3d E5fG hIjK 7hI9 …", "AKIA IOSF ODNN
# 7EXA MPL3"): a first piece (it may carry the vendor prefix), then three or more groups
# of one length, letters and digits mixed across them.
_GROUPED = _re(r"(?<![^\s\"'`:=(])[A-Za-z0-9_+/-]{4,40}(?: [A-Za-z0-9]{4,8}){3,40}"
               r"(?![^\s\"'`.,;)])")


def _despaced_reading(text: str) -> list[SecretFinding]:
    gaps: list[tuple[int, int]] = []
    for m in _SPACED.finditer(text):
        sep = m.group("s") or m.group("t") or m.group("u")
        gaps.extend((m.start() + g.start(), m.start() + g.end())
                    for g in re.finditer(re.escape(sep), m.group()))
    for m in _GROUPED.finditer(text):
        first, *groups = m.group().split(" ")
        if len({len(g) for g in groups}) != 1 or len(first) < len(groups[0]):
            continue
        run = m.group()
        if re.search(r"\d", run) and re.search(r"[A-Za-z]", run):
            gaps.extend((m.start() + i, m.start() + i + 1)
                        for i, ch in enumerate(run) if ch == " ")
    for m in _MIXED.finditer(text):
        if _DATE_LIKE.search(m.group()):
            continue
        gaps.extend((m.start() + g.start(), m.start() + g.end())
                    for g in _MIXED_SEP.finditer(m.group()))
    gaps = sorted(set(gaps))
    # A spelled-out label ("p a s s w o r d : Kestrel#41") counts for the value after it.
    return _read_joined(text, gaps, reach=_NEAR_REACH // 2)


def _read_joined(text: str, gaps: list[tuple[int, int]], *,
                 reach: int = 0) -> list[SecretFinding]:
    """Findings in ``text`` with every ``gaps`` span removed (sorted, disjoint) that cross
    a removed span or begin within ``reach`` after one, in ``text``'s offsets;
    entropy-only findings are not kept."""
    if not gaps:
        return []
    pieces: list[str] = []
    origin: list[int] = []  # origin[i] = offset in ``text`` of joined character i
    points: list[int] = []  # joined offsets where a break was removed
    pos = 0
    for start, end in gaps:
        pieces.append(text[pos:start])
        origin.extend(range(pos, start))
        points.append(len(origin))
        pos = end
    pieces.append(text[pos:])
    origin.extend(range(pos, len(text)))
    joined = "".join(pieces)
    out = []
    for f in select(find_in(joined)):
        if f.kind == "high_entropy_token" or not any(
                f.start - reach < p < f.end for p in points):
            continue
        out.append(SecretFinding(f.kind, origin[f.start], origin[f.end - 1] + 1))
    return out


def select(found: list[tuple[int, SecretFinding]]) -> list[SecretFinding]:
    """Most specific first; a finding overlapping an already kept one is dropped. ``kept``
    is kept sorted by start so each overlap test is a bisect, not a scan."""
    kept: list[SecretFinding] = []
    starts: list[int] = []
    for _prio, f in sorted(found, key=lambda pf: (pf[0], pf[1].start, -(pf[1].end - pf[1].start))):
        i = bisect.bisect_left(starts, f.start)
        if i > 0 and kept[i - 1].end > f.start:
            continue
        if i < len(kept) and kept[i].start < f.end:
            continue
        kept.insert(i, f)
        starts.insert(i, f.start)
    return kept


def union(readings: list[list[SecretFinding]]) -> list[SecretFinding]:
    """Findings of several readings of one text, overlapping ones joined: two readings may
    disagree on a value's extent (the raw text stops at a zero-width space, the canonical
    one does not), and no part of a value may survive."""
    merged: list[SecretFinding] = []
    for f in sorted((f for r in readings for f in r), key=lambda f: (f.start, -f.end)):
        if merged and f.start < merged[-1].end:
            m = merged[-1]
            merged[-1] = SecretFinding(m.kind, m.start, max(m.end, f.end))
        else:
            merged.append(f)
    return merged


