"""Small helpers for reading the site's HTML in view tests."""

from __future__ import annotations

import html
import re

HX = {"HTTP_HX_REQUEST": "true"}


def text_of(response) -> str:
    """The response body with tags removed and whitespace collapsed."""
    body = response.content.decode()
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split())


def is_full_page(response) -> bool:
    return b"<html" in response.content


def table_entry(response, *, han: int, fu: int, dealer: bool, tsumo: bool) -> str:
    """The amount shown in the table for one win (the link's text)."""
    params = f"han={han}&amp;fu={fu}&amp;dealer={int(dealer)}&amp;tsumo={int(tsumo)}"
    pattern = (
        r'<a class="entry [a-z]+" href="[^"]*' + re.escape(params) + r'"[^>]*>'
        r'<span class="visually-hidden">[a-z]+ </span>'
        r'<span class="amount">((?:[^<]|<wbr>)+)</span></a>'
    )
    match = re.search(pattern, response.content.decode())
    assert match, f"no entry for {params}"
    return match.group(1).replace("<wbr>", "")  # a line may break after a tsumo's slash
