"""Topic keys of projects and configuration: a project's path, repo, docs and stack by
aspect ("project.<name>.<component>.<aspect>"), defaults ("config.default_model"), where a
secret is kept, ports, what a machine runs, and "label: value" settings.
"""

from __future__ import annotations

import re

from vecmem.rules.topic_keys import (
    _ASPECT_WORDS,
    _COMPONENTS,
    _CONFIG_NOUNS,
    _T,
    _cls,
    _label_slugs,
    _pairs,
    _re,
    slugify_name,
    tech_aspects,
)
from vecmem.text import CJK_CHAR
from vecmem.types import Classification

_PATH_FIELDS = _pairs(
    "路径=path 目录=path 文件夹=path 位置=path path=path directory=path dir=path folder=path "
    "location=path 仓库地址=repo 代码仓库=repo 仓库=repo repo=repo repository=repo 网址=url "
    "主页=url 地址=url url=url homepage=url website=url 文档地址=docs 文档=docs docs=docs "
    "documentation=docs"
)
_ZH_IS = "(?::|是|为|在|=|位于)"
_FIELD = "|".join(sorted(map(re.escape, _PATH_FIELDS), key=len, reverse=True))
_PROJECT_PATH = [
    _re(p, re.I | re.S)
    for p in [
        rf"^(?:本|该|这个)?项目(?P<name>.{{0,40}}?)的?(?P<field>{_FIELD}){_ZH_IS}(?P<value>.+)$",
        rf"^(?P<name>.{{1,40}}?)项目的?(?P<field>{_FIELD}){_ZH_IS}(?P<value>.+)$",
        rf"^(?:the )?project (?P<name>.{{1,40}}?)(?:'s)? (?P<field>{_FIELD})\s*(?::|=|is at"
        rf"|is located at|lives (?:at|in)|is)\s*(?P<value>.+)$",
        rf"^(?:the )?(?P<name>.{{1,40}}?) project(?:'s)? (?P<field>{_FIELD})\s*(?::|=|is at"
        rf"|is located at|lives (?:at|in)|is)\s*(?P<value>.+)$",
        r"^(?:the )?(?P<name>.{1,40}?) (?:project|repo|repository|codebase|checkout) (?:lives"
        r"|is located|is|sits|is checked out) (?:at|in|under)"
        r" (?P<value>(?:[A-Za-z]:[\\/]|[~/.])\S*)$",
        r"^项目(?P<name>.{1,40}?)(?:位于|放在|存放在|在)(?P<value>(?:[A-Za-z]:[\\/]|[~/]).+)$",
    ]
]
# "项目…" or a component as subject ("后端使用 Go 编写").
_ZH_PROJECT = _re(
    r"^(?:(?:本|该|这个|此|我们的?|当前)?项目|(?=(?:后端|前端|客户端|服务端|命令行)))(?P<rest>.+)$",
    re.S,
)
_ZH_PROJECT_PRED = _re(
    r"使用的是|用的是|是用|使用|采用|基于|依赖于?|部署(?:在|到|于)|运行在|跑在|托管(?:在|于)"
    r"|编写语言是|许可证是|遵循|用(?!户)"
)
_ZH_ASPECT_IS = _re(
    r"^(?P<name>[A-Za-z0-9][A-Za-z0-9_.-]{0,30})?的?(?P<label>[\u3400-\u9fff]{2,10}?)(?:是|为|:)"
    r"(?P<obj>.+)$",
    re.S,
)
_EN_PROJECT = _re(
    r"^(?:the|this|our|my) (?:(?P<name>[a-z0-9][\w.-]*) )?(?P<comp>project|repo|repository|codebase"
    r"|monorepo|backend|back-end|frontend|front-end|api|cli|service|app|application|website"
    r"|library|package|sdk|site)(?: (?:layer|module|side|tier|code))?"
    r"(?:'s (?P<aspect>[a-z ]{2,30}?))? (?P<rest>(?:is|are|uses|runs|relies"
    r"|depends|requires|targets|deploys|stores|was|has|needs)\b.+)$",
    re.I | re.S,
)
_EN_PRED = _re(
    r"^(?:is |are |was )?(?:(?:written|built|deployed|hosted|licensed|tested|based|implemented"
    r"|developed) (?:in|with|on|to|under|using)|uses|using|runs on|runs|relies on|depends on"
    r"|requires|targets|deploys to|stores data in|needs|has|(?<=is )on|(?<=are )on) ",
    re.I,
)
_WE_USE = _re(
    r"^(?:we|我们)(?: (?:now|currently|also))?\s*(?:use|are using|用|使用|采用)"
    r"\s*(?P<rest>.+)$",
    re.I | re.S,
)
_PRED_ASPECT = [
    (_re(r"written in|编写|开发语言", re.I), "language"),
    (_re(r"deploy|部署|hosted on|托管", re.I), "deploy"),
    (_re(r"licen[cs]ed under|许可证|协议", re.I), "license"),
    (_re(r"tested with|for (?:unit )?tests?\b|for testing|测试", re.I), "test_framework"),
]
_DEFAULT = [
    _re(r"^默认(?:的)?(?P<label>.{1,30}?)(?::|是|为|=|用|使用)(?P<value>.+)$", re.S),
    _re(
        r"^(?:the |our |my )?default (?P<label>.{1,40}?)\s*(?::|=|\s(?:is|are|is set to"
        r"|should be)(?:\s|(?=[\u3400-\u9fff])))\s*(?P<value>.+)$",
        re.I | re.S,
    ),
    _re(r"^(?:the |our |my )?(?P<label>.{1,40}?) defaults to (?P<value>.+)$", re.I | re.S),
]
_SECRET_LOCATION = _re(
    r"^(?:the |our |my )?(?P<label>.{0,20}?(?:api[ _-]?key|token|password|secret|credentials?"
    r"|密钥|密码|令牌|凭证|凭据))s?\s*(?P<pred>is stored|are stored|is kept|are kept|lives|live"
    r"|存放在|保存在|放在|存在|存储在|在)\s*(?P<value>.+)$",
    re.I | re.S,
)
_ENV_SUBJECT = _re(
    r"^(?:the |our |my )?(?P<label>(?:[\w.-]+ ){0,3}?(?:server|machine|host|box|cluster|vm|laptop"
    r"|workstation|desktop|computer|pc|container|database|db|environment|runner|node|instance"
    r"|gpu)s?) (?P<pred>runs on|runs|is running|uses|is on|listens on|is hosted on|hosts|has)"
    r" (?P<value>.+)$"
    r"|^(?P<zlabel>.{0,10}?(?:服务器|机器|主机|集群|笔记本|电脑|环境|容器|虚拟机|数据库|显卡|节点))"
    r"(?P<zpred>运行着?|跑着?|跑的是|用的是|使用|装的是|装了|安装了|部署在|位于|监听)(?P<zvalue>.+)$",
    re.I | re.S,
)
# "label: value" forms. Labels hold no sentence punctuation, and a colon that starts a
# Windows path ("E:/x") is not a separator.
_KV = [
    _re(r"^(?P<label>[^:=,.;]{1,40}?)\s*(?:=|:(?![\\/]))\s*(?P<value>.+)$", re.S),
    _re(r"^(?P<label>[^,.;]{1,16}?)(?:设置为|设为|用的是|使用的是|是|为)(?P<value>.+)$", re.S),
    # English "X is Y" — but not a passive sentence ("Token usage is logged per request").
    _re(
        r"^(?:the |our |my )?(?P<label>(?:[\w.+-]+ ){0,4}[\w.+-]+) (?:is set to|is|are|="
        r") (?!(?:not |now |also )?(?:\w+ed|written|built|run|kept|done|made|shown|known"
        r"|taken|given|seen|driven|held)\b)(?P<value>.+)$",
        re.I | re.S,
    ),
]
_PORT = _re(
    r"^(?:the |our |my )?(?P<label>.{1,40}?) (?:listens on|runs on|is served on|uses|is on) port"
    r" (?P<value>\d{2,5})$"
    r"|^(?P<zlabel>.{1,20}?)(?:监听|使用|跑在|运行在|用)(?:端口)?(?P<zvalue>\d{2,5})(?:端口)?$",
    re.I | re.S,
)


def _project_path(text: str) -> Classification | None:
    for rx in _PROJECT_PATH:
        m = rx.match(text)
        if not m:
            continue
        field = _PATH_FIELDS.get(m.groupdict().get("field", "path").casefold(), "path")
        name = slugify_name(m.group("name"))
        if name in {"", "the", "this", "our", "my"} or len(name) > 40:
            name = ""
        key = ".".join(p for p in ("project", name, field) if p)
        return _cls(_T.PROJECT, key, name or "project", field, m.group("value"))
    return None




def _aspect_key(parts: list[str], explicit: str | None, rest: str) -> str | None:
    """``project.<…>.<aspect>`` when exactly one aspect is evident, else None (compound)."""
    found = [a for rx, a in _PRED_ASPECT if rx.search(rest)]
    found += [a for a in tech_aspects(rest) if not (a == "deploy" and "deploy" in found)]
    aspects = list(dict.fromkeys(([explicit] if explicit else []) + found))
    if explicit:
        return ".".join([*parts, explicit])
    return ".".join([*parts, aspects[0]]) if len(aspects) == 1 else None


def _project(text: str) -> Classification | None:
    m = _ZH_PROJECT.match(text)
    if m:
        rest = m.group("rest")
        pm = _ZH_PROJECT_PRED.search(rest)
        if pm:
            middle, obj = rest[: pm.start()], rest[pm.end() :]
            obj = re.sub(r"(?:编写|开发|实现|构建)$", "", obj)
            slugs = _label_slugs(middle)
            comps = [s for s in slugs if s in _COMPONENTS]
            aspects = [_ASPECT_WORDS[s] for s in slugs if s in _ASPECT_WORDS and s not in comps]
            known = all(s in _COMPONENTS or s in _ASPECT_WORDS for s in slugs)
            # "atlas的前端": the name without the part or aspect words said after it
            own = [x for x in slugs if x not in _COMPONENTS and x not in _ASPECT_WORDS]
            name = "" if known else ("-".join(own) if own and len(own) < len(slugs)
                                     else slugify_name(middle))
            parts = ["project", *(p for p in (name, *comps) if p)]
            key = _aspect_key(parts, aspects[0] if len(aspects) == 1 else None, pm.group() + obj)
            return _cls(_T.PROJECT, key, ".".join(parts[1:]) or "project", pm.group(), obj)
        am = _ZH_ASPECT_IS.match(rest)  # "billing的后端框架是Django": the aspect, then 是
        if am:
            slugs = _label_slugs(am.group("label"))
            aspects = [_ASPECT_WORDS[s] for s in slugs if s in _ASPECT_WORDS]
            if len(aspects) == 1:
                comps = [s for s in slugs if s in _COMPONENTS]
                parts = ["project", *(p for p in (slugify_name(am.group("name") or ""), *comps)
                                      if p)]
                return _cls(_T.PROJECT, ".".join([*parts, aspects[0]]),
                            ".".join(parts[1:]) or "project", "is", am.group("obj"))
        return _cls(_T.PROJECT, None, "project", None, rest)
    m = _EN_PROJECT.match(text)
    if m:
        comp = m.group("comp").casefold().replace("-", "")
        name = slugify_name(m.group("name") or "")
        generic = comp in {"project", "repo", "repository", "codebase", "monorepo"}
        owner = "-".join(p for p in (name, "" if generic else comp) if p)
        explicit = None
        part: list[str] = []
        if m.group("aspect"):
            slugs = _label_slugs(m.group("aspect"))
            explicit = next((_ASPECT_WORDS[s] for s in slugs if s in _ASPECT_WORDS), None)
            # "the heron project's frontend uses React": the part is its own slot, as in
            # "heron 项目的前端用 React" (project.heron.frontend.framework)
            part = [s for s in slugs if s in _COMPONENTS][:1]
        parts = ["project", owner, *part] if owner else ["project", *part]
        key = _aspect_key(parts, explicit, m.group("rest"))
        pm = _EN_PRED.match(m.group("rest"))
        pred, obj = (
            (pm.group().strip(), m.group("rest")[pm.end() :]) if pm else (None, m.group("rest"))
        )
        return _cls(_T.PROJECT, key, owner or "project", pred, obj)
    m = _WE_USE.match(text)
    if m:
        key = _aspect_key(["project"], None, m.group("rest"))
        return _cls(_T.PROJECT, key, "project", "uses", m.group("rest"))
    return None


def _config_key(label: str) -> str | None:
    slugs = _label_slugs(label)
    if not slugs or len(slugs) > 5 or not any(s in _CONFIG_NOUNS for s in slugs):
        return None
    if any(len(s) > 6 and CJK_CHAR.match(s) for s in slugs):  # a clause, not a setting name
        return None
    return "_".join(slugs)


def _environment(text: str) -> Classification | None:
    for i, rx in enumerate(_DEFAULT):
        m = rx.match(text)
        if m:
            slugs = _label_slugs(m.group("label"))
            if 0 < len(slugs) <= 5:
                key = "config.default_" + "_".join(slugs)
                return _cls(_T.ENVIRONMENT, key, key[7:], "is", m.group("value"))
            if i == 0:
                break
    m = _SECRET_LOCATION.match(text)
    if m:
        slug = "_".join(_label_slugs(m.group("label"))) or "credential"
        value = re.sub(r"^(?:in|at|on|inside)\s+", "", m.group("value"), flags=re.I)
        return _cls(_T.ENVIRONMENT, f"config.{slug}.location", slug, "stored_in", value)
    m = _PORT.match(text)
    if m:
        label, value = m.group("label") or m.group("zlabel"), m.group("value") or m.group("zvalue")
        subject = "_".join(_label_slugs(label))
        if subject and len(subject) <= 40:
            return _cls(_T.ENVIRONMENT, f"config.{subject}.port", subject, "port", value)
    m = _ENV_SUBJECT.match(text)
    if m:
        label, pred, value = (
            (m.group("label"), m.group("pred"), m.group("value"))
            if m.group("label")
            else (m.group("zlabel"), m.group("zpred"), m.group("zvalue"))
        )
        subject = "_".join(_label_slugs(label))
        aspects = tech_aspects(value)
        if _re(r"\bport\b|端口", re.I).search(value):
            aspects = ["port"]
        topic = f"config.{subject}.{aspects[0]}" if len(aspects) == 1 and subject else None
        return _cls(_T.ENVIRONMENT, topic, subject, pred, value)
    for rx in _KV:
        m = rx.match(text)
        if m and (setting := _config_key(m.group("label"))):
            return _cls(_T.ENVIRONMENT, f"config.{setting}", setting, "is", m.group("value"))
    return None


