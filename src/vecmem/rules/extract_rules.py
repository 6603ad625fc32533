"""The rule tables of the rule extractor (:mod:`vecmem.rules.extract`).

Each rule is ``(pattern, builder)``: the pattern matches a whole sentence (after the
discourse markers are stripped, :mod:`extract_screen`), the builder
(:mod:`extract_build`) turns the match into ``(content, type, subject, predicate,
object)`` or refuses it (``None``). The first rule whose builder accepts wins. The words
the tables share are in :mod:`extract_words`.
"""

from __future__ import annotations

import re

from vecmem.rules.extract_build import (
    Builder,
    E,
    J,
    P,
    U,
    _en,
    _keep_zh,
    _kv_zh,
    _pref_zh,
    _r,
    _tool_for_zh,
    _unless_hearsay,
    _user_en,
)
from vecmem.rules.extract_words import (
    _CONFIG_EN,
    _CONFIG_ZH,
    _DATE_ZH,
    _IDENTITY_EN,
    _IMPERATIVE_EN,
    _JOBS_ZH,
    _KIN_EN,
    _KIN_MORE_EN,
    _KIN_ZH,
    _PARTS_EN,
    _PARTS_ZH,
    _SET_ZH,
    NATIONALITY_EN,
)
from vecmem.text import lazy_re

__all__ = ["RULES"]

# ---- facts about the user: one table per language, one builder each -------------------
# Every rule below is "I <verb phrase> <object>" / "我<verb phrase>…": the English ones
# are rewritten by _user_en (the verb phrase to the third person, the object's pronouns),
# the Chinese ones keep the user's wording after "我" (_keep_zh). A row is (predicate,
# verb phrase, object pattern, what the object must be).

# A duration of months or more ("for six years", "since 2019", "since I was a kid").
_DURATION_EN = (r"(?:for (?:about |almost |over |nearly |more than |around |the (?:past|last) )?"
                r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|\d+|a few"
                r"|a couple of|several|many) (?:years?|months?|decades?)|since (?:\d{4}|I was\b"
                r"|childhood|college|high school|uni\b|university|grad school"
                r"|(?:last |early |late )?(?:january|february|march|april|may|june|july"
                r"|august|september|october|november|december|spring|summer|fall|autumn"
                r"|winter)\b))")
# Verbs of an effort, a wait, a thought or a step in flight: "I've been waiting for
# months", "I've been debugging this for two years" says nothing the user keeps up.
_NOT_KEPT_UP_EN = (r"waiting|thinking|wondering|trying|meaning|planning|hoping|looking|wanting"
                   r"|wishing|dying|itching|dreaming|considering|saving up"
                   r"|struggling|worrying|debugging|fixing|getting|feeling|dealing|fighting"
                   r"|searching|going back and forth|putting off|avoiding|procrastinating")

_USER_EN: list[tuple[str, str, str, str]] = [
    # (predicate, verb phrase after "I", object, object check: "" / concrete / dated / kin)
    ("lives_in", r"live in|am living in|reside in|am based in|live (?:just )?(?:near|outside)"
     r"|have lived in|have been living in",
     r".+", ""),
    ("is_from", r"am from|am originally from|grew up in|was born(?: and raised)? in"
     r"|was raised in", r".+", ""),
    ("works", r"work (?:as|at|for|in)|am working (?:as|at|for)|have been working (?:as|at|for)"
     r"|got (?:a|my) (?:new |first |dream )?job(?: as| at| with)?"
     r"|(?:started|landed|accepted) (?:a|my) (?:new |first |dream )?job(?: as| at| with)?"
     r"|volunteer (?:at|with|for)|am volunteering (?:at|with|for)",
     r"(?!(?:a|one) team\b|together\b|hard\b|a lot\b)(?!part of a team).+", "concrete"),
    ("works", r"left|quit|lost", r"my (?:[\w-]+ ){0,3}(?:job|position|role|career)\b.*", ""),
    # Own projects under way ("I'm writing a novel", "I've been working on a screenplay").
    ("works_on", r"am working on|have been working on|am teaming up with|am partnering with"
     r"|am training for|am preparing for|am studying for|have been blogging about"
     r"|am blogging about|blog about|have been writing about|write about"
     r"|am collaborating with|have been collaborating with", r".+", "concrete"),
    ("works_on", r"am (?:writing|filming|recording|building|making|developing|designing"
     r"|directing|producing)", r"(?:my own|my first|an?|my) (?:[\w-]+ ){0,2}(?:book|novel"
     r"|movie|film|screenplay|script|album|song|app|game|website|business|course|podcast"
     r"|documentary|series|house|garden|studio|collection|memoir)\b.*", ""),
    # What the speaker is reading, playing or watching, when it is named.
    ("currently", r"am (?:reading|playing|watching|listening to)|have been (?:reading|playing"
     r"|watching|listening to)", r".*(?:\"[^\"]{2,}\"|“[^”]{2,}”|'[^']{2,}'"
     r"|\b(?:called|named|by) (?-i:[A-Z])).*", "concrete"),
    ("is", r"am (?:an?)|have been (?:an?)", rf"(?:[\w-]+ ){{0,3}}(?:{_IDENTITY_EN})"
     r"(?: (?:at|for|with|in|since) .+)?",
     ""),
    # "I'm the only backend engineer on a team of four", "I'm the tech lead".
    ("is", r"am the(?: (?:only|lead|main|sole|head|principal|primary|senior|resident|founding))?",
     rf"(?:[\w-]+ ){{0,2}}(?:{_IDENTITY_EN})(?: (?:at|for|with|in|on) .+)?", ""),
    ("is", r"am", r"(?:happily )?(?:married|engaged|divorced|single|pregnant|retired"
     r"|expecting(?: a baby)?)(?: (?:to|with) .+)?", ""),
    # "I'm part of the platform team at Zalando", "I lead a team of five data engineers".
    ("works", r"am part of|am on|am in|lead|manage|run|head|have joined|joined",
     r"(?:the|a|an|our|my) (?:[\w-]+ ){0,3}(?:team|group|squad|department|org|lab|unit)\b.*",
     "concrete"),
    ("studies", r"study|am studying|am majoring in|am learning|have been learning"
     r"|am trying to learn|am teaching myself|have been teaching myself"
     r"|graduated from|graduated with", r".+", "concrete"),
    ("studies", r"am taking|took|signed up for|enrolled in|am enrolled in|registered for",
     r".*\b(?:class|classes|course|courses|lessons?|workshop|program|degree)\b.*", "concrete"),
    # A state kept up for years ("I've been in Toronto for ten years", "I've been a nurse
    # since 2015", "Been freelancing as a translator for six years now"): the present
    # perfect with a duration of months or more states a standing relation, not a step.
    ("lives_in", r"have been (?:in|based in|living in)",
     rf"(?-i:[A-Z])[\w.-]*(?: (?-i:[A-Z])[\w.-]*)* {_DURATION_EN}.*", ""),
    ("is", r"have been", rf"(?:an?) (?!(?:bit|little|lot|while|mess|wreck)\b)[\w-]+"
     rf"(?: [\w-]+){{0,3}} {_DURATION_EN}.*", ""),
    ("does", r"have been", rf"(?!(?:{_NOT_KEPT_UP_EN})\b)[a-z]+ing (?!(?:for|since)\b)"
     rf"[^.!?;,]{{2,60}}? {_DURATION_EN}.*", ""),
    ("interested_in", r"(?:am|have always been|have been|became|have become|got|get)"
     r" (?:really |so |very |super |deeply |quite )?(?:passionate about|interested in|into"
     r"|keen on|hooked on|obsessed with|a (?:big |huge )?fan of)|have been looking into"
     r"|am looking into", r".+", "concrete"),
    # A childhood favourite: "I loved reading Charlotte's Web as a kid".
    ("liked", r"loved|used to love|used to like|liked", r".+\b(?:as a (?:kid|child|teen"
     r"|teenager)|growing up|when I was (?:a kid|little|young|younger|a child))\b.*",
     "concrete"),
    ("started", r"started|began|took up|have started|have taken up|joined|have joined"
     r"|am starting|am trying out|have been trying out|got into|have gotten into"
     r"|am getting into", r".+", "concrete"),
    # Durable achievements: a tournament won, a first novel finished, an exam passed.
    ("achieved", r"won|have won", r"(?:my|a|an|the|first|\w+) (?:[\w-]+ ){0,4}(?:tournament"
     r"|competition|award|prize|race|championship|contest|medal|trophy|scholarship|grant"
     r"|title|cup|league)\b.*", ""),
    ("achieved", r"finished|completed|have finished|have completed",
     r"(?:my|a|the) (?:first |second |third |\w+ )?(?:full )?(?:marathon|half marathon|race"
     r"|degree|course|program|novel|book|screenplay|album|thesis|dissertation|triathlon"
     r"|certification|training)\b.*", ""),
    ("achieved", r"passed|have passed", r"(?:my|the|a|an) (?:[\w-]+ ){0,3}(?:exams?|tests?|bar"
     r"|boards?|interviews?|audition|course|background check)\b(?! (?:suite|cases?|run|pipeline"
     r"|matrix|coverage)\b).*", ""),
    ("achieved", r"published|released|have published|have released",
     r"(?:my|a|an) (?:first |new |second )?(?:\w+ )?(?:book|novel|paper|article|album|song"
     r"|single|ep|game|app|podcast|collection)\b.*", ""),
    ("achieved", r"earned|received|got|was awarded", r"(?:my|a|an) (?:[\w-]+ ){0,3}(?:degree"
     r"|certificate|certification|diploma|black belt|promotion|scholarship|license|licence"
     r"|award)\b.*", ""),
    ("achieved", r"got|was", r"(?:promoted|accepted|certified|hired)\b.*", ""),
    ("used_to", r"used to", r"(?:live|work|have|play|run|own|teach|study)\b.+",
     "concrete"),
    ("has", r"have|have got|got|adopted", rf"(?:an?|one|two|three|four|five|\d+) "
     rf"(?:[\w-]+ ){{0,2}}(?:{_KIN_MORE_EN})\b(?: (?:named|called) .+)?.*", "kin"),
    ("has", r"have|have got|own|run", r"(?:a|an|my own) (?:[\w-]+ ){0,2}(?:blog|podcast"
     r"|youtube channel|channel|shop|store|business|bakery|company|garden|band|studio|website"
     r"|house|car|boat|farm)\b.*", ""),
    ("has", r"bought|got", r"(?:a|an) new .+", "concrete"),
    ("health", r"am(?: severely| very| mildly| deathly| extremely| highly| seriously| super)?",
     r"allergic to .+|lactose intolerant|diabetic|colou?r ?blind|on a (?:\w+ )?diet.*", ""),
    ("health", r"have|have had|had|suffer from|was diagnosed with|have been diagnosed with"
     r"|am recovering from",
     r"(?:type [12] )?(?:asthma|diabetes|migraines?|adhd|anxiety|depression|celiac disease"
     r"|high blood pressure|insomnia|eczema|arthritis|cancer|covid|a \w+ injury)\b.*", ""),
    ("uses", r"use|(?:code|write|program|work) (?:mostly |mainly |primarily )?in|am using"
     r"|have been using|switched to"
     r"|have switched to|moved over to|(?:have )?(?:switched|moved|migrated) from .{1,30}? to",
     r"(?!(?:it|this|that|them|the same|a lot|an?)\b)(?:[A-Z0-9][\w.+#-]*|(?:uv|pnpm|npm|yarn|bun"
     r"|deno|pip|pipx|poetry|conda|vim|neovim|nvim|emacs|zsh|fish|bash|tmux|git|docker|podman"
     r"|kubectl|helm|terraform|ruff|black|pytest|jest|vitest|vite|cargo|brew|nix|zed|helix)\b)"
     r"(?: [A-Z0-9][\w.+#-]*)?"
     r"(?:(?:,| and| &|, and) [\w.+#-]+)*(?: (?:for|as|to|since|at|last|this|in|recently"
     r"|every|daily|now|back|these|nowadays|with|instead of|rather than|over|most|mostly) .+"
     r"| (?:about |almost |over )?(?:a|an|one|two|three|four|five"
     r"|six|\d+|a few|a couple(?: of)?|several) (?:days?|weeks?|months?|years?) ago\b.*)?", ""),
    ("works", r"work remotely from|work remotely in|work from home in|work from", r".+", ""),
    ("moved_to", r"moved to|relocated to|have moved to|moved into|have moved into", r".+", ""),
    ("plans", r"am (?:planning|going|hoping|about|aiming) to|plan to|intend to|want to"
     r"|hope to|will|am gonna", r".+", "dated"),
    ("plans", r"booked|have booked|am booking",
     r"(?:a|an|my|our) (?:\w+ )?(?:flight|trip|ticket|tickets|vacation|holiday|cruise|tour"
     r"|hotel|stay)\b.*", ""),
    ("plans", r"am (?:heading|flying|traveling|travelling|going|off|visiting|driving|moving"
     r"|running|competing in|attending|speaking at|presenting at"
     r"|relocating|starting|graduating|retiring|getting married|getting engaged|having"
     r" (?:a baby|surgery|an operation))", r".+", "dated"),
    # "I have a dentist appointment next Tuesday".
    ("plans", r"have|have got|got", r"(?:an?|my) (?:[\w-]+ ){0,2}(?:appointment|interview|exam"
     r"|surgery|operation|flight|wedding|conference|checkup|check-up|deadline|trip|exam)\b.*",
     "dated"),
    # "I start at Microsoft next month", "I'm joining Stripe in May": the next employer.
    ("works", r"start at|am starting at|will start at|start (?:my (?:new )?job|work) at"
     r"|am joining|will join|am going to join",
     r"(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*)*(?: (?:as|in|on|next|this) .+)?", ""),
    # "I've been at Spotify for three years": the employer, named.
    ("works", r"have been at|have been with|have worked at",
     r"(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*)*(?: (?:for|since) .+)?", ""),
    ("works", r"teach|have taught|coach|tutor", r"(?!(?:you|them|him|her|it|this|that|me)\b)"
     r"(?:[\w-]+ ){0,3}(?:math|maths|mathematics|chemistry|physics|biology|english|history"
     r"|science|music|art|piano|guitar|yoga|french|spanish|german|chinese|kindergarten|school"
     r"|students|kids|classes|courses|at|in)\b.*", ""),
    # "I take blood thinners": a standing medication.
    ("health", r"take|am taking|am on|have been taking", r"(?:blood thinners|insulin"
     r"|antidepressants|antihistamines|statins|beta blockers|birth control|the pill|thyroid"
     r" medication|levothyroxine|metformin|warfarin|lithium|melatonin|iron supplements"
     r"|(?:\w+ )?(?:medication|meds|pills|tablets) for .+)\b.*", ""),
    # "I see a cardiologist every six months": care the user keeps up.
    ("health", r"see|visit|go to|have", r"(?:a|an|my) (?:[\w-]+ )?(?:cardiologist|therapist"
     r"|psychiatrist|psychologist|doctor|dentist|physio|physiotherapist|chiropractor"
     r"|dermatologist|endocrinologist|neurologist|oncologist|specialist|counsell?or"
     r"|nutritionist|dietitian|GP)\b.*", "routine"),
    ("health", r"have|have got|got", r"(?:an? )?(?:severe |mild |bad )?(?:[\w-]+ ){1,2}"
     r"(?:allergy|allergies|intolerance)\b.*", ""),
    ("health", r"am(?: really| very| terribly)?", r"(?:afraid|scared|terrified) of (?:flying"
     r"|heights|needles|dogs|spiders|snakes|water|the dark|crowds|elevators|driving|deep water"
     r"|blood|the dentist|hospitals)\b.*", ""),
    ("speaks", r"speak|can speak|am fluent in|speak fluent", r"(?-i:[A-Z])\w+(?:(?:,| and"
     r"| &) (?:a (?:bit|little) of )?(?:some )?(?:basic )?(?-i:[A-Z])\w+)*", ""),
    # "I maintain a Django monolith", "I'm stuck on Postgres 12": named tech of the work.
    ("works_on", r"maintain|am maintaining|own|am building|build",
     r"(?:a|an|the|our|my) (?:[\w-]+ )?(?-i:[A-Z])[\w.+#-]*(?: [\w.+#-]+){0,3}", ""),
    ("uses", r"am stuck on|am stuck with|am pinned to|am still on",
     r"(?-i:[A-Z])[\w.+#-]*(?: \d[\w.]*)?.*", ""),
    # "I have flat feet", "I had knee surgery last year": a body and its history.
    ("health", r"have|had|have had|underwent|have got|got", r"(?:flat feet|a pacemaker"
     r"|a cochlear implant|an insulin pump|scoliosis|tinnitus"
     r"|sleep apnea|(?:a )?(?:\w+ )?(?:surgery|transplant|replacement|fracture)|a heart"
     r" condition|a stent)\b.*", ""),
    # "I've got a MacBook Air M2": a named thing the user owns.
    ("has", r"have|have got|own|got|bought", r"(?:an?|my) (?:new |old )?(?-i:[A-Z])[\w-]*"
     r"(?: [\w-]+){0,3}", "owned"),

    # "I've been doing jiu-jitsu three times a week": an activity kept up, with its rhythm.
    ("does", r"do|have been doing|practi[cs]e|have been practi[cs]ing|play|have been playing"
     r"|train|have been training|go|have been going", r"(?!(?:it|this|that|some|a lot)\b).+",
     "routine"),
    ("routine", r"", r"(?:try to |like to |tend to )?(?!(?:am|is|was|were|have|had|will|would"
     r"|can|could|should|do|did|feel|felt|miss|love|think|hope|wish|know|guess|need|want|hate"
     r"|like|enjoy|prefer|dislike|mean|wonder|see)\b)"
     r"[a-z]+ .+", "routine"),
]


_USER_ZH: list[str] = [
    # The part after "我" that is kept (group "rest", its verb in group "verb").
    r"(?:现在|目前|一直)?(?P<verb>住在|生活在|来自|出生在|出生于|老家在|家在|定居在).+",
    r"(?:从小|小时候)?(?P<verb>在).{1,10}长大",
    # Not "在考虑换工作", "在找工作": a thought or a search is no workplace.
    r"(?:现在|目前)?在(?!考虑|想|犹豫|纠结|找|换|准备|申请|担心)"
    # (Not "加了一晚上班": an aspect marker inside says what happened once.)
    r"[^了过]+?(?P<verb>工作|上班|上学|读书|任职|实习|当志愿者|读研|读博|读大学|念书"
    # Where one lives said the same way: 在 + place + the verb of dwelling.
    r"|上大学|定居|生活|居住|安家|落户)",
    rf"(?:现在|目前)?(?P<verb>是|做|当)(?:一名|一个|一位)?.{{0,12}}?(?:{_JOBS_ZH})",
    rf"(?:现在|目前)?在.{{1,12}}?(?P<verb>做|当)(?:一名|一个|一位)?.{{0,8}}?(?:{_JOBS_ZH})",
    # "我是李雷" after a greeting: a short name (not "我是北京人", "我是认真的").
    r"(?P<verb>是)(?![^，,]*(?:人|的|了|吗|呢|吧|啊)$)[\u4e00-\u9fff]{2,3}",
    r"(?P<verb>叫)(?![他她你它])[^，,]{1,20}",
    r"(?P<verb>对).{1,20}过敏",
    # A language by its form: names of languages end in 语 / 话 / 文 ("会说粤语和普通话").
    r"(?P<verb>会说|会讲|能说|能讲|母语是)[^，,]{0,12}?(?:语|话|文)(?:和[^，,]{1,6}?(?:语|话|文))?",
    # Raising an animal: whatever follows the classifier is the animal ("养了两条金毛").
    r"(?P<verb>养了|养着)(?:一|两|三|四|五|\d+)?(?:只|条|匹|头)[\u4e00-\u9fff]{1,6}",
    # A habit said with its adverb: "平时用飞书和 Notion" (the object in any script).
    r"(?P<verb>(?:平时|一般|一直|主要|通常|日常|习惯)(?:都|也)?用)(?!来|过|了|一下|这|那|它)[^，,]{2,20}",
    r"(?P<verb>对).{1,16}(?:很|非常|特别|挺|比较)?感兴趣",
    r"(?:最近|现在|一直)?(?P<verb>迷上了|爱上了|喜欢上了).{1,20}",
    r"(?P<verb>有|患有|得了)(?:轻微的|严重的)?(?:哮喘|糖尿病|高血压|偏头痛|失眠|抑郁症|焦虑症"
    r"|乳糖不耐受|过敏性鼻炎)",
    r"(?:家里?)?(?P<verb>有|养了|养着|领养了|收养了)(?:(?:一|两|三|四|\d+)?只[\u4e00-\u9fff]{0,4}"
    r"(?:猫|狗|犬|兔|鸟|鹦鹉|仓鼠|龟|鼠|猪).*|(?:一|两|三|四|\d+)(?:(?:个|只|条|位)"
    r"(?:女儿|儿子|孩子|哥哥|姐姐|弟弟|妹妹|狗|猫|小狗|小猫|宠物|兔子|仓鼠|鹦鹉)|只[\u4e00-\u9fff]{1,6}"
    # "有个弟弟": the numeral "一" before 个 is often left out (not before 只: "有只手…").
    r"|条(?:狗|小狗|鱼|金鱼|蛇)).*|个(?:女儿|儿子|孩子|哥哥|姐姐|弟弟|妹妹).*)",
    r"(?P<verb>有)(?:男朋友|女朋友|老婆|老公|对象)了?",
    r"(?:已经)?(?P<verb>结婚|订婚|离婚|怀孕|退休)了",
    r"(?:平时|一般|主要|现在|一直)?(?:一直在|在)?(?P<verb>用)\s*[A-Za-z][\w.+#-]*.{0,24}",
    r"(?:刚|最近|已经)?(?P<verb>搬到了?|搬去了?).+",
    r"(?:最近|现在|一直)?(?:正在|在)?(?P<verb>学)(?!习惯|到|会了?很多|得很)(?:习)?.{1,16}",
    r"(?:最近|刚|已经|上个月|去年|今年)?(?P<verb>开始|参加了|加入了|报了|报名了|考上了|考取了"
    r"|毕业于|毕业了)(?!觉得|感觉|想|担心|怀疑|明白|后悔|有点|变得)(?!.*(?:一下|看看|吧$)).{1,20}",
    r"(?:刚|最近|上周|上个月|去年)?(?P<verb>买了)(?:一?(?:辆|套|台|架|把|只)|新的?).{1,16}",
    r"(?:已经)?(?P<verb>订了)(?:去|飞).{1,12}的(?:机票|火车票|高铁票|酒店|船票)",
    r"(?P<verb>每(?:天|周|星期|个月|年|个周末|周末))(?:都|会)?(?!都?(?:很|好|特别|太|挺|超|非常))"
    r".{2,20}",
    rf"(?:{_DATE_ZH})?(?P<verb>打算|计划|准备|要)(?=.*(?:{_DATE_ZH})).+",
    # A dated trip said plainly: "我下个月3号去上海出差".
    rf"(?:{_DATE_ZH})(?:\d{{1,2}}[号日])?(?P<verb>去|飞去|飞|回|出发去|搬去)[^,，]{{1,16}}",
]


RULES: list[tuple[re.Pattern[str], Builder]] = [
    # -- Chinese: preferences
    (_r(r"^我(?:一直|平时|通常|比较|更|很|非常|特别|还是|最)*(?P<neg>不喜欢|讨厌|受不了)(?P<x>.+)$"),
     _pref_zh),
    (_r(r"^我\s*(?:一直|平时|通常|比较|更|很|非常|特别|还是|最)*(?:喜欢|偏好|偏爱|倾向于?|prefer\s)"
        r"(?P<x>.+)$"),
     _pref_zh),
    (_r(r"^我(?:一直|平时|通常)*(?P<habit>习惯)(?P<x>.+)$"), _pref_zh),
    (_r(r"^(?:请你?)?(?:以后|今后|往后|之后|从现在起|从现在开始)[,，]?(?:请你?|你)?"
        r"(?P<x>(?:回答|回复|都|每次|总是|始终|一律|统一|不要|别|用|使用|先).+)$"), _pref_zh),
    (_r(r"^请你?(?:始终|总是|一直|每次都?|永远)(?P<x>.+)$"), _pref_zh),
    # -- Chinese: configuration
    (_r(r"^(?:我们|项目|这个项目)?的?(?P<default>默认)的?(?P<k>[^是为用，,]{1,12}?)"
        r"(?:是|为|用|设为|设置为|改成|改为|换成)(?P<v>.+)$"), _kv_zh),
    (_r(rf"^(?:我们|我)?(?:已经)?把(?P<k>[^，,]{{0,12}}?(?:{_CONFIG_ZH}))(?:号)?"
        rf"{_SET_ZH}了?(?P<v>.+)$"), _kv_zh),
    (_r(rf"^(?P<k>(?![这那])[^，,我]{{0,12}}?(?:{_CONFIG_ZH}))(?:号)?(?:已经|现在|目前)?"
        rf"(?:{_SET_ZH}|是|为|用)了?(?P<v>.+)$"), _kv_zh),
    # -- Chinese: project facts
    (_r(r"^(?:这个|本|我们的?|该|当前)?项目(?:现在|目前)?(?P<rest>(?:是|都是)?"
        r"(?P<verb>用|使用|采用|基于|依赖|跑在|运行在|部署在|需要).+)$"),
     _keep_zh("项目", J, "项目")),
    (_r(rf"^(?:我们的?|项目的?|这个项目的?)(?P<rest>(?:{_PARTS_ZH})(?:现在|目前)?(?:是|都是)?"
        r"(?P<verb>用|使用|采用|基于|跑在|部署在|写在|是).+)$"), _keep_zh("项目", J, "项目")),
    (_r(rf"^我们(?:现在|目前)?(?:用|使用|采用)(?P<x>.+?)(?:来)?(?:做|作为|当|写)"
        rf"(?P<part>{_PARTS_ZH})(?:框架|工具)?$"), _tool_for_zh),
    # -- Chinese: facts about the user
    (_r(rf"^我(?:的|家的?)?(?P<rest>(?P<k>{_KIN_ZH})(?:的名字)?(?:现在|今年|也)?(?P<verb>叫|是|名叫|在|喜欢|爱|会|学|上|读"
     r"|对).+)$"),
     _unless_hearsay(_keep_zh("用户的", U, "用户"))),
    *[(_r(rf"^我(?P<rest>{body})$"), _keep_zh("用户", U, "用户")) for body in _USER_ZH],
    # -- English: preferences
    (_r(r"^I (?:really |strongly |generally |usually |always |much |definitely |still )*"
        r"(?:don'?t like|do not like|dislike|hate|can'?t stand) "
        # "I hate when the build breaks": a complaint about a moment, not a preference.
        r"(?!(?:when|how|that|it when|it how|being|people who)\b)(?P<x>.+)$"),
     _en("User dislikes {x}", P, "user", "dislikes", concrete=True)),
    (_r(r"^I (?:really |strongly |generally |usually |always |much |definitely |still )*"
        r"prefer (?P<x>.+)$"), _en("User prefers {x}", P, "user", "prefers", concrete=True)),
    # "I love that you…", "I like how…" are reactions to the conversation, not preferences.
    (_r(r"^I (?:really |generally |usually |always |definitely |still |also |do )*"
        r"(?:like|love|enjoy) (?:also )?(?!(?:that|how|when|what|it|this|these|those|them|him|"
        r"her|the way|the idea|the thought|seeing|your|you)\b)"
        r"(?P<x>.+)$"), _en("User likes {x}", P, "user", "likes", concrete=True,
                            reaction=True)),
    # Without "please", only with an imperative verb: "Always good to hear" is chatter, and
    # so is encouragement ("Never give up!", "Always be yourself").
    (_r(rf"^(?:please (?P<adv>always|never) (?:please )?(?P<x>.+)|(?P<adv2>always|never) "
        r"(?!give up|stop (?:believing|dreaming|trying|learning)|lose hope|be yourself|believe)"
        rf"(?P<x2>(?:{_IMPERATIVE_EN})\b.+))$"),
     _en("User prefers that you {adv} {x}", P, "user", "prefers")),
    (_r(r"^(?:from now on|going forward|in (?:the )?future),? (?:please )?(?P<x>.+)$"),
     _en("User prefers that you {x}", P, "user", "prefers")),
    # -- English: configuration
    (_r(r"^(?:we|I) (?:now )?(?:use|are using|'re using|am using|'m using) (?P<x>.+?) "
        r"as (?:the|our|my) default (?P<k>[\w .-]{1,30})$"),
     _en("the default {k} is {x}", E, "config", "is")),
    (_r(r"^(?:the |our |my )?default (?P<k>[\w .-]{1,30}?) is (?:now |set to )?(?P<x>.+)$"),
     _en("the default {k} is {x}", E, "config", "is")),
    (_r(rf"^(?!(?:the |our |my )?branching )"
        rf"(?P<k>(?:the |our |my )?(?:[\w.-]+ ){{0,2}}(?:{_CONFIG_EN}))(?: number)? "
        r"(?:is now|is|has been changed to|was changed to|changed to|is set to|has been set to) "
        r"(?P<x>.+)$"), _en("the {k} is {x}", E, "config", "is", value_like=True)),
    (_r(rf"^(?:I|we) (?:have )?(?:changed|set|switched|moved|updated|bumped) "
        rf"(?P<k>(?:the |our |my )?(?:[\w.-]+ ){{0,2}}(?:{_CONFIG_EN})) to (?P<x>.+)$"),
     _en("the {k} is {x}", E, "config", "is", value_like=True)),
    # -- English: project facts
    # "Our team uses Postgres 16": the user's team (rules/extract_passing.py, conventions).
    (_r(r"^(?:the|our|my) (?P<k>team|company) (?P<v>uses|is using|is built with|is built on"
        r"|runs on|targets|requires|depends on|is based on) (?P<x>.+)$"),
     _en("the user's {k} {v} {x}", J, "project", "uses")),
    (_r(r"^(?:this|the|our|my) (?P<k>project|team|company|startup) (?P<v>uses|is using|is built"
        r" with|is built on|is written in|runs on|targets|requires|depends on|is based on) "
        r"(?P<x>.+)$"),
     _en("the {k} {v} {x}", J, "project", "uses")),
    (_r(r"^(?:we|our team|my team|the team) (?P<v>deploy|host|ship|release|test|build)s? "
        r"(?:it |everything |all |our \w+ )?(?P<x>(?:with|to|on|via|using|through) .+)$"),
     _en("the user's team {v}s {x}", J, "project", "deploys")),
    # "We have two kids": the family, when what "we" have is family.
    (_r(rf"^we have (?P<x>(?:an?|one|two|three|four|five|\d+) (?:[\w-]+ ){{0,2}}"
        rf"(?:{_KIN_MORE_EN})\b.*)$"), _en("the user has {x}", U, "user", "has")),
    (_r(rf"^(?:our|the|my) (?P<k>{_PARTS_EN}) (?P<v>(?:is |was |are )?(?:written in|built with|"
        r"built on|using|uses|runs on|deployed on|deployed to|hosted on|based on|powered by)) "
        r"(?P<x>.+)$"), _en("the {k} {v} {x}", J, "project", "uses")),
    (_r(rf"^we (?:use|are using|'re using) (?P<x>.+?) for (?:the |our )?(?P<k>{_PARTS_EN}|"
        r"testing|deployment|builds|packaging)$"),
     _en("the project uses {x} for {k}", J, "project", "uses")),
    # -- English: facts about the user
    (_r(rf"^my (?P<k>{_KIN_EN})(?:'s name is| is named| is called) (?P<x>.+)$"),
     _en("the user's {k} is named {x}", U, "user", "named")),
    (_r(rf"^my (?P<k>{_KIN_EN}|name|birthday|native language|first language|mother tongue|"
        r"time ?zone) is (?P<x>.+)$"), _en("the user's {k} is {x}", U, "user", "is", kin=True)),
    (_r(r"^my (?:absolute |all-time |personal )?(?P<k>favou?rite (?!(?:one|thing|part)\b)"
        r"[\w -]{1,30}?) (?:is|are|was"
        r"|has always been) (?P<x>.+)$"), _en("the user's {k} is {x}", P, "user", "favorite",
                                                concrete=True)),
    # "My kids love dinosaurs": what a relative or pet likes or does, said by the user.
    (_r(rf"^my (?P<k>{_KIN_MORE_EN}) (?P<v>love|loves|like|likes|enjoy|enjoys|play|plays"
        r"|go to|goes to|attend|attends|study|studies|speak|speaks) (?P<x>.+)$"),
     _en("the user's {k} {v} {x}", U, "user", "relative", concrete=True)),
    # "My partner Sam is a nurse": a named relative and what is said of them.
    (lazy_re(rf"^(?i:my) (?P<k>(?i:{_KIN_MORE_EN})) (?P<n>[A-Z][a-z]+) (?P<v>is|works|lives|has"
             r"|loves|likes|plays|studies|goes|teaches|runs|owns) (?P<x>.+)$"),
     _en("the user's {k} {n} {v} {x}", U, "user", "relative")),
    # "Harry Potter is my favorite book"; "Oscar, my guinea pig".
    # ("Iron Man is my top pick", "Blue's my fave": the same, said as people chat.)
    (_r(r"^(?P<x>(?!(?:it|this|that|he|she|they|mine|which|what)\b).{2,40}?)(?: is| are|'s) my "
        r"(?:absolute |all-time |personal )?(?P<k>(?:favou?rite|fave|fav) (?!(?:one|thing|part)\b)"
        r"[\w -]{1,30}|(?:favou?rite|fave|fav|top pick|go-to)(?: [\w-]+)?)$"),
     _en("the user's {k} is {x}", P, "user", "favorite", concrete=True)),
    (lazy_re(rf"^(?:.*?\s)?(?P<x>[A-Z][a-z]+), my (?P<k>(?:[\w-]+ )?(?:{_KIN_MORE_EN}|guinea pig"
             r"|parrot|lizard|snake))$"),
     _en("the user's {k} is named {x}", U, "user", "named")),
    (lazy_re(rf"^(?:hi|hello|hey)?[,!]?\s*I am (?!(?:{NATIONALITY_EN})\b)"
             r"(?!(?:Sorry|Fine|Good|Great|Okay|Ok|Sure|Happy"
             r"|Glad|Here|Back|Done|Ready|Excited|Not|So|Very|Just|Still|Also|Really|Thrilled"
             r"|Tired|Busy|Alright|Well|In|On|At|Off|Going|Thinking|Grateful|Thankful)\b)"
             r"(?P<x>[A-Z][a-z]+(?: [A-Z][a-z]+)?)$"),
     _en("the user's name is {x}", U, "user", "named")),
    *[_user_en(*row) for row in _USER_EN],
]

