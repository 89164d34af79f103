"""A worker's requests take turns (quizsite/turns.py): one computes at a time, in the order they
came; one that waits (its body from the network, the database's write lock past a moment)
steps aside so the others go on, and comes back first."""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable

import pytest
from django.contrib.sessions.models import Session
from django.db import connection, connections, transaction
from django.utils import timezone

from quizsite.sqlite.base import MOMENT
from quizsite.turns import TURNS, Turns, one_at_a_time
from tests.liveserver import locked_database


def queued(turns: Turns, action: Callable[[], None], *, back: bool = False) -> threading.Thread:
    """A thread that takes a turn, does `action` and gives the turn up; returned once it waits."""
    before = len(turns.waiting)

    def run() -> None:
        turns.take(back=back)
        try:
            action()
        finally:
            turns.give()

    thread = threading.Thread(target=run)
    thread.start()
    deadline = time.monotonic() + 5
    while len(turns.waiting) == before:
        assert time.monotonic() < deadline, "the thread never asked for its turn"
        time.sleep(0.001)
    return thread


def test_requests_take_their_turns_in_the_order_they_asked():
    turns, order = Turns(), []
    turns.take()
    threads = [queued(turns, lambda n=n: order.append(n)) for n in range(5)]
    assert order == []  # nobody computes while the turn is held
    turns.give()
    for thread in threads:
        thread.join(5)
    assert order == [0, 1, 2, 3, 4]
    assert not turns.taken and not turns.waiting


def test_a_request_back_from_a_wait_goes_before_those_not_begun():
    turns, order = Turns(), []
    turns.take()
    new = queued(turns, lambda: order.append("new"))
    back = queued(turns, lambda: order.append("back"), back=True)
    turns.give()
    new.join(5), back.join(5)
    assert order == ["back", "new"]


def test_a_request_stepping_aside_lets_the_next_compute_and_comes_back_first():
    turns, order = Turns(), []
    turns.take()
    other = queued(turns, lambda: order.append("other"))
    with turns.aside():
        other.join(5)  # the other request ran while this one waited
        assert order == ["other"] and not turns.holding()
    assert turns.holding()
    turns.give()


def test_a_worker_computes_one_request_at_a_time():
    now, most, mutex = [0], [0], threading.Lock()

    def app(environ, start_response):  # type: ignore[no-untyped-def]
        with mutex:
            now[0] += 1
            most[0] = max(most[0], now[0])
        time.sleep(0.01)  # it works (a sleep lets Python's other threads run)
        with mutex:
            now[0] -= 1
        start_response("200 OK", [])
        return [b"ok"]

    served = one_at_a_time(app)
    threads = [threading.Thread(target=served, args=({}, lambda *a: None)) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(5)
    assert most == [1]
    assert not TURNS.taken


class SlowBody(io.RawIOBase):
    """A request body that arrives once `arrived` is set."""

    def __init__(self, arrived: threading.Event) -> None:
        self.arrived = arrived

    def read(self, size: int = -1) -> bytes:
        assert self.arrived.wait(5)
        return b"answer=3900"


def test_a_request_waiting_for_its_body_lets_the_others_go_on():
    arrived, order = threading.Event(), []

    def app(environ, start_response):  # type: ignore[no-untyped-def]
        body = environ["wsgi.input"].read()
        order.append(body or b"lookup")
        arrived.set()  # the lookup ran while the post's body was on its way
        start_response("200 OK", [])
        return [b"ok"]

    served = one_at_a_time(app)
    post = threading.Thread(target=served, args=({"wsgi.input": SlowBody(arrived)}, print))
    post.start()
    time.sleep(0.05)
    lookup = threading.Thread(target=served, args=({"wsgi.input": io.BytesIO()}, print))
    lookup.start()
    post.join(5), lookup.join(5)
    assert order == [b"lookup", b"answer=3900"]


def read_while_a_write_waits(writing: Callable[[], None]) -> None:
    """In a worker's turns, `writing` while the test holds the database's write lock, then a
    read: the read goes on while the write waits (it stepped aside after a moment), and the
    write is done once the lock is gone."""
    events: list[str] = []

    def write() -> None:
        TURNS.take()
        try:
            writing()
            events.append("written")
        finally:
            TURNS.give()
            connections.close_all()

    def read() -> None:
        TURNS.take()
        events.append("read")
        TURNS.give()

    writer = threading.Thread(target=write)
    with locked_database():
        writer.start()
        time.sleep(MOMENT + 0.4)  # the write waited a moment in its turn, then stepped aside
        reader = threading.Thread(target=read)
        reader.start()
        reader.join(5)
        assert events == ["read"]  # the read went on while the write waited
    writer.join(10)
    assert events == ["read", "written"]  # once the lock was gone, the write was done
    assert not TURNS.taken


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's one write lock")
def test_a_write_finding_the_database_locked_steps_aside_after_a_moment():
    def writing() -> None:
        with transaction.atomic():  # BEGIN IMMEDIATE waits for the lock the test holds
            Session.objects.create(
                session_key="w" * 32, session_data="", expire_date=timezone.now()
            )

    read_while_a_write_waits(writing)
    assert Session.objects.filter(session_key="w" * 32).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's one write lock")
def test_a_write_outside_a_transaction_steps_aside_too():
    Session.objects.create(session_key="u" * 32, session_data="", expire_date=timezone.now())

    def writing() -> None:  # one UPDATE on its own (autocommit), as `save(update_fields=...)`
        Session.objects.filter(session_key="u" * 32).update(session_data="later")

    read_while_a_write_waits(writing)
    assert Session.objects.get(session_key="u" * 32).session_data == "later"
