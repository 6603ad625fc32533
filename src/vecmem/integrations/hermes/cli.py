"""``vecmem hermes …``: install the Hermes Agent memory-provider plugin.

Mounted by the main CLI as ``app.add_typer(hermes_app, name="hermes")``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from vecmem.errors import VecmemError

hermes_app = typer.Typer(
    help="Hermes Agent integration: install the vecmem memory provider.",
    no_args_is_help=True,
)

HermesHome = Annotated[
    Path | None,
    typer.Option(
        "--hermes-home",
        envvar="HERMES_HOME",
        help="Hermes home directory (default $HERMES_HOME or ~/.hermes).",
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Print JSON.")]


def _fail(exc: VecmemError) -> None:
    typer.echo(f"error: {exc.message}", err=True)
    raise typer.Exit(exc.exit_code)


@hermes_app.command("install")
def install_cmd(
    hermes_home: HermesHome = None,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace a plugins/vecmem directory vecmem did not write."),
    ] = False,
    json_out: Json = False,
) -> None:
    """Put the vecmem provider in HERMES_HOME/plugins/vecmem so Hermes can load it."""
    from vecmem.integrations.hermes.install import install, plugin_dir

    try:
        written = install(hermes_home, force=force)
    except VecmemError as exc:
        _fail(exc)
        return
    target = plugin_dir(hermes_home)
    if json_out:
        typer.echo(json.dumps({"plugin_dir": str(target), "files": [str(p) for p in written]}))
        return
    typer.echo(f"Installed the vecmem memory provider in {target}")
    for path in written:
        typer.echo(f"  {path}")
    typer.echo(
        "\nNext:\n"
        "  hermes config set memory.provider vecmem     (or: hermes memory setup)\n"
        "  hermes plugins enable vecmem                 (shows the dashboard tab)\n"
        "  Settings go under memory.vecmem in config.yaml; API keys in the environment\n"
        "  (VECMEM_LLM_API_KEY, VECMEM_EMBED_API_KEY).\n"
        "  vecmem must be importable by the Python that runs Hermes; if it is not:\n"
        f"  <hermes python> -m pip install vecmem   (this one is {sys.executable})"
    )


@hermes_app.command("uninstall")
def uninstall_cmd(hermes_home: HermesHome = None, json_out: Json = False) -> None:
    """Remove HERMES_HOME/plugins/vecmem (the memories themselves are kept)."""
    from vecmem.integrations.hermes.install import uninstall

    try:
        removed = uninstall(hermes_home)
    except VecmemError as exc:
        _fail(exc)
        return
    if json_out:
        typer.echo(json.dumps({"removed": str(removed) if removed else None}))
    elif removed:
        typer.echo(f"Removed {removed}; the memory database was left in place.")
    else:
        typer.echo("Nothing to remove: the plugin is not installed there.")
