"""Django's SQLite backend, with one change: a transaction that finds the write lock taken lets
the worker's other requests go on while it waits.

Every transaction of the site is immediate: it takes SQLite's write lock as it begins, and a
second writer waits in SQLite's busy handler (up to the database's `timeout`,
`TENBO_DB_LOCK_TIMEOUT`) before the site answers 503. Requests of a worker take turns
(`quizsite.turns`). A transaction first waits for the lock a moment (`MOMENT`) in its turn, as
a sync worker would, which is all a write waits while writes come and go; if the lock is still
taken (a long write, another program holding the database), it steps aside for the rest of the
wait so that the worker's other requests are answered meanwhile, and comes back first.
"""

from __future__ import annotations

from django.db.backends.sqlite3 import base

from quizsite.turns import TURNS

MOMENT = 0.1  # seconds a write waits for the lock in its turn


class DatabaseWrapper(base.DatabaseWrapper):
    def _start_transaction_under_autocommit(self) -> None:
        if not TURNS.holding() or self.transaction_mode is None:
            super()._start_transaction_under_autocommit()
            return
        if self.begin_within(MOMENT):
            return
        with TURNS.aside():
            super()._start_transaction_under_autocommit()

    def begin_within(self, seconds: float) -> bool:
        """Begin if the write lock comes within `seconds`; False if it does not."""
        cursor = self.connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        try:
            cursor.execute(f"BEGIN {self.transaction_mode}")
        except base.Database.OperationalError:
            return False
        finally:
            timeout = float(self.settings_dict["OPTIONS"].get("timeout", 5))
            cursor.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
        return True
