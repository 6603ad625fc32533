"""Pure, deterministic governance rules: quality filter, secrets, topic classification.

No I/O and no models: the same text always gets the same verdict, the same topic key and
the same redaction, so every decision built on them can be previewed and audited.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vecmem.rules.quality import check_quality
    from vecmem.rules.secrets import SecretFinding, find_secrets, redact_secrets
    from vecmem.rules.topics import classify
    from vecmem.rules.version import RULES_VERSION

# Imported on first use (PEP 562): a module that needs one rule (the secret check on a
# scope, when any memory opens) must not pay for importing the quality and topic rules.
_WHERE = {"check_quality": "quality", "SecretFinding": "secrets", "find_secrets": "secrets",
          "redact_secrets": "secrets", "classify": "topics", "RULES_VERSION": "version"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module 'vecmem.rules' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f"vecmem.rules.{_WHERE[name]}"), name)
    globals()[name] = value
    return value


__all__ = [
    "RULES_VERSION",
    "SecretFinding",
    "check_quality",
    "classify",
    "find_secrets",
    "redact_secrets",
]
