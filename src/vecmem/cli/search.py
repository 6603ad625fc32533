"""Reading by meaning and by words: search, keyword, explain, and the recall log."""

from __future__ import annotations

from typing import Annotated

import typer

from vecmem.cli import views
from vecmem.cli.app import Json, app, emit, read_only

K = Annotated[int | None, typer.Option("-k", "--k", help="How many results.")]
MinScore = Annotated[float | None, typer.Option(
    help="Cosine floor for vector hits (default: calibrated for the model).")]
Gate = Annotated[bool, typer.Option(
    "--gate/--no-gate",
    help="The relevance gate (default on): --no-gate lists by rank, for exploration.")]


@app.command()
def search(query: str, k: K = None, min_score: MinScore = None, gate: Gate = True,
           json_out: Json = False) -> None:
    """Hybrid (vector + keyword) search over active memories."""
    # A model change re-embeds before searching (vectors of another model are not compared).
    emit(read_only(lambda m: m.search(query, k, min_score=min_score, gate=gate),
                   reembed=True), json_out, views.hits)


@app.command()
def keyword(query: str, k: K = None, json_out: Json = False) -> None:
    """Keyword-only search (Chinese substrings of 1-2 characters work)."""
    emit(read_only(lambda m: m.keyword(query, k)), json_out, views.hits)


@app.command()
def explain(query: str, k: K = None, min_score: MinScore = None, gate: Gate = True,
            json_out: Json = False) -> None:
    """Show why search returns what it returns: every candidate with its scores and the
    relevance gate's decision."""
    emit(read_only(lambda m: m.explain(query, k, min_score=min_score, gate=gate),
                   reembed=True), json_out, views.explanation)


@app.command()
def recalls(
    session: Annotated[str | None, typer.Option(help="Only this session.")] = None,
    memory_id: Annotated[int | None, typer.Option(
        "--memory", help="Only turns that received this memory.")] = None,
    query: Annotated[str | None, typer.Option(
        help="Only turns of this query (matched by its hash).")] = None,
    limit: Annotated[int, typer.Option(help="How many turns.")] = 20,
    json_out: Json = False,
) -> None:
    """The recall log, newest first: which memories each turn received, with the gate's
    scores (search with a session, the Hermes prefetch)."""
    emit(read_only(lambda m: m.recalls(session=session, memory_id=memory_id, query=query,
                                       limit=limit)), json_out, views.recalls)
