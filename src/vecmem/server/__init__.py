"""vecmem's HTTP API and web dashboard.

``create_app(mem, token)`` builds the standalone FastAPI app (token-protected JSON under
``/api/`` plus the static page); ``build_router(get_memory)`` is the API layer itself,
shared with the Hermes dashboard plugin; ``serve(...)`` runs it with uvicorn.

FastAPI and uvicorn are the ``server`` extra: ``pip install 'vecmem[server]'``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vecmem.server.app import MemoryPool, build_router, create_app
    from vecmem.server.serve import serve

__all__ = ["MemoryPool", "build_router", "create_app", "serve"]


def __getattr__(name: str) -> Any:
    # Lazy, so that importing vecmem.server never requires the optional dependencies
    # until something from it is actually used.
    if name in ("MemoryPool", "build_router", "create_app"):
        from vecmem.server import app

        return getattr(app, name)
    if name == "serve":
        from vecmem.server.serve import serve

        return serve
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
