"""A credential's life event with no value: "Twilio auth token regenerated", "我把邮箱密码改了".

The secret rules (``rules/secrets.looks_like_secret_mention``) read a mention as a
credential word plus status words plus filler from closed lists, so a vendor or a verb
nobody listed ("Twilio", "regenerated", "作废") made the sentence a fact. This module
reads the *grammar* of the event instead, whatever the words:

- English: a noun phrase headed by a credential noun (any modifiers before the head:
  "the old AWS secret key", "my Apple ID password") and one past participle, by
  morphology (``-ed``) or from the short list of irregular ones, in either order —
  "Rotated the staging DB password" / "The deploy key has been replaced" — with only a
  subject, an auxiliary, an adverb of time or a purpose ("for the CI") around them;
- Chinese: the same noun phrase ("飞书机器人的 token", "服务器 root 密码") with a verb of a
  credential's life (change, reset, rotate, expire, revoke, generate …) and its result
  particles, in either order ("刚改了路由器管理员密码" / "API 密钥已作废").

Anything more is information and the sentence is not matched: where the secret lives
("… is in 1Password", "放在抽屉里"), when it expires ("expires on 3 March"), a rule ("every
90 days"), what it is for beyond a short purpose, a second clause. The head must be the
credential itself: "password manager", "token budget", "密码过期时间" are other things.
"""

from __future__ import annotations

import re

from vecmem.text import ascii_word_re

__all__ = ["is_credential_event"]

_re = ascii_word_re

# The credential as the head of its noun phrase. A bare "key" is a door's or a table's;
# it is a credential only with a qualifier that says so.
_HEAD_EN = (
    r"(?:pass(?:word|phrase|code)s?|passwd|pins?|pin\s+codes?|tokens?|secrets?|credentials?"
    r"|creds|pats?|otps?|(?:verification|2fa|mfa|one-time|login|sms) codes?"
    r"|(?:api|ssh|access|secret|private|deploy|signing|gpg|pgp|licen[cs]e|master"
    r"|encryption|app|auth|root)[ _-]?(?:keys?|keypairs?|key\s+pairs?))"
)
# Words before the head that are not a modifier of it: prepositions, auxiliaries, verbs
# of placing. "in" or "is" before the head means the head belongs to another phrase.
_NOT_MOD = (r"(?:in|on|at|under|inside|into|to|from|with|by|of|is|was|are|were|has|have|had"
            r"|been|and|or|but|not|no|where|which|that)")
_MOD = rf"(?:(?!{_NOT_MOD}\b)[\w.'’-]+\s+)"
_NP = (rf"(?:(?:the|my|our|your|their|his|her|a|an|new|old|fresh|current)\s+)?{_MOD}{{0,5}}"
       rf"{_HEAD_EN}")
# A past participle: by its ending, or one of the irregular ones a credential can take.
_PARTICIPLE = (r"(?:[a-z]{2,}ed|set|reset|made|got|gotten|done|sent|stolen|forgotten|broken"
               r"|taken|given|written|hidden|shown|leaked|put)(?:\s+(?:out|up|over|in|back))?")
# Two coordinated ("wiped and recreated", "revoked and reissued").
_PARTICIPLE = rf"{_PARTICIPLE}(?:\s+(?:and|&)\s+{_PARTICIPLE})?"
_SUBJECT = (r"(?:(?:i|we|you|they|he|she|someone|user|the\s+user)\s+(?:have\s+|has\s+|had\s+)?"
            r"|(?:i|we|you|they)'ve\s+)?")
_ADVERB = r"(?:(?:just|finally|already|successfully|also|now|again)\s+)?"
_AUX = (r"(?:\s+(?:has|have|had)\s+been|\s+(?:was|were|is|are|got|has|have|had|just)"
        r"(?:\s+(?:been|now|just|already))?)?\s+(?:now\s+|just\s+|already\s+)?")
_TAIL = (r"(?:\s+(?:today|yesterday|tonight|this\s+(?:morning|afternoon|evening|week)"
         r"|last\s+night|just\s+now|earlier|again|too|as\s+well|now))?"
         r"(?:\s+for\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2})?")
# What the credential is for, after its head: "Password for the sponsor portal was reset".
_FOR_NP = r"(?:\s+(?:for|on|of)\s+(?:the\s+|my\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)?"
_EN_DONE_TO = _re(rf"(?i)^{_SUBJECT}{_ADVERB}{_PARTICIPLE}\s+{_NP}{_TAIL}$")
_EN_UNDERWENT = _re(rf"(?i)^{_NP}{_FOR_NP}{_AUX}{_PARTICIPLE}{_TAIL}$")

_HEAD_ZH = (r"(?:密码|口令|密钥|秘钥|私钥|公钥|令牌|凭证|凭据|授权码|验证码"
            r"|(?i:token|pat|pin)(?:\s*码)?"
            r"|(?i:(?:api|ssh|access|secret|deploy|private|app)\s*key)|(?i:accesskey))")
# The noun phrase before the head: any words but a place, a handing-over or a verb of
# putting ("在 / 放 / 存 / 记 / 写 / 贴 / 给 / 发 / 告诉 / 到 / 里"): those say where it is.
_MOD_ZH = r"(?:(?![在放存记写贴给发告诉到里])[\w\u3400-\u9fff .'’-]){0,16}?"
_SUBJ_ZH = r"(?:我们|我|你|他|她|用户|同事|运维|管理员)?"
_ADV_ZH = r"(?:刚刚|刚才|刚|已经|已|又|都|终于|今天|昨天|早上|上午|下午|晚上|重新|\s)*"
# The verbs of a credential's life: a closed class in Chinese, which has no participle.
_VERB_ZH = (r"(?:忘记|收到|拿到|重新生成|生成|修改|更改|改|更换|换|更新|重置|重设|轮换|替换|作废"
            r"|失效|过期|刷新|生效|上传|拷贝|复制|发过来|发来|到"
            r"|吊销|撤销|注销|续期|续|变更|泄露|泄漏|丢|忘|弄|搞|配置|设置|配|设|添加|加|创建|申请"
            r"|找回|激活|启用|禁用|停用|删除|删)")
_RES_ZH = r"(?:好|完|过|掉|成功|完毕|完成|一下|了|啦)*"
_ZH_UNDERWENT = _re(rf"^{_SUBJ_ZH}{_ADV_ZH}(?:把|将)?{_MOD_ZH}{_HEAD_ZH}\s*(?:被)?{_ADV_ZH}"
                    rf"{_VERB_ZH}{_RES_ZH}$")
_ZH_DONE_TO = _re(rf"^{_SUBJ_ZH}{_ADV_ZH}{_VERB_ZH}{_RES_ZH}\s*{_MOD_ZH}{_HEAD_ZH}(?:了|啦)?$")

# The credential handed over later, not had yet, announced and not given, or described
# only by its form: "I'll DM you the password later", "Still waiting on the Stripe key",
# "The password is below", "my password has 12 characters", "key 晚点给你", "token 还没拿到".
_LATER = (r"(?:\s+(?:later|soon|tomorrow|tonight|in a (?:sec|second|minute|bit)|after (?:lunch"
          r"|the call|the meeting)|over (?:signal|slack|whatsapp|email|chat)|by email|privately"
          r"|in (?:a|the|another) (?:separate |next |follow-up |private )?(?:message|email|dm|chat"
          r"|text)))?")
_EN_HANDOVER = _re(
    rf"(?i)^(?:i'll|i will|i'm going to|i am going to|i'm gonna|we'll|let me|i can)\s+(?:just\s+)?"
    rf"(?:dm|send|paste|share|give|forward|email|text|message|drop|post)(?:\s+(?:you|it))?"
    rf"\s+{_NP}(?:\s+(?:to|with) (?:you|them|the team))?{_LATER}{_LATER}$"
    rf"|^(?:i|we) (?:still )?(?:don't|do not|haven't|have not|didn't|did not) (?:have|got|get"
    rf"|receive|received|gotten) {_NP}(?: yet)?(?: from [\w.-]+(?: [\w.-]+)?)?$"
    rf"|^(?:still )?(?:waiting|wait) (?:on|for) {_NP}(?: from [\w.-]+(?: [\w.-]+)?)?$"
    rf"|^{_NP} (?:is|are|comes|will come|follows) (?:below|as follows|attached|in the next"
    rf" message|coming|to follow|next)$|^here(?:'s| is| are) {_NP}$"
    rf"|^{_NP} (?:has|is|contains) (?:\d+|[a-z]+) (?:characters|chars|digits|letters|words"
    rf"|symbols)(?: long)?$|^{_NP} (?:starts|begins|ends) with \S+$"
)
_ZH_HANDOVER = _re(
    rf"^{_MOD_ZH}{_HEAD_ZH}\s*(?:我|他|她)?(?:等下|等会儿?|晚点|晚些|回头|一会儿?|稍后|明天|待会儿?)?"
    rf"(?:再)?(?:私信|微信|单独)?(?:发|给|传|转)(?:给)?(?:你|您)(?:吧|哈)?$"
    rf"|^{_MOD_ZH}{_HEAD_ZH}\s*(?:还没|还没有|没)(?:拿到|收到|给|发|申请下来|下来|到)(?:呢)?$"
    rf"|^(?:我|我们)?(?:还没|还没有|没)(?:拿到|收到){_MOD_ZH}{_HEAD_ZH}(?:呢)?$"
    rf"|^{_MOD_ZH}{_HEAD_ZH}\s*(?:如下|见下面?|在下面)$"
)

# A credential given by reference to the conversation, not by anything that lasts: the same
# value as before ("The password is the same as last time", "Use the same API token as
# before", "密码还是上次那个"), a file or a message passed in this chat ("The token is in the
# zip I emailed you", "token 在我发你的那个文件里"), arriving or on its way ("Just got the
# verification code, hang on", "数据库密码在我笔记本上，晚点发你"), or switched on ("The new
# API key is active now", "Deploy key added to the repo"). Where a credential *lives*
# ("… is in 1Password", "贴在冰箱上") stays a fact: it is still true next month.
_BEFORE = r"(?:last time|before|previously|always|usual|the old one|yesterday|earlier)"
_FOR = r"(?:\s+(?:for|on) (?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2})?"
_ARTIFACT = (r"(?:file|zip|archive|doc|document|email|e-mail|message|dm|attachment|note|screenshot"
             r"|thread|pdf|link|spreadsheet|sheet|text)")
_SENT = (r"(?:sent|emailed|shared|forwarded|attached|gave|dm'?d|messaged|posted|uploaded|texted"
         r"|mailed)")
_EN_BY_REFERENCE = _re(
    rf"(?i)^(?:(?:just\s+)?(?:use|it's|its|it is)\s+)?(?:the\s+)?same\s+{_MOD}{{0,3}}{_HEAD_EN}"
    rf"\s+as\s+{_BEFORE}{_FOR}$"
    rf"|^{_NP}\s+(?:is|are|stays|remains|hasn't changed|has not changed|is unchanged)"
    rf"(?:\s+(?:the\s+)?same(?:\s+as\s+{_BEFORE})?)?{_FOR}$"
    rf"|^{_NP}\s+(?:is|are)\s+(?:in|inside|attached to)\s+(?:the|that|my|this)\s+"
    rf"(?:[\w-]+\s+){{0,2}}{_ARTIFACT}\s+(?:that\s+)?(?:i|we|he|she|they|someone)\s+(?:just\s+)?{_SENT}"
    rf"(?:\s+(?:you|with you|to you|over))?(?:\s+(?:today|yesterday|earlier|this (?:morning"
    rf"|afternoon|evening|week)|last (?:night|week)))?$"
    rf"|^{_NP}\s+(?:is|are)\s+(?:now\s+)?(?:active|live|valid|enabled|in effect|in use)"
    rf"(?:\s+now)?$"
    rf"|^{_NP}\s+(?:(?:has|have)\s+been\s+|was\s+|were\s+|is\s+|are\s+)?(?:just\s+)?"
    rf"(?:added|uploaded|copied|pushed|installed|registered|attached|deployed)\s+(?:to|on|onto"
    rf"|into)\s+(?:the\s+|my\s+|our\s+)?[\w.-]+(?:\s+[\w.-]+){{0,2}}$"
)
_ZH_BY_REFERENCE = _re(
    rf"^{_MOD_ZH}{_HEAD_ZH}\s*(?:还是|就是|跟|和|同)(?:用)?(?:上次|之前|以前|原来|老)(?:的|那个|那个一样"
    rf"|一样)?(?:的)?(?:[,，]\s*(?:不用|没)(?:换|改|变)(?:了)?)?$"
    rf"|^{_MOD_ZH}{_HEAD_ZH}\s*(?:就)?在(?:我|他|她)(?:刚才|刚刚|昨天|之前|早上|上午|下午)?"
    rf"(?:发|给|传|转|邮件发)(?:给)?你的(?:那个|那份|那封)?[\w\u4e00-\u9fff ]{{0,8}}?"
    rf"(?:里|中|上)(?:面)?$"
)
# A clause that puts the credential off for a moment: "hang on", "晚点发你", "你稍等".
_WAIT = _re(
    r"(?i)^(?:(?:hang|hold) on|one sec(?:ond)?|just a (?:sec|second|moment|minute)|give me a"
    r" (?:sec|second|moment|minute)|wait a (?:sec|second|moment|minute)|i'll send it(?: over)?"
    r"(?: later| soon| in a (?:sec|bit|minute))?|will send (?:it )?(?:later|soon|shortly))$"
    r"|^(?:你|您)?(?:稍等|等我?一下|等等|等会儿?|等下)(?:哈|啊|吧)?$"
    r"|^(?:我)?(?:等下|等会儿?|晚点|晚些|回头|一会儿?|稍后|明天|待会儿?)(?:再)?(?:私信|微信|单独)?"
    r"(?:发|给|传|转)(?:给)?(?:你|您)(?:吧|哈)?$"
)
# The credential put into a system that uses it (switched on somewhere: the env vars, CI's
# secrets, a repository's deploy keys) or sent to the listener over a channel: an event with
# no value ("I've put the new GitHub token in the env vars", "新的令牌已经加到 CI 的 secret
# 里了", "Texted you the alarm code", "路由器密码微信发你了"). A vault or a place where it is
# kept ("in 1Password", "写在路由器背面") is where it *lives*: a fact, not matched here.
_CONFIG_PLACE_EN = (r"(?:env(?:ironment)?[ _-]?vars?|env(?:ironment)? variables|env file|\.env"
                    r"(?: file)?|secrets?|ci|ci settings|settings|config|repo|repository|github"
                    r"|gitlab|bitbucket|vercel|netlify|heroku|railway|circleci|jenkins|actions"
                    r"|k8s|kubernetes)")
# Here a vendor's "key" and a door's or an alarm's code are credentials too: the place or
# the handing-over says so ("added the Stripe key to the env vars", "Texted you the alarm
# code").
_NP_PLACED = (rf"(?:(?:the|my|our|your|their|a|an|new|old|fresh|current)\s+)?{_MOD}{{0,5}}"
              rf"(?:{_HEAD_EN}|(?<=[a-z] )(?<!the )(?<!my )(?<!our )(?<!a )(?<!new )(?<!old )"
              rf"(?<!house )(?<!car )(?<!door )(?<!spare )keys?|(?:alarm|door|gate|entry|unlock"
              rf"|security|garage|lockbox|safe) codes?)")
_EN_PLACED = _re(
    rf"(?i)^{_SUBJECT}{_ADVERB}(?:put|added|stored|saved|dropped|pasted|set|uploaded|copied"
    rf"|pushed|loaded)\s+{_NP_PLACED}\s+(?:in|into|to|on|under)\s+(?:the\s+|my\s+|our\s+)?"
    rf"(?:[\w.-]+\s+){{0,3}}{_CONFIG_PLACE_EN}(?:\s+(?:on|for)\s+(?:the\s+)?[\w.-]+)?$"
    rf"|^{_SUBJECT}{_ADVERB}{_SENT}\s+(?:you\s+)?{_NP_PLACED}{_FOR_NP}(?:\s+(?:to\s+you\s+)?"
    rf"(?:on|over|via|by|in)\s+[\w.-]+(?:\s+[\w.-]+)?)?{_TAIL}$"
)
_CONFIG_PLACE_ZH = (r"(?:(?i:secrets?|ci|github|gitlab|vercel|netlify|k8s|kubernetes|actions|env)"
                    r"|环境变量|变量|配置(?:文件)?|仓库|流水线)")
_ZH_PLACED = _re(
    rf"^{_MOD_ZH}{_HEAD_ZH}\s*{_ADV_ZH}(?:加|添加|放|配|配置|存|写|上传|同步|(?i:add|push))\s*"
    rf"(?:进|到|在)(?:了)?\s*[^,;]{{0,20}}?{_CONFIG_PLACE_ZH}\s*(?:里|中|上)?(?:面)?(?:了|啦)?$"
    rf"|^{_MOD_ZH}{_HEAD_ZH}\s*(?:我)?{_ADV_ZH}(?:微信|短信|邮件|私信|企业微信|钉钉|飞书|QQ)?"
    rf"(?:发|给|传|转)(?:给)?(?:你|您)了$"
)
_ZH_ON_HAND = _re(rf"^{_MOD_ZH}{_HEAD_ZH}\s*在我(?:的)?(?:电脑|笔记本|手机|邮箱|本子)(?:上|里)$")
_EN_ON_HAND = _re(rf"(?i)^{_NP}\s+(?:is|are)\s+on my (?:laptop|computer|phone|machine)$")


# A credential's label with its value masked ("门禁密码：••••", "API key: ****"): nothing
# usable is said, the value was never given.
_MASKED = _re(rf"(?i)^(?:{_NP}|{_MOD_ZH}{_HEAD_ZH})\s*[:：=]\s*[•●*·∙⋅xX#]{{3,}}$")


def _one_clause_event(t: str) -> bool:
    return bool(_EN_DONE_TO.match(t) or _EN_UNDERWENT.match(t) or _ZH_UNDERWENT.match(t)
                or _ZH_DONE_TO.match(t) or _EN_HANDOVER.match(t) or _ZH_HANDOVER.match(t)
                or _EN_BY_REFERENCE.match(t) or _ZH_BY_REFERENCE.match(t)
                or _EN_PLACED.match(t) or _ZH_PLACED.match(t))


_END = re.compile(r"[\s.!。！~～:：]+$")


def is_credential_event(norm: str) -> bool:
    """True when ``norm`` only tells that a credential was set, changed, rotated, expired
    or the like: one clause, no value, nothing about where it is or when it lapses."""
    t = _END.sub("", norm.strip())
    if _MASKED.match(t):
        return True
    if not t or len(t) > 120 or any(c in t for c in ":?：？、\n"):
        return False
    if _ZH_BY_REFERENCE.match(t):  # (its own "，不用换" tail)
        return True
    clauses = [c.strip() for c in re.split(r"[,;，；]", t)]
    if len(clauses) == 1:
        return _one_clause_event(t)
    # Two clauses: the credential's event or its place on hand, then a wait ("…, hang on").
    return len(clauses) == 2 and bool(_WAIT.match(_END.sub("", clauses[1]))) and (
        _one_clause_event(clauses[0]) or bool(_ZH_ON_HAND.match(clauses[0])
                                              or _EN_ON_HAND.match(clauses[0])))
