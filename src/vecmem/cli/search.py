"""Reading by meaning and by words: search, keyword, explain."""

from __future__ import annotations

from typing import Annotated

import typer

from vecmem.cli import views
from vecmem.cli.app import Json, app, emit, read_only

K = Annotated[int | None, typer.Option("-k", "--k", help="How many results.")]
MinScore = Annotated[float | None, typer.Option(
    help="Cosine floor for vector hits (default: calibrated for the model).")]


@app.command()
def search(query: str, k: K = None, min_score: MinScore = None, json_out: Json = False) -> None:
    """Hybrid (vector + keyword) search over active memories."""
    # A model change re-embeds before searching (vectors of another model are not compared).
    emit(read_only(lambda m: m.search(query, k, min_score=min_score), reembed=True), json_out,
         views.hits)


@app.command()
def keyword(query: str, k: K = None, json_out: Json = False) -> None:
    """Keyword-only search (Chinese substrings of 1-2 characters work)."""
    emit(read_only(lambda m: m.keyword(query, k)), json_out, views.hits)


@app.command()
def explain(query: str, k: K = None, min_score: MinScore = None, json_out: Json = False) -> None:
    """Show why search returns what it returns."""
    emit(read_only(lambda m: m.explain(query, k, min_score=min_score), reembed=True), json_out,
         views.explanation)
