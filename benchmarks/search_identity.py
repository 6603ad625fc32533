"""Do two source trees return the very same search results? (perf-only changes, issue 13)

    git archive <before-commit> src | tar -x -C /tmp/before
    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/search_identity.py \\
        --before /tmp/before/src --after src [--locomo ../shared/data/locomo10.json] \\
        [--conversations 3] [--synthetic /tmp/lat_bench/bench-100000-common.db]

One worker process per tree (``PYTHONPATH`` = that tree) builds the same stores with its
own write path and answers the same queries; the driver compares what they wrote, line by
line. Stores and queries:

- the agent-recall bank (``data/agent_recall``) with its dev and gate-dev turns and
  off-topic turns, alone and padded with the ~5,000 distractors (the held-out split is
  not searched); the retired persona sets 2-5 (blind sets are never read here);
- with ``--locomo``, the first ``--conversations`` LoCoMo conversations, stored as
  episodes, with their questions;
- with ``--synthetic``, a store ``search_latency.py --keep-dir ... --common-words`` kept
  (100k memories: the HNSW path; the other stores are below ``ann_threshold``), with that
  benchmark's queries and fixed query vectors.

Per query: ``Memory.search`` with default arguments (the gate on), with ``gate=False``,
``mode="keyword"`` and ``mode="vector"`` (both ``min_score=-1``), and the whole
``explain`` trace of the gated search (every candidate, its cosine, ranks, fused score,
gate verdict and reason). Hits are compared by id, score, cosine, ranks, relevance and
coverage, floats by their exact ``repr``. Vectors come from the embedding caches the
recall and LoCoMo harnesses keep (``--cache-dir``), so both trees see the same numbers.
Exit status 1 when any result differs.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PERSONAS = ("persona2", "persona3", "persona4", "persona5")  # retired sets only
SEARCHED_SPLITS = ("dev", "gate", "blind")  # "blind" is the retired personas' label


def _hits(hits: list[Any]) -> list[list[Any]]:
    return [[h.memory.id, repr(h.score), None if h.cosine is None else repr(h.cosine),
             h.keyword_rank, h.vector_rank,
             None if h.relevance is None else repr(h.relevance),
             None if h.coverage is None else repr(h.coverage)] for h in hits]


def _calls(mem: Any, text: str) -> Iterator[tuple[str, Any]]:
    yield "default", _hits(mem.search(text))
    yield "gate_off", _hits(mem.search(text, min_score=-1, gate=False))
    yield "keyword", _hits(mem.search(text, min_score=-1, mode="keyword"))
    yield "vector", _hits(mem.search(text, min_score=-1, mode="vector"))
    ex = mem.explain(text)
    yield "explain", json.loads(json.dumps(dataclasses.asdict(ex), default=repr))


def _agent_recall_sets(cache_dir: Path) -> Iterator[tuple[str, Any, list[str], list[str]]]:
    """(name, embedder, memory texts, query texts) of each agent-recall store."""
    import recall_agent as ra

    from vecmem.text import normalize

    base = ra.DATA
    for name in ("bank", "bank+distractors", *PERSONAS):
        ra.DATA = base / name if name in PERSONAS else base
        ra.SPLITS = tuple(dict.fromkeys(t["split"] for t in ra.read_jsonl("turns.jsonl")))
        if name not in PERSONAS:
            ra.SPLITS = ("dev", "gate", "heldout")  # what the harness warms: same cache key
        bank = ra.read_jsonl("bank.jsonl")
        memories = bank + (ra.read_jsonl("distractors.jsonl") if "distractors" in name else [])
        turns, off = ra.read_queries()
        queries = turns + off
        embedder = ra.DiskCachedEmbedder(ra.product_embedder(None), cache_dir)
        embedder.warm([normalize(m["text"]) for m in memories], query=False)
        embedder.warm([q["text"] for q in queries], query=True)
        searched = [q["text"] for q in queries if q["split"] in SEARCHED_SPLITS]
        yield name, embedder, [m["text"] for m in memories], searched
    ra.DATA = base


def worker(args: argparse.Namespace) -> None:
    import vecmem  # first: this tree's package, before the harnesses touch sys.path
    from vecmem import Memory

    sys.path.insert(0, str(HERE))
    out = open(args.out, "w", encoding="utf-8")  # noqa: SIM115 - closed below

    def write(store: str, text: str, mem: Any) -> None:
        for call, result in _calls(mem, text):
            out.write(json.dumps({"store": store, "query": text, "call": call,
                                  "result": result}, ensure_ascii=False) + "\n")

    print(f"worker: {vecmem.__file__}", file=sys.stderr, flush=True)
    with tempfile.TemporaryDirectory(prefix="vecmem-identity-") as tmp:
        for name, embedder, memories, queries in _agent_recall_sets(args.cache_dir):
            db = os.path.join(tmp, f"{name}.db")
            with Memory.open(db, embedder=embedder) as mem:
                mem.add_many(memories, source="agent_recall", raw=True)
            with Memory.open(db, embedder=embedder, reembed=False) as mem:
                for q in queries:
                    write(name, q, mem)
            print(f"worker: {name} {len(queries)} queries", file=sys.stderr, flush=True)
        if args.locomo:
            _locomo(args, tmp, write)
    if args.synthetic:
        _synthetic(args, write)
    out.close()


def _locomo(args: argparse.Namespace, tmp: str, write: Any) -> None:
    from embedders import CachedEmbedder, load_locomo

    from vecmem import Memory
    from vecmem.embed.factory import build_embedder
    from vecmem.text import normalize

    convs = load_locomo(Path(args.locomo))
    embedder = CachedEmbedder(build_embedder("e5"), args.locomo_cache_dir)
    embedder.warm([normalize(t) for c in convs for _, t in c["turns"]], query=False)
    embedder.warm([q for c in convs for q, _, _ in c["queries"]], query=True)
    for conv in convs[: args.conversations]:
        with Memory.open(f"{tmp}/locomo.db", embedder=embedder, scope=str(conv["id"]),
                         reembed=False) as mem:
            mem.add_many([t for _, t in conv["turns"]], source="locomo", raw=True,
                         episode=True)
            for question, _, _ in conv["queries"]:
                write(f"locomo-{conv['id']}", question, mem)
        print(f"worker: locomo {conv['id']} {len(conv['queries'])} queries",
              file=sys.stderr, flush=True)


def _synthetic(args: argparse.Namespace, write: Any) -> None:
    import latency_ab
    import numpy as np
    import search_latency as b

    from vecmem import Memory

    texts, vecs = latency_ab.queries(args.synthetic, args.synthetic_queries)
    embedder = b.FixedQueryEmbedder()
    embedder.vectors = {t: np.asarray(v, dtype=np.float32) for t, v in vecs.items()}
    with Memory.open(args.synthetic, embedder=embedder, reembed=False) as mem:
        for t in texts:
            write("synthetic", t, mem)
    print(f"worker: synthetic {len(texts)} queries", file=sys.stderr, flush=True)


def _read(path: Path) -> dict[tuple[str, str, str], str]:
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            out[(row["store"], row["query"], row["call"])] = json.dumps(row["result"])
    return out


def compare(before: Path, after: Path) -> int:
    """Compare the result lists both files hold (a run cut short compares what it has)."""
    b, a = _read(before), _read(after)
    both = [key for key in b if key in a]
    differ = [key for key in both if b[key] != a[key]]
    for key in differ[:5]:
        print(f"DIFFERENT: {key}\n  before {b[key][:400]}\n  after  {a[key][:400]}")
    queries = {(s, q) for s, q, _ in both}
    nonempty = sum(1 for s, q, c in both if c == "default" and b[(s, q, c)] != "[]")
    stores = {s for s, _ in queries}
    print(f"{len(queries)} queries on {len(stores)} stores, {len(both)} result lists compared "
          f"(default / gate off / keyword / vector / explain trace; {nonempty} gated lists "
          f"non-empty); {len(differ)} differ; {len(set(b) ^ set(a))} on one side only")
    per: dict[str, int] = {}
    for s, _ in queries:
        per[s] = per.get(s, 0) + 1
    print("queries per store: " + ", ".join(f"{s} {n}" for s, n in sorted(per.items())))
    return 1 if differ else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--before", help="the 'before' tree's src folder")
    p.add_argument("--after", help="the 'after' tree's src folder")
    p.add_argument("--locomo", help="LoCoMo's locomo10.json (read, never copied)")
    p.add_argument("--conversations", type=int, default=3)
    p.add_argument("--synthetic", help="a store search_latency.py --keep-dir kept")
    p.add_argument("--synthetic-queries", type=int, default=50,
                   help="each costs ~0.5 s: explain reads the other statuses by FTS5")
    p.add_argument("--cache-dir", type=Path, default=Path("/tmp/vecmem-agent-recall-cache"))
    p.add_argument("--locomo-cache-dir", type=Path, default=Path("/tmp/vecmem-locomo-cache"))
    p.add_argument("--out-dir", type=Path, default=Path("/tmp/vecmem-identity"))
    p.add_argument("--compare-only", action="store_true",
                   help="compare the two files an earlier run left in --out-dir")
    p.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--out", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.worker:
        worker(args)
        return 0
    args.out_dir.mkdir(parents=True, exist_ok=True)
    files = {side: args.out_dir / f"{side}.jsonl" for side in ("before", "after")}
    if not args.compare_only:
        if not (args.before and args.after):
            p.error("--before and --after are required (or --compare-only)")
        passed = ["--conversations", str(args.conversations), "--cache-dir",
                  str(args.cache_dir), "--locomo-cache-dir", str(args.locomo_cache_dir),
                  "--synthetic-queries", str(args.synthetic_queries),
                  *(["--locomo", args.locomo] if args.locomo else []),
                  *(["--synthetic", args.synthetic] if args.synthetic else [])]
        for side, src in (("before", args.before), ("after", args.after)):
            env = dict(os.environ, OPENBLAS_NUM_THREADS="1",
                       PYTHONPATH=str(Path(src).resolve()))
            subprocess.run([sys.executable, __file__, *passed, "--worker", "--out",
                            str(files[side])], env=env, check=True)
    return compare(files["before"], files["after"])


if __name__ == "__main__":
    raise SystemExit(main())
