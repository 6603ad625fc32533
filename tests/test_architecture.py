"""Dependencies point downward; the public API is exactly what vecmem exports."""

from __future__ import annotations

import ast
from pathlib import Path

import vecmem

SRC = Path(vecmem.__file__).parent

# package -> vecmem packages it must never import
FORBIDDEN = {
    "text": {"rules", "store", "embed", "llm", "engine", "memory", "cli", "server", "mcp",
             "integrations"},
    "rules": {"store", "embed", "llm", "engine", "memory", "cli", "server", "mcp",
              "integrations"},
    "store": {"engine", "memory", "cli", "server", "mcp", "integrations", "llm"},
    "embed": {"engine", "memory", "cli", "server", "mcp", "integrations", "store", "llm"},
    "llm": {"engine", "memory", "cli", "server", "mcp", "integrations", "store", "embed"},
    # Engine modules take a Context, never the Memory facade built on top of them.
    "engine": {"cli", "server", "mcp", "integrations", "memory"},
}
# Front ends talk to Memory, never to the engine or the store directly.
FRONT_ENDS = {"cli", "server", "mcp", "integrations"}
FRONT_END_ALLOWED_ENGINE = {"vecmem.engine.migrate"}  # `vecmem migrate` copies stores


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return {n for n in names if n.startswith("vecmem")}


def _package(path: Path) -> str:
    rel = path.relative_to(SRC)
    return rel.parts[0].removesuffix(".py")


def test_dependencies_point_downward() -> None:
    problems = []
    for path in SRC.rglob("*.py"):
        pkg = _package(path)
        for name in _imports(path):
            parts = name.split(".")
            target = parts[1] if len(parts) > 1 else ""
            if target in FORBIDDEN.get(pkg, set()):
                problems.append(f"{path.relative_to(SRC)} imports {name}")
            if pkg in FRONT_ENDS and target in ("engine", "store") \
                    and name not in FRONT_END_ALLOWED_ENGINE and not name.startswith(
                        "vecmem.store.base"):
                problems.append(f"front end {path.relative_to(SRC)} imports {name}")
    assert problems == []


def test_cli_package_has_no_circle() -> None:
    """cli/app.py (the app and what commands share) and cli/render.py / cli/views.py import
    no command module; command modules never import the package itself (cli/__init__.py
    imports them, registration only); nothing outside the CLI imports it."""
    cli = SRC / "cli"
    commands = {p.stem for p in cli.glob("*.py")} - {"__init__", "app", "render", "views"}
    problems = []
    for path in cli.glob("*.py"):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "vecmem.cli":
                names.update(f"vecmem.cli.{a.name}" for a in node.names)  # submodules
            elif isinstance(node, ast.Import | ast.ImportFrom):
                names.update(_imports_of(node))
        if path.stem in ("app", "render", "views"):
            problems += [f"cli/{path.name} imports {n}" for n in names
                         if n.removeprefix("vecmem.cli.") in commands]
        if path.stem != "__init__" and "vecmem.cli" in names:
            problems.append(f"cli/{path.name} imports the vecmem.cli package")
    for path in SRC.rglob("*.py"):
        if _package(path) not in ("cli", "__main__") and any(
                n.startswith("vecmem.cli") for n in _imports(path)):
            problems.append(f"{path.relative_to(SRC)} imports the CLI")
    assert not (SRC / "cli_ops.py").exists() and not (SRC / "server" / "cli.py").exists()
    assert problems == []


def _imports_of(node: ast.Import | ast.ImportFrom) -> set[str]:
    if isinstance(node, ast.Import):
        return {a.name for a in node.names}
    return {node.module} if node.module else set()


def test_public_api() -> None:
    assert sorted(vecmem.__all__) == vecmem.__all__
    for name in vecmem.__all__:
        assert hasattr(vecmem, name), name
    for method in ("open", "add", "preview_add", "search", "explain", "archive", "restore",
                   "approve", "reject", "preview_archive", "revert", "events", "create_plan",
                   "list_plans", "get_plan", "apply_plan", "cleanup_report", "health_report",
                   "stats", "extract", "ingest", "add_many", "keyword"):
        assert callable(getattr(vecmem.Memory, method)), method


def test_one_error_root() -> None:
    import vecmem.errors as errors

    for name in dir(errors):
        obj = getattr(errors, name)
        if isinstance(obj, type) and issubclass(obj, Exception) and obj is not errors.VecmemError:
            assert issubclass(obj, errors.VecmemError), name


# The write kernel (engine/writes.py) is the only code that changes a memory row or
# appends an event; ``vecmem migrate`` copies a whole store verbatim, ids and all.
_WRITE_CALLS = {"insert_memory", "update_memory", "append_event", "insert_event_verbatim",
                "insert_plan", "update_plan", "tombstone_event"}
_KERNEL = {"engine/writes.py"}
_COPIES_STORES = {"engine/migrate.py"}


def _calls(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.func.attr for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}


def _raw_writes(path: Path) -> bool:
    """SQL that writes memories or events, outside the store layer."""
    text = path.read_text(encoding="utf-8")
    return any(w in text for w in ("INSERT INTO memories", "UPDATE memories",
                                   "INSERT INTO events", "UPDATE events"))


def test_only_the_kernel_writes_rows_and_events() -> None:
    problems = []
    for path in SRC.rglob("*.py"):
        rel = path.relative_to(SRC).as_posix()
        if rel.startswith("store/") or rel in _KERNEL or rel in _COPIES_STORES:
            continue
        called = _calls(path) & _WRITE_CALLS
        if called:
            problems.append(f"{rel} calls {', '.join(sorted(called))}")
        if _raw_writes(path):
            problems.append(f"{rel} writes memories/events in SQL")
    assert problems == []


def test_the_kernel_guard_can_fail(tmp_path: Path) -> None:
    """The check above finds a stray write (so it is not vacuous)."""
    stray = tmp_path / "stray.py"
    stray.write_text("def f(tx):\n    tx.append_event(scope='s', memory_id=1, action='add')\n",
                     encoding="utf-8")
    assert _calls(stray) & _WRITE_CALLS == {"append_event"}
