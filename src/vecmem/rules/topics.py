"""Deterministic classification: memory type, subject/predicate/object and topic key.

A topic key names *what a memory is about* ("config.default_model",
"project.hermes-vecmem.path", "preference.language"), so that two memories about the same
thing meet in the write pipeline (same value → duplicate, different value → review) and two
unrelated ones never do. Keys are built from a small bilingual glossary, so "默认模型：X" and
"The default model is X" share ``config.default_model``. Chinese words the glossary does not
know are kept as characters, never collapsed (the first version turned every Chinese key
into "-", which merged unrelated facts). When the aspect cannot be determined the key is
``None`` (judged by similarity) or, for additive families, a short hash of the text.
"""

from __future__ import annotations

import hashlib
import re

from vecmem.rules import slots
from vecmem.rules.changes import language_switch, restate
from vecmem.rules.slot_frames import frame_fact
from vecmem.text import CJK_CHAR, ascii_word_re, normalize
from vecmem.types import Classification, MemoryType

_T = MemoryType  # short alias: classification tables below stay readable

__all__ = ["classify", "preference_body", "slugify_name", "tech_aspects"]


# Patterns are compiled at first use, with an ASCII-only ``\b`` (see vecmem.text).
_re = ascii_word_re


def _words(text: str) -> list[str]:
    return text.split()


def _pairs(text: str) -> dict[str, str]:
    """ "a=b c=d" → {"a": "b", "c": "d"}: vocabulary stays compact and easy to extend."""
    return dict(pair.split("=", 1) for pair in text.split())


# --- vocabulary ----------------------------------------------------------------------------

# Chinese word → English slug. Longest match wins when segmenting a Chinese label.
_ZH = _pairs(
    "默认=default 模型=model 嵌入=embedding 向量=vector 维度=dimension 维数=dimension "
    "端口=port 数据库=database 语言=language 编程语言=programming_language 时区=timezone "
    "编辑器=editor 版本=version 服务器=server 服务=service 地址=address 分支=branch "
    "框架=framework 主题=theme 超时=timeout 主机=host 域名=domain 网址=url 链接=url 接口=api "
    "路径=path 目录=directory 日志=log 级别=level 等级=level 缓存=cache 队列=queue 代理=proxy "
    "镜像=mirror 区域=region 地区=region 集群=cluster 命名空间=namespace 存储=storage "
    "存储桶=bucket 邮箱=email 邮件=email 用户名=username 账号=account 账户=account 测试=test "
    "生产=production 预发布=staging 预发=staging 开发=development 环境=environment "
    "机器=machine 电脑=computer 笔记本=laptop 操作系统=os 系统=system 终端=terminal 字体=font "
    "字号=font_size 编码=encoding 格式=format 温度=temperature 上下文=context 长度=length "
    "窗口=window 最大=max 最小=min 批量=batch 大小=size 并发=concurrency 线程=threads "
    "进程=processes 重试=retries 次数=count 间隔=interval 频率=frequency 阈值=threshold "
    "相似度=similarity 提供商=provider 供应商=provider 后端=backend 前端=frontend "
    "包管理器=package_manager 包管理=package_manager 构建=build 运行时=runtime "
    "解释器=interpreter 编译器=compiler 驱动=driver 显卡=gpu 内存=memory 磁盘=disk 硬盘=disk "
    "密钥=key 秘钥=key 密码=password 令牌=token 位置=location 仓库=repository 主页=homepage "
    "文档=docs 许可证=license 部署=deploy 平台=platform 定时=schedule 任务=job "
    "通知=notification 告警=alert 报警=alert 监控=monitoring 发布=release 渠道=channel "
    "模式=mode 开关=switch 索引=index 检索=retrieval 上限=limit 限制=limit 速率=rate "
    "配额=quota 客户端=client 服务端=server 网站=website 命令行=cli 持续集成=ci "
    "代码风格=linter 格式化=formatter 依赖管理=package_manager 消息队列=message_queue "
    "类型=type 备份=backup 实例=instance 节点=node 容器=container 虚拟机=vm 网关=gateway "
    "证书=certificate 对话=chat 聊天=chat "
)
# English spellings folded onto one slug.
_EN_SYNONYMS = _pairs(
    "db=database dim=dimension dims=dimension tz=timezone prod=production addr=address "
    "repo=repository env=environment hostname=host dir=directory embed=embedding "
    "embeddings=embedding k8s=kubernetes time_zone=timezone apikey=api_key passwd=password "
    "pwd=password back_end=backend front_end=frontend"
)
_KNOWN_SLUGS = frozenset(_ZH.values()) | set(_words("api url endpoint ttl shell python node"))

# Label words that make "label: value" a configuration fact.
_CONFIG_NOUNS = frozenset(
    _words(
        """model embedding dimension port database language timezone editor version server host
    address branch framework theme timeout url endpoint api domain region cluster namespace
    bucket proxy cache queue log level mirror provider email username account shell os terminal
    font font_size encoding temperature context window batch size concurrency threads workers
    retries interval threshold similarity runtime interpreter compiler driver gpu memory disk
    directory storage registry locale mode schedule limit quota rate ttl top_k max_tokens
    gateway certificate node instance switch flag channel notification alert index type vector"""
    )
)

# Technology name → the aspect it configures. Used on objects ("uses pytest" → testing).
_TECH: dict[str, str] = {}
for _aspect, _names in {
    "language": "python go golang rust java kotlin typescript javascript c++ cpp c# csharp ruby "
    "php scala swift elixir haskell lua dart zig",
    "test_framework": "pytest unittest jest vitest mocha junit rspec cypress hypothesis",
    "database": "postgresql postgres mysql mariadb sqlite mongodb cassandra clickhouse dynamodb "
    "mssql duckdb pgvector",
    "cache": "redis memcached",
    "deploy": "kubernetes k8s docker heroku vercel netlify fly.io nomad ecs render railway "
    "aws gcp azure cloudflare digitalocean hetzner linode supabase",
    "framework": "django flask fastapi express spring rails laravel next.js nextjs nuxt react vue "
    "angular svelte gin actix axum",
    "package_manager": "uv poetry pip pipenv conda npm pnpm yarn cargo maven gradle",
    "ci": "jenkins circleci travis",
    "linter": "ruff flake8 pylint eslint mypy",
    "formatter": "black prettier gofmt rustfmt",
    "os": "ubuntu debian centos fedora alpine windows macos linux rhel",
    "web_server": "nginx apache caddy traefik",
    "editor": "vim neovim nvim emacs vscode vscodium pycharm intellij cursor sublime zed helix "
    "windsurf webstorm goland clion rider kate nano xcode",
    "license": "mit apache-2.0 gpl agpl bsd",
    "message_queue": "kafka rabbitmq nats",
    "dataframe": "pandas polars dask",
}.items():
    for _n in _names.split():
        _TECH[_n] = _aspect
# Multi-word names ("+" stands for a space).
_TECH_MULTI = {
    k.replace("+", " "): v
    for k, v in _pairs(
        "github+actions=ci gitlab+ci=ci vs+code=editor docker+compose=deploy "
        "sql+server=database go+test=test_framework visual+studio=editor sublime+text=editor "
        "android+studio=editor google+cloud=deploy 阿里云=deploy 腾讯云=deploy 华为云=deploy"
    ).items()
}
# Words in a project/predicate phrase that name the aspect explicitly.
_ASPECT_WORDS = _pairs(
    "test=test_framework tests=test_framework testing=test_framework test_suite=test_framework "
    "database=database deploy=deploy deployed=deploy language=language "
    "programming_language=language framework=framework build=build "
    "package_manager=package_manager ci=ci linter=linter formatter=formatter license=license "
    "cache=cache message_queue=message_queue log=logging monitoring=monitoring docs=docs"
)
_COMPONENTS = frozenset(_words("backend frontend api cli client server website mobile docs"))

# Preference aspects: (aspect, pattern). "weak" words only decide when nothing else does.
_PREF_ASPECTS: list[tuple[str, re.Pattern[str]]] = [
    (a, _re(p, re.IGNORECASE))
    for a, p in [
        (
            "code_first",
            r"先看代码|代码优先|先给代码|先贴代码|代码在前|先上代码|\bcode[- ]first\b"
            r"|\bcode (?:before|then)\b|\b(?:show|see) (?:the )?code first\b",
        ),
        (
            "questions",
            r"问问题|反问|提问|追问|\b(?:follow-up|clarifying) questions?\b"
            r"|\bask(?:ing)? (?:me )?(?:any )?questions?\b",
        ),
        (
            "language",
            r"中文|英文|英语|汉语|日语|日文|韩语|法语|德语|简体|繁体|(?<!编程)语言"
            r"|\b(?:chinese|english|japanese|korean|french|german|spanish|mandarin)\b"
            r"|(?<!programming )\blanguage\b",
        ),
        (
            "format",
            r"markdown|表格|列表|格式|排版|标题|要点|代码块|表情|\b(?:bullet(?: point)?s?"
            r"|tables?|lists?|headings?|formatting|format|emojis?|json|yaml|code blocks?)\b",
        ),
        ("theme", r"深色|暗色|浅色|亮色|暗黑|主题|\b(?:dark|light) (?:mode|theme)\b|\btheme\b"),
        ("indentation", r"缩进|\b(?:tabs?|spaces|indent(?:ation)?)\b"),
        ("timezone", r"时区|\btime ?zone\b"),
        ("naming", r"命名|\bnaming\b|snake_case|camelcase"),
        ("commit_style", r"提交信息|\bcommit messages?\b|conventional commits"),
        ("address_form", r"称呼|\b(?:be called|call (?:me|them|him|her)|address(?:ed)? as)\b"),
        (
            "response_style",
            r"简洁|详细|务实|准确|精炼|精简|简短|简明|啰嗦|冗长|废话|直接|直白|长篇|"
            r"口语|正式|语气|风格|客气|幽默|\b(?:concise|verbose|brief|terse|detailed|succinct|short"
            r"|to the point|direct|tone|style|formal|casual|friendly|pragmatic|accurate|thorough"
            r"|wordy|fluff)\b",
        ),
    ]
]
_PREF_NEG = _re(
    r"不喜欢|讨厌|不想|不希望|不要|别|\b(?:dislikes?|hates?|does not|doesn't|do not|don't|never)\b",
    re.I,
)
# A wish to try something ("I'd like to try the light theme", "想试试 X") states no value
# for the preference it names: one's theme is still the old one until one switches.
_PREF_TRIAL = _re(
    r"^(?:to )?(?:try|trying|test|testing|experiment(?:ing)? with|check(?:ing)? out|give)\b"
    r"|^(?:试试|试一试|试一下|尝试|试用|体验一下)",
    re.I,
)
_PREF_WEAK = _re(r"回答|回复|输出|答案|\b(?:answers?|responses?|repl(?:y|ies)|output)\b", re.I)

# --- patterns ------------------------------------------------------------------------------

_SLOT = _re(r"^active[_ -]?context\s*:\s*(?P<body>.*)$", re.I | re.S)
_BACKLOG = _re(r"^idea[_ -]?backlog\s*:\s*(?P<body>.*)$", re.I | re.S)
_PREF = [
    _re(p, re.I | re.S)
    for p in [
        r"^(?:用户|我)?(?:的)?(?:偏好|喜好)(?:设置)?\s*(?::|是|为)?\s*(?P<body>.+)$",
        r"^(?:用户|我)(?:更|比较|很|最|一直|总是|通常|非常)?(?:喜欢|偏好|偏爱|倾向于?|希望|想要|要求"
        r"|不喜欢|讨厌|不想|不希望|爱用|习惯用|倾向用)(?P<body>.+)$",
        r"^(?:以后|今后|往后|从现在起|从今以后|始终|一律|每次都)(?P<body>.+)$",
        r"^(?:the )?user(?:'s)? (?:really |strongly |generally |usually |always |also )?(?:prefers"
        r"|likes|loves|wants|dislikes|hates|favou?rs|would rather|does not like|doesn't like"
        r"|does not want|doesn't want|enjoys|preference is|preferences? (?:is|are))\b(?P<body>.+)$",
        r"^i (?:really |strongly |generally |usually |always |also )?(?:prefer|like|love|want"
        r"|dislike|hate|don't like|do not like|enjoy)\b(?P<body>.+)$",
        r"^i(?:'d| would) (?:much )?(?:rather|prefer|like)\b(?P<body>.+)$",
        r"^(?:my |user )?preferences?\s*(?::|is|are)\s*(?P<body>.+)$",
        r"^(?:always|never|from now on|going forward|in (?:the )?future)\b,?\s*(?P<body>.+)$",
    ]
]
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
    r"|library|package|sdk)(?: (?:layer|module|side|tier|code))?"
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
# Procedures: "When deploying, always …", "每次发版前先…". Typed, never keyed.
_WORKFLOW = _re(
    r"^(?:when|whenever|before|after|every time|each time)\b.{3,}\b(?:always|first|must|run|use"
    r"|make sure)\b|^每次.{1,20}(?:前|后|时)|(?:发版|发布|部署|提交|合并|上线)(?:前|之前|后|之后)"
    r"(?:先|要|必须|需要|都)",
    re.I | re.S,
)
_NOW = r"(?: (?:now|currently|still|recently|just|finally))?"
_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
)
_TIME_TAIL = _re(
    rf"(?i)\s+(?:now|recently|last (?:week|month|year)|this (?:week|month|year)|in (?:{_MONTHS}"
    rf"|\d{{4}})|since (?:{_MONTHS}|\d{{4}}|last \w+))$"
)
_USER = "(?:用户|我)(?!们|名|量|数|群|体|端|界面|协议|手册|表|id|ID)"
_USER_FACTS: list[tuple[str, re.Pattern[str]]] = [
    (k, _re(p, re.I | re.S))
    for k, p in [
        # One-value slots, with the ways people announce a change ("now lives in",
        # "has relocated to", "搬到了"): a new value meets the old one under one key.
        (
            "user.residence",
            rf"^{_USER}(?:现在|目前|已经|刚)?(?:住在|居住在|生活在|定居(?:在|于)?|家在|现居|常驻"
            r"|搬到了?|搬去了?|搬家到了?|迁居到?了?|移居到?了?)(?P<o>.+?)(?:了|居住|生活)?$",
        ),
        (
            "user.residence",
            rf"^(?:(?:the )?user|i){_NOW} (?:lives|live|resides|reside|is based|am based|is living"
            r"|has relocated|have relocated|relocated|has moved|have moved|moved)(?: back)?"
            r" (?:in|to) (?P<o>.+)$"
            r"|^(?:i'm based in|my home is in|i'm (?:now )?(?:living|settled) in"
            r"|(?:(?:the )?user|i)(?: has| have|'ve)? settled (?:down )?in) (?P<o2>.+)$"
            r"|^(?:(?:the )?user|i) (?:now )?calls? (?P<o4>.+?) home$"
            r"|^(?:(?:the )?user's|my) (?:home (?:city|town)|current city|city of residence"
            r"|residence) is (?:now )?(?P<o3>.+)$",
        ),
        ("user.name", rf"^{_USER}(?:的)?(?:名字|姓名)(?:是|叫|为|:)(?P<o>.+)$"),
        (
            "user.name",
            r"^(?:用户叫|我叫|(?:the )?user's name is|(?:the )?user is (?:named|called)"
            r"|my name is|call me) ?(?P<o>.+)$",
        ),
        ("user.birthday", rf"^{_USER}(?:的)?生日(?:是|在|:)(?P<o>.+)$"),
        ("user.birthday", r"^(?:(?:the )?user's|my) birthday is (?P<o>.+)$"),
        ("user.timezone", rf"^{_USER}(?:的|所在的?)?时区(?:现在|目前)?(?:是|为|:)?(?P<o>.+)$"),
        ("user.timezone", r"^(?:(?:the )?user's|my) time ?zone is (?P<o>.+)$"),
        ("user.native_language", rf"^{_USER}(?:的)?母语(?:是|为)(?P<o>.+)$"),
        (
            "user.native_language",
            r"^(?:(?:the )?user's|my) (?:native|first) language is (?P<o>.+)$",
        ),
        ("user.employer", rf"^{_USER}(?:目前|现在)?在(?P<o>.+?)(?:工作|上班|任职)了?$"),
        ("user.employer", rf"^{_USER}(?:已经|刚)?(?:从(?P<x>.+?))?(?:跳槽|入职|加入)(?:去|到)?了?"
         r"(?P<o>.+?)$"),
        ("user.employer", rf"^{_USER}(?:已经)?(?:就职于|任职于|供职于|受雇于)(?P<o>.+?)$"),
        ("user.employer", rf"^{_USER}(?:已经)?去了?(?P<o>.+?)(?:工作|上班)了?$"),
        (
            "user.residence",
            rf"^{_USER}(?:现在|目前|已经)*在(?P<o>.+?)(?:定居|生活|安家|落户|居住|住下)了?$",
        ),
        (
            "user.employer",
            rf"^(?:(?:the )?user|i){_NOW} (?:works|work|is working|am working) (?:at|for)"
            r" (?P<o4>.+)$"
            r"|^(?:i'm|i am|the user's)(?: now| currently)? working (?:at|for)"
            r" (?P<o>.+)$"
            r"|^(?:(?:the )?user|i) (?:has |have )?(?:joined|started (?:working )?at"
            r"|(?:started|began|took) (?:a )?(?:new )?(?:job|position|role) (?:at|with)"
            r"|(?:was |got |has been |have been )?hired by|(?:is |am )?(?:now )?employed (?:at|by))"
            r" (?P<o2>.+)$"
            r"|^(?:(?:the )?user's|my) (?:new |current )?(?:employer|company) is (?P<o3>.+)$",
        ),
        (
            "preference.theme",
            r"^(?:(?:the )?user's|my) (?:editor |terminal |ide |ui |app )?(?:colou?r )?theme"
            r" is (?:now )?(?P<o>.+)$",
        ),
        (
            "preference.editor",
            r"^(?:(?:the )?user's|my) (?:(?:code |text |default |preferred |main |favou?rite "
            r"|go-to |usual |primary |daily )?editor|ide)"
            r" is (?:now )?(?P<o>.+)$"
            rf"|^(?:(?:the )?user|i){_NOW} (?:has |have )?(?:switched|moved|changed|uses|use)"
            r" (?:to )?(?P<o2>.+?) as (?:their|his|her|my|the) (?:main |default )?(?:editor|ide)$"
            rf"|^{_USER}(?:的)?(?:编辑器|IDE)(?:现在)?(?:是|为|用的是|换成了?|改成了?)(?P<o3>.+)$",
        ),
        (
            "user.occupation",
            rf"^{_USER}(?:的职业)?(?:是|为)(?:一名|一个|一位|名|个|位)?(?P<o>.{{1,12}}?"
            r"(?:师|员|家|生|者|工|经理|总监|主管|老板|创始人|学生|医生|律师|老师|作家|博士))$"
            # by its label ("用户的职位是校长", what "当上了校长" announces)
            rf"|^{_USER}的(?:职位|职业|岗位|头衔|职务)(?:现在)?(?:是|为)(?P<o2>[^,，。]{{1,15}})$",
        ),
        (
            "user.occupation",
            r"^(?:(?:the )?user (?:is|works as|has become|became)|i am|i'm|i work as)(?: now)?"
            r" an? (?P<o>(?:[\w-]+ )"
            r"{0,3}(?:engineer|developer|programmer|designer|teacher|doctor|nurse|student|manager|"
            r"scientist|researcher|writer|lawyer|founder|analyst|consultant|architect|admin"
            r"|administrator))$"
            # a title said by its label ("The user's job title is firmware team lead", what
            # "promoted to X" announces): the label says it is a role, no head noun needed
            r"|^(?:(?:the )?user|i)(?: now)? works? as (?:an? |the )?(?P<o3>[\w -]{2,40})$"
            r"|^(?:(?:the )?user's|my) (?:new |current )?(?:job )?(?:title|role|position)"
            r" is (?:now )?(?:an? |the )?(?!to |about |that |what |not |mostly |just )"
            r"(?P<o2>[\w -]{2,40})$",
        ),
    ]
]
_RELATIONS = _pairs(
    "女儿=daughter 儿子=son 妻子=wife 老婆=wife 太太=wife 丈夫=husband 老公=husband 父亲=father "
    "爸爸=father 母亲=mother 妈妈=mother 哥哥=brother 弟弟=brother 姐姐=sister 妹妹=sister "
    "孩子=child 猫=cat 狗=dog 宠物=pet 伴侣=partner 女朋友=girlfriend 男朋友=boyfriend "
    "老板=boss 领导=boss 上司=boss 经理=manager"
)
_EN_RELATIONS = _words(
    "daughter son wife husband father mother brother sister child kid cat dog pet partner "
    "girlfriend boyfriend boss manager"
)
_REL_ALT = "|".join(sorted(_RELATIONS, key=len, reverse=True))
_ZH_REL = _re(
    rf"^{_USER}(?:的)?(?:家的|养的|有一?[个只条位]?)?(?P<rel>{_REL_ALT})"
    r"(?:叫|名叫|名字是|名字叫|的名字是|是)(?P<o>.+)$",
    re.S,
)
_EN_REL = _re(
    rf"^(?:(?:the )?user's|my) (?P<rel>{'|'.join(_EN_RELATIONS)})(?:'s name is| is (?:named|called)"
    r"| is) (?P<o>.+)$",
    re.I | re.S,
)
_HABIT = _re(
    rf"^{_USER}(?:习惯|通常|一般|经常|总是|每天|每周|每晚|每早|平时|常常|往往)"
    r"|^(?:(?:the )?user|i) (?:usually|often|always|typically|normally|habitually|generally"
    r"|tends? to|every (?:day|morning|night|evening|week))\b",
    re.I,
)
_USER_SUBJECT = _re(
    rf"^{_USER}|^(?:the )?user(?:'s \w+| (?:is|was|has|had|lives|works|speaks|uses|owns|studies"
    r"|grew|goes|drives|codes|writes|reads|plays|wakes|comes|moved|was born|can|cannot|can't"
    r"|does|doesn't|knows))\b|^(?:i|i'm|i am|my)\b",
    re.I,
)

# --- helpers -------------------------------------------------------------------------------


def _short_hash(text: str) -> str:
    return hashlib.sha256(normalize(text).casefold().encode("utf-8")).hexdigest()[:10]


def slugify_name(name: str) -> str:
    """A proper name as a key part: lower-cased, spaces→'-', every letter (CJK too) kept."""
    name = re.sub(r"['’]s$", "", name.strip())  # "ledger's checkout": the name is ledger
    name = re.sub(r"[\"'`“”‘’《》<>「」\[\]()]", "", name).strip().casefold()
    name = re.sub(r"\s+", "-", name)
    name = re.sub(r"[^\w.+#&@-]", "", name)
    return re.sub(r"-{2,}", "-", name).strip("-.")


def _zh_segments(run: str) -> list[str]:
    """Greedy longest-match of a CJK run against the glossary; unknown runs kept verbatim."""
    out: list[str] = []
    unknown = ""
    i = 0
    while i < len(run):
        for size in range(min(5, len(run) - i), 0, -1):
            word = run[i : i + size]
            if word in _ZH:
                if unknown:
                    out.append(unknown)
                    unknown = ""
                out.append(_ZH[word])
                i += size
                break
        else:
            if run[i] not in "的之":  # particles carry no meaning in a key
                unknown += run[i]
            elif unknown:
                out.append(unknown)
                unknown = ""
            i += 1
    if unknown:
        out.append(unknown)
    return out


def _label_slugs(label: str) -> list[str]:
    """Glossary slugs of a short label phrase, in order ("嵌入维度" → embedding, dimension)."""
    label = re.sub(
        r"^(?:(?:the|our|my|this|a|an)\s+|我们的|我的|当前|目前|现在)",
        "",
        label.strip(),
        flags=re.I,
    )
    slugs: list[str] = []
    for tok in re.findall(r"[\u3400-\u9fff]+|[A-Za-z0-9][A-Za-z0-9_.+#-]*", label):
        if CJK_CHAR.match(tok):
            slugs.extend(_zh_segments(tok))
            continue
        word = tok.casefold().replace("-", "_")
        word = _EN_SYNONYMS.get(word, word)
        if word.endswith("s") and word[:-1] in _KNOWN_SLUGS:
            word = word[:-1]
        slugs.append(word)
    return slugs


def tech_aspects(text: str) -> list[str]:
    """The aspects the technologies named in ``text`` configure ("uses pytest" → testing)."""
    low = text.casefold()
    found = [a for name, a in _TECH_MULTI.items() if name in low]
    for word in re.findall(r"[a-z0-9][a-z0-9.+#-]*", low):
        word = word.rstrip(".")
        if word in _TECH:
            found.append(_TECH[word])
    return list(dict.fromkeys(found))


def _cls(
    mtype: MemoryType,
    key: str | None,
    subj: str | None,
    pred: str | None,
    obj: str | None,
    single: bool = True,
) -> Classification:
    obj = obj.strip(" :;,.") if obj else obj
    return Classification(mtype, key, subj, pred, obj or None, single if key else False)


# --- families ------------------------------------------------------------------------------


#: Indexes of _PREF patterns that are standing instructions ("以后…", "Always …") rather than
#: statements that name a preference; only the latter are trusted over the question rules.
_STANDING = frozenset({2, 7})


def preference_body(text: str, *, explicit_only: bool = False) -> str | None:
    """The content of a preference statement, or None if ``text`` is not one.

    ``explicit_only`` accepts only statements that name the preference ("用户偏好：…",
    "User prefers …"), not standing instructions ("以后…", "Always …").
    """
    if explicit_only and (said := language_switch(text)) is not None:
        # "Switch to Spanish please" names the answer language from now on: a standing
        # preference, not a one-off request (slot rule, rules/changes.py)
        return said
    for i, rx in enumerate(_PREF):
        if explicit_only and i in _STANDING:
            continue
        m = rx.match(text)
        if m and re.search(r"[^\W_]", m.group("body")):
            return m.group("body").strip(" :")
    return None


def _preference(text: str, body: str) -> Classification:
    if _PREF_TRIAL.match(body):  # a key of its own: no aspect's value
        return _cls(_T.PREFERENCE, f"preference.{_short_hash(text)}", "user", "prefers", body,
                    single=False)
    aspects = [a for a, rx in _PREF_ASPECTS if rx.search(body)]
    tech = [a for a in tech_aspects(body) if a != "license"]
    if not aspects and len(tech) == 1:
        aspects = ["programming_language" if tech[0] == "language" else tech[0]]
    # "does not want answers in English" is not the value "answers in English": the
    # negation is in the verb, before the body, so it is kept in the value.
    value = f"not {body}" if _PREF_NEG.search(text[: text.rfind(body)]) else body
    if len(aspects) == 1:
        return _cls(_T.PREFERENCE, f"preference.{aspects[0]}", "user", "prefers", value)
    if not aspects and _PREF_WEAK.search(body):
        return _cls(_T.PREFERENCE, "preference.response_style", "user", "prefers", value)
    # Unknown or mixed aspect: a key of its own so unrelated preferences never collide.
    return _cls(
        _T.PREFERENCE,
        f"preference.{_short_hash(text)}",
        "user",
        "prefers",
        value,
        single=False,
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


def _slot_value(m: re.Match[str]) -> str:
    """The value of a slot statement, without the words that date the change."""
    value = next(v for k, v in m.groupdict().items() if k.startswith("o") and v)
    value = re.sub(r"^(?:now|currently)\s+", "", value, flags=re.I)
    return _TIME_TAIL.sub("", value) or value


def _user_fact(text: str) -> Classification | None:
    for key, rx in _USER_FACTS:
        m = rx.match(text)
        if m:
            family, pred = key.split(".", 1)
            mtype = _T.PREFERENCE if family == "preference" else _T.USER_FACT
            return _cls(mtype, key, "user", pred, _slot_value(m))
    m = _ZH_REL.match(text)
    rel = _RELATIONS[m.group("rel")] if m else None
    if not m:
        m = _EN_REL.match(text)
        rel = m.group("rel").casefold() if m else None
    if m and rel:
        obj = re.sub(r"^(?:named|called)\s+", "", m.group("o"), flags=re.I)
        return _cls(_T.USER_FACT, f"user.{rel}.name", "user", f"{rel}.name", obj)
    if _HABIT.match(text):
        return _cls(
            _T.USER_FACT,
            f"user.habit.{_short_hash(text)}",
            "user",
            "habit",
            text,
            single=False,
        )
    if _USER_SUBJECT.match(text):
        return _cls(_T.USER_FACT, None, "user", None, text)
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
        if m.group("aspect"):
            slugs = _label_slugs(m.group("aspect"))
            explicit = next((_ASPECT_WORDS[s] for s in slugs if s in _ASPECT_WORDS), None)
        parts = ["project", owner] if owner else ["project"]
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


def classify(content_norm: str) -> Classification:
    """Classify one normalized text. Total: every input gets a Classification."""
    return slots.canonical(_classify(normalize(content_norm) if content_norm else ""))


_CLAUSES = re.compile(r"\s*[;；]\s*")


def _or_frame(found: Classification, text: str) -> Classification:
    """``found``, unless it keys no one-value slot and the text's frame does — or, for
    clauses joined by a semicolon ("Anna is now the user's wife; they married in May"),
    the first clause does (the rest says when or why)."""
    if found.topic_key and found.single_valued:
        return found
    framed = frame_fact(text)
    if framed is not None:
        return framed
    first, *rest = _CLAUSES.split(text, maxsplit=1)
    if rest and first:
        head = _classify(first)
        if head.topic_key and head.single_valued:
            return head
    return found


def _classify(text: str) -> Classification:
    m = _SLOT.match(text)
    if m:
        return _cls(
            _T.ACTIVE_CONTEXT,
            "active_context",
            "active_context",
            "is",
            m.group("body"),
        )  # updated in place: rules/slots.py POLICY
    m = _BACKLOG.match(text)
    if m:
        body = m.group("body")
        return _cls(
            _T.IDEA_BACKLOG,
            f"idea_backlog.{_short_hash(body)}",
            "idea_backlog",
            "idea",
            body,
            single=False,
        )
    text = slots.reword(restate(text))  # "默认模型改成了 X" is classified as "默认模型是X"
    body = preference_body(text)
    if body is not None:
        return _or_frame(_preference(text, body), text)
    # frame_fact reads the slot by label and value shape when no word order keyed one; it
    # runs before _environment, whose generic "X is Y" would key the frame's words
    for family in (slots.slot_fact, _project_path, _user_fact, _project, frame_fact,
                   _environment):
        found = family(text)
        if found is not None:
            return _or_frame(found, text)
    if _WORKFLOW.search(text):
        return _or_frame(_cls(_T.WORKFLOW, None, None, None, text), text)
    return _or_frame(_cls(_T.GENERAL, None, None, None, None), text)
