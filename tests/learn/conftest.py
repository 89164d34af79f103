"""The reference's tests read English pages and links: each starts in English, whatever
language an earlier test's request left active in the thread."""

from collections.abc import Iterator

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    with translation.override("en"):
        yield
