"""Put the vecmem provider where Hermes Agent discovers user memory providers.

Hermes (0.19) scans ``$HERMES_HOME/plugins/<name>/`` for a directory whose
``__init__.py`` mentions ``MemoryProvider``, imports it, and calls its ``register(ctx)``.
The installed directory is the package's catalog-shaped folder (``plugin/``: a small
``__init__.py`` that re-exports the provider from the vecmem package, ``plugin.yaml``,
a dependency-only ``pyproject.toml``), plus ``fallback.json`` (where vecmem is installed
now) and the dashboard plugin when the package ships one.
Newer Hermes versions also find the provider through the ``hermes_agent.memory_providers``
entry point that vecmem's package metadata declares.

Activation stays the user's choice: ``hermes config set memory.provider vecmem``.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from vecmem.errors import InvalidInputError

PLUGIN_NAME = "vecmem"
SHIM_MARKER = "# vecmem-hermes-shim"
_PACKAGE_DIR = Path(__file__).resolve().parent

#: The catalog-shaped plugin folder in the package; ``install`` copies exactly these.
PLUGIN_SOURCE = _PACKAGE_DIR / "plugin"
PLUGIN_FILES = ("__init__.py", "plugin.yaml", "pyproject.toml")
FALLBACK_FILE = "fallback.json"


def default_hermes_home() -> Path:
    env = os.environ.get("HERMES_HOME", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".hermes"


def plugin_dir(hermes_home: str | os.PathLike[str] | None = None) -> Path:
    home = Path(hermes_home).expanduser() if hermes_home else default_hermes_home()
    return home / "plugins" / PLUGIN_NAME


def fallback_source() -> str:
    """Where vecmem and its dependencies are installed now, for a Hermes whose own
    Python cannot import vecmem but is the same Python version (see the folder's
    ``__init__.py``)."""
    import json
    import sysconfig

    import vecmem

    paths = [str(Path(vecmem.__file__).resolve().parent.parent)]
    for key in ("purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path and path not in paths:
            paths.append(path)
    return json.dumps({"python": list(sys.version_info[:2]), "paths": paths}, indent=2) + "\n"


def _is_ours(directory: Path) -> bool:
    init = directory / "__init__.py"
    try:
        return SHIM_MARKER in init.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return False


def install(
    hermes_home: str | os.PathLike[str] | None = None, *, force: bool = False
) -> list[Path]:
    """Install (or refresh) the plugin under ``hermes_home``; return the files written.

    Refuses to overwrite a ``plugins/vecmem`` directory that some other plugin owns,
    unless ``force``.
    """
    dest = plugin_dir(hermes_home)
    if dest.exists() and not dest.is_dir():
        raise InvalidInputError(f"{dest} exists and is not a directory")
    if (dest / "__init__.py").exists() and not _is_ours(dest) and not force:
        raise InvalidInputError(
            f"{dest} holds a plugin that vecmem did not install; use --force to replace it"
        )
    dest.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    for name in PLUGIN_FILES:  # the same folder the plugin catalog installs
        target = dest / name
        _write(target, (PLUGIN_SOURCE / name).read_text(encoding="utf-8"))
        written.append(target)
    fallback = dest / FALLBACK_FILE
    _write(fallback, fallback_source())
    written.append(fallback)

    dashboard = _PACKAGE_DIR / "dashboard"
    if (dashboard / "manifest.json").is_file():
        target = dest / "dashboard"
        shutil.copytree(
            dashboard,
            target,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "src"),
        )
        written += sorted(p for p in target.rglob("*") if p.is_file())
    return written


def uninstall(hermes_home: str | os.PathLike[str] | None = None) -> Path | None:
    """Remove the plugin directory if vecmem installed it; return it (None if absent)."""
    dest = plugin_dir(hermes_home)
    if not dest.exists():
        return None
    if not _is_ours(dest):
        raise InvalidInputError(f"{dest} was not installed by vecmem; remove it by hand")
    shutil.rmtree(dest)
    return dest


def _write(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
