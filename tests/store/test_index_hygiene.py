"""Index hygiene (issue 18): a row change that leaves the vector alone (a duplicate's hit
count bumps the row's change number) must not re-insert the vector into the HNSW graph.

Reproduced on main: every duplicate re-upserted its vector, each re-insert leaving a
deleted label behind in the graph, and ANN recall@10 fell (0.987 -> 0.93 in the issue's
run). Now the graph is untouched by hits and recall stays where it was.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from vecmem import Memory
from vecmem.embed.hashing import HashingEmbedder

N = 1200
ROUNDS = 3


def _texts() -> list[str]:
    nouns = ["gateway", "billing", "search", "backup", "mailer", "scheduler", "ledger",
             "profile", "upload", "report", "metrics", "session"]
    return [f"The {nouns[i % len(nouns)]} service number {i} runs on host h{i % 53} port "
            f"{9000 + i} with {i % 7} replicas" for i in range(N)]


def _recall(index: object, queries: np.ndarray, k: int = 10) -> float:
    """ANN recall@k against the exact scan; a hit as close as the k-th exact neighbour
    counts (the hashing embedder makes ties)."""
    hits = 0
    for q in queries:
        exact = index._exact(q / np.linalg.norm(q), k)  # type: ignore[attr-defined]
        floor = exact[-1][1] - 1e-6
        hits += min(k, sum(1 for _, s in index.search(q, k)  # type: ignore[attr-defined]
                           if s >= floor))
    return hits / (k * len(queries))


def test_hits_do_not_reinsert_vectors(tmp_path: Path) -> None:
    texts = _texts()
    with Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder(),
                     ann_threshold=200) as mem:
        assert all(r.decision == "store" for r in mem.add_many(texts, raw=True))
        mem.search("gateway service", k=5)  # sync the index
        index = next(iter(mem.store._indexes.values()))  # type: ignore[attr-defined]
        assert index.uses_ann
        queries = np.asarray(mem.context.embedder.embed_documents(texts[::12]),
                             dtype=np.float32)
        before, changes = _recall(index, queries), index.changes
        for _ in range(ROUNDS):
            results = mem.add_many(texts, raw=True)
            assert all(r.decision == "duplicate" for r in results)
        mem.search("gateway service", k=5)
        # Not one vector re-inserted: the graph is the one that was measured before.
        assert index.changes == changes
        after = _recall(index, queries)
        print(f"ANN recall@10 before {before:.3f}, after {ROUNDS} rounds of hits {after:.3f}")
        assert after >= before


def test_doctor_measures_ann_recall_and_rebuilds_a_degraded_graph(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from vecmem.engine import doctor as doctor_mod

    with Memory.open(str(tmp_path / "m.db"), embedder=HashingEmbedder(),
                     ann_threshold=200) as mem:
        mem.add_many(_texts()[:600], raw=True)
        recall = mem.store.ann_recall(mem.scope, mem.context.model_id,
                                      mem.context.embedder.dim)
        assert recall is not None and recall >= doctor_mod.ANN_RECALL_MIN
        assert mem.doctor().findings["low_ann_recall"] == []
        # A threshold no graph can meet stands in for a degraded one.
        monkeypatch.setattr(doctor_mod, "ANN_RECALL_MIN", 1.01)
        report = mem.doctor()
        assert report.findings["low_ann_recall"] == [round(recall, 4)]
        assert [a["action"] for a in report.actions] == ["rebuild_vector_index"]
        done = mem.doctor(repair=True)
        assert done.repaired and not mem.store._indexes  # type: ignore[attr-defined]
        assert mem.search("gateway service number 12", k=1)
