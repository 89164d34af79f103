"""One request computes at a time in a worker process, in the order they came; a request that
waits (for the database's write lock, for its body from the network) steps aside meanwhile.

Why: the deployment runs threaded workers (gunicorn.conf.py) so that reads go on while writes
wait. But threads of one process share Python's lock, which hands itself over every few
milliseconds to whichever thread asks: a request holding SQLite's write lock was stretched from
about 1.4 ms of work to 6 ms by the other threads' turns, and every writer of every process
waited for it (docs/benchmarks.md, the fifth sitting). Taking turns, a worker computes as a sync
worker does (each request to its end, first come first served) and still has its threads for
requests that wait: a write finding the database locked steps aside after a moment
(`quizsite.sqlite`), and comes back ahead of the requests that have not started.

Used only with SQLite (quizsite/wsgi.py): on PostgreSQL writers do not share one lock, and a
request waiting there for a row cannot be told apart from one that is working.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any


class Turns:
    """A baton passed from request to request in the order they asked for it; a request coming
    back from a wait goes before those that have not begun."""

    def __init__(self) -> None:
        self.mutex = threading.Lock()
        self.taken = False
        self.waiting: deque[threading.Lock] = deque()
        self.local = threading.local()

    def take(self, *, back: bool = False) -> None:
        with self.mutex:
            if not self.taken:
                self.taken = True
                self.local.holding = True
                return
            baton = threading.Lock()
            baton.acquire()
            if back:
                self.waiting.appendleft(baton)
            else:
                self.waiting.append(baton)
        baton.acquire()  # released by the request handing the baton over
        self.local.holding = True

    def give(self) -> None:
        self.local.holding = False
        with self.mutex:
            if self.waiting:
                self.waiting.popleft().release()  # still taken: handed to the next
            else:
                self.taken = False

    def holding(self) -> bool:
        return getattr(self.local, "holding", False)

    @contextmanager
    def aside(self) -> Iterator[None]:
        """Let the next request compute while this one waits; back at the front afterwards."""
        if not self.holding():
            yield
            return
        self.give()
        try:
            yield
        finally:
            self.take(back=True)


TURNS = Turns()


class Input:
    """The request's body as the server reads it from the network, each read aside."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream

    def read(self, *args: Any) -> bytes:
        with TURNS.aside():
            return self.stream.read(*args)  # type: ignore[no-any-return]

    def readline(self, *args: Any) -> bytes:
        with TURNS.aside():
            return self.stream.readline(*args)  # type: ignore[no-any-return]

    def readlines(self, *args: Any) -> list[bytes]:
        with TURNS.aside():
            return self.stream.readlines(*args)  # type: ignore[no-any-return]

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")


App = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def one_at_a_time(app: App) -> App:
    """The WSGI application, run in turns. The response is sent after the turn is given up."""

    def in_turn(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if "wsgi.input" in environ:
            environ["wsgi.input"] = Input(environ["wsgi.input"])
        TURNS.take()
        try:
            return app(environ, start_response)
        finally:
            TURNS.give()

    return in_turn
