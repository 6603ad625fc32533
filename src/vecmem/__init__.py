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

__version__ = "0.1.0"

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
