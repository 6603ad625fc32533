"""A small client for any OpenAI-compatible ``/chat/completions`` endpoint.

Works with OpenAI, DeepSeek, Qwen DashScope (compatible mode), Ollama, vLLM and the
llama.cpp server. What it adds over a bare POST, and why:

- **JSON answers validated against a pydantic schema**, with one repair round that sends
  the validation error back (models get JSON *almost* right surprisingly often).
- **Retries with exponential backoff** on timeouts, connection errors, 5xx and 429 —
  never on other 4xx, which would fail the same way again.
- **A circuit breaker**: after ``breaker_threshold`` consecutive failed requests, calls
  raise :class:`CircuitOpenError` at once, without touching the network, until
  ``breaker_cooldown`` seconds pass; then one trial request decides. A failure is one
  failed HTTP *attempt*, so a dead endpoint is cut off after ``breaker_threshold``
  requests rather than ``breaker_threshold x (max_retries + 1)``.
- **Token usage per request** (``usage_log``, ``on_usage``), for cost and health reports.

The API key goes only to ``base_url``: redirects are never followed (a redirect to another
host would carry the Authorization header there), and any echo of the key in an error
body is scrubbed before it reaches an exception or a log line.

Secret values in what is sent never leave the process: every request's messages pass
through :func:`redact_messages` (``vecmem.rules.secrets``) in :meth:`LLMClient._complete`,
the one path to the network, so extraction, the judge, repair rounds and any future
caller get it without having to remember. The model sees ``[REDACTED:<kind>]`` where a
password or key was; the rest of the text arrives unchanged.
"""

from __future__ import annotations

import collections
import functools
import json
import logging
import re
import ssl
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import httpx
from pydantic import BaseModel, ValidationError

from vecmem.errors import CircuitOpenError, InvalidInputError, LLMError
from vecmem.llm import prompts
from vecmem.rules.secrets import redact_tree
from vecmem.types import Serializable

log = logging.getLogger("vecmem.llm")

M = TypeVar("M", bound=BaseModel)
Message = Mapping[str, Any]
BreakerState = Literal["closed", "open", "half_open"]

_RETRYABLE_STATUS = frozenset({408, 429, 500, 502, 503, 504})
# Besides 5xx, statuses that say "this endpoint is not usable now or as configured" (as
# opposed to "this one request was bad"): they count towards the breaker, so a wrong key
# or URL, or an exhausted quota, stops costing a request per call.
_BREAKER_STATUS = frozenset({401, 403, 404, 429})
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_FENCE = re.compile(r"```(?:json|JSON)?\s*\n?(.*?)```", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Usage(Serializable):
    """Tokens and wall time of one chat request, or the sum over several."""

    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    latency_ms: float = 0.0
    requests: int = 1

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            model=self.model,
            prompt_tokens=self.prompt_tokens + other.prompt_tokens,
            completion_tokens=self.completion_tokens + other.completion_tokens,
            total_tokens=self.total_tokens + other.total_tokens,
            latency_ms=self.latency_ms + other.latency_ms,
            requests=self.requests + other.requests,
        )


class _Failure(LLMError):
    """One failed attempt, tagged with whether a retry and the breaker should care."""

    def __init__(self, message: str, *, retryable: bool, counts: bool) -> None:
        super().__init__(message)
        self.retryable = retryable
        self.counts = counts


class LLMClient:
    """Synchronous, thread-safe client; one instance per endpoint and model."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None = None,
        timeout: float = 30,
        max_retries: int = 2,
        backoff: float = 0.5,
        breaker_threshold: int = 3,
        breaker_cooldown: float = 60,
        transport: httpx.BaseTransport | None = None,
        *,
        temperature: float | None = 0.0,
        json_mode: bool = True,
        on_usage: Callable[[Usage], None] | None = None,
        usage_log_size: int = 256,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if not base_url or not base_url.startswith(("http://", "https://")):
            raise InvalidInputError(f"llm_base_url must be an http(s) URL, got {base_url!r}")
        if not model:
            raise InvalidInputError("llm_model is required")
        self.base_url = base_url.rstrip("/")
        self.endpoint = _chat_endpoint(self.base_url)
        self.model = model
        self.max_retries = max(0, max_retries)
        self.backoff = backoff
        self.breaker_threshold = max(1, breaker_threshold)
        self.breaker_cooldown = breaker_cooldown
        self.temperature = temperature
        self.on_usage = on_usage
        self._api_key = api_key or None
        self._json_mode = json_mode  # flipped off once a server rejects response_format
        self._clock = clock
        self._sleep = sleep
        self._lock = threading.Lock()
        self._failures = 0
        self._opened_at: float | None = None
        self._trial_running = False
        self._usage_log: collections.deque[Usage] = collections.deque(maxlen=usage_log_size)
        self._total: Usage | None = None
        # follow_redirects=False is the default; spelled out because the key depends on it.
        self._http = httpx.Client(
            timeout=httpx.Timeout(timeout), transport=transport, follow_redirects=False,
            verify=_ssl_context(),
        )

    @classmethod
    def from_settings(cls, settings: Any, **kwargs: Any) -> LLMClient:
        """Build from an object with ``llm_base_url/llm_model/llm_api_key/llm_timeout``."""
        if not getattr(settings, "llm_base_url", None):
            raise InvalidInputError("llm_base_url is not set (VECMEM_LLM_BASE_URL)")
        if not getattr(settings, "llm_model", None):
            raise InvalidInputError("llm_model is not set (VECMEM_LLM_MODEL)")
        key = getattr(settings, "llm_api_key", None)
        reveal = getattr(key, "get_secret_value", None)  # a pydantic SecretStr
        key = reveal() if callable(reveal) else key
        return cls(settings.llm_base_url, settings.llm_model, api_key=key,
                   timeout=getattr(settings, "llm_timeout", 30), **kwargs)

    def __repr__(self) -> str:  # the key is deliberately absent
        return f"LLMClient(base_url={self.base_url!r}, model={self.model!r})"

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> LLMClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- usage and breaker state -------------------------------------------------------

    @property
    def usage_log(self) -> list[Usage]:
        """The most recent requests' usage, oldest first."""
        with self._lock:
            return list(self._usage_log)

    @property
    def total_usage(self) -> Usage:
        """Usage summed over every request this client made."""
        with self._lock:
            return self._total or Usage(model=self.model, requests=0)

    @property
    def breaker_state(self) -> BreakerState:
        with self._lock:
            if self._opened_at is None:
                return "closed"
            if self._clock() - self._opened_at >= self.breaker_cooldown:
                return "half_open"
            return "open"

    # ---- public calls ------------------------------------------------------------------

    def chat(self, messages: Sequence[Message], *, json_mode: bool = False) -> tuple[str, Usage]:
        """One chat completion; returns the assistant text and its usage."""
        return self._complete([dict(m) for m in messages], json_mode=json_mode)

    def chat_json(
        self, messages: Sequence[Message], schema: type[M], *, repair: bool = True
    ) -> tuple[M, Usage]:
        """Ask for JSON, validate it against ``schema``; one repair round unless ``repair``
        is False (the judge turns it off to keep to one model call per decision)."""
        convo = prompts.with_schema_hint([dict(m) for m in messages], schema)
        total: Usage | None = None
        for _ in range(2 if repair else 1):
            text, usage = self._complete(convo, json_mode=True)
            total = usage if total is None else total + usage
            try:
                return _parse(text, schema), total
            except _BadAnswer as exc:
                problem = exc
            log.info("llm answer failed validation (%s)", problem)
            convo = [*convo, {"role": "assistant", "content": text[:4000]},
                     {"role": "user", "content": prompts.repair(str(problem))}]
        after = " even after one repair" if repair else ""
        raise LLMError(f"the model's answer is not valid JSON for {schema.__name__}{after}: "
                       f"{problem}")

    # ---- the request loop --------------------------------------------------------------

    def _complete(self, messages: list[dict[str, Any]], *, json_mode: bool) -> tuple[str, Usage]:
        # Here, not in each prompt builder: every request passes this line, so no caller can
        # forget it (a repair round even re-sends the model's own answer).
        messages = redact_messages(messages)
        trial = self._admit()
        attempts = 1 if trial else self.max_retries + 1
        last: _Failure | None = None
        try:
            for attempt in range(attempts):
                if attempt:
                    delay = self.backoff * (2 ** (attempt - 1))
                    log.warning("llm request failed (%s); retry %d in %.2fs",
                                last, attempt, delay)
                    self._sleep(delay)
                try:
                    result = self._attempt(messages, json_mode=json_mode)
                except _Failure as exc:
                    last = exc
                    if exc.counts and self._record_failure():
                        break  # the breaker just opened: stop spending on this endpoint
                    if not exc.retryable:
                        break
                    continue
                self._record_success(result[1])
                return result
        finally:
            if trial:
                with self._lock:
                    self._trial_running = False
        assert last is not None
        raise LLMError(last.message) from None

    def _attempt(self, messages: list[dict[str, Any]], *, json_mode: bool) -> tuple[str, Usage]:
        body: dict[str, Any] = {"model": self.model, "messages": messages}
        if self.temperature is not None:
            body["temperature"] = self.temperature
        use_format = json_mode and self._json_mode
        if use_format:
            body["response_format"] = {"type": "json_object"}
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        log.debug("llm request to %s (%d messages)", self.endpoint, len(messages))
        started = time.perf_counter()
        try:
            resp = self._http.post(self.endpoint, json=body, headers=headers)
        except httpx.TimeoutException:
            raise _Failure(f"LLM request to {self.endpoint} timed out",
                           retryable=True, counts=True) from None
        except httpx.TransportError as exc:
            raise _Failure(f"cannot reach LLM endpoint {self.endpoint}: "
                           f"{type(exc).__name__}", retryable=True, counts=True) from None
        latency_ms = (time.perf_counter() - started) * 1000
        status = resp.status_code
        if status == 400 and use_format and "response_format" in resp.text:
            # Older llama.cpp / vLLM builds reject response_format; ask in the prompt only.
            log.info("endpoint rejects response_format; continuing without it")
            self._json_mode = False
            return self._attempt(messages, json_mode=json_mode)
        if 300 <= status < 400:
            raise _Failure(f"LLM endpoint answered HTTP {status} (redirect to "
                           f"{self._scrub(resp.headers.get('location', '?'))}); redirects "
                           "are not followed so the API key never leaves base_url",
                           retryable=False, counts=True)
        if status >= 400:
            raise _Failure(f"LLM endpoint returned HTTP {status}: "
                           f"{self._scrub(resp.text[:300])}",
                           retryable=status in _RETRYABLE_STATUS or status >= 500,
                           counts=status >= 500 or status in _BREAKER_STATUS)
        try:
            payload = resp.json()
            message = payload["choices"][0]["message"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise _Failure(f"LLM endpoint answered something that is not a chat completion: "
                           f"{self._scrub(resp.text[:200])!r}", retryable=False,
                           counts=True) from None
        content = message.get("content") if isinstance(message, dict) else None
        return (content or ""), _usage(payload, self.model, latency_ms)

    def _scrub(self, text: str) -> str:
        return text.replace(self._api_key, "***") if self._api_key else text

    # ---- circuit breaker -----------------------------------------------------------------

    def _admit(self) -> bool:
        """Raise if the breaker is open; return True when this call is the half-open trial."""
        with self._lock:
            if self._opened_at is None:
                return False
            waited = self._clock() - self._opened_at
            if waited < self.breaker_cooldown or self._trial_running:
                left = max(0.0, self.breaker_cooldown - waited)
                raise CircuitOpenError(
                    f"LLM endpoint {self.base_url} failed {self._failures} times in a row; "
                    f"calls are skipped for another {left:.0f}s"
                )
            self._trial_running = True
            return True

    def _record_failure(self) -> bool:
        """Count one failed attempt; True when the breaker is (re)opened by it."""
        with self._lock:
            self._failures += 1
            if self._trial_running or self._failures >= self.breaker_threshold:
                self._opened_at = self._clock()
                log.warning("llm circuit breaker open after %d failures", self._failures)
                return True
            return False

    def _record_success(self, usage: Usage) -> None:
        with self._lock:
            self._failures = 0
            self._opened_at = None
            self._usage_log.append(usage)
            self._total = usage if self._total is None else self._total + usage
        if self.on_usage is not None:
            try:
                self.on_usage(usage)
            except Exception:  # a broken metrics hook must not fail an answered call
                log.exception("on_usage hook failed")


# ---- helpers ---------------------------------------------------------------------------

class _BadAnswer(Exception):
    """The model answered, but not with valid JSON for the schema."""


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    # Building the default context (loading the CA bundle) costs ~80 ms; share one.
    return httpx.create_ssl_context()


def redact_messages(messages: Sequence[Message]) -> list[dict[str, Any]]:
    """``messages`` with every secret value in any string replaced by ``[REDACTED:<kind>]``.

    The whole message is walked, not only ``content``: a list of content parts or a
    ``name`` carries text too. Roles never look like secrets, and redaction is idempotent.
    """
    return [redact_tree(dict(m)) for m in messages]


def _chat_endpoint(base_url: str) -> str:
    if base_url.endswith("/chat/completions"):
        return base_url
    # A bare host (http://localhost:11434, https://api.deepseek.com) gets the /v1 that
    # every OpenAI-compatible server in the list above serves.
    if httpx.URL(base_url).path in ("", "/"):
        return base_url + "/v1/chat/completions"
    return base_url + "/chat/completions"


def _usage(payload: dict[str, Any], model: str, latency_ms: float) -> Usage:
    raw = payload.get("usage") or {}

    def num(key: str) -> int:
        value = raw.get(key) if isinstance(raw, dict) else None
        return int(value) if isinstance(value, int | float) else 0

    prompt, completion = num("prompt_tokens"), num("completion_tokens")
    return Usage(
        model=str(payload.get("model") or model),
        prompt_tokens=prompt,
        completion_tokens=completion,
        total_tokens=num("total_tokens") or prompt + completion,
        latency_ms=latency_ms,
    )


def json_text(text: str) -> str:
    """The JSON part of a model answer: drops ``<think>`` blocks, code fences, chatter."""
    text = _THINK.sub("", text).strip()
    fence = _FENCE.search(text)
    if fence:
        return fence.group(1).strip()
    if text[:1] in "{[":
        return text
    start, end = text.find("{"), text.rfind("}")
    return text[start : end + 1] if 0 <= start < end else text


def _parse(text: str, schema: type[M]) -> M:
    candidate = json_text(text)
    try:
        data = json.loads(candidate)
    except json.JSONDecodeError as exc:
        raise _BadAnswer(f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
                         ) from None
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in err['loc']) or '(root)'}: {err['msg']}"
            for err in exc.errors()[:5]
        )
        raise _BadAnswer(f"schema mismatch: {problems}") from None
