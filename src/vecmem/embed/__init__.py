"""Text to vectors: bundled offline models, an OpenAI-compatible API, a hashing fallback.

Every embedder satisfies :class:`Embedder` and names the model behind its vectors in
``model_id``; see :mod:`vecmem.embed.factory` for choosing one from settings.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vecmem.embed.base import Embedder, Embedding, embed_tagged, normalize_rows
    from vecmem.embed.cache import CachedEmbedder
    from vecmem.embed.factory import LOCAL_DEFAULT, PROVIDERS, build_embedder
    from vecmem.embed.hashing import HashingEmbedder
    from vecmem.embed.local import DualEmbedder, E5Embedder, MixedEmbedder, UseEmbedder
    from vecmem.embed.openai import OpenAIEmbedder

# Imported on first use (PEP 562): the package must not pull in every provider (httpx
# for the API one) for a command that embeds nothing.
_WHERE = {
    "Embedder": "base", "Embedding": "base", "embed_tagged": "base", "normalize_rows": "base",
    "CachedEmbedder": "cache", "LOCAL_DEFAULT": "factory", "PROVIDERS": "factory",
    "build_embedder": "factory", "HashingEmbedder": "hashing", "E5Embedder": "local",
    "MixedEmbedder": "local", "DualEmbedder": "local", "UseEmbedder": "local",
    "OpenAIEmbedder": "openai",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'vecmem.embed' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"vecmem.embed.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "LOCAL_DEFAULT",
    "PROVIDERS",
    "CachedEmbedder",
    "DualEmbedder",
    "E5Embedder",
    "Embedder",
    "Embedding",
    "HashingEmbedder",
    "MixedEmbedder",
    "OpenAIEmbedder",
    "UseEmbedder",
    "build_embedder",
    "embed_tagged",
    "normalize_rows",
]
