"""Browser tests: Playwright's Chromium driving the site on pytest-django's live server.

Every test in this folder gets a `page` (pytest-playwright) and should use `live_server`
for its address. Chromium is Debian's /usr/bin/chromium when it exists, else Playwright's
own; with neither the tests fail and say how to install one (they are never skipped).
"""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DEBIAN_CHROMIUM = Path("/usr/bin/chromium")
QUIET_CHROMIUM = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
INSTALL_HELP = (
    "No Chromium for the browser tests. Install Debian's with `sudo apt-get install -y "
    "chromium` (or run .ci/run as root), or Playwright's with "
    "`.venv/bin/python -m playwright install chromium`."
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: a browser test (Playwright on the live server)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # This hook sees every collected test, not only this folder's: filter on the path.
    for item in items:
        if HERE in Path(item.path).parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright):
    args = {**browser_type_launch_args}
    args["args"] = [*args.get("args", []), *QUIET_CHROMIUM]
    if DEBIAN_CHROMIUM.exists():
        args["executable_path"] = str(DEBIAN_CHROMIUM)
    elif not Path(playwright.chromium.executable_path).exists():
        pytest.fail(INSTALL_HELP, pytrace=False)
    return args


@pytest.fixture
def site(live_server, page):
    """The live server's address, with the page's default wait shortened for quick failures."""
    page.set_default_timeout(10_000)
    return live_server.url
