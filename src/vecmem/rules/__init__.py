"""Pure, deterministic governance rules: quality filter, secrets, topic classification.

No I/O and no models: the same text always gets the same verdict, the same topic key and
the same redaction, so every decision built on them can be previewed and audited.
"""

from __future__ import annotations

from vecmem.rules.quality import check_quality
from vecmem.rules.secrets import SecretFinding, find_secrets, redact_secrets
from vecmem.rules.topics import classify
from vecmem.rules.version import RULES_VERSION

__all__ = [
    "RULES_VERSION",
    "SecretFinding",
    "check_quality",
    "classify",
    "find_secrets",
    "redact_secrets",
]
