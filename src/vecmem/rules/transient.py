"""Transient status reports and half-formed thoughts: texts that go stale or say nothing yet.

A *status report* ("Finished the migration, next I'll wire up the API", "正在重建索引",
"Backfill job is at 70 percent", "PR 刚合进去，下午开始写迁移脚本") is true for an afternoon.
A sentence about a *person* (:mod:`vecmem.rules.quality_subject`: "Tim is currently learning
German", "Jon is about to open a dance studio", "The user passed the AWS exam in 2023")
describes that person and is a fact: for it only explicit status markers (in progress, N %
done, 进度, stopping here …) count, and markers of a moment (right now, about to, halfway,
接下来, 还剩) only when the sentence is about work items (a PR, a deploy, the database). A
durable achievement (an exam passed, a certificate earned, work dated years back) is never
progress; a bare percentage is a share, not a status. Hedges ("maybe someday", "也许以后",
"还在纠结", "something about it feels off") mark a thought that is not settled; a person's
belief, plan or trait held loosely ("Nate believes it is probably the best trilogy", "用户
好像更喜欢 Vim") is still a fact about them (:mod:`vecmem.rules.quality_hedges`;
:func:`is_hedged` is re-exported here).

Pure functions over normalized text.
"""

from __future__ import annotations

from vecmem.rules.quality_clause import (
    _IRREGULAR,
    ZH_AHEAD,
    is_current_state,
    is_done_then_next,
    is_done_then_today,
    is_lasting_change,
    is_ongoing_work,
)
from vecmem.rules.quality_hedges import UNDECIDED as _UNDECIDED
from vecmem.rules.quality_hedges import is_hedged
from vecmem.rules.quality_standing import is_far_plan, is_slot_moved, is_standing_change
from vecmem.rules.quality_subject import about_a_person
from vecmem.text import ascii_word_re

__all__ = ["PROGRESS_KINDS", "is_first_then_later", "is_hedged", "is_progress", "progress_kind"]

# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re


# When a status line says it happens: now, soon, after standup, over the weekend.
_NOW_TIME = (
    r"now|right now|this (?:morning|afternoon|evening|week)|tonight|later today|today|shortly"
    r"|soon|in a bit|in a minute|over the weekend|as we speak|after (?:standup|lunch|this|that"
    r"|the meeting|dinner|work|the call)"
)
# A share in English words: "seventy", "sixty-five".
_EN_TENS = r"(?:ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[- ][a-z]+)?"
# The first step of a task now, the rest later: a plan for the afternoon. Read before the
# request test too ("先把…" opens like a request to the agent).
FIRST_THEN_LATER = (
    # ("先这样吧，以后再优化" settles nothing and defers: a hedge, half_formed)
    r"^先(?!这样|这么|凑合|放着|不管|搁着)(?:把|将)?[^,;]{1,20}[,;]\s*(?:回头|之后|然后|晚点|晚些|明天"
    r"|下午|晚上|等会儿?|待会儿?|后面)再(?:[补看调加写测改弄搞做查优接跑验校])"
    r"|(?i:^first [a-z]{3,}ing\b[^.;]{0,50}[,;]\s*(?:will|i'll|we'll|then)\b"
    r"|^[a-z]{3,}ing\b[^.;,]{0,40}\bfirst\s*[,;]\s*[^.;]{1,40}\b(?:after|later|tomorrow"
    r"|tonight|next)\b)"
)
_FIRST_THEN_LATER = _re(FIRST_THEN_LATER)


def is_first_then_later(norm: str) -> bool:
    """The first step of a task now, the rest put off to later today: a status report."""
    return bool(_FIRST_THEN_LATER.search(norm))


# A card held somewhere ("员工门禁卡在周末也能用", "会员卡在钱包里") is a thing, not a task
# stuck: 卡在 after a card's name is no status.
_CARD = (
    "(?<!门禁)(?<!员工)(?<!银行)(?<!会员)(?<!公交)(?<!信用)(?<!校园)(?<!储蓄)(?<!礼品)(?<!电话)"
    "(?<!健身)(?<!房)(?<!饭)(?<!年)(?<!季)"
)


# --- transient progress --------------------------------------------------------------------
_ZH_DONE = (
    r"完成|修复|修好|搞定|部署|上线|合并|提交|发布|解决|跑完|跑通|改完|写完|做完|弄好|测完|通过|结束|启动"
    r"|重启|升级|回滚|推送"
)
_EN_TASK = (
    r"deploy|build|sync|train|training|review|migrate|upload|download|install|compile|test"
    r"|run|index|reindex|rebuild|merge|rebase|rollout|roll ?back|backup|restore|import|export"
    r"|process|debug|commit|push|release|publish|refactor|fix|patch|upgrade|bump|tag|ship"
    r"|fine-?tune|benchmark|profile|lint"
)
_ZH_PROGRESS = _re(
    r"正在|进行中|(?:重建|构建|部署|迁移|同步|导入|导出|上传|下载|训练|编译|处理|运行|安装|更新|升级|测试"
    r"|调试|开发|编写|排查|修复|重构|观察|审核|验证|评审|联调|灰度|回滚|打包|发布|上线|备份|恢复|整理"
    r"|准备)中(?=$|[,.;!])"
    # A subjectless clause at work ("…，在查原因", "正在看日志").
    r"|(?:^|[,;])\s*(?:这周|本周|今天|这两天|目前|现在|now)?(?:正在|还在|在)(?:查|排查|看|修|处理|定位|调|弄"
    r"|改|写|测|跑)|在跑|还在|跑着(?=$|[,.;!]|呢)|" + _CARD
    + r"卡在|卡住|进度(?!条)|下一步|接下来(?:要|准备|会|就)|今天先|先做到|先到这"
    r"|到此为止|明天(?:再|继续)|稍后|待会|等会|马上(?:就)?(?:好|完|开始|去)|还差|还剩"
    r"|没(?:写|做|跑|改|修|测)完|还没(?:结束|完成|跑完|弄好|搞定|好)(?=$|[,.;!])"
    # Not finished yet, any verb ("数据还没同步完"); just begun ("年终总结写了个开头").
    r"|还没(?:有)?[\u4e00-\u9fff]{1,2}完(?=$|[,.;!]|呢)|(?:写|做|开|起)了个(?:头|开头)"
    # The rest not started yet ("后面的还没动", "鉴权那节还没写"), a part done ("写了一部分").
    r"|[,;][^,;]{0,12}(?:还没|还没有|尚未|还未)(?!想|决定|考虑|定)[\u4e00-\u9fff]{1,4}(?=$|[,.;!])"
    # Nearly done, or in someone's queue: "收拾得差不多了", "护照在办", "审核中". "在办" /
    # "在审" end their word: "在办公室", "在审计期间" are a place and a period, not a queue.
    r"|得差不多了|差不多(?:好|完|弄好|做完|写完)了|在办(?=$|[,.;!]|了|中|理)|在走流程"
    r"|在审(?=$|[,.;!]|了|中|核|批)|审核中|办理中|在排队|排队中"
    r"|(?:了|到)(?:一部分|一小部分|大部分|一多半)(?=$|[,.;!]|了)|在等|等待中|阻塞|(?:完成|做|写|改|跑)了?(?:一半|大半|过半|\d+%)"
    # A sentence that opens with a finished action has no subject: a status report.
    rf"|^(?:刚刚?|刚才|已经?|昨天|今天|上午|下午|晚上)?(?:{_ZH_DONE}|重构|优化|重写|更新|删除|添加|新增|改)了"
    rf"|(?:已经?|刚刚?|终于)(?:{_ZH_DONE})(?!的|在|到|于|时|后)"
    rf"|(?:刚刚?|刚才|已经?|终于)(?:把|将).{{1,30}}?(?:{_ZH_DONE})"
    rf"|(?:{_ZH_DONE}|成功|失败|好)了(?=$|[,.;!])"
    # (a consequence stated as a rule is no outcome: "否则 CI 会失败", "不通过就会报错")
    r"|(?<![会将则就易])(?:完成|修复|修好|搞定|解决|上线|跑通|通过|失败|报错|崩溃|挂掉|超时)(?=$|[,;!])"
    # A measured change reported with a final 了 ("覆盖率提升到 85% 了"); 改成/换成 are left
    # out on purpose: "默认模型换成 X 了" is a configuration fact.
    r"|(?:提升|提高|降低|降到|增加|减少|优化|加速|涨|升|降)(?:到|了|至)?.{0,20}了$"
    # (also "我这边在…", "我们这里还在…": where the speaker is, then the work)
    r"|(?:(?:我|我们)(?:这边|这里|那边)?(?:现在|目前|还)?|现在|目前|当前)正?在(?:写|做|跑|改|看|调|修|搞|弄"
    r"|处理|整理|测试|开发|部署|排查|重构|研究|准备|压测|测|查|迁移|打包|联调|debug|review)"
    # "等下开会，会后继续改": a moment from now, and carrying on afterwards.
    r"|^(?:等下|等一下|待会儿?|一会儿?)|(?:会后|之后|然后|回来|晚点|下午|晚上|明天|回头)(?:再|就)?继续"
    # The progressive aspect: "服务器正迁着呢", "还在训着", "跑着呢" (a moment, whatever the verb).
    r"|正[\u4e00-\u9fff]{1,2}着|[\u4e00-\u9fff]着呢(?=$|[,.;!])"
    # Nearly half, about a third: a share of a task done ("跑了快一半了", "写了将近三分之一").
    r"|(?:了|到)(?:快|将近|近|差不多|大约|大概|约)(?:一半|[一二三四五六七八九]分之[一二三四五六七八九]|[一二三四五六七八九]成)"
    # English task verbs in a Chinese frame: "在 deploy 中", "刚 commit 了", "已经 rollback 了".
    rf"|在\s*(?:{_EN_TASK})(?:ing)?\s*中"
    rf"|(?:刚刚?|刚才|已经?|终于|先)\s*(?:{_EN_TASK})(?:ed)?\s*(?:了|完|好)"
    # The rest put off to later today ("feature 分支晚点再弄"; "晚点再说" defers: a hedge).
    r"|(?:晚点|晚些|待会儿?|等会儿?|一会儿?)再(?!说|看|想|考虑|议|研究)"
    # …also without "just", before the next clause ("PR merge 了，now 在写 release notes"), and
    # a clause that opens on one ("在 fine-tune 模型", "跑 benchmark 中").
    rf"|(?:{_EN_TASK})(?:ed|d)?\s*(?:了|完了?)(?=[,;])"
    rf"|(?:^|[,;])\s*(?:now|现在)?\s*(?:正在|还在|在)\s*(?:{_EN_TASK})\b"
    rf"|(?:跑|做|测|写|训练)\s*[a-z][a-z -]{{1,20}}\s*中(?=$|[,;])"
    # Busy with something now, the matter at hand later ("现在在开会，结束后再处理"; "现在在
    # 上海工作" has no later step and is a fact).
    r"|(?:现在|这会儿|目前|正)(?:正)?在[\u4e00-\u9fff]{1,4}[,;][^,;]{0,10}(?:再|之后|以后|回头|晚点)"
    # A step done, then a short step in V一下 ("服务重启完了，观察一下日志").
    r"|(?:完|好)了?[,;]\s*(?:先|再)?[\u4e00-\u9fff]{1,3}一下"
    # The time left: "大概还要十分钟", "还得一小时".
    r"|还(?:要|需要|得)[\d一二三四五六七八九十半两几]+(?:个)?(?:分钟|小时|钟头)"
    # Waiting for the next step: "等 CI 过了再 merge", "PR 提了，等 approve" (waiting for
    # free time, "等有时间再整理", defers: a hedge).
    r"|^(?:先)?等(?!级|于|等|同|待|号|边|式|有空|有时间|有机会|有精力|闲|忙完|以后|哪天|将来)[^,;]{1,20}?(?:再|就|后再)"
    r"|[,;]\s*等(?!级|于|等|同|待|号|边|式|有空|有时间|有机会|有精力|闲|忙完|以后|哪天|将来)[^,;]{1,15}$|(?:提|发)了(?=[,;])"
    # A job's position told by a count: "跑到第 37 个分片了", "处理到第 800 条了", "进行到一半".
    r"|(?:跑|做|处理|导|传|同步|转|进行|执行|扫|爬|测)到(?:了)?[^,;]{0,12}?第\s*[\d一二三四五六七八九十百千]+"
    r"\s*[个条章集页批轮步张份行块片]|进行到(?:了)?(?:一半|大半|快一半)"
    # Under way, and the next step as soon as it ends: "镜像在打包，打完就推到仓库", "前端在
    # build，好了就发到 staging".
    r"|在\s*[\u4e00-\u9fffA-Za-z]{1,8}\s*[,;]\s*[\u4e00-\u9fff]{0,3}?(?:完|好)了?(?:就|再|之后|以后|后)"
    # …the verb in English on both sides ("Docker 镜像在 build，build 完就部署", "数据在 sync，
    # sync 好了再跑报表"): the same verb again, then 完/好 and the next step.
    r"|在\s*(?P<latin_v>[A-Za-z][A-Za-z-]{1,15})\s*[,;]\s*(?:等|等到)?\s*(?P=latin_v)(?:ed)?\s*"
    r"(?:完|好)了?\s*(?:就|再|之后|以后|后)"
)
_EN_PROGRESS = _re(
    r"(?i)^(?:just |finally |now |already )?(?:fixed|finished|completed|deployed|merged|shipped"
    r"|released|pushed|implemented|resolved|migrated|refactored|ran|started|tested|upgraded"
    r"|rebased|committed|wrapped up|cleaned up|added|removed|updated|rewrote|wrote|set up|got"
    r"|rolled back|reverted|restarted|rebooted|bumped|reran|re-ran|retried|kicked off|triggered"
    r"|published|patched|rebuilt|reindexed|restored|renamed|reset|regenerated|reconfigured"
    r"|reinstalled|redeployed|retrained|reprocessed|tagged|cut|drafted|finalized|queued|scheduled"
    r"|paused|resumed|launched|spun up|provisioned|installed(?! base)|configured|enabled|disabled"
    r"|uploaded|downloaded|imported|exported|synced|backed up|cleared|flushed|drained|submitted"
    r"|scaffolded|seeded|profiled|bisected|reproduced|triaged)\b"
    # "search looks right again", "Next: write the changelog", "Will finish it tonight".
    r"|\b(?:looks?|seems?) (?:right|good|fine|ok|okay|better|stable|normal) (?:again|now)\b"
    # A task-list item, a status label, "Done with …, next: …".
    r"|^(?:status|update|progress|wip|todo|eta|standup)\s*[:：-]|^done with\b"
    r"|\bnext\s*[:：]|^(?:进度|状态|更新|今日进展|进展|待办|今日)\s*[:：]"
    # Almost done, a little left: "Almost there with the login page, just styling left".
    r"|\balmost there\b|(?:^|[,;]\s*)(?:just|only) [^,.;]{1,30} (?:left|remaining|to go)$"
    r"|^next\s*[:：-]"
    rf"|^(?:will|gonna|going to|need to|have to) [a-z]+\b[^.;]{{0,60}}\b(?:{_NOW_TIME}"
    r"|tomorrow|later|next)\b"
    # Up for review, next on the list, "That's the config sorted".
    r"|\b(?:is|are) (?:up for review|in review|under review|out for review|awaiting review"
    r"|ready for review)\b|\bnext on (?:my|the|our) (?:list|plate)\b|\b(?:is|are|comes?) next\b"
    # ("is next Thursday" is a date: "The dentist appointment is next Thursday at 10am")
    # ("is next to the lift", "is next door" is where a thing stands, not a step)
    r"(?! (?:to|door|week|month|year|quarter|weekend|spring|summer|fall|autumn|winter|semester|term"
    r"|time|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b)"
    r"|^that's (?:the )?[a-z ]{1,30} (?:sorted|done|fixed|finished|handled)\b"
    r"|\b(?:is|are) [a-z]+ing\b[^.;]{0,40}\bas we speak\b"
    r"|[,;]\s*(?:and |then )?next(?: up)?\b"
    r"(?! (?:week|month|year|spring|summer|fall|autumn|winter))"
    # ("Currently running Arch Linux" is a machine's configuration; "running the …" a task)
    r"|\b(?:working on|currently (?:working|doing|fixing|debugging|writing|testing"
    r"|running (?:the|a|an|all|some|my|our)\b)"
    r"|in progress|wip|work in progress|next steps?|next up|todo today|for today|stopping here"
    r"|call(?:ing)? it a day|(?:almost|nearly) (?:done|finished|there)|halfway|about to|tomorrow"
    r"|later today|right now"
    r"|at the moment|successfully|blocked (?:on|by)|waiting (?:on|for)|on hold"
    r"|(?:is|are|'s|'re|has been|have been|'s been|'ve been) (?:blocked|stuck|pending))\b"
    # Work left, counted: "40 emails to go", "three tickets left to review".
    r"|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple) (?:more )?"
    r"(?:[a-z]+ ){0,2}(?:to go|left to (?:do|review|fix|write|go|process|answer|test|read))\b"
    # First-person work reports: "Today I cleaned up …", "We just migrated …", "Spent the …".
    r"|^(?:(?:today|yesterday|tonight|earlier(?: today)?|this (?:morning|afternoon|evening|week)"
    r"|last (?:night|week)),? )?(?:i|we)(?: have|'ve)? (?:just |already |finally )?(?:fixed"
    r"|finished|landed|completed|deployed|merged|shipped|released|pushed|implemented|resolved|migrated|refactored"
    r"|ran|started|tested|upgraded|cleaned up|added|removed|updated|rewrote|wrote|spent"
    # (a decimal point ends no sentence: "I tried Gemini 2.5 Pro once")
    r"|tried(?!(?:[^.;]|\.(?=\d)){0,40}\b(?:once|before|but)\b))\b"
    r"|^(?:today|yesterday|tonight|this (?:morning|afternoon|evening)|last night)\b"
    # Where the speaker is this minute: "On my way, 10 minutes out", "In a meeting, will
    # reply later"; a reply promised for later.
    # (a place with no subject, then the speaker's own next step: "On the train, will look
    # at it when I'm home")
    r"|^(?:on|at|in) (?:the|a|my) [a-z]+(?: [a-z]+)?\s*[,;]\s*(?:will|i'll|gonna|going to)\b"
    r"|^(?:(?:i'm|i am|we're|we are) )?(?:on my way|on our way|omw|in a meeting|in a call|on a call"
    r"|brb|afk|stuck in traffic|running late|back (?:from (?:lunch|the|a|my)|online|at my desk))\b"
    r"|[,;]\s*(?:i'll|we'll|will|gonna) (?:reply|respond|answer|get back|call back|follow up"
    r"|check|look)\b[^.;]{0,20}\b(?:later|tonight|tomorrow|in a bit|soon|asap)$"
    r"|^spent (?:the|this|all|a|an|\w+ (?:hours|days|minutes))\b"
    # An outcome that just happened ("failed on main", "crashed again"), not "failed checks".
    r"|\b(?:crashed|failed|broke|timed out|went down|errored out)(?=\s+(?:again|on|in|at|with"
    r"|because|after|during|while|when|today|yesterday|twice|this|last|since|to)\b|$|[,.;!])"
    r"|\b(?:pass|passes|passing|works?|working|builds?|compiles?|green)\s+"
    r"(?:(?:[a-z]+ly|on \w+)\s+)?(?:again|now)\b"
    # "Just put the laundry in, will hang it up after dinner": a fresh step, the next one
    # announced; "Uploaded half the receipts"; "The paint is drying now".
    r"|^just [a-z]+\b[^.;]{0,60}[,;]\s*(?:will|i'll|we'll|going to|gonna|then|next)\b"
    r"|^(?:just )?[a-z]+(?:ed|t) (?:about |roughly |almost )?(?:half|a third|a quarter|two thirds"
    r"|most|part) (?:of )?the\b"
    r"|\b(?:is|are) [a-z]+ing\b(?:[^.;]{0,30})? (?:now|right now|at the moment)$"
    # A thing of the day under way or due: "The plumber is coming between 2 and 4 today".
    r"|\b(?:is|are|'s|'re) [a-z]{3,}ing\b[^.;]{0,40}\b(?:today|tonight|this (?:morning|afternoon"
    r"|evening)|later today|in an hour|in \d+ (?:minutes|mins|hours)|this week)\b"
    # Sent off and waiting on someone: "The patch is out for testing with two customers".
    r"|\b(?:is|are|'s|'re|went|gone|sent) (?:out |off |up )?for (?:testing|review|signature"
    r"|approval|sign-?off|repair|delivery|feedback|comments|proofreading)\b"
    # Not finished yet, said so: "Haven't finished the onboarding doc yet".
    r"|\b(?:haven't|have not|hasn't|has not) (?:quite )?(?:finished|completed|done|wrapped up"
    r"|got to)\b[^.;]{0,40}\byet\b"
    r"|^[a-z]+ing\b[^.;]{0,60}\bnow\s*[,;]\s*(?:will|i'll|we'll|then|next|after that)\b"
    r"|\b(?:through|done with|finished|on|at|completed|processed|migrated|uploaded|imported)"
    r" (?:\d+|one|two|three|four|five) (?:of|out of) (?:\d+|two|three|four|five|six|ten)\b"
    r"|\bhalf (?:done|finished|complete)\b|\bhalf[- ]way\b|\bin the middle of [a-z]+ing\b"
    r"|\b(?:a|one|two) (?:third|quarter|half)s? (?:done|of the way|through|finished)\b"
    r"|\b(?:finishing|continuing|resuming)(?: it| this| that"
    r"| up)? (?:after|tonight|tomorrow|later|on monday|next week)\b"
    r"|^(?:deploying|running|fixing|writing|testing|migrating|refactoring|debugging|building"
    r"|investigating|reviewing|updating|upgrading|rebuilding|reindexing|cleaning|implementing"
    r"|adding|removing|rewriting|finishing|wrapping up|halfway|moving on|switching|continuing"
    r"|heading|trying)\b(?![^.;,]{0,40}\b(?:is|are|was|were|takes|took|requires|required|needs"
    r"|helps|makes|made|causes|caused|breaks|should|must|can|could|would|will|means)\b)"
    r"|\bnext(?: up)?$"
    # …more task verbs; a gerund that is the subject ("Installing Xcode takes ages",
    # "Running migrations requires downtime") says how a thing is, and is left alone.
    r"|^(?:still |now |currently |just )?(?:installing|downloading|uploading|compiling|checking"
    r"|looking (?:into|at)|profiling|working through|going through|sorting out|tidying up"
    r"|catching up on|digging into|triaging|untangling|hunting down"
    r"|running (?:the|a|an|all|some|my|our)"
    r"|benchmarking|backfilling|syncing|importing|exporting|rerunning|re-running|retrying"
    r"|restarting|rebasing|merging|pushing|pulling|cloning|bisecting|tracing|reproducing"
    r"|setting up|wiring up|porting|generating|processing|scanning|provisioning|configuring"
    r"|patching|loading|copying|seeding|packaging|tagging|reverting|rolling back|tuning"
    r"|fine-tuning|indexing|crawling|converting|translating|waiting)\b"
    r"(?![^.;,]{0,40}\b(?:is|are|was|were|takes|took|requires|required|needs|helps|makes|made"
    r"|causes|caused|breaks|should|must|can|could|would|will|means)\b)"
    r"|\b(?:currently|still|now) (?!using|running|living|based)[a-z]+ing\b"
    r"|\b(?:is|are|was|were|has been|have been|got) (?:now |finally |already |still )?(?:done"
    r"|finished|complete|completed|fixed|resolved|deployed|merged|shipped|released|running|passing"
    r"|failing|broken|down|green|red|ready|live|up)(?: (?:now|again|successfully|already))?$"
    r"|\b(?:finished|completed|succeeded|failed|passed|done|went live|works now|now works)"
    r"(?: (?:now|again|already))?$"
    r"|\b(?:i'm|i am|we're|we are) (?:currently |now |still )?"
    r"(?!using|running|living|based|working (?:as|at|for|in))[a-z]+ing\b"
    # "I'm in the middle of the upgrade", "We're midway through the audit prep" (a life's
    # "halfway through a two-year MBA" is read before, as the speaker's life).
    # A job's position told by a count, or its share in words ("The resize job is up to image
    # 340 now", "Backfill has got to row 2 million", "Re-encoding is at seventy percent").
    r"|\b(?:is|'s|are|has got|has gotten|got|has reached|is now) (?:up )?to (?:image|row|file|page"
    r"|item|record|batch|shard|chapter|episode|step|epoch|ticket|commit|line|table|document|video"
    r"|photo|frame|user|account|message|email)s? (?:no\.? |number |#)?[\d,.]+\b"
    rf"|^(?:the )?[a-z-]+ing\b[^.;]{{0,20}}\b(?:is|'s) (?:at|about|around|roughly|nearly|almost)"
    rf"(?: about| around)? (?:\d{{1,3}}|{_EN_TENS}) ?(?:%|percent)"
    # Under way, and the next step when it ends: "Docs site is building, then I'll push it".
    r"|\b(?:is|are|'s|'re) [a-z]{3,}ing\b[^.;]{0,30}[,;]\s*(?:then|once (?:it|they|that)"
    r"(?:'s| is| are)? [a-z]+|when (?:it|they)(?:'s| is| are)? [a-z]+)\b[^.;]{0,10}"
    r"\b(?:i'll|we'll|will|i|we)\b"
    r"|\b(?:i'm|i am|we're|we are) (?:currently |now |still )?(?:in the middle of|midway through"
    r"|halfway through|partway through|knee-deep in) (?:the|our|my|this|that)\b"
)

# Jobs named by a noun (English) and by a verb-noun (Chinese), for a share of them done.
_JOB_NOUN = (
    r"rebuild|reindex|index(?:ing)?|migration|backfill|import|export|upload|download|sync"
    r"|backup|restore|build|deploy(?:ment)?|rollout|install(?:ation)?|update|upgrade|render"
    r"|encode|transcode|scan|crawl|training(?: run)?|job|task|run|copy|transfer|conversion"
    r"|compile|extraction|replication|resync|batch|pipeline"
)
_ZH_JOB = (
    r"重建|迁移|同步|导入|导出|上传|下载|训练|编译|备份|恢复|安装|更新|升级|渲染|转码|扫描|索引|回填"
    r"|拷贝|复制|解压|构建|打包|部署|爬取|抓取|转换"
)

# How far a task has got, said outright: "80% done", "进度 70%", "完成了 60%" (a 进度条 is a
# progress bar, a thing: "用户的进度条偏好是显示百分比"). A bare
# percentage is a share ("体脂率是 18%", "60% of it on GPU instances"), not a status.
_PERCENT_DONE = (
    rf"(?:\d{{1,3}}|{_EN_TENS}) ?(?:%|percent) ?(?:done|complete|completed|through|finished"
    r"|of the way|there)\b"
    # (a share in words, "进行到百分之六十", counts as the digits do)
    r"|(?:完成|进度|做到|写到|跑到|到了?|做了|写了|跑了|改了|进行到)[^,;]{0,3}?"
    r"(?:\d{1,3} ?%|百分之[\d一二三四五六七八九十百]+)"
    # A job named by its verb-noun, then where it has got ("视频导出已经 80% 了", "模型训练才
    # 百分之二十"; "数据迁移的成功率是 99%" is a rate).
    rf"|(?:{_ZH_JOB})(?:的?进度)?(?:现在|目前|已经|才|刚|都|只)*(?:到了?|跑到|做到)?\s*"
    r"(?:\d{1,3}\s*%|百分之[\d一二三四五六七八九十百]+)"
)
# Markers of a status report even in a sentence about a person: a work session being
# stopped or blocked, a task's share done.
_STRONG_PROGRESS = _re(
    r"(?i)\b(?:in progress|work in progress|wip|stopping here|call(?:ing)? it a day"
    r"|blocked (?:on|by)|next up|todo today|up for review|awaiting review"
    r"|(?:is|are) (?:in|under|out for|ready for) review"
    # A count of units of work: "Training is at epoch 7 of 20", "on chapter 5 of 12".
    r"|\b(?:epoch|step|page|chapter|batch|round|shard|item|file|part|stage|phase|table|ticket)"
    r" \d+ (?:of|out of|/) ?\d+\b"
    r"|(?:pass|passes|passing|works|builds|compiles|green)\s+(?:again|now))\b"
    rf"|{_PERCENT_DONE}|进行中|今天先|先做到|先到这|到此为止|进度(?!条)|\bnext\s*:|下一步\s*:"
    # A reply promised for later, whoever is busy now ("张总在开会，晚点回你", "收据晚点发你").
    # (any verb that hands a thing to the listener: 拍给你, 转给你, 寄给你)
    r"|(?:晚点|稍后|等会儿?|待会儿?|回头|一会儿?)(?:再|就)?(?:回你|回复你|联系你|找你|回消息|回电话|打给你"
    r"|发你|[\u4e00-\u9fff]{0,2}给你|告诉你)"
    # …in English, the same promise to the listener after a clause: "…, I'll send you the
    # photos tonight", "…, will forward it to you in a bit".
    r"|(?i:[,;]\s*(?:i'll|we'll|will|gonna) [a-z]+ (?:you\b|[^.;]{1,30}? to you\b|it over\b"
    r"|them over\b)[^.;]{0,30}\b(?:later|tonight|tomorrow|in a bit|shortly|soon|asap)$)"
    # An estimate of when it is ready: "should be ready by five", "will be done in an hour".
    r"|(?i:\b(?:should|will|ought to|might|may) be (?:ready|done|back|fixed|finished|here|there"
    r"|delivered|up|live|sorted) (?:by|in|at|around|within|before) )"
    # Waiting in a queue: "在医院排队，前面还有十个人".
    r"|在[^,;]{1,8}排队|前面还有"
)
# Markers of a moment in a task ("right now", "about to", "halfway", "接下来", "还剩",
# "在等"). In a sentence about a person they describe that person's life ("Jon is about
# to open a dance studio", "Joanna is working on a screenplay right now", "用户在等签证结果")
# unless the sentence is about work items (_TASK_WORDS): "The user is deploying the hotfix
# right now" is a status line.
_MOMENT_PROGRESS = _re(
    r"(?i)\b(?:right now|at the moment|about to|halfway|half-way|in the middle of"
    r"|(?:is|are) (?:blocked|stuck|pending)|waiting (?:on|for))\b"
    r"|一半|大半|过半|下一步|接下来|明天(?:再|继续)|稍后|待会|等会|马上(?:就)?(?:好|完|开始|去)|还差|还剩"
    r"|" + _CARD + r"卡在|卡住|阻塞|在等|等待中"
)
# Work items that have a status: software words that name nothing in a person's life
# (ambiguous verbs such as build, release, upload, train, 发布, 训练 are left out:
# "Calvin is about to release his album", "John is training for a marathon right now").
_TASK_WORDS = _re(
    r"(?i)\b(?:deploy\w*|redeploy\w*|refactor\w*|debug\w*|commits?|committing|hotfix\w*"
    r"|bugs?|bugfix\w*|prs?|pull requests?|merge requests?|branch(?:es)?|rebas\w*|tickets?"
    r"|pipelines?|servers?|clusters?|databases?|db|schemas?|staging|prod|production"
    r"|(?:unit|integration|e2e|end-to-end|regression|load|smoke) tests?|test suite|ci|repos?"
    r"|repository|codebase|code|coding|endpoints?|api|apis|index|indexing|reindex\w*"
    r"|backfill\w*|migrations?|sprint|checkpoints?|datasets?|changelog|docs|the build|builds)\b"
    r"|代码|部署|脚本|单测|单元测试|接口|数据库|索引|分支|上线|构建|编译|需求|工单|提交|回滚|重构|周报"
    r"|镜像|服务器|集群|预发|生产环境|测试环境|(?i:\b(?:pr|ci|bug|api)\b)"
    r"|(?i:\b(?:postgres(?:ql)?|mysql|redis|pgvector|sqlite|mongodb|kafka|nginx|docker|kubernetes"
    r"|k8s|terraform|helm|elasticsearch)\b)"
)
# Done in the past at the scale of years ("migrated the DB last year", "2021 年完成了",
# "三年前就拿到了"): a durable achievement, not today's status.
_DATED_PAST = _re(
    r"(?i)\b(?:last (?:year|spring|summer|autumn|fall|winter)|(?:\d+|a|two|three|four|five|six"
    r"|several|many|a few|a couple of) years ago|back in (?:19|20)\d\d|in (?:19|20)\d\d)\b"
    r"|去年|前年|(?:\d+|[一二三四五六七八九十几两]+)年前|(?:19|20)\d\d ?年(?:就|已经|时|的时候)"
    # A month of a named year ("in July 2025", "2022 年 3 月"): a dated record, not today.
    r"|(?i:\bin (?:january|february|march|april|may|june|july|august|september|october"
    r"|november|december) (?:19|20)\d\d\b)|(?:19|20)\d\d ?年 ?\d{1,2} ?月"
)
# A next step announced ("…, next I'm …", "下午开始…", "等 CI 过了再…").
_NEXT_ANNOUNCED = _re(
    r"(?i)\b(?:next|then|afterwards|after that|tonight|tomorrow|later|this (?:afternoon|evening)"
    r"|(?:i|we)'ll|will|going to|gonna)\b"
    r"|接下来|然后|接着|下一步|之后|明天|今晚|下午|晚上|待会|稍后|马上|回头|再"
)
# A step reported done with the next one started or announced, and a count of rounds.
_STEP_PROGRESS = _re(
    # The first step now, the rest put off ("先把接口跑通，回头再补测试", "First getting the login
    # flow working, will deal with styling later", "Getting the schema in first, indexes
    # after lunch"): the order of today's work.
    rf"(?i){FIRST_THEN_LATER}|"
    r"\bstep (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)(?: of \w+)? (?:is )?"
    r"(?:done|complete|completed|finished)\b"
    r"|\b(?:starting|beginning|moving (?:on )?to|on to|onto) [^.;]{0,40}\bnow$"
    r"|(?:^|[,;]\s*)moving on to\b"
    r"|(?:^|[,;]\s*|\s-\s)(?:and |now )?(?:on to|onto) (?:the|a|my|our)\b"
    # A job and where it has got ("The index rebuild is at 63% and climbing", "The nightly
    # backup's at about 40 percent"); a measure after the share is no job's position ("The
    # backup drive is at 90% capacity").
    # (a measure between them is what is at the share: "The migration success rate was at 99%")
    rf"|\b(?:{_JOB_NOUN})\b(?:(?!\b(?:rate|ratio|share|coverage|accuracy|usage|success|error"
    r"|failure|hit|quota|limit|disk|drive|battery)\b)[^.;]){0,30}(?:\b(?:is|at|reached)|'s at)"
    rf"(?: about| around| roughly| nearly| almost)? (?:\d{{1,3}}|{_EN_TENS}) ?(?:%|percent)"
    r"(?! (?:of|capacity|accuracy|coverage|usage|utili[sz]ation|share|rate|margin|full)\b)"
    # (the clause done is not negated: "还没想好，回头再说" defers)
    rf"|(?:^|[,;])[^,;没未不]*(?:了|完|好|掉)[,;]\s*(?:{ZH_AHEAD})"
    r"|(?:了|完|好)[,;]\s*(?:接下来|然后|之后|再|下一步|准备|开始|现在|马上|正要|打算|等会儿?|待会儿?|晚点"
    r"|晚些|一会儿?"
    r"|明天|今晚|下午|晚上|下周|周[一二三四五六日末])"
    # Part done, the rest announced: "The first half of the import went through, the rest
    # runs tonight", "已经部署到测试环境，明天上生产".
    # "First migration applied; second one after lunch".
    r"|\b(?:the )?(?:first|second|third|fourth) (?:[a-z]+ ){0,4}(?:is |are |was |were )?(?:done"
    r"|through|[a-z]{3,}ed)\b[^.]{0,30}?[,;]\s*(?:the )?(?:second|third|fourth|fifth|next|rest"
    r"|remaining|others?|last)\b"
    r"|\b(?:the )?(?:first|second|other) (?:half|part|batch)\b[^.;]{0,40}\b(?:done|through"
    r"|finished|complete|completed|went)\b|\bthe rest (?:runs|will|is|goes|tonight|tomorrow"
    r"|later|on|by|after|next|this)\b"
    # A count of the work done so far: "Packed two of the five boxes so far".
    r"|\b[a-z]{3,}(?:ed|t) (?:\w+ ){0,2}(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
    r" (?:of|out of) (?:the |my |our )?(?:\d+|two|three|four|five|six|seven|eight|nine|ten"
    r"|twelve|twenty)\b"
    # A clause, then the speaker's own next move ("快递到楼下了，我下去拿", "孩子刚睡着，我先去
    # 洗碗").
    r"|[,;]\s*我(?:先|这就|马上|现在|得|要|赶紧)?(?:下去|出去|过去|回去|去)(?!过)[\u4e00-\u9fff]"
    r"|^(?:已经?|刚刚?)[^,;]{2,20}[,;]\s*(?:明天|今晚|下午|晚上|待会儿?|稍后|下周|之后|然后)"
    # …also after a subject ("PR 刚合进去，下午开始…", "新版已经部署到预发环境，明天上生产",
    # "报销单刚交上去，下周跟进"): a just/already marker, a task verb, then the next step.
    rf"|(?:已经?|刚刚?|刚才|终于)\s*[^,;]{{0,16}}?(?:{_ZH_DONE}|合|推|交|发|提|打|备份|同步|弄|写|改|跑|测"
    r"|装|配|传|上|切|换|迁|升|降|导|清|删|建|搭)[^,;]{0,16}[,;]\s*(?:今晚|明天|明早|下午|晚上|待会儿?"
    r"|稍后|下周|之后|然后|接下来|接着"
    r"|下一步|马上|回头|现在|晚点|晚些|一会儿?|等[^,;]{1,12}?(?:再|就)"
    # …or handed over: "已经推到远程了，你拉一下试试".
    r"|你(?:先|再)?(?:看|试|拉|测|跑|确认|检查|review))"
    # …or a step after a wait: "v2.1 已经发布到灰度，观察两天再全量".
    r"|(?:已经?|刚刚?|刚才|终于)[^,;]{1,20}[,;][^,;]{0,12}?再(?!也|次|见|说)"

    # A step done somewhere in the clause, the next announced ("把配置同步到了所有节点，接下来
    # 重启"), the next after this one ("做完再弄报表").
    r"|(?:了|完|好)[^,;]{0,16}[,;]\s*(?:接下来|下一步|接着)"
    r"|(?:做|写|改|跑|弄|忙|测|修)完(?:了|之后|以后)?再"
    # The first part done, the rest scheduled: "第一批数据导完了，第二批明天导", "…，剩下的今晚弄".
    r"|[,;]\s*(?:第[二三四五六七八九十\d]{1,3}个?(?:批|部分|阶段|期|步|轮)|剩下的?|其余的?|后面的|另一半)"
    r"[^,;]{0,8}?(?:明天|今晚|下午|晚上|下周|之后|回头|周[一二三四五六日末])"
    # Half-way: "第二个模块改到一半", "东西打包了一大半", "迁移做了一半".
    # (also after 完: "测试用例写完三分之一")
    r"|(?:了|到|完)(?:一大半|一小半|一半|大半|过半|[一二三四五六七八九]分之[一二三四五六七八九]"
    r"|[一二三四五六七八九]成)(?=$|[,.;!]|了|就|挂|停|卡|断)"
    # A subjectless gerund status line with a time of now: "Uploading photos to the shared
    # album now", "Sorting out the invoices this evening", "Seeding the db now, then …".
    # (after a comma, a narrative's participle is no status: "…, looking forward to it soon")
    r"|(?:^|[;.]\s*|,\s*(?!(?:looking|hoping|saying|telling|thinking|feeling|wishing|planning"
    r"|showing|expressing|sharing|mentioning|noting|adding|explaining|asking|giving|leaving"
    r"|making|having|being|including|promising|agreeing|encouraging|offering|inviting)\b))"
    r"(?!(?:morning|evening|nothing|something|everything|anything|spring|ceiling|building"
    r"|wedding|clothing|meeting|painting|swimming|running|cooking|hiking|reading|writing"
    r"|gardening|camping|fishing|dancing|singing|drawing|knitting|baking|cycling|traveling"
    r"|travelling|journaling|volunteering|parenting)\b)(?:[a-z]+-)?[a-z]{3,}ing\b"
    r"(?! (?:is|are|was|were|has|have|had|helps?|makes?|gives?|keeps?)\b)"
    rf"[^.;]{{0,80}}\b(?:{_NOW_TIME})\b"
    r"|(?:跑|训练|进行|做|推进|执行|迁移|导入|同步)到(?:了)?第.{1,4}(?:轮|步|阶段|批|个|期)"
    # A place reached in a piece of work: "简历改到项目经历那部分了", "论文写到讨论那节了".
    r"|(?:改|写|看|读|做|翻|译|整理|填|画|录|剪|校|审|核对|标注)到(?:了)?[^,;]{1,14}?(?:那|这)?(?:一)?"
    r"(?:部分|节|章|段|步|页|块|里|处|儿)了"
    # Any verb, English ones too ("fine-tune 到第二个 epoch 了"), with a unit of work
    # ("数据标注做到第 300 条了").
    r"|到了?第\s*[一二三四五六七八九十百千\d]{1,5}\s*个?\s*(?:轮|步|阶段|批|期|节|章|页|段|篇|集|部分"
    r"|条|项|题|份|张|行|道|单"
    r"|epoch|step|round|batch"
    r"|stage|shard|phase)"
)
# A step done, then the next announced: "We've landed the caching PR and will start on the
# dashboard", "Finished the tests, will tackle the integration tests after lunch". Read after
# the achievement test ("finished a degree and now works in data science" is a life story).
_DONE_THEN_NEXT = _re(
    r"(?i)\b(?:done|finished|landed|merged|shipped|deployed|fixed|completed|wrapped up|pushed"
    r"|released|migrated|uploaded|submitted|installed|configured|applied)\b[^.;]{0,60}?"
    r"(?:,|;|\band\b|\bso\b| - )\s*(?:(?:i|we)(?:'ll| will|'m going to| am going to|'re going to"
    r"| are going to)|will|going to|gonna|next|now)\b"
    # "Config migrated to TOML; old YAML loader goes next week".
    r"|\b(?:done|finished|landed|merged|shipped|deployed|fixed|completed|pushed|released|migrated"
    r"|uploaded|installed|configured|applied)\b[^.;]{0,60}?[,;]\s*[^,.;]{0,40}?\b(?:goes|comes"
    r"|happens|follows|ships|lands|starts|is due)\s+(?:next week|tomorrow|tonight|later|after lunch"
    r"|this (?:afternoon|evening|week))\b"
    # The next step underway in its own sentence: "Lint is fixed. Now wiring up the CI job".
    r"|\b(?:done|finished|fixed|merged|pushed|deployed|migrated|shipped|landed|completed|applied"
    r"|installed|configured|passes|passing|green|sorted)\b[^.;]{0,40}?[.;]\s*(?:now|next(?: up)?"
    r"|then)[,:]?\s+(?:i'm |we're )?[a-z]{3,}ing\b"
    # "Cleared the cache and restarting the worker": a step done, the next underway.
    rf"|^(?:[a-z]+ed|{_IRREGULAR})\b[^.;]{{0,60}}(?:,|\band\b)\s*(?:now )?[a-z]{{3,}}ing\b"
    r"(?! (?:is|are|was|were)\b)"
)
# Formats that only a status report has, whoever the subject seems to be ("Unit tests:
# passed" opens like "Tim walks"): a step counter ("[4/9] Installing dependencies", "(2/5)
# Running migrations", "Step 3/7:"), a thing's status as a label ("Build status: failing",
# "部署状态：…"), a day's or a week's to-do list ("Today's todo: …", "今天的 TODO：…"), a
# status board ("CI: green, deploy: queued", "构建：通过"), status marks ("lint ✅ deploy ⏳").
_BOARD_ITEM = (
    r"build|builds|ci|cd|tests?|unit tests?|e2e|lint|typecheck|type check|checks?|deploy|deployment"
    r"|release|pipeline|job|migration|backfill|upload|download|sync|backup|review|staging|prod"
    r"|构建|测试|单测|部署|发布|流水线|迁移|同步|备份|上线|编译|审核|评审"
)
_BOARD_STATUS = (
    r"(?:passed|passing|failed|failing|pending|queued|running|blocked|skipped|green|red"
    r"|in progress|done|ok|✅|❌|⏳|通过|失败|进行中|排队中|待定|未开始|已完成|完成|成功)"
    r"(?=$|[\s,;.·|])"
)
_BOARD_WORDS = (
    r"done|in review|under review|not started|pending|blocked|queued|wip|todo|to do|failed"
    r"|failing|passed|passing|merged|shipped|in progress|started|ready"
)
_STATUS_FORMAT = _re(
    r"(?i)^\s*[\[(]\d{1,3}\s*/\s*\d{1,3}[\])]|^step \d{1,3}\s*/\s*\d{1,3}\b"
    r"|^(?:[\w#.-]+ ){0,3}status\s*[:：-]|^[^:,;]{0,10}(?:状态|进度)\s*[:：]"
    r"|^(?:today'?s|tomorrow'?s|tonight'?s|this week'?s)\s+(?:todos?|to-dos?|tasks?|plan|list"
    r"|agenda)\s*[:：]"
    r"|^(?:今天|今日|明天|今晚|本周|这周|下午|上午)(?:的)?\s*(?:todo|to-do|待办|任务|计划|安排)\s*[:：]"
    # A status board: a work item with its status ("Build #12: failing", "构建：通过"), or two
    # items with a status each ("CI: green, deploy: queued"); one label with a colour or
    # "running" is a plain fact ("Favourite colour: green", "Laptop: running Fedora").
    rf"|(?:^|[,;·|]\s*)(?:[\w#.-]+ ){{0,2}}(?:{_BOARD_ITEM})(?: #?\d+)?\s*:\s*{_BOARD_STATUS}"
    rf"|(?:^|[,;·|]\s*)[^\s:,;·|][^:,;·|]{{0,24}}:\s*{_BOARD_STATUS}[^:]{{0,30}}[,;·|]\s*"
    rf"[^\s:,;·|][^:,;·|]{{0,24}}:\s*{_BOARD_STATUS}"
    r"|[✅❌⏳🟢🔴🟡✔✗][^✅❌⏳🟢🔴🟡✔✗]{1,30}[✅❌⏳🟢🔴🟡✔✗]"
    # …or items and statuses without colons ("auth done, search in review, billing not
    # started"): two or more, each a word or two and a status.
    rf"|(?:^|:\s*)(?:[\w#.-]+ ){{1,2}}(?:{_BOARD_WORDS})\s*[,;]\s*(?:[\w#.-]+ ){{1,2}}"
    rf"(?:{_BOARD_WORDS})(?=$|[\s,;.])"
    # …a work-in-progress mark first ("🚧 Rewriting the onboarding emails", "⏳ 构建中").
    r"|^\s*(?:🚧|⏳|🔄|🏗)"
    # …a counter of units out of their total with their state ("3/8 pods healthy", "12/40
    # files uploaded"), or a numbered run under way ("Deploy #482 rolling").
    r"|\b\d{1,4}\s*/\s*\d{1,4} (?:[a-z]+ )?[a-z]+s (?:healthy|up|ready|done|passing|passed"
    r"|green|complete|completed|running|synced|migrated|uploaded|processed|imported|indexed"
    r"|failed|failing|left|remaining|down|through)\b"
    r"|^(?:[\w-]+ ){0,2}#\d{1,6}\s+(?:is |are )?(?:still )?[a-z]{3,}ing\b"
)


# Durable achievements: passing an exam, earning a certificate or a degree, finishing a
# marathon. "The user passed the AWS exam in 2023" is who they are, not a status line.
_ACHIEVEMENT = _re(
    r"(?i)\b(?:exams?|certificat(?:e|ion)s?|certified|degree|diploma|licen[cs]e|bachelor'?s?"
    r"|master'?s?|phd|doctorate|marathon|award|prize|scholarship|graduated|promoted|black belt"
    r"|driving test|driver'?s licen[cs]e|mba|apprenticeship|residency|course|bootcamp|internship"
    r"|fellowship|teacher training|[a-z0-9]+-(?:hour|day|week|month|year) (?:[a-z]+ ){0,3}"
    r"(?:training|program|programme|course))\b"
    r"|考试|考过|考上|考取|证书|认证|学位|文凭|驾照|毕业|马拉松|获奖|奖学金|晋升|升职|拿到了?.{0,12}(?:证|奖|offer)"
)
# A pass or card issued to a person ("Press pass for the conference is ready", "会议的记者证
# 已经办好了"): the person holds it from now on, like a certificate earned; not a task's state.
_ISSUED_DOCUMENT = _re(
    r"(?i)\b(?:(?:press|boarding|season|guest|visitor|backstage|day|ski|access|conference"
    r"|festival|gym|parking|security|staff|media) pass(?:es)?|badges?|visas?|passports?"
    r"|(?:id|identity|membership|library|key|access|loyalty|residence) cards?|permits?)\b"
    r"(?![^.;,]{0,20}\b(?:application|renewal|request|form)s?\b)"
    r"|记者证|通行证|工作证|出入证|参会证|胸卡|工牌|胸牌|门禁卡|会员卡|年卡|季卡|月卡|健身卡|护照|签证"
    r"|身份证|居住证|登机牌|门票|社保卡|校园卡|饭卡|房卡"
)
# …still being made is a task's state ("The staff badges are being printed now",
# "年卡在办理中").
_DOC_UNDERWAY = _re(
    r"(?i)\b(?:being|now|still|yet|in progress)\b|正在|还在|中(?=$|[,.;!])|在办|审核|审批|还没|没好"
)
# A status of this moment, which even a person's studies can have ("is 80% through the
# exam paper right now").
_NOW_PROGRESS = _re(rf"(?i){_PERCENT_DONE}|\b(?:right now|at the moment)\b|进度(?!条)")


# A percentage that measures a change ("cut standby power by 40%", "把待机功耗降了 40%",
# "提升了 30%") is a result that stays true, not how far a task has got: it is removed
# before the progress tests, which read a bare percentage as "X% done".
_CHANGE_AMOUNT = _re(
    r"(?i)\b(?P<en>cut|reduced?|lowered|decreased|dropped|increased|improved|raised|boosted|"
    r"grew|sped up|shrank|saved|trimmed|slashed)\b"
    r"[^,.;%]{0,40}?\b(?:by )?\d{1,3}(?:\.\d+)? ?(?:%|percent)"
    r"|(?P<zh>降低了?|降了|减少了?|缩短了?|节省了?|提高了?|提升了?|增长了?|加快了?|压缩了?|省了)"
    r"[^，。；%]{0,6}?"
    r"(?:\d{1,3}(?:\.\d+)? ?(?:%|个百分点)|一半|[一二三四五六七八九]成|\d+(?:\.\d+)?倍)"
)


# A habit ("is blocked on review most sprints", "每次部署完都先跑冒烟测试") is how things
# usually go: a fact or a workflow, not today's status.
_HABITUAL = _re(
    r"(?i)\b(?:usually|often|always|typically|normally|generally|most (?:sprints|weeks|days"
    r"|mornings|nights|times|releases)|every (?:sprint|week|day|time|release|morning|night|month"
    r"|quarter|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|on (?:mon|tues|wednes|thurs|fri|satur|sun)days|on weekends|by (?:team |company )?policy)\b"
    r"|通常|经常|总是|一般都|每次|每回|每周|每天|每个月"
)


# A rule of how things run, with a status only as its condition ("Staging deploys happen
# automatically when main is green", "每当主干变绿就自动部署"): a workflow, unless the sentence
# also speaks of now or of a next step ("Rolled back as soon as alerts fired, investigating
# now").
_RULE_OF_RUNNING = _re(r"(?i)\b(?:automatically|whenever|as soon as)\b|自动|每当|一旦")
_NOT_A_RULE = _re(r"(?i)\bnow\b|现在|正在")


# A life, not a task: "I'm currently learning Spanish", "We're expecting our second child",
# "我正在学西班牙语", "I'm halfway through a two-year MBA", "赵磊正在装修新房子". These are facts
# about the speaker or the person named; "I'm halfway through the migration" is not.
_LIFE_ACTIVITY = _re(
    r"(?i)\b(?:learning|studying|training for|expecting|planning (?:to|a|on)|looking for"
    r"|saving (?:up )?for|recovering from|pregnant|dating|raising|moving to|applying (?:to|for)"
    r"|preparing for (?:the|my|a|an) (?:exam|test|interview|wedding|move|marathon|race|baby)"
    r"|(?:writing|working on) (?:a|my|an) (?:novel|book|memoir|album|song|painting|screenplay)"
    r"|halfway through (?:a|my|an) (?:[a-z-]+ )?(?:mba|degree|course|program|programme|book"
    r"|novel|pregnancy|phd|doctorate|thesis|dissertation|residency|apprenticeship|bootcamp)"
    r"|about to (?:have a baby|get married|move|start (?:a|my) new job|graduate"
    r"|retire))\b"
    r"|(?:在|正在|开始|最近)学|备考|准备考|备孕|怀孕|找工作|攒钱|养病|康复|装修|写(?:一本|小说|书)|练(?:马拉松|琴|字|瑜伽)"
    # A stay or a trip of the speaker's ("I'm spending two weeks in Tokyo", "staying with my
    # parents until June", "visiting my sister this weekend") is a plan of a life.
    r"|(?i:\b(?:spending (?:a|an|one|two|three|four|five|six|several|a few|the|this|next)"
    r" (?:[a-z]+ )?(?:days?|nights?|weeks?|months?|years?|summer|winter|weekend|holidays?)"
    r"|staying (?:with|at|in)|visiting (?:my|our|her|his|their|family|friends|relatives)"
    r"|on (?:holiday|vacation|leave|parental leave|maternity leave|sabbatical))\b)"
    r"|减肥|健身|相亲|谈恋爱|生孩子|结婚|搬家|上[\u4e00-\u9fff]{0,4}(?:课|夜校|班)|读(?:在职)?(?:研究生|博士|硕士|大学|研)"
    # Classes taken, a place rented for a stay, a part-time degree: a life, not a task.
    r"|(?i:\b(?:taking|attending|doing) (?:[a-z-]+ ){0,3}(?:classes|lessons|courses?|workshops?)\b"
    r"|\brenting (?:a|an|the) (?:[a-z-]+ ){0,2}(?:house|cabin|flat|apartment|room|cottage|villa"
    r"|place|car|van|chalet|studio)\b"
    r"|\bdoing (?:a|an|my) (?:part-time |full-time |online )?(?:msc|ma|mba|phd|degree|masters?"
    r"|bachelor'?s?|diploma|course)\b)"
    # A trip to a named place on a later day ("I'm visiting Edinburgh next weekend", "flying
    # to Lisbon in May"); "heading to Tesco now" is this minute, and stays a status.
    r"|\b(?:visiting|flying to|travel+ing to|going to|heading to|driving to|off to) (?-i:[A-Z])"
    r"[^.;,]{0,30}?\b(?:next (?:week|weekend|month|year|spring|summer|autumn|fall|winter)"
    r"|this coming \w+|in (?:january|february|march|april|may|june|july|august|september"
    r"|october|november|december)|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|for (?:a|two"
    r"|three|\d+) (?:days|weeks|nights))\b"
)


# Work in flight with a warning to the listener about now ("Terraform is applying the VPC
# changes, don't touch the console", "在重建索引，先别写入"): the warning holds only while the
# work runs, so the sentence is a status line, whoever the subject seems to be.
_IN_FLIGHT = _re(
    r"(?i)\b(?:is|are|'s|'re|am|'m) (?:still |now |currently )?[a-z]{3,}ing\b|^[a-z]{3,}ing\b"
    r"|正在|在[\u4e00-\u9fffA-Za-z]|[\u4e00-\u9fff]着"
)
_WARN_NOW = _re(
    r"(?i)[,;]\s*(?:so |please |pls )?(?:don't|do not|dont|hold off|nobody|no one|avoid|wait"
    r" (?:until|till|before|for it))\b[^.;]{0,40}$"
    r"|[,;]\s*(?:所以|请|麻烦)?(?:先|暂时|这会儿|现在)?(?:别|不要|勿)[\u4e00-\u9fffA-Za-z]"
)


# A word of relief or assent before the status line itself.
_INTERJECTION = _re(
    r"(?i)^(?:ok(?:ay)?|alright|all right|so|right|well|cool|great|phew|yay|nice|good|好的?|嗯|行)"
    r"\s*[,!.]\s*"
)


def is_progress(norm: str) -> bool:
    """Whether ``norm`` reports the state of a task (done, underway, next) rather than a
    fact that stays true."""
    return progress_kind(norm) is not None


#: What :func:`progress_kind` returns: a status line's format, a step done with the next
#: announced (or a share of the work done), any other status of a task.
PROGRESS_KINDS = ("status_line", "step", "status")


_FAULT_AT_PLACE = _re(
    r"(?i)^(?:the |a |our |my )?(?:[a-z0-9-]+ ){1,3}(?:at|in|by|near|next to|outside)"
    r" (?:the|our|my|their|[a-z]+'s)\b[^.;,]{1,50}\b(?:is|are|has been|have been|was)"
    r" (?:broken|out of order|not working)\b"
)


def progress_kind(norm: str) -> str | None:
    """Which kind of status report ``norm`` is (one of :data:`PROGRESS_KINDS`), or None for
    a fact that stays true: the filter tells the user which."""
    # The verb stays ("降了", "cut"): a change done, with the next step announced, is
    # still progress; only its amount stops reading as "X% done".
    norm = _CHANGE_AMOUNT.sub(lambda m: m.group("en") or m.group("zh"), norm)
    norm = _INTERJECTION.sub("", norm, count=1)  # "Okay, done with the first chapter edits"
    if _STATUS_FORMAT.search(norm):
        return "status_line"
    step = bool(_STEP_PROGRESS.search(norm) or _DONE_THEN_NEXT.search(norm))
    clause_step = is_done_then_next(norm)  # by clause shape: done, then a short step ahead
    step = step or clause_step
    kind = "step" if step else "status"
    if _HABITUAL.search(norm) and not _NOW_PROGRESS.search(norm):
        return None
    if (_RULE_OF_RUNNING.search(norm) and not step
            and not (_NOW_PROGRESS.search(norm) or _NOT_A_RULE.search(norm)
                     or _NEXT_ANNOUNCED.search(norm))):
        return None
    # A change of a standing fact told as done ("我已经升为护士长了", "Canva pays me now") is
    # the slot's new value, not a task's state, unless it names a work item; a plan on a
    # later date ("Flying to Seoul on 14 March") holds until then.
    # A thing in the world out of order where it stands ("The PIN pad at the front desk is
    # broken", "The card reader at the gym entrance is out of order"): a fact about the
    # place that holds until it is repaired, not a task's state, unless it is a work item.
    if _FAULT_AT_PLACE.search(norm) and not (_TASK_WORDS.search(norm) or step
                                              or _STRONG_PROGRESS.search(norm)):
        return None
    if is_standing_change(norm) and not (_TASK_WORDS.search(norm)
                                         or _STRONG_PROGRESS.search(norm)):
        return None
    if is_slot_moved(norm) and not (step or _STRONG_PROGRESS.search(norm)):
        return None
    if is_far_plan(norm) and not (step or _STRONG_PROGRESS.search(norm)
                                  or _MOMENT_PROGRESS.search(norm)):
        return None
    if (_WARN_NOW.search(norm) and _IN_FLIGHT.search(norm.split(",")[0])
            and not (_LIFE_ACTIVITY.search(norm) or about_a_person(norm))):
        return kind
    # A life activity is a fact about whoever does it, the speaker or a named person the
    # shapes cannot see ("赵磊正在装修新房子" has no subject marker), unless it is work.
    # A share of it done ("搬家的东西打包了一大半") is still a task's state.
    if _LIFE_ACTIVITY.search(norm) and not (_TASK_WORDS.search(norm)
                                            or _STRONG_PROGRESS.search(norm)
                                            or _STEP_PROGRESS.search(norm)):
        return None
    # A project's stack or home changed to something, told as history ("We moved the blog
    # off WordPress onto Astro"), holds after the sentence: a fact, unless a step follows.
    # …and so does a named thing's home or stack held now ("atlas 现在跑在 Koyeb 上", "X is
    # being rewritten in Go now"): a one-value slot, not this afternoon's status.
    if (is_lasting_change(norm) or is_current_state(norm)) and not (
            step or _STRONG_PROGRESS.search(norm) or _MOMENT_PROGRESS.search(norm)):
        return None
    if about_a_person(norm):
        # "The user is halfway through a two-year MBA": a person's studies, not a task.
        if _ACHIEVEMENT.search(norm) and not _NOW_PROGRESS.search(norm):
            return None
        if _STRONG_PROGRESS.search(norm):
            return kind
        # A moment of a person's life is a fact about them; of their work, a status line;
        # a step done with the next one later the same day, a status line whatever it is.
        if is_done_then_today(norm):
            return "step"
        work = _TASK_WORDS.search(norm) and (step or _MOMENT_PROGRESS.search(norm))
        return kind if work else None
    if _STEP_PROGRESS.search(norm) or clause_step:
        return "step"
    if _UNDECIDED.search(norm) and not (_STRONG_PROGRESS.search(norm)
                                        or _MOMENT_PROGRESS.search(norm)):
        return None  # "数据库选型的话，我还在纠结": a hedge (is_hedged), not a task underway
    if _DATED_PAST.search(norm) and not (_STRONG_PROGRESS.search(norm)
                                         or _MOMENT_PROGRESS.search(norm)
                                         or _NEXT_ANNOUNCED.search(norm)):
        return None  # "We migrated the DB to Postgres last year"
    if _ACHIEVEMENT.search(norm) and not (_STRONG_PROGRESS.search(norm)
                                          or _MOMENT_PROGRESS.search(norm)
                                          or _TASK_WORDS.search(norm)):
        return None  # …unless it is a work item ("证书续期的脚本写好了，还没部署")
    if _ISSUED_DOCUMENT.search(norm) and not (_STRONG_PROGRESS.search(norm)
                                              or _MOMENT_PROGRESS.search(norm)
                                              or _TASK_WORDS.search(norm)
                                              or _NEXT_ANNOUNCED.search(norm)
                                              or _DOC_UNDERWAY.search(norm)
                                              or is_ongoing_work(norm)):
        return None  # a pass or card issued: held from now on
    if (_ZH_PROGRESS.search(norm) or _EN_PROGRESS.search(norm)
            or _DONE_THEN_NEXT.search(norm) or _STRONG_PROGRESS.search(norm)
            or is_ongoing_work(norm)):
        return kind
    return None
