"""``vecmem plan create|list|show|apply|revert``: batch changes a person confirms.

The confirmation phrase is shown here, to the person at the terminal (help, the
``create`` output, the prompt, a wrong-phrase error), and nowhere an agent reads.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from vecmem.cli.app import (
    Json,
    emit,
    load_settings,
    plan_app,
    read_only,
    read_text_file,
    run,
    usage,
    with_memory,
)
from vecmem.cli.render import line, styled
from vecmem.errors import ConfirmationError, InvalidInputError, VecmemError

Ids = Annotated[list[int] | None, typer.Option(help="Memory id (repeatable).")]
OutFile = Annotated[str | None, typer.Option("--out", help="Also write the plan document "
                                                           "to FILE.")]


def _describe(op: dict[str, Any]) -> str:
    if op["action"] == "add":
        return f'add "{op["content"][:60]}"'
    if op["action"] == "merge":
        return "merge " + ", ".join(f"#{i}" for i in op["memory_ids"])
    return f"{op['action']} #{op['memory_id']}"


def _phrase() -> str:
    return run(lambda: load_settings().confirm_phrase)


def show_plan(doc: Any) -> None:
    d = doc.to_dict()
    line(styled(d["id"], "bold"), f" ({d['status']})" + (f" — {d['reason']}" if d["reason"]
                                                         else ""))
    results = {r["index"]: r for r in d["results"] or []}
    for op in d["operations"]:
        head = f"  {op['index'] + 1}. {_describe(op)}"
        p = op["preview"]
        if op["refused"]:
            head += f" — refused in preview: {op['refused']}"
        elif "decision" in p:
            head += f" → {p['decision']}: {p['reason']}"
        else:
            head += f": {p['before_status']} → {p['after_status']} — {p['reason']}"
        res = results.get(op["index"])
        if not res:
            line(head)
        elif res["status"] == "applied":
            ids = ", ".join(str(i) for i in res["event_ids"])
            line(head, "  ", styled("applied", "green"), f" (events {ids})")
        else:
            line(head, "  ", styled("skipped", "yellow"), f": {res['reason']}")
    if d["status"] == "pending":
        # Shown to the person who will type it; agents never see this output.
        line(f"apply with: vecmem plan apply {d['id']} --confirm '{_phrase()}'")


def _check_out(path: str | None) -> None:
    """Refuse an unusable --out before anything is created."""
    if not path:
        return
    target = Path(path)
    if target.is_dir():
        usage(f"--out {path} is a folder")
    if not target.parent.is_dir():
        usage(f"--out {path}: folder {target.parent} does not exist")
    if not os.access(target.parent, os.W_OK):
        usage(f"--out {path}: folder {target.parent} is not writable")


def _write_doc(doc: Any, path: str | None) -> None:
    if path:
        text = json.dumps(doc.to_dict(), ensure_ascii=False, indent=2) + "\n"
        run(lambda: Path(path).write_text(text, encoding="utf-8"))
        line(f"wrote {path}", stderr=True)


def _load_ops(path: str) -> list[Any]:
    text = read_text_file(path)
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
    out_file: OutFile = None,
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
    doc = with_memory(body, create=False, reembed=False)
    _write_doc(doc, out_file)
    emit(doc, json_out, show_plan)


@plan_app.command("list")
def plan_list(
    status: Annotated[str | None, typer.Option(help="pending | applied | reverted")] = None,
    limit: Annotated[int, typer.Option(help="How many plans.")] = 50,
    json_out: Json = False,
) -> None:
    """Plans, newest first."""

    def show(docs: list[Any]) -> None:
        if not docs:
            line("no plans")
        for d in docs:
            s = d.summary
            done = f", {s['applied']} applied, {s['skipped']} skipped" if "applied" in s else ""
            line(f"{d.id}  {d.status:<8} {d.created_at[:19]}  {s['operations']} ops{done}"
                 + (f"  — {d.reason}" if d.reason else ""))

    emit(read_only(lambda m: m.list_plans(status=status, limit=limit), changes=False),
         json_out, show)


@plan_app.command("show")
def plan_show(plan_id: str, out_file: OutFile = None, json_out: Json = False) -> None:
    """One plan with its previews (and results once applied)."""
    _check_out(out_file)
    doc = read_only(lambda m: m.get_plan(plan_id), changes=False)
    _write_doc(doc, out_file)
    emit(doc, json_out, show_plan)


class _ApplyCommand(TyperCommand):
    """``plan apply --help`` names the phrase configured for this database and config."""

    def format_help(self, ctx: Any, formatter: Any) -> None:
        try:
            phrase = f"'{load_settings().confirm_phrase}'"
        except VecmemError:
            phrase = "(the settings cannot be read)"
        self.help = (
            "Apply a pending plan. A person confirms it by typing the confirmation phrase: "
            f"here {phrase}, the confirm_phrase setting (VECMEM_CONFIRM_PHRASE or "
            "vecmem.toml; see docs/settings.md). Without --confirm you are asked for it.")
        super().format_help(ctx, formatter)


@plan_app.command("apply", cls=_ApplyCommand)
def plan_apply(
    plan_id: str,
    confirm: Annotated[str | None, typer.Option(
        "--confirm", help="The configured confirmation phrase (asked for when missing).")
    ] = None,
    json_out: Json = False,
) -> None:
    """Apply a pending plan; a person confirms it with the configured phrase."""
    phrase = _phrase()
    if confirm is None:
        confirm = typer.prompt(f"Type the confirmation phrase ({phrase}) to apply {plan_id}")

    def body(m: Any) -> Any:
        try:
            return m.apply_plan(plan_id, confirm, actor="cli")
        except ConfirmationError as exc:
            raise ConfirmationError(f"{exc.message}; the configured phrase is: {phrase}") \
                from None

    emit(with_memory(body, create=False, reembed=False), json_out, show_plan)


@plan_app.command("revert")
def plan_revert(plan_id: str, json_out: Json = False) -> None:
    """Undo every applied operation of a plan (all or nothing)."""
    emit(with_memory(lambda m: m.revert_plan(plan_id, actor="cli"), create=False,
                     reembed=False), json_out, show_plan)
