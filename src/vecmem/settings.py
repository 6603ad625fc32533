"""Configuration: defaults < ``vecmem.toml`` (< the Hermes ``memory.vecmem`` section,
inside Hermes) < environment ``VECMEM_<NAME>`` < arguments.

Every layer is a pydantic-settings source (``settings_customise_sources``): the TOML file
(``TomlConfigSettingsSource``), the Hermes section, the environment
(``EnvSettingsSource``) and the arguments; pydantic-settings merges and validates them.
Read only at entry points (``Memory.open``, the CLI, the server, the Hermes plugin).
Secrets (``*_api_key``) are only ever read from the environment or arguments and are
never written back to a file or an event.

``python -m vecmem.settings --markdown`` writes the reference, ``docs/settings.md``, from
the field descriptions below.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import (
    BaseSettings,
    InitSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)

from vecmem.errors import InvalidInputError

DEFAULT_DB = "~/.vecmem/vecmem.db"
DEFAULT_CONFIRM_PHRASE = "我确认执行计划"
SECRETS = ("embed_api_key", "llm_api_key")
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def locale_language(environ: Mapping[str, str] | None = None) -> Literal["zh", "en"]:
    """The report language of the locale: the first set of LC_ALL, LC_MESSAGES, LANG (the
    POSIX order) decides; ``zh*`` is Chinese, anything else (or nothing) English."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        if value:
            return "zh" if value.lower().startswith("zh") else "en"
    return "en"


class Settings(BaseSettings):
    """Every knob vecmem has. Environment variables use the prefix ``VECMEM_``."""

    model_config = SettingsConfigDict(env_prefix="VECMEM_", extra="ignore", validate_default=True)

    db: str = Field(DEFAULT_DB, description="SQLite path or postgresql:// URL of the memory")
    scope: str = Field("default", description="Namespace of this user, agent or team; "
                                              "memories of one scope never see another's")
    embed_provider: Literal["local", "e5", "use", "mix", "dual", "openai", "hashing"] = Field(
        "local",
        description="local = the bundled default (dual); e5/use pick one explicitly; mix = "
        "both in one vector (better Chinese<->English, a little worse on English alone); "
        "dual = both stored, each query ranked by its language's model (e5 for English, "
        "with a USE share when the store holds Chinese; USE for Chinese); "
        "openai = an OpenAI-compatible /embeddings API; hashing = no model (tests)",
    )
    embed_model: str | None = Field(None, description="Model name for the openai provider")
    embed_base_url: str | None = Field(None, description="OpenAI-compatible /embeddings base")
    embed_api_key: SecretStr | None = Field(
        None, description="Key for embed_base_url (environment or arguments only)")
    embed_dim: int | None = Field(None, description="Requested dimension (openai provider)")
    llm_base_url: str | None = Field(
        None, description="OpenAI-compatible chat base URL for extraction and judging "
                          "(unset: rules only)")
    llm_model: str | None = Field(None, description="Chat model name")
    llm_api_key: SecretStr | None = Field(
        None, description="Key for llm_base_url (environment or arguments only)")
    llm_timeout: float = Field(30.0, gt=0, description="Seconds per LLM request")
    llm_merge_mode: Literal["off", "dry_run", "review_only", "auto"] = Field(
        "off", description="How the LLM judge's merge proposals are used: off, dry_run "
                           "(recorded only), review_only (sent to review), auto (applied "
                           "above llm_auto_threshold)",
    )
    llm_auto_threshold: float = Field(
        0.85, ge=0, le=1,
        description="Judge confidence at or above which llm_merge_mode=auto applies a merge")
    extract_min_confidence: float = Field(
        0.7, ge=0, le=1,
        description="Extracted facts below this confidence are dropped before the pipeline")
    llm_cue_terms: bool = Field(
        False, description="With an LLM: extraction also names cue terms per fact (topic "
                           "words, synonyms, the other language's words), kept in the "
                           "keyword index and shown by explain")
    llm_query_rewrite: bool = Field(
        False, description="With an LLM: rewrite each search query (a standalone query "
                           "plus keywords in both languages) before searching; explain "
                           "shows the rewrite. Costs one LLM call per search")
    slot_prototypes: bool = Field(
        True, description="A second opinion on one-value slots when the rules key none: "
                          "the nearest labelled slot statements in the bundled USE "
                          "geometry, checked by structure (needs the local extra)")
    top_k: int = Field(8, ge=1, le=1000, description="Results a search returns by default")
    min_score: float | None = Field(
        None, ge=-1, le=1,
        description="Cosine threshold for vector hits (default: calibrated per model)",
    )
    recall_log_rows: int = Field(
        10_000, ge=0, le=10_000_000,
        description="Recall log (which memories were handed to which turn): most rows kept "
                    "per scope, oldest pruned on write; 0 turns the log off")
    recall_log_days: float = Field(
        30.0, gt=0, description="Recall log: rows older than this many days are pruned")
    recall_log_queries: Literal["redacted", "hash"] = Field(
        "redacted", description="Recall log: keep each query as the secret redactor leaves "
                                "it (redacted) or only its hash (hash)")
    duplicate_threshold: float | None = Field(
        None, ge=0, le=1,
        description="Cosine at or above which a new fact is a duplicate (default: per model)",
    )
    judge_floor: float | None = Field(
        None, ge=0, le=1,
        description="Cosine above which a neighbour goes to the judge (default: per model)",
    )
    confirm_phrase: str = Field(
        DEFAULT_CONFIRM_PHRASE, min_length=1,
        description="The exact phrase a person types to apply a plan (vecmem plan apply, the "
                    "dashboard); agents are never shown it",
    )
    governance_mode: Literal["light", "advanced"] = Field(
        "light", description="Tool actions offered to agents: light (the everyday ones) or "
                             "advanced (also explain, review and events)")
    language: Literal["zh", "en"] = Field(
        default_factory=locale_language,
        description="Language of reports (health, cleanup, doctor) and the dashboard. "
                    "Default: the locale (LC_ALL, LC_MESSAGES, LANG: zh_* is zh, anything "
                    "else en); inside Hermes, Hermes' display.language",
    )
    timezone: str | None = Field(
        None,
        description="The user's time zone (an IANA name, e.g. Asia/Shanghai): which day "
                    "'明天' or 'next Friday' means when a fact is written, and which day "
                    "today is for expiry. Default: UTC",
    )
    ttl_days: dict[str, float] = Field(
        default_factory=lambda: {"active_context": 14.0, "temporary": 7.0},
        description="Time to live, in days, of short-lived memories: per memory type "
                    "(e.g. active_context) or 'temporary' (what extraction marked short-"
                    "lived). Past it without a restatement, a memory is stale: health flags "
                    "it and cleanup lists it (a plan archives it). JSON, e.g. "
                    "'{\"active_context\": 14, \"temporary\": 7}'; {} turns it off",
    )
    ann_threshold: int = Field(
        20_000, ge=0, description="Use the ANN index above this many vectors"
    )
    pg_pool_size: int = Field(
        10, ge=1, le=1000,
        description="PostgreSQL: most connections one process opens to one database, shared "
        "by every scope; a request waits up to 30 s for a free one, then fails clearly",
    )

    @field_validator("confirm_phrase")
    @classmethod
    def _phrase_not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("confirm_phrase must not be blank")
        return v

    @field_validator("ttl_days", mode="before")
    @classmethod
    def _known_ttl(cls, v: object) -> object:
        from vecmem.types import TTL_KEYS

        if not isinstance(v, dict):
            return v  # a JSON string from the environment is parsed, then checked here
        for key, days in v.items():
            if key not in TTL_KEYS:
                raise ValueError(f"ttl_days: unknown kind {key!r}; use one of "
                                 f"{', '.join(TTL_KEYS)}")
            if isinstance(days, bool) or not isinstance(days, int | float) \
                    or not 0 < float(days) <= 36_600:
                raise ValueError(f"ttl_days[{key!r}] must be a number of days above 0, "
                                 f"got {days!r}")
        return {k: float(d) for k, d in v.items()}

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, v: str | None) -> str | None:
        if v is None or not v.strip():
            return None
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        try:
            ZoneInfo(v.strip())
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {v!r}; use an IANA name such as "
                             "Asia/Shanghai or Europe/Berlin") from None
        return v.strip()

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Highest first. Settings(...) built directly reads arguments and the environment;
        # Settings.load adds the files below them.
        files = _FILES.get()
        if files is None:
            return init_settings, env_settings
        toml_path, section = files
        return (init_settings, env_settings,
                InitSettingsSource(settings_cls, _without_secrets(section)),
                _TomlSource(settings_cls, toml_path))

    @classmethod
    def load(cls, config_file: str | os.PathLike[str] | None = None, *,
             hermes: Mapping[str, Any] | None = None, **overrides: Any) -> Settings:
        """Settings from defaults < ``config_file`` (default: ``VECMEM_CONFIG``,
        ./vecmem.toml, ~/.vecmem/vecmem.toml) < ``hermes`` (the ``memory.vecmem`` section)
        < environment < ``overrides`` (None values are ignored)."""
        path = Path(config_file).expanduser() if config_file else _default_config_file()
        given = {k: v for k, v in overrides.items() if v is not None}
        token = _FILES.set((path, dict(hermes or {})))
        try:
            return cls(**given)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise InvalidInputError(f"invalid setting {where}: {first['msg']}") from None
        finally:
            _FILES.reset(token)

    def public_dict(self) -> dict[str, Any]:
        """Settings without secrets, for display and events."""
        data = self.model_dump()
        for key in SECRETS:
            data[key] = "***" if data.get(key) else None
        return data


#: The files Settings.load reads (the TOML path and the Hermes section), for the sources.
_FILES: ContextVar[tuple[Path | None, dict[str, Any]] | None] = ContextVar(
    "vecmem_settings_files", default=None)


def _without_secrets(values: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if k not in SECRETS}


class _TomlSource(TomlConfigSettingsSource):
    """vecmem.toml: its ``[vecmem]`` table or its top level; never a secret; a file that is
    not TOML is an input error."""

    def _read_file(self, file_path: Any) -> dict[str, Any]:
        import tomllib  # only when there is a file: its import compiles a dozen patterns

        try:
            data = tomllib.loads(Path(file_path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise InvalidInputError(f"cannot read config file {file_path}: {exc}") from None
        table = data.get("vecmem", data)
        return _without_secrets(table if isinstance(table, dict) else {})


def _default_config_file() -> Path | None:
    """``VECMEM_CONFIG`` (read if it exists), else the first of ./vecmem.toml and
    ~/.vecmem/vecmem.toml that exists."""
    env = os.environ.get("VECMEM_CONFIG")
    if env:
        return Path(env).expanduser()
    for candidate in (Path("vecmem.toml"), Path("~/.vecmem/vecmem.toml").expanduser()):
        if candidate.exists():
            return candidate
    return None


# -- the reference -------------------------------------------------------------------------
def _default_text(field: Any) -> str:
    if field.default_factory is locale_language:
        return "from the locale"
    if field.default is None:
        return "—"
    return f"`{field.default}`"


def _type_text(field: Any) -> str:
    import typing

    annotation = field.annotation
    if typing.get_origin(annotation) is Literal:
        return " \\| ".join(f"`{a}`" for a in typing.get_args(annotation))
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    base = args[0] if args else annotation
    if typing.get_origin(base) is Literal:
        return " \\| ".join(f"`{a}`" for a in typing.get_args(base))
    return {"SecretStr": "secret"}.get(getattr(base, "__name__", str(base)),
                                      getattr(base, "__name__", str(base)))


def settings_markdown() -> str:
    """``docs/settings.md``: every setting with its variable, type, default, meaning."""
    lines = [
        "# Settings",
        "",
        "<!-- Generated by `python -m vecmem.settings --markdown > docs/settings.md`; "
        "tests/core/test_settings.py fails when this file is stale. -->",
        "",
        "Every setting can be given, lowest to highest precedence, as a default, in "
        "`vecmem.toml` (`--config`, `VECMEM_CONFIG`, `./vecmem.toml` or "
        "`~/.vecmem/vecmem.toml`; top level or a `[vecmem]` table), inside Hermes in the "
        "`memory.vecmem` section of `config.yaml`, as an environment variable "
        "`VECMEM_<NAME>`, or as an argument (`Memory.open(..., name=value)`, the CLI's "
        "`--db` and `--scope`). Secrets (`*_api_key`) are read from the environment or "
        "arguments only, never from a file.",
        "",
        "| setting | environment | type | default | meaning |",
        "|---|---|---|---|---|",
    ]
    for name, field in Settings.model_fields.items():
        meaning = (field.description or "").replace("|", "\\|")
        lines.append(f"| `{name}` | `VECMEM_{name.upper()}` | {_type_text(field)} | "
                     f"{_default_text(field)} | {meaning} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] != ["--markdown"]:
        sys.exit("usage: python -m vecmem.settings --markdown > docs/settings.md")
    sys.stdout.write(settings_markdown())
