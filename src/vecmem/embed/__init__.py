"""Text to vectors: bundled offline models, an OpenAI-compatible API, a hashing fallback.

Every embedder satisfies :class:`Embedder` and names the model behind its vectors in
``model_id``; see :mod:`vecmem.embed.factory` for choosing one from settings.
"""

from vecmem.embed.base import Embedder, Embedding, embed_tagged, normalize_rows
from vecmem.embed.cache import CachedEmbedder
from vecmem.embed.factory import LOCAL_DEFAULT, PROVIDERS, build_embedder
from vecmem.embed.hashing import HashingEmbedder
from vecmem.embed.local import E5Embedder, MixedEmbedder, UseEmbedder
from vecmem.embed.openai import OpenAIEmbedder

__all__ = [
    "LOCAL_DEFAULT",
    "PROVIDERS",
    "CachedEmbedder",
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
