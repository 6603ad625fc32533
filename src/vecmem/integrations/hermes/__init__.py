"""Hermes Agent integration: the ``vecmem`` memory provider and its installer.

``VecmemMemoryProvider`` is loaded lazily so that ``vecmem hermes install`` works in an
environment without Hermes; inside Hermes, ``agent.memory_provider`` is importable and
the provider subclasses the real ``MemoryProvider``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vecmem.integrations.hermes.provider import VecmemMemoryProvider

__all__ = ["VecmemMemoryProvider", "register"]


def register(ctx: Any) -> None:
    """Hermes plugin hook: hand one provider instance to Hermes (and declare vecmem's
    auxiliary task where the context takes one, for ``host_llm``)."""
    from vecmem.integrations.hermes.hostllm import register_task
    from vecmem.integrations.hermes.provider import VecmemMemoryProvider

    ctx.register_memory_provider(VecmemMemoryProvider())
    register_task(ctx)


def __getattr__(name: str) -> Any:
    if name == "VecmemMemoryProvider":
        from vecmem.integrations.hermes.provider import VecmemMemoryProvider

        return VecmemMemoryProvider
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
