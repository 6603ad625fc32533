"""Operations commands: plan (create|list|show|apply|revert), cleanup, health, doctor,
export, import. Registered on ``vecmem.cli.app`` when that module imports this one.

Thin on purpose: each command parses its options, makes one ``Memory`` call and renders
the result; the rules live in ``vecmem.engine.plans|reports|transfer``.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from vecmem.cli import Json, _with_memory, app, emit, err, out, plan_app, run
from vecmem.errors import InvalidInputError

Format = Annotated[str, typer.Option("--format", help="text | markdown | json")]
Lang = Annotated[str | None, typer.Option("--lang", help="zh | en (default: settings.language)")]
Ids = Annotated[list[int] | None, typer.Option(help="Memory id (repeatable).")]


def _read_only(body: Any) -> Any:
    """Open without the start-up re-embed, which would write: cleanup, health, doctor and
    export must be able to look at a database without changing it. A missing SQLite file
    is an error, not a new empty database."""

    def action() -> Any:
        from vecmem.cli import state
        from vecmem.memory import Memory
        from vecmem.settings import Settings

        settings = Settings.load(state.config, db=state.db, scope=state.scope)
        url = settings.db
        if not url.startswith(("postgresql://", "postgres://")):
            path = Path(os.path.expanduser(url))
            if not path.is_file():
                raise InvalidInputError(f"no vecmem database at {path}")
        mem = Memory.open(settings=settings, reembed=False)
        try:
            return body(mem)
        finally:
            mem.close()

    return run(action)


def _usage(message: str) -> NoReturn:
    err.print(f"[red]error:[/red] {message}", highlight=False)
    raise typer.Exit(2)


def _pick_format(fmt: str, as_json: bool) -> str:
    fmt = "json" if as_json else fmt
    if fmt not in ("text", "markdown", "json"):
        _usage("--format must be text, markdown or json")
    return fmt


def _check_lang(lang: str | None) -> None:
    if lang is not None and lang not in ("zh", "en"):
        _usage("--lang must be zh or en")


def _print_report(report: Any, fmt: str, lang: str) -> None:
    if fmt == "json":
        emit(report, True)
    elif fmt == "markdown":
        out.print(report.to_markdown(lang), end="", highlight=False, markup=False)
    else:
        out.print(report.to_text(lang), end="", highlight=False, markup=False)


# -- plans -------------------------------------------------------------------------------
def _describe(op: dict[str, Any]) -> str:
    if op["action"] == "add":
        return f'add "{op["content"][:60]}"'
    if op["action"] == "merge":
        return "merge " + ", ".join(f"#{i}" for i in op["memory_ids"])
    return f"{op['action']} #{op['memory_id']}"


def _render_plan(doc: Any) -> None:
    d = doc.to_dict()
    out.print(f"[bold]{d['id']}[/bold] ({d['status']})" + (f" — {d['reason']}" if d["reason"]
                                                          else ""), highlight=False)
    results = {r["index"]: r for r in d["results"] or []}
    for op in d["operations"]:
        line = f"  {op['index'] + 1}. {_describe(op)}"
        p = op["preview"]
        if op["refused"]:
            line += f" — refused in preview: {op['refused']}"
        elif "decision" in p:
            line += f" → {p['decision']}: {p['reason']}"
        else:
            line += f": {p['before_status']} → {p['after_status']} — {p['reason']}"
        res = results.get(op["index"])
        if res:
            line += (f"  [green]applied[/green] (events {res['event_ids']})"
                     if res["status"] == "applied" else f"  [yellow]skipped[/yellow]: "
                     f"{res['reason']}")
        out.print(line, highlight=False)
    if d["status"] == "pending":
        # The phrase itself is never printed: the person applying the plan knows it.
        out.print(f"apply with: vecmem plan apply {d['id']} --confirm <phrase>", highlight=False)


def _check_out(path: str | None) -> None:
    """Refuse an unusable --out before anything is created."""
    if not path:
        return
    target = Path(path)
    if target.is_dir():
        _usage(f"--out {path} is a folder")
    if not target.parent.is_dir():
        _usage(f"--out {path}: folder {target.parent} does not exist")
    if not os.access(target.parent, os.W_OK):
        _usage(f"--out {path}: folder {target.parent} is not writable")


def _write_doc(doc: Any, path: str | None) -> None:
    if path:
        try:
            Path(path).write_text(json.dumps(doc.to_dict(), ensure_ascii=False, indent=2)
                                  + "\n", encoding="utf-8")
        except OSError as exc:
            err.print(f"[red]error:[/red] cannot write {path}: {exc.strerror}", highlight=False)
            raise typer.Exit(1) from None
        err.print(f"wrote {path}", highlight=False)


def _load_ops(path: str) -> list[Any]:
    import sys

    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidInputError(
            f"{path} is not valid JSON: {exc.msg} (line {exc.lineno})") from None
    if isinstance(data, dict) and "operations" in data:
        data = data["operations"]
    if not isinstance(data, list):
        raise InvalidInputError(f"{path} must hold a JSON list of operations")
    return data


@plan_app.command("create")
def plan_create(
    ops_file: Annotated[str | None, typer.Argument(help="JSON file with a list of operations "
                                                        "('-' reads stdin).")] = None,
    archive: Ids = None, restore: Ids = None, approve: Ids = None, reject: Ids = None,
    reason: Annotated[str | None, typer.Option(help="Why this plan (kept with it).")] = None,
    out_file: Annotated[str | None, typer.Option("--out", help="Also write the plan "
                                                               "document to FILE.")] = None,
    json_out: Json = False,
) -> None:
    """Make a plan: every operation with its preview. Changes no memory."""

    def body(m: Any) -> Any:
        ops = _load_ops(ops_file) if ops_file else []
        for action, ids in (("archive", archive), ("restore", restore), ("approve", approve),
                            ("reject", reject)):
            ops += [{"action": action, "memory_id": i} for i in ids or []]
        return m.create_plan(ops, reason=reason)

    _check_out(out_file)
    doc = _with_memory(body)
    _write_doc(doc, out_file)
    emit(doc, json_out, _render_plan)


@plan_app.command("list")
def plan_list(
    status: Annotated[str | None, typer.Option(help="pending | applied | reverted")] = None,
    limit: Annotated[int, typer.Option()] = 50,
    json_out: Json = False,
) -> None:
    """Plans, newest first."""

    def render(docs: list[Any]) -> None:
        if not docs:
            out.print("no plans")
        for d in docs:
            s = d.summary
            done = f", {s['applied']} applied, {s['skipped']} skipped" if "applied" in s else ""
            out.print(f"{d.id}  {d.status:<8} {d.created_at[:19]}  {s['operations']} ops{done}"
                      + (f"  — {d.reason}" if d.reason else ""), highlight=False)

    emit(_with_memory(lambda m: m.list_plans(status=status, limit=limit)), json_out, render)


@plan_app.command("show")
def plan_show(
    plan_id: str,
    out_file: Annotated[str | None, typer.Option("--out", help="Write the plan document to "
                                                               "FILE.")] = None,
    json_out: Json = False,
) -> None:
    """One plan with its previews (and results once applied)."""
    _check_out(out_file)
    doc = _with_memory(lambda m: m.get_plan(plan_id))
    _write_doc(doc, out_file)
    emit(doc, json_out, _render_plan)


@plan_app.command("apply")
def plan_apply(
    plan_id: str,
    confirm: Annotated[str, typer.Option("--confirm", prompt="Confirmation phrase",
                                         help="The configured confirmation phrase.")],
    json_out: Json = False,
) -> None:
    """Apply a pending plan; needs the exact confirmation phrase."""
    emit(_with_memory(lambda m: m.apply_plan(plan_id, confirm, actor="cli")), json_out,
         _render_plan)


@plan_app.command("revert")
def plan_revert(plan_id: str, json_out: Json = False) -> None:
    """Undo every applied operation of a plan (all or nothing)."""
    emit(_with_memory(lambda m: m.revert_plan(plan_id, actor="cli")), json_out, _render_plan)


# -- reports -----------------------------------------------------------------------------
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

    report, plan, language = _read_only(body)
    if fmt == "json" and make_plan:
        emit({"report": report, "plan": plan}, True)
        return
    _print_report(report, fmt, language)
    if make_plan:
        if plan is None:
            out.print("nothing to plan")
        else:
            out.print(f"plan {plan.id}: {len(plan.operations)} archive operations; review with"
                      f" vecmem plan show {plan.id}", highlight=False)


_WINDOW = re.compile(r"([0-9]+(?:\.[0-9]+)?)\s*([mhd]?)", re.ASCII)


def parse_window(text: str) -> float:
    """``24h``, ``7d``, ``90m`` or a bare number of hours → hours."""
    match = _WINDOW.fullmatch(text.strip())
    if not match or float(match.group(1)) <= 0:
        raise InvalidInputError(f"--window {text!r}: use e.g. 24h, 7d or 90m")
    value, unit = float(match.group(1)), match.group(2) or "h"
    return value * {"m": 1 / 60, "h": 1.0, "d": 24.0}[unit]


@app.command()
def health(
    window: Annotated[str, typer.Option(help="Time window: 24h, 7d, 90m.")] = "24h",
    fmt: Format = "text", lang: Lang = None, json_out: Json = False,
) -> None:
    """Health: ok | attention | critical. Exit code 0 / 1 / 2 (for cron). A pure read."""
    fmt = _pick_format(fmt, json_out)
    _check_lang(lang)
    hours = run(lambda: parse_window(window))
    report, language = _read_only(
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
    report, language = _read_only(lambda m: (m.doctor(repair=repair),
                                             lang or m.settings.language))
    _print_report(report, "json" if json_out else "text", language)
    raise typer.Exit(0 if report.ok else 1)


# -- export / import ---------------------------------------------------------------------
@app.command()
def export(
    file: Annotated[str, typer.Argument(help="JSONL file to write.")],
    vectors: Annotated[bool, typer.Option("--vectors", help="Include the vectors.")] = False,
    json_out: Json = False,
) -> None:
    """Export this scope's memories, events and plans as JSONL."""
    emit(_read_only(lambda m: m.export(file, vectors=vectors)), json_out,
         lambda r: out.print(f"exported {r['memories']} memories, {r['events']} events, "
                             f"{r['plans']} plans, {r['vectors']} vectors to {r['path']}",
                             highlight=False))


@app.command("import")
def import_cmd(
    file: Annotated[str, typer.Argument(help="JSONL file to read.")],
    raw: Annotated[bool, typer.Option("--raw", help="Restore verbatim into an empty scope "
                                                    "(ids, statuses, history).")] = False,
    json_out: Json = False,
) -> None:
    """Import JSONL: through the write pipeline (dedup, filter), or verbatim with --raw."""
    from vecmem.cli import _progress

    def body(m: Any) -> Any:
        bar = _progress("importing")
        try:
            return m.import_(file, raw=raw, progress=bar)
        finally:
            bar.close()

    emit(_with_memory(body), json_out,
         lambda r: out.print(", ".join(f"{k}: {v}" for k, v in r.items()), highlight=False))
