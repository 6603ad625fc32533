"""Change announcements restated as the plain statement of the new value.

People rarely restate a one-value slot the way they first stated it: "the default model
has been switched to X", "默认模型改成了 X", "the billing project now uses FastAPI",
"用户现在喜欢浅色主题", "User switched to light mode", "用户现在在 UTC+9 时区". For
*classification only*, each is read as the statement it announces ("the default model is
X", "默认模型是X", "the billing project uses FastAPI", "用户喜欢浅色主题", "User prefers
light mode", "用户的时区是UTC+9"), so the new value meets the old one under the slot's
topic key: a different value goes to review, the same value is a duplicate. The stored
content is never rewritten. Pure functions over normalized text.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

__all__ = ["restate"]

_I = re.IGNORECASE
_USER_EN = r"(?:the )?user|i"
_RULES: list[tuple[re.Pattern[str], str]] = [
    # "X has been switched to Y", "X was changed to Y", "X is now set to Y" -> "X is Y"
    (lazy_re(r"^(?P<s>.{2,60}?) (?:has been|have been|was|were|is now|got|is) (?:now )?"
                r"(?:switched|changed|moved|set|updated|bumped|upgraded|migrated) to "
                r"(?P<v>.+)$", _I), r"\g<s> is \g<v>"),
    # "X is now Y" -> "X is Y"; "X now uses Y" -> "X uses Y"
    (lazy_re(r"^(?P<s>.{2,60}?) (?P<verb>is|are|uses|use|deploys to|runs on|prefers|likes"
                r"|wants|lives in|works at|works for) now (?P<v>.+)$", _I),
     r"\g<s> \g<verb> \g<v>"),
    (lazy_re(r"^(?P<s>.{2,60}?) now (?P<verb>is|are|uses|use|deploys to|runs on|prefers"
                r"|likes|wants|lives in|works at|works for) (?P<v>.+)$", _I),
     r"\g<s> \g<verb> \g<v>"),
    # "User switched to light mode" -> "User prefers light mode"
    (lazy_re(rf"^(?P<s>{_USER_EN}) (?:has |have )?(?:switched|changed|moved) (?:over )?to "
                r"(?P<v>.+? (?:mode|theme))$", _I), r"\g<s> prefers \g<v>"),
    # "The user moved to the X timezone", "The user is in the X time zone"
    (lazy_re(rf"^(?:{_USER_EN}) (?:has |have )?(?:moved to|switched to|is in|am in|is now in"
                r"|am now in) (?:the )?(?P<v>\S+) time ?zone$", _I),
     r"The user's timezone is \g<v>"),
    # Chinese: "X改成了Y" / "X换成了Y" / "X切换到Y" -> "X是Y"; "项目X迁移到了Y" -> "项目X部署在Y"
    (lazy_re(r"^(?P<s>(?:本|该|这个)?项目.{0,40}?)(?:迁移到|迁到|搬到)了?(?P<v>.+?)了?$"),
     r"\g<s>部署在\g<v>"),
    (lazy_re(r"^(?P<s>[^,.;]{1,30}?)(?:已经)?(?:改成了?|换成了?|改为|换为|变成了?|切换到了?|切换成了?"
                r"|调整为|调成了?|更新为|升级到了?|升级为)(?P<v>.+?)了?$"), r"\g<s>是\g<v>"),
    # "用户现在在 UTC+9 时区" -> "用户的时区是UTC+9"
    (lazy_re(r"^(?P<s>用户|我)(?:现在|目前)?(?:在|用|使用)(?P<v>.+?)时区$"),
     r"\g<s>的时区是\g<v>"),
    # "用户现在喜欢…" -> "用户喜欢…" (a time word between the subject and the verb)
    (lazy_re(r"^(?P<s>用户|我)(?:现在|目前|如今|最近)(?!在)(?P<v>.+)$"), r"\g<s>\g<v>"),
]


def restate(text: str) -> str:
    """``text`` with a change announcement read as the statement of the new value."""
    for rx, template in _RULES:
        m = rx.match(text)
        if m:
            return m.expand(template)
    return text
