"""Hermes' auxiliary model as vecmem's LLM, when the user opts in (``host_llm: true``).

Hermes routes its side tasks (compression, titles, …) to cheaper models configured per
task under ``auxiliary.<task>`` in ``config.yaml``: ``provider``, ``model``, ``base_url``,
``api_key`` (or ``key_env``), ``timeout``. When vecmem has no LLM of its own
(``llm_base_url`` unset) and ``memory.vecmem.host_llm`` is true, extraction and the merge
judge use the slot named by ``host_llm_task`` (default ``vecmem``: the task vecmem
registers, so ``hermes model`` → auxiliary models offers it), under the same
``llm_merge_mode`` (off / dry_run / review_only / auto) as an LLM of vecmem's own.

Two ways to reach the model, both through vecmem's :class:`~vecmem.llm.client.LLMClient`
(so redaction, the circuit breaker, JSON validation and usage accounting are the same):

* the slot names a ``base_url``: vecmem calls that OpenAI-compatible endpoint itself;
* the slot names only a ``provider``/``model``: the request goes through Hermes'
  ``agent.auxiliary_client.call_llm(task=…)``, which owns that provider's auth (OAuth,
  credential pools, fallback) — vecmem never sees those credentials. This needs Hermes
  in the process; elsewhere (the CLI) the slot is reported as unusable.

Nothing here is on by default: ``host_llm`` is false, and a vecmem LLM of its own wins.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from dataclasses import dataclass
from typing import Any

import httpx

from vecmem.errors import InvalidInputError
from vecmem.integrations.hermes.config import ProviderOptions, _read_config
from vecmem.settings import Settings

#: The label base URL of requests handed to Hermes (never contacted: the transport
#: answers every request in-process).
ROUTED_BASE = "http://hermes-auxiliary.invalid/v1"
TASK_DISPLAY = "vecmem memory"
TASK_DESCRIPTION = "memory extraction and merge judging"
_ENV_REF = re.compile(r"^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$|^\$([A-Za-z_][A-Za-z0-9_]*)$")


@dataclass(frozen=True, slots=True)
class HostLLM:
    """What ``host_llm`` resolved to: a client, or why there is none (shown to a person)."""

    client: Any = None
    #: "auxiliary.vecmem: model m at http://…" / "auxiliary.vecmem: provider p via Hermes".
    label: str = ""
    problem: str | None = None


def task_slot(hermes_home: str | os.PathLike[str], task: str) -> dict[str, Any] | None:
    """``auxiliary.<task>`` from config.yaml (None when absent or not a mapping)."""
    aux = _read_config(hermes_home).get("auxiliary")
    slot = aux.get(task) if isinstance(aux, dict) else None
    return dict(slot) if isinstance(slot, dict) else None


def _text(slot: dict[str, Any], key: str) -> str:
    value = slot.get(key)
    return str(value).strip() if value is not None else ""


def _api_key(slot: dict[str, Any]) -> str | None:
    """The slot's key: ``api_key`` (a literal or a ``${VAR}`` reference, as Hermes allows),
    else the variable named by ``key_env`` / ``api_key_env``."""
    key = _text(slot, "api_key")
    ref = _ENV_REF.match(key)
    if ref:
        key = os.environ.get(ref.group(1) or ref.group(2), "").strip()
    if not key:
        env = _text(slot, "key_env") or _text(slot, "api_key_env")
        key = os.environ.get(env, "").strip() if env else ""
    return key or None


def resolve(hermes_home: str | os.PathLike[str], options: ProviderOptions,
            settings: Settings) -> HostLLM:
    """The host's auxiliary model for vecmem, when opted in and vecmem has none."""
    if not options.host_llm:
        return HostLLM()
    if settings.llm_base_url:
        return HostLLM(label="vecmem's own llm_base_url (host_llm not needed)")
    task = options.host_llm_task
    where = f"auxiliary.{task}"
    slot = task_slot(hermes_home, task)
    if slot is None:
        return HostLLM(problem=f"host_llm is on but config.yaml has no {where} "
                               "(set its provider and model, or base_url and model)")
    base_url, model = _text(slot, "base_url"), _text(slot, "model")
    provider = _text(slot, "provider")
    if model.lower() == "auto":
        model = ""
    timeout = _timeout(slot, settings.llm_timeout)
    from vecmem.llm.client import LLMClient

    if base_url:
        if not model:
            return HostLLM(problem=f"host_llm is on but {where} names no model")
        try:
            client = LLMClient(base_url, model, api_key=_api_key(slot), timeout=timeout)
        except InvalidInputError as exc:
            return HostLLM(problem=f"host_llm is on but {where} is not usable: {exc.message}")
        return HostLLM(client, label=f"{where}: model {model} at {client.base_url}")
    if not model and provider.lower() in ("", "auto"):
        return HostLLM(problem=f"host_llm is on but {where} names no model or provider")
    if not hermes_routing_available():
        return HostLLM(problem=f"{where} names provider {provider or 'auto'}, which only "
                               "Hermes can reach (not importable here)")
    client = LLMClient(ROUTED_BASE, model or f"{provider}:default", timeout=timeout,
                       max_retries=0,  # Hermes retries and falls back itself
                       transport=HermesTransport(task, timeout), json_mode=False)
    return HostLLM(client, label=f"{where}: {model or 'default model'} of provider "
                                 f"{provider or 'auto'}, via Hermes")


def _timeout(slot: dict[str, Any], default: float) -> float:
    try:
        value = float(slot.get("timeout") or default)
    except (TypeError, ValueError):
        return default
    return value if value > 0 else default


def hermes_routing_available() -> bool:
    try:
        from agent.auxiliary_client import call_llm  # noqa: F401
    except ImportError:
        return False
    return True


class HermesTransport(httpx.BaseTransport):
    """Answers LLMClient's chat requests by calling Hermes' ``call_llm(task=…)``.

    LLMClient keeps everything it does before and after the wire (redaction, breaker,
    validation, usage); only the wire is Hermes'. A failure in Hermes becomes an HTTP
    502, which LLMClient counts towards its breaker like any unreachable endpoint.
    """

    def __init__(self, task: str, timeout: float) -> None:
        self.task = task
        self.timeout = timeout

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content or b"{}")
        try:
            from agent.auxiliary_client import call_llm

            response = call_llm(task=self.task, messages=body.get("messages") or [],
                                temperature=body.get("temperature"), timeout=self.timeout)
            content = _content(response)
        except Exception as exc:  # whatever the host raises, vecmem falls back to rules
            from vecmem.rules.secrets import redact_secrets

            detail = redact_secrets(" ".join(str(exc).split()))[:200]
            message = (f"Hermes auxiliary model ({self.task}) failed: {type(exc).__name__}"
                       + (f": {detail}" if detail else ""))
            return httpx.Response(502, json={"error": {"message": message}})
        payload = {
            "model": str(getattr(response, "model", "") or body.get("model") or ""),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop"}],
            "usage": _usage(getattr(response, "usage", None)),
        }
        return httpx.Response(200, json=payload)


def _content(response: Any) -> str:
    content = response.choices[0].message.content
    if isinstance(content, list):  # content parts
        parts = [p.get("text") if isinstance(p, dict) else getattr(p, "text", None)
                 for p in content]
        return "".join(p for p in parts if isinstance(p, str))
    return str(content or "")


def _usage(usage: Any) -> dict[str, int]:
    out = {}
    for key in ("prompt_tokens", "completion_tokens", "total_tokens"):
        value = getattr(usage, key, None) if usage is not None else None
        if value is None and isinstance(usage, dict):
            value = usage.get(key)
        if isinstance(value, int):
            out[key] = value
    return out


def register_task(ctx: Any, task: str = "vecmem") -> None:
    """Declare vecmem's auxiliary task to a Hermes plugin context that takes one, so
    ``hermes model`` → auxiliary models lists it (no-op on contexts without the call)."""
    register = getattr(ctx, "register_auxiliary_task", None)
    if not callable(register):
        return
    # ValueError/TypeError: registered already, or a host with another signature.
    with contextlib.suppress(ValueError, TypeError):
        register(task, display_name=TASK_DISPLAY, description=TASK_DESCRIPTION,
                 defaults={"provider": "auto", "model": "", "timeout": 60})

