"""One bounded connection pool per process and database URL, shared by every store on it.

Before pools, every ``PostgresStore`` (one per ``Memory``, so one per scope in
``vecmem serve``) kept one connection per thread that ever used it: 8 clients across 64
scopes held all 100 server connections, and kept them after the load stopped. Now every
store on one URL in one process borrows from the same ``psycopg_pool.ConnectionPool``:

* at most ``size`` connections (the ``pg_pool_size`` setting) are ever open, whatever the
  number of scopes or threads; a borrower waits up to ``timeout`` seconds for one and then
  gets a ``StoreError`` that says the pool is exhausted and how to raise it;
* a connection is borrowed for one outermost transaction and returned at its end; the
  pool keeps one idle connection and closes the others one per ``MAX_IDLE`` seconds idle;
* the pool belongs to the process that made it: a forked child makes its own, and never
  touches (or closes) the parent's sockets;
* the last store to close its handle closes the pool.

A returned connection never carries a lock: vecmem's write locks are transaction-level
advisory locks, released by the COMMIT/ROLLBACK that ends every borrowing, and a
connection returned mid-transaction is rolled back (or discarded) by the pool. The only
session-level lock (the index-build lock) is released by :func:`_reset` when the
connection comes back, in the returning thread, before any reuse.
"""

from __future__ import annotations

import functools
import logging
import os
import threading
import time
from typing import Any, ClassVar

import psycopg
from psycopg_pool import ConnectionPool, PoolTimeout

from vecmem.errors import StoreError

__all__ = ["DEFAULT_SIZE", "MAX_IDLE", "PooledConnection", "SharedPool", "shared_pool"]

_log = logging.getLogger("vecmem.store.postgres")

#: Connections per process and URL when the setting is not given (PostgreSQL's default
#: ``max_connections`` is 100: ten processes of vecmem fit beside an admin session).
DEFAULT_SIZE = 10
#: Seconds a borrower waits for a free connection before the pool reports exhaustion.
DEFAULT_TIMEOUT = 30.0
#: Seconds between looks at why no connection came (see ``SharedPool.getconn``).
_POLL = 0.25
#: Seconds an unused connection stays open (beyond the one the pool keeps).
MAX_IDLE = 60.0


class PooledConnection(psycopg.Connection[Any]):
    """A pool's connection: remembers its session settings and why it last failed."""

    #: hnsw.ef_search set as the session default (``None``: not set).
    ef_search: int | None = None
    #: the ``vector`` type oid whose adapters are registered on this connection.
    vector_oid: int | None = None
    #: a session-level advisory lock was taken: release it before the next borrower.
    session_locks: bool = False
    #: the last connection failure per conninfo (the pool only says "timeout").
    last_failure: ClassVar[dict[str, tuple[float, str]]] = {}

    @classmethod
    def connect(cls, conninfo: str = "", **kwargs: Any) -> PooledConnection:  # type: ignore[override]
        try:
            return super().connect(conninfo, **kwargs)  # type: ignore[return-value]
        except psycopg.Error as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else "no answer"
            cls.last_failure[conninfo] = (time.monotonic(), first)
            raise


def _configure(conn: PooledConnection, *, ef_search: int) -> None:
    conn.ef_search = ef_search  # set by the startup options


def _reset(conn: PooledConnection) -> None:
    if conn.session_locks:
        conn.execute("SELECT pg_advisory_unlock_all()")
        conn.execute("RESET maintenance_work_mem")
        conn.session_locks = False


class SharedPool:
    """A process's pool for one URL, with a count of the stores holding it."""

    def __init__(self, dsn: str, shown_url: str, size: int, timeout: float, *,
                 connect_timeout: int, options: str, ef_search: int) -> None:
        self.dsn = dsn
        self.url = shown_url
        self.size = size
        self.timeout = timeout
        self.pid = os.getpid()
        self.users = 0
        self._pool: ConnectionPool[PooledConnection] = ConnectionPool(
            dsn,
            connection_class=PooledConnection,
            # Session settings travel in the startup packet: no round trip per connection.
            kwargs={"autocommit": True, "connect_timeout": connect_timeout,
                    "application_name": "vecmem", "options": options},
            min_size=1,
            max_size=size,
            timeout=timeout,
            max_idle=MAX_IDLE,
            configure=functools.partial(_configure, ef_search=ef_search),
            # No ``reset=`` callback: with one, psycopg_pool returns every connection
            # through a worker task, and a task still queued when the pool closes is
            # dropped with its connection open (found as a connection left on the server
            # after the last store closed, under load). ``putconn`` resets it itself.
            name=f"vecmem {shown_url}",
            open=False,
        )
        self._pool.open(wait=False)

    def getconn(self) -> PooledConnection:
        """A connection for one transaction, or ``StoreError`` once ``timeout`` passed."""
        started = time.monotonic()
        deadline = started + self.timeout
        while True:
            # Short waits, so that a server that refuses connections (down, wrong host,
            # too many clients) is reported at once rather than after the whole timeout:
            # the pool connects in its own threads and would only say "timeout".
            wait = min(_POLL, max(deadline - time.monotonic(), 0.0))
            try:
                return self._pool.getconn(timeout=wait)
            except PoolTimeout:
                failure = PooledConnection.last_failure.get(self.dsn)
                if failure is not None and failure[0] >= started:
                    raise StoreError(f"cannot connect to {self.url} ({failure[1]})") from None
                if time.monotonic() >= deadline:
                    raise StoreError(
                        f"all {self.size} connections of this process to {self.url} stayed "
                        f"busy for {self.timeout:g} s; raise pg_pool_size "
                        "(VECMEM_PG_POOL_SIZE) if the server allows more connections, or "
                        "send fewer concurrent requests"
                    ) from None
            except psycopg.Error as exc:
                raise StoreError(f"cannot connect to {self.url} ({exc})") from None

    def putconn(self, conn: PooledConnection) -> None:
        """Give ``conn`` back, reset first; the pool closes it if the pool is closed."""
        if conn.session_locks and not (conn.closed or conn.broken):
            try:
                _reset(conn)
            except psycopg.Error:
                conn.close()  # one that cannot be reset is not lent again
        self._pool.putconn(conn)

    def discard_broken(self) -> None:
        """Test the idle connections and drop the dead ones (after a server restart)."""
        self._pool.check()

    def stats(self) -> dict[str, int]:
        return dict(self._pool.get_stats())

    def close(self) -> None:
        if self.pid == os.getpid():
            self._pool.close(timeout=5)


_POOLS: dict[tuple[int, str], SharedPool] = {}
_LOCK = threading.Lock()


def shared_pool(dsn: str, shown_url: str, *, size: int, timeout: float, connect_timeout: int,
                options: str, ef_search: int) -> SharedPool:
    """This process's pool for ``dsn`` (made on first use); call :func:`release` once done.

    The first store to ask sizes the pool; a later one asking for another size is told in
    the log, not obeyed: one process, one cap.
    """
    key = (os.getpid(), dsn)
    with _LOCK:
        pool = _POOLS.get(key)
        if pool is None:
            pool = _POOLS[key] = SharedPool(dsn, shown_url, size, timeout,
                                            connect_timeout=connect_timeout, options=options,
                                            ef_search=ef_search)
        elif pool.size != size:
            _log.info("vecmem: the pool to %s already has %d connections; %d ignored",
                      shown_url, pool.size, size)
        pool.users += 1
        return pool


def release(pool: SharedPool) -> None:
    """One store is done with ``pool``; the last one closes it."""
    with _LOCK:
        pool.users -= 1
        if pool.users > 0 or pool.pid != os.getpid():
            return
        _POOLS.pop((pool.pid, pool.dsn), None)
    pool.close()
