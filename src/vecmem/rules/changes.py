"""Change announcements restated as the plain statement of the new value.

People rarely restate a one-value slot the way they first stated it: "the default model
has been switched to X", "默认模型改成了 X", "the billing project now uses FastAPI",
"用户现在喜欢浅色主题", "User switched to light mode", "用户现在在 UTC+9 时区". For
*classification only*, each is read as the statement it announces ("the default model is
X", "默认模型是X", "the billing project uses FastAPI", "用户喜欢浅色主题", "User prefers
light mode", "用户的时区是UTC+9"), so the new value meets the old one under the slot's
topic key: a different value goes to review, the same value is a duplicate. The stored
content is never rewritten. Pure functions over normalized text.

A switch is read by its grammar, not its wording (``_switch``): a subject (the user, "I",
"we", "用户", "我"), a change verb ("switched to", "moved over to", "have been using",
"replaced … as", "改用", "换成", "已经不用 X 了，改成"), the new value, maybe the old one
("instead of Y"), and what it is for — a slot named ("as my editor", "for embeddings",
"作为默认模型") or, failing that, the slot the value's own kind names (Neovim is an editor).
Words that only date the change ("these days", "上个月") are dropped first (``_untime``);
a plan ("下周", "next year"), a wish ("I'd like to try") or a past habit ("used to") is no
change announced and is left as it is.
"""

from __future__ import annotations

import re

from vecmem.rules.places import is_place
from vecmem.rules.slot_forms import before_restate
from vecmem.rules.slot_grammar import EN_ADVERB, ZH_TIME, announced, early, trim_value
from vecmem.text import lazy_re

__all__ = ["language_switch", "restate"]

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
    (lazy_re(r"^(?P<s>[^,.;]{1,30}?)(?:已经)?(?:改成了?|换成了?|改为|换为|改用|换用|转用|变成了?|切换到了?|切换成了?"
                r"|调整为|调成了?|更新为|升级到了?|升级为)(?P<v>.+?)了?$"), r"\g<s>是\g<v>"),
    # "用户去年就把家安在了宁波" -> "用户住在宁波": where one's home is put is where one lives
    (lazy_re(r"^(?P<s>用户|我(?!们))[^,，把的]{0,8}?把家(?:安|搬|定)在了?(?P<v>[^,，]{1,12}?)了?$"),
     r"\g<s>住在\g<v>"),
    # "用户现在在 UTC+9 时区" -> "用户的时区是UTC+9"
    (lazy_re(r"^(?P<s>用户|我)(?:现在|目前)?(?:在|用|使用)(?P<v>.+?)时区$"),
     r"\g<s>的时区是\g<v>"),
    # "用户现在喜欢…" -> "用户喜欢…" (a time word between the subject and the verb)
    (lazy_re(r"^(?P<s>用户|我)(?:现在|目前|如今|最近)(?!在)(?P<v>.+)$"), r"\g<s>\g<v>"),
]


# --- words that only date the change ----------------------------------------------------

_LEAD_EN = lazy_re(r"^(?:these days|nowadays|lately|recently|currently|at the moment"
                   r"|as of (?:today|this (?:week|month|year))|since (?:last )?\w+(?: \d{4})?)"
                   r",?\s+(?=\w)", _I)
_MONTHS = ("january|february|march|april|may|june|july|august|september|october|november"
           "|december")
_TAIL_EN = lazy_re(r"\s+(?:these days|nowadays|lately|recently|now)$"
                   r"|\s+(?:in|this|last) (?:the )?(?:spring|summer|autumn|fall|winter)$"
                   r"|\s+(?:last|this) (?:week|month|year)$|\s+(?:earlier|later) this (?:week|month"
                   rf"|year)$|\s+in (?:{_MONTHS}|\d{{4}})$|\s+a (?:few |couple of )?(?:days?|weeks?"
                   r"|months?|years?) ago$|\s+full[- ]time$"
                   r"|\s+since (?:the (?:move|switch|change)|(?:i|we) (?:moved|switched)\b.*"
                   rf"|(?:last )?(?:spring|summer|autumn|fall|winter|{_MONTHS}|\d{{4}}|then))$", _I)
# An aside after a comma says why or when, not what: "…light mode, easier on my eyes",
# "Home is X now, moved there in the spring", "…，因为更方便".
_ASIDE = lazy_re(r"\s*[,;]\s*(?:easier|better|because|since|as|so|which|it's|it is|much|more"
                 r"|(?:i |we )?(?:moved|relocated|been|started|switched) (?:there|here|over)"
                 r"|after|same as (?:always|before|ever)|as (?:always|usual|before)|like always"
                 r"|my eyes\b)\b.*$"
                 r"|\s*[,，;；]\s*(?:因为|这样|比较|更|方便|毕竟|一直这样|一直都是|和以前一样|跟以前一样"
                 r"|没(?:挪|变|换|动|搬)).*$", _I)
# Chat drops the subject: "Been using Helix", "Switched to Zed last week", "Moved over to X".
_NO_SUBJECT = lazy_re(r"^(?=(?:have |'ve )?(?:been using|now using|switched|moved over|went back"
                      r"|gone back|started using|recently switched|just switched)\b)", _I)
# "We finally relocated…", "I just switched…": an adverb between subject and verb.
_ADVERB = lazy_re(rf"^(?P<s>(?:the )?user|i|we)(?P<aux>'ve| has| have)? {EN_ADVERB} (?=\w)", _I)
# "We relocated to Lisbon", "We moved back to Porto": a household moving is the user's
# home — but "we moved to Kubernetes" is a deploy target (a place is a capitalised name).
_WE_MOVED = lazy_re(r"^we(?: have|'ve)? (?:relocated|moved(?: back)?|moved house) to "
                    r"(?P<v>(?-i:[A-Z])[\w.-]*(?: (?-i:[A-Z])[\w.-]*){0,2})$", _I)
# "I've relocated": the families read "I have relocated"
_HAVE = lazy_re(r"^(i|we)'ve ", _I)
# "I switched roles, I'm a designer now": the change announced, then the new value
_ANNOUNCED_EN = lazy_re(r"^(?:i|we|the user) (?:have |has )?(?:switched|changed)"
                        r" (?:roles|jobs|careers|teams|companies|homes|cities)[,;]\s*"
                        r"(?:and )?(?:now )?(?P<rest>.+)$", _I)
# "We packed up and moved to Denver": the verb that says where
_PACKED = lazy_re(r"^(?P<s>we|i|the user) (?:\w+ ){1,3}and (?P<v>moved|relocated) to ", _I)
# "The user retrained and now works as a paramedic": the change said first, then the value
_AND_NOW = lazy_re(r"^(?P<s>(?:the )?user|i|we) (?:\w+ ){0,3}?\w+(?:ed|t)(?: \w+)?,?"
                   r" and (?:has )?now (?P<rest>(?:works|work|lives|live|uses|use|is|am|codes"
                   r"|runs)\b.+)$", _I)
# "I work remotely for Figma": how one works is not where
_WORK_HOW = lazy_re(r"\b(?P<w>work|works|working) (?:remotely|full[- ]time|part[- ]time"
                    r"|fully remote|mostly|now) (?P<p>for|at)\b", _I)
_WE_MOVED_ZH = lazy_re(r"^我们(?:全家|一家)?(?:已经)?(?:从(?P<old>[^,，]{1,20}?))?"
                       r"(?:搬到|搬去|搬家到|移居到?|定居在?)了?(?P<v>[^,，]{1,20}?)(?:定居|生活|住)?了?$")
# "我家就在杭州": where one's home is, when the value is a place ("我家在三楼" is a floor)
_HOME_ZH = lazy_re(r"^(?P<s>用户|我(?!们))(?:的)?家(?:就|也|还|现在|目前|一直|其实)*在"
                   r"(?P<v>[^,，]{1,12}?)$")
_HOME_IS = lazy_re(r"^home (?:is|=) (?:now )?(?P<v>(?-i:[A-Z])[\w.-]*(?: (?-i:[A-Z])[\w.-]*){0,2}"
                   r"|[\u4e00-\u9fff]{1,8})(?: now)?$", _I)
# Past or present only (``slot_grammar.ZH_TIME``): "下周" / "明年" announce a plan and stay.
_LEAD_ZH = lazy_re(rf"^(?P<s>用户|我(?!们))(?:{ZH_TIME})+"
                   r"(?=已经|已|刚|从|入职|加入|跳槽|搬|改|换|转|开始|不再|不用|定居|移居|迁)")


# "项目 api 现在部署在 X": a time word before the verb of a project's sentence
_MID_ZH = lazy_re(r"(?<=\S)(?:现在|目前|如今)(?=已经|部署|使用|用|迁|跑|运行|托管|改|换|是|为)")
# "I left Stripe and joined Plaid", "I quit Google to join Linear", "The user switched jobs
# and now works at Plaid": what was left, then the new value
_LEFT_EN = lazy_re(r"^(?P<s>(?:the )?user|i)(?: has| have|'ve)? (?:left (?!for\b)\S.*?|quit \S.*?"
                   r"|(?:switched|changed) jobs)(?:,? and (?:then )?(?:now )?| to )(?P<rest>.+)$",
                   _I)


# "Got moved up — I'm the data platform manager now", "Big news: I've joined X": a change
# announced before a dash or colon, then the statement of the new value
_LEAD_CHANGE = lazy_re(r"^(?:(?:i )?(?:got|was|been|just got) (?:moved up|promoted|moved"
                       r"|transferred"
                       r"|hired|poached)|(?:big |some )?news|update|so|well|guess what)"
                       r"\s*(?:[—–:]|--|,)\s*(?P<rest>(?:i'm|i am|i've|i have|i now|i work|my"
                       r"|the user)"
                       r"\b.+)$", _I)
# "向量化我改用 bge 了", "默认模型我升级到 X 了": the slot said first, then who changed it
_TOPIC_FIRST_ZH = lazy_re(r"^(?P<label>向量化|嵌入|向量模型|嵌入模型|默认模型|对话模型|编辑器|主题"
                          r"|配色)"
                          r"(?:这块|这边|方面|的话)?[,，]?\s*(?P<s>我们|我|用户)(?:已经|现在|刚)?"
                          r"(?P<verb>改用|换成|换用|改成|升级到|切换到|换到|切到)了?\s*(?P<v>[^,，]+?)了?$")
# "公司把我调到测试主管的岗位了": one's new post, said by who moved one there
_POSTED_ZH = lazy_re(r"^(?:公司|领导|老板|上面|单位)?把(?:我|用户)(?:调到|调去|调成|提拔为|提拔到"
                     r"|提拔成|升为"
                     r"|升到|任命为)了?(?P<v>[^,，]{2,20}?)(?:的)?(?:岗位|职位|位置|位子)?(?:上)?了?$")


# Session 15 (blind9's kinds of miss): a slot's label or verb said another way, read as the
# wording the families key. Each is a category, never one sentence.
_RESAY: list[tuple[re.Pattern[str], str]] = [
    # English time words inside a Chinese sentence ("用户 last week 正式加入了 X")
    (lazy_re(r"^(?P<s>用户|我(?!们))\s*(?:last|this|earlier this|in the) (?:week|month|year|spring"
             r"|summer|autumn|fall|winter)\s*(?=\S)", _I), r"\g<s>"),
    # the theme's label said 配色 / theme / colour scheme ("用户的配色是暗色", "的 theme 换成了 X")
    (lazy_re(r"^(?P<s>用户|我(?!们))的\s*(?:配色|配色方案|theme|colou?r scheme)"
             r"\s*(?=是|换成|改成|改为"
             r"|变成)", _I), r"\g<s>的主题"),
    # the look changed to a mode ("用户把界面换成了亮色模式"): the mode is the theme
    (lazy_re(r"^(?P<s>用户|我(?!们))?(?:已经)?把(?:界面|外观|显示|整体界面|主界面)(?P<v>换成|改成|改为|切换到"
             r"|切到|调成)了?\s*(?=(?:亮色|暗色|深色|浅色|黑色|白色|dark|light))", _I),
     r"\g<s>把主题\g<v>了"),
    # a project named before 项目 ("蜂鸟项目部署在阿里云"): the families read "项目蜂鸟…"
    (lazy_re(r"^(?!这个|那个|我们|我的|用户的|新|老|该|此)(?P<n>[\u4e00-\u9fff]{2,6}|[A-Za-z][\w.-]{1,20})"
             r"\s*项目(?=\s*(?:现在|目前|如今|已经)*\s*(?:部署|迁|改|转|搬|托管))"), r"项目\g<n>"),
    # a deploy target moved to, then "上部署": 迁到了X上部署, 改成部署到X, 转到X上部署了
    (lazy_re(r"^(?P<p>项目[^,，\s从由把]{1,20}?)\s*(?:现在|目前|如今|已经)*\s*(?:迁到了?|迁移到了?|转到了?|搬到了?"
             r"|改成部署到|改为部署到|改部署到|转为部署到)\s*(?P<v>[^,，]+?)\s*(?:上)?(?:部署|托管|运行)?了?$"),
     r"\g<p>部署在\g<v>"),
    # a promotion said by another verb ("got bumped up to X", "moved into a X position")
    (lazy_re(r"^(?P<s>(?:the )?user|i)(?: was| has been| got| have been| has| have)?"
             r" (?:bumped up|moved up) to (?:an? |the )?(?P<v>[\w -]{2,40}?)(?: role| position)?$",
             _I), r"\g<s> promoted to \g<v>"),
    (lazy_re(r"^(?P<s>(?:the )?user|i)(?: has| have|'ve)? (?:moved|transitioned|transferred)"
             r" into (?:an? |the )?(?P<v>[\w -]{2,40}?) (?:position|role|job)$", _I),
     r"\g<s> promoted to \g<v>"),
    # a job said with 了 ("用户现在是设计主管了"), a Latin title in Chinese ("用户是 tech lead")
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:现在|目前|如今|已经)*是\s*(?P<v>[^,，]{2,24}?)\s*了$"),
     r"\g<s>是\g<v>"),
    (lazy_re(r"^(?:用户|我(?!们))(?:现在|目前|如今|已经)*是\s*(?:一名|一个|个)?"
             r"\s*(?P<v>[A-Za-z][\w -]{0,30}"
             r"(?:lead|engineer|developer|manager|designer|analyst|architect|scientist))\s*了?$",
             _I), r"The user is a \g<v>"),
    # a wish changed ("用户改成希望用繁体中文回答"): the wish
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:现在|已经)*(?:改成|改为|变成)了?(?=希望|想要|要求|偏好)"),
     r"\g<s>"),
    # a migration verb for a tool ("用户已经全面迁移到 Cursor 了"): a switch
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:现在|已经)*(?:全面|彻底|完全)?(?:迁移到|迁到)了?\s*(?=[A-Za-z])"),
     r"\g<s>已经换到了"),
    # a colour scheme kept ("User keeps the Nord colour scheme"): the theme
    (lazy_re(r"^(?:(?:the )?user|i) (?:keeps|keep|sticks with|stick with|stays with|stay with"
             r"|is sticking with|am sticking with) (?:the |a |to )?(?P<v>[\w ]{2,30}?)"
             r" (?:colou?r ?scheme|theme)$", _I), r"My theme is \g<v>"),
    # one's clocks set to a zone ("The user's clocks are set to Asia/Tokyo since relocating")
    (lazy_re(r"^(?:the user's|my) (?:clocks?|calendars?|watch|phone)(?: is| are| has been"
             r"| have been)? (?:now )?set to (?P<v>\S+(?: time)?)(?: now| since \w+(?: \w+)?)?$",
             _I), r"The user's clock zone \g<v>"),
]


# Session 17 (blind10's kinds of miss): a value said to hold still, a slot's label said to
# have changed, a person's relation said to have turned, a verb of the slot said another way.
# Each is a category in both languages, never one sentence; each yields the plain statement.
_NAME = r"(?-i:[A-Z][\w'’-]*(?: [A-Z][\w'’-]*)?)"
_OWNER = r"(?:the user's|user's|the user’s|my)"
#: A one-value slot's own label in Chinese (a closed class: "用户的同事还是…" is no label)
_ZH_LABELS = (r"时区|默认模型|默认的模型|对话模型|聊天模型|嵌入模型|向量模型|向量化模型"
              r"|编辑器|主题|配色|职位|岗位|职务|头衔|工作单位|雇主|居住地|住址|所在城市|常住地|编程语言|回答语言|回复语言"
              r"|time ?zone|editor|theme|default model|title|role")
#: An English label of one's own: a few words, none a verb of the sentence ("sister has
#: since" is no label)
_EN_LABEL = (r"(?P<l>(?!\w+(?:'s|’s)\b)[a-z][\w-]*"
             r"(?: (?!has\b|have\b|since\b|just\b)[a-z][\w-]*){0,3}?)")
_RESAY17: list[tuple[re.Pattern[str], str]] = [
    # a value kept: "User's default model remains X", "My editor is still X", "时区还是东八区"
    (lazy_re(rf"^(?P<o>{_OWNER}) {_EN_LABEL} (?:remains|stays|is still"
             r"|has stayed|continues to be|is unchanged at|is still set to) (?P<v>\S.*)$", _I),
     r"\g<o> \g<l> is \g<v>"),
    (lazy_re(rf"^(?P<s>用户|我(?!们))的\s*(?P<l>{_ZH_LABELS})\s*"
             r"(?:也)?(?:还是|仍然是|依然是|依旧是|仍是|照样是|一直是)(?=\S)", _I),
     r"\g<s>的\g<l>是"),
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:现在|目前|如今)?(?:也)?(?:还|仍然|依然|依旧|仍|还是|照样)"
             r"(?:一直)?(?=(?:在|住在|住|用|使用|是|待在)(?!考虑|犹豫|找|想|等|纠结|看|问|试))"),
     r"\g<s>"),
    # a label said to have changed: "The user's title changed to X", "… has become X"
    (lazy_re(rf"^(?P<o>{_OWNER}) {_EN_LABEL} (?:has |have |was |got )?"
             r"(?:changed|switched|been changed|been switched) (?:over )?to (?P<v>\S.*)$",
             _I), r"\g<o> \g<l> is \g<v>"),
    (lazy_re(rf"^(?P<o>{_OWNER}) {_EN_LABEL} (?:has become|became|is now"
             r"|has now become) (?P<v>\S.*)$", _I), r"\g<o> \g<l> is \g<v>"),
    # "The user has since moved to X": "since" dates the move
    (lazy_re(r"^(?P<s>(?:the )?user|i|we)(?P<aux> has| have|'ve) since (?=\w+ed\b)", _I),
     r"\g<s>\g<aux> "),
    # a new home named by the dwelling: "User's new apartment is in X", "我的新公寓在X"
    (lazy_re(rf"^(?P<o>{_OWNER}) new (?:apartment|flat|house|home|place|condo)"
             r" is (?:in|located in) (?P<v>(?-i:[A-Z])[\w.-]*(?: (?-i:[A-Z])[\w.-]*){0,2})$", _I),
     r"The user lives in \g<v>"),
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:的)?新(?:租的|买的)?(?:公寓|房子|住处|住所)"
             r"(?:就)?(?:在|位于)(?P<v>[\u4e00-\u9fff]{2,8}?)(?:市)?了?$"), r"\g<s>住在\g<v>"),
    # a relation dated by "now" and its reason: "Alice is the user's direct report now after
    # the reorg" is "Alice is the user's direct report"
    (lazy_re(rf"^(?P<h>{_NAME} is {_OWNER} [a-z][\w -]{{1,30}}?) now"
             r"(?: (?:after|since|that|following|because)\b.*)?$", _I), r"\g<h>"),
    # who reports to whom: "Tom now reports to the user" / "Tom 现在向我汇报"
    (lazy_re(rf"^(?P<n>{_NAME}) (?:now |currently )?reports (?:directly )?to (?:the user|me)$",
             _I), r"\g<n> is the user's direct report"),
    (lazy_re(r"^(?P<n>[A-Z][A-Za-z0-9_.-]{0,20}|[\u4e00-\u9fff]{1,4}?)\s*(?:现在|目前|如今)?(?:直接)?"
             r"(?:向|给|跟)(?:我|用户)汇报(?:工作)?了?$"), r"\g<n>是我的下属"),
    # a relation no longer held, then the new one: "X is no longer my manager; she is my
    # mentee" / "X 已经不是我老板了，他现在是我的 mentee"
    (lazy_re(rf"^(?P<n>{_NAME}) is no longer {_OWNER} [a-z][\w -]{{1,30}}?\s*[;,]\s*"
             r"(?:and )?(?:he|she|they)(?:'s| is| are) (?:now )?(?P<r>\S.*)$", _I),
     r"\g<n> is \g<r>"),
    (lazy_re(r"^(?P<n>[A-Z][A-Za-z0-9_.-]{0,20}|[\u4e00-\u9fff]{1,4}?)\s*(?:已经|早就)?不(?:再)?是"
             r"(?:我|用户)的?\s*\S{1,10}?了?\s*[,，;；]\s*(?:他|她)(?:现在|如今|已经|目前)*"
             r"(?:成了|成为了|变成了|是)(?P<r>.+)$"), r"\g<n>是\g<r>"),
    # a wedding between a named person and the user, and the relation it makes
    (lazy_re(rf"^(?P<n>{_NAME}) and the user (?:just |finally )?(?:got |have |have been )?"
             r"(?P<ev>married|engaged)\b.*$", _I), r"\g<n> and I got \g<ev>"),
    # the editor named by editing: "User edits code in X", "I do my coding in X", "在 X 里写代码"
    (lazy_re(r"^(?P<s>(?:the )?user|i) (?:edits|edit|does|do) (?:all )?(?:the |my |his |her "
             r"|their )?(?:code|coding|programming) (?:in|with) (?P<v>\S.*)$", _I),
     r"\g<s> writes code in \g<v>"),
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:平时|一般|都|现在)*在\s*(?P<v>[A-Za-z][\w .+-]{0,20}?)\s*"
             r"(?:里|中|上)(?:面)?(?:写|敲|编辑)(?:代码|程序)$"), r"\g<s>用\g<v>写代码"),
    # a project's host said by shipping: "tally goes out on Vercel", "kiln ships to Fly.io"
    (lazy_re(r"^(?P<n>[a-z][\w.-]{1,30}) (?:goes out on|ships (?:on|to)|is live on|lives on"
             r"|is served from|runs in production on) (?P<v>(?-i:[A-Z])\S*(?: \S+)?)$", _I),
     r"Project \g<n> deploys to \g<v>"),
    # the answer language wished by who answers: "用户以后想让回答都用日语", "我想让你用英文回复"
    (lazy_re(r"^(?P<s>用户|我(?!们))(?:以后|今后|往后|从现在起)?(?:都)?(?:想|希望|要|想要)让"
             r"(?:你|助手|ai|AI|回答|回复|答案)(?:都|全|全部|一律)?(?:用|以)\s*"
             r"(?P<v>[\u4e00-\u9fff]{1,4}?文|[\u4e00-\u9fff]{1,4}?语|(?i:english|chinese|japanese"
             r"|korean|french|german|spanish))\s*(?:来)?(?:回答|回复|答复)?了?$"),
     r"\g<s>以后希望用\g<v>回答"),
    # the embedding named by what it embeds: "The user embeds documents with X",
    # "Documents are now embedded with X in the user's setup"
    (lazy_re(r"^(?:(?:the )?user|i) (?:now )?embeds? (?:all )?(?:the |my |their )?(?:documents"
             r"|docs|notes|texts?|files|chunks|passages|everything) (?:with|using|via) "
             r"(?P<v>[\w.:/-]+)(?: now)?$", _I), r"The embedding model is \g<v>"),
    (lazy_re(r"^(?:the |my |the user's )?(?:documents|docs|notes|texts|files|chunks|passages)"
             r" (?:are|get) (?:now )?embedded (?:with|using|via|by) (?P<v>[\w.:/-]+)"
             r"(?: (?:in|for) (?:the user's|my) (?:setup|store|memory|pipeline))?(?: now)?$", _I),
     r"The embedding model is \g<v>"),
    # a project named by its stack: "kiln is a Rust project", "Atlas 是一个 Django 项目"
    (lazy_re(r"^(?:project )?(?P<n>[a-z][\w.-]{1,30}) is an? (?P<v>(?-i:[A-Z])[\w.+#-]*)"
             r" (?:project|app|application|service|codebase)$", _I),
     r"Project \g<n> is built with \g<v>"),
]


# a project's host changed, said with 改 before 部署 ("账本系统现在改部署到华为云了")
_ZH_REDEPLOY = lazy_re(r"^(?P<n>[^\s,，把从由]{2,12}?)(?:现在|目前|如今|已经)*"
                       r"(?:改成|改为|改|转为|换成)(?=部署(?:到|在))")
# a programming language by its label: "User's preferred language is TypeScript" (a
# language one speaks is the answer language, read elsewhere)
_CODE_LANG = lazy_re(rf"^{_OWNER} (?:preferred |favou?rite |main |go-to |primary )?"
                     r"(?:programming |coding )?language is (?P<v>[\w.+#-]{1,20})$", _I)


def _resay17(text: str) -> str:
    text = _ZH_REDEPLOY.sub(r"\g<n>", text, count=1)
    for rx, template in _RESAY17:
        m = rx.match(text)
        if m is not None:
            text = m.expand(template) + text[m.end():]
            break
    if (c := _CODE_LANG.match(text)) and _tech(c["v"]) == ["language"]:
        return f"The user prefers {c['v']}"
    return text


def _resay(text: str) -> str:
    for rx, template in _RESAY:
        m = rx.search(text)
        if m is None:
            continue
        if template.startswith("The user's clock zone "):
            if _is_zone(m["v"]):
                text = f"The user's timezone is {m['v']}"
            continue
        text = rx.sub(template, text, count=1)
    return text


def _untime(text: str) -> str:
    text = _resay(_resay17(_NO_SUBJECT.sub("I ", _ASIDE.sub("", text))))
    if m := _LEAD_CHANGE.match(text):
        text = m["rest"]
    if m := _TOPIC_FIRST_ZH.match(text):
        text = f"{m['s']}把{m['label']}{m['verb']}{m['v']}"
    if m := _POSTED_ZH.match(text):
        text = f"我的职位是{m['v']}"
    text = _HAVE.sub(lambda m: f"{m[1]} have ", text)
    if m := _ANNOUNCED_EN.match(text):  # "I switched roles, I'm a designer now"
        text = m["rest"]
    if m := _AND_NOW.match(text):  # "The user retrained and now works as a paramedic"
        text = f"{m['s']} {m['rest']}"
    text = _PACKED.sub(r"\g<s> \g<v> to ", _WORK_HOW.sub(r"\g<w> \g<p> ", text))
    text = _LEAD_EN.sub("", text)
    for _ in range(3):  # "… full time since spring": tails come stacked
        shorter = _TAIL_EN.sub("", text)
        if shorter == text:
            break
        text = shorter
    text = _ADVERB.sub(lambda m: f"{m['s']}{m['aux'] or ''} ", text)
    if (m := _WE_MOVED.match(text)) and not _tech(m["v"]):
        text = f"I moved to {m['v']}"
    if (m := _WE_MOVED_ZH.match(text)) and not _tech(m["v"]) and not _tech(m["old"] or ""):
        text = f"我搬到了{m['v']}"
    if m := _HOME_IS.match(text):
        text = f"My home city is {m['v']}"
    if (m := _HOME_ZH.match(text)) and is_place(m["v"]):
        text = f"{m['s']}住在{m['v']}"
    m = _LEFT_EN.match(text)
    if m:
        rest = re.sub(r"^join\b", "joined", m["rest"], flags=_I)
        text = f"{m['s']} {rest}"
    text = _MID_ZH.sub("", _LEAD_ZH.sub(r"\g<s>", text))
    return announced(text) or text  # "用户搬家了，现在住在巴黎" (slot_grammar, one reader)


# --- switches: subject, change verb, new value, what it is for ----------------------------

# What a slot named after the value is called, in the statement that fills it.
_LABELS: list[tuple[re.Pattern[str], str]] = [
    (lazy_re(r"^(?:(?:main|default|primary|code|text) )?(?:editor|ide)$|^编辑器$", _I), "editor"),
    (lazy_re(r"^(?:(?:default|main|primary|everyday|daily|go-to|go to|preferred|favou?rite"
             r"|usual) )?(?:chat |language )?(?:model|llm)$"
             r"|^(?:默认|主力|日常)?(?:对话|聊天)?模型$", _I), "default_model"),
    (lazy_re(r"^(?:(?:default|text) )?(?:embedding|embeddings|vector)(?: model)?$|^embedder$"
             r"|^(?:嵌入|向量)(?:模型)?$|^(?:向量化|嵌入)$", _I), "embedding_model"),
    (lazy_re(r"^(?:(?:editor|terminal|ui|colou?r) )?theme$|^colou?r ?scheme$|^主题$|^配色$", _I),
     "theme"),
    (lazy_re(r"^time ?zone$|^时区$", _I), "timezone"),
    (lazy_re(r"^(?:job )?(?:title|role|position)$", _I), "role"),
]
_STATEMENT = {"editor": "My editor is {}", "default_model": "The default model is {}",
              "embedding_model": "The embedding model is {}", "theme": "My theme is {}",
              "timezone": "My timezone is {}", "role": "The user is a {}"}
#: Kinds of value that name the user's slot by themselves ("switched to Neovim").
_BY_KIND = {"editor": "editor"}
_SUBJ_EN = r"(?:(?:the )?user|i|we)(?:'ve| has| have)?"
_CHANGE_EN = (r"(?:now |just |finally )?(?:switched|moved|changed|migrated|gone|went|converted)"
              r"(?: over| back)?")
_FOR_EN = (r"(?: (?:as|for) (?:my|our|the|their|his|her|your) (?P<label>[\w -]{2,30}?)"
           r"| for (?P<label2>embeddings?|vectors?|chat)"
           r"| for (?:all )?(?:my |our |his |her |their )?(?:coding|code|programming|development"
           r"|editing|work|everything)| by default)?")
_OLD = r"(?: instead of (?P<old2>.+?))?"
_ZH_SUBJ = r"(?:用户|我们|我(?!们))?(?:已经|已)?"
_ZH_FOR = (r"\s*(?:来)?(?:(?:作为|当|做)(?P<label>默认模型|模型|编辑器|嵌入模型|向量模型)"
           r"|做(?P<label2>向量化|嵌入)|写代码|编程|写程序|开发)?了?$")
#: Each switch: its pattern and whether its verb announces a change ("switched to") rather
#: than a plain use ("I use X", which names a slot only by a label or the value's kind).
_SWITCH: list[tuple[re.Pattern[str], bool]] = [
    # "I switched (from VS Code) to Zed (as my editor)", "We moved over to X for embeddings"
    (lazy_re(rf"^{_SUBJ_EN} {_CHANGE_EN} (?:from (?P<old>.+?) )?to (?P<v>.+?){_OLD}{_FOR_EN}$",
             _I), True),
    # "I've been using X instead of Y as my default model"
    (lazy_re(rf"^{_SUBJ_EN} (?:now )?(?:been using|started using) (?P<v>.+?){_OLD}{_FOR_EN}$", _I),
     True),
    # "I use Neovim as my editor", "I now code in Zed", "I'm on Neovim"
    (lazy_re(rf"^(?:{_SUBJ_EN}|i'm|we're) (?:now |mostly |mainly )?(?:use|uses|am using|is using"
             r"|are using|using"
             r"|codes? in|programs? in|writes? code in|do (?:all )?(?:of )?(?:my |our )?"
             r"(?:coding|programming|development|editing) in|does (?:all )?(?:of )?(?:his |her "
             r"|their )?"
             rf"(?:coding|programming|development|editing) in) (?P<v>.+?){_OLD}{_FOR_EN}$"
             r"|^(?:i'm|i am|we're|we are|the user is) (?:now )?on (?P<v2>.+)$", _I), False),
    # "I default to Claude Opus", "We standardised on X as the default model"
    (lazy_re(rf"^{_SUBJ_EN} (?:now )?(?:defaults? to|standardi[sz]ed on|settled on|went with"
             rf"|opted for) (?P<v>.+?){_OLD}{_FOR_EN}$", _I), True),
    # "I gave up VS Code for Zed", "We ditched bge-m3 in favour of nomic-embed-text"
    (lazy_re(rf"^{_SUBJ_EN} (?:gave up|given up|ditched|dropped|abandoned|traded|swapped)"
             rf" (?P<old>.+?) (?:for|in favou?r of|with) (?P<v>.+?){_FOR_EN}$", _I), True),
    # "The agent runs on gpt-4o", "bge-m3 is used for embeddings": the value's kind
    (lazy_re(r"^(?:the |our )?(?:agent|assistant|bot|chatbot|hermes|ai)(?:'s llm)? (?:now )?"
             r"(?:runs on|is powered by|is backed by|talks to|uses) (?P<v>.+)$"
             r"|^(?P<v2>.+?) (?:is|are) (?:now )?(?:used|what we use) for (?P<label2>embeddings?"
             r"|vectors?|chat)$", _I), True),
    # "Light mode everywhere please", "Dark theme from now on": the theme asked for
    (lazy_re(r"^(?P<v>(?:dark|light) (?:mode|theme))(?: (?:everywhere|please|from now on"
             r"|for everything|by default|always|again))+$", _I), True),
    # "用户开启了深色模式", "我打开了浅色主题"
    (lazy_re(r"^(?:用户|我(?!们))(?:已经)?(?:开启了?|打开了?|启用了?|切到了?)(?P<v>.+?(?:模式|主题))$"),
     True),
    # "I turned on dark mode", "We enabled the light theme"
    (lazy_re(rf"^{_SUBJ_EN} (?:now )?(?:turned on|switched on|enabled|went with) (?P<v>.+)$", _I),
     True),
    # "Zed replaced VS Code as my editor", "Zed has replaced VS Code"
    (lazy_re(rf"^(?P<v>.+?) (?:has |have )?replaced (?P<old>.+?){_FOR_EN}$", _I), True),
    # "We switched the default model to X", "I changed my editor from Vim to Helix",
    # "Default model changed to X" — the slot named as the object
    (lazy_re(r"^(?:(?:the )?user |i |we )?(?:(?:'ve|has|have) )?(?:switched|changed|set|moved"
             r"|updated|bumped|swapped|flipped|toggled|turned|put|reset|pinned|upgraded"
             r"|downgraded|converted) (?:the |my |our |its |their |his |her |your )?"
             r"(?P<label>[\w ]{2,30}?)"
             r" (?:over )?(?:from (?P<old>.+?) )?to (?P<v>.+)$"
             r"|^(?:the |my |our )?(?P<label2>[\w ]{2,30}?) (?:changed|switched|moved)"
             r" (?:from (?P<old2>.+?) )?to (?P<v2>.+)$", _I), True),
    # "Neovim is now my main editor", "gemini-2.5-pro is our default model now" — the value
    # must be of the slot's kind: "Sarah is my editor" is a person (see _VALUE_FIRST)
    (lazy_re(r"^(?P<vf>.+?) is (?:now )?(?:my|our|the user's|the) (?:new )?(?P<label>[\w ]{2,30}?)"
             r"(?: of choice)?$", _I), True),
    # "From now on use X as the default model", "Please use X for embeddings"
    (lazy_re(r"^(?:(?:from now on|going forward|from today|please),? )*(?:please )?use (?P<v>.+?)"
             r" (?:as|for) (?:the|my|our|your) (?P<label>[\w ]{2,30}?)$", _I), True),
    # "我现在改用 Cursor 写代码了", "已经不用 Vim 了，改成 Helix", "我从 VS Code 换到了 Zed"
    (lazy_re(rf"^{_ZH_SUBJ}(?:从(?P<old>[^,，]+?)|不(?:再)?用(?P<old2>[^,，]+?)了?[,，]\s*)?"
             r"(?:(?:改|换|转)(?:用|成了?|为)|切换到了?|切到了?|换到了?|转到了?|开始用)\s*(?P<v>[^,，]+?)"
             + _ZH_FOR), True),
    # "我把默认模型换成了 claude", "把向量模型从 bge-m3 改成 bge-large"
    (lazy_re(r"^(?:用户|我们|我)?(?:已经)?把(?P<label>[^,，]{1,12}?)(?:从(?P<old>[^,，]+?))?"
             r"(?:换成|改成|改为|设成|设为|切换到|切到|换到|调成|升级到|更新为)了?\s*(?P<v>[^,，]+?)了?$"),
     True),
    # "用户现在用 Zed 写代码", "我用 Neovim 当编辑器"
    (lazy_re(r"^(?:用户|我(?!们))(?:现在|目前|平时|一般)?(?:主要|一直|都)?(?:用|使用)\s*(?P<v>[^,，]+?)"
             r"\s*(?:来)?(?:(?:作为|当|做)(?P<label>默认模型|编辑器|嵌入模型|向量模型)"
             r"|写代码|编程|写程序|开发)?了?$"),
     False),
    # "现在默认用 claude-sonnet-4", "The assistant uses X by default": the value's kind
    (lazy_re(r"^(?:现在|目前|以后)?默认(?:用|使用|改用|换成)了?\s*(?P<v>[^,，]+?)(?:了|吧|了吧)?$"
             r"|^(?:the )?(?:assistant|agent|bot|we|i|user) (?:now )?uses? (?P<v2>.+?) by default$",
             _I), True),
]
# A model known by the shape of its name, when the slot is not named ("switched to bge-m3").
_EMBED_NAME = lazy_re(r"embed|^(?:bge|e5|gte|m3e|jina|nomic|mxbai|voyage|multilingual-e5)\b"
                      r"|minilm|^text-embedding", _I)
_CHAT_NAME = lazy_re(r"^(?:gpt-|chatgpt|claude|gemini|llama|qwen|deepseek|mistral|mixtral"
                     r"|o[1-4](?:-|$)|glm-|kimi|moonshot|doubao|grok|sonnet|opus|haiku"
                     r"|文心|通义|千问|豆包|智谱|混元|星火|月之暗面)", _I)


#: One's own time-keeping things: set to a zone, they say the user's time zone ("moved my
#: clocks to Tokyo time"); a server's or a team's clock is theirs.
_OWN_CLOCK = lazy_re(r"^(?:clocks?|calendars?|watch|phone|schedule|(?:working |work )?hours"
                     r"|day|time|local time|日历|时钟|手表|作息|时间)$", _I)


def _is_zone(value: str) -> bool:
    from vecmem.rules.slots import is_zone  # slots imports topics, which imports this module

    return is_zone(value)


def _tech(value: str) -> list[str]:
    from vecmem.rules.topics import tech_aspects  # topics imports this module

    return tech_aspects(value)


def _kind_slot(value: str, old: str, change: bool) -> str | None:
    """The slot a value names by its own kind: an editor, a model (for a change)."""
    from vecmem.rules.topics import tech_aspects  # topics imports this module

    kinds = tech_aspects(value) or tech_aspects(old)
    if len(kinds) == 1 and kinds[0] in _BY_KIND:
        return _BY_KIND[kinds[0]]
    if _THEME_NAME.match(value.strip()):  # "User uses One Dark": a colour scheme by its name
        return "theme"
    if not change or kinds:
        return None
    for name in (value, old):
        if name and _EMBED_NAME.search(name):
            return "embedding_model"
        if name and _CHAT_NAME.search(name):
            return "default_model"
    return None


#: Colour schemes known by name: used, they are the theme (session 15).
_THEME_NAME = lazy_re(r"^(?:one dark|one light|dracula|nord|solarized(?: dark| light)?|gruvbox"
                      r"(?: dark| light)?|tokyo ?night|monokai(?: pro)?|catppuccin(?: \w+)?"
                      r"|ros[eé] pine|everforest|kanagawa|night owl|ayu(?: dark| light| mirage)?"
                      r"|github (?:dark|light))(?: theme| colou?r scheme)?$", _I)
# A label that names no slot by itself: the value's kind decides ("my daily driver", "the
# default" — "switched the default over to claude-opus-4" is the default model).
_GENERIC_TOOL = lazy_re(r"^(?:daily driver|go-to(?: tool)?|tool of choice|favou?rite(?: tool)?"
                        r"|main tool|weapon of choice|default|默认(?:的|值)?)$", _I)
_CONTEXT = lazy_re(r"\b(?:servers?|remote|ssh|when|whenever|sometimes|occasionally|for quick"
                   r"|for small|for notes|for git|for commit|for (?:a|an|one|this|that)"
                   r"|on (?:the |my )?(?:laptop|server|vm"
                   r"|box|pi|phone|ipad)|at home)\b", _I)


def _switch(text: str) -> str | None:
    """The statement a switch announces, or None (no switch, or no slot it can name)."""
    for rx, change in _SWITCH:
        m = rx.match(text)
        if not m:
            continue
        g = {k: v for k, v in m.groupdict().items() if v}
        value = (g.get("v") or g.get("v2") or g.get("vf") or "").strip(" .,;")
        value = re.split(r"\s*[,，;；]\s*", value, maxsplit=1)[0]  # a clause after it is not it
        old = (g.get("old") or g.get("old2") or "").strip(" .,;")
        label = (g.get("label") or g.get("label2") or "").strip()
        if label:
            slot = next((s for lx, s in _LABELS if lx.match(label)), None)
            if slot in (None, "editor") and re.search(r"\b(?:mode|theme)$", value, _I):
                slot = "theme"  # "flipped my editor to the light theme": the value says
            if slot is None and _OWN_CLOCK.match(label) and _is_zone(trim_value(value)):
                slot, value = "timezone", trim_value(value)  # "moved my clocks to Tokyo time"
            if slot is None and "把" in text and value:  # "把X换成了Y": X is Y
                return f"{label}是{value}"
            if slot is None and _GENERIC_TOOL.match(label):  # "my daily driver": by kind
                slot = _kind_slot(value, old, True)
            elif slot is None and re.search(r"\b(?:mode|theme)$", value, _I):
                slot = "theme"  # "switched the UI to dark mode"
        elif re.search(r"\b(?:mode|theme)$|主题$|模式$", value, _I):
            slot = "theme"
        else:
            slot = _kind_slot(value, old, change)
            # "Vim at work": the value is the tool, not where it is used — but a plain use
            # kept to one place or occasion ("I use nano on the servers when I ssh in") is
            # a tool for that, not the one the slot holds
            tool = re.split(r" (?:at|for|on|in|when|with|during) ", value, maxsplit=1)[0]
            if tool != value and not change and _CONTEXT.search(value[len(tool):]):
                continue
            value = tool
        if "vf" in g and slot != _kind_slot(value, "", True):
            slot = None
        if slot and value:
            return _STATEMENT[slot].format(value)
    return None


# A project (or its service, app, site…) moved to a host: "The api project moved over to
# Render", "billing has been migrated to GCP", "上线环境迁到了腾讯云". Said of a thing the
# project uses ("migrated to Postgres") it is that aspect, not the deploy target.
_PROJECT_EN = (r"(?:the |our |this )?(?:[\w.-]+(?:'s|’s)? )?(?:project|service|app|application"
               r"|api|site|website|backend|frontend|repo)")
_MOVED_EN = lazy_re(rf"^(?P<s>{_PROJECT_EN}) (?:has been |have been |was |got |has |is being )?"
                    r"(?:now )?(?:moved|migrated|switched|ported)(?: over)? to (?P<v>.+)$", _I)
_MOVED_ZH = lazy_re(r"^(?:(?:我们|我|用户)?把)?"
                    r"(?:(?P<s>(?:本|该|这个)?项目.{0,30}?|[\w.-]{1,30}\s?项目)"
                    r"|(?:上线|生产|线上|正式)环境(?:已经)?)(?:从(?P<old>[^,，]+?))?"
                    r"(?:迁移到|迁到|搬到|换到|切到|部署到)了?(?P<v>.+?)了?$")
# "We now deploy the api to Render", "We moved the api project to Render"
_DEPLOY_WE = lazy_re(r"^(?:we|i|the user)(?:'re| are|'m| am| is)? (?:now |have |has |'ve )?"
                     r"(?:(?:deploy(?:ing)?|ship(?:ping)?|host(?:ing)?|run(?:ning)?)"
                     r" (?:the |our )?(?P<n>[\w.-]+)(?: project| service| app)?"
                     r"|(?:moved|migrated) (?:the |our |my )?(?P<n2>[\w.-]+) (?:project|service|app"
                     r"|repo|repository|checkout|codebase|folder|directory))"
                     r" (?:over )?(?:to|on|into) (?P<v>.+)$", _I)
_DEPLOY_ANY = lazy_re(r"^(?:we|i|the user)(?:'re| are|'m| am| is)? (?:now )?(?:deploy|ship|host)"
                      r"(?:ing|s)?(?: everything| it all)? (?:to|on|onto) (?P<v>.+)$", _I)
# "We rewrote atlas in FastAPI", "I ported the api to Go": the stack said by the new value
_REWROTE_WE = lazy_re(r"^(?:we|i|the user)(?: have| has|'ve)? (?:re-?wrote|rebuilt|ported"
                      r"|re-?implemented|migrated|moved|switched) (?:the |our |my )?(?P<n>[\w.-]+)"
                      r"(?: project| service| app| backend| frontend)? (?:in|with|to|onto|on)"
                      r" (?P<v>.+)$", _I)
_PATH = lazy_re(r"^(?:[A-Za-z]:[\\/]|[~/]|\./)\S*$")
_ZH_DIR_TAIL = lazy_re(r"\s*(?:目录|文件夹|路径)?(?:下面|下|里面|里)?$")
# "The api lives on Render", "Production runs on GCP", "api 跑在 Render 上": a host (by kind)
_HOSTED = lazy_re(r"^(?:the |our )?(?:(?:prod|production|live) |(?P<n>[\w.-]+) (?:project |service "
                  r"|app )?)(?:now )?(?:lives on|is served from|is hosted (?:on|at|by)|runs on"
                  r"|is on)"
                  r" (?P<v>.+?)(?: now)?$"
                  r"|^(?:(?:本|该)?项目)?(?P<n2>[\w.-]+)?\s?(?:项目)?(?:现在)?(?:跑在|运行在|托管在|放在)"
                  r"(?P<v2>.+?)(?:上)?(?:了)?$", _I)
_NOT_PROJECTS = frozenset((
    "it", "this", "that", "everything", "the", "server", "machine", "host", "box", "cluster",
    "vm", "laptop", "desktop", "computer", "pc", "database", "db", "container", "node",
    "instance", "gpu"))
# A career move: "was promoted to engineering manager", "用户转行做了数据分析师".
_ROLE_EN = lazy_re(r"^(?:(?:the )?user|i)(?: was| has been| got| have been| has| have)?"
                   r" (?:promoted to|become|became|moved into a role as|switched careers to)"
                   r" (?:an? |the )?(?P<v>.+)$", _I)
_ROLE_ZH = lazy_re(r"^(?P<s>用户|我(?!们))(?:现在|目前|已经|今年|去年|如今|内部)*"
                   r"(?:转行|转岗|改行|升职|晋升|调岗|换岗|调职)?(?:了)?[,，]?(?:现在|如今|目前)?"
                   r"(?:做|当上|当|成为|成了|升为|被?(?:提拔|任命|聘任|聘|评)为|调任|为|升任|任)了?"
                   r"(?:一名|一个|一位)?"
                   r"(?P<v>.+?)了?$")
# "成为了会员" is no job: 成为 counts only with a measure word ("成为了一名医生")
_ROLE_ZH_VERB = lazy_re(r"^(?:用户|我)(?:现在|目前|已经|今年|去年|如今|内部)*"
                        r"(?:转行|转岗|改行|升职|晋升|升任|升为|被?(?:提拔|任命|聘任|聘|评)为|调任|当上"
                        r"|调岗|换岗|调职|成为了?(?:一名|一位))")
_ROLE_NOT_NOW = lazy_re(r"想|打算|计划|准备|以前|曾经|之前|兼职|帮忙|临时")
# "我现在做产品经理了": a bare 做 / 当 names a role only when the value ends like a job
# (做饭, 做项目 are no roles); the closed class of job endings.
_ZH_JOB_END = lazy_re(r"(?:经理|工程师|设计师|分析师|架构师|总监|主管|负责人|专员|顾问|老师|教师"
                      r"|医生|护士|律师|会计|编辑|记者|研究员|开发|运营|产品|测试)$")


def _moved(text: str) -> str | None:
    from vecmem.rules.topics import tech_aspects  # topics imports this module

    m = _REWROTE_WE.match(text)
    kinds = tech_aspects(m["v"]) if m else []
    if m and kinds and m["n"].casefold() not in _NOT_PROJECTS:
        value = m["v"].strip(" .")
        if kinds == ["deploy"]:
            return f"The {m['n']} project deploys to {value}"
        if kinds in (["language"], ["framework"]):
            return f"The {m['n']} project was rewritten in {value}"
        return f"The {m['n']} project uses {value}"  # "moved atlas to Postgres": its database
    m = _MOVED_EN.match(text)
    if m and re.search(r"\w(?:'s|’s) ", m["s"]):  # "meadow's API" is "the meadow API"
        subject = re.sub(r"^(?:the |our |this )?(\S+?)(?:'s|’s) ", r"The \1 ", m["s"], flags=_I)
        return _moved(subject + text[m.end("s"):])
    if m and _PATH.match(m["v"].strip(" .")):  # a checkout moved on disk: its path
        return f"{m['s']} lives at {m['v'].strip(' .')}"
    if m:
        value = m["v"].strip(" .")
        if tech_aspects(value) not in ([], ["deploy"]):
            return f"{m['s']} uses {value}"
        return f"{m['s']} deploys to {value}"
    m = _DEPLOY_WE.match(text)
    if m and (m["n"] or m["n2"]).casefold() not in _NOT_PROJECTS:
        return _moved(f"The {m['n'] or m['n2']} project moved to {m['v']}")
    m = _DEPLOY_ANY.match(text)
    if m:  # "We now deploy on Cloud Run": the project's host, no name said
        return f"The project deploys to {m['v'].strip(' .')}"
    m = _HOSTED.match(text)
    host = m and (m["v"] or m["v2"]).strip()
    if m and host and tech_aspects(host) == ["deploy"]:
        name = m["n"] or m["n2"]
        if name and name.casefold() in _NOT_PROJECTS:  # a machine's host is config
            return None
        return f"The {name} project deploys to {host}" if name else f"The project deploys to {host}"
    m = _MOVED_ZH.match(text)
    if m and _PATH.match(path := _ZH_DIR_TAIL.sub("", m["v"].strip())):
        return f"{m['s'] or '项目'}的路径是{path}"
    if m:
        return f"{m['s'] or '项目'}部署在{m['v']}"
    m = _ROLE_EN.match(text)
    if m:  # by its label: the verb says it is a role, whatever the head noun
        return f"The user's job title is {m['v']}"
    if _ROLE_ZH_VERB.match(text) and (m := _ROLE_ZH.match(text)):
        return f"{m['s']}的职位是{m['v']}"  # by its label: 当上了校长 names a role
    if (m := _ROLE_ZH.match(text)) and _ZH_JOB_END.search(m["v"]) and not _ROLE_NOT_NOW.search(
            text):
        return f"{m['s']}的职位是{m['v']}"
    return None


# "Please answer in English from now on", "Switch to English please", "请改用英文回复":
# the standing instruction the language preference family reads.
_LANG_NAMES = ("english|chinese|mandarin|cantonese|japanese|korean|french|german|spanish"
               "|portuguese|italian|russian|dutch|vietnamese|deutsch|français|francais|español"
               "|espanol")
_ENDONYM = {"deutsch": "German", "français": "French", "francais": "French",
            "español": "Spanish", "espanol": "Spanish"}
_LANG_SWITCH = [
    lazy_re(r"^(?:please |from now on,? |going forward,? )*(?:switch|change|move) (?:over )?to"
            rf" (?P<v>{_LANG_NAMES})(?: please| from now on| going forward)?$", _I),
    lazy_re(r"^(?:please |from now on,? |going forward,? )*(?:answer|reply|respond|write|talk)"
            rf" (?:to me )?in (?P<v>{_LANG_NAMES})(?: please| from now on| going forward)+$", _I),
    # "Please answer in Japanese": asked of the agent, an answer language is how to answer
    # from now on (it fills the one-value language slot; a one-off would name the answer)
    lazy_re(r"^(?:please|pls|kindly),? (?:answer|reply|respond|talk|write back)"
            rf" (?:to me )?in (?P<v>{_LANG_NAMES})(?: please)?$", _I),
    # "From now on I'd like replies in German": the answers named, a standing marker with them
    lazy_re(r"^(?:from now on|going forward|from today|always),? (?:i'd like|i would like|i want"
            r"|i prefer|please give me|give me|send me|please send) (?:all )?(?:my )?(?:replies"
            rf"|answers|responses) in (?P<v>{_LANG_NAMES})(?: please)?$", _I),
    lazy_re(r"^(?:i'd like|i would like|i want|i prefer|please give me|give me) (?:all )?"
            rf"(?:replies|answers|responses) in (?P<v>{_LANG_NAMES})"
            r" (?:from now on|going forward|from today on|always)$", _I),
    # "Reply in English": a bare imperative kept as a memory is a standing instruction
    lazy_re(rf"^(?:answer|reply|respond|write back|talk)(?: to)?(?: me)? in (?P<v>{_LANG_NAMES})$",
            _I),
    # "Keep talking to me auf Deutsch": a standing instruction kept up
    lazy_re(r"^(?:please )?(?:keep|continue|stick to) (?:talking|replying|answering|writing"
            r"|responding)(?: to me| back)? (?:in|auf|en) "
            rf"(?P<v>{_LANG_NAMES})(?: please)?$", _I),
    # "Please always reply in French": a standing marker before the verb
    lazy_re(r"^(?:please )?(?:always|from now on,?|going forward,?) (?:please )?(?:answer|reply"
            rf"|respond|write|talk) (?:to me )?in (?P<v>{_LANG_NAMES})(?: please)?$", _I),
]
_LANG_SWITCH_ZH = lazy_re(r"^(?:用户|我)?(?:请|以后|今后|从现在起|已经)*"
                          r"(?:改用|换用|换成|切换到|改成|都用)"
                          r"(?P<v>中文|英文|英语|日语|日文|韩语|法语|德语)"
                          r"(?P<how>回复|回答|交流|沟通|写)?(?:我)?(?:吧|了)?$")


# "用户以后想要英文回复": a wish with a standing marker is the standing preference (without
# one it stays a wish); "请用英文回答" likewise
# "跟我说中文就行", "和我用英文交流吧": how to talk to the user, said to the agent
_LANG_TALK_ZH = lazy_re(r"^(?:请|以后|今后)?(?:跟|和|对)我(?:说|讲|用)"
                        r"(?P<v>中文|英文|英语|日语|日文|韩语|法语|德语)(?P<how>交流|沟通|回复|回答)?"
                        r"(?:就行|就好|即可|吧)?$")
_LANG_PLEASE_ZH = lazy_re(r"^(?:请|麻烦)(?:你)?(?:用|以)"
                          r"(?P<v>中文|英文|英语|日语|日文|韩语|法语|德语)"
                          r"(?P<how>回复|回答|交流|沟通)(?:我)?(?:吧)?$")
_LANG_WISH_ZH = lazy_re(r"^(?:用户|我)?(?:以后|今后|从现在起|往后)(?:都)?(?:想要|希望|要|想)(?:用)?"
                        r"(?P<v>中文|英文|英语|日语|日文|韩语|法语|德语)(?P<how>回复|回答|交流|沟通)"
                        r"(?:我)?(?:吧|了)?$")


def language_switch(text: str) -> str | None:
    """The standing answer-language preference a switch asks for ("Switch to Spanish
    please" → "From now on answer in Spanish"), else None. The quality filter reads it as
    a preference, not a one-off request (``topics.preference_body``)."""
    for rx in _LANG_SWITCH:
        m = rx.match(text)
        if m:  # "auf Deutsch" is German: the language by its English name
            return f"From now on answer in {_ENDONYM.get(m['v'].casefold(), m['v'])}"
    m = (_LANG_SWITCH_ZH.match(text) or _LANG_WISH_ZH.match(text)
         or _LANG_PLEASE_ZH.match(text) or _LANG_TALK_ZH.match(text))
    return f"以后用{m['v']}{m['how'] or '回复'}" if m else None


def restate(text: str) -> str:
    """``text`` with a change announcement read as the statement of the new value."""
    text = _untime(before_restate(early(text)))
    switched = _switch(text) or _moved(text) or language_switch(text)
    if switched is not None:
        return switched
    for rx, template in _RULES:
        m = rx.match(text)
        if m:
            return m.expand(template)
    return text
