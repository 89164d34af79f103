"""The progress page's bars: each is an SVG rect as wide as its row's percentage (an attribute,
which the Content-Security-Policy allows, where a style attribute would be refused)."""

from __future__ import annotations

import re

import pytest

from tests.factory import post_answer, question

pytestmark = pytest.mark.django_db

BAR_ROW = re.compile(
    r'<li class="bar-row">.*?<rect class="bar-fill cell-(\w+)" width="(\d+)" height="10"/>'
    r'.*?<span class="bar-text">(\d+)% · ',
    re.S,
)


def test_each_bar_is_as_wide_as_its_percentage(client):
    for seed, right in ((5, True), (6, False), (7, True), (8, True), (11, False)):
        post_answer(client, question(seed, "fu"), right=right)
    page = client.get("/progress/").content.decode()
    rows = BAR_ROW.findall(page)
    assert len(rows) >= 3, page
    for band, width, percent in rows:
        assert width == percent and band in {"good", "fair", "weak"}
    assert len({width for _, width, _ in rows}) > 1  # the rows differ: the widths follow them
    assert "style=" not in page
