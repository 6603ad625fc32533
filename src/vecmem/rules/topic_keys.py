"""How a topic key is spelled: the bilingual glossary, label slugs and technology aspects.

A key names *what a memory is about*; its parts come from here, so "默认模型" and "default
model" both give ``default_model``. Chinese words the glossary does not know are kept as
characters, never collapsed. Also the one constructor every family's answer goes through
(:func:`_cls`). The families themselves are in :mod:`topic_user` and :mod:`topic_work`;
:mod:`topics` reads them in order.
"""

from __future__ import annotations

import hashlib
import re

from vecmem.text import CJK_CHAR, ascii_word_re, normalize
from vecmem.types import Classification, MemoryType

_T = MemoryType  # short alias: classification tables below stay readable

__all__ = ["slugify_name", "tech_aspects"]


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
    "angular svelte gin actix axum hugo astro jekyll gatsby sveltekit remix htmx nestjs",
    "package_manager": "uv poetry pip pipenv conda npm pnpm yarn cargo maven gradle",
    "ci": "jenkins circleci travis",
    "linter": "ruff flake8 pylint eslint mypy",
    "formatter": "black prettier gofmt rustfmt",
    "os": "ubuntu debian centos fedora alpine windows macos linux rhel",
    "web_server": "nginx apache caddy traefik",
    "editor": "vim neovim nvim emacs vscode vscodium pycharm intellij cursor sublime zed helix "
    "windsurf webstorm goland clion rider kate nano xcode atom fleet lapce",
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
        "android+studio=editor jetbrains+fleet=editor "
        "google+cloud=deploy 阿里云=deploy 腾讯云=deploy 华为云=deploy"
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

