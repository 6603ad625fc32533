"""vecmem — long-term memory for AI agents that remembers accurately and can be governed.

The public API is what this module exports; everything else is internal.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vecmem.errors import (
        CircuitOpenError,
        ConfirmationError,
        EmbedderError,
        InvalidInputError,
        InvalidTransitionError,
        LLMError,
        NotFoundError,
        PlanError,
        StoreError,
        VecmemError,
    )
    from vecmem.memory import Memory
    from vecmem.settings import Settings
    from vecmem.types import (
        Action,
        AddResult,
        Decision,
        Event,
        Explanation,
        Hit,
        MemoryRecord,
        MemoryType,
        OpResult,
        Status,
        Verdict,
    )

# Imported on first use (PEP 562): `vecmem --help` or `vecmem.cli` must not pay for the
# engine, pydantic-settings and numpy before a command needs them.
_WHERE = {
    **dict.fromkeys(("CircuitOpenError", "ConfirmationError", "EmbedderError",
                     "InvalidInputError", "InvalidTransitionError", "LLMError",
                     "NotFoundError", "PlanError", "StoreError", "VecmemError"),
                    "vecmem.errors"),
    "Memory": "vecmem.memory",
    "Settings": "vecmem.settings",
    **dict.fromkeys(("Action", "AddResult", "Decision", "Event", "Explanation", "Hit",
                     "MemoryRecord", "MemoryType", "OpResult", "Status", "Verdict"),
                    "vecmem.types"),
}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _version()
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'vecmem' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def _version() -> str:
    # ``__version__`` comes from the installed package's metadata (pyproject.toml is the
    # one source), read on first use: importlib.metadata costs tens of ms at start-up.
    from importlib import metadata

    try:
        version = metadata.version("vecmem")
    except metadata.PackageNotFoundError:  # a source tree on sys.path, never installed
        version = "0+unknown"
    globals()["__version__"] = version
    return version


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = [
    "Action",
    "AddResult",
    "CircuitOpenError",
    "ConfirmationError",
    "Decision",
    "EmbedderError",
    "Event",
    "Explanation",
    "Hit",
    "InvalidInputError",
    "InvalidTransitionError",
    "LLMError",
    "Memory",
    "MemoryRecord",
    "MemoryType",
    "NotFoundError",
    "OpResult",
    "PlanError",
    "Settings",
    "Status",
    "StoreError",
    "VecmemError",
    "Verdict",
    "__version__",
]
