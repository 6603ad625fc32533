"""vecmem's tab in the Hermes dashboard: the backend.

Hermes imports this file (as ``hermes_dashboard_plugin_vecmem``) from
``$HERMES_HOME/plugins/vecmem/dashboard/`` and mounts ``router`` under
``/api/plugins/vecmem``. It is the very API layer ``vecmem serve`` uses
(``vecmem.server.app.build_router``); Hermes' own session auth protects it, so there is
no vecmem token here. The memory is the one the Hermes provider uses: the profile's
``memory.vecmem`` settings and ``$HERMES_HOME/vecmem/vecmem.db`` by default. It is opened
on the first request, not at dashboard start-up.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter

from vecmem.memory import Memory
from vecmem.server.app import MemoryPool, build_router

ACTOR = "hermes-dashboard"


def open_memory() -> Memory:
    """The Hermes profile's memory, configured exactly as the memory provider sees it."""
    from vecmem.integrations.hermes.provider import default_hermes_home, resolve_settings

    settings, _ = resolve_settings(default_hermes_home())
    if not settings.db.startswith(("postgresql://", "postgres://")):
        Path(settings.db).parent.mkdir(parents=True, exist_ok=True)
    return Memory.open(settings=settings)


pool = MemoryPool(open_memory)
router: APIRouter = build_router(pool, actor=ACTOR)
