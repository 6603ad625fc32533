"""Turns as people type them, read in the form the extractor's grammar expects.

Users write to an agent the way they text: "im a nurse", "i dont eat pork", "ive been
vegan for years", "fyi". The clause splitter and the sentence tables read the standard
form ("I'm", "don't"), so a turn is brought to it first — by the *shape* of a word (a
lone lower-case "i", an English contraction written without its apostrophe), never by a
list of sentences. Only forms that are unambiguous in running English are restored: "ill"
(ill / I'll), "id" (id / I'd), "were" (were / we're) and "well" stay as typed.

Chinese is brought to the same shape where a chat habit would hide the subject or the
relation from the rules:

* 我们家 + a pet or a child ("我们家狗狗叫可乐") is the speaker's household: "我家…";
* 我用的 + a thing + 是 ("我用的编辑器是 Cursor") names the speaker's thing: "我的…是";
* 干 as the verb of a job after 在 + a place ("我在美团干前端") is 做.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

# A lone lower-case "i" before a space, an apostrophe or the end: the pronoun ("i have",
# "i'm", "i've"); not "i.e.", "i)" (a list marker), "i-th", "wi-fi".
_LONE_I = lazy_re(r"(?<![\w'’.-])i(?=\s|['’]|$|[,!])")
# Contractions typed without their apostrophe: each is no other English word.
_NO_APOSTROPHE = {
    "im": "I'm", "ive": "I've", "dont": "don't", "doesnt": "doesn't", "didnt": "didn't",
    "cant": "can't", "couldnt": "couldn't", "wouldnt": "wouldn't", "shouldnt": "shouldn't",
    "isnt": "isn't", "wasnt": "wasn't", "arent": "aren't", "havent": "haven't",
    "hasnt": "hasn't", "wont": "won't", "thats": "that's", "theyre": "they're",
    "youre": "you're", "whats": "what's", "hes": "he's", "shes": "she's",
}
_NO_APOSTROPHE_RE = lazy_re(rf"(?<![\w'’])({'|'.join(_NO_APOSTROPHE)})(?![\w'’])",
                            re.IGNORECASE)
# A sentence opening in lower case with the speaker's own word ("my wife is …", "we use …"
# after a full stop) reads like one that opens in upper case.
_LOWER_OPENING = lazy_re(r"(^|[.!?]\s+)(my|we|our)\b")

_ZH_OUR_HOUSEHOLD = lazy_re(
    r"(^|[，,。；;]\s*)我们家(?:的)?(?=(?:狗狗|狗|猫咪|猫|小狗|小猫|猫猫|兔子|鹦鹉|仓鼠|宝宝|孩子|老大|老二"
    r"|闺女|儿子|女儿))")
_ZH_WHAT_I_USE = lazy_re(r"(^|[，,。；;]\s*)我(?:平时|现在|一般|日常)?用的(?=[^，,。是]{1,10}是)")
_ZH_GAN_JOB = lazy_re(r"(我(?:现在|目前)?在[^，,。了过]{1,12}?)干(?=[^，,。]{1,10})")


def casual_form(line: str) -> str:
    """``line`` with typed-casual forms restored (see the module docstring)."""
    if not line:
        return line
    if re.search(r"[A-Za-z]", line):
        line = _LONE_I.sub("I", line)
        line = _NO_APOSTROPHE_RE.sub(lambda m: _restore(m[1]), line)
        line = _LOWER_OPENING.sub(lambda m: m[1] + m[2].capitalize(), line)
    if "我" in line:
        line = _ZH_OUR_HOUSEHOLD.sub(r"\1我家", line)
        line = _ZH_WHAT_I_USE.sub(r"\1我的", line)
        line = _ZH_GAN_JOB.sub(r"\1做", line)
    return line


def _restore(word: str) -> str:
    out = _NO_APOSTROPHE[word.casefold()]
    if word[:1].isupper() and out[:1].islower():
        out = out[:1].upper() + out[1:]
    return out
