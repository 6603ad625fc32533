"""Embeddings from any OpenAI-compatible ``POST {base_url}/embeddings`` endpoint.

Guarantees, each learned from a failure of the first version of this system:

- **Batched**: one request per ``batch_size`` texts, never one per text.
- **Bounded**: every request has a timeout; transient failures (connection errors,
  timeouts, 429, 5xx) are retried with exponential backoff, honouring ``Retry-After``;
  anything else fails at once with a message that says what to fix.
- **Contained**: requests go only to the configured ``base_url``. Redirects are never
  followed (a redirect would carry the key to a host the user did not configure), and
  ``OPENAI_API_KEY`` is only used when the base URL is OpenAI's own.
- **Honest**: a failure raises :class:`EmbedderError`; it never quietly returns fallback
  vectors under this model's name.
"""

from __future__ import annotations

import os
import random
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from vecmem.embed.base import check_output, check_texts, normalize_rows
from vecmem.errors import EmbedderError

if TYPE_CHECKING:  # httpx is imported on first use: commands that embed nothing skip it
    import httpx

DEFAULT_BASE_URL = "https://api.openai.com/v1"
DEFAULT_MODEL = "text-embedding-3-small"
#: Native widths of well-known models, so ``dim`` is known without a network call.
KNOWN_DIMS = {
    "text-embedding-3-small": 1536,
    "text-embedding-3-large": 3072,
    "text-embedding-ada-002": 1536,
}
_RETRY_STATUS = frozenset({408, 409, 425, 429, 500, 502, 503, 504})
_MAX_RETRY_AFTER = 30.0


def _resolve_key(api_key: str | None, base_url: httpx.URL) -> str | None:
    if api_key:
        return api_key
    key = os.environ.get("VECMEM_EMBED_API_KEY")
    if key:
        return key
    # OPENAI_API_KEY is a credential for OpenAI; sending it to some other host that
    # happens to speak the same protocol would leak it.
    if base_url.host == "api.openai.com":
        return os.environ.get("OPENAI_API_KEY") or None
    return None


class OpenAIEmbedder:
    """Client for an OpenAI-compatible embeddings API (OpenAI, vLLM, Ollama, TEI, ...)."""

    is_fallback: bool = False

    def __init__(
        self,
        model: str | None = None,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        dim: int | None = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 0.5,
        batch_size: int = 128,
        transport: httpx.BaseTransport | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        import httpx

        self.model = model or DEFAULT_MODEL
        url = httpx.URL((base_url or DEFAULT_BASE_URL).rstrip("/"))
        if url.scheme not in ("http", "https") or not url.host:
            raise EmbedderError(
                f"embed_base_url {str(url)!r} is not an http(s) URL; expected something "
                "like https://api.openai.com/v1 or http://127.0.0.1:8000/v1"
            )
        self.base_url = url
        if dim is not None and dim < 1:
            raise EmbedderError(f"embed_dim must be positive, got {dim}")
        native = KNOWN_DIMS.get(self.model)
        # Only ask for a width when it differs from the model's own: some compatible
        # servers reject the `dimensions` field outright.
        self._request_dim = dim if dim is not None and dim != native else None
        self._dim = dim if dim is not None else native
        # The id must change whenever the vectors would: a shortened vector is another space.
        suffix = f":d{self._request_dim}" if self._request_dim is not None else ""
        self.model_id = f"openai:{self.model}{suffix}"
        self.batch_size = max(1, int(batch_size))
        self.max_retries = max(0, int(max_retries))
        self.backoff = backoff
        self._sleep = sleep
        self._dim_lock = threading.Lock()
        key = _resolve_key(api_key, url)
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self._client = httpx.Client(
            base_url=url,
            headers=headers,
            timeout=httpx.Timeout(timeout),
            follow_redirects=False,
            transport=transport,
            trust_env=False,  # no proxy from the environment: only the configured host
        )

    # -- identity ------------------------------------------------------------------
    @property
    def dim(self) -> int:
        """The vector width; for an unknown model, learned from one probe request."""
        if self._dim is None:
            with self._dim_lock:
                if self._dim is None:
                    self._dim = int(self._post_batch(["dimension probe"]).shape[1])
        return self._dim

    # -- public API ----------------------------------------------------------------
    def embed_documents(self, texts: list[str]) -> np.ndarray:
        texts = check_texts(texts)
        if not texts:
            return np.empty((0, self.dim), dtype=np.float32)
        parts = [
            self._post_batch(texts[i : i + self.batch_size])
            for i in range(0, len(texts), self.batch_size)
        ]
        return normalize_rows(np.concatenate(parts, axis=0))

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> OpenAIEmbedder:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OpenAIEmbedder(model={self.model!r}, base_url={str(self.base_url)!r})"

    # -- one batch -------------------------------------------------------------------
    def _post_batch(self, texts: list[str]) -> np.ndarray:
        # The OpenAI API rejects empty strings; a space embeds as "nothing" just as well.
        payload: dict[str, Any] = {
            "model": self.model,
            "input": [t if t.strip() else " " for t in texts],
        }
        if self._request_dim is not None:
            payload["dimensions"] = self._request_dim
        response = self._send(payload)
        vectors = self._parse(response, len(texts))
        if self._dim is None:
            self._dim = vectors.shape[1]
        return check_output(vectors, len(texts), self._dim, self.model_id)

    def _send(self, payload: dict[str, Any]) -> httpx.Response:
        import httpx

        where = f"{self.base_url}/embeddings"
        attempt = 0
        while True:
            problem: str
            retry_after: float | None = None
            try:
                response = self._client.post("embeddings", json=payload)
            except httpx.TimeoutException:
                problem = f"timed out after {self._client.timeout.read}s"
            except httpx.TransportError as exc:
                problem = f"could not connect ({type(exc).__name__}: {exc})"
            else:
                if response.is_success:
                    return response
                if response.is_redirect:
                    raise EmbedderError(
                        f"{where} answered {response.status_code} redirecting to "
                        f"{response.headers.get('location', '?')!r}; vecmem never follows "
                        "redirects (they could carry the API key to another host). Set "
                        "embed_base_url to the final URL if you trust it."
                    )
                if response.status_code not in _RETRY_STATUS:
                    raise EmbedderError(_status_message(where, response))
                problem = f"HTTP {response.status_code}"
                retry_after = _retry_after(response)
            if attempt >= self.max_retries:
                raise EmbedderError(
                    f"embedding request to {where} failed after {attempt + 1} attempts: "
                    f"{problem}. Check that the server is up, or switch embed_provider to "
                    "'local' to embed offline."
                )
            delay = self.backoff * (2**attempt) * (1 + random.random() * 0.25)
            self._sleep(min(_MAX_RETRY_AFTER, max(delay, retry_after or 0.0)))
            attempt += 1

    def _parse(self, response: httpx.Response, n: int) -> np.ndarray:
        try:
            body = response.json()
            items = sorted(body["data"], key=lambda d: d.get("index", 0))
            vectors = np.asarray([d["embedding"] for d in items], dtype=np.float32)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise EmbedderError(
                f"{self.base_url}/embeddings answered something that is not an embeddings "
                f"response ({type(exc).__name__}: {exc}); is embed_base_url right?"
            ) from None
        if vectors.ndim != 2 or vectors.shape[0] != n:
            raise EmbedderError(
                f"{self.base_url}/embeddings returned {vectors.shape[0] if vectors.ndim else 0}"
                f" vectors for {n} texts"
            )
        return vectors


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date: rare for APIs, and the backoff covers it


def _status_message(where: str, response: httpx.Response) -> str:
    code = response.status_code
    detail = response.text[:300].strip()
    hint = {
        401: "the API key was rejected; set VECMEM_EMBED_API_KEY (or embed_api_key)",
        403: "the API key may not use this model or endpoint",
        404: "no such endpoint or model; embed_base_url usually ends in /v1",
        400: "the server refused the request; check embed_model and embed_dim",
        413: "the batch is too large for the server; lower the batch size",
    }.get(code, "the server refused the request")
    return f"{where} answered HTTP {code}: {hint}. Server said: {detail or '(nothing)'}"
