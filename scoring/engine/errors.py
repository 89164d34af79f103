"""The engine's one error type: a message a player can act on."""

from __future__ import annotations


def shorten(text: str, limit: int = 20) -> str:
    """Text quoted in a message, cut short when long (a 5,000-digit number, say).

    >>> shorten("9" * 30)
    '99999999999999999...'
    """
    return text if len(text) <= limit else f"{text[: limit - 3]}..."


class ScoringError(ValueError):
    """Raised for any input the engine cannot score, with a message for a person.

    >>> str(ScoringError("win tile 5s is not in the hand"))
    'win tile 5s is not in the hand'
    """
