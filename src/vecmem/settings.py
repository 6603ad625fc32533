"""Configuration: defaults < ``vecmem.toml`` < environment ``VECMEM_<NAME>`` < arguments.

Read only at entry points (``Memory.open``, the CLI, the server, the Hermes plugin).
Secrets (``*_api_key``) are only ever read from the environment or arguments and are
never written back to a file or an event.
"""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from vecmem.errors import InvalidInputError

DEFAULT_DB = "~/.vecmem/vecmem.db"
DEFAULT_CONFIRM_PHRASE = "我确认执行计划"


class Settings(BaseSettings):
    """Every knob vecmem has. Environment variables use the prefix ``VECMEM_``."""

    model_config = SettingsConfigDict(env_prefix="VECMEM_", extra="ignore", validate_default=True)

    db: str = Field(DEFAULT_DB, description="SQLite path or postgresql:// URL")
    scope: str = Field("default", description="Namespace of this user, agent or team")
    embed_provider: Literal["local", "e5", "use", "mix", "openai", "hashing"] = Field(
        "local",
        description="local = the bundled default model; e5/use pick one explicitly; mix = "
        "both in one vector (better Chinese<->English, a little worse on English alone)",
    )
    embed_model: str | None = Field(None, description="Model name for the openai provider")
    embed_base_url: str | None = Field(None, description="OpenAI-compatible /embeddings base")
    embed_api_key: SecretStr | None = Field(None, description="Key for embed_base_url")
    embed_dim: int | None = Field(None, description="Requested dimension (openai provider)")
    llm_base_url: str | None = Field(None, description="OpenAI-compatible chat base URL")
    llm_model: str | None = Field(None, description="Chat model name")
    llm_api_key: SecretStr | None = Field(None, description="Key for llm_base_url")
    llm_timeout: float = Field(30.0, gt=0, description="Seconds per LLM request")
    llm_merge_mode: Literal["off", "dry_run", "review_only", "auto"] = Field(
        "off", description="How the LLM judge's proposals are used"
    )
    llm_auto_threshold: float = Field(0.85, ge=0, le=1)
    extract_min_confidence: float = Field(0.7, ge=0, le=1)
    top_k: int = Field(8, ge=1, le=1000)
    min_score: float | None = Field(
        None, ge=-1, le=1,
        description="Cosine threshold for vector hits (default: calibrated per model)",
    )
    duplicate_threshold: float | None = Field(
        None, ge=0, le=1,
        description="Cosine at or above which a new fact is a duplicate (default: per model)",
    )
    judge_floor: float | None = Field(
        None, ge=0, le=1,
        description="Cosine above which a neighbour goes to the judge (default: per model)",
    )
    confirm_phrase: str = Field(DEFAULT_CONFIRM_PHRASE, min_length=1)
    governance_mode: Literal["light", "advanced"] = "light"
    language: Literal["zh", "en"] = "zh"
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

    @classmethod
    def load(cls, config_file: str | os.PathLike[str] | None = None, **overrides: Any) -> Settings:
        """Build settings from file < environment < ``overrides`` (None values are ignored)."""
        file_values: dict[str, Any] = {}
        path = Path(config_file).expanduser() if config_file else _default_config_file()
        if path is not None and path.exists():
            try:
                file_values = tomllib.loads(path.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError) as exc:
                raise InvalidInputError(f"cannot read config file {path}: {exc}") from None
            file_values = file_values.get("vecmem", file_values)
            for secret in ("embed_api_key", "llm_api_key"):
                file_values.pop(secret, None)  # secrets come from the environment only
        env_values = {
            name: os.environ[f"VECMEM_{name.upper()}"]
            for name in cls.model_fields
            if f"VECMEM_{name.upper()}" in os.environ
        }
        given = {k: v for k, v in overrides.items() if v is not None}
        merged = {**file_values, **env_values, **given}
        try:
            return _build(cls, merged)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise InvalidInputError(f"invalid setting {where}: {first['msg']}") from None

    def public_dict(self) -> dict[str, Any]:
        """Settings without secrets, for display and events."""
        data = self.model_dump()
        for key in ("embed_api_key", "llm_api_key"):
            data[key] = "***" if data.get(key) else None
        return data


def _build(cls: type[Settings], values: dict[str, Any]) -> Settings:
    # Environment was merged by hand above (so a file can sit below it); pass everything
    # as init arguments and keep pydantic-settings from reading the environment again.
    return cls(_env_prefix="VECMEM__IGNORED_", **values)


def _default_config_file() -> Path | None:
    env = os.environ.get("VECMEM_CONFIG")
    if env:
        return Path(env).expanduser()
    for candidate in (Path("vecmem.toml"), Path("~/.vecmem/vecmem.toml").expanduser()):
        if candidate.exists():
            return candidate
    return None
