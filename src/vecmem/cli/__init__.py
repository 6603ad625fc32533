"""The ``vecmem`` command: a thin translation of arguments to ``Memory`` calls.

``cli/app.py`` holds the Typer app and what commands share; each ``cli/<group>.py``
registers its commands on it; this module imports them all (registration only) and is
the console script's entry point (``vecmem = "vecmem.cli:main"``, ``python -m vecmem``).

Every command takes ``--json``; errors from vecmem's error tree become one line on stderr
and an exit code (2 for input errors, 1 for failures) with no traceback.
"""

from __future__ import annotations

import sys

from vecmem.cli import (  # noqa: F401  (registration)
    backup,
    memories,
    ops,
    plans,
    profile,
    search,
    serve,
)
from vecmem.cli.app import app
from vecmem.cli.render import error


def _mount_hermes() -> None:
    """``vecmem hermes install|uninstall`` (the installer needs nothing optional)."""
    from vecmem.integrations.hermes.cli import hermes_app

    app.add_typer(hermes_app, name="hermes")


_mount_hermes()


def main() -> None:
    """Console-script entry point."""
    try:
        app(prog_name="vecmem")
    except KeyboardInterrupt:
        error("interrupted")
        sys.exit(130)


__all__ = ["app", "main"]
