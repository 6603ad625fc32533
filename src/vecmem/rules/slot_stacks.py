"""A project's stack named by two or more technologies (session 17, branch ``stacks17``).

"The tally app uses Django and PostgreSQL", "账本系统用的是 Vue + Node.js", "kiln is built
with Rust and SQLite": the whole *set* of technologies is the value of one slot,
``project.<name>.stack``. The value is the set's canonical names, sorted and joined with
" + " (Postgres = PostgreSQL, Node = Node.js, JS = JavaScript), so the same set in other
words or another order is a duplicate and any other set a conflict.

A statement is a stack only when its value is nothing but technologies (two or more, known
by name) joined by list words, after a project's name and a stack predicate (uses, is built
with, runs on, was rewritten in, 用的是, 改成了, 技术栈是, …). What is left out by that:
a library added for one purpose ("tally also uses Redis for caching", "还加了 Redis 做缓存":
the dev sets label it store), a hypothetical ("might try Go and SQLite"), a course's or a
friend's stack (no project's name as the subject), two projects (two names, two slots).

A single aspect said alone ("rewritten in FastAPI": ``project.<name>.framework``) meets a
stack of the same project through ``stack_reading``: it conflicts with the set when the
set names another technology of that kind, and restates it when the set names it.
Classification only: the stored content is never rewritten. Pure functions.
"""

from __future__ import annotations

import re

from vecmem.rules.topic_keys import _TECH, slugify_name
from vecmem.text import ascii_word_re, lazy_re
from vecmem.types import Classification, MemoryType

__all__ = ["stack_fact", "stack_reading", "stack_siblings"]

_I = re.IGNORECASE

#: The kinds a stack is made of (a deploy target or a CI is a slot of its own).
_KINDS = frozenset(("language", "framework", "database", "dataframe", "web_server",
                    "message_queue", "cache", "runtime"))
#: Aliases onto one name; names the shared glossary lacks, with their kind.
_ALIASES = {"postgres": "postgresql", "pg": "postgresql", "golang": "go", "js": "javascript",
            "ts": "typescript", "node": "node.js", "nodejs": "node.js", "nextjs": "next.js",
            "ror": "rails", "ruby on rails": "rails", "k8s": "kubernetes", "mongo": "mongodb",
            "vuejs": "vue", "vue.js": "vue", "reactjs": "react", "react.js": "react"}
_EXTRA = {"node.js": "runtime", "deno": "runtime", "bun": "runtime", "phoenix": "framework",
          "vite": "framework", "flutter": "framework", "swiftui": "framework",
          "sqlmodel": "database", "sqlalchemy": "database", "tailwind": "framework",
          "elixir phoenix": "framework", "spring boot": "framework", "uni-app": "framework",
          "taro": "framework", "sveltekit": "framework", "htmx": "framework"}


def _canon(item: str) -> tuple[str, str] | None:
    """(canonical name, kind) of one list item, or ``None`` when it is no technology."""
    low = " ".join(item.casefold().split()).strip(" .。,，;；")
    low = re.sub(r"^(?:an? |the )|(?: (?:app|apps|project|backend|frontend|stack))$", "", low)
    m = re.fullmatch(r"(?P<n>.+?)(?:\s?(?P<v>\d+(?:\.\d+)*))?", low)
    if not m:
        return None
    name = _ALIASES.get(m["n"], m["n"])
    kind = _EXTRA.get(name) or _TECH.get(name)
    if kind not in _KINDS:
        return None
    return (f"{name} {m['v']}" if m["v"] else name), kind


_LIST = lazy_re(r"\s*(?:,|\+|/|、|，|;|\band\b|\bwith\b|\bon\b|\bplus\b|和|以及|加上|加|与|跟|配合"
                r"|搭配)\s*", _I)
_NAME_EN = r"[A-Za-z][\w.-]{1,30}"
_EN = ascii_word_re(
    rf"^(?:the |project )?(?P<n>{_NAME_EN})(?: (?:project|app|service|site|system|tool))?"
    r"(?P<pred>(?:'s|’s) (?:tech(?:nology)? )?stack(?: is| =)?(?: now)?:?"
    r"| (?:is|are|has been|have been|was|got|is being)(?: now| currently)?"
    r" (?:built|written|implemented|rewritten|re-written|ported|rebuilt|migrated|moved)"
    r" (?:with|in|on|to|using|onto)"
    r"| (?:now |currently )?(?:uses|runs on|is on|is a|is an)"
    r"| (?:is )?now (?:on|a|an))"
    r" (?P<v>.+?)\.?$", _I)
_WE_EN = ascii_word_re(
    rf"^(?:we|i|the team|user) (?:rewrote|ported|rebuilt|migrated|moved|switched) (?P<n>{_NAME_EN})"
    r"(?:'s|’s)?(?: (?:backend|app|stack|project))? (?:in|to|with|onto|on) (?P<v>.+?)\.?$", _I)
_NAME_ZH = r"[A-Za-z][A-Za-z0-9_.-]{0,30}|[\u4e00-\u9fff]{1,8}?"
_ZH = lazy_re(
    rf"^(?:(?:本|该|这个)?项目)?\s?(?P<n>{_NAME_ZH})\s?(?:这个)?(?:项目|系统|小程序|App|app)?\s?"
    r"(?:的\s?(?:技术栈|stack)(?:现在|目前)?\s?(?::|：|是|为|用的是)"
    r"|\s?(?:现在|目前|已经|如今)?\s?"
    r"(?:改成了|改成|换成了|换成|改用了|改用|用的是|使用的是|使用|用了|用|是|为|迁到了|迁到|迁移到了"
    r"|迁移到))\s*(?P<v>.+?)\s?(?:了|写的|写|实现的|做的|搭的)?\s?[。.]?$")
_NOT_NAMES = frozenset(("i", "we", "you", "he", "she", "it", "they", "this", "that", "user",
                        "the", "my", "our", "team", "course", "tutorial", "class", "friend",
                        "project", "everyone", "nobody", "app", "我", "我们", "用户", "你", "他",
                        "她", "它", "这", "那", "课程", "教程", "朋友", "同事", "项目"))
_HEDGED = ascii_word_re(r"\b(?:might|may|could|would|should|maybe|perhaps|someday|if|also"
                        r"|too|plan(?:s|ning)? to|thinking|considering|evaluating|try|trying)\b"
                        r"|可能|也许|打算|考虑|以后|试试|如果|还加|也用", _I)


def _stack_of(name: str, value: str) -> Classification | None:
    if name.casefold() in _NOT_NAMES or _HEDGED.search(value):
        return None
    items = [p for p in _LIST.split(value) if p and p.strip()]
    techs = [_canon(p) for p in items]
    if len(techs) < 2 or any(t is None for t in techs):
        return None
    names = sorted({t[0] for t in techs if t is not None})
    if len(names) < 2:
        return None
    slug = slugify_name(name)
    return Classification(MemoryType.PROJECT, f"project.{slug}.stack", slug, "stack",
                          " + ".join(names), True)


def stack_fact(text: str) -> Classification | None:
    """The stack slot a text of a named project's technologies fills, else ``None``."""
    if _HEDGED.search(text):
        return None
    for rx in (_EN, _WE_EN, _ZH):
        m = rx.match(text.strip())
        if m and (found := _stack_of(m["n"], m["v"])) is not None:
            return found
    return None


_ASPECT = re.compile(r"^project\.(?P<n>.+)\.(?P<a>stack|framework|language|database)$")


def stack_siblings(topic_key: str | None) -> list[str]:
    """The keys a project's stack and its single aspects meet each other under."""
    m = _ASPECT.match(topic_key or "")
    if not m:
        return []
    if m["a"] == "stack":
        return [f"project.{m['n']}.{a}" for a in ("framework", "language", "database")]
    return [f"project.{m['n']}.stack"]


def _set(value: str) -> dict[str, str]:
    out = {}
    for part in value.split(" + "):
        if (t := _canon(part)) is not None:
            out[t[0]] = t[1]
    return out


def stack_reading(new_key: str, new_value: str | None, old_key: str,
                  old_value: str | None) -> str | None:
    """``duplicate``, ``review`` or ``None`` (no bearing) for a new stack or aspect value
    against a held one of the same project under the other key (``stack_siblings``)."""
    if not new_value or not old_value:
        return None
    stack, single = (new_value, old_value) if new_key.endswith(".stack") else (old_value,
                                                                               new_value)
    if not new_key.endswith(".stack") and not old_key.endswith(".stack"):
        return None
    have = _set(stack)
    one = _canon(single)
    if one is None or not have:
        return None
    if one[0] in have:
        # the aspect alone restates the set; the set said after one of its parts adds to it
        return "duplicate" if not new_key.endswith(".stack") else None
    if one[1] in have.values():
        return "review"
    return None
