"""What does the agent receive before a turn? Recall on realistic agent turns (issue 13).

Data: ``benchmarks/data/agent_recall/`` (README there): one person's bank of memories,
relevant turns with gold memory ids, off-topic turns that need nothing, and seeded
distractor memories. The split (dev / heldout) is fixed in the files: tune on dev, report
both, never tune on heldout.

Two measuring points, both through the real product:

* **search**: the bank is stored with ``Memory.add_many`` in a fresh SQLite file (the
  embedder ``Memory.open`` picks from the settings, or ``--embedder``), and every turn
  goes through ``Memory.search(text)`` with default arguments, exactly as the Hermes
  plugin calls it. Also a ``min_score`` sweep (the only search argument a user sets).
* **hermes**: the real ``VecmemMemoryProvider`` on a temporary ``HERMES_HOME`` whose
  ``memory.vecmem.db`` is that same file; what the agent receives for a turn is the
  provider's ``system_prompt_block()`` plus its ``prefetch(turn)`` (each turn in its own
  session). A memory counts as received when its ``#id`` appears in either; the
  "receives nothing" and count rows look at the prefetch alone (the block is the same
  for every turn). Turns of category ``style`` (their only need is an answer-style
  preference, which the issue assigns to a core profile in the system block) count as
  relevant here, and only as an informational row at the search point.

``--distractors`` repeats everything with the ~5,000 distractor memories added to the
bank. Figures carry 95 % percentile-bootstrap intervals over turns (2,000 resamples,
seeded) and counts.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/recall_agent.py \
        [--embedder e5|use|mix|hashing] [--distractors] [--no-hermes] [--json out.json]
        [--baseline earlier.json]
        [--set persona2|persona3|persona4|persona5|persona6|persona7|persona8|persona9|
               persona10]

``--set NAME`` runs the same rows on another person's bank and turns
(``data/agent_recall/NAME/``; the distractors are shared). ``persona2`` (session 5)
``persona3`` (session 6), ``persona4`` (session 7), ``persona5`` (session 8), ``persona6``
(session 9), ``persona7`` (session 10), ``persona8`` (session 11, measured blind in
sessions 11 to 14) and ``persona9`` (session 15, measured blind at its start and end) are
*retired* blind sets, now dev: each was written from the issue alone, measured and
reported while blind, and is tuned on since, so its misses are listed. ``persona10``
(session 17) is the *blind* set: written from the issue alone, never tuned on, counts
only. A set marked ``blind`` in ``SETS`` is never tuned on and counts only
(``--show-misses`` refuses it).

``--baseline`` prints paired changes (new - base, bootstrap over the same turns) for
the main rows, per split: the way to measure one mechanism against the untuned run.
``--llm oracle`` turns on the LLM query rewrite (``llm_query_rewrite``) against a
scripted model (``vecmem.testing.FakeOpenAI``) that *knows each turn's gold memories*:
its rewrite of a relevant turn is the text of the memories it needs, of an off-topic turn
the turn itself. That is an upper bound on what a rewrite can add (a perfect rewriter,
the rest of the product unchanged), never the product's number; a real model's run needs
a real endpoint (``VECMEM_LLM_BASE_URL``) and is not measured here. Write-time cue terms
(``llm_cue_terms``) come from extraction, which this bank (stored as written) skips.

Document and query vectors are cached under ``--cache-dir`` (default
``/tmp/vecmem-agent-recall-cache``) with ``embedders.embed_cached``, keyed by model and
the exact texts, so reruns skip the model; the hermes point embeds its queries through
the provider's own embedder (uncached: that is the product path).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from embedders import CachedEmbedder  # also puts src/ on sys.path

from vecmem import Memory
from vecmem.embed.factory import embedder_for
from vecmem.settings import Settings
from vecmem.text import normalize

DATA = Path(__file__).resolve().parent / "data" / "agent_recall"
#: ``gate``: the second tuning set (``gate_dev.jsonl``), tuned on like ``dev``.
SPLITS = ("dev", "gate", "heldout")
TOP = 5
SWEEP = (-1.0, 0.70, 0.74, 0.78, 0.80, 0.82, 0.84, 0.86, 0.88, 0.90)
BOOT = 2000
_ID = re.compile(r"#(\d+)\b")
CATEGORIES = ("same_lang", "cross_lang", "indirect", "mixed", "style")
STYLE_ROW = "style-only turns: a preference in top 5 (not a goal row)"
#: Persona sets by status: ``blind`` (never tuned on, misses never listed) or ``retired``
#: (was blind, measured and reported once, now dev: misses listed like ``dev``'s) or
#: ``dev`` (a tuning set with its own ``dev`` / ``heldout`` split: ``dev`` misses listed).
SETS = {"persona2": "retired", "persona3": "retired", "persona4": "retired",
        "persona5": "retired", "persona6": "retired", "persona7": "retired",
        "persona8": "retired", "persona9": "retired", "persona10": "blind", "cues14": "dev"}
#: The splits whose misses ``--show-misses`` may list (``use_set`` widens it for a
#: retired set and empties it for a blind one).
LISTED: tuple[str, ...] = ("dev",)


def use_set(name: str) -> None:
    """Point the harness at a persona sub-directory; its splits come from its turns."""
    global DATA, SPLITS, LISTED
    DATA = DATA / name
    SPLITS = tuple(dict.fromkeys(t["split"] for t in read_jsonl("turns.jsonl")))
    LISTED = {"retired": SPLITS, "dev": ("dev",)}.get(SETS[name], ())


def only_splits(names: list[str]) -> None:
    """Run and report only these splits (a tuning run leaves held-out unread)."""
    global SPLITS
    unknown = [n for n in names if n not in SPLITS]
    if unknown:
        raise SystemExit(f"unknown split(s) {unknown}; known: {list(SPLITS)}")
    SPLITS = tuple(names)


def read_jsonl(name: str) -> list[dict[str, Any]]:
    path = DATA / name if (DATA / name).exists() else DATA.parent / name  # shared distractors
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_queries() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Relevant and off-topic turns of every split: ``turns.jsonl``, ``offtopic.jsonl``
    and the gate's second tuning set ``gate_dev.jsonl`` (rows with ``gold`` are
    relevant)."""
    extra = read_jsonl("gate_dev.jsonl") if (DATA / "gate_dev.jsonl").exists() else []
    turns = read_jsonl("turns.jsonl") + [r for r in extra if "gold" in r]
    off = read_jsonl("offtopic.jsonl") + [r for r in extra if "gold" not in r]
    return ([t for t in turns if t["split"] in SPLITS],
            [o for o in off if o["split"] in SPLITS])


# ---------------------------------------------------------------------------- embedder
class DiskCachedEmbedder(CachedEmbedder):
    """The product's embedder with vectors precomputed through ``embed_cached`` (the
    bilingual query form too, when the embedder has one).

    Texts the product asks for that were not precomputed (it normalizes before embedding,
    so a few may differ) go to the wrapped embedder; ``model_id`` is the wrapped one's,
    so the stored vectors are exactly what the product would store.
    """

    def __init__(self, inner: Any, cache_dir: Path) -> None:
        super().__init__(inner, cache_dir)
        self.misses = 0

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        self.misses += len({t for t in texts if t not in self.docs})
        return super().embed_documents(texts)

    def embed_query(self, text: str) -> np.ndarray:
        self.misses += text not in self.queries
        return super().embed_query(text)


def product_embedder(name: str | None) -> Any:
    """What ``Memory.open`` would build from the settings (``embed_provider`` = name)."""
    settings = Settings.load(**({"embed_provider": name} if name else {}))
    embedder, fallback = embedder_for(settings)
    if fallback:
        print(f"warning: {fallback}", file=sys.stderr)
    return embedder


# ---------------------------------------------------------------------------- store
def build_store(db: str, embedder: Any, memories: list[dict[str, Any]]) -> dict[int, str]:
    """Store the memories; returns memory id -> data id. Each memory goes in as its own
    fact (``raw``: no quality filter or topic review, as an imported profile would)."""
    ids: dict[int, str] = {}
    with Memory.open(db, embedder=embedder) as mem:
        results = mem.add_many([m["text"] for m in memories], source="agent_recall", raw=True)
        for m, r in zip(memories, results, strict=True):
            if r.memory_id is None:
                print(f"warning: {m['id']} not stored ({r.decision}: {r.reason})",
                      file=sys.stderr)
            elif r.memory_id in ids:
                print(f"warning: {m['id']} folded into {ids[r.memory_id]}", file=sys.stderr)
            else:
                ids[r.memory_id] = m["id"]
    return ids


def oracle_llm(stack: ExitStack, memories: list[dict[str, Any]],
               queries: list[dict[str, Any]]) -> Any:
    """A scripted OpenAI-compatible model that rewrites a relevant turn into the text of
    its gold memories and an off-topic turn into itself: the upper bound of a rewrite."""
    from vecmem.llm.client import LLMClient
    from vecmem.testing import FakeOpenAI

    text_of = {m["id"]: m["text"] for m in memories}
    gold = {q["text"].strip(): [text_of[g] for g in q.get("gold", []) if g in text_of]
            for q in queries}

    def respond(req: Any) -> Any:
        asked = next((m["content"] for m in req.json["messages"]
                      if "<message>" in str(m.get("content"))), "")
        turn = asked.split("<message>", 1)[-1].rsplit("</message>", 1)[0].strip()
        return {"query": " ".join(gold.get(turn) or [turn]), "terms": []}

    fake = stack.enter_context(FakeOpenAI(responder=respond))
    client = LLMClient(fake.base_url, "scripted-oracle", timeout=10)
    stack.callback(client.close)
    return client


def search_all(db: str, embedder: Any, turns: list[dict[str, Any]], ids: dict[int, str],
               min_score: float | None = None, llm: Any = None) -> dict[str, list[str]]:
    """Turn id -> the data ids ``Memory.search`` returns, in rank order."""
    out = {}
    with Memory.open(db, embedder=embedder, reembed=False, llm=llm,
                     llm_query_rewrite=llm is not None) as mem:
        for t in turns:
            hits = mem.search(t["text"]) if min_score is None else mem.search(
                t["text"], min_score=min_score)
            out[t["id"]] = [ids.get(h.memory.id, f"?{h.memory.id}") for h in hits]
    return out


def hermes_all(db: str, embedder_name: str | None, turns: list[dict[str, Any]],
               ids: dict[int, str], llm: Any = None, options: dict[str, Any] | None = None,
               reserve: list[Any] | None = None,
               ) -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, Any]]:
    """Per turn id, the data ids the agent receives through the Hermes provider (system-
    prompt block + that turn's prefetch) and those the prefetch alone injects; and the
    system block's size. ``options`` are more provider options; a ``reserve`` list is
    filled with what the system block could not hold (``hermes_misses.py`` reads it)."""
    from vecmem.integrations.hermes.provider import VecmemMemoryProvider

    with tempfile.TemporaryDirectory(prefix="vecmem-hermes-") as home:
        section: dict[str, Any] = {"db": db, "auto_extract": False, **(options or {})}
        if embedder_name:
            section["embed_provider"] = embedder_name
        if llm is not None:
            section.update(llm_base_url=llm.base_url, llm_model=llm.model,
                           llm_query_rewrite=True)
        Path(home, "config.yaml").write_text(
            json.dumps({"memory": {"provider": "vecmem", "vecmem": section}}), encoding="utf-8")
        provider = VecmemMemoryProvider()
        provider.initialize("recall-bench", hermes_home=home, platform="cli",
                            agent_context="primary")
        try:
            block = provider.system_prompt_block()
            if reserve is not None:
                reserve.extend(provider._recall.reserve)
            in_block = [ids.get(int(i), f"?{i}") for i in _ID.findall(block)]
            out, injected = {}, {}
            for t in turns:
                provider.on_session_switch(f"turn-{t['id']}")
                recalled = provider.prefetch(t["text"], session_id=f"turn-{t['id']}")
                got = [ids.get(int(i), f"?{i}") for i in _ID.findall(recalled)]
                out[t["id"]] = list(dict.fromkeys(in_block + got))
                injected[t["id"]] = list(dict.fromkeys(got))
        finally:
            provider.shutdown()
    return out, injected, {"block_memories": len(set(in_block)), "block_chars": len(block)}


# ---------------------------------------------------------------------------- statistics
def interval(values: Iterable[float], seed: int = 0) -> dict[str, Any]:
    v = np.asarray(list(values), dtype=float)
    if v.size == 0:
        return {"n": 0, "mean": float("nan"), "lo": float("nan"), "hi": float("nan")}
    rng = np.random.default_rng(seed)
    means = v[rng.integers(0, v.size, size=(BOOT, v.size))].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return {"n": int(v.size), "sum": float(v.sum()), "mean": float(v.mean()),
            "lo": float(lo), "hi": float(hi)}


def fmt(s: dict[str, Any], count: bool = True) -> str:
    if not s["n"]:
        return "–"
    text = f"{s['mean']:.2f} [{s['lo']:.2f}, {s['hi']:.2f}]"
    if count and float(s["sum"]).is_integer():
        text += f" ({int(s['sum'])}/{s['n']})"
    else:
        text += f" (n={s['n']})"
    return text


def low_overlap(t: dict[str, Any]) -> bool:
    return t["category"] == "indirect"


def rows_for(turns: list[dict[str, Any]], off: list[dict[str, Any]],
             got: dict[str, list[str]], top: int | None = TOP,
             injected: dict[str, list[str]] | None = None) -> dict[str, dict[str, Any]]:
    """Every goal row of issue 13 for one run. ``got``: what the agent has for a turn
    (``top`` None = all of it); ``injected``: what this turn's recall adds (default
    ``got``) -- the emptiness and count rows, so a standing system block does not make
    every off-topic turn "receive" something."""
    injected = got if injected is None else injected

    def hit(t: dict[str, Any]) -> float:
        return float(bool(set(t["gold"]) & set(got[t["id"]][:top])))

    def stat(pred: Callable[[dict[str, Any]], bool], f: Callable[[dict[str, Any]], float],
             rows: list[dict[str, Any]] = turns) -> dict[str, Any]:
        return interval(f(t) for t in rows if pred(t))

    every = lambda t: True  # noqa: E731
    out = {
        "needed memory in top 5" if top else "needed memory received": stat(every, hit),
        "… cross-language": stat(lambda t: t["cross_lang"], hit),
        "… little word overlap (indirect)": stat(low_overlap, hit),
    }
    for cat in CATEGORIES:
        if any(t["category"] == cat for t in turns):
            out[f"… category {cat}"] = stat(lambda t, c=cat: t["category"] == c, hit)
    for lang in ("zh", "en"):
        out[f"… turn in {lang}"] = stat(lambda t, c=lang: t["lang"] == c, hit)
    needs = [t for t in turns if t.get("needs")]
    out["all `needs` received"] = interval(
        float(set(t["needs"]) <= set(got[t["id"]])) for t in needs)
    out["safety-critical: missed (none received)"] = stat(
        lambda t: t["safety"], lambda t: float(not set(t["gold"]) & set(got[t["id"]])))
    empty = lambda t: float(not injected[t["id"]])  # noqa: E731
    out["relevant turns receiving nothing"] = stat(every, empty)
    for lang in ("zh", "en"):
        out[f"… {lang}"] = stat(lambda t, c=lang: t["lang"] == c, empty)
    size = lambda t: float(len(injected[t["id"]]))  # noqa: E731
    out["memories per relevant turn (mean)"] = stat(every, size)
    out["off-topic turns receiving nothing"] = stat(every, empty, off)
    for kind in ("greeting", "thanks", "generic_task", "world_knowledge", "shared_word"):
        out[f"… {kind}"] = stat(lambda t, c=kind: t["kind"] == c, empty, off)
    for lang in ("zh", "en"):
        out[f"… off-topic in {lang}"] = stat(lambda t, c=lang: t["lang"] == c, empty, off)
    out["memories per off-topic turn (mean)"] = stat(every, size, off)
    return out


def by_split(turns: list[dict[str, Any]], off: list[dict[str, Any]],
             got: dict[str, list[str]], top: int | None = TOP,
             injected: dict[str, list[str]] | None = None, style: bool = False
             ) -> dict[str, Any]:
    """Rows per split. ``style`` turns (their only need is a standing answer-style
    preference, the core profile's job) count as relevant only where a system block can
    serve them (``style`` True); elsewhere they get one informational row."""
    out = {}
    for s in SPLITS:
        part = [t for t in turns if t["split"] == s]
        rel = [t for t in part if style or t["category"] != "style"]
        out[s] = rows_for(rel, [o for o in off if o["split"] == s], got, top, injected)
        if not style:
            out[s][STYLE_ROW] = interval(
                float(bool(set(t["gold"]) & set(got[t["id"]][:top])))
                for t in part if t["category"] == "style")
    return out


def goal_table(title: str, result: dict[str, Any]) -> None:
    print(f"\n### {title}\n")
    print(f"| row | {' | '.join(SPLITS)} |")
    print("|---" * (len(SPLITS) + 1) + "|")
    for name in result[SPLITS[0]]:
        cells = [fmt(result[s][name], count="mean" not in name) if name in result[s] else "–"
                 for s in SPLITS]
        print(f"| {name} | {' | '.join(cells)} |")


def sweep_table(title: str, sweep: dict[float, dict[str, Any]], default: float) -> None:
    print(f"\n### {title}\n")
    print("| min_score | split | needed in top 5 | cross-language | indirect | off-topic empty "
          "| relevant empty | safety missed | mean per relevant turn |")
    print("|---|---|---|---|---|---|---|---|---|")
    keys = ("needed memory in top 5", "… cross-language", "… little word overlap (indirect)",
            "off-topic turns receiving nothing", "relevant turns receiving nothing",
            "safety-critical: missed (none received)", "memories per relevant turn (mean)")
    for threshold, result in sweep.items():
        label = "off" if threshold < -0.5 else f"{threshold:.2f}"
        if abs(threshold - default) < 1e-9:
            label = f"{threshold:.3f} (default)"
        for s in SPLITS:
            cells = " | ".join(f"{result[s][k]['mean']:.2f}" for k in keys)
            print(f"| {label} | {s} | {cells} |")


# ---------------------------------------------------------------------------- main
def run(args: argparse.Namespace, padded: bool) -> dict[str, Any]:
    bank = read_jsonl("bank.jsonl")
    turns, off = read_queries()
    memories = bank + (read_jsonl("distractors.jsonl") if padded else [])
    embedder = DiskCachedEmbedder(product_embedder(args.embedder), args.cache_dir)
    queries = turns + off
    # The write pipeline embeds the normalized text (vecmem.text.normalize).
    embedder.warm([normalize(m["text"]) for m in memories], query=False)
    embedder.warm([q["text"] for q in queries], query=True)
    label = f"{embedder.model_id}, {len(memories)} memories" + (
        " (bank + distractors)" if padded else " (bank)")
    if args.llm:
        label += ", scripted oracle LLM query rewrite (upper bound, not the product)"
    with ExitStack() as stack:
        llm = oracle_llm(stack, memories, queries) if args.llm else None
        tmp = stack.enter_context(tempfile.TemporaryDirectory(prefix="vecmem-recall-"))
        db = os.path.join(tmp, "recall.db")
        ids = build_store(db, embedder, memories)
        with Memory.open(db, embedder=embedder, reembed=False) as mem:
            default = mem.context.min_score
        got = search_all(db, embedder, queries, ids, llm=llm)
        result: dict[str, Any] = {"label": label, "default_min_score": default,
                                  "search": by_split(turns, off, got),
                                  "per_turn": {"search": got}}
        result["sweep"] = {
            th: by_split(turns, off, search_all(db, embedder, queries, ids, min_score=th,
                                                llm=llm))
            for th in (sorted({*SWEEP, default}) if args.sweep else ())
        }
        if args.hermes:
            received, injected, block = hermes_all(db, args.embedder, queries, ids, llm)
            result["hermes"] = by_split(turns, off, received, top=None, injected=injected,
                                        style=True)
            result["hermes_block"] = block
            result["per_turn"].update(hermes=received, hermes_injected=injected)
        result["embed_cache_misses"] = embedder.misses
        if args.show_misses:
            for t in turns:
                if t["split"] in LISTED and not set(t["gold"]) & set(got[t["id"]][:TOP]):
                    print(f"miss {t['id']} {t['text']!r} gold={t['gold']} got={got[t['id']]}",
                          file=sys.stderr)
    return result


def report(result: dict[str, Any]) -> None:
    print(f"\n## Agent recall — {result['label']}")
    goal_table("`Memory.search`, default arguments (top 5 of what it returns; "
               f"default min_score {result['default_min_score']:.3f})", result["search"])
    if "hermes" in result:
        b = result["hermes_block"]
        goal_table("What the agent receives through the Hermes provider (needed memory: system-"
                   "prompt block + prefetch, style turns included; empty and count rows: the "
                   f"prefetch alone; the block holds {b['block_memories']} memories, "
                   f"{b['block_chars']} characters)", result["hermes"])
    if result["sweep"]:
        sweep_table("`min_score` sweep (`Memory.search(text, min_score=…)`)",
                    result["sweep"], result["default_min_score"])


#: Paired rows: (name, measuring point, turn filter, per-turn outcome from what it got).
PAIRED: tuple[tuple[str, str, Callable[[dict[str, Any]], bool],
                    Callable[[dict[str, Any], list[str]], float]], ...] = (
    ("needed memory in top 5", "search", lambda t: "gold" in t and t["category"] != "style",
     lambda t, got: float(bool(set(t["gold"]) & set(got[:TOP])))),
    ("… cross-language", "search", lambda t: t.get("cross_lang", False)
     and t["category"] != "style", lambda t, got: float(bool(set(t["gold"]) & set(got[:TOP])))),
    ("… indirect", "search", lambda t: t.get("category") == "indirect",
     lambda t, got: float(bool(set(t["gold"]) & set(got[:TOP])))),
    ("off-topic receiving nothing", "search", lambda t: "kind" in t,
     lambda t, got: float(not got)),
    ("safety-critical missed", "search", lambda t: t.get("safety", False),
     lambda t, got: float(not set(t["gold"]) & set(got))),
    ("Hermes: needed memory received", "hermes", lambda t: "gold" in t,
     lambda t, got: float(bool(set(t["gold"]) & set(got)))),
    ("Hermes: off-topic prefetch empty", "hermes_injected", lambda t: "kind" in t,
     lambda t, got: float(not got)),
)


def compare(base: dict[str, Any], new: dict[str, Any]) -> None:
    """Paired differences (new - base) per split: the bootstrap resamples turns, so each
    turn is compared with itself (as ``retrieval_study.paired_split`` does)."""
    queries = [q for rows in read_queries() for q in rows]
    print(f"\n### Paired change against the baseline — {new['label']}\n")
    print("| row | " + " | ".join(f"{s}: base → new, change [95 % CI]" for s in SPLITS) + " |")
    print("|---" * (len(SPLITS) + 1) + "|")
    for name, point, keep, outcome in PAIRED:
        if point not in base["per_turn"] or point not in new["per_turn"]:
            continue
        a, b = base["per_turn"][point], new["per_turn"][point]
        cells = []
        for split in SPLITS:
            rows = [q for q in queries if q["split"] == split and keep(q)
                    and q["id"] in a and q["id"] in b]
            if not rows:
                cells.append("–")
                continue
            diff = interval(outcome(q, b[q["id"]]) - outcome(q, a[q["id"]]) for q in rows)
            old = np.mean([outcome(q, a[q["id"]]) for q in rows])
            cells.append(f"{old:.2f} → {old + diff['mean']:.2f}, {diff['mean']:+.2f} "
                         f"[{diff['lo']:+.2f}, {diff['hi']:+.2f}] (n={diff['n']})")
        print(f"| {name} | {' | '.join(cells)} |")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--embedder", default=None,
                   help="embed_provider (default: what Memory.open picks from the settings)")
    p.add_argument("--distractors", action="store_true",
                   help="also run with the ~5,000 distractor memories added")
    p.add_argument("--no-hermes", dest="hermes", action="store_false",
                   help="skip the Hermes provider measuring point")
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    p.add_argument("--json", type=Path, default=None, help="also write every figure here")
    p.add_argument("--baseline", type=Path, default=None,
                   help="a --json file of an earlier run: also print paired changes against it")
    p.add_argument("--llm", choices=("oracle",), default=None,
                   help="oracle: the LLM query rewrite against a scripted model that knows "
                        "the gold memories (an upper bound only)")
    p.add_argument("--no-sweep", dest="sweep", action="store_false",
                   help="skip the min_score sweep")
    p.add_argument("--show-misses", action="store_true",
                   help="list dev-split misses on stderr (never the held-out split nor "
                        "a blind set's)")
    p.add_argument("--splits", default=None,
                   help="comma-separated splits to run (e.g. dev,gate: a tuning run that "
                        "never looks at held-out)")
    p.add_argument("--set", default=None, choices=tuple(SETS),
                   help="another person's bank and turns: a set marked blind is never tuned "
                        "on (counts only): persona10 (session 17) is the blind set; "
                        "persona2 to persona9 are retired blind sets, now dev (misses "
                        "listable)")
    p.add_argument("--override", action="append", default=[], metavar="MODULE.NAME=VALUE",
                   help="set a search constant first, for an ablation against the product "
                        "(e.g. search.OTHER_LANGUAGE_SHARE=2: never the bilingual query form; "
                        "hermes.HEALTH_PER_TURN=3: the provider's recall)")
    args = p.parse_args(argv)
    for item in args.override:
        from vecmem.engine import relevance, search
        from vecmem.integrations.hermes import recall as hermes_recall
        from vecmem.rules import cues, names, turn_need

        name, _, value = item.partition("=")
        module, _, attr = name.rpartition(".")
        target = {"relevance": relevance, "search": search, "cues": cues,
                  "names": names, "turn_need": turn_need, "hermes": hermes_recall}[module]
        setattr(target, attr, type(getattr(target, attr))(json.loads(value.lower())))
    if args.set and args.show_misses and SETS[args.set] == "blind":
        p.error(f"--set {args.set} is a blind set: its misses are never listed (counts only)")
    if args.set:
        use_set(args.set)
        print(f"set {args.set}: " + {
            "blind": "blind — never tuned on, counts only",
            "dev": "a tuning set: tune on dev, held-out counts only"}.get(
                SETS[args.set], "retired blind set, now dev (misses listable)"))
    if args.splits:
        only_splits(args.splits.split(","))
    results = [run(args, padded=False)]
    if args.distractors:
        results.append(run(args, padded=True))
    for r in results:
        report(r)
    if args.baseline:
        base = {r["label"]: r for r in json.loads(args.baseline.read_text("utf-8"))}
        for r in results:
            if r["label"] in base and "per_turn" in base[r["label"]]:
                compare(base[r["label"]], r)
            else:
                print(f"\n(no baseline run labelled {r['label']!r})")
    if args.json:
        args.json.write_text(json.dumps(results, ensure_ascii=False, indent=1,
                                        default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
