"""Plain statements of a one-value slot in the word order the slot families read.

``changes.py`` reads a change announcement as the statement of the new value; this module
reads the *plain* statements whose word order the families do not expect, so the first
value lands in its slot and a later one meets it there:

* the owner before a model's or a theme's label: "The user's default LLM is X", "My
  go-to model is X", "用户默认使用的模型是 X", "用户的嵌入模型是 X", "用户的编辑器主题是 X"
  are "The default model is X", "嵌入模型是X", "My theme is X";
* a project named without "the … project": "Project atlas deploys to X" and, when the
  value is a technology, a bare name ("Tidewater runs on Polars", "博客部署在 Netlify",
  "atlas 是部署在 Vercel 上的" — the 是…的 emphasis dropped);
* a project's stack by the value's kind: "rewritten in FastAPI" is its framework (the
  verb is generic wording, the value says what it is); "built with Django and PostgreSQL"
  states its framework first, so the first named technology keys it;
* the old value said beside the new ("… instead of pandas") is not part of the value
  (``slot_grammar.instead``: the grammar's vocabulary is written once, there).

Classification only: the stored content is never rewritten. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from vecmem.rules.slot_grammar import instead
from vecmem.text import ascii_word_re, lazy_re

__all__ = ["before_restate", "plain", "theme_value"]

_I = re.IGNORECASE

# --- the owner before a model's or theme's label ----------------------------------------

_FAVOURED = r"(?:default|preferred|go-to|go to|main|primary|usual|favou?rite|everyday|daily)"
_OWNER_MODEL_EN = ascii_word_re(
    r"^(?:the user's|the user’s|user's|my|our) "
    rf"(?P<fav>(?:{_FAVOURED} )*)(?P<kind>(?:chat |language |text )?(?:model|llm)"
    r"|(?:text )?(?:embedding|vector)(?: model)?|embeddings|embedder)"
    r"(?P<rest> (?:is|=)(?: now)? .+|: ?.+)$", _I)
_OWNER_MODEL_ZH = lazy_re(
    r"^(?:用户|我们|我)的?\s*(?:默认|主要|常用|日常)?(?:使用|在用|常用|用)?的?\s*"
    r"(?P<kind>(?:对话|聊天|大)?模型|LLM|llm|(?:嵌入|向量|embedding|Embedding)\s?模型|嵌入)"
    r"(?:现在)?(?:是|为|用的是|:)\s*(?P<v>.+)$")
_OWNER_THEME_ZH = lazy_re(
    r"^(?:用户|我)的?(?:编辑器|终端|IDE|界面|VS ?Code)?的?(?:配色|颜色)?主题(?:现在)?"
    r"(?:是|为|用的是|:)\s*(?P<v>.+)$")


# "My new job is at Figma", "My title is now principal engineer": work said by label
_OWNER_JOB_EN = ascii_word_re(r"^(?:the user's|user's|my) (?:new |current )?job is (?:now )?"
                              r"(?:at|with) (?P<o>.+)$", _I)
_OWNER_ROLE_EN = ascii_word_re(r"^(?:the user's|user's|my) (?:new |current )?(?:job )?(?:title"
                               r"|role|position) is (?:now )?(?:an? )?(?P<o>.+)$", _I)


# "User's timezone: Europe/Berlin", "Project atlas stack: Django + Postgres": a label and a
# colon say what an "is" would
_OWNER_COLON = ascii_word_re(r"^(?P<o>(?:the )?user's|my) (?P<label>[a-z][\w -]{1,30}?)\s*:\s*"
                             r"(?P<v>.+)$", _I)
_COLON_LABELS = ascii_word_re(
    r"^(?:(?:preferred |default |main |code )?editor|ide|time ?zone|(?:editor |ui |colou?r )?theme"
    r"|employer|company|(?:job )?title|role|position|home(?: city| town)?|city|residence"
    r"|location|(?:preferred )?(?:answer )?language)$", _I)
_RESIDENCE_EN = ascii_word_re(r"^(?:the user's|user's|my) (?:location|city|home|residence)"
                              r" (?:is|:)\s*(?:now )?(?P<v>.+)$"
                              # "I'm an Aberdeen resident now": a resident of a named place
                              r"|^(?:(?:the )?user is|i am|i'm) (?:now )?an? "
                              r"(?P<v3>(?-i:[A-Z])[\w.-]*(?: (?-i:[A-Z])[\w.-]*){0,2})"
                              r" (?:resident|local|homeowner)(?: now)?$"
                              r"|^(?:(?:the )?user|i) (?:is|am) (?:now )?located in"
                              r" (?P<v2>.+)$", _I)
_PROJECT_LABEL = ascii_word_re(
    r"^(?:the )?(?P<n>[\w.-]{1,30}) project(?:'s)?(?::)? (?P<label>(?:tech )?stack|deploy(?:ment)?"
    r" target|hosting|host|platform|path|location|directory)(?: is|:)(?: now)? (?P<v>.+)$"
    r"|^(?:the )?project (?P<n2>[\w.-]{1,30}):\s*(?P<label2>(?:tech )?stack|deploy(?:ment)? target"
    r"|hosting|host|path|location|directory)\s*:?\s*(?P<v2>.+)$", _I)
_PROJECT_LABEL_ZH = lazy_re(
    r"^(?:项目\s?)?(?P<n>[A-Za-z][A-Za-z0-9_.-]{0,30})\s?(?:项目)?的?(?P<label>部署目标|部署平台"
    r"|部署环境|托管平台|托管在)(?:现在)?(?:是|为|:)?\s*(?P<v>.+)$")
_RESIDENCE_ZH = lazy_re(r"^(?P<s>用户|我)的?(?:居住地|住址|所在城市|常住地|居住城市|家乡以外的住处"
                        r"|(?<=的)(?:新)?家|住处|住所)"
                        r"(?:现在)?(?:是|为|:|在)\s*(?P<v>.+)$")
_BARE_PATH = ascii_word_re(r"^(?P<n>[a-z][\w.-]{1,30}) (?:lives|is|sits) (?:in|at|under)"
                           r" (?P<v>(?:[A-Za-z]:[\\/]|[~/])\S*)$", _I)


# "The user is a backend engineer at Stripe": the role (the employer said beside it)
_ROLE_AT = ascii_word_re(r"^(?:(?:the )?user is|i am|i'm) (?:now )?an? (?P<r>[\w -]{3,40}?)"
                         r" (?:at|for|with) (?-i:[A-Z])\S*(?: \S+){0,3}$", _I)


def _labelled(text: str) -> str | None:
    m = _ROLE_AT.match(text)
    if m:
        return f"The user is a {m['r']}"
    m = _OWNER_COLON.match(text)
    if m and _COLON_LABELS.match(m["label"].strip()):
        return f"{m['o']} {m['label'].strip()} is {m['v']}"
    m = _RESIDENCE_EN.match(text)
    if m:
        return f"The user lives in {m['v'] or m['v2'] or m['v3']}"
    m = _PROJECT_LABEL.match(text)
    if m and (m["n"] or m["n2"]).casefold() not in _NOT_NAMES | _VERBS:
        name, value = m["n"] or m["n2"], m["v"] or m["v2"]
        label = (m["label"] or m["label2"]).casefold()
        if "stack" in label:
            return f"The {name} project is built with {value}"
        if label in ("path", "location", "directory"):
            return f"The {name} project lives at {value}"
        return f"The {name} project deploys to {value}"
    m = _PROJECT_LABEL_ZH.match(text)
    if m and m["n"].casefold() not in _NOT_NAMES:
        return f"项目{m['n']}部署在{m['v']}"
    m = _RESIDENCE_ZH.match(text)
    if m:
        return f"{m['s']}住在{m['v']}"
    m = _BARE_PATH.match(text)
    if m and m["n"].casefold() not in _NOT_NAMES | _VERBS:
        return f"The {m['n']} project lives at {m['v']}"
    return None


def _owner_label(text: str) -> str | None:
    if m := _OWNER_JOB_EN.match(text):
        return f"The user works at {m['o']}"
    if m := _OWNER_ROLE_EN.match(text):
        return f"The user's job title is {m['o']}"
    m = _OWNER_MODEL_EN.match(text)
    if m:
        kind = m["kind"].casefold()
        embed = "embed" in kind or "vector" in kind
        label = "embedding model" if embed else "default model"
        return f"The {label}{m['rest']}"
    m = _OWNER_MODEL_ZH.match(text)
    if m:
        zh_embed = re.search(r"嵌入|向量|embedding", m["kind"], _I) is not None
        return f"{'嵌入模型' if zh_embed else '默认模型'}是{m['v']}"
    m = _OWNER_THEME_ZH.match(text)
    if m:
        return f"My theme is {m['v']}"
    return None


# --- projects named without "the … project" ----------------------------------------------

_PROJECT_FIRST = ascii_word_re(r"^(?:the )?project (?P<n>[\w.-]{1,30})(?P<rest>(?:'s|’s)? .+)$", _I)
#: "The project uses X": the word after "project" is its verb, not its name.
_VERBS = frozenset((
    "is", "are", "was", "were", "has", "had", "have", "uses", "used", "use", "depends",
    "deploys", "deployed", "runs", "ran", "needs", "requires", "targets", "relies", "stores",
    "lives", "sits", "licensed", "built", "written", "now", "also", "still", "moved",
    "migrated", "switched", "will", "should", "must", "can", "could", "got", "gets"))
_NOT_NAMES = frozenset((
    "i", "we", "you", "he", "she", "it", "they", "this", "that", "everything", "user",
    "the", "my", "our", "prod", "production", "staging", "server", "machine", "host", "box",
    "cluster", "vm", "laptop", "desktop", "computer", "pc", "database", "db", "container",
    "node", "instance", "gpu", "team", "项目", "company", "everyone", "nobody"))
#: What a project *is* built on: a bare name as the subject is a project only with these
#: verbs and a value of a technology's kind ("Sarah runs on coffee" is no project).
_BARE_EN = ascii_word_re(
    r"^(?P<n>[A-Za-z][\w.-]{1,30}) (?P<pred>is (?:now )?(?:deployed|hosted|shipped) (?:on|to|at)"
    r"|deploys (?:to|on)|ships to"
    r"|is (?:now )?(?:built|written|implemented) (?:with|in|on)|runs on|uses|is on"
    r"|(?:has been|have been|is being|was|got) (?:re-?written|ported|rebuilt|re-?implemented)"
    r" (?:in|to|with))"
    r" (?P<v>.+)$", _I)
_STACK_KINDS = frozenset(("framework", "language", "database", "deploy", "dataframe",
                          "message_queue", "web_server"))
_BARE_ZH = lazy_re(
    r"^(?:(?:我们|我|用户)?把)?(?P<n>[A-Za-z][A-Za-z0-9_.-]{0,30}|[\u4e00-\u9fff]{1,6}?)\s?(?:已经|现在|目前)?"
    r"(?:从(?P<old>[^,，]+?))?"
    r"(?P<pred>部署在|部署到|托管在|迁到|迁移到|搬到)了?\s*(?P<v>.+?)(?:上面|上)?(?:跑|运行)?了?$")
_ZH_EMPHASIS = lazy_re(r"^(?P<a>[^,，。]{1,40}?)\s?是"
                       r"(?P<b>(?:部署|托管|运行|跑|用|使用)[^,，。]+?)的$")
_SOFTWARE = lazy_re(r"(?:服务|后端|前端|网站|官网|小程序|接口|应用|系统|站点|API|api|App|app)$")
_ZH_NOT_NAMES = frozenset(("我", "用户", "你", "他", "她", "它", "这", "那", "测试环境",
                           "环境", "服务器", "机器"))


def _bare_project(text: str) -> str | None:
    from vecmem.rules.topics import tech_aspects  # topics imports this module's callers

    m = _PROJECT_FIRST.match(text)
    if m and m["n"].casefold() not in _NOT_NAMES | _VERBS:
        return f"The {m['n']} project{m['rest']}"
    m = _BARE_EN.match(text)
    deploys = bool(m and re.search(r"deploy|ship|host", m["pred"], _I))
    # what a project is built on; "Anna uses Vim" or "Tom runs on Ubuntu" is a person's tool
    stack = bool(m and set(tech_aspects(m["v"])) & _STACK_KINDS)
    if m and m["n"].casefold() not in _NOT_NAMES | _VERBS and (deploys or stack):
        pred = "deploys to" if deploys else m["pred"]
        return f"The {m['n']} project {pred} {m['v']}"
    m = _ZH_EMPHASIS.match(text)
    if m:
        text = m["a"].strip() + m["b"].strip()
    m = None if "项目" in text else _BARE_ZH.match(text)  # 项目… is the family's own
    if m and m["n"] not in _ZH_NOT_NAMES and not m["n"].startswith(("我", "用户", "项目")):
        explicit = m["pred"].startswith(("部署", "托管"))
        # a piece of software moved somewhere is moved to a host, whatever the host's name
        # ("数据服务已经搬到了火山引擎"): the subject's head noun says what moved
        if explicit or tech_aspects(m["v"]) == ["deploy"] or _SOFTWARE.search(m["n"]):
            return f"项目{m['n']}部署在{m['v'].strip()}"
    if m and m["n"] in ("我们", "我") and m["old"] and tech_aspects(m["v"]) == ["deploy"]:
        return f"项目部署在{m['v'].strip()}"  # "我们从 Vercel 迁到了 Cloudflare Pages"
    return None


# --- a project's stack by the value's kind -----------------------------------------------

_STACK_EN = ascii_word_re(
    r"^(?P<s>the [\w.-]+ (?:project|service|app|backend|frontend|api|site|website)) "
    r"(?:is|was|has been|got)? ?(?:now )?(?P<verb>(?:re-?)?written|built|implemented|rebuilt"
    r"|re-?implemented|ported) (?:in|with|on|to|using) (?P<v>.+)$", _I)
_LIST = lazy_re(r"\s*(?:,|\+|/|、|，|\band\b|\bwith\b|和|以及)\s*", _I)


#: "The atlas project's tech stack is X + Y", "项目 atlas 的技术栈是 X + Y": what it is built
#: with, said by label.
_STACK_LABEL = ascii_word_re(
    r"^(?:the )?(?P<n>[\w.-]{1,30})(?: project| service| app)?(?:'s|’s) (?:tech(?:nology)? )?stack"
    r" (?:is|=|:)(?: now)? (?P<v>.+)$"
    r"|^(?:(?:本|该|这个)?项目)?\s?(?P<n2>[A-Za-z][A-Za-z0-9_.-]{0,30}|(?!的)[\u4e00-\u9fff]{1,8}?)"
    r"\s?(?:项目)?的?"
    r"技术栈(?:现在)?(?:是|为|:|用的是)\s*(?P<v2>.+)$", _I)


def _stack(text: str) -> str | None:
    from vecmem.rules.topics import tech_aspects

    if (m := _STACK_LABEL.match(text)) and (m["n"] or m["n2"]).casefold() not in _NOT_NAMES:
        text = f"The {m['n'] or m['n2']} project is built with {m['v'] or m['v2']}"
    m = _STACK_EN.match(text)
    if not m:
        return None
    items = [p for p in _LIST.split(m["v"]) if p.strip()]
    first = items[0].strip() if items else m["v"]
    kinds = tech_aspects(first)
    if kinds == ["framework"]:  # "rewritten in FastAPI": the framework, not a language
        return f"{m['s']} is built with {first}"
    if len(items) > 1 and len(kinds) == 1:  # "built with Django and PostgreSQL"
        verb = "written in" if kinds == ["language"] else "built with"
        return f"{m['s']} is {verb} {first}"
    return None


# --- Chinese: the slot's label, then the value --------------------------------------------

# "我的新公司是小米", "我现在在快手做后端": the employer said by label or by where one works
_ZH_EMPLOYER = lazy_re(r"^(?P<s3>用户|我)(?:现在|目前)?在(?P<o3>[^,，\s]{1,20}?)(?:担任|任职|任)"
                       r"[^,，]{1,12}$"
                       r"|^(?P<s>用户|我)的?(?:新|现在的?|目前的?)?(?:公司|东家|雇主|单位|工作单位|就职单位)"
                       r"(?:现在)?是(?P<o>[^,，]{1,20})$"
                       r"|^(?P<s2>用户|我)(?:现在|目前)?在(?!家|家里|这里|那里|外面|楼下|路上|学校|图书馆)"
                       r"(?P<o2>[^,，\s]{1,20}?)(?:做|当|干|负责)(?P<r>后端|前端|全栈|开发|研发|产品|设计"
                       r"|运营|算法|测试|数据|销售|市场|客服|财务|法务|人事|HR)(?:工作|开发|工程师)?了?$")
# "我现在写代码都用 Cursor": the tool after the task, an editor by kind
_ZH_CODE_WITH = lazy_re(r"^(?:用户|我)(?:现在|平时|目前)?(?:写代码|编程|开发|写程序)"
                        r"(?:都|全|全都|全部|基本|基本上|主要|一般|只|一直|还是|依然|仍然)?(?:用|使用|在)\s*"
                        r"(?P<v>[^,，]+?)(?:里面|里|上)?了?$")
# "atlas 的前端从 Vue 换成了 React", "项目 atlas 改用 Next.js 了": a project's part changed
_ZH_PART = lazy_re(r"^(?:项目\s?)?(?P<n>[A-Za-z][A-Za-z0-9_.-]{0,30})\s?(?:项目)?的?"
                   r"(?P<part>前端|后端|数据库|框架|客户端|服务端)?(?:从(?P<old>[^,，]+?))?"
                   r"(?:改用|换用|换成了?|改成了?|切换到了?|迁到了?|迁移到了?)\s*(?P<v>[^,，]+?)了?$")


def _zh_work(text: str) -> str | None:
    from vecmem.rules.topics import tech_aspects

    m = _ZH_EMPLOYER.match(text)
    if m:
        return f"{m['s'] or m['s2'] or m['s3']}在{m['o'] or m['o2'] or m['o3']}工作"
    m = _ZH_CODE_WITH.match(text)
    if m and tech_aspects(m["v"]) == ["editor"]:
        return f"My editor is {m['v'].strip()}"
    m = _ZH_PART.match(text)
    if m and m["n"].casefold() not in _NOT_NAMES and (m["part"] or tech_aspects(m["v"])):
        part = f"的{m['part']}" if m["part"] else ""
        return f"项目{m['n']}{part}使用{m['v'].strip()}"
    return None


def before_restate(text: str) -> str:
    """The forms that must see a change's own wording, before ``changes.restate`` reads
    "X换成了Y" as "X是Y" (or drops "these days"): a project's part changed, a job said by
    where one works, a value said by another verb (``_said_otherwise``)."""
    return _said_otherwise(text) or _zh_work(text) or text


_ZH_LABELS = [(lazy_re(p), st) for p, st in [
    (r"^(?:嵌入|向量)(?:模型)?$|^向量化$|^embedding\s?(?:模型)?$", "嵌入模型是{}"),
    (r"^(?:默认|主力|日常)?的?(?:对话|聊天|大)?模型$", "默认模型是{}"),
    (r"^(?:编辑器|终端|IDE)?的?(?:配色)?主题$|^配色$", "My theme is {}"),
    (r"^(?:默认)?(?:编辑器|IDE)$", "My editor is {}"),
]]
_ZH_LABEL_USE = lazy_re(r"^(?P<label>[^,，\s]{1,10}?)\s?(?:现在|目前)?(?:用的是|用|使用|采用|是|为)"
                        r"\s*(?P<v>[^,，]+?)了?$")
# "现在用 X 作为默认模型": no subject, the slot named after the value
_ZH_AS = lazy_re(r"^(?:(?:用户|我们|我)?(?:现在|目前|以后|已经)?)(?:改用|换用|用|使用)\s*"
                 r"(?P<v>[^,，]+?)\s*(?:来)?(?:作为|当|做)(?P<label>[^,，]{2,6}?)了?$")
# "atlas 的代码在 ~/work/atlas", "atlas 的路径是 /srv/atlas": a project's path by label
_ZH_PATH = lazy_re(r"^(?P<n>[A-Za-z][A-Za-z0-9_.-]{0,30})\s?的?(?:代码|仓库|源码|代码仓库|目录|路径"
                   r"|本地路径)(?:现在)?(?:在|放在|位于|是|为)\s*"
                   r"(?P<v>(?:[A-Za-z]:[\\/]|[~/])\S*)$")


def _zh_label(text: str) -> str | None:
    m = _ZH_PATH.match(text)
    if m:
        return f"项目{m['n']}的路径是{m['v']}"
    m = _ZH_AS.match(text) or _ZH_LABEL_USE.match(text)
    if not m:
        return None
    label = m["label"].strip()
    statement = next((st for rx, st in _ZH_LABELS if rx.match(label)), None)
    return statement.format(m["v"].strip()) if statement else None


# --- the wordings of a slot's value that name it by another verb ----------------------------

_NOW_EN = r"(?:these days|nowadays|lately|for now|for good|permanently|now)"
# "These days I'm in Seattle", "I'm based in Lisbon for good": where one *is*, with a word
# that makes it a standing state — a place by what it is (``is_place``), never "a meeting"
_IN_NOW = ascii_word_re(
    rf"^{_NOW_EN},?\s+(?:(?:the )?user is|i'm|i am|we're|we are) (?:mostly |mainly |now )?"
    r"(?:in|based in|living in|out of) (?P<v>.+?)$"
    r"|^(?:(?:the )?user is|i'm|i am|we're|we are) (?:mostly |mainly |now )?"
    rf"(?:in|based in|living in|out of) (?P<v2>.+?),? {_NOW_EN}$", _I)
# "I'm paid by Canva now", "Canva pays my salary": who pays one's wage is one's employer —
# a named payer (capitalised), so "paid by the hour" and "paid by the project" are not
_PAID_EN = ascii_word_re(
    r"^(?:(?:the )?user is|i'm|i am|i get|i'm getting)(?: now| currently)? (?:paid|employed)"
    r" by (?P<o>(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*){0,3})(?: now| these days)?$"
    r"|^(?P<o2>(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*){0,3}) (?:now )?(?:pays|signs)"
    r" (?:my|the user's) (?:salary|wages?|paychecks?|paycheque)(?: now| these days)?$"
    r"|^(?:my|the user's) (?:salary|paychecks?|paycheque|wages?) (?:now )?(?:comes?|is paid)"
    r" (?:from|by) (?P<o3>(?-i:[A-Z])[\w&.-]*(?: (?-i:[A-Z])[\w&.-]*){0,3})(?: now)?$", _I)
# "用户现在在字节跳动做事", "我在美团打工": where one works, said by another verb of work
_ZH_WORK_VERB = lazy_re(r"^(?P<s>用户|我(?!们))(?:现在|目前|如今|已经)*在(?P<o>[^,，\s]{1,20}?)"
                        r"(?:做事|干活|打工|供职|效力|搬砖)了?$")
# "回答用中文", "回答用户时请继续用中文": the answers named first, then the language
_ZH_ANSWER_IN = lazy_re(r"^(?:以后|今后|之后)?(?:回答|回复|答复)(?:用户|我)?(?:的?时候|时)?[,，]?"
                        r"(?:请|都|要|也|继续|还是|一律|统一)*(?:用|使用)(?P<v>[^,，\s]{1,6}?)"
                        r"(?:回答|回复)?(?:吧|哦)?$")
#: "The blog is deployed on Heroku", "The docs site is hosted on Netlify": a project said
#: by its common noun, the verb saying it is a host (a name of up to three words).
_THE_DEPLOYED = ascii_word_re(
    r"^the (?P<n>[a-z][\w.-]{1,30}(?: [a-z][\w.-]{1,20}){0,2}) (?:is|are) (?:now )?"
    r"(?:deployed|hosted|shipped|served) (?:on|to|at|from|by) (?P<v>.+)$", _I)
#: "The blog is now built with Astro": a project by its common noun, the value a technology
#: of a stack's kind (``_STACK_KINDS``; "the cake is made with butter" is no project).
_THE_BUILT = ascii_word_re(
    r"^the (?P<n>[a-z][\w.-]{1,30}) (?:is|are) (?:now )?(?:built|written|implemented|made)"
    r" (?:with|in|on|using) (?P<v>.+)$", _I)
_GENERIC_HEAD = ascii_word_re(r" (?:project|repo|repository|codebase)$", _I)
_QUOTED_NAME = lazy_re(r"^[「『《“\"](?P<n>[^」』》”\"]{1,20})[」』》”\"]\s?")
#: "The LQA report site …": a project named in several words is one name ("LQA-report").
_MULTI_NAME = ascii_word_re(
    r"^(?P<t>the )(?P<n>[\w.-]+(?: [\w.-]+){1,2}) (?P<h>project|service|app|backend|frontend|api"
    r"|site|website)(?P<rest> .+)$", _I)


def _tech(value: str) -> list[str]:
    from vecmem.rules.topics import tech_aspects  # topics imports this module's callers

    return tech_aspects(value)


def _said_otherwise(text: str) -> str | None:
    from vecmem.rules.places import is_place

    m = _IN_NOW.match(text)
    if m and is_place(place := (m["v"] or m["v2"]).strip(" .")):
        return f"The user lives in {place}"
    m = _PAID_EN.match(text)
    if m and (o := m["o"] or m["o2"] or m["o3"]).casefold() not in _NOT_NAMES:
        return f"The user works at {o}"
    m = _ZH_WORK_VERB.match(text)
    if m:
        return f"{m['s']}在{m['o']}工作"
    m = _ZH_ANSWER_IN.match(text)
    if m:
        return f"请用{m['v']}回答"
    m = _THE_DEPLOYED.match(text)
    name = _GENERIC_HEAD.sub("", m["n"]) if m else ""
    if m and name.casefold() not in _NOT_NAMES | {"user", "model", "data", "backup", "backups"}:
        return f"The {name.replace(' ', '-')} project deploys to {m['v']}"
    m = _THE_BUILT.match(text)
    kinds = set(_tech(m["v"])) if m else set()
    # built with a stack, not a compound ("written in Go and deployed on Kubernetes")
    if m and m["n"].casefold() not in _NOT_NAMES and kinds & _STACK_KINDS and "deploy" not in kinds:
        return f"The {m['n']} project is built with {m['v']}"
    m = _QUOTED_NAME.match(text)
    if m:  # "「小账本」部署在阿里云": the quotes only mark the name
        return m["n"] + text[m.end():]
    m = _MULTI_NAME.match(text)
    if m and not any(w.casefold() in _NOT_NAMES for w in m["n"].split()):
        return f"{m['t']}{m['n'].replace(' ', '-')} {m['h']}{m['rest']}"
    return None


# _labelled twice: "Project atlas stack: X" reads as a label only once "Project atlas" is
# "The atlas project"
_FORMS: list[Callable[[str], str | None]] = [instead, _said_otherwise, _labelled, _owner_label,
                                             _zh_work, _zh_label, _bare_project, _labelled,
                                             _stack]


def plain(text: str) -> str:
    """``text`` in the word order the slot families read (each form applied at most once,
    in order, so "Project atlas is rewritten in FastAPI instead of Django" takes three)."""
    for form in _FORMS:
        out = form(text)
        if out is not None:
            text = out
    return text


# --- a theme's value, one spelling per meaning ---------------------------------------------

_DARK = ascii_word_re(r"^(?:an? |the )?(?:dark|深色|暗色|暗黑|黑色|夜间)(?:的)?"
                      r"(?:\s?(?:mode|themes?|"
                      r"colou?r scheme|ui|主题|模式|配色))?$", _I)
_LIGHT = ascii_word_re(r"^(?:an? |the )?(?:light|浅色|淡色|亮色|白色|日间)(?:的)?"
                       r"(?:\s?(?:mode|themes?|"
                       r"colou?r scheme|ui|主题|模式|配色))?$", _I)
_THEME_TAIL = ascii_word_re(r"\s*(?:\b(?:theme|colou?r scheme)\b|主题|配色)$", _I)


def theme_value(value: str) -> str:
    """"a dark theme" = "dark mode" = "深色主题" → "dark"; "Solarized Light 主题" →
    "Solarized Light"."""
    v = re.sub(r"^(?:an?|the) |了$", "", " ".join(value.split()), flags=_I)
    if _DARK.match(v):
        return "dark"
    if _LIGHT.match(v):
        return "light"
    return _THEME_TAIL.sub("", v) or v
