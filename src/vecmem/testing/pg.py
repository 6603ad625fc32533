"""A throwaway PostgreSQL 16 + pgvector for tests and benchmarks, no manual step needed.

``pgserver`` (PyPI, a dev dependency) ships PostgreSQL 16 binaries with pgvector 0.6.2. It
listens on a Unix socket only (no TCP port, nothing reachable from outside) in a temporary
folder, and is stopped and deleted at the end::

    with start_postgres() as url:          # "postgresql://postgres:@/postgres?host=/tmp/…"
        db = create_database(url)          # a fresh, empty database per test
        store = PostgresStore(db)

Running as root: PostgreSQL refuses to run as root, so pgserver creates (``useradd``) a
system user ``pgserver`` and runs ``initdb``/``pg_ctl`` as that user; it also adds
``o+rx`` to every parent folder of the data folder and of its own binaries so that user
can reach them. Nothing else is needed; this module only makes the temporary folder.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

# Imported here so that ``from vecmem.testing.pg import start_postgres`` raises ImportError
# (and a test fixture can skip with the reason) when the dev dependency is missing.
try:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns when XDG_RUNTIME_DIR is unset
        import pgserver
except ImportError as _exc:  # pragma: no cover - depends on the dev extra
    raise ImportError(
        f"pgserver is not installed ({_exc}); pip install pgserver==0.1.4"
    ) from _exc

__all__ = [
    "PgServer",
    "create_database",
    "database_url",
    "drop_database",
    "pgserver_available",
    "start_postgres",
]


def pgserver_available() -> tuple[bool, str]:
    """Whether a throwaway server can be started here, and if not, why (for skip reasons)."""
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        return False, f"psycopg is not installed ({exc}); pip install 'psycopg[binary]'"
    return True, ""


def database_url(server_url: str, name: str) -> str:
    """``server_url`` pointing at database ``name`` (keeps the socket ``?host=…`` query)."""
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path="/" + name))


class PgServer:
    """A running throwaway server; :meth:`stop` stops it and deletes its files."""

    def __init__(self, root: Path, server: Any) -> None:
        self.root = root
        self._server = server
        self.url: str = server.get_uri()
        self._stopped = False

    def create_database(self, name: str | None = None) -> str:
        return create_database(self.url, name)

    def configure(self, settings: dict[str, str]) -> None:
        """``ALTER SYSTEM`` each setting; reload, or restart if one needs it (shared_buffers)."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url, autocommit=True) as conn:
            restart = False
            for name, value in settings.items():
                context = conn.execute(
                    "SELECT context FROM pg_settings WHERE name = %s", [name]
                ).fetchone()
                if context is None:
                    raise ValueError(f"unknown PostgreSQL setting {name!r}")
                restart = restart or context[0] == "postmaster"
                conn.execute(
                    sql.SQL("ALTER SYSTEM SET {} = {}").format(
                        sql.Identifier(name), sql.Literal(str(value))
                    )
                )
            if not restart:
                conn.execute("SELECT pg_reload_conf()")
        if restart:
            self.restart()

    def restart(self) -> None:
        """``pg_ctl restart`` (same socket, same options) and refresh pgserver's view of it."""
        from pgserver._commands import pg_ctl
        from pgserver.utils import PostmasterInfo

        pgdata = self._server.pgdata
        pg_ctl(["-w", "-t", "120", "restart"], pgdata=pgdata, user=self._server.system_user,
               timeout=180)
        # pgserver stops "its" postmaster at cleanup by pid: point it at the new one.
        self._server._postmaster_info = PostmasterInfo.read_from_pgdata(pgdata)

    def stop(self) -> None:
        if self._stopped:
            return
        self._stopped = True
        try:
            # pg_ctl stop (fast mode: open client connections are cut) + rm -rf of pgdata.
            self._server.cleanup()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)


def start_server(
    parent: str | Path | None = None, *, settings: dict[str, str] | None = None
) -> PgServer:
    """Start a server in a new temporary folder (under ``parent`` if given).

    ``settings`` are PostgreSQL settings (e.g. ``{"shared_buffers": "2GB"}``) applied
    before the server is handed out.
    """
    ok, reason = pgserver_available()
    if not ok:
        raise ImportError(reason)
    # Short path: the Unix socket lives in the data folder and sun_path is ~107 bytes.
    root = Path(tempfile.mkdtemp(prefix="vecmem-pg-", dir=parent))
    try:
        with _initdb_without_fsync():
            server = pgserver.get_server(root / "data", cleanup_mode="delete")
        _tune_for_tests(server.get_uri())
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    handle = PgServer(root, server)
    if settings:
        try:
            handle.configure(settings)
        except BaseException:
            handle.stop()
            raise
    return handle


@contextlib.contextmanager
def _initdb_without_fsync() -> Iterator[None]:
    """Run pgserver's ``initdb`` with ``--no-sync``: a throwaway cluster needs no fsync.

    initdb spends most of its ~6 s syncing files to disk. pgserver 0.1.4 passes fixed
    arguments, so wrap the function it calls; if its internals ever differ, do nothing.
    """
    module = getattr(pgserver, "postgres_server", None)
    original = getattr(module, "initdb", None)
    if module is None or not callable(original):
        yield
        return

    def initdb(args: list[str], *a: Any, **kw: Any) -> Any:
        return original([*args, "--no-sync"], *a, **kw)

    module.initdb = initdb
    try:
        yield
    finally:
        module.initdb = original


def _tune_for_tests(url: str) -> None:
    """No durability for a server that is deleted afterwards: faster commits and shutdown."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for name, value in (("fsync", "off"), ("synchronous_commit", "off"),
                            ("full_page_writes", "off")):
            conn.execute(f"ALTER SYSTEM SET {name} = '{value}'")
        conn.execute("SELECT pg_reload_conf()")


@contextlib.contextmanager
def start_postgres(parent: str | Path | None = None) -> Iterator[str]:
    """A running throwaway server for the ``with`` block; yields its admin URL."""
    server = start_server(parent)
    try:
        yield server.url
    finally:
        server.stop()


def create_database(server_url: str, name: str | None = None) -> str:
    """Create an empty database (UTF-8, C collation: byte order like SQLite) and return its URL.

    Cheaper than cleaning tables between tests, and the only way to start from zero on
    tables whose triggers refuse deletes (events, memories).
    """
    import psycopg
    from psycopg import sql

    name = name or "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(
            sql.SQL(
                "CREATE DATABASE {} TEMPLATE template0 ENCODING 'UTF8' "
                "LC_COLLATE 'C' LC_CTYPE 'C'"
            ).format(sql.Identifier(name))
        )
    return database_url(server_url, name)


def drop_database(server_url: str, name: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(
            sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
        )
