"""A link as a QR code, for a drill's share page and whatever else shares a link the same way
(a class's join link, a student's sign-in card)."""

from __future__ import annotations

import segno
from django.utils.translation import gettext as _


def qr_code(link: str) -> str:
    """The link as an inline SVG QR code that scales to the box CSS gives it."""
    return segno.make(link, error="m").svg_inline(
        scale=5, dark="#1d1d1f", title=_("QR code: %(link)s") % {"link": link}, omitsize=True
    )
