"""Who a sentence is about: a named person, the user, a group of people — or a task.

The filter reads the same marker two ways depending on the subject: "Jon is about to open a
dance studio" describes Jon (a fact), "About to deploy the hotfix" is a status line; "用户
好像更喜欢 Vim" is an observation about the user, "好像哪里还有内存泄漏" a thought held back.
A subject is recognised by shape only (names are not looked up), after an opening time or
circumstance ("At 3:14 pm on August 13, 2023, John told Maria …", "上周，用户…").

Pure functions over normalized text.
"""

from __future__ import annotations

import re

from vecmem.rules.quality_clause import ADVERB_OPENERS
from vecmem.text import ascii_word_re

__all__ = ["about_a_person", "about_someone_else"]

# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re

_THIRD_PERSON = _re(r"(?i)\b(?:he|she|him|her|his|hers|they|them|their)\b|他|她")
_FIRST_PERSON = _re(r"(?i)\b(?:i|i'm|i've|i'd|we|we're|my|our|us|me)\b|我")

# A named person or the user as the subject, followed by a verb: "Tim is", "Jon has been",
# "Gina and Jon were", "The user's son", "用户正在", "她在". A capitalised word alone is no
# name ("Benchmarks are running", "Tests pass now"): names take singular verbs here, and
# two names joined by "and" the plural.
# Capitalised words that open a status line about a job, not a person ("Backfill ran for
# three hours", "Migration went fine").
_TASK_NOUNS = (
    r"Tests?|Builds?|Deploys?|Deployments?|Jobs?|Migrations?|Backfills?|Imports?|Exports?"
    r"|Syncs?|Uploads?|Downloads?|Reindex\w*|Rollouts?|Pipelines?|Releases?|Servers?|Scripts?"
    r"|Indexing|Training|Backups?|Restores?|Crawls?|Scans?|Installs?|Upgrades?|Staging|Prod"
    r"|Production|Docker|Postgres|Redis|Kafka|Nginx|Python|Node"
)
# Past tenses without -ed ("Nate won", "Jon lost", "Gina got", "John found", "Melanie went").
_IRREGULAR_PAST = (
    r"won|lost|got|found|went|made|sought|felt|gave|took|began|wrote|read|ran|met|saw|built"
    r"|bought|brought|caught|chose|came|did|drew|drove|ate|fell|fought|flew|forgot|grew|heard"
    r"|held|kept|knew|led|left|lent|meant|paid|put|quit|rode|rose|said|sold|sent|shook|showed"
    r"|sang|sat|slept|spoke|spent|stood|swam|taught|told|thought|threw|understood|woke|wore"
    r"|became|shared|had"
)
_ADVERB = r"(?:then|also|later|soon|finally|still|even|again|once|now|recently|just|both|each)"
_NAMED_SUBJECT = _re(
    # (the user's thing may take a few words: "The user's dog Biscuit is", "The user's next
    # car will")
    r"^(?:(?i:(?:the )?user(?:'s(?: \w+){1,3}?)?|he|she|(?:his|her|their|my) (?:wife|husband"
    r"|partner|son|daughter|mother|father|mom|dad|sister|brother|friend|boss|manager|colleague|kid|child))"
    r"|(?i:his|her|their) (?:[a-z]+ ){0,2}(?:wife|husband|partner|son|daughter|mother|father|mom"
    r"|dad|sister|brother|friend|friends|boss|kids?|children|family|dog|cat|pets?|team|band)"
    # "Sam's friend Evan is", "Joanna's new screenplay is": a person's people and things.
    rf"|(?!(?:{_TASK_NOUNS}|It|This|That|These|Those|There|Here|What|Which|Who|Why|How|We|You"
    r"|They|Maybe|Perhaps|Just|Still|Also|Now|Then|Today|Yesterday|Tomorrow|Next|Someone"
    r"|Something|Everyone|Everything|Nobody|Nothing)\b)"
    r"[A-Z][a-z]+(?:'s(?: [a-z]+){1,3}(?: [A-Z][a-z]+)?)?)"
    r" (?:(?:maybe|probably|perhaps|possibly) )?"
    r"(?:is|was|has|had|now|currently|still|also|recently|just|often|usually|really|does"
    r"|are|were|have|will|would|can|could"
    r"|loves|likes|enjoys|wants|plans|says|said|feels|finds|thinks|believes|took|started"
    r"|shares|shared|mentioned|told|asked|expressed|spends|keeps|needs|gets|goes|takes|uses"
    r"|prefers|hates|works|lives)\b"
    # …or any verb in -s/-ed that is not a task's outcome ("Melanie sympathizes", "Maria
    # applauded"; but "Build failed", "Backfill finished" are status lines).
    r"|^(?:(?i:(?:the )?user)|(?![A-Z][a-z]*ly\b|[A-Z][a-z]+ing\b|(?:Maybe|Perhaps|Just|Still"
    # (a determiner is never a name: "The docs could use some love" has "docs" as subject)
    r"|Also|Now|Then|Today|Yesterday|Tomorrow|Next|This|That|These|Those|It|There|Here|We|They"
    r"|The|A|An|Our|My|Your|Its|Some|All|Every|Each|No|Any|Both|Most|Many|Few|Several|Such"
    rf"|You|{_TASK_NOUNS})\b)[A-Z][a-z]+) (?:[a-z]+ly |{_ADVERB} )?"
    r"(?!(?:finish|complet|fail|pass|crash|succeed|merg|deploy|ship|releas|push|start|break"
    r"|broke|work|run|build|compil|time|migrat|upgrad|fix|resolv|land|roll|revert|restart)"
    rf"[a-z]*\b)(?:[a-z]{{2,}}(?:s|ed)|{_IRREGULAR_PAST})\b"
    # A person finishing or completing a thing of theirs ("Joanna finished a screenplay",
    # "Joanna finishes writing her book"); a job finishes at a time, not "a …".
    rf"|^(?!(?:{_TASK_NOUNS})\b)[A-Z][a-z]+ (?:finish|complet)(?:es|ed|s) (?:a|an|writing|reading"
    r"|her|his|their|[a-z]+ing)\b"
    # …even a task's verb when what was done is the person's own ("Joanna finished her
    # screenplay", "Nate started his own channel"): a job has no "her".
    r"|^[A-Z][a-z]+ (?:[a-z]+ly )?[a-z]{3,}(?:s|ed) (?:(?:up|off|on|out) )?(?:her|his|their"
    r"|herself|himself|themselves)\b"
    # A group of people in a narrative ("They discussed …", "Both of them agreed …", "The
    # two friends are …"); a team's work report is still caught by _TASK_WORDS.
    r"|^(?i:they|both(?: of them)?|the two(?: \w+)?|the (?:friends|couple|family|kids|children"
    r"|siblings|twins|parents|girls|boys)) (?:[a-z]+ly )?(?:(?:both|also|all|each) [a-z]+|[a-z]{3,}"
    r"(?:s|ed)|are|were|have|had|will|would|can|could|plan|want|love|like|enjoy|agree|decide"
    r"|talk|discuss|share|seem|feel|hope|bid|reminisce|catch|meet|chat)\b"
    # Two people ("John and Maria volunteered", "Tim and his dad finished …").
    # Event summaries use the plain verb: "Melanie and her family enjoy camping", "Caroline
    # and Melanie catch up", "John and his fellows from the group brainstorm …".
    rf"|^(?!(?:{_TASK_NOUNS})\b)[A-Z][a-z]+ and (?:(?!(?:{_TASK_NOUNS})\b)[A-Z][a-z]+"
    r"|(?:his|her|their) (?:[a-z]+ ){0,2}[a-z]+)(?: (?:from|at|of) [^,.;]{1,40}?)?,? [a-z]+\b"
    # The user or a pronoun with a modal ("The user would like to learn Korean someday").
    r"|^(?i:(?:the )?user|he|she) (?:would|will|can|could|might|may|should|must)\b"
    # The user with any verb ("User finished a degree …"): no job is called "user".
    r"|^(?i:(?:the )?user) (?:[a-z]+ly )?[a-z]{3,}(?:s|ed)\b"
    # Something of a named person's ("Joanna's laptop crashed last week") is their story.
    r"|^[A-Z][a-z]+'s [a-z]+ (?:[a-z]+ly )?[a-z]{3,}(?:s|ed)\b"
    # A person starts *doing* something ("Jon starts working on a platform"); a job
    # starts at a time ("Backfill started at 3am").
    r"|^[A-Z][a-z]+ (?:starts|started|begins|began) (?:to |[a-z]+ing\b|(?:a|an|her|his|their)\b)"
    # …works at a place, runs a business, passed an exam: people's verbs with people's objects.
    rf"|^(?!(?:{_TASK_NOUNS})\b)[A-Z][a-z]+ (?:[a-z]+ly )?(?:works?|worked)"
    r" (?:at|as|for|with|in|on)\b"
    rf"|^(?!(?:{_TASK_NOUNS})\b)[A-Z][a-z]+ (?:runs?|ran|passe[sd]) (?:a|an|her|his|their)\b"
    r"|^(?:[A-Z][a-z]+ and [A-Z][a-z]+|(?i:their \w+|(?:the )?user's \w+)) (?:are|were|have)\b"
    r"|^(?:用户|他|她|我(?:的)?(?:妻子|老婆|丈夫|老公|儿子|女儿|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|妹妹|孩子))"
    r"(?!们)"
)
# A Chinese person as the subject, by the shape of a name: a common surname and one or two
# characters ("张伟在等面试结果", "王芳正在写毕业论文"), 老/小 and a surname ("老王在装修"), or
# a relative or a colleague ("我妈在住院", "同事小周在休陪产假"), then a verb's marker. Names
# are a closed class of surnames, not a list of people; surnames that are also everyday
# words at the start of a sentence (马上, 周末, 高, 方, 白, 金, 于, 任, 常 …) are left out.
_ZH_SURNAME = (
    "王李张刘陈杨赵吴徐孙朱胡郭罗郑梁谢宋唐许韩冯邓曹彭曾肖董袁潘蒋蔡余杜程苏魏吕丁沈姚卢姜崔"
    "钟谭陆汪范廖贾韦邹孟熊秦邱尹薛闫段雷侯史陶黎贺顾毛郝龚邵严覃戴莫孔汤"
)
_ZH_KIN = (
    r"(?:我|用户)(?:的)?(?:妈|爸|姐|哥|弟|妹|媳妇|闺女|娃|朋友|同事|室友|邻居|领导|老板|表[姐哥弟妹]"
    r"|堂[姐哥弟妹]|爷爷|奶奶|外公|外婆|姥姥|姥爷|岳父|岳母|公公|婆婆|舅舅|阿姨|叔叔|姑姑|男朋友"
    r"|女朋友|对象|同学|导师|老师)|(?:同事|邻居|室友|朋友|同学|表[姐哥弟妹]|堂[姐哥弟妹])?"
)
_ZH_PERSON = _re(
    # (after 老/小 the surnames that open everyday words are names too: 老周, 小马, 老高)
    rf"^(?:{_ZH_KIN}(?:[老小][{_ZH_SURNAME}周马高方白金于任常黄林何田石夏]|[{_ZH_SURNAME}][\u4e00-\u9fff]{{1,2}}?)"
    r"|(?:我|用户)(?:的)?(?:妈|爸|姐|哥|弟|妹|媳妇|闺女|娃|朋友|同事|室友|邻居|领导|老板|爷爷|奶奶"
    r"|外公|外婆|姥姥|姥爷|男朋友|女朋友|对象|同学|导师|老师))"
    # (an evidential between the subject and its verb: "老周好像是用户的远房亲戚")
    r"(?:好像|似乎|貌似|可能|大概|应该|估计|据说)?"
    r"(?:现在|目前|最近|已经|刚刚?|还|也|正|更|很|挺|比较|特别|非常|最|一直|总是)?"
    r"(?:在|正在|已经|刚|要|想|打算|准备|去|到|是|有|和|跟|把|被"
    r"|说|觉得|喜欢|不|没|会|能|得|搬|考|读|学|做|当|住|对(?!了))"
)


# A gerund as the subject ("Running has been great for her", "Writing allows Joanna …").
_GERUND_SUBJECT = _re(
    r"(?i)^[a-z]+ing(?: and [a-z]+ing(?: out)?(?: with \w+)?)? (?:is|are|was|were|has|have|had"
    r"|helps?|allows?|brings?|makes?|gives?|keeps?|lets?|remains?|became|becomes)\b"
)


# An opening time or circumstance before the subject ("At 3:14 pm on August 13, 2023, John
# told Maria …", "Last week, Tim finished …", "After the hike, Audrey …", "上周，用户…").
_LEADING_ADVERBIAL = _re(
    r"^(?:(?:on|at|in|after|before|during|since|last|this|recently|yesterday|earlier|later"
    r"|meanwhile|afterwards|then|also|however|finally|overall|together|additionally|according to"
    r"|today|tonight|that|back|around|over)\b[^,;]{0,48}(?:, (?:19|20)\d\d)?"
    r"|[^,;]{0,8}(?:前|后|时|里|上周|昨天|今天|最近|上个月|去年))[,]\s*(?=\S)", re.I
)


# An apposition after a name ("John, who loves dogs, …", "Melanie, in her free time, …").
_APPOSITION = _re(r"^([A-Z][a-z]+(?: and [A-Z][a-z]+)?), [^,;]{1,80}?, (?=[a-z])")


# A capitalised adverb first is no name ("Just finished writing the tests", "Finally got …"):
# the speaker is the subject, left out; what follows the adverb is read instead.
_ADVERB_FIRST = _re(rf"^(?:{ADVERB_OPENERS}),?\s+(?=[a-z])")


# A capitalised plural with a plural verb is a thing, not a name ("Interviews are wrapping
# up this week", "Invoices were sent"): one person takes "is", two are joined by "and".
_PLURAL_THING = _re(r"^[A-Z][a-z]+s (?:are|were|have|'re|'ve)\b")


def about_a_person(norm: str) -> bool:
    """Whether the subject of ``norm`` is a person (named, the user, a group of people)."""
    view = _ADVERB_FIRST.sub("", norm, count=1)
    view = _LEADING_ADVERBIAL.sub("", view, count=1)
    view = _APPOSITION.sub(r"\1 ", view, count=1)
    if _PLURAL_THING.search(view):
        return False
    return bool(_NAMED_SUBJECT.search(view) or _GERUND_SUBJECT.search(view)
                or _ZH_PERSON.search(view))


def about_someone_else(norm: str) -> bool:
    """Whether ``norm`` speaks of a third person and not of the speaker."""
    return bool(_THIRD_PERSON.search(norm) and not _FIRST_PERSON.search(norm))
