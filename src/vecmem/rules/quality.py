"""The source-quality filter: should this text become a long-term memory at all?

The first version stored questions, progress notes, bare URLs and half-thoughts; this
filter rejects those *categories* (Chinese and English alike) and lets facts through.
Checks run in a fixed order, and the order is part of the contract:

1. secret values (win over everything, even inside ``active_context:``),
2. too long,
3. ``active_context:`` / ``idea_backlog:`` entries (allowed even when they describe work
   in progress — that is what they are for),
4. credential mentions without content, empty / too short / acknowledgements, bare URLs/paths,
   vague values ("偏好: 是这个"),
5. one-off reminder requests ("记得下次提醒我", "remind me next time"; a standing
   "每次部署前提醒我…" is a preference and passes),
6. explicit preferences ("用户偏好：…", "User prefers …") are trusted over the heuristics
   below, so "用户偏好：不要在回答里问问题" is not mistaken for a question,
7. questions and requests, transient progress, hedged half-thoughts,
8. everything else is allowed; its category comes from :func:`classify`.

Pure function, no I/O, never raises.
"""

from __future__ import annotations

import re

from vecmem.rules.secrets import KIND_DESCRIPTIONS, find_secrets, looks_like_secret_mention
from vecmem.rules.topics import classify, preference_body
from vecmem.text import CJK_CHAR, normalize
from vecmem.types import MemoryType, Verdict

__all__ = ["MAX_CHARS", "check_quality"]


# ``\b`` in Python treats CJK characters as word characters, and normalization removes the
# spaces between Chinese and Latin text ("添加GitHub的SSH key"), so a plain ``\b`` never
# fires there. Every pattern here is compiled with an ASCII-only word boundary instead.
_ASCII_B = r"(?:(?<=[A-Za-z0-9_])(?![A-Za-z0-9_])|(?<![A-Za-z0-9_])(?=[A-Za-z0-9_]))"


def _re(pattern: str, flags: int = 0) -> re.Pattern[str]:
    return re.compile(pattern.replace(r"\b", _ASCII_B), flags)


#: Longer texts are documents, not memories.
MAX_CHARS = 2000

_CATEGORY = {
    MemoryType.PREFERENCE: "preference",
    MemoryType.ENVIRONMENT: "config",
    MemoryType.PROJECT: "project",
    MemoryType.ACTIVE_CONTEXT: "active_context",
    MemoryType.IDEA_BACKLOG: "idea_backlog",
    MemoryType.USER_FACT: "user_fact",
    # workflow and tool_quirk are memory types without a verdict category of their own.
}
_ALLOW_REASON = {
    "preference": "Explicit user preference.",
    "config": "Configuration or environment fact.",
    "project": "Project fact.",
    "active_context": "Active-context slot entry.",
    "idea_backlog": "Idea-backlog entry.",
    "user_fact": "Fact about the user.",
    "general": "Statement of fact.",
}

_WORDS = _re(r"[^\W_]")
_LATIN_WORD = _re(r"[A-Za-z0-9]+")
_PREFIXED = _re(r"^(?P<p>active[_ -]?context|idea[_ -]?backlog)\s*:\s*(?P<body>.*)$", re.I | re.S)

# --- too short / acknowledgements ----------------------------------------------------------
_ACK = _re(
    r"(?i)\b(?:ok(?:ay)?|k|thanks?(?: you)?(?: so much| a lot)?|thx|ty|got it|sure|yes|yep|yeah"
    r"|no|nope|cool|nice|great|good|fine|alright|sounds good|lgtm|noted|hello|hi|hey|bye"
    r"|perfect|awesome)\b|好的?|好吧|嗯+|行|可以|收到|谢谢|多谢|感谢|明白了?|知道了|了解|没问题"
    r"|对的?|是的|不是|哈+|你好|再见|辛苦了?|啊|呀|哦|噢"
)

# --- bare URL / path -----------------------------------------------------------------------
_NOT_CJK = r"[^\s\u3400-\u9fff]"
_URLISH = _re(
    rf"(?i)[a-z][a-z0-9+.-]{{1,20}}://{_NOT_CJK}*|www\.{_NOT_CJK}+"
    r"|(?<![\w@.-])(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|cn|co|app|xyz|info|edu|gov|me|so|sh"
    rf"|cloud|tech|site|page|us|uk|de|jp)(?::\d+)?(?:/{_NOT_CJK}*)?(?![\w.])"
    rf"|\b[a-z]:[\\/]{_NOT_CJK}*|\\\\{_NOT_CJK}+|(?<![\w.])(?:~|\.{{1,2}})?/{_NOT_CJK}+"
    r"|(?<![a-z0-9_.-])[a-z0-9_.-]+(?:/[a-z0-9_.-]+)+"
)
_URL_FILLER = _re(
    r"(?i)\b(?:link|url|see|ref|source|path|here|there|docs?|website|site|page|file|dir"
    r"|directory|folder|at|in|->|=>)\b|链接|网址|地址|参考|见|路径|这里|那里|文档|网站|目录|文件|在"
)

# --- vague values ("偏好: 是这个") ------------------------------------------------------------
_VAGUE = _re(
    r"(?i)^(?:这个|那个|这些|那些|这样|那样|这种|那种|这里|那里|它|是|就是|就|吧|了|的|嗯|啊|呢|对"
    r"|还是|同上|如上|上面的?|前面的?|差不多|之类的?|等等|行|好|可以|都行|随便|无所谓|说的|聊的"
    r"|提到的|讨论的|上次|之前|东西|事情?|那件事|\b(?:things?|we|you|talked|discussed|mentioned"
    r"|about|earlier|before|said)\b|\b(?:this|that|it|these|those|one|thing"
    r"|stuff|same|as|above|the|like|something|whatever|etc|is|just|so)\b|[\s\W_])+$"
)
_LABEL = _re(r"^[^:]{1,20}:(?P<value>.*)$", re.S)

# --- questions and requests ----------------------------------------------------------------
# Quoted spans (bounded, so an unclosed quote cannot make the scan quadratic).
_QUOTED = _re(r'"[^"]{0,300}"|\'[^\']{0,300}\'|<[^>]{0,300}>')
_STANDING = _re(
    r"(?i)以后|今后|往后|永远|总是|始终|每次|每当|每回|再也|一律|回答[里中时]|回复[里中时]"
    r"|\b(?:ever|always|never|anymore|any more|from now on|going forward|in (?:the )?future"
    r"|in (?:your )?(?:answers|responses|replies)|every time|each time|whenever"
    r"|(?:before|after) (?:every|each))\b"
)
_ZH_QUESTION = _re(
    r"有没有|要不要|能不能|可不可以|是不是|会不会|需不需要|用不用|对不对|好不好|行不行|该不该|想不想"
    r"|算不算|值不值得|可以不可以|请问|问一下|想问|请教|求问|咨询一下|想知道|想了解|^要不(?!要)"
    r"|(?<!知道)(?<!会)(?<!懂)(?<!了解)(?<!熟悉)(?<!清楚)(?<!解释)(?<!说明)(?:为什么|为啥|怎么(?!样的)|怎样|咋)"
    r"|^.{0,6}?(?:如何|多少|哪|什么|谁|几(?!乎)|是否|能否)"
    r"|(?:吗|么|呢|什么|哪个|哪里|多少)$|(?:有|是|干|做|叫)什么|什么(?:意思|用|时候|区别|原因)|到底(?!了)"
)
_ZH_REQUEST = _re(
    r"^(?:(?:先|暂时|暂且)?(?:别|不要|不用)|等我|请(?!求|假|柬)|麻烦|劳驾|帮我|帮忙|给我|你(?:去|来|帮|把|先|再|看|试|能|可以|觉得)|把|先把"
    r"|再把|去把|试试|试一下|看看|查一下|跑一下|检查一下|确认一下|告诉我|说说|解释一下|不要|别)"
)
_ZH_WEAK_REQUEST = _re(r"(?:吧|一下|一点)$")
# Reminder requests: "记得下次提醒我", "remind me next time", "下次记得告诉我". The user asks the
# agent to do one thing, once, later: a task that is stale the moment it is done, and
# recalled forever if stored, so it is a request, not a fact. A *standing* wish is
# different: "每次部署前提醒我检查迁移", "Always remind me …", "用户希望每次部署前提醒他检查迁移",
# "The user wants reminders before every deploy" say how the user wants to be treated from
# now on, which is a preference and is kept. Hence these match only when the sentence
# opens with nothing but request words and a time ("记得", "下次", "please", "tomorrow")
# before "remind/tell me" (a third-person subject never matches), and only without a
# standing marker (_STANDING: 每次, 以后, always, every time, before every …).
_ZH_REMIND = _re(
    r"^(?:(?:请|麻烦|你|记得|记住|别忘了?|不要忘了?|千万|一定|务必|要|下次|下回|到时候?|回头"
    r"|明天|后天|今晚|晚点|晚些|稍后|待会儿?|等会儿?|一会儿?|过几天|改天|再|也|就|得|帮我|给我)"
    r"[\s,]*)*(?:(?:提醒|告诉|通知|催)(?:一下|一声)?我|提个醒)"
)
_EN_REMIND = _re(
    r"(?i)^(?:(?:please|pls|and|so|also|just|hey|oh|next time|another time|later|tomorrow"
    r"|tonight|in the morning|this (?:morning|afternoon|evening|weekend)|next (?:week|month)"
    r"|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|remember to|don't forget to|dont forget to"
    r"|do not forget to|make sure (?:to|you)|be sure to|can you|could you|would you|will you"
    r"|can u|could u|i'd like you to|i would like you to|i want you to|i need you to)[\s,]+)*"
    r"(?:remind|tell|notify|ping|alert|nudge) me\b"
)
_EN_QUESTION = _re(
    r"(?i)^why\b|^how (?:do|does|did|can|could|should|would|will|is|are|was|to|about|much|many"
    r"|long|often|come)\b|^(?:what|which|who|whom|whose) (?:is|are|was|were|do|does|did|can"
    r"|could|should|would|will|about|if|kind|type|happened|happens)\b|^(?:what|who)'s\b"
    r"|^(?:when|where) (?:is|are|was|were|do|does|did|can|could|should|would|will)\b"
    r"|^(?:is|are|was|were|do|does|did|can|could|would|will|should|shall|may|might|have|has|had"
    r"|am|isn't|aren't|wasn't|doesn't|didn't|can't|won't|shouldn't|wouldn't|couldn't|haven't"
    r"|hasn't) (?:i|you|we|he|she|it|they|this|that|these|those|there|the|a|an|my|your|our|any"
    r"|anyone|someone)\b"
    r"|\b(?:any (?:idea|ideas|thoughts)|thoughts on|what about|how about|should we|shall we"
    r"|do you know|do you think|wdyt|is it possible|i wonder|i'm wondering"
    r"|wondering (?:if|whether))\b"
)
_EN_REQUEST = _re(
    r"(?i)^(?:please|pls|plz|kindly|let's|lets|let us|can you|could you|would you|will you|can u"
    r"|could u|help me|tell me|show me|give me|let me know|remind me|make sure you|i need you to"
    r"|i want you to|go ahead|try to|do not|don't|dont|make sure|be sure to|remember to"
    r"|don't forget|ensure)\b"
    r"|^(?:run|fix|add|remove|delete|check|make|update|install|create|write|show|tell|give|explain"
    r"|help|send|open|deploy|build|rename|refactor|change|look|find|implement|stop|start|restart"
    r"|rerun|re-run|retry|revert|merge|push|pull|commit|review|clean|move|copy|set|turn|switch"
    r"|use|upgrade|downgrade|bump|generate|summarize|translate|read|search|list|print|debug"
    r"|investigate|document|draft|edit) (?:the|a|an|this|that|these|those|it|them|me|us|my|our"
    r"|your|all|some|up|out|down|again|every|each|any|its|their|whether|if|why|how|what|for)\b"
    r"|\b(?:please|for me|asap)$"
)

# --- transient progress --------------------------------------------------------------------
_ZH_DONE = (
    r"完成|修复|修好|搞定|部署|上线|合并|提交|发布|解决|跑完|跑通|改完|写完|做完|弄好|测完|通过|结束|启动"
    r"|重启|升级|回滚|推送"
)
_ZH_PROGRESS = _re(
    r"正在|进行中|(?:重建|构建|部署|迁移|同步|导入|导出|上传|下载|训练|编译|处理|运行|安装|更新|升级|测试"
    r"|调试|开发|编写|排查|修复|重构)中(?=$|[,.;!])|在跑|还在|跑着|卡在|卡住|进度|下一步|接下来(?:要|准备|会|就)|今天先|先做到|先到这"
    r"|到此为止|明天(?:再|继续)|稍后|待会|等会|马上(?:就)?(?:好|完|开始|去)|还差|还剩"
    r"|没(?:写|做|跑|改|修|测)完|在等|等待中|阻塞|(?:完成|做|写|改|跑)了?(?:一半|大半|过半|\d+%)"
    # A sentence that opens with a finished action has no subject: a status report.
    rf"|^(?:刚刚?|刚才|已经?|昨天|今天|上午|下午|晚上)?(?:{_ZH_DONE}|重构|优化|重写|更新|删除|添加|新增|改)了"
    rf"|(?:已经?|刚刚?|终于)(?:{_ZH_DONE})(?!的|在|到|于|时|后)"
    rf"|(?:刚刚?|刚才|已经?|终于)(?:把|将).{{1,30}}?(?:{_ZH_DONE})"
    rf"|(?:{_ZH_DONE}|成功|失败|好)了(?=$|[,.;!])"
    r"|(?:完成|修复|修好|搞定|解决|上线|跑通|通过|失败|报错|崩溃|挂掉|超时)(?=$|[,;!])"
    # A measured change reported with a final 了 ("覆盖率提升到 85% 了"); 改成/换成 are left
    # out on purpose: "默认模型换成 X 了" is a configuration fact.
    r"|(?:提升|提高|降低|降到|增加|减少|优化|加速|涨|升|降)(?:到|了|至)?.{0,20}了$"
    r"|(?:我|我们|现在|目前|当前)正?在(?:写|做|跑|改|看|调|修|搞|弄|处理|整理|测试|开发|部署|排查|重构|研究|准备)"
)
_EN_PROGRESS = _re(
    r"(?i)^(?:just |finally |now |already )?(?:fixed|finished|completed|deployed|merged|shipped"
    r"|released|pushed|implemented|resolved|migrated|refactored|ran|started|tested|upgraded"
    r"|rebased|committed|wrapped up|cleaned up|added|removed|updated|rewrote|wrote|set up|got"
    r"|rolled back|reverted|restarted|rebooted|bumped|reran|re-ran|retried|kicked off|triggered"
    r"|published|patched)\b"
    r"|\b(?:working on|currently (?:working|doing|fixing|debugging|writing|testing|running)"
    r"|in progress|wip|work in progress|next steps?|next up|todo today|for today|stopping here"
    r"|call(?:ing)? it a day|almost done|halfway|about to|tomorrow|later today|right now"
    r"|at the moment|successfully|blocked (?:on|by)|waiting (?:on|for)|on hold"
    r"|(?:is|are) (?:blocked|stuck|pending))\b"
    # First-person work reports: "Today I cleaned up …", "We just migrated …", "Spent the …".
    r"|^(?:(?:today|yesterday|tonight|earlier(?: today)?|this (?:morning|afternoon|evening|week)"
    r"|last (?:night|week)),? )?(?:i|we) (?:just |already |finally |have |'ve )?(?:fixed|finished"
    r"|completed|deployed|merged|shipped|released|pushed|implemented|resolved|migrated|refactored"
    r"|ran|started|tested|upgraded|cleaned up|added|removed|updated|rewrote|wrote|spent|tried)\b"
    r"|^(?:today|yesterday|tonight|this (?:morning|afternoon|evening)|last night)\b"
    r"|^spent (?:the|this|all|a|an|\w+ (?:hours|days|minutes))\b"
    # An outcome that just happened ("failed on main", "crashed again"), not "failed checks".
    r"|\b(?:crashed|failed|broke|timed out|went down|errored out)(?=\s+(?:again|on|in|at|with"
    r"|because|after|during|while|when|today|yesterday|twice|this|last|since|to)\b|$|[,.;!])"
    r"|\b(?:pass|passes|passing|works?|working|builds?|compiles?|green)\s+(?:again|now)\b"
    r"|^(?:deploying|running|fixing|writing|testing|migrating|refactoring|debugging|building"
    r"|investigating|reviewing|updating|upgrading|rebuilding|reindexing|cleaning|implementing"
    r"|adding|removing|rewriting|finishing|wrapping up|halfway|moving on|switching|continuing"
    r"|heading|trying)\b(?! (?:is|are|was|were)\b)|\bnext(?: up)?$"
    r"|\b(?:currently|still|now) (?!using|running|living|based)[a-z]+ing\b"
    r"|\b(?:is|are|was|were|has been|have been|got) (?:now |finally |already |still )?(?:done"
    r"|finished|complete|completed|fixed|resolved|deployed|merged|shipped|released|running|passing"
    r"|failing|broken|down|green|red|ready|live|up)(?: (?:now|again|successfully|already))?$"
    r"|\b(?:finished|completed|succeeded|failed|passed|done|went live|works now|now works)"
    r"(?: (?:now|again|already))?$"
    r"|\b(?:i'm|i am|we're|we are) (?:currently |now |still )?"
    r"(?!using|running|living|based|working (?:as|at|for|in))[a-z]+ing\b"
)

# --- half-formed ---------------------------------------------------------------------------
_HEDGE = _re(
    r"(?i)也许|或许|说不定|大概(?!率)|好像|似乎|感觉(?!到)|估计|不确定|不一定|回头|有空|改天|以后再说"
    r"|再说吧?$|再看看|想想|琢磨|考虑一下|试试看|刚发现|突然想到|突发奇想|应该可以|有机会"
    r"|可能(?:要|需要|得|应该|可以|该|会要|换|改|试|有用|值得|不错|行)|值得(?:看|试|研究|考虑)"
    r"|\b(?:maybe|perhaps|probably|possibly|i guess|not sure|unsure"
    r"|i think we (?:could|should|might)"
    r"|we could (?:try|maybe)|could try|might be worth|worth (?:a look|looking|trying|considering"
    r"|exploring|checking|a try|investigating)|sometime|someday|some day|at some point|one day"
    r"|kind of|sort of|idk|dunno|no idea|might want to|random thought|just a thought)\b"
)


def _units(text: str) -> int:
    """Rough information size: one per CJK character, two per Latin word."""
    return sum(1 for c in text if CJK_CHAR.match(c)) + 2 * len(_LATIN_WORD.findall(text))


def _reject(category: str, reason: str) -> Verdict:
    return Verdict(False, category, reason)


def _secret_verdict(raw: str, norm: str) -> Verdict | None:
    # Both forms: normalization folds full-width look-alikes, the raw text keeps line breaks.
    findings = find_secrets(norm) or (find_secrets(raw) if raw != norm else [])
    if not findings:
        return None
    kinds = list(dict.fromkeys(f.kind for f in findings))
    what = ", ".join(KIND_DESCRIPTIONS.get(k, k) for k in kinds[:3])
    return _reject("secret_value", f"Contains {what}; secret values are never stored.")


def _short_verdict(text: str) -> Verdict | None:
    if not _WORDS.search(text):
        return _reject("too_short", "Contains no words.")
    if not _WORDS.search(_ACK.sub(" ", text)):
        return _reject("too_short", "Only an acknowledgement or greeting, not a fact.")
    if _units(text) < 4 and not _is_bare_url_path(text):  # "~/x" is reported as a bare path
        return _reject("too_short", "Too short to be a useful memory.")
    return None


def _is_bare_url_path(text: str) -> bool:
    if not _URLISH.search(text):
        return False
    rest = _URL_FILLER.sub(" ", _URLISH.sub(" ", text))
    return not _WORDS.search(rest)


def _is_vague(text: str) -> bool:
    if _VAGUE.match(text):
        return True
    m = _LABEL.match(text)
    return bool(m and _VAGUE.match(m.group("value").strip() or "."))


def _is_question(raw: str, norm: str) -> bool:
    """Direct questions and requests to the assistant (strong signals only)."""
    unquoted = _QUOTED.sub(" ", _URLISH.sub(" ", norm))
    if raw.rstrip().endswith(("?", "？")) or "?" in unquoted:
        return True
    if _ZH_QUESTION.search(unquoted) or _EN_QUESTION.search(unquoted):
        return True
    return not _STANDING.search(norm) and bool(
        _ZH_REQUEST.search(unquoted) or _EN_REQUEST.search(unquoted)
    )


def check_quality(text: str) -> Verdict:
    """Judge one text. Normalizes internally; total over all strings (never raises)."""
    if not isinstance(text, str):
        return _reject("too_short", "Not a text.")
    norm = normalize(text)
    secret = _secret_verdict(text, norm)
    if secret is not None:
        return secret
    if len(norm) > MAX_CHARS:
        return _reject("too_long", f"Too long ({len(norm)} characters; the limit is {MAX_CHARS}).")

    m = _PREFIXED.match(norm)
    if m:
        category = "active_context" if m.group("p").lower().startswith("active") else "idea_backlog"
        short = _short_verdict(m.group("body"))
        if short is not None or _is_vague(m.group("body")):
            return _reject("too_short", f"The {category} entry has no content.")
        return Verdict(True, category, _ALLOW_REASON[category])

    if looks_like_secret_mention(norm):
        return _reject(
            "secret_no_context",
            "Mentions a credential without saying anything usable about it.",
        )
    short = _short_verdict(norm)
    if short is not None:
        return short
    if _is_bare_url_path(norm):
        return _reject("bare_url_path", "Only a URL or path, with nothing saying what it is.")
    if _is_vague(norm):
        return _reject("half_formed", "The value is only a vague reference, not a fact.")

    # Before the preference trust below: "I'd like you to remind me next week" is worded
    # like a preference but asks for one reminder.
    if (_ZH_REMIND.search(norm) or _EN_REMIND.search(norm)) and not _STANDING.search(norm):
        return _reject("question", "A request to be reminded or told something once, later: "
                       "a task for the agent, not a fact to keep.")
    explicit_pref = preference_body(norm, explicit_only=True) is not None
    if not (explicit_pref and not text.rstrip().endswith(("?", "？"))):
        if _is_question(text, norm):
            return _reject("question", "Reads as a question or a request, not a fact to keep.")
        if _ZH_PROGRESS.search(norm) or _EN_PROGRESS.search(norm):
            return _reject("progress", "Transient progress or status update; it will go stale.")
        if _HEDGE.search(norm):
            return _reject("half_formed", "Hedged or half-formed thought, not a settled fact.")
        if _ZH_WEAK_REQUEST.search(norm) and not _STANDING.search(norm):
            return _reject("question", "Reads as a suggestion or request, not a fact to keep.")

    category = _CATEGORY.get(classify(norm).memory_type, "general")
    return Verdict(True, category, _ALLOW_REASON[category])
