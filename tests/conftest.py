"""Shared test set-up."""

import os

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis' per-example deadline is a wall-clock gate: on a busy machine it fails tests that
# are right. Examples are kept few instead (max_examples per test).
from hypothesis import settings  # noqa: E402

settings.register_profile("tenbo", deadline=None)
settings.load_profile("tenbo")
