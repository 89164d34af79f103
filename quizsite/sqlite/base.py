"""Django's SQLite backend, with one change: a statement that finds the write lock taken lets
the worker's other requests go on while it waits.

SQLite lets one writer in at a time: a statement that needs the write lock while another
connection holds it (an immediate transaction's `BEGIN`, as every transaction of the site is;
an INSERT, UPDATE or DELETE outside a transaction) waits in SQLite's busy handler, up to the
database's `timeout` (`TENBO_DB_LOCK_TIMEOUT`), before the site answers 503. Requests of a
worker take turns (`quizsite.turns`). Such a statement first waits a moment (`MOMENT`) in its
turn, as a sync worker would, which is all it waits while writes come and go; if the lock is
still taken (a long write, another program holding the database), nothing has been done, and it
steps aside for the rest of the wait so that the worker's other requests are answered
meanwhile, and comes back first. Statements inside a transaction hold the lock already.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db.backends.sqlite3 import base

from quizsite.turns import TURNS

MOMENT = 0.1  # seconds a statement waits for the write lock in its turn
LOCKING = ("BEGIN", "INSERT", "UPDATE", "DELETE", "REPLACE")  # statements that take the lock
T = TypeVar("T")


def locked(error: Exception) -> bool:
    """SQLite's "database is locked": the lock did not come in time, and nothing was done."""
    return getattr(error, "sqlite_errorcode", 0) & 0xFF == base.Database.SQLITE_BUSY


class CursorWrapper(base.SQLiteCursorWrapper):
    waits = 5000  # the database's busy timeout in milliseconds (set by the connection)

    def execute(self, query: str, params: Any = None) -> Any:
        if self.takes_lock(query):
            return self.in_turn(lambda: super(CursorWrapper, self).execute(query, params))
        return super().execute(query, params)

    def executemany(self, query: str, param_list: Any) -> Any:
        if self.takes_lock(query):
            rows = list(param_list)  # run again if the first try found the lock taken
            return self.in_turn(lambda: super(CursorWrapper, self).executemany(query, rows))
        return super().executemany(query, param_list)

    def takes_lock(self, query: str) -> bool:
        """A statement that waits for the write lock, by a thread whose turn it is."""
        return (
            TURNS.holding()
            and not self.connection.in_transaction
            and query.lstrip()[:7].upper().startswith(LOCKING)
        )

    def in_turn(self, run: Callable[[], T]) -> T:
        """`run` if the lock comes within a moment; else, aside, within the database's wait."""
        connection = self.connection
        connection.execute(f"PRAGMA busy_timeout = {int(MOMENT * 1000)}")
        try:
            return run()
        except base.Database.OperationalError as error:
            if not locked(error):
                raise
        finally:
            connection.execute(f"PRAGMA busy_timeout = {self.waits}")
        with TURNS.aside():
            return run()


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name: str | None = None) -> Any:
        cursor = self.connection.cursor(factory=CursorWrapper)
        cursor.waits = int(float(self.settings_dict["OPTIONS"].get("timeout", 5)) * 1000)
        return cursor
