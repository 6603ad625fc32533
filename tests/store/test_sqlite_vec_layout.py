"""Vectors are stored in the layout sqlite-vec reads: its functions work on our blobs.

This Python cannot load SQLite extensions, so the check goes through apsw (its own SQLite
build, which can) on the very file vecmem wrote.
"""

from __future__ import annotations

import numpy as np
import pytest

from vecmem import Memory

apsw = pytest.importorskip("apsw")
sqlite_vec = pytest.importorskip("sqlite_vec")


def test_sqlite_vec_reads_the_stored_vectors(mem: Memory, db_path: str) -> None:
    a = mem.add("用户偏好：回答简洁务实").memory_id
    b = mem.add("The staging server runs PostgreSQL 16").memory_id
    with mem.store.transaction(write=False) as tx:
        model_a, va = tx.get_vector(a)
        _, vb = tx.get_vector(b)
    conn = apsw.Connection(db_path)
    conn.enable_load_extension(True)
    conn.load_extension(sqlite_vec.loadable_path())
    rows = dict(conn.execute(
        "SELECT memory_id, vec_length(vector) FROM memory_vectors ORDER BY memory_id"))
    assert rows == {a: len(va), b: len(vb)}
    (distance,) = conn.execute(
        "SELECT vec_distance_cosine(x.vector, y.vector) FROM memory_vectors x, memory_vectors y "
        "WHERE x.memory_id = ? AND y.memory_id = ?", (a, b)).fetchone()
    expected = 1.0 - float(np.dot(va, vb) / (np.linalg.norm(va) * np.linalg.norm(vb)))
    assert distance == pytest.approx(expected, abs=1e-5)
    assert model_a == mem.context.model_id
    conn.close()
