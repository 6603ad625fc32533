"""Operations: cleanup, health, doctor (reports), export, import, migrate.

Thin on purpose: each command parses its options, makes one ``Memory`` call and prints the
result; the rules live in ``vecmem.engine.reports|doctor|transfer|migrate``.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any

import typer

from vecmem.cli import views
from vecmem.cli.app import (
    Json,
    Progress,
    app,
    emit,
    load_settings,
    read_only,
    require_database,
    run,
    usage,
    with_memory,
)
from vecmem.cli.render import line, text
from vecmem.errors import InvalidInputError

Format = Annotated[str, typer.Option("--format", help="text | markdown | json")]
Lang = Annotated[str | None, typer.Option(
    "--lang", help="zh | en (default: the language setting, which follows the locale: "
                   "LC_ALL, LC_MESSAGES, LANG; zh_* is Chinese, anything else English)")]


def _pick_format(fmt: str, as_json: bool) -> str:
    fmt = "json" if as_json else fmt
    if fmt not in ("text", "markdown", "json"):
        usage("--format must be text, markdown or json")
    return fmt


def _check_lang(lang: str | None) -> None:
    if lang is not None and lang not in ("zh", "en"):
        usage("--lang must be zh or en")


def _print_report(report: Any, fmt: str, lang: str) -> None:
    if fmt == "json":
        emit(report, True)
    elif fmt == "markdown":
        text(report.to_markdown(lang))
    else:
        text(report.to_text(lang))


@app.command()
def cleanup(
    fmt: Format = "text", lang: Lang = None,
    make_plan: Annotated[bool, typer.Option("--plan", help="Turn the candidates into a "
                                                           "pending plan.")] = False,
    json_out: Json = False,
) -> None:
    """Low-risk cleanup candidates, review backlog, consistency. Changes nothing (--plan
    only stores a plan to review)."""
    fmt = _pick_format(fmt, json_out)
    _check_lang(lang)

    def body(m: Any) -> tuple[Any, Any, str]:
        report = m.cleanup_report()
        ops = report.plan_ops()
        plan = m.create_plan(ops, reason="cleanup report") if make_plan and ops else None
        return report, plan, lang or m.settings.language

    report, plan, language = read_only(body)
    if fmt == "json" and make_plan:
        emit({"report": report, "plan": plan}, True)
        return
    _print_report(report, fmt, language)
    if make_plan:
        if plan is None:
            line("nothing to plan")
        else:
            line(f"plan {plan.id}: {len(plan.operations)} archive operations; review with "
                 f"vecmem plan show {plan.id}")


_WINDOW = r"([0-9]+(?:\.[0-9]+)?)\s*([mhd]?)"


def parse_window(value: str) -> float:
    """``24h``, ``7d``, ``90m`` or a bare number of hours → hours."""
    match = re.fullmatch(_WINDOW, value.strip(), re.ASCII)
    if not match or float(match.group(1)) <= 0:
        raise InvalidInputError(f"--window {value!r}: use e.g. 24h, 7d or 90m")
    number, unit = float(match.group(1)), match.group(2) or "h"
    return number * {"m": 1 / 60, "h": 1.0, "d": 24.0}[unit]


@app.command()
def health(
    window: Annotated[str, typer.Option(help="Time window: 24h, 7d, 90m.")] = "24h",
    fmt: Format = "text", lang: Lang = None, json_out: Json = False,
) -> None:
    """Health: ok | attention | critical. Exit code 0 / 1 / 2 (for cron). A pure read."""
    fmt = _pick_format(fmt, json_out)
    _check_lang(lang)
    hours = run(lambda: parse_window(window))
    report, language = read_only(
        lambda m: (m.health_report(window_hours=hours), lang or m.settings.language))
    _print_report(report, fmt, language)
    raise typer.Exit(report.exit_code)


@app.command()
def doctor(
    repair: Annotated[bool, typer.Option("--repair", help="Carry out the listed actions "
                                                          "(audited).")] = False,
    lang: Lang = None, json_out: Json = False,
) -> None:
    """Find index drift (keyword index, vectors); --repair fixes it. Exit 1 if not ok."""
    _check_lang(lang)
    report, language = read_only(lambda m: (m.doctor(repair=repair),
                                            lang or m.settings.language))
    _print_report(report, "json" if json_out else "text", language)
    raise typer.Exit(0 if report.ok else 1)


@app.command()
def export(
    file: Annotated[str, typer.Argument(help="JSONL file to write ('-' writes to stdout).")],
    vectors: Annotated[bool, typer.Option("--vectors", help="Include the vectors.")] = False,
    json_out: Json = False,
) -> None:
    """Export this scope's memories, events and plans as JSONL."""
    if file == "-":
        _export_stdout(vectors, json_out)
        return
    emit(read_only(lambda m: m.export(file, vectors=vectors)), json_out,
         lambda r: line(f"exported {r['memories']} memories, {r['events']} events, "
                        f"{r['plans']} plans, {r['vectors']} vectors to {r['path']}"))


def _export_stdout(vectors: bool, json_out: bool) -> None:
    """``export -``: the JSONL on stdout (for a pipe); the summary goes to stderr."""
    import os
    import sys
    import tempfile

    def body(m: Any) -> Any:
        fd, tmp = tempfile.mkstemp(prefix="vecmem-export-", suffix=".jsonl")
        os.close(fd)
        try:
            result = m.export(tmp, vectors=vectors)
            with open(tmp, encoding="utf-8") as fh:
                for chunk in iter(lambda: fh.read(1 << 16), ""):
                    sys.stdout.write(chunk)
            sys.stdout.flush()
        finally:
            os.unlink(tmp)
        return {**result, "path": "-"}

    r = read_only(body)
    if json_out:  # stdout holds the export itself
        text(json.dumps(r, ensure_ascii=False) + "\n", stderr=True)
    else:
        line(f"exported {r['memories']} memories, {r['events']} events, {r['plans']} plans, "
             f"{r['vectors']} vectors to stdout", stderr=True)


@app.command("import")
def import_cmd(
    file: Annotated[str, typer.Argument(help="JSONL file to read.")],
    raw: Annotated[bool, typer.Option("--raw", help="Restore verbatim into an empty scope "
                                                    "(ids, statuses, history).")] = False,
    json_out: Json = False,
) -> None:
    """Import JSONL: through the write pipeline (dedup, filter), or verbatim with --raw."""

    def body(m: Any) -> Any:
        bar = Progress("importing")
        try:
            return m.import_(file, raw=raw, progress=bar)
        finally:
            bar.close()

    emit(with_memory(body), json_out, views.mapping)


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

        settings = load_settings()
        require_database(settings.model_copy(update={"db": src}))
        source = open_store(src, settings)
        target = open_store(dst, settings)
        bar = Progress("migrating")
        try:
            return run_migrate(source, target, progress=bar)
        finally:
            bar.close()
            source.close()
            target.close()

    emit(run(action), json_out, views.mapping)


@app.command("migrate-schema")
def migrate_schema(
    grant: Annotated[list[str] | None, typer.Option(
        "--grant", help="Also print the GRANTs for this application role (repeatable).")] = None,
    grant_read: Annotated[list[str] | None, typer.Option(
        "--grant-read", help="Also print the GRANTs for this read-only role (repeatable).")
    ] = None,
    json_out: Json = False,
) -> None:
    """Create or upgrade the schema and build missing vector indexes: on PostgreSQL the
    owner role's step; application and read-only roles then open without DDL."""

    def action() -> Any:
        from vecmem.memory import open_store  # front ends reach stores through the facade

        settings = load_settings()
        # Any: schema_version, migrate_schema and grant_statements are the engines' own.
        store: Any = open_store(settings.db, settings)  # SQLite migrates when it opens
        try:
            if store.engine_name != "postgres":
                return {"schema_version": store.schema_version(), "hnsw_indexes_built": []}
            out: dict[str, Any] = store.migrate_schema()
            grants = [s for r in grant or [] for s in store.grant_statements(r)]
            grants += [s for r in grant_read or []
                       for s in store.grant_statements(r, write=False)]
            out["grants"] = grants
            return out
        finally:
            store.close()

    def show(result: dict[str, Any]) -> None:
        line(f"schema version {result['schema_version']}; vector indexes built: "
             f"{', '.join(result['hnsw_indexes_built']) or 'none needed'}")
        for statement in result.get("grants", []):
            line(statement + ";")

    emit(run(action), json_out, show)
