"""``vecmem serve``: mounted by ``vecmem.cli`` as ``app.command("serve")(serve_command)``.

The global ``--db``, ``--scope`` and ``--config`` options of the ``vecmem`` command apply.
"""

from __future__ import annotations

from typing import Annotated

import typer


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
    from vecmem.cli import run, state
    from vecmem.server.serve import serve

    run(lambda: serve(state.db, host=host, port=port, token=token, open_browser=open_browser,
                      scope=state.scope, config=state.config, allow_origins=allow_origin))
