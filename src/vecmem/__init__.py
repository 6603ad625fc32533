"""vecmem — long-term memory for AI agents that remembers accurately and can be governed.

The public API is what this module exports; everything else is internal.
"""

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


def __getattr__(name: str) -> str:
    # ``__version__`` comes from the installed package's metadata (pyproject.toml is the
    # one source), read on first use: importlib.metadata costs tens of ms at start-up.
    if name == "__version__":
        from importlib import metadata

        try:
            version = metadata.version("vecmem")
        except metadata.PackageNotFoundError:  # a source tree on sys.path, never installed
            version = "0+unknown"
        globals()["__version__"] = version
        return version
    raise AttributeError(f"module 'vecmem' has no attribute {name!r}")

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
