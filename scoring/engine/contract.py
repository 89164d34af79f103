"""The engine's edge in one import: the request (`request`: input, parsed and checked) and
the result (`result`: output, as JSON). The two live apart so that `evaluate` and `explain`
can use the request without importing the result that is built from them."""

from __future__ import annotations

from .request import (
    DEFAULTS,
    FIELDS,
    FLAGS,
    Meld,
    Request,
    check_copies,
    parse_meld,
    parse_request,
)
from .result import Result, reading_json

__all__ = [
    "DEFAULTS",
    "FIELDS",
    "FLAGS",
    "Meld",
    "Request",
    "Result",
    "check_copies",
    "parse_meld",
    "parse_request",
    "reading_json",
]
