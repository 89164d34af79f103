"""The engine's one error type: a message a player can act on."""

from __future__ import annotations


class ScoringError(ValueError):
    """Raised for any input the engine cannot score, with a message for a person.

    >>> str(ScoringError("win tile 5s is not in the hand"))
    'win tile 5s is not in the hand'
    """
