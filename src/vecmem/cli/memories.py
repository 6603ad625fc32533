"""Commands on memories: add, preview-add, list, show, events, archive, restore, the
review queue (list, approve, reject), revert, stats, reembed, ingest.

Each parses its options, makes one ``Memory`` call and hands the result to ``views``.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from vecmem.cli import views
from vecmem.cli.app import Json, Progress, app, emit, read_only, review_app, with_memory
from vecmem.cli.render import line

Source = Annotated[str, typer.Option(help="Where it came from.")]
Category = Annotated[str | None, typer.Option(help="Category (default: its type).")]


@app.command()
def add(
    content: Annotated[str, typer.Argument(help="The fact to remember.")],
    source: Source = "manual", category: Category = None, json_out: Json = False,
) -> None:
    """Add a fact through the governed write pipeline."""
    emit(with_memory(lambda m: m.add(content, source=source, category=category)), json_out,
         views.add_result)


@app.command("preview-add")
def preview_add(
    content: Annotated[str, typer.Argument(help="The fact to test.")],
    source: Source = "manual", category: Category = None, json_out: Json = False,
) -> None:
    """Show what add would decide, writing nothing."""
    emit(read_only(lambda m: m.preview_add(content, source=source, category=category)),
         json_out, views.add_result)


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
    emit(read_only(lambda m: m.list(status=status, memory_type=memory_type, topic_key=topic,
                                    source=source, limit=limit, offset=offset), changes=False),
         json_out, views.memories)


@app.command()
def show(memory_id: int, json_out: Json = False) -> None:
    """Show one memory and its event timeline."""
    def body(m: Any) -> dict[str, Any]:
        from vecmem.rules.poisoning import recorded_trust

        memory, found = m.get(memory_id), m.events(memory_id, limit=200)
        # events come newest first; the trust is the one the memory was written with
        trust = recorded_trust(memory.source, [e.meta for e in reversed(found)])
        return {"memory": memory, "trust": trust, "events": found}

    emit(read_only(body, changes=False), json_out, views.memory_detail)


@app.command()
def events(
    memory_id: Annotated[int | None, typer.Option("--memory", help="Only this memory.")] = None,
    action: Annotated[str | None, typer.Option(help="Only this action.")] = None,
    actor: Annotated[str | None, typer.Option(help="Only events by this actor.")] = None,
    source: Annotated[str | None, typer.Option(help="Only events from this source "
                                                    "(manual, agent, hermes, mcp, …).")] = None,
    since: Annotated[str | None, typer.Option(help="ISO time lower bound.")] = None,
    until: Annotated[str | None, typer.Option(help="ISO time upper bound (exclusive).")] = None,
    limit: Annotated[int, typer.Option(help="How many events.")] = 50,
    json_out: Json = False,
) -> None:
    """The audit log, newest first."""
    emit(read_only(lambda m: m.events(memory_id, action=action, actor=actor, source=source,
                                      since=since, until=until, limit=limit), changes=False),
         json_out, views.events)


def status_command(group: typer.Typer, name: str, doc: str) -> None:
    """Register ``name`` (archive, restore, approve, reject): one memory id, a reason, a
    ``--dry-run`` that calls ``preview_<name>``; all four are the same shape."""

    def command(
        memory_id: int,
        reason: Annotated[str | None, typer.Option(help="Why (kept in the event).")] = None,
        dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview only.")] = False,
        json_out: Json = False,
    ) -> None:
        def body(m: Any) -> Any:
            return getattr(m, f"preview_{name}" if dry_run else name)(memory_id, reason=reason)

        # The id must exist, so the database must: a mistyped --db is not created.
        emit(with_memory(body, create=False), json_out, views.op_result)

    command.__doc__ = doc
    command.__name__ = f"{name}_cmd"
    group.command(name)(command)


status_command(app, "archive", "Archive a memory (no hard delete; restore brings it back).")
status_command(app, "restore", "Restore an archived memory.")
status_command(review_app, "approve",
               "Approve a review item (a conflict supersedes the old memory).")
status_command(review_app, "reject", "Reject a review item (it is archived).")


@review_app.command("list")
def review_list(limit: Annotated[int, typer.Option(help="How many items.")] = 50,
                json_out: Json = False) -> None:
    """Review items with what they conflict with, side by side."""
    emit(read_only(lambda m: m.review_list(limit=limit), changes=False), json_out,
         views.review_items)


@app.command()
def revert(
    event_id: int,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Preview only.")] = False,
    json_out: Json = False,
) -> None:
    """Undo an event (update, merge, archive, approve, …) with a new revert event."""
    emit(with_memory(lambda m: m.preview_revert(event_id) if dry_run else m.revert(event_id),
                     create=False), json_out, views.op_result)


@app.command()
def stats(json_out: Json = False) -> None:
    """Totals by status and type, model and dimension, consistency."""
    emit(read_only(lambda m: m.stats(), changes=False), json_out, views.stats)


@app.command()
def reembed(json_out: Json = False) -> None:
    """Re-embed every memory lacking a vector of the configured model (resumable)."""

    def body(m: Any) -> Any:
        bar = Progress("re-embedding")
        try:
            return m.reembed(progress=bar)
        finally:
            bar.close()

    emit(with_memory(body, create=False), json_out,
         lambda r: line(f"re-embedded {r['reembedded']} memories with {r['model']}; "
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
    which: int | str | None = conversation
    if conversation is not None and conversation.isdigit():
        which = int(conversation)

    def body(m: Any) -> Any:
        from vecmem.transcripts import load_transcript

        messages = load_transcript(path, conversation=which)
        bar = Progress("ingesting")
        try:
            return m.ingest(messages, progress=bar)
        finally:
            bar.close()

    summary = with_memory(body)
    if json_out:
        data = summary.to_dict()
        data["results"] = [r.to_dict() for r in summary.results]
        emit(data, True)
    else:
        line(summary.to_text())
        views.stored(summary.results)
