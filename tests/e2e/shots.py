"""Screenshots the browser tests leave in `screenshots/` for a person to look at."""

from pathlib import Path

from playwright.sync_api import Page

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
WIDTHS = (390, 1280)


def shoot(page: Page, name: str) -> None:
    """The whole page at phone and desktop widths (`<name>-390.png`, `<name>-1280.png`); the
    page is left at the size it had."""
    SCREENSHOTS.mkdir(exist_ok=True)
    size = page.viewport_size or {"width": 1280, "height": 900}
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900 if width > 600 else 844})
        page.screenshot(path=SCREENSHOTS / f"{name}-{width}.png", full_page=True)
    page.set_viewport_size(size)
