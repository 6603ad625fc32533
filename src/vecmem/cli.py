"""The ``vecmem`` command: a thin translation of arguments to ``Memory`` calls.

Every command takes ``--json``; errors from vecmem's error tree become one line on stderr
and an exit code (2 for usage errors, 1 for failures) with no traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from vecmem.errors import InvalidInputError, VecmemError

app = typer.Typer(
    name="vecmem",
    help="Long-term memory for AI agents that remembers accurately and can be governed.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
review_app = typer.Typer(help="The review queue: list, approve, reject.", no_args_is_help=True)
plan_app = typer.Typer(help="Batch changes that need a confirmation phrase.",
                       no_args_is_help=True)
app.add_typer(review_app, name="review")
app.add_typer(plan_app, name="plan")

out = Console(soft_wrap=True)
err = Console(stderr=True, soft_wrap=True)


class State:
    db: str | None = None
    scope: str | None = None
    config: str | None = None


state = State()

Json = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]


@app.callback()
def main_options(
    db: Annotated[str | None, typer.Option("--db", envvar="VECMEM_DB",
                                           help="SQLite path or postgresql:// URL "
                                                "(default ~/.vecmem/vecmem.db).")] = None,
    scope: Annotated[str | None, typer.Option("--scope", envvar="VECMEM_SCOPE",
                                              help="Namespace (user, agent, team).")] = None,
    config: Annotated[str | None, typer.Option("--config", help="vecmem.toml to read.")] = None,
) -> None:
    state.db, state.scope, state.config = db, scope, config


def open_memory(**overrides: Any) -> Any:
    from vecmem.memory import Memory
    from vecmem.settings import Settings

    settings = Settings.load(state.config, db=state.db, scope=state.scope, **overrides)
    progress = _progress("re-embedding")
    try:
        return Memory.open(settings=settings, progress=progress)
    finally:
        progress.close()


class _progress:
    """A Rich progress bar that appears only once there is progress to show."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.bar: Any = None
        self.task: Any = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            from rich.progress import Progress

            self.bar = Progress(console=err, transient=True)
            self.bar.start()
            self.task = self.bar.add_task(self.label, total=total)
        self.bar.update(self.task, completed=done, total=total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def emit(data: Any, as_json: bool, render: Callable[[Any], None] | None = None) -> None:
    if as_json or render is None:
        out.print_json(json.dumps(_plain(data), ensure_ascii=False, default=str))
    else:
        render(data)


def _plain(data: Any) -> Any:
    if hasattr(data, "to_dict"):
        return data.to_dict()
    if isinstance(data, list):
        return [_plain(d) for d in data]
    if isinstance(data, dict):
        return {k: _plain(v) for k, v in data.items()}
    return data


def run(action: Callable[[], Any]) -> Any:
    """Run a command body; vecmem errors become one line and an exit code."""
    try:
        return action()
    except VecmemError as exc:
        err.print(f"[red]error:[/red] {exc.message}", highlight=False, markup=True)
        raise typer.Exit(exc.exit_code) from None
    except (OSError, UnicodeError) as exc:
        err.print(f"[red]error:[/red] {exc}", highlight=False)
        raise typer.Exit(1) from None


def _with_memory(body: Callable[[Any], Any], **overrides: Any) -> Any:
    def action() -> Any:
        mem = open_memory(**overrides)
        try:
            return body(mem)
        finally:
            mem.close()

    return run(action)


# -- renderers ---------------------------------------------------------------------------
def _short(text: str, width: int = 70) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


def _memory_table(records: list[Any], title: str | None = None) -> None:
    table = Table(title=title, show_lines=False)
    for col in ("id", "status", "type", "topic", "content", "hits", "updated"):
        table.add_column(col, overflow="fold")
    for r in records:
        table.add_row(str(r.id), r.status, r.memory_type, r.topic_key or "", _short(r.content),
                      str(r.hit_count), r.updated_at[:19])
    out.print(table)


def _render_add(r: Any) -> None:
    colour = {"store": "green", "duplicate": "yellow", "update": "cyan", "merge": "cyan",
              "review": "magenta", "reject": "red"}.get(str(r.decision), "white")
    target = f" #{r.memory_id}" if r.memory_id else ""
    note = " (preview, nothing written)" if r.dry_run else ""
    out.print(f"[{colour}]{r.decision}[/{colour}]{target}{note}: {r.reason}", highlight=False)


def _render_op(r: Any) -> None:
    note = " (preview, nothing written)" if r.dry_run else ""
    out.print(f"{r.action} #{r.memory_id}: {r.before_status} → {r.after_status}{note} — "
              f"{r.reason}", highlight=False)


def _render_hits(hits: list[Any]) -> None:
    table = Table()
    for col in ("id", "score", "cosine", "kw rank", "content"):
        table.add_column(col, overflow="fold")
    for h in hits:
        table.add_row(str(h.memory.id), f"{h.score:.4f}",
                      "" if h.cosine is None else f"{h.cosine:.4f}",
                      "" if h.keyword_rank is None else str(h.keyword_rank),
                      _short(h.memory.content))
    out.print(table if hits else "no results")


def _render_events(events: list[Any]) -> None:
    table = Table()
    for col in ("event", "memory", "action", "status", "content", "reason", "at"):
        table.add_column(col, overflow="fold")
    for e in events:
        change = f"{e.before_status or ''}→{e.after_status or ''}"
        content = e.after_content or e.before_content or ""
        table.add_row(str(e.event_id), str(e.memory_id or ""), e.action, change,
                      _short(content, 40), _short(e.reason or "", 50), e.created_at[:19])
    out.print(table)


# -- commands ----------------------------------------------------------------------------
@app.command()
def add(
    content: Annotated[str, typer.Argument(help="The fact to remember.")],
    source: Annotated[str, typer.Option(help="Where it came from.")] = "manual",
    category: Annotated[str | None, typer.Option(help="Category (default: its type).")] = None,
    json_out: Json = False,
) -> None:
    """Add a fact through the governed write pipeline."""
    r = _with_memory(lambda m: m.add(content, source=source, category=category))
    emit(r, json_out, _render_add)


@app.command("preview-add")
def preview_add(
    content: Annotated[str, typer.Argument(help="The fact to test.")],
    source: Annotated[str, typer.Option(help="Where it came from.")] = "manual",
    category: Annotated[str | None, typer.Option(help="Category.")] = None,
    json_out: Json = False,
) -> None:
    """Show what add would decide, writing nothing."""
    r = _with_memory(lambda m: m.preview_add(content, source=source, category=category))
    emit(r, json_out, _render_add)


@app.command()
def search(
    query: str,
    k: Annotated[int | None, typer.Option("-k", "--k", help="How many results.")] = None,
    min_score: Annotated[float | None, typer.Option(help="Cosine threshold.")] = None,
    json_out: Json = False,
) -> None:
    """Hybrid (vector + keyword) search over active memories."""
    hits = _with_memory(lambda m: m.search(query, k, min_score=min_score))
    emit(hits, json_out, _render_hits)


@app.command()
def keyword(
    query: str,
    k: Annotated[int | None, typer.Option("-k", "--k", help="How many results.")] = None,
    json_out: Json = False,
) -> None:
    """Keyword-only search (Chinese substrings of 1-2 characters work)."""
    hits = _with_memory(lambda m: m.keyword(query, k))
    emit(hits, json_out, _render_hits)


@app.command()
def explain(
    query: str,
    k: Annotated[int | None, typer.Option("-k", "--k")] = None,
    min_score: Annotated[float | None, typer.Option()] = None,
    json_out: Json = False,
) -> None:
    """Show why search returns what it returns."""

    def render(ex: Any) -> None:
        out.print(f"query: {ex.query}\nmodel: {ex.model} (dim {ex.dim}); vector head: "
                  f"{ex.query_vector_head}", highlight=False)
        out.print(f"candidates: vector {ex.vector_candidates}, keyword {ex.keyword_candidates};"
                  f" keyword terms: {' '.join(ex.keyword_terms)}", highlight=False)
        out.print(f"fusion: {ex.fusion}; min_score {ex.min_score:.4f}; k {ex.k}",
                  highlight=False)
        table = Table()
        for col in ("id", "included", "cosine", "vec rank", "kw rank", "fused", "context",
                    "why excluded", "matched", "content"):
            table.add_column(col, overflow="fold")
        for c in ex.candidates:
            table.add_row(str(c.memory_id), "yes" if c.included else "no",
                          "" if c.cosine is None else f"{c.cosine:.4f}",
                          str(c.vector_rank or ""), str(c.keyword_rank or ""), f"{c.fused:.4f}",
                          f"+{c.context:.4f} from #{c.context_from}" if c.context else "",
                          c.excluded_because or "", " ".join(ex.matched_terms.get(c.memory_id, [])),
                          _short(c.content, 40))
        out.print(table)
        for note in ex.notes:
            out.print(f"note: {note}", highlight=False)

    emit(_with_memory(lambda m: m.explain(query, k, min_score=min_score)), json_out, render)


@app.command("list")
def list_cmd(
    status: Annotated[str | None, typer.Option(help="active|review|archived|superseded")] = None,
    memory_type: Annotated[str | None, typer.Option("--type", help="Memory type.")] = None,
    topic: Annotated[str | None, typer.Option(help="Topic key.")] = None,
    source: Annotated[str | None, typer.Option(help="Source.")] = None,
    limit: Annotated[int, typer.Option(help="Page size.")] = 50,
    offset: Annotated[int, typer.Option(help="Page start.")] = 0,
    json_out: Json = False,
) -> None:
    """List memories with filters."""
    rows = _with_memory(lambda m: m.list(status=status, memory_type=memory_type, topic_key=topic,
                                         source=source, limit=limit, offset=offset))
    emit(rows, json_out, _memory_table)


@app.command()
def show(memory_id: int, json_out: Json = False) -> None:
    """Show one memory and its event timeline."""

    def body(m: Any) -> dict[str, Any]:
        return {"memory": m.get(memory_id), "events": m.events(memory_id, limit=200)}

    def render(d: dict[str, Any]) -> None:
        r = d["memory"]
        for key, value in r.to_dict().items():
            if value not in (None, "", {}):
                out.print(f"[bold]{key}[/bold]: {value}", highlight=False)
        _render_events(d["events"])

    emit(_with_memory(body), json_out, render)


@app.command()
def events(
    memory_id: Annotated[int | None, typer.Option("--memory", help="Only this memory.")] = None,
    action: Annotated[str | None, typer.Option(help="Only this action.")] = None,
    since: Annotated[str | None, typer.Option(help="ISO time lower bound.")] = None,
    limit: Annotated[int, typer.Option()] = 50,
    json_out: Json = False,
) -> None:
    """The audit log, newest first."""
    rows = _with_memory(lambda m: m.events(memory_id, action=action, since=since, limit=limit))
    emit(rows, json_out, _render_events)


def _status_command(name: str, doc: str) -> None:
    def command(
        memory_id: int,
        reason: Annotated[str | None, typer.Option(help="Why (kept in the event).")] = None,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview only.")] = False,
        json_out: Json = False,
    ) -> None:
        def body(m: Any) -> Any:
            fn = getattr(m, f"preview_{name}" if dry_run else name)
            return fn(memory_id, reason=reason)

        emit(_with_memory(body), json_out, _render_op)

    command.__doc__ = doc
    app.command(name)(command)


_status_command("archive", "Archive a memory (no hard delete; restore brings it back).")
_status_command("restore", "Restore an archived memory.")


@review_app.command("list")
def review_list(limit: Annotated[int, typer.Option()] = 50, json_out: Json = False) -> None:
    """Review items with what they conflict with, side by side."""

    def render(items: list[dict[str, Any]]) -> None:
        if not items:
            out.print("the review queue is empty")
        for it in items:
            item = it["item"]
            out.print(f"[magenta]#{item['id']}[/magenta] ({it['kind']}) {item['content']}",
                      highlight=False)
            for t in it["targets"]:
                out.print(f"    vs #{t['id']} [{t['status']}] {t['content']}", highlight=False)
            if it.get("proposed_text"):
                out.print(f"    proposed: {it['proposed_text']}", highlight=False)

    emit(_with_memory(lambda m: m.review_list(limit=limit)), json_out, render)


def _review_command(name: str, doc: str) -> None:
    def command(
        memory_id: int,
        reason: Annotated[str | None, typer.Option(help="Why.")] = None,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview only.")] = False,
        json_out: Json = False,
    ) -> None:
        def body(m: Any) -> Any:
            fn = getattr(m, f"preview_{name}" if dry_run else name)
            return fn(memory_id, reason=reason)

        emit(_with_memory(body), json_out, _render_op)

    command.__doc__ = doc
    review_app.command(name)(command)


_review_command("approve", "Approve a review item (a conflict supersedes the old memory).")
_review_command("reject", "Reject a review item (it is archived).")


@app.command()
def revert(
    event_id: int,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview only.")] = False,
    json_out: Json = False,
) -> None:
    """Undo an event (update, merge, archive, approve, …) with a new revert event."""
    emit(_with_memory(lambda m: m.preview_revert(event_id) if dry_run else m.revert(event_id)),
         json_out, _render_op)


@app.command()
def stats(json_out: Json = False) -> None:
    """Totals by status and type, model and dimension, consistency."""

    def render(s: dict[str, Any]) -> None:
        out.print(f"scope {s['scope']} · engine {s['engine']} · total {s['total']}",
                  highlight=False)
        out.print("status: " + ", ".join(f"{k} {v}" for k, v in s["by_status"].items()))
        out.print("types: " + ", ".join(f"{k} {v}" for k, v in sorted(s["by_type"].items())))
        out.print(f"model: {s['model']} (dim {s['dim']})"
                  + (" [yellow]fallback[/yellow]" if s["embedder_fallback"] else ""))
        c = s["consistency"]
        mark = "✅ ok" if c["ok"] else "❌ " + "; ".join(c["problems"])
        out.print(f"consistency: {mark}  memories {c['memories']} · vectors "
                  f"{c['vectors_current_model']} · keyword index {c['keyword_index']}",
                  highlight=False)

    emit(_with_memory(lambda m: m.stats()), json_out, render)


@app.command()
def reembed(json_out: Json = False) -> None:
    """Re-embed every memory lacking a vector of the configured model (resumable)."""

    def body(m: Any) -> Any:
        bar = _progress("re-embedding")
        try:
            return m.reembed(progress=bar)
        finally:
            bar.close()

    emit(_with_memory(body), json_out,
         lambda r: out.print(f"re-embedded {r['reembedded']} memories with {r['model']}; "
                             f"{r['remaining']} remaining"))


@app.command()
def ingest(
    path: Annotated[str, typer.Argument(help="Transcript: JSON/JSONL of {role, content}, "
                                              "LoCoMo or LongMemEval.")],
    conversation: Annotated[str | None, typer.Option(
        help="Which conversation of a multi-conversation file (index or id).")] = None,
    json_out: Json = False,
) -> None:
    """Extract facts from a conversation and run each through the write pipeline."""
    from vecmem.transcripts import load_transcript

    which: int | str | None = conversation
    if conversation is not None and conversation.isdigit():
        which = int(conversation)

    def body(m: Any) -> Any:
        messages = load_transcript(path, conversation=which)
        bar = _progress("ingesting")
        try:
            return m.ingest(messages, progress=bar)
        finally:
            bar.close()

    def render(summary: Any) -> None:
        out.print(summary.to_text(), highlight=False)
        for r in summary.results:
            if str(r.decision) != "store":
                continue
            out.print(f"  [green]store[/green] #{r.memory_id}: {_short(r.content)}",
                      highlight=False)

    summary = _with_memory(body)
    if json_out:
        data = summary.to_dict()
        data["results"] = [r.to_dict() for r in summary.results]
        emit(data, True)
    else:
        render(summary)


@app.command()
def migrate(
    src: Annotated[str, typer.Argument(help="Source database (path or postgresql:// URL).")],
    dst: Annotated[str, typer.Argument(help="Destination database (must be empty).")],
    json_out: Json = False,
) -> None:
    """Copy memories, events, plans and vectors between engines, with verification."""

    def action() -> Any:
        from vecmem.engine.migrate import migrate as run_migrate
        from vecmem.memory import open_store
        from vecmem.settings import Settings

        settings = Settings.load(state.config)
        source = open_store(src, settings)
        target = open_store(dst, settings)
        bar = _progress("migrating")
        try:
            return run_migrate(source, target, progress=bar)
        finally:
            bar.close()
            source.close()
            target.close()

    emit(run(action), json_out, lambda r: out.print_json(json.dumps(r, default=str)))


@app.command("mcp")
def mcp_command(
    transport: Annotated[str, typer.Option(help="stdio or streamable-http")] = "stdio",
    host: Annotated[str, typer.Option(help="Bind address for streamable-http.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port for streamable-http.")] = 8765,
) -> None:
    """Serve the memory tools to any MCP client (stdio by default)."""
    from vecmem.mcp import run_mcp

    run(lambda: run_mcp(state.db, transport, host=host, port=port, config=state.config))


def _mount_optional() -> None:
    """Front ends with optional dependencies add their commands only when installed."""
    try:
        from vecmem.integrations.hermes.cli import hermes_app
    except ImportError:
        pass
    else:
        app.add_typer(hermes_app, name="hermes")
    try:
        from vecmem.server.cli import serve_command
    except ImportError:
        pass
    else:
        app.command("serve")(serve_command)


_mount_optional()


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except KeyboardInterrupt:
        err.print("interrupted")
        sys.exit(130)


def _read_file(path: str) -> str:
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidInputError(f"{path} is not UTF-8 text") from None
    except OSError as exc:
        raise InvalidInputError(f"cannot read {path}: {exc.strerror}") from None


import vecmem.cli_ops  # noqa: E402,F401  (registers the operations commands)

if __name__ == "__main__":
    main()
