"""The source-quality filter: should this text become a long-term memory at all?

The first version stored questions, progress notes, bare URLs and half-thoughts; this
filter rejects those *categories* (Chinese and English alike) and lets facts through.
Checks run in a fixed order, and the order is part of the contract:

1. secret values (win over everything, even inside ``active_context:``),
2. too long,
3. ``active_context:`` / ``idea_backlog:`` entries (allowed even when they describe work
   in progress — that is what they are for),
4. credential mentions without content (listed words, or a credential's life event read by
   grammar: ``rules/quality_mention``), empty / too short / acknowledgements, bare URLs/paths,
   vague values ("偏好: 是这个"),
5. one-off reminder requests ("记得下次提醒我", "remind me next time"; a standing
   "每次部署前提醒我…" is a preference and passes),
6. explicit preferences ("用户偏好：…", "User prefers …") are trusted over the heuristics
   below, so "用户偏好：不要在回答里问问题" is not mistaken for a question,
7. questions and requests, transient progress, hedged half-thoughts,
8. everything else is allowed; its category comes from :func:`classify`.

The reject categories, defined once (dev-set labels are judged against these):

* ``secret_value`` — the text holds a usable credential value, with or without a label:
  a bare token ("AKIA…", "sk-proj-…") is a value, never stored (``rules/secrets``).
* ``secret_no_context`` — a credential is mentioned and nothing usable is said: that it
  exists, was set/changed/expired/switched on or added somewhere, that it is handed over
  in this conversation ("I'll paste it in the next message", "回头发你"), or given by
  reference to it ("same as last time", "in the file I sent you"). Where a credential
  *lives* (1Password, "贴在冰箱上"), who manages it and when it lapses are facts.
* ``progress`` — the state of a task at a moment: a step reported done with the next
  announced, something under way ("Running the tests now", "正在跑"), a status line.
* ``half_formed`` — nothing settled is said yet: a thought held back by the speaker
  (maybe, someday, not sure yet, 以后再说 — a *deferred-work hedge* such as "might tidy
  this up at some point" is half_formed, not progress: its mark is the doubt, and no task
  state is reported), a text broken off before its content ("remember to", "那个 X 的，
  嗯"), thinking aloud ("我想想"), a vague value. A hedge about a person's own plan or
  belief, or inside someone's reported advice, is a fact about them.
* ``question`` — a question or a request to the agent, direct or indirect; a fact that
  reports someone asking someone else ("用户会去请教他") is a fact.
* ``bare_url_path`` — a URL or path with nothing saying what it is.
* ``too_short`` — no words, or an acknowledgement, greeting or laughter only.

Pure function, no I/O, never raises.
"""

from __future__ import annotations

import re
import unicodedata

from vecmem.rules.profile import core_category
from vecmem.rules.quality_clause import (
    strip_universal_wh,
    zh_a_not_a,
    zh_alternative_question,
    zh_doubt_a_not_a,
)
from vecmem.rules.quality_mention import is_credential_event
from vecmem.rules.quality_subject import about_a_person
from vecmem.rules.secret_mention import is_label_only
from vecmem.rules.secrets import KIND_DESCRIPTIONS, find_secrets, looks_like_secret_mention
from vecmem.rules.topics import classify, preference_body
from vecmem.rules.transient import is_first_then_later, is_hedged, is_progress, progress_kind
from vecmem.text import CJK_CHAR, ascii_word_re, normalize
from vecmem.types import MemoryType, Verdict

__all__ = ["MAX_CHARS", "check_quality"]


# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re


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
    # (phrases before their first word: alternation takes the first that matches)
    r"(?i)\b(?:no worries|no problem|nice one|sure thing|sounds (?:good|great)|will do|my bad"
    r"|you're welcome|(?:good )?(?:morning|afternoon|evening|night)|okie(?: dokie)?|okey"
    r"|(?:alright|all right|ok(?:ay)?|fine) then"
    r"|ok(?:ay)?|k"
    r"|thanks?(?: you)?(?: so much| a lot| a ton| a bunch| a million)?|thx|ty|got it|sure"
    r"|yes|yep|yeah|no|nope|cool|nice|great|good|fine|alright|lgtm|noted|hello|hi"
    r"|hey|bye|perfect|awesome|cheers|np"
    # Replies that judge what was just said and name nothing ("makes sense", "fair enough").
    r"|makes sense|fair enough|sounds (?:about )?right|that works|works for me|yup|ya|right"
    r"|exactly|true|indeed|agreed|same|ikr|for sure|will see|deal|gotcha|roger|copy that|kk"
    r"|mhm|uh huh|aight|bet|wow|oh wow|oops|whoops|yikes|ugh|meh|hmm+|huh|ah|welp|sweet|neat"
    r"|cool beans|nice nice|omg|wait|hm+|on it"
    # Laughter and its spellings: chatter, not a fact.
    r"|(?:ha){2,}h?|(?:he){2,}|lol|lmao|xd)\b"
    r"|没事|没关系|不客气|不用谢|好滴|好哒|好嘞|好的?|好吧|行吧|嗯+|行|可以|收到|谢谢|谢啦|谢了|多谢|感谢|明白了?|知道了|了解|没问题"
    r"|对的?|是的|不是|哈+|嘿+|嘻+|呵+|你好|再见|拜拜|辛苦了?|(?:早上|中午|下午|晚上)好|早安|晚安"
    r"|(?:那)?就这样(?:吧|了)?|就这么(?:办|定了?)|那就好|有道理|也是|确实|没错|妥了?|没毛病|安排上?"
    r"|懂了|晓得了?|得嘞|嗯呐|嗯呢|是滴|对滴|好哒|彳亍|可|中|成|ok(?:啦|了|的)|牛|厉害|绝了"
    r"|啊|呀|哦|噢|啦|嘛|哟"
)

# --- bare URL / path -----------------------------------------------------------------------
_NOT_CJK = r"[^\s\u3400-\u9fff]"
# A Windows or UNC path that runs to the end of the text may hold spaces and CJK folder
# names ("C:\\Users\\张伟\\Desktop\\新建文件夹", "D:\\Program Files\\JetBrains"); inside a
# sentence a path ends at the first space.
_WIN_PATH_TO_END = (
    # (an environment variable may stand for the drive: "%USERPROFILE%\\Documents\\My Notes")
    # (separators may be doubled, as pasted from a string literal: "E:\\\\照片\\\\2025 年")
    r'(?:\b[a-z]:\\{1,2}|\\\\[^\\\s]+\\|%[a-z_]+%\\)(?:[^\\\n:*?"<>|]+\\{1,2})*[^\\\n:*?"<>|]*$'
    # …and a Unix path with two or more slashes ("~/Downloads/报告 终版.pdf").
    r"|(?:^|(?<=\s))(?:~|\.{1,2})?/(?:[^/\n]+/)+[^/\n]*$"
    # …and the whole text a relative Windows path ("Desktop\\周报\\第12周.docx", "桌面\\账本.xlsx"):
    # two separators or a file name last, no sentence punctuation ("用户的材料在 Documents\\税务
    # 文件夹里，…" is a sentence holding a path).
    r'|^[^\s\\:*?"<>|,;]{1,16}(?:\\[^\\\n:*?"<>|,;]+){2,}\\?$'
    r'|^[^\s\\:*?"<>|,;]{1,16}\\[^\\\n:*?"<>|,;]+\.[a-z0-9]{1,5}$'
)
_URLISH = _re(
    rf"(?i){_WIN_PATH_TO_END}"
    # A URL's path may hold CJK ("https://zh.wikipedia.org/wiki/北京"), its host may not.
    r"|[a-z][a-z0-9+.-]{1,20}://[^\s/\u3400-\u9fff]*(?:/[^\s,;]*)?"
    r"|www\.[^\s/\u3400-\u9fff]+(?:/[^\s,;]*)?"
    r"|(?<![\w@.-])(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|ai|cn|co|app|xyz|info|edu|gov|me|so|sh"
    rf"|cloud|tech|site|page|us|uk|de|jp)(?::\d+)?(?:/{_NOT_CJK}*)?(?![\w.])"
    rf"|\b[a-z]:[\\/]{_NOT_CJK}*|\\\\{_NOT_CJK}+|(?<![\w.])(?:~|\.{{1,2}})?/{_NOT_CJK}+"
    r"|(?<![a-z0-9_.-])[a-z0-9_.-]+(?:/[a-z0-9_.-]+)+"
)
# Words that only point at the URL or path ("The path is …", "Location: …", "就在 … 下面").
_URL_FILLER = _re(
    r"(?i)\b(?:link|url|see|ref|source|path|here|there|docs?|website|site|page|file|dir"
    r"|directory|folder|at|in|->|=>|the|is|it's|it|location|located|under|inside|this|check"
    r"|out|look|fyi|via)\b"
    r"|在这儿?|在这里|链接|网址|地址|参考|见|路径|这里|那里|文档|网站|目录|文件夹|文件|位置|位于|存放在|放在|保存在|就|是|在"
    r"|看一?下|看|这个|那个|这儿|网盘|云盘|下载|如下"
    r"|下面|里面|里|下"
)

# --- vague values ("偏好: 是这个") ------------------------------------------------------------
_VAGUE = _re(
    r"(?i)^(?:这个|那个|这些|那些|这样|那样|这种|那种|这里|那里|它|是|就是|就|吧|了|的|嗯|啊|呢|对"
    r"|还是|同上|如上|上面的?|前面的?|差不多|之类的?|等等|行|好|可以|都行|随便|无所谓|说的|聊的"
    # (disfluencies and a word looked for: "呃……那个什么来着", "the thing with the, um, the thing")
    r"|呃|额|什么来着|来着|叫什么|怎么说|你知道的|你懂的|\b(?:um+|uh+|erm+|er|hmm+|whatsit|whatchamacallit)\b"
    r"|提到的|讨论的|上次|之前|东西|事情?|那件事|\b(?:you know|what i mean|i mean|other|with|and|or"
    r"|of|kinda|sorta|whole|things?|we|you|talked|discussed|mentioned"
    r"|about|earlier|before|said)\b|\b(?:this|that|it|these|those|one|thing"
    # (possessive: overlapping words — "thing"/"things", "is"/"this" — made a long text that
    # fails on its last word backtrack exponentially)
    r"|stuff|same|as|above|the|like|something|whatever|etc|is|just|so)\b|[\s\W_])++$"
)
_LABEL = _re(r"^[^:]{1,20}:(?P<value>.*)$", re.S)

# --- fragments: a thought broken off, or a topic named with nothing said about it ----------
_INTRO = (
    r"(?:差点忘了|对了|还有(?:一件事|个事|一点|就是)?|另外|顺便(?:说一下|提一下)?|关于|至于|说到"
    r"|oh and also|and also|one more thing|also|oh|btw|by the way|about|regarding|re|as for"
    r"|concerning)"
)
_FRAGMENT = _re(
    # Broken off: "Oh and also the", "So the thing with the deploy script is", "…就是那个".
    # (lower case after a Latin word: "Plan A", "客户 A" end a fact)
    r"(?:(?<=[A-Za-z] )|(?<=[A-Za-z], ))"
    r"(?:the|a|an|is|are|was|were|and|or|but|because|my|our|your|their|its"
    # (an auxiliary or a modal with no verb, a conjunction with no clause, "to" with no
    # verb: "I think we should", "The plan was to", "because if")
    r"|should|would|could|might|must|will|can|shall|if|when|whether|than|unless|although"
    r"|though|since|while|so that|(?:want|wants|need|needs|going|have|has|try|tried|like|plan"
    r"|planned|was|were|is) to"
    # (a preposition with no object: "I was going to mention something about")
    r"|about|regarding|of|with|for|from|into|onto)$"
    r"|(?:就是|那个|这个|的话|还有|然后|因为|但是|所以|关于|的是|是说|想说)$"
    # Trailing off on a filler after a comma ("so about the backups, um", "那个 Docker 的，嗯").
    r"|[,;]\s*(?:嗯+|呃+|额|那个|(?i:um+|uh+|erm+|hmm+|like|so))$"
    # "to" with no verb after a word that wants one ("make sure to", "remember to").
    r"|(?i:\b(?:sure|remember|forget|forgot|supposed|meant|able|about|ought|trying|tried"
    r"|wanted|needed|planning|planned|going|gonna) to$)"
    # A topic named with nothing said about it ("the thing with the config").
    r"|(?i:^(?:(?:so|and|oh|also|wait),?\s+)*(?:the|that|this) (?:thing|issue|problem|stuff"
    r"|business|bit|part|matter) (?:with|about|regarding|re|on) [^,.;:]{1,30}$)"
    # A conjunction or a preposition with nothing after it ("…而且", "要是", "把").
    r"|(?:而且|如果|要是|虽然|不过|或者|为了|以及|并且|只是|而是|比如|例如|像是|对于|(?<![不没])给|跟|把|被|和)$"
    # A word that needs its noun, or a clause announced and not given ("…is that").
    r"|(?i:\b(?:the|a|an|my|our|your|their|one|this|that) (?:whole|entire|other|main|same|only"
    r"|last|next|first|few|big|real|usual)$)|(?i:(?<=[a-z] )(?:is|was) that$)"
    # Trailing off, or given up ("要不然……算了", "I was going to say… never mind").
    r"|(?:……|…|\.\.\.)$"
    r"|(?:……|…|\.\.\.)\s*(?:算了吧?|不说了|没事了?|(?i:forget it|never ?mind|nvm))$"
    # A topic and a pointer only: "About the retry thing from before", "差点忘了，那个配置".
    rf"|(?i:^{_INTRO}[,:]?\s*(?:就是)?(?:那个|这个|那件|这件|上次|之前|刚才)[^,.;!?]{{0,8}}$)"
    rf"|(?i:^{_INTRO},?\s+(?:the|that|this|those|these|our|my)\s+(?:[a-z0-9-]+\s+){{0,3}}"
    r"(?:thing|things|stuff|issue|matter|business|bit|part|one|idea|problem|question|topic)"
    r"(?:\s+(?:from before|from earlier|from yesterday|we discussed|we talked about|you"
    r" mentioned|i mentioned|again|earlier))?$)"
)

# A clause opened and left before its verb or its object, by grammar: a subject after a
# clause opener ("and then we", "so if we", "然后他就"), a subject with a modal or "need"
# and nothing needed ("we need"), a verb of saying or minding with its "that" and no clause
# ("remember that"), a relative with no clause ("the one that"), a demonstrative noun
# phrase with 的 and no predicate ("那个 config 的"; "这本书是我的" has its 是).
# Words that open a turn's next thought ("对了", "然后", "还有"), and people a speaker names
# before saying something of them (kin, household, work): for the fragments below.
_ZH_OPENER = r"(?:对了|然后|就是|还有|另外|关于|而且|因为|所以|但是|不过|可是|至于|说到|那)"
_ZH_PEOPLE = (r"(?:爸爸|妈妈|老爸|老妈|爸|妈|老婆|老公|媳妇|爱人|女儿|儿子|闺女|哥哥|姐姐"
              r"|弟弟|妹妹|哥|姐|弟|妹|爷爷|奶奶|外公|外婆|姥姥|姥爷|孩子|宝宝|同事|老板|领导"
              r"|室友|女朋友|男朋友|朋友|对象|邻居|房东|老师|医生)")

# A noun phrase's characters: none that would make it a predicate (a copula, 很/挺, a
# negation, an aspect mark, a modal).
_ZH_NP = r"[^,;。，是有在很为叫挺太真好不都也最更蛮没了过着会要能]"

_OPEN_ENDED = _re(
    r"(?i)(?:^|\b(?:then|so|if|when|once|because|basically|actually|maybe|but|until|unless"
    r"|after|before|whether|where|since|while|cause|cuz|that)\s+)(?:we|they|he|she|i)$"
    r"|(?i:\b(?:we|i|you|they|he|she) (?:need|needs|want|wants|gotta|gonna|have to|has to"
    r"|need to|want to|ought to)$)"
    r"|(?i:^(?:(?:and|so|oh|also|just|please)\s+)?(?:remember|recall|note|notice|know|think"
    r"|mean|meant|said|say|mention|mentioned|forget|figure|realize|realise|guess) that$)"
    r"|(?i:\b(?:the one|one|ones|something|someone|anything|the thing|the place|the guy"
    r"|the person|the bit|the part)\s+(?:that|which|who|whom|whose|where)$)"
    r"|(?:我们|你们|他们|她们|我|你|他|她|它|然后|那|所以|结果)(?:就|才|又)$"
    r"|^(?:那个|这个|那些|这些|那种|这种)\s*[^,;。，是有在很为叫]{1,12}的$"
    # A possessive or an adjective with its noun not said yet ("my brother's old", "the
    # client's new", "his wife's", "对了，我爸的", "然后那个服务器的"), or a person named and
    # then their pronoun with nothing said of them ("我 mom 她", "还有我老婆她").
    r"|(?i:\b(?:[a-z]+'s|my|our|your|his|her|their)\s+(?:new|old|latest|former|current"
    r"|favourite|favorite|usual|other|last|next)$)|(?i:\b(?:the|a|an)\s+(?:new|old|former)$)"
    r"|(?i:^(?:(?:and|so|oh|also|about|then|plus|but)\s+)*(?:(?:the|my|our|your|his|her"
    r"|their)\s+)?(?:[a-z-]+\s+)?[a-z-]+'s$)"
    rf"|^(?:{_ZH_OPENER}\s*,?\s*)+(?:那个|这个|那些|这些)\s*[^,;。，是有在很为叫]{{1,12}}的$"
    # …with any measure word after the opener ("然后那台机器的", "所以这家店的"), or a topic
    # opened with 关于 / 至于 and closed on its 的 ("还有就是关于 deploy 的", "至于报销的"): the
    # noun phrase waits for its predicate. (No predicate word inside: "然后那台机器挺好的".)
    rf"|^(?:{_ZH_OPENER}\s*,?\s*)+(?:那|这)(?:台|家|件|位|张|本|辆|条|份|款|部|只|次|种|批|套)"
    r"\s*" + _ZH_NP + r"{1,12}的$"
    rf"|^(?:{_ZH_OPENER}\s*,?\s*)*(?:关于|至于|说到|有关)\s*{_ZH_NP}{{1,12}}的$"
    # A clause opener, then a noun phrase and nothing said of it ("Because the config file",
    # "Since the new server", "So the backup script"): no verb among its words (no -ed, no
    # -s, no auxiliary), at most four of them.
    r"|(?i:^(?:because|cause|cuz|since|so|and then|then|but|and|plus|as for|except)\s+"
    r"(?:the|my|our|his|her|their|that|this|your|its)\s+"
    r"(?:(?!(?:is|was|has|had|does|did|can|will|would|could|should|may|might|must|got|went"
    r"|left|made|broke|ran|came|took|gave|kept|sent|sold|won|lost|fell|told|said|him|her|it"
    r"|them|me|us)\b)(?![a-z]+(?:ed|s)\b)[a-z0-9][a-z0-9-]*\s*){1,4}$)"
    # Saying or thinking announced and its content broken off after a possessive ("用户说他的
    # Docker", "我觉得她的新", "The user said his laptop", "User thinks that her").
    r"|^(?:用户|他|她|我|我们|他们|她们|" + _ZH_PEOPLE + r")"
    r"(?:说|讲|提到|提过|觉得|认为|发现|告诉我|以为)"
    r"(?:了|过)?\s*(?:他|她|我|你|它|他们|她们|我们)的\s*(?:[A-Za-z0-9][A-Za-z0-9 .+#-]{0,20}"
    r"|(?![^,;。]*坏)(?:(?![\sA-Za-z])" + _ZH_NP + r"){1,4})?$"
    r"|(?i:^(?:the user|user|he|she|they|[a-z]+)\s+(?:said|says|thinks|thought|reckons|noticed"
    r"|told me|mentioned that|believes)(?:\s+that)?\s+(?:his|her|their|my|our|its|the)"
    r"(?:\s+(?!(?:is|was|has|had|does|did|can|will|would)\b)(?![a-z]+(?:ed|s)\b)[a-z0-9][a-z0-9-]*)"
    r"{0,2}$)"
    rf"|^(?:{_ZH_OPENER}\s*,?\s*)*(?:我|你|他|她|我们|他们|咱们?)(?:的)?\s*(?:{_ZH_PEOPLE}"
    r"|[A-Za-z]+)?\s*的$"
    rf"|^(?:{_ZH_OPENER}\s*,?\s*)*(?:我的?|我们的?|你的?)?\s*(?:{_ZH_PEOPLE}|[A-Za-z]+)\s*"
    r"(?:她|他|它|他们|她们)$"
)

# --- questions and requests ----------------------------------------------------------------
# Quoted spans (bounded, so an unclosed quote cannot make the scan quadratic).
_QUOTED = _re(r'"[^"]{0,300}"|\'[^\']{0,300}\'|<[^>]{0,300}>')
_STANDING = _re(
    r"(?i)以后|今后|往后|永远|总是|始终|每次|每当|每回|再也|一律|回答[里中时]|回复[里中时]"
    r"|\b(?:ever|always|never|anymore|any more|from now on|going forward|in (?:the )?future"
    r"|in (?:your )?(?:answers|responses|replies)|every time|each time|whenever"
    r"|(?:before|after) (?:every|each|any)"
    # a condition over every case, with its gerund ("before proposing any refactor", "after
    # merging each PR", "when touching any migration")
    r"|(?:before|after|when|whenever|while) [a-z]+ing (?:any|every|each)\b)\b"
    r"|(?:任何|每一[次回])[^,;。]{0,15}(?:前|之前|以前|后|之后|的时候)"
)
_ZH_QUESTION = _re(
    r"有没有|要不要|能不能|可不可以|是不是|会不会|需不需要|用不用|对不对|好不好|行不行|该不该|想不想"
    r"|算不算|值不值得|可以不可以|请问|问一下|想问|请教|求问|咨询一下|想知道(?!的)|想了解(?!的)|^要不(?!要)"
    r"|(?<!知道)(?<!会)(?<!懂)(?<!了解)(?<!熟悉)(?<!清楚)(?<!解释)(?<!说明)(?:为什么|为啥|怎么(?!样的)|怎样|咋)"
    r"|^.{0,6}?(?:如何|多少|哪|什么|谁|几(?!乎)|是否|能否)"
    r"|是啥|啥(?:原因|意思|情况|时候|问题|区别|东西)|(?:干|做|用|叫|有)啥"
    # (呢 after 着 is the progressive aspect, "正扫着呢", and asks nothing)
    r"|(?:吗|么|(?<!着)呢|什么|哪个|哪里|多少|了没有?|哪些|哪位|哪几[个种位]|怎么样|咋样|怎么办|咋办)$|(?P<ab>[\u4e00-\u9fff])不(?P=ab)(?:啊|呀|呢)?$|(?:哪个|哪种|哪一个|哪家)(?:更|比较|最)?[\u4e00-\u9fff]{1,3}$"
    r"|(?:有|是|干|做|叫)什么|什么(?:意思|用|时候|区别|原因)|到底(?!了)"
    # A choice between two named: "Redis 和 Memcached 哪个适合做 session store".
    r"|(?:和|跟|与)[^,;]{1,20}?(?:哪个|哪种|哪一个|哪家|哪款)(?!都|也)"
    # The asked-for part last: "下周三的会改到几点了", "航班是哪天", "要等多久".
    r"|(?:几点|几号|几月|几岁|几天|几次|几个人|多久|多长时间|多远|多大|哪天|哪年|哪儿|谁)(?:了|呢|啊|呀)?$"
    # Asking for a recommendation; choosing between two ("用 Docker 还是直接装比较好");
    # a tag question ("…，对吧").
    r"|^求(?:推荐|助|教|解|指点|链接|分享|一个|一款|一份|个|款)|问个问题|有个问题"
    r"|^(?!用户|他|她|我(?:觉得|认为|还是))[^,;]{1,24}还是[^,;]{1,24}(?:比较|更)(?:好|合适|快|方便|稳)$"
    r"|[,;]\s*(?:对吧|是吧|对不|没错吧|好吧|行吧)$"
    # The negation last asks (A-not-A with the second A left out): "他吃辣不", "去过没有".
    r"|[^并也都从绝还永一毫决再\s]不$|(?<=[了过])没有?$"
)
# Indirect questions by the speaker: "I'd like to know how to rotate the logs", "Curious
# what the best way … is", "I wonder whether …". Read before an explicit preference ("I'd
# like …" is worded like one). "Not sure whether …" doubts aloud and is a hedge instead.
_EN_INDIRECT = _re(
    r"(?i)^(?:(?:so|and|also|just|hey|hmm|btw),? )*(?:i'd like to know|i would like to know"
    r"|i want to know|i wanna know|i need to know|i'd love to know|i'm curious|i am curious"
    r"|curious|wondering|i wonder|i'm wondering|i am wondering|i was wondering|i'd like to find"
    r" out|i want to find out|i need to find out|i'm trying to (?:figure out|understand|work out))"
    r",? (?:about )?(?:what|how|why|whether|if|which|who|whom|where|when)\b"
)
# Not knowing, said by the speaker, what *someone else* wants, has or will do ("Not sure if
# the user wants the report in PDF or Word", "不知道用户明天有没有空", "不清楚她喜不喜欢吃辣"),
# or any doubt of the speaker's that ends on their plan to ask ("…, I need to ask", "…，得问
# 问"): the answer is a fact about that person, still to be asked for — an indirect
# question. Undecided about one's own step ("Not sure if we still need the legacy
# endpoint", "不知道要不要换框架") is a hedge; a subject before the doubt ("The user doesn't
# know whether …", "用户不知道…") reports their state, a fact.
_EN_PEOPLE = (
    r"user|client|customer|landlord|landlady|boss|manager|team|wife|husband|partner|mom|mum"
    r"|dad|mother|father|sister|brother|son|daughter|kids?|friend|colleague|teacher|doctor"
    r"|neighbou?r|roommate|flatmate|girlfriend|boyfriend|family|parents|recruiter|interviewer"
)
_EN_DOUBT = (
    r"(?:(?:i'm|i am|i) )?(?:not (?:quite |really |too )?sure|unsure|not certain|don't know"
    r"|do not know|dunno|no idea|can't tell|wondering)"
)
_ASK_SOMEONE = _re(
    rf"(?i)^(?:(?:so|hmm|um|also|but),? )*{_EN_DOUBT},? (?:if|whether) (?:the (?:{_EN_PEOPLE})s?"
    rf"|(?:my|our|his|her|their) (?:[a-z]+ )?(?:{_EN_PEOPLE})s?|he|she)(?:'s|'ll|'d)?"
    r" (?!(?:is|are|was) (?:still )?(?:needed|necessary|required|worth)\b)[a-z]+"
    # (a capitalised name may be a product: "Not sure if Docker supports ARM" doubts a fact
    # about a tool, a hedge; a person's wish, plan or time is asked with these verbs)
    r"|^(?:(?:so|hmm|um|also|but),? )*" + _EN_DOUBT + r",? (?:if|whether) (?-i:[A-Z][a-z]+)"
    r"(?:'s|'ll)? (?:(?:still|even|really) )?(?:can make it|wants?|likes?|prefers?|is coming"
    r"|coming|will come|can come|has time|is free|is around|is in|agrees|minds|eats|drinks"
    r"|would like|would mind|is okay with|is ok with)\b"
    r"|^(?:(?:我|我也|我还)\s*)?(?:不知道|不清楚|不确定|拿不准|不太清楚|不太确定|说不准)(?:用户|客户|对方|他们|她们"
    rf"|他|她|{_ZH_PEOPLE})[^,;。]{{0,20}}?(?:有没有|是不是|要不要|会不会|能不能|想不想|(?P<ab2>[\u4e00-\u9fff])不(?P=ab2)"
    r"|吗(?=$|[,;。]))"
)
_PLAN_TO_ASK = _re(
    rf"(?i)^(?:(?:so|hmm|um|also|but),? )*{_EN_DOUBT},? (?:if|whether|what|which|how|when|where"
    r"|who)\b[^.;!?]{3,80}[,;]\s*(?:so )?(?:i'll|i will|we'll|i need to|i have to|i gotta|i should"
    r"|i must|need to|have to|gotta|should|will|must|ought to)"
    r" (?:ask|check with|find out|double-check with)\b[^.;!?]{0,30}$"
    r"|^(?:(?:我|我也|我还)\s*)?(?:不知道|不清楚|不确定|拿不准|不太清楚|不太确定|说不准)[^,;。]{2,30}[,;]\s*"
    r"(?:我)?(?:还)?(?:得|要|需要|回头|晚点|待会儿?|等下|再)*(?:去)?(?:问问|问一下|问一声|确认一下|打听一下)"
    r"(?:他|她|他们|对方|[\u4e00-\u9fff]{1,3})?(?:吧|看)?$"
)
_ZH_REQUEST = _re(
    # A verb and 一下 with no subject first: "罗列一下这周的待办", "总结一下会议" ask for it
    # ("一下子" is suddenly, "一下午" an afternoon; "用户一下班就…" has its subject).
    r"^(?!用户|他|她|我|你们|我们|大家|今天|明天|昨天)[\u4e00-\u9fff]{1,3}一下(?!子|午|班|课)"
    # A subjectless "do a …" ("写个正则匹配手机号", "给这个函数加个类型注解"; "整个" is whole, and
    # a 了 reports it done: "给孩子报了个班"), or "…, send it to me" last ("整理成一个表格发我").
    r"|^(?!用户|他|她|我|你们|我们|大家|整个|这个|那个|每个|一个)(?:给|帮|替|为)?[^,;了]{0,10}?"
    r"(?:写|做|加|来|搞|弄|画|起|建|开|列|出|找|查|算|改|配|装|设计|生成)(?:个|一个|一份|一篇|一版)"
    r"|(?:发我|发给我|给我|告诉我|发我看看)$"
    r"|^(?:(?:先|暂时|暂且)?(?:别|不要|不用)|等我|请(?!求|假|柬)|麻烦|劳驾|帮我|帮忙|给我|你(?:去|来|帮|把|先|再|看|试|能|可以|觉得)"
    r"|我?想(?:让|请|麻烦)你|我?(?:需要|要)你"
    # (a 把 clause already done, "把模型换成了 X，正在…", reports; it asks nothing)
    r"|(?:先|再|去)?把(?![^,;]{1,30}?了)|试试|试一下|看看|查一下|跑一下|检查一下|确认一下|告诉我|说说|解释一下|不要|别)"
)
_REPORTED_ASK = _re(
    r"(?:向|找|跟|和|问过?)[^,.;!?]{1,15}?(?:请教|咨询|讨教|求助|求教|征求|打听)[^,.;!?]*"
    # The subject does the asking ("用户经常请教姐姐…", "她咨询过律师"): a report of it.
    r"|(?:用户|他|她|我|[爸妈]妈?|父亲|母亲|老婆|老公)[^,.;!?]{0,12}?(?:请教|咨询|讨教|求教|打听|问过|问了"
    r"|问一下|问问"
    r"|问(?=[我他她你]|孩子|儿子|女儿|老婆|老公|妻子|丈夫|爸|妈|父母|家人|同事|朋友|同学|老师|医生"
    r"|律师|客服|领导|老板|经理|导师|别人|大家|的))"
    # (asking *you*, the agent, is a question: "我想请教你一个问题")
    r"(?![你您])[^,.;!?]*"  # what was asked is part of the report ("用户问过如何配置代理")
    # A habit of consulting someone, its subject in the clause before ("用户的师傅是老周，遇到
    # 难的 bug 会去请教他"): a report of whom they turn to, not a question to the agent.
    r"|(?:会|常|常常|经常|总|总是|通常|一般|都会?|就会)(?:先|去|来)*(?:请教|咨询|讨教|求教)"
    r"(?:[他她]|ta|[\u4e00-\u9fff]{1,3}(?=$|[,.;!]))?"
    # Someone else wanting to know ("用户想知道怎么学吉他，已经报了班"); "我想知道…" asks.
    # …or not knowing ("用户不知道有没有必要买保险"): a state of theirs, reported.
    r"|(?:用户|他|她|[爸妈]妈?|父亲|母亲|老婆|老公)[^,.;!?]{0,6}?(?:想知道|想了解|好奇|不知道|不清楚"
    r"|不确定|不太确定|拿不准)[^,.;!?]*"
    r"|(?i:(?<=[a-z] )(?:asked|asks|consulted|consults|checked with|checks with)\b[^.;!?]{0,120})"
)
# A bare imperative on the agent's work, no subject, nothing done yet: a sequencing word
# first ("先跑一遍 lint", "再跑一次 benchmark", "先提交，再推送"), a count of runs after the
# verb ("跑一遍单元测试", "跑个 benchmark 看看", "换个模型试试"), or the verb doubled ("日志清一
# 清"). A standing condition (_STANDING: "每次提交前先跑 lint"), a habit ("一般先去健身房"), a
# subject ("用户先跑了一遍 lint", "CI 会先跑 lint") or a predicate about the step ("…是团队的
# 规矩", "跑一遍测试大概要十分钟") makes it a fact.
_ZH_TASK_VERB = (
    r"(?:重跑|跑|重启|启动|部署|发布|提交|推送|推|合并|回滚|构建|编译|打包|清理|清空|清掉|清|删除|删掉"
    r"|删|安装|卸载|重装|升级|更新|测试|测|检查|扫描|格式化|重构|备份|同步|迁移|导出|导入|生成|拉取"
    r"|(?i:build|push|merge|deploy|rebase|lint))"
)
_ZH_BARE_IMPERATIVE = _re(
    rf"^(?:先|再|重新|马上|赶紧|赶快|接着|顺便)+\s*(?:把[^,;了过]{{1,20}}?)?{_ZH_TASK_VERB}"
    rf"|^(?:把[^,;了过]{{1,20}}?)?{_ZH_TASK_VERB}(?:一遍|一次|一轮|一把|个)"
    r"|^[^,;了过]{0,12}?(?P<vv>[清理跑查测改修试删装整弄收擦洗扫])一(?P=vv)"
    # ("换个模型试试" asks for the try; "换个环境对他有好处" says what it does)
    r"|^(?:先|再)?换(?:个|一个|一下)[^,;了过]{1,12}(?:试试|看看)$"
)
_ZH_IMPERATIVE_FACT = _re(
    r"[了过着]|是|会|能|可以|需要|要|大概|花了|习惯|规矩|一般|通常|平时|经常|总|都|每"
)
# (after 了/过, 一下 is the aspect of a thing done: "部署在笔记本上试了一下")
_ZH_WEAK_REQUEST = _re(r"(?:吧|(?<![了过])一下|一点)$")
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
    r"|^any (?:tips|advice|suggestions|recommendations|pointers)\b"
    # A terse question as a noun phrase with no verb of its own: "Any downside to enabling WAL
    # mode", "Best way to store feature flags in Postgres" ("Any food with nuts is off
    # limits", "Best way to reach the user is Signal" have their verb, and state).
    r"|^(?:any|(?:the )?(?:best|easiest|fastest|cleanest|simplest|quickest|safest|cheapest"
    r"|right|proper|recommended|correct|preferred|good|better|a good) (?:way|ways|approach|method"
    r"|tool|library|option|practice|setting|place|time|alternative)s?)"
    r"(?![^.;]*\b(?:is|are|was|were|has|have|had|means|works|worked|seems|turned out)\b)"
    r"(?: [a-z0-9.+#-]+){1,10}$"
    # An auxiliary, one word, then an article or degree: "Is 38.5 a fever for a toddler".
    r"|^(?:is|are|was|were) [\w.+#-]+ (?:a|an|the|too|really|still|normal|considered)\b"
    # A subjectless need: "need a regex that matches IPv6" ("I need …" may be a fact).
    r"|^need (?:a|an|some|help)\b"
    # A question announced: "Hey, quick question about the VPN config".
    r"|^(?:(?:hey|hi|so|ok|okay|oh),? )?(?:a )?(?:quick|small|short|one|another|dumb|silly|stupid)"
    r" question\b"
    # An auxiliary first with a named subject: "Is Rust worth learning", "Does Postgres
    # support …" ("Is a vegetarian", "Does not like …", "Would rather …" are statements).
    r"|^(?:is|are|was|were|does|do|did|can|could|should|will|would|has|have) (?!not\b|n't|be\b"
    r"|rather\b|a\b|an\b|also\b|always\b|never\b|still\b|usually\b|often\b|going\b|gonna\b)"
    r"(?:[a-z0-9.+#-]+ ){1,2}(?:worth|better|faster|slower|good|bad|safe|possible|ok|okay|needed"
    r"|required|compatible|available|supported|free|enough|necessary|installed|running|enabled"
    r"|support|supports|work|works|need|needs|have|has|use|uses|handle|run|allow|come)\b"
    # A tag question: "The meeting is at 3, isn't it".
    # A modal first, a subject of two to four words, then a verb with its object: "Can pnpm
    # workspaces share a single lockfile", "Should the staging cluster use the same VPC".
    # Subjectless statements have their verb straight after the modal ("Can cook a mean
    # curry", "Should probably upgrade the kernel"): one word, or an adverb in -ly.
    r"|^(?:can|could|should|would|will|shall|may|might|must|does|do|did) (?!not\b|rather\b)"
    r"(?:(?![a-z]+ly\b)[a-z0-9.+#-]+ ){2,4}(?:a|an|the|this|that|these|those|my|your|our|its"
    r"|their|multiple|several|both)\b"
    r"|,\s*(?:isn't it|aren't they|aren't we|wasn't it|doesn't it|didn't it|don't we|don't you"
    r"|won't it|right|correct|don't you think|isn't that right)$"
    r"|^which (?:one|of)\b"
    # "Which credit card has the best lounge access": which, its noun, a verb of its own.
    r"|^which (?:[a-z0-9.+#-]+ ){1,3}(?:has|have|had|gets|makes|offers|costs|runs|works|uses"
    r"|needs|takes|gives|pays|charges|allows|supports|includes|comes)\b"
    # A wh-word, its noun, then the copula with the subject after it ("Which timezone is
    # Nuremberg in", "What port is the dev server on"); "What matters is …" (a verb before
    # the copula) is a pseudo-cleft, a statement.
    r"|^(?:which|whose) (?:[a-z0-9.+#-]+ ){1,2}(?:is|are|was|were) (?!(?:the user|used|done)\b)\S"
    r"|^what (?!(?:the|a|an|my|our|your|his|her|their|this|that|i|we|you|he|she|they|it)\b)"
    r"(?:[a-z0-9.+#-]+(?<!s)(?<!ed) ){1,2}(?:is|are|was|were) (?:the|a|an|my|our|your|this|that"
    r"|it|[a-z0-9]+ (?:on|in|at|for|from|set to|using)$)"
    # A wh-word with its noun before the auxiliary: "Which Python version does the project
    # need", "What port does the dev server use".
    r"|^(?:what|which|whose|how many|how much) (?:[a-z0-9.+#-]+ ){1,3}(?:do|does|did|can|could"
    r"|should|would|will|shall) (?:i|you|we|he|she|it|they|the|a|an|this|that|these|those|my"
    r"|our|your|his|her|their|[a-z0-9]+)\b"
    r"|\b(?:any (?:idea|ideas|thoughts)|thoughts on|what about|how about|should we|shall we"
    r"|do you know|do you think|wdyt|is it possible|i wonder|i'm wondering"
    r"|wondering (?:if|whether))\b"
)
_EN_REQUEST = _re(
    r"(?i)^(?:please|pls|plz|kindly|let's|lets|let us|can you|could you|would you|will you|can u"
    r"|could u|help me|tell me|show me|give me|let me know|lmk|remind me|make sure you"
    r"|i need you to"
    r"|i want you to|go ahead|try to|do not|don't|dont|make sure|be sure to|remember to"
    r"|don't forget|ensure)\b"
    r"|^(?:run|fix|add|remove|delete|check|make|update|install|create|write|show|tell|give|explain"
    r"|help|send|open|deploy|build|rename|refactor|change|look|find|implement|stop|start|restart"
    r"|rerun|re-run|retry|revert|merge|push|pull|commit|review|clean|move|copy|set|turn|switch"
    r"|use|upgrade|downgrade|bump|generate|summarize|translate|read|search|list|print|debug"
    r"|investigate|document|draft|edit|recommend|suggest|compare|proofread|rewrite|polish"
    r"|calculate|estimate|analyze|analyse|describe|define|book|schedule|order|outline"
    r"|clear|flush|wipe|purge|prune|rebuild|redeploy|reinstall|reboot|reset|rebase|lint"
    r") (?:the|a|an|this|that|these|those|it|them|me|us|my|our"
    r"|your|all|some|up|out|down|again|every|each|any|its|their|whether|if|why|how|what|for)\b"
    r"|\b(?:please|for me|asap)$"
    # A task verb and a bare name, nothing else but a word of sequence: "Rerun CI", "Restart
    # nginx again", "Run pytest first".
    r"|^(?:run|rerun|re-run|restart|rebuild|redeploy|reboot|reinstall|deploy|retry|relaunch"
    r"|lint|flush|clear) [a-z0-9._/+#-]+(?: (?:again|first|now|once more|real quick))?[.!]?$"
)

# What the user is told for each kind of status report (rules.transient.PROGRESS_KINDS).
_PROGRESS_REASON = {
    "status_line": "A status line (a step counter, a status label or board, a to-do list for "
                   "the day); it will go stale.",
    "step": "A step of a task reported done, with the next one announced or under way; it "
            "will go stale.",
    "status": "Transient progress or status update; it will go stale.",
}


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


# Letters and characters drawn out for tone ("okkkk", "yesss", "sooo", "哈哈哈哈", "嗯嗯嗯"): the
# word underneath is the same reply.
_DRAWN_OUT = _re(r"([A-Za-z\u4e00-\u9fff])\1{2,}")


def _short_verdict(text: str) -> Verdict | None:
    if not _WORDS.search(text):
        return _reject("too_short", "Contains no words.")
    rest = _ACK.sub(" ", _DRAWN_OUT.sub(r"\1", text))
    if not _WORDS.search(rest):
        return _reject("too_short", "Only an acknowledgement or greeting, not a fact.")
    # Laughter or an acknowledgement with a word of judgement ("haha fair", "lol yeah
    # true", "哈哈好滴"): the reply is the acknowledgement, the word says nothing more.
    word = rest.strip(" ,.!~")
    if rest != text and _units(rest) <= 3 and (
            _LATIN_WORD.fullmatch(word) or (_units(word) == len(word) and len(word) <= 3)):
        return _reject("too_short", "Only an acknowledgement or greeting, not a fact.")
    if _units(text) < 4 and not _is_bare_url_path(text):  # "~/x" is reported as a bare path
        return _reject("too_short", "Too short to be a useful memory.")
    return None


def _is_bare_url_path(text: str) -> bool:
    text = text.strip().removeprefix("<").removesuffix(">")  # "<C:\\Temp\\日志 备份>"
    if not _URLISH.search(text):
        return False
    rest = _URL_FILLER.sub(" ", _URLISH.sub(" ", text))
    return not _WORDS.search(rest)


def _is_vague(text: str) -> bool:
    if _VAGUE.match(text):
        return True
    m = _LABEL.match(text)
    return bool(m and _VAGUE.match(m.group("value").strip() or "."))


# A clause that stops on its conjunction ("I was gonna mention something about the API but",
# "本来想把日志也加上，但是"): what was to follow is the point, and it is missing.
_CUT_AT_CONJUNCTION = _re(
    r"(?i)(?<=[a-z] )(?:but|and|or|because|so|although|though|unless|except|and then|but then)$"
    r"|(?:但是|可是|不过|因为|所以|而且|然后)$"
)


def _is_fragment(norm: str) -> bool:
    # Short only: a long sentence that ends oddly was cut by whoever split it, it still
    # says something. A conjunction last cuts a longer one too.
    body = norm.rstrip(" .,;:!-")
    units = _units(body)
    return (units <= 16 and bool(_FRAGMENT.search(body) or _OPEN_ENDED.search(body))) or (
        units <= 30 and bool(_CUT_AT_CONJUNCTION.search(body)))


# A topic announced with nothing said about it yet ("One more thing about the release",
# "Oh and another thing regarding the invoices", "还有件事，关于上线"), and a musing broken
# off before its content ("我在想要不要", "I was thinking maybe we"). Read before the
# question and progress tests: the words that follow the topic ("上线") say nothing.
_ANNOUNCED_ONLY = _re(
    r"(?i)^(?:oh,? )?(?:and,? )?(?:also,? )?(?:one more|another|the other) thing"
    r"(?: (?:about|regarding|on|re|with|for|concerning) [^,.;:]{1,40})?$"
    r"|^(?:对了,?|还有,?|另外,?)?(?:还有)?(?:一件事|件事|个事|一个事|一点|一个想法|个想法)"
    r"(?:[,:]?\s*(?:关于|有关|就是)[^,.;:]{0,12})?$"
    r"|^(?:我|我们)?(?:在|还在|一直在)?(?:想|考虑|琢磨|寻思)(?:着|一下)?(?:要不要|是不是|该不该|能不能"
    r"|会不会|要是|如果|把)?$"
    # …or broken off on a word that needs its noun or verb ("我在想要不要把那个", "我琢磨着给").
    r"|^(?:我|我们)?(?:在|还在|一直在)?(?:想|考虑|琢磨|寻思)(?:着|一下)?(?:要不要|是不是|该不该|能不能"
    r"|会不会|要是|如果)?[^,;]{0,8}?(?:把|给|跟|和|对|那个|这个|那些|这些|那种)$"
    # …a thing announced and not said: "The other thing I wanted to say", "对了还有个".
    r"|^(?:the other|one more|another) thing (?:i|we) (?:wanted|want|meant|was going|were going)"
    r" to (?:say|mention|ask|add|bring up)$|^(?:对了,?|另外,?)?还有(?:个|一个)$"
    # …a topic with nothing said about it: "Something about the database".
    r"|^something (?:about|with|regarding|to do with|re) [^,.;:]{1,40}$"
    r"|^(?:so,? )?(?:i'm|i am|i was|we're|we were)? ?(?:thinking|wondering)(?: about)?"
    r"(?: (?:whether|if|maybe|of))?(?: (?:we|i|to|the|you))?$"
    # …speech announced and not given: "I was going to say", "oh and I meant to tell you",
    # "There's something I wanted to tell you", "对了我想告诉你", "我有件事想跟你说".
    r"|^(?:(?:oh|so|and|well|um|also),? )*(?:i|we) (?:was|were|am|are) (?:going|gonna|about)"
    r" to (?:say|mention|tell you|ask(?: you)?|add)(?: something| one thing)?$"
    r"|^(?:(?:oh|so|and|well|um|also),? )*(?:i|we) (?:wanted|meant|want|need|have) to"
    r" (?:say|mention|tell you|ask(?: you)?|add)(?: something| one thing)?$"
    r"|^(?:(?:oh|so|and|well|um|also),? )*there(?:'s| is) something (?:i|we) (?:wanted|want"
    r"|meant|need|have|was going) to (?:tell|ask|say to|mention to) you$"
    r"|^(?:i|we) (?:forgot|forget|can't remember|don't remember) what (?:i|we) (?:was|were)"
    r" (?:going|gonna|about) to (?:say|mention|tell you)$"
    r"|^(?:对了,?|哦,?|那个,?|还有,?)?(?:我|我们)?(?:想|要|得|正想|本来想|刚想)?(?:告诉你|跟你说|和你说"
    r"|跟你讲|和你讲)(?:一下|一声|个事|件事)?$"
    r"|^(?:对了,?|哦,?|那个,?|还有,?)?(?:我|我们)?(?:还)?有(?:件|个|一件|一个)事(?:情|儿)?(?:想|要|得)?"
    r"(?:跟你|和你|对你|告诉你)?(?:说|讲)?(?:一下|一声)?$"
    r"|^(?:我|我们)?忘了(?:我|我们)?(?:刚才|本来)?(?:要|想)(?:说|讲)(?:什么|啥)了?$"
)


# A topic named and its content put off until the speaker remembers it ("Something about the
# VPN, I'll remember later", "There was a thing about the invoices, it'll come back to me",
# "那个证书的事，我想起来再跟你说"): nothing is said yet.
_REMEMBER_LATER = _re(
    r"(?i)[,;]\s*(?:i'll|i will|will|i'm sure i'll|i'm gonna) (?:remember|recall|think of)"
    r"(?: it| what it was)?(?: later| in a bit| in a sec| eventually| soon)?$"
    r"|[,;]\s*it'?ll come back to me(?: later)?$"
    r"|[,;]\s*(?:等)?(?:我)?(?:一会儿?|回头|晚点|等下|待会儿?)?想起来(?:了)?(?:再|就)(?:说|跟你说|告诉你|讲|补上?)$"
)


# Thinking aloud before anything is said ("嗯，我想想", "let me think", "让我琢磨一下"): a
# pause, not an acknowledgement (it answers nothing) and not a fact.
_THINKING_ALOUD = _re(
    r"(?i)^(?:(?:嗯+|呃+|额|那|好|这个|um+|uh+|hmm+|ok(?:ay)?|so|well|wait)[,\s]*)*"
    r"(?:(?:让|等)?我(?:再|先)?(?:想想|想一想|想一下|琢磨(?:一下|琢磨)?|考虑(?:一下|考虑)?)(?:看|吧|哈|啊)?"
    r"|let me (?:think|see|check)(?: (?:about it|for a sec(?:ond)?|a sec(?:ond)?|a moment|a bit))?"
    r"|(?:i need to|gotta|need to) think(?: about it)?(?: a bit)?)$"
)


# A wh-clause ends on its copula and is whole ("Explain what a mutex is", "说说这是什么"):
# not broken off.
_WH_CLAUSE_LAST = _re(r"(?i)\b(?:what|how|who|whom|where|which|why|when)\b[^,.;]*\b(?:is|are"
                      r"|was|were)$")


_GIVEN_UP = _re(
    r"(?:……|…|\.\.\.|,)\s*(?:算了吧?|不说了|没事了?|(?i:forget it|never ?mind|nvm|whatever))$"
)


# A wh-clause as a label with its answer: "Why the user left Google: burnout after the
# reorg", "How the user takes their coffee: black".
_WH_LABEL = _re(r"(?i)^(?:why|how|what|when|where|who|which)\b[^:?]{3,60}:\s*\S")


# Words that open a turn and say nothing: "so what's the plan", "ok how do I …".
_DISCOURSE = _re(r"(?i)^(?:(?:so|and|also|ok|okay|hey|hi|btw|oh|um|hmm|well|alright),?\s+)+")
# A request at the end, after a doubt: "not sure how to set up the proxy, can you help".
_TRAILING_ASK = _re(
    r"(?i)[,;]\s*(?:can|could|would|will) you (?:help|check|look|tell|show|explain|fix|do|take)\b"
    r"|[,;]\s*(?:any (?:idea|ideas|thoughts|tips)|help|thoughts|ideas|suggestions|tips|pointers"
    r"|anyone|someone|advice)\s*[?!.]*$"
    r"|[,;]\s*(?:你能|能不能|可以|麻烦你?|请你?)帮"
)


# A time or a length asked about inside the sentence ("租房合同到期要提前多久通知房东",
# "体检报告什么时候能出来"): these words only ask, unless a verb of knowing or deciding comes
# before them ("用户记不清上次体检是什么时候", "开会时间由组长定在几点") — then the sentence
# reports the question, it does not ask it.
_ZH_WH_INSIDE = _re(r"多久|多长时间|什么时候|啥时候|哪天|哪一天|几点|几号")
_ZH_KNOWING = _re(
    r"知道|记得|记不清|忘了|清楚|确定|问|告诉|决定|定了?|取决|看|由|不管|无论|不论|约好|通知|说好|商量"
)


# …or a word after them that says it is not known yet ("航班几点起飞还没定").
_ZH_UNSETTLED = _re(
    r"(?:还)?(?:没|未)(?:定|确定|决定|通知|说|公布)|待定|不确定|不清楚|不知道|都(?:行|可以)"
)


def _zh_wh_inside(text: str) -> bool:
    m = _ZH_WH_INSIDE.search(text)
    return bool(m and not _ZH_KNOWING.search(text[: m.start()])
                and not _ZH_UNSETTLED.search(text[m.end():]))


# A prohibition told with the harm it prevents ("Don't give the dog grapes, they are toxic
# to him", "别给狗吃葡萄，有毒", "Never give her ibuprofen, it makes her wheeze") is a safety
# fact that stands, not a request for this turn: the profile's own health frame decides.
_PROHIBITION = _re(
    r"(?i)^(?:please )?(?:don't|dont|do not|never)\b|^(?:千万)?(?:别|不要|不能|不许|禁止)"
)
_SAFETY = frozenset({"harm", "safety"})


# The speaker's own decision about a setting of theirs, told with 吧 ("界面我还是改回浅色吧",
# "编辑器我还是用回 VS Code 吧"): 我 decides, nobody is asked; a one-value slot's new value.
_ZH_OWN_DECISION = _re(
    r"我(?:们)?(?:还是|就|干脆|决定|以后)[^,;]{0,4}?(?:改回|换回|用回|切回|改成|换成|改用|换用|用|换|改)"
)
# The user's own standing setting asked for once and for all ("Switch my default editor to
# Neovim for all projects", "Set my reply language to French for everything"): how the user
# wants things from now on, a preference to keep (the slot rules compare it with the old
# value), not a task for this turn.
_EN_OWN_SETTING = _re(
    r"(?i)^(?:please )?(?:switch|set|change|make|move|update) (?:my|our) (?:[a-z0-9-]+ ){0,3}"
    r"(?:model|editor|theme|language|timezone|time zone|default|shell|browser|font|ide|terminal"
    r"|keyboard layout|units|currency|locale|voice|assistant|engine)s? (?:to|over to|back to)"
    r" [^.;?]{1,40}?\b(?:for (?:everything|all\b[^.;?]{0,30}|every\b[^.;?]{0,30})|everywhere"
    r"|by default|from now on|going forward)\s*[.!]?$"
)


# A label and its copula with nothing after them ("my passcode is", "the admin password
# is:", "我的登录密码是", "邮箱密码是"): broken off before the value, whatever the label names
# (a credential label too: nothing about it is said yet, not even that it exists).
_LABEL_NO_VALUE = _re(
    r"(?i)^(?:(?:and|so|oh|also|btw|ok)\s*,?\s+)*(?:the|my|our|your|his|her|their|[a-z]+'s)"
    r"\s+(?:[a-z0-9-]+\s+){0,3}(?:is|are|was|were)\s*[:=]?$"
    rf"|^(?:{_ZH_OPENER}\s*,?\s*)*(?:(?:我|我们|我家|你|他|她|用户|公司|家里)(?:的)?\s*"
    r"[^,;。，\s]{1,10}?|[^,;。，\s]{0,8}?(?:密码|口令|码|账号|地址|号码|名字|电话))"
    r"(?<![也都就不可还正倒总要凡但或算真若])(?:是|为|叫)\s*[:=]?$"
)

# A question marked only by a word of recalling ("每天钠的摄入上限是多少来着", "What's the
# landlord's number again"): it asks the agent for something told before.
_RECALL_ASK = _re(
    r"(?:多少|什么|啥|哪|几|谁|怎么)[^,;。]{0,6}来着(?:啊|呀|呢)?$"
    r"|(?i:^(?:(?:so|and|um|oh|ok|hey),?\s+)?(?:what|when|where|who|which|how)\b[^.;,]{2,60}"
    r"\bagain$)"
)


def _is_question(raw: str, norm: str) -> bool:
    """Direct questions and requests to the assistant (strong signals only)."""
    unquoted = _QUOTED.sub(" ", _URLISH.sub(" ", _DISCOURSE.sub("", norm, count=1)))
    if raw.rstrip().endswith(("?", "？")) or "?" in unquoted or _TRAILING_ASK.search(norm):
        return True
    if _RECALL_ASK.search(unquoted.rstrip(" .!~")):
        return True
    if _WH_LABEL.search(norm) or _EN_OWN_SETTING.search(norm):
        return False
    if _PROHIBITION.search(norm) and core_category(norm) in _SAFETY:
        return False
    # A fact may report that someone asked someone ("用户向导师请教过职业规划", "The user
    # asked their manager for advice"); what was asked is not a question to the agent.
    unquoted = strip_universal_wh(_REPORTED_ASK.sub(" ", unquoted))
    if (_ZH_QUESTION.search(unquoted) or _EN_QUESTION.search(unquoted)
            or zh_alternative_question(norm) or _zh_wh_inside(unquoted)):
        return True
    # A bare A-not-A about a thing ("这个版本兼不兼容 Python 3.12"); a person's own choice
    # ("她还在考虑去不去上海", "用户纠结换不换工作") is reported.
    if zh_a_not_a(unquoted) == "thing" and not about_a_person(norm):
        return True
    return not _STANDING.search(norm) and bool(
        _ZH_REQUEST.search(unquoted) or _EN_REQUEST.search(unquoted)
        or (_ZH_BARE_IMPERATIVE.search(unquoted) and not _ZH_IMPERATIVE_FACT.search(unquoted))
    )


def _ends_on_a_symbol(text: str) -> bool:
    for ch in reversed(text):
        kind = unicodedata.category(ch)
        if kind[0] in "ZCMP" or kind == "Sk":
            continue  # spaces, joiners, variation selectors, punctuation, skin tones
        return kind == "So"
    return False


_COPULA_LAST = _re(r"(?i)(?:\b(?:is|are|was|were)|是|为|叫)\s*[:=：]?$")


def _emoji_is_the_value(text: str, norm: str) -> bool:
    """The canonical form drops a trailing emoji as decoration; after a label ("最喜欢的
    表情是 🔥", "my favourite emoji is 👍") the emoji is the value, not an ornament."""
    return (_ends_on_a_symbol(text) and not _ends_on_a_symbol(norm)
            and _COPULA_LAST.search(norm.rstrip(" .")) is not None)


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

    emoji_value = _emoji_is_the_value(text, norm)
    if is_label_only(norm):
        return _reject("secret_no_context", "Names a credential and gives nothing after it: "
                       "no value, nothing usable about it.")
    if (_units(norm) <= 12 and _LABEL_NO_VALUE.search(norm.rstrip(" ."))
            and not emoji_value):
        return _reject("half_formed", "A label with nothing after it: broken off before its "
                       "value, not a fact yet.")
    if looks_like_secret_mention(norm) or is_credential_event(norm):
        return _reject(
            "secret_no_context",
            "Mentions a credential without saying anything usable about it.",
        )
    if _THINKING_ALOUD.search(norm.rstrip(" .,;:!-~")):
        return _reject("half_formed", "Thinking aloud, nothing said yet: not a fact.")
    short = _short_verdict(norm)
    if short is not None:
        return short
    if _is_bare_url_path(norm):
        return _reject("bare_url_path", "Only a URL or path, with nothing saying what it is.")
    if _is_vague(norm):
        return _reject("half_formed", "The value is only a vague reference, not a fact.")

    # Given up before it was said ("要不然……算了", "I was going to say… never mind"): read
    # before the question test, whose openers ("要不") it may start with.
    if _units(norm) <= 16 and _GIVEN_UP.search(norm.rstrip(" .,;:!-")):
        return _reject("half_formed", "A thought given up before it was said, not a fact.")
    if _units(norm) <= 28 and _REMEMBER_LATER.search(norm.rstrip(" .!~")):
        return _reject("half_formed", "A topic named and its content put off until it is "
                       "remembered: nothing is said yet.")
    if not emoji_value and _ANNOUNCED_ONLY.search(norm.rstrip(" .,;:!-")):
        return _reject("half_formed", "A broken-off thought or a topic with nothing said about "
                       "it, not a fact yet.")
    # Broken off on a word that needs what follows ("remember to", "wait, what about the",
    # "帮我记一下，那个", "关于 Kafka 的，嗯"): nothing is said yet, whatever its first words
    # ask, so it is half-formed, not a question (read before the question test).
    if (not text.rstrip().endswith(("?", "？")) and not emoji_value and _is_fragment(norm)
            and not _WH_CLAUSE_LAST.search(norm.rstrip(" .,;:!-"))):
        return _reject("half_formed", "A broken-off thought or a topic with nothing said about "
                       "it, not a fact yet.")
    # Before the preference trust below: "I'd like you to remind me next week" is worded
    # like a preference but asks for one reminder.
    if (_ZH_REMIND.search(norm) or _EN_REMIND.search(norm)) and not _STANDING.search(norm):
        return _reject("question", "A request to be reminded or told something once, later: "
                       "a task for the agent, not a fact to keep.")
    if _EN_INDIRECT.search(norm):
        return _reject("question", "Reads as a question or a request, not a fact to keep.")
    if _ASK_SOMEONE.search(norm) or _PLAN_TO_ASK.search(norm.rstrip(" .!~")):
        return _reject("question", "An open question about someone, told as not knowing it: "
                       "a question still to be asked, not a fact to keep.")
    # Not knowing, said by the speaker, a thing's yes or no folded into its verb ("不知道
    # Docker 支不支持 ARM", "不确定这个库还维不维护"): a fact the agent could answer, asked; over
    # a decision of the speaker's own ("不知道去不去参加年会") it is a step not settled yet.
    doubt = zh_doubt_a_not_a(norm)
    if doubt == "thing":
        return _reject("question", "An open question about a thing, told as not knowing it: "
                       "a question to the agent, not a fact to keep.")
    if doubt == "plan":
        return _reject("half_formed", "Undecided about one's own step: nothing settled yet.")
    explicit_pref = preference_body(norm, explicit_only=True) is not None
    if not (explicit_pref and not text.rstrip().endswith(("?", "？"))):
        ends_asking = text.rstrip().endswith(("?", "？")) or bool(_TRAILING_ASK.search(norm))
        # "不确定这个依赖还需不需要" doubts aloud; it asks nothing.
        if not ends_asking and is_hedged(norm) and not is_progress(norm):
            return _reject("half_formed", "Hedged or half-formed thought, not a settled fact.")
        if not ends_asking and is_first_then_later(norm):
            return _reject("progress", _PROGRESS_REASON["step"])
        if _is_question(text, norm):
            return _reject("question", "Reads as a question or a request, not a fact to keep.")
        kind = progress_kind(norm)
        if kind is not None:
            return _reject("progress", _PROGRESS_REASON[kind])
        if is_hedged(norm):
            return _reject("half_formed", "Hedged or half-formed thought, not a settled fact.")
        # (with a person as subject it reports: "用户搬到新竹，离公司近一点")
        if (_ZH_WEAK_REQUEST.search(norm) and not _STANDING.search(norm)
                and not about_a_person(norm) and not _ZH_OWN_DECISION.search(norm)):
            return _reject("question", "Reads as a suggestion or request, not a fact to keep.")

    if not emoji_value and _is_fragment(norm):
        return _reject("half_formed", "A broken-off thought or a topic with nothing said about "
                       "it, not a fact yet.")
    category = _CATEGORY.get(classify(norm).memory_type, "general")
    return Verdict(True, category, _ALLOW_REASON[category])
