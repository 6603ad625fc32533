"""vecmem's Hermes dashboard plugin: a tab in ``hermes dashboard``.

The tab is the same UI as ``vecmem serve`` (``vecmem/server/static``), bundled into
``dist/index.js`` and ``dist/style.css`` by ``src/build.py`` (a plain concatenation, no
tooling; the tests check the bundle is current), and the same API layer
(``plugin_api.py`` → ``vecmem.server.app.build_router``).
"""

from __future__ import annotations

from pathlib import Path

DASHBOARD_DIR = Path(__file__).resolve().parent

#: What Hermes needs, relative to ``$HERMES_HOME/plugins/vecmem/dashboard/``.
FILES = ("manifest.json", "plugin_api.py", "dist/index.js", "dist/style.css")


def dashboard_files() -> list[Path]:
    """The files to copy into ``$HERMES_HOME/plugins/vecmem/dashboard/``, keeping each
    one's path relative to this directory (``dist/…`` stays under ``dist/``)."""
    return [DASHBOARD_DIR / name for name in FILES]
