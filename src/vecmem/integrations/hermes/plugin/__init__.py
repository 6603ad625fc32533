"""vecmem memory provider for Hermes Agent: the plugin folder.

The same folder serves Hermes' plugin catalog (a repository folder at a pinned commit) and
`vecmem hermes install` (which copies it into $HERMES_HOME/plugins/vecmem). It re-exports
the MemoryProvider from the vecmem package, which must be importable by the Python that
runs Hermes (the catalog installs it from pyproject.toml; otherwise
`<hermes python> -m pip install vecmem`). Hermes 0.19 looks for the word MemoryProvider in
the first 8 KB of this file, so keep this header short.
"""

# vecmem-hermes-shim v2
from __future__ import annotations

import json
import sys
from pathlib import Path

# Written by `vecmem hermes install` only: where vecmem was installed at that time. Used
# when Hermes' own Python cannot import vecmem and is the same Python version; the paths
# are appended to sys.path, so Hermes' own packages always win.
_FALLBACK = Path(__file__).with_name("fallback.json")


def _missing(exc: BaseException) -> ImportError:
    return ImportError(
        f"vecmem cannot be imported by the Python that runs Hermes ({sys.executable}): "
        f"{exc}. Install it there: {sys.executable} -m pip install vecmem"
    )


def _fallback_paths() -> list[str]:
    try:
        data = json.loads(_FALLBACK.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    if tuple(data.get("python") or ()) != tuple(sys.version_info[:2]):
        return []
    return [str(p) for p in data.get("paths") or []]


def _load_provider_class() -> type:
    try:
        from vecmem.integrations.hermes.provider import VecmemMemoryProvider
    except ImportError as exc:
        paths = _fallback_paths()
        if not paths:
            raise _missing(exc) from None
        for path in paths:
            if path not in sys.path:
                sys.path.append(path)
        try:
            from vecmem.integrations.hermes.provider import VecmemMemoryProvider
        except ImportError as again:
            raise _missing(again) from None
    return VecmemMemoryProvider


VecmemMemoryProvider = _load_provider_class()


def register(ctx) -> None:  # type: ignore[no-untyped-def]
    """Hermes calls this with its plugin context; each call gets its own provider (no
    process-wide instance: a gateway serving several profiles must not share one). Where
    the context takes auxiliary tasks, vecmem's (for host_llm) is declared too."""
    ctx.register_memory_provider(VecmemMemoryProvider())
    from vecmem.integrations.hermes.hostllm import register_task

    register_task(ctx)
