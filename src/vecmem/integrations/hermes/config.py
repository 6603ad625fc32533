"""Configuration of the Hermes provider: ``memory.vecmem`` in ``$HERMES_HOME/config.yaml``,
resolved into vecmem ``Settings`` plus the options only Hermes has (``ProviderOptions``)."""

from __future__ import annotations

import contextlib
import logging
import os
import re
import tempfile
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vecmem.errors import InvalidInputError
from vecmem.settings import Settings

logger = logging.getLogger(__name__)

PROVIDER_NAME = "vecmem"
CONFIG_SECTION = ("memory", PROVIDER_NAME)
SECRET_KEYS = frozenset({"embed_api_key", "llm_api_key"})
_TASK_KEY = re.compile(r"[A-Za-z0-9_]{1,64}")
_SECRET_RE = re.compile(r"(api[_-]?key|secret|token|password)$", re.IGNORECASE)


# --------------------------------------------------------------------------- options


@dataclass(frozen=True, slots=True)
class ProviderOptions:
    """Settings that only make sense inside Hermes (``memory.vecmem.*``)."""

    auto_extract: bool = True
    extract_every: int = 4
    mirror_builtin: bool = True
    prefetch_wait: float = 2.0
    flush_timeout: float = 60.0
    #: Estimated tokens of recalled memories per turn (0: no per-turn recall).
    recall_budget: int = 300
    #: Memories recalled per turn at most, within ``recall_budget`` (0: none). Of what the
    #: gate passes, a needed memory is almost always among the first few; the rest only
    #: lengthen the context (benchmarks/README.md "Hermes recall, session 6").
    recall_max: int = 6
    #: One scope per Hermes user (``user_id``, else the profile's ``agent_identity``)
    #: instead of ``scope`` for everyone sharing this profile's database.
    scope_by_identity: bool = False
    #: Opt-in: with no ``llm_base_url`` of vecmem's own, extraction and the judge use
    #: Hermes' auxiliary model ``auxiliary.<host_llm_task>`` (see :mod:`.hostllm`).
    host_llm: bool = False
    host_llm_task: str = "vecmem"

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any]) -> ProviderOptions:
        out: dict[str, Any] = {}
        for key, kind, low, high in (
            ("auto_extract", bool, None, None),
            ("extract_every", int, 1, 1000),
            ("mirror_builtin", bool, None, None),
            ("prefetch_wait", float, 0.0, 30.0),
            ("flush_timeout", float, 0.0, 3600.0),
            ("recall_budget", int, 0, 100_000),
            ("recall_max", int, 0, 100),
            ("scope_by_identity", bool, None, None),
            ("host_llm", bool, None, None),
            ("host_llm_task", str, None, None),
        ):
            if values.get(key) is None:
                continue
            out[key] = _coerce(key, values[key], kind, low, high)
        return cls(**out)


OPTION_KEYS = frozenset(ProviderOptions.__dataclass_fields__)


def _coerce(key: str, value: Any, kind: type, low: float | None, high: float | None) -> Any:
    if kind is bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise InvalidInputError(f"memory.vecmem.{key} must be true or false, got {value!r}")
    if kind is str:
        text = str(value).strip()
        if not _TASK_KEY.fullmatch(text):
            raise InvalidInputError(f"memory.vecmem.{key} must be a task key (letters, digits, "
                                    f"underscores; at most 64), got {value!r}")
        return text
    try:
        number = kind(value)
    except (TypeError, ValueError):
        raise InvalidInputError(f"memory.vecmem.{key} must be a number, got {value!r}") from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise InvalidInputError(f"memory.vecmem.{key} must be between {low} and {high}")
    return number


#: Fields for ``hermes memory setup`` (``get_config_schema``); secrets go to .env via
#: ``env_var``.
def _choices(name: str) -> list[str]:
    """A setting's allowed values, read from its declaration (one vocabulary)."""
    return list(typing.get_args(Settings.model_fields[name].annotation))


CONFIG_SCHEMA: list[dict[str, Any]] = [
    {"key": "db", "description": "SQLite file or postgresql:// URL",
     "default": "$HERMES_HOME/vecmem/vecmem.db"},
    {"key": "governance_mode", "description": "Tool actions offered to the agent",
     "default": "light", "choices": _choices("governance_mode")},
    {"key": "embed_provider", "description": "Embedding model",
     "default": "local", "choices": _choices("embed_provider")},
    {"key": "embed_base_url", "description": "OpenAI-compatible embeddings URL "
     "(embed_provider openai)"},
    {"key": "embed_model", "description": "Embedding model name (openai)"},
    {"key": "embed_api_key", "description": "Embeddings API key", "secret": True,
     "env_var": "VECMEM_EMBED_API_KEY"},
    {"key": "llm_base_url", "description": "OpenAI-compatible chat URL for "
     "extraction and judging (blank: rules only)"},
    {"key": "llm_model", "description": "Chat model name"},
    {"key": "llm_api_key", "description": "Chat API key", "secret": True,
     "env_var": "VECMEM_LLM_API_KEY"},
    {"key": "llm_merge_mode", "description": "How LLM merge proposals are used",
     "default": "off", "choices": _choices("llm_merge_mode")},
    {"key": "host_llm", "description": "With no llm_base_url: use Hermes' auxiliary "
     "model (auxiliary.<host_llm_task>) for extraction and judging",
     "default": "false", "choices": ["true", "false"]},
    {"key": "host_llm_task", "description": "Which auxiliary.<task> slot of "
     "config.yaml host_llm uses", "default": "vecmem"},
    {"key": "language", "description": "Language of vecmem's reports and dashboard "
     "(default: Hermes' display.language, else the locale)", "choices": _choices("language")},
    {"key": "top_k", "description": "Memories recalled per turn", "default": "8"},
    {"key": "min_score", "description": "Minimum cosine for recall", "default": "0.3"},
    {"key": "recall_budget", "description": "Estimated tokens of memories recalled "
     "per turn", "default": "300"},
    {"key": "recall_max", "description": "Memories recalled per turn at most (within "
     "recall_budget)", "default": "6"},
    {"key": "auto_extract", "description": "Extract facts from conversation turns",
     "default": "true", "choices": ["true", "false"]},
    {"key": "extract_every", "description": "Turns between extractions",
     "default": "4"},
    {"key": "scope_by_identity", "description": "One memory scope per Hermes user "
     "(user_id, else the profile name) instead of one for the whole profile",
     "default": "false", "choices": ["true", "false"]},
]


# --------------------------------------------------------------------------- config


def default_hermes_home() -> Path:
    """``get_hermes_home()`` when Hermes is importable, else ``$HERMES_HOME`` or ~/.hermes."""
    try:
        from hermes_constants import get_hermes_home

        return Path(get_hermes_home())
    except Exception:
        env = os.environ.get("HERMES_HOME", "").strip()
        return Path(env).expanduser() if env else Path.home() / ".hermes"


def config_path(hermes_home: str | os.PathLike[str]) -> Path:
    return Path(hermes_home) / "config.yaml"


def _read_config(hermes_home: str | os.PathLike[str]) -> dict[str, Any]:
    """``$HERMES_HOME/config.yaml`` as a mapping ({} when absent)."""
    path = config_path(hermes_home)
    if not path.exists():
        return {}
    try:
        import yaml
    except ImportError:  # pragma: no cover - Hermes always ships PyYAML
        logger.warning("PyYAML is not installed; ignoring %s", path)
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8-sig")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise InvalidInputError(f"cannot read {path}: {exc}") from None
    return data if isinstance(data, dict) else {}


def read_section(hermes_home: str | os.PathLike[str]) -> dict[str, Any]:
    """``memory.vecmem`` from ``$HERMES_HOME/config.yaml`` ({} when absent)."""
    node: Any = _read_config(hermes_home)
    for key in CONFIG_SECTION:
        node = node.get(key) if isinstance(node, dict) else None
    return dict(node) if isinstance(node, dict) else {}


def hermes_language(hermes_home: str | os.PathLike[str]) -> str | None:
    """Hermes' own language as vecmem's (zh or en): ``HERMES_LANGUAGE``, else
    ``display.language`` of config.yaml (what Hermes' agent.i18n reads); None if unset."""
    value = os.environ.get("HERMES_LANGUAGE", "").strip()
    if not value:
        display = _read_config(hermes_home).get("display")
        value = str(display.get("language") or "") if isinstance(display, dict) else ""
    if not value or value.lower() == "auto":
        return None
    return "zh" if value.lower().startswith("zh") else "en"


def _is_secret(key: str) -> bool:
    return key in SECRET_KEYS or bool(_SECRET_RE.search(key))


def default_db(hermes_home: str | os.PathLike[str]) -> str:
    return str(Path(hermes_home) / "vecmem" / "vecmem.db")


def _expand_db(value: str, hermes_home: Path) -> str:
    if value.startswith(("postgresql://", "postgres://")):
        return value
    home = str(hermes_home)
    text = value.replace("${HERMES_HOME}", home).replace("$HERMES_HOME", home)
    path = Path(text).expanduser()
    if not path.is_absolute():
        path = hermes_home / path
    return str(path)


def resolve_settings(
    hermes_home: str | os.PathLike[str], overrides: Mapping[str, Any] | None = None
) -> tuple[Settings, ProviderOptions]:
    """Settings for the provider: vecmem.toml < config.yaml ``memory.vecmem`` <
    ``VECMEM_*`` environment < ``overrides``.

    The database is the exception: it is ``memory.vecmem.db`` or
    ``$HERMES_HOME/vecmem/vecmem.db``, never ``VECMEM_DB``, so every Hermes profile
    keeps its own memory. Secrets are read from the environment only.
    """
    home = Path(hermes_home).expanduser()
    from_file, given = read_section(home), dict(overrides or {})
    section = {**from_file, **given}
    options = ProviderOptions.from_mapping(section)

    def settings_values(values: Mapping[str, Any]) -> dict[str, Any]:
        picked = {}
        for key, value in values.items():
            if key in OPTION_KEYS or key == "db" or _is_secret(key) or value is None:
                continue
            if key not in Settings.model_fields:
                logger.debug("ignoring unknown memory.vecmem.%s", key)
                continue
            picked[key] = value
        return picked

    # The section is a pydantic-settings source between vecmem.toml and the environment;
    # Hermes' own language sits just below memory.vecmem.language in it.
    layer = settings_values(from_file)
    language = hermes_language(home)
    if language and "language" not in layer:
        layer["language"] = language
    db = section.get("db")
    db_value = _expand_db(str(db), home) if db else default_db(home)
    return Settings.load(hermes=layer, db=db_value, **settings_values(given)), options


def write_section(hermes_home: str | os.PathLike[str], values: Mapping[str, Any]) -> Path:
    """Merge ``values`` into ``memory.vecmem`` of config.yaml; secrets are never written."""
    path = config_path(hermes_home)
    clean = {k: v for k, v in values.items() if not _is_secret(k) and v is not None}
    try:  # ruamel keeps the user's comments and ordering
        from ruamel.yaml import YAML

        rt = YAML()
        rt.preserve_quotes = True
        data = rt.load(path.read_text(encoding="utf-8-sig")) if path.exists() else None
        dump: Callable[[Any, Any], None] = rt.dump
    except ImportError:
        import yaml

        data = yaml.safe_load(path.read_text(encoding="utf-8-sig")) if path.exists() else None

        def dump(obj: Any, stream: Any) -> None:
            yaml.safe_dump(obj, stream, sort_keys=False, allow_unicode=True)

    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InvalidInputError(f"{path} does not hold a YAML mapping")
    memory = data.get("memory")
    if not isinstance(memory, dict):
        memory = data["memory"] = {}
    section = memory.get(PROVIDER_NAME)
    if not isinstance(section, dict):
        section = memory[PROVIDER_NAME] = {}
    for key in [k for k in section if _is_secret(str(k))]:
        del section[key]  # a secret that slipped in by hand is not carried forward
    section.update(clean)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".config.", suffix=".yaml", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            dump(data, fh)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return path
