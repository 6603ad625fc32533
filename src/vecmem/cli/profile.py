"""``vecmem profile``: the core profile (the standing facts an agent receives once per
session) and the person's edits of it: ``--pin ID`` keeps a memory in, ``--exclude ID``
keeps it out whatever the rules say, ``--reset ID`` hands it back to the rules."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from vecmem.cli.app import Json, app, emit, read_only, usage, with_memory
from vecmem.cli.render import line, short, table

Id = Annotated[int | None, typer.Option(help="A memory id.")]


def show(prof: Any) -> None:
    if not prof.entries:
        line("the core profile is empty")
    else:
        table(("id", "category", "content"),
              [(e.memory_id, e.category, e.content) for e in prof.entries])
    line(f"{len(prof.entries)} of at most {prof.max_memories} memories, {prof.chars} of "
         f"{prof.max_chars} characters")
    if prof.reserve:
        line(f"{len(prof.reserve)} standing fact(s) did not fit (recalled into turns whose "
             "topic touches them): " + ", ".join(
                 f"#{e.memory_id} {short(e.content, 40)}" for e in prof.reserve))
    others = [i for i in prof.left_out if i not in {e.memory_id for e in prof.reserve}]
    if others:
        line(f"{len(others)} other candidate(s) left out: "
             + ", ".join(f"#{i} ({prof.left_out[i]})" for i in others))
    if prof.pinned or prof.excluded:
        line(f"pinned: {prof.pinned or '-'}; excluded: {prof.excluded or '-'}")


@app.command()
def profile(pin: Id = None, exclude: Id = None, reset: Id = None,
            json_out: Json = False) -> None:
    """Show the core profile, or edit it (one of --pin, --exclude, --reset)."""
    edits = [(i, v) for i, v in ((pin, True), (exclude, False), (reset, None)) if i is not None]
    if len(edits) > 1:
        usage("give at most one of --pin, --exclude, --reset")
    if not edits:
        emit(read_only(lambda m: m.core_profile(), changes=False), json_out, show)
        return
    memory_id, include = edits[0]
    emit(with_memory(lambda m: m.set_core(memory_id, include), create=False), json_out, show)
