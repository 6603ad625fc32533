"""Clause shape: what a sentence's grammar says about whether it stays true.

The filter's word lists name *what* a text talks about; these tests read *how* it is said,
which carries to wordings nobody listed:

* **a step done, then the next one** — a first clause that reports something finished
  (a subjectless past verb, "Knocked out the flaky test", the speaker left out as in a
  log; or a thing in a finished state, "Schema's in", "The cabinets are painted") and a
  later clause that looks ahead by a short step (the speaker's own future, "I'll sort out
  …", "I'm about to …"; a sequence word, "after that", "comes after", "what's left", "in
  the meantime"). A plan at the scale of weeks ("next month", "in Q3", a date) is a plan,
  not the next step.
* **a lasting change of state** — a project's stack or home changed *to* something ("We
  moved the blog off WordPress onto Astro", "我们把订单系统从 PHP 重写成了 Java"): the
  result holds after the sentence, so it is a fact, unless the sentence marks it as this
  moment's news (just, today, 刚) or announces a next step.
* **Chinese aspect** — the progressive 正…着 / …着呢 ("服务器正迁着呢") is a moment; a
  wh-word with 都/也 ("什么都吃", "谁也不信", "不管多晚都…") is a universal, not a question;
  an alternative question repeats its verb around 还是 ("饭前吃还是饭后吃").
* **the subject left out** — a capitalised adverb opening a sentence ("Just finished …")
  is no name: the speaker is the subject.

Pure functions over normalized text.
"""

from __future__ import annotations

import re

from vecmem.text import ascii_word_re

__all__ = [
    "ADVERB_OPENERS",
    "ZH_AHEAD",
    "is_current_state",
    "is_done_then_next",
    "is_done_then_today",
    "is_lasting_change",
    "is_ongoing_work",
    "strip_universal_wh",
    "zh_a_not_a",
    "zh_alternative_question",
    "zh_doubt_a_not_a",
]

# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re

#: Capitalised words that open a sentence without being its subject (the speaker is).
ADVERB_OPENERS = (
    r"Just|Finally|Already|Only|Still|Also|Now|Then|Today|Yesterday|Tonight|Tomorrow"
    r"|Recently|Again|Almost|Nearly|Mostly|Ok|Okay|So|Well|Quickly|Eventually|Currently"
)

#: Chinese words that look a short step ahead (after a step reported done).
ZH_AHEAD = (
    r"接下来|然后|接着|下一步|下一个|之后|随后|紧接着|回头|过会儿?|等会儿?|待会儿?|一会儿?|这会儿|晚点|晚些"
    r"|稍后|马上|明天|明早|今晚|下午|晚上|准备|开始|现在"
)

# Past verbs without -ed (the -ed ones are read by their ending).
_IRREGULAR = (
    r"got|put|set|cut|ran|made|took|tore|wrote|built|sent|did|found|brought|caught|drew|hit"
    r"|left|lost|paid|sold|shut|split|spun|won|went|began|broke|chose|drove|fed|fought|gave"
    r"|hung|kept|laid|led|lit|meant|met|quit|read|rode|rang|saw|shook|shot|stuck|swept|threw"
    r"|tied|undid|woke|wore|wound|took"
)
# Adjectival participles that open a description, not a report ("Based in Lyon", "Married
# to Ana", "Interested in …").
_ADJECTIVAL = (
    r"based|married|located|retired|divorced|engaged|interested|obsessed|qualified|certified"
    r"|trained|born|raised|allergic|used|supposed|related|named|called|scheduled|expected"
    r"|involved|excited|worried|tired|bored|pleased|annoyed|convinced|focused|allowed"
)
_OPENER = r"(?:(?:ok(?:ay)?|so|right|alright|well|phew|yay|yes|cool|nice)\s*[,!.]?\s+)?"
_ADV = r"(?:(?:just|finally|already|now|also|then|quickly|eventually|successfully)\s+)?"
# A first clause reporting something finished.
_DONE_CLAUSE = _re(
    # The speaker left out: "Knocked out the flaky test", "Got the webhook verified".
    rf"(?i)^{_OPENER}{_ADV}(?!(?:{_ADJECTIVAL})\b)(?:[a-z]{{2,}}ed|{_IRREGULAR})\b"
    # A thing in a finished state: "Schema's in", "The cabinets are painted", "Invoices for
    # October are entered", "The first draft is out of the way".
    r"|^(?:[^,;.]{1,60}?)(?:'s| is| are| was| were)(?: now| finally| all| mostly| partly"
    r"| largely| nearly| almost| half)? (?:done|sorted|in|over"
    r"|through|out of the way|finished|complete|green|live|up|working|[a-z]{3,}ed)\b"
    # A subject with a past verb or a state that holds now ("the proxy config took", "the
    # image builds cleanly now", "both endpoints return 200 now").
    rf"|^{_OPENER}(?:the |our |my |both |all )?[a-z0-9' -]{{1,40}}? (?:[a-z]{{3,}}ed|took|went"
    r"|ran|got)\b(?! (?:to|by|from|in|on|at)\b)"
    r"|^[^,;.]{1,60}? (?:[a-z]{3,}s|work|return|pass|build|run)\b[^,;.]{0,30}\bnow\b"
)
# A later clause looking a short step ahead.
_AHEAD = (
    # (the speaker left out of the next step too: "…; will mulch on Sunday")
    # ("will be back online in ten": the speaker's own return)
    r"(?<![a-z] )\bwill (?:(?!be\b)[a-z]+|be (?:back|online|home|free|around|done|there))\b|"
    r"\b(?:i|we)(?:'ll| will|'m going to| am going to|'re going to| are going to|'m about to"
    r"| am about to|'re about to| are about to|'m starting| am starting|'re starting|'m moving"
    r"|'m heading)\b"
    r"|\b(?:after (?:this|that|lunch|coffee|dinner|the weekend|the meeting|standup)|afterwards"
    r"|comes? (?:after|next)|(?:is|are) up (?:next|after)|up next|next (?:hop|hurdle|step|thing"
    r"|job|task|on)|tomorrow'?s? (?:job|task|problem)|what's left|is left|are left|still to do"
    r"|in the meantime|meanwhile"
    r"|once (?:lunch|it|that|this|they|the [a-z]+)(?:'s|'re| is| are)? [a-z]+"
    # ("the next day" is a narrative's own time, not the speaker's next step)
    r"|shortly|in a bit|later today|tonight|tomorrow|(?<!the )next)\b"
)
# A clause break, then a look ahead (in the same sentence or the next).
_THEN_AHEAD = _re(rf"(?i)(?:[,;.:]|\band\b|\bso\b|\bthen\b| - | — )\s*[^,;.]{{0,50}}?(?:{_AHEAD})")
# A plan at the scale of weeks or a date: a plan, not the next step.
_FAR_PLAN = _re(
    r"(?i)\bnext (?:week|month|year|quarter|spring|summer|fall|autumn|winter|season|semester)\b"
    r"|\bin (?:q[1-4]|january|february|march|april|may|june|july|august|september|october"
    r"|november|december|(?:19|20)\d\d)\b|\b(?:\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct"
    r"|nov|dec)[a-z]*|(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]* \d{1,2})\b"
)


# The next step within the day ("…and plans to tackle the PDF templates this afternoon"):
# whoever did the step, the next one's time scale makes the sentence a status report.
_TODAY_AHEAD = _re(
    r"(?i)(?:[,;]|\band\b|\bthen\b| - | — )[^.;]{0,60}?\b(?:this (?:afternoon|evening)|tonight"
    r"|later today|after (?:lunch|dinner|standup|the call|the meeting)|in (?:a bit|an hour|a few"
    r" minutes|\d+ (?:minutes|mins))|shortly|right after)\b"
)


def is_done_then_today(norm: str) -> bool:
    """A step reported done, then the next one later the same day."""
    return bool(_DONE_CLAUSE.search(norm) and _TODAY_AHEAD.search(norm))


def is_done_then_next(norm: str) -> bool:
    """A step reported done, then the next one looked ahead to (English clause shape)."""
    if not _DONE_CLAUSE.search(norm):
        return False
    m = _THEN_AHEAD.search(norm)
    return bool(m and not _FAR_PLAN.search(norm))


# A change of state with its destination: the result holds after the sentence.
_LASTING_CHANGE = _re(
    r"(?i)\b(?:rewrote|rewritten|migrated|moved|switched|ported|converted|replaced|rebuilt"
    r"|re-?platformed|swapped|transitioned|deployed|hosted|built|split|merged|standardi[sz]ed"
    r"|consolidated)\b[^.;]{0,60}?\b(?:in|to|onto|into|with|off|from|over to|on|using)\s+"
    r"(?!(?:the|a|an|this|that|it|my|our|staging|prod|production|review|main|master)\b)[A-Za-z0-9]"
    r"|(?:从|由)[^,;]{1,20}?(?:迁到|迁移到|搬到|换成|换到|切到|切换到|改成|重写成|升级到|转到)了?"
    r"|(?:用|拿)[^,;]{1,20}?重写了|(?:换成|迁到|迁移到|重写成|切换到|升级到)了"
)
# Markers of this moment's news: "just", "today", "刚", "正在".
_RECENT = _re(
    r"(?i)\b(?:just|finally|now|right now|today|tonight|this (?:morning|afternoon|evening)"
    r"|successfully|as we speak)\b|刚|正在|今天|今晚|终于|已经"
)


def is_lasting_change(norm: str) -> bool:
    """A project's stack or home changed to something, told as its history, not today's news."""
    return bool(_LASTING_CHANGE.search(norm)) and not _RECENT.search(norm)


# A named thing's current home or stack, a one-value slot told as a state ("atlas 现在跑在
# Koyeb 上", "The search service now runs on Fly.io", "The billing service is being
# rewritten in Go now", "The team is moving its CI from Jenkins to GitHub Actions",
# "订单服务正在从 PHP 重写成 Go"). The destination is a name (a word in Latin letters: stacks
# and hosts are named so in both languages), and the verb changes or holds a system at the
# scale of weeks (rewrite, port, migrate; runs on, is hosted on) — not a moment's action
# ("is being deployed to Vercel", "正在部署到 Vercel" move once and are done). Here "now" and
# 现在 / 正在 mark the state that holds, not the news of the day.
_NAMED = (
    r"(?!(?:the|a|an|this|that|it|my|our|staging|prod|production|review|main|master)\b)"
    r"[A-Za-z0-9]"
)
_SCALE_VERB_EN = (
    r"rewrit(?:ten|ing)|migrat(?:ed|ing)|mov(?:ed|ing)|port(?:ed|ing)|convert(?:ed|ing)"
    r"|rebuil(?:t|ding)|re-?platform(?:ed|ing)|switch(?:ed|ing)|transition(?:ed|ing)"
)
_CURRENT_STATE = _re(
    # A subject, then the change in the progressive or the passive progressive.
    r"(?i)^(?!(?:just|now|still|currently|i|we|i'm|we're)\b)[^,;.:]{1,60}? (?:is|are|'s|'re)"
    r" (?:now |currently |slowly |gradually |finally )?(?:being )?"
    rf"(?:{_SCALE_VERB_EN})\b[^.;]{{0,60}}?\b(?:in|to|onto|into|over to|with)\s+{_NAMED}"
    # A host or stack held now: "now runs on Fly.io", "is currently hosted on Render".
    r"|(?i:\b(?:now|currently) (?:runs?|lives?|sits?|is (?:hosted|deployed|built|served|running"
    r"|written)|are (?:hosted|deployed|built|served|running|written))"
    rf" (?:on|in|at|with|from)\s+{_NAMED})"
    # 跑在 / 部署在 / 托管在 X (上): where a thing lives (在, not 到: "部署到" is an action).
    r"|(?:跑|部署|托管|运行|挂|放|搭|架)在\s*[A-Za-z0-9][^,;]{0,30}?(?:上|里|中|$)"
    # 正在 / 现在 with a change of stack to a name: "正在从 PHP 重写成 Go".
    r"|(?:正在|现在|目前)(?:从[^,;]{1,20}?)?(?:重写|迁移|迁|移植|切换|切|改写|转)(?:成|到|为)\s*[A-Za-z0-9]"
)
# This moment's news, said outright (an early clause can still be the state: "刚" / "just"
# makes it news; "now" does not).
_NEWS = _re(
    r"(?i)\b(?:just|today|tonight|this (?:morning|afternoon|evening)|as we speak)\b|刚|今天|今晚"
)


def is_current_state(norm: str) -> bool:
    """A named thing's current home or stack, told as a state that holds (a one-value slot)."""
    return bool(_CURRENT_STATE.search(norm)) and not _NEWS.search(norm)


# The progressive with the subject left out ("Crunching through the log files", "Grinding
# through the backlog"), any verb: the speaker's work this minute. Verbs of a life or a
# setup are states ("Living in Berlin since 2019", "Working at Google as an SRE", "Using
# Arch"), and a gerund followed by its own verb is a subject ("Hiking keeps me sane").
# Adjectives in -ing ("The view is stunning", "That is fitting"): a quality, not work.
_ADJ_ING = (
    r"amazing|interesting|exciting|fitting|charming|promising|outstanding|inspiring|relaxing"
    r"|boring|surprising|touching|stunning|welcoming|rewarding|challenging|demanding"
    r"|fascinating|encouraging|refreshing|comforting|annoying|confusing|disappointing"
    r"|frustrating|exhausting|overwhelming|heartwarming|uplifting|thrilling|soothing"
    r"|calming|satisfying|worrying|amusing|pleasing|striking|lasting|missing|ongoing"
)
_STATE_ING = (
    rf"{_ADJ_ING}|"
    r"living|working (?:at|as|for|in|with|from|remotely|part-time|full-time)|based|using|running"
    r" (?:arch|linux|windows|macos|ubuntu|fedora|debian|a |an |my own)|studying|learning|teaching"
    r"|owning|having|being|planning|hoping|looking forward|expecting|raising|dating|renting"
    r"|commuting|volunteering|coaching|mentoring|freelancing|serving|training for|saving"
    r"|recovering|married|engaged|allergic|vegetarian|vegan|something|nothing|everything"
    r"|anything|morning|evening|spring|ceiling|building|wedding|clothing|meeting|painting"
    # (prepositions in -ing: "Regarding the …", "According to …")
    r"|regarding|concerning|including|according|considering|assuming|excluding|following"
    r"|during|pending|notwithstanding|barring|given|speaking|talking about"
    # (a mind's states: "Thinking maybe of moving the blog" muses, it does no work)
    r"|thinking|wondering|hoping|wishing|feeling|debating|pondering|mulling|musing|dreaming"
    r"|craving|missing|loving|enjoying|hating|liking|wanting|needing|trying to decide"
    # (a narrator's speech acts and attitudes: "Expressing gratitude for …", "Encouraging her
    # to …" report a conversation, not work under way)
    r"|saying|telling|asking|expressing|sharing|mentioning|noting|adding|explaining|giving"
    r"|showing|promising|agreeing|encouraging|offering|inviting|suggesting|reminding|thanking"
    r"|congratulating|praising|complimenting|apologi[sz]ing|admitting|revealing|describing"
    r"|discussing|recalling|reflecting|reminiscing|emphasi[sz]ing|highlighting|acknowledging"
    r"|supporting|comforting|reassuring|urging|advising|recommending|expecting|anticipating"
    r"|celebrating|appreciating|admiring|realizing|realising|noticing|sensing|seeing|hearing"
    r"|swimming|cooking|hiking|reading|writing (?:a|my) (?:novel|book)|gardening|camping"
    r"|fishing|dancing|singing|drawing|knitting|baking|cycling|travel+ing|journaling|parenting"
)
# A finite verb later in the clause makes the -ing phrase its subject ("Watching old films
# reminds her of home", "Listening to jazz calmed him down"): a statement, not a status.
_FINITE_AFTER = (
    r"(?![^.;,]{0,60}\b(?:is|are|was|were|has|have|had|takes|took|requires|required|needs"
    r"|helps|makes|made|keeps|gives|causes|caused|breaks|should|must|can|could|would|will"
    r"|means|brings|reminds|inspires|lets|allows|feels|seems|becomes|became|remains|shows"
    r"|teaches|calms|relaxes|relieves|fills|lifts|boosts|motivates|connects|[a-z]{3,}ed"
    rf"|{_IRREGULAR})\b)"
)
# A thing at work: a task's subject in the progressive ("The nightly export is chugging
# along", "The restore has been going for an hour"); a setup's state is not ("The server is
# running Ubuntu", "The app is using Postgres", "The API is listening on 8080").
_THING_ING = (
    rf"{_ADJ_ING}|"
    r"running|using|listening|pointing|serving|hosting|targeting|supporting|depending|holding"
    r"|storing|keeping|containing|sitting|living|costing|taking|getting|becoming|coming|going to"
    r"|being|expecting|looking|missing|lacking|showing|including|requiring|sharing|charging"
    r"|paying|earning|saving|logging|sending|writing to|reading from|mirroring|caching|tracking"
)
# The subject left out: an opening -ing verb (after "still", "currently" …); its object
# follows in Latin letters ("billing 项目的框架" is a noun, not a verb).
# Nouns that name an identifier or an address: after a gerund they make a label
# ("Tracking number", "Billing address", "Meeting ID"), not a subjectless clause.
_ID_NOUN = (r"numbers?|no|nos|code|codes|ids?|ref|refs|reference|references|address|addresses"
            r"|account|pin|link|url|handle|confirmation|permit")
_SUBJECTLESS_ING = _re(
    rf"(?i)^(?:(?:still|currently|now|just|busy|already|slowly|steadily|quietly)\s+)?"
    rf"(?!(?:{_STATE_ING})\b)"
    # (a label is no clause: "Embedding provider: openai", "Logging level = debug")
    rf"[a-z]{{3,}}ing\b(?!'s\b| (?:is|are|was|were)\b|[^.;,]{{0,40}}[:=])(?=\s+[a-z0-9])"
    # (nor is a gerund naming an identifier: "Tracking number 1Z…", "Booking reference K7")
    rf"(?!\s+(?:{_ID_NOUN})\b)"
    rf"{_FINITE_AFTER}"
)
# …or its state of immersion: "Mid-way through reviewing …", "Knee-deep in the refactor".
_IMMERSED = _re(
    r"(?i)^(?:(?:still|currently|now|just|already)\s+)?(?:[a-z]+-?way|[a-z]+-deep|deep|busy"
    r"|buried|swamped|tied up|bogged down|elbow-deep|up to my (?:neck|ears))\s+(?:through|in"
    r"|with)\b"
)
# A thing at work, the progressive after its subject.
_THING_AT_WORK = _re(
    rf"(?i)^(?:the |our |my |this |that |(?-i:[A-Z])(?=[a-z]+ (?:is|are) [a-z]+ing\b))"
    rf"[a-z0-9' -]{{2,40}}? (?:is|are|has been|have been)"
    rf" (?:still |now |slowly )?(?!(?:{_THING_ING})\b)[a-z]{{3,}}ing\b(?! (?:to|on|as)\b)"
    r"(?![.:/-]\w)"  # (a host name is no verb: "staging.acme.io")
    # …or contracted, the determiner left out: "Pasta water's boiling, sauce in ten". The
    # -ing word then ends its clause (a possessive's noun goes on: "Caroline's painting
    # 'Embracing Identity' symbolizes …", "The team's staging Grafana is …").
    rf"|^(?:the |our |my |this |that )?[a-z0-9 -]{{2,30}}?(?:'s|'re|'s been) (?:still |now )?"
    rf"(?!(?:{_THING_ING})\b)[a-z]{{3,}}ing(?=\s*(?:[,;.!]|$)|\s+(?:now|again|away|along|up"
    r"|over|down|nicely)\b)"
)


# A narrator's third person with no first person: "Remembering her grandmother's garden"
# describes someone, it is no status line of the speaker's.
_THIRD_ONLY = _re(r"(?i)\b(?:he|she|him|her|his|hers|they|them|their|theirs)\b")
_FIRST = _re(r"(?i)\b(?:i|i'm|i've|i'll|me|my|mine|we|we're|our|us)\b")


def is_ongoing_work(norm: str) -> bool:
    """Work under way by its grammar: a subjectless progressive, or a thing in one."""
    if _THIRD_ONLY.search(norm) and not _FIRST.search(norm):
        return False
    return any(p.search(norm) for p in (_SUBJECTLESS_ING, _IMMERSED, _THING_AT_WORK))


# An embedded wh-clause as a subject, with its predicate ("谁值班由排班表决定", "怎么分工
# 看组长", "叫什么都行"): the question is answered or settled by the sentence.
_EMBEDDED_WH = _re(
    r"(?:谁|什么|哪|怎么|多少|几|是否|要不要|是不是)[^,;?]{0,20}?(?:由|取决于|要看|决定于|视)[^,;?]*"
    r"|(?:谁|什么|哪|怎么|多少|几|是否|要不要|是不是)[^,;?]{0,20}?(?:不重要|无所谓|都行|都可以|没关系"
    r"|不要紧)(?=$|[,;.])"
)
# A wh-word with 都/也 is a universal ("什么都吃", "谁也不信", "哪儿都去过"); after 不管 / 无论
# it is concessive ("不管多晚都会回消息"). Neither asks anything.
_UNIVERSAL_WH = _re(
    r"(?:什么|谁|哪儿|哪里|哪个|哪|怎么|多少|几)[^,;?]{0,3}?(?:都|也)"
    r"|(?:不管|无论|不论)[^,;?]{0,14}?(?:都|也|总)"
)


def strip_universal_wh(text: str) -> str:
    """``text`` without universal, concessive and embedded wh-phrases (read before the
    question test)."""
    return _EMBEDDED_WH.sub(" ", _UNIVERSAL_WH.sub(" ", text))


# An alternative question repeats its frame around 还是: the verb last ("饭前吃还是饭后吃"),
# or the verb first ("去爬山还是去游泳"); with no subject of its own (a person's choice,
# "用户周末去爬山还是去游泳看天气", is reported).
_ZH_ALTERNATIVE = _re(
    r"^(?!用户|他|她|我们?(?!想|要))[^,;]{0,20}?(?P<v>[\u4e00-\u9fff])还是[^,;]{0,12}(?P=v)"
    r"(?:呢|啊|好|好呢)?$"
    r"|^(?!用户|他|她|我们?(?!想|要))[^,;]{0,16}?(?P<w>[\u4e00-\u9fff])[^,;]{1,10}还是(?P=w)"
    r"[^,;]{1,10}(?:呢|啊|好|好呢)?$"
)


def zh_alternative_question(text: str) -> bool:
    """Whether ``text`` is a subjectless Chinese alternative question (A 还是 B)."""
    return bool(_ZH_ALTERNATIVE.search(text))


# A-not-A ("支不支持", "维不维护", "开不开门"): a yes/no question folded into the verb. Its verb
# says what is asked: a decision of the speaker's own ("要不要换", "去不去", "还用不用得上") is
# a step not settled yet; anything else ("支不支持", "兼不兼容", "收不收费") asks a fact about
# a thing, which the agent could answer. (是/有/会/能 have their own readings upstream;
# "动不动" is "at every turn"; after 不管 / 无论 / 取决于, or with 都行 / 由 … after it, the
# choice is conceded or settled.)
_A_NOT_A = _re(r"([\u4e00-\u9fff])不\1")
_A_NOT_A_PLAN = frozenset("要需用该应值换改买去留删加升上做搬学报继接跟试想打写修来走参请"
                          "选装卸退辞订约回看")
_A_NOT_A_SKIP = frozenset("是有会能动")
_CONCEDED = _re(r"(?:不管|无论|不论|管他|取决于|要看|看|由|决定)[^,;]{0,12}$")
# …or settled after it ("说不说都行", "去不去由他定", "支不支持无所谓").
_SETTLED_AFTER = _re(r"^[^,;]{0,10}?(?:都|也|无所谓|没关系|不重要|不要紧|由|取决于|要看)")
_ZH_DOUBT = r"(?:不知道|不清楚|不确定|拿不准|不太清楚|不太确定|说不准|搞不清楚?|不晓得)"
_ZH_DOUBT_FIRST = _re(rf"^(?:我(?:也|还|其实)?)?{_ZH_DOUBT}(?P<rest>[^,;]*)")


def zh_a_not_a(text: str) -> str | None:
    """The first A-not-A of ``text``'s first clause read as ``"plan"`` (the speaker's own
    decision) or ``"thing"`` (a fact asked about), or None."""
    clause = re.split(r"[,;]", text, maxsplit=1)[0]
    for m in _A_NOT_A.finditer(clause):
        verb = m.group(1)
        if (verb in _A_NOT_A_SKIP or _CONCEDED.search(clause[: m.start()])
                or _SETTLED_AFTER.search(clause[m.end():])):
            continue
        return "plan" if verb in _A_NOT_A_PLAN else "thing"
    return None


# The same doubt over 是否 + a verb ("不确定 Docker 是否支持 ARM"), or closed by 吗 ("不确定这个
# 库还维护吗"); a decision of one's own is marked by a modal of need or worth right after the
# doubt or a word of worth anywhere ("不知道要换框架吗", "不确定是否值得升级").
_WHETHER = _re(r"是否(?:还|都|仍|真的?)?(?P<v>[\u4e00-\u9fff])")
_MA_LAST = _re(r"吗$")
_PLAN_MODAL = _re(r"^(?:还)?(?:要|需要|应该|该|得|值得|有必要)|有必要|值得|用得上|用得着")


def zh_doubt_a_not_a(norm: str) -> str | None:
    """A doubt said by the speaker, no subject before it, over a yes or no (A-not-A, 是否,
    a closing 吗): ``"thing"`` when a fact is asked ("不知道 Docker 支不支持 ARM"), ``"plan"``
    when the speaker's own decision is ("不知道去不去参加年会"); None otherwise."""
    m = _ZH_DOUBT_FIRST.search(norm)
    if not m:
        return None
    rest = m.group("rest")
    found = zh_a_not_a(rest)
    if found is not None:
        return found
    w = _WHETHER.search(rest)
    # (是 / 有 first doubt a belief of the speaker's: "不确定是否是缓存的问题", a hedge)
    if (w and w.group("v") in _A_NOT_A_SKIP) or (not w and rest.lstrip().startswith(("是", "有"))):
        return None
    if w or _MA_LAST.search(rest):
        if _PLAN_MODAL.search(rest) or (w and w.group("v") in _A_NOT_A_PLAN):
            return "plan"
        return "thing"
    return None
