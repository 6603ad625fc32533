"""Long-running front ends: ``vecmem serve`` (dashboard + HTTP API) and ``vecmem mcp``.

Their dependencies are optional extras; a missing one gets the install hint (``run``
turns the ModuleNotFoundError into one line), never a traceback.
"""

from __future__ import annotations

import importlib.util
from typing import Annotated, cast

import typer

from vecmem.cli.app import app, fail, run, state


def _need(module: str, extra: str, what: str) -> None:
    if importlib.util.find_spec(module) is None:
        fail(f"{what} needs the {extra} extra: pip install 'vecmem[{extra}]'", 1)


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="Bind address; a non-loopback one needs a "
                                           "configured token.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8765,
    token: Annotated[str | None, typer.Option(
        envvar="VECMEM_SERVER_TOKEN", show_envvar=True,
        help="Access token (default: a new random one at each start).")] = None,
    open_browser: Annotated[bool, typer.Option("--open/--no-open",
                                               help="Open the page in a browser.")] = False,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="Allow cross-origin API calls from this origin (repeatable; none by default).")
    ] = None,
) -> None:
    """Serve the web dashboard and the HTTP API (token-protected, loopback by default)."""
    _need("fastapi", "server", "vecmem serve")
    _need("uvicorn", "server", "vecmem serve")
    from vecmem.server.serve import serve

    run(lambda: serve(state.db, host=host, port=port, token=token, open_browser=open_browser,
                      scope=state.scope, config=state.config, allow_origins=allow_origin))


@app.command("mcp")
def mcp_command(
    transport: Annotated[str, typer.Option(help="stdio or streamable-http")] = "stdio",
    host: Annotated[str, typer.Option(help="Bind address for streamable-http.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port for streamable-http.")] = 8765,
    governance: Annotated[str | None, typer.Option(
        help="Tools offered: light (search, keyword, add, list, archive, restore, stats) or "
             "advanced (+ previews, review, events, explain, plans, reports, revert). "
             "Default: the governance_mode setting.")] = None,
) -> None:
    """Serve the memory tools to any MCP client (stdio by default)."""
    _need("mcp", "mcp", "vecmem mcp")
    from vecmem.mcp import Transport, run_mcp

    # run_mcp checks the transport itself (an input error names the two it takes).
    run(lambda: run_mcp(state.db, cast("Transport", transport), host=host, port=port,
                        config=state.config, governance=governance))
