"""The accounts' tests count tries against rate limits."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest
from django_ratelimit import core


@pytest.fixture(autouse=True)
def steady_rate_windows(monkeypatch):
    """A limit counts in fixed windows (5 minutes, an hour...): a test that ran across the end
    of one would see its count start again. The limits' clock stands still during a test."""
    now = time.time()
    monkeypatch.setattr(core, "time", SimpleNamespace(time=lambda: now))
