"""`make demo`: the governed write path end to end on the embedded default store.

Typed facts and a bundled Chinese + English conversation go through the pipeline; the
demo prints what was stored, rejected (and why), deduplicated, updated and sent to
review, then searches with explain and prints the health and cleanup reports.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from vecmem import Memory
from vecmem.transcripts import load_transcript

HERE = Path(__file__).parent
console = Console(soft_wrap=True)


def main() -> int:
    folder = Path("demo-data")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    db = folder / "demo.db"
    console.rule("[bold]vecmem demo")
    console.print(f"database: {db} (one SQLite file)")
    with Memory.open(str(db)) as mem:
        note = mem.stats()["embedder_note"]
        console.print(f"embedder: {mem.context.model_id}"
                      + (f" ({escape(note)})" if note else " (the bundled default)"))
        typed(mem)
        conversation(mem)
        review(mem)
        search(mem)
        reports(mem)
    console.rule()
    console.print(f"Explore it: [bold].venv/bin/vecmem --db {db} list[/bold] · "
                  f"[bold]… review list[/bold] · [bold]… explain 简洁[/bold] · "
                  f"[bold]… serve[/bold] (dashboard)")
    return 0


def typed(mem: Memory) -> None:
    console.rule("1. typed facts through the write pipeline")
    table = Table()
    for col in ("input", "source", "decision", "id", "reason"):
        table.add_column(col, overflow="fold")
    counts: Counter[str] = Counter()
    for line in (HERE / "data" / "typed_facts.jsonl").read_text(encoding="utf-8").splitlines():
        item = json.loads(line)
        r = mem.add(item["text"], source=item["source"])
        counts[str(r.decision)] += 1
        shown = item["text"] if r.decision != "reject" else _redacted(item["text"], r.category)
        table.add_row(escape(shown), escape(item["source"]), _coloured(str(r.decision)),
                      str(r.memory_id or ""), escape(r.reason))
    console.print(table)
    console.print("decisions: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))


def conversation(mem: Memory) -> None:
    console.rule("2. a bundled conversation (rule-based extraction, no LLM)")
    messages = load_transcript(HERE / "data" / "sample_conversation.json")
    summary = mem.ingest(messages)
    console.print(summary.to_text(), markup=False)
    for r in summary.results:
        console.print(f"  {_coloured(str(r.decision))} #{r.memory_id or '-'} {escape(r.content)}"
                      f"  [dim]({escape(r.reason)})[/dim]")


def review(mem: Memory) -> None:
    console.rule("3. the review queue")
    items = mem.review_list()
    for it in items:
        item = it["item"]
        console.print(f"#{item['id']} [magenta]{escape(item['content'])}[/magenta] "
                      f"conflicts with " + ", ".join(f"#{t['id']} {escape(t['content'])}"
                                                     for t in it["targets"]))
    if items:
        first = items[0]["item"]["id"]
        r = mem.approve(first, reason="demo: the newer value is right")
        console.print(f"approved #{first}: supersedes "
                      f"{', '.join(f'#{i}' for i in r.related_ids) or 'nothing'}; "
                      f"undo with `vecmem revert {r.event_id}`")


def search(mem: Memory) -> None:
    console.rule("4. search with explain")
    for query in ("回答风格", "what does the user prefer when comparing options", "前端", "模型"):
        hits = mem.search(query, k=3)
        console.print(f"[bold]{escape(query)}[/bold] →")
        for h in hits:
            cos = "-" if h.cosine is None else f"{h.cosine:.4f}"
            console.print(f"   #{h.memory.id} score {h.score:.4f} cosine {cos}  "
                          f"{escape(h.memory.content)}")
        if not hits:
            console.print("   (no active memory matches)")
    ex = mem.explain("模型")
    console.print(f"explain('模型'): model {ex.model}, {ex.vector_candidates} vector + "
                  f"{ex.keyword_candidates} keyword candidates, terms "
                  f"{escape(' '.join(ex.keyword_terms)) or '(none)'}")
    for c in ex.candidates[:6]:
        mark = "✓" if c.included else f"✗ {escape(c.excluded_because or '')}"
        cos = "-" if c.cosine is None else f"{c.cosine:.4f}"
        kw = "-" if c.keyword_rank is None else str(c.keyword_rank)
        console.print(f"   #{c.memory_id} cos {cos} keyword rank {kw} fused {c.fused:.4f} "
                      f"{mark}  {escape(c.content)}")


def reports(mem: Memory) -> None:
    console.rule("5. stats, health and cleanup")
    s = mem.stats()
    console.print(f"total {s['total']} · " + ", ".join(f"{k} {v}" for k, v in
                                                      s["by_status"].items())
                  + f" · consistency {'ok' if s['consistency']['ok'] else 'FAILED'}")
    try:
        health = mem.health_report(window_hours=24)
        cleanup = mem.cleanup_report()
    except (ImportError, AttributeError) as exc:
        console.print(f"(reports not available in this build: {exc})")
        return
    lang = mem.settings.language  # the locale's, as the CLI's reports
    for report in (health, cleanup):
        console.print(report.to_text(lang) if hasattr(report, "to_text") else report,
                      markup=False)


def _coloured(decision: str) -> str:
    colour = {"store": "green", "duplicate": "yellow", "update": "cyan", "merge": "cyan",
              "review": "magenta", "reject": "red"}.get(decision, "white")
    return f"[{colour}]{decision}[/{colour}]"


def _redacted(text: str, category: str | None) -> str:
    if category == "secret_value":
        from vecmem.rules import redact_secrets

        return redact_secrets(text)
    return text


if __name__ == "__main__":
    sys.exit(main())
