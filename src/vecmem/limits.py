"""Every size limit, declared once. Front ends derive theirs from this table.

The engine enforces the ``*_MAX`` values; an agent-facing front end (MCP, the Hermes
tool) may take a tighter slice, named ``AGENT_*`` here, so a model's tool schema stays
small — it never takes a looser one.
"""

from __future__ import annotations

#: Characters in one memory's content (``text.validate_text`` holds the same value).
CONTENT_MAX = 100_000
#: Characters in one search query.
QUERY_MAX = 4000
#: Rows one list/events call returns.
LIMIT_MAX = 10_000
#: Hits one search returns.
K_MAX = 1000
#: Characters in a reason (kept in the audit trail).
REASON_MAX = 2000
#: Operations in one plan.
PLAN_OPS_MAX = 1000
#: Characters in a label: source, category.
LABEL_MAX = 64
#: Characters of provenance ``meta``, as JSON.
META_MAX = 20_000

#: The slices agents get (tool schemas).
AGENT_CONTENT_MAX = 20_000
AGENT_QUERY_MAX = 2000
AGENT_REASON_MAX = 1000
AGENT_PLAN_OPS_MAX = 100
