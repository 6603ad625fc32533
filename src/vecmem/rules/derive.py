"""Every field vecmem derives from a memory's text, computed in one place.

A stored memory keeps what the user wrote (``content``) and a few fields computed from
it: the normalized text, the category and type, the topic key with subject / predicate /
object, the hash that makes one fact one live row, and the keyword terms. When the rules
that compute them change, ``DERIVATION_VERSION`` goes up and every existing store
recomputes them on open (``vecmem.store.rederive``), so an old row and a new write of the
same text always get the same hash and category.
"""

from __future__ import annotations

from dataclasses import dataclass

from vecmem.rules.version import RULES_VERSION
from vecmem.text import content_hash, normalize
from vecmem.types import Classification

#: Goes up whenever ``derive`` can return something else for a text it saw before (a
#: change to normalization, hashing, classification or keyword terms): it *is* the rules'
#: version (``vecmem.rules.version.RULES_VERSION``, bumped with each such change), so
#: there is one number to bump. Stores record the version that derived their rows in
#: ``meta.derivation_version``; a store without one was written before versioning, by
#: rules of unknown age, and is re-derived once.
DERIVATION_VERSION = RULES_VERSION


@dataclass(frozen=True, slots=True)
class Derived:
    """The derived fields of one text, as the write pipeline stores them."""

    norm: str
    cls: Classification
    category: str
    hash: str
    terms: str

    def fields(self) -> dict[str, str | None]:
        """The memory columns these fill (keyword terms live in the keyword index)."""
        return {
            "content_norm": self.norm,
            "content_hash": self.hash,
            "category": self.category,
            "memory_type": self.cls.memory_type.value,
            "topic_key": self.cls.topic_key,
            "subject": self.cls.subject,
            "predicate": self.cls.predicate,
            "object": self.cls.object,
        }


def derive(content: str, category: str | None = None) -> Derived:
    """The derived fields of ``content``; ``category`` is a label the writer chose (None:
    the classified memory type)."""
    # Imported here: every store open reads DERIVATION_VERSION, and a read never derives.
    from vecmem.rules.cues import index_terms
    from vecmem.rules.topics import classify

    norm = normalize(content)
    cls = classify(norm)
    cat = category or cls.memory_type.value
    return Derived(norm=norm, cls=cls, category=cat, hash=content_hash(norm, cat),
                   terms=index_terms(content))

