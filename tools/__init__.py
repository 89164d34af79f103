"""Tenbō's developer tools (not shipped): `python -m tools.messages`, `python -m tools.pseudo`."""
