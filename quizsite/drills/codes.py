"""Drill codes: six characters a class can read off a projector and type without confusion.

No look-alikes: no 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, U/V; uppercase only (typed lowercase is read
the same). 21 characters give 21^6 ≈ 86 million codes.
"""

from __future__ import annotations

import secrets

ALPHABET = "34679ACEFGHJKMNPRTWXY"  # no 0O QD 1IL 2Z 5S 8B UV
LENGTH = 6


def new_code() -> str:
    """A random code from the safe alphabet (`secrets`, so codes cannot be guessed in turn)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normalize(text: str) -> str:
    """A code as typed ("abc-def ", "abcdef") in its stored form ("ABCDEF")."""
    return "".join(c for c in text.upper() if c.isalnum())
