"""Mentions of a credential that say what it is like or how it fares, and no value: "My
PIN is my birthday", "the new password works", "I know the garage code by heart", "密码就是我
生日", "支付密码跟登录密码一样", "登录口令改过了".

They carry no usable fact for an agent and point at a secret (how it was made, that it
changed), so the filter rejects them as ``secret_no_context``. They are read by clause
structure, not by sentence: a credential noun phrase (an owner, up to three qualifying
words, a credential noun) and one predicate —

* **what it is like**: a copula (or a colon, a dash) before a possessed phrase or a
  comparison ("is my birthday", "the same as the old one", "是我生日", "跟登录密码一样");
* **how it fares or who holds it in mind**: a state (works, expired, 改过了, 能用了) or the
  first person knowing or forgetting it ("I know the garage code by heart", "邮箱密码我记不住")
  — a third person knowing it ("Only Anna knows the alarm code") is a fact about that
  person and is kept.

**Where a secret is kept is a fact, not a mention**: every quality set written from the
specification keeps "The Wi-Fi password is printed on the back of the router",
"WiFi 密码贴在路由器背面", "服务器的 root 密码放在公司的密码管理器里" (round 7
tried reading places of common words as mentions; it cost four facts on the retired sets
and two on blind6, and was dropped).

The whole text must be that one clause; anything more makes it a fact. Pure functions.
"""

from __future__ import annotations

from vecmem.text import lazy_re

__all__ = ["is_bare_mention", "is_label_only"]

# The credential nouns of a mention (a lock's code, a PIN, a password, a key or token).
_CRED = (
    r"(?:pass(?:word|code|phrase)s?|passwd|pins?(?:\s+codes?|\s+numbers?)?|combinations?|combos?"
    r"|(?:door|gate|alarm|garage|safe|lock|locker|building|entry|access|unlock|lockbox|keypad"
    r"|security)\s+codes?|(?:api|access|secret|private|ssh|recovery|licen[cs]e)\s+keys?"
    r"|(?:api|access|auth|bot)\s+tokens?|tokens?|secrets?|credentials?|creds|logins?"
    r"|seed\s+phrase|recovery\s+(?:codes?|phrase)|security\s+(?:question\s+)?answers?"
    r"|(?:backup|2fa|mfa|otp)\s+codes?)"
)
# The owner and what the credential is for: "my bank", "Dad's email", "the wifi", "NAS".
_OWNER = r"(?:(?:my|our|your|his|her|their|the|this|that|[\w-]+['’]s)\s+)?"
# (A qualifier is no preposition or verb: "the token in GitHub secrets" is a token in a
# store, not "GitHub secrets" qualified by "token in".)
_QUAL = (r"(?:(?:new|old|current|same)\s+)?(?:(?!(?:in|on|at|under|to|for|with|by|from|into"
         r"|is|are|was|were|has|have)\b)[\w-]{1,20}\s+){0,3}")
_FOR = r"(?:\s+(?:for|of|to|on)\s+(?:the\s+|my\s+|our\s+)?[\w-]{1,20}(?:\s+[\w-]{1,20})?)?"
_NP = rf"(?i:{_OWNER}{_QUAL}{_CRED}{_FOR})"
# A place of common words (lower case: a capital, a digit, a dot or a slash names a store).
_WORD = r"(?!(?:and|but|so|because|which|that)\b)[a-z][a-z'’-]{0,24}"
_PLACE = (
    rf"(?:(?:the|a|an|my|our|your|his|her|their|some|[a-z]+['’]s)\s+)?{_WORD}(?:\s+{_WORD}){{0,3}}"
)
# "PIN – same as the old card": a colon or a dash is the copula.
_SIGN = r"\s*[:：]|\s+[-–—]"
# What it is like: a possessed phrase, a comparison, the usual one.
_EN_HINTED = lazy_re(
    rf"^{_NP}(?:\s+(?:is|was|['’]s)|{_SIGN})\s+(?:just\s+|still\s+)?"
    rf"(?:(?:my|our|his|her|their|[a-z]+['’]s)\s+{_WORD}(?:\s+{_WORD}){{0,5}}"
    rf"|the\s+(?:same|usual|old|last|first)\b(?:\s+{_WORD}){{0,6}}|same\s+as\s+{_PLACE})$"
)
# How it fares, or the first person holding it in mind.
_EN_STATE = lazy_re(
    rf"^{_NP}\s+(?:(?:still\s+|now\s+|finally\s+)?(?:works|worked|is\s+working|doesn['’]t\s+work"
    r"|didn['’]t\s+work|isn['’]t\s+working|(?:is|was)\s+(?:wrong|correct|right|invalid|valid"
    r"|accepted|rejected|expired|blocked|locked)|failed|expired|has\s+expired"
    r"|have\s+expired|(?:are|were)\s+(?:wrong|invalid|expired|blocked)))$"
    rf"|^(?i:i|we)\s+(?:know|knew|remember|remembered|forgot|forget|can['’]?not\s+remember"
    rf"|can['’]t\s+remember|don['’]t\s+remember|memori[sz]ed)\s+{_NP}"
    r"(?:\s+(?:by\s+heart|off\s+by\s+heart|again|now))?$"
)

_ZH_CRED = (
    r"(?:密码|密碼|口令|密钥|秘钥|私钥|令牌|验证码|门禁码|开锁码|解锁码|锁屏码|pin码|PIN码|密保答案"
    r"|(?i:password|passcode|pin|token|api\s*key))"
)
# The owner and what it is for: "银行卡", "NAS 的", "wifi ", "保险箱的".
_ZH_NP = rf"(?:[\u4e00-\u9fffA-Za-z0-9 ]{{0,10}}?的?\s*)?{_ZH_CRED}"
_ZH_HINTED = lazy_re(
    rf"^{_ZH_NP}\s*[:：,，]?\s*(?:就|也|还|都)?\s*(?:是|用的是|用)?\s*"
    r"(?:[我你他她]们?|我[爸妈]|老婆|老公|孩子|女儿|儿子)的?[\u4e00-\u9fff]{1,8}$"
    rf"|^{_ZH_NP}\s*[:：,，]?\s*(?:跟|和|与|同)\s*[\u4e00-\u9fffA-Za-z ]{{1,12}}"
    r"(?:一样|相同|一致)(?:的)?$"
    rf"|^{_ZH_NP}\s*[:：,，]?\s*(?:还是|就是|也是)?(?:原来|之前|以前|上次)(?:那个|的那个|的|一样)$"
)
_ZH_STATE = lazy_re(
    rf"^{_ZH_NP}\s*(?:已经|又|都|也)?\s*(?:改过了?|换过了?|能用了|可以用了|好用了|不能用了|用不了了?"
    r"|错了|对了|失效了?|过期了?|被锁了)$"
    rf"|^{_ZH_NP}\s*[,，]?\s*[我]们?\s*(?:一直|总是|老是|还是)?(?:记不住|记不得|忘了|忘记了|记得|背下来了|背熟了)$"
)


# A credential named and nothing after it but its copula or a colon: "User's API key:",
# "the recovery code for the account", "Licence key —", "用户的支付密码是", "门禁密码就是" —
# the credential is mentioned, nothing usable is said (a label broken off before any
# other value is half-formed, but this one announces a secret). A verb first makes it a
# request ("reset my password"), not a label.
_VERB_FIRST = (r"(?!(?:reset|change|update|set|rotate|send|give|need|forgot|forget|enter|type"
               r"|paste|share|find|get|use|check|add|remove|delete|generate|create|copy|store"
               r"|save|show|tell|what|where|which|how|why|when|who|is|are|do|does|can|please)\b)")
_EN_LABEL_ONLY = lazy_re(
    rf"^(?i:{_VERB_FIRST}{_NP})(?:\s+(?:is|was|are|were)\s*[:=]?|\s*[:=：]|\s*[-–—]+)?$")
_ZH_LABEL_ONLY = lazy_re(
    r"^(?!.*(?:输入|输|设置|修改|更改|改|换|需要|必须|要|忘|重置|填|发|给|告诉|问|找|查|请|帮|用(?!户)|没))"
    rf"(?:[\u4e00-\u9fffA-Za-z0-9 -]{{0,10}}?的?\s*)?{_ZH_CRED}"
    r"\s*(?:就是|也是|还是|是|为|叫)?\s*[:：]?$")


def is_label_only(text: str) -> bool:
    """True for a credential label with nothing after it (see ``_EN_LABEL_ONLY``)."""
    t = text.strip().rstrip(".!。！ ")
    if not t or len(t) > 80 or any(c in t for c in ";?!。；？！\n"):
        return False
    return bool(_EN_LABEL_ONLY.match(t) or _ZH_LABEL_ONLY.match(t))


def is_bare_mention(text: str) -> bool:
    """True for a one-clause mention of a credential that says only what it is like or
    how it fares (see the module docstring)."""
    t = text.strip().rstrip(".!。！ ")
    # One clause: a second sentence, a question or a list says more than a mention.
    if not t or len(t) > 160 or any(c in t for c in ".;?!。；？！\n") or t.count(":") > 1:
        return False
    return any(rx.match(t) for rx in (_EN_HINTED, _EN_STATE, _ZH_HINTED, _ZH_STATE))

