"""Browser tests: Playwright's Chromium driving the site on pytest-django's live server.

Every test in this folder gets a `page` (pytest-playwright) and should use `live_server`
for its address. Chromium is Debian's /usr/bin/chromium when it exists, else Playwright's
own; with neither the tests fail and say how to install one (they are never skipped).

The site sends its Content-Security-Policy here as in production, and every page any test
opens (its `page`, or one of a context it makes itself) is watched: a violation of the
policy (an inline script, handler or style, an `eval`, a file from elsewhere), or a header
the browser cannot read, fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page

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


# Runs in every page before its own scripts: each violation the browser reports is also said
# on the console (where Chromium already logs most of them), marked for the watcher below.
CSP_REPORTER = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} refused ${event.blockedURI || "inline"}`
    + ` in ${event.sourceFile || event.documentURI}:${event.lineNumber}`
    + (event.sample ? ` (${event.sample})` : ""));
}, true);
"""


def is_csp_violation(text: str) -> bool:
    """A CSP violation, or a feature the Permissions-Policy names that the browser does not know."""
    return (
        text.startswith("CSP violation:")
        or "Content Security Policy" in text
        or "Error with Permissions-Policy header" in text
    )


@pytest.fixture(autouse=True)
def csp_violations(browser: Browser, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every CSP violation on the test's pages; the test fails if any is left at its end.

    A test that provokes one on purpose reads the list and empties it.
    """
    found: list[str] = []

    def watch_page(page: Page) -> None:
        def heard(message: ConsoleMessage) -> None:
            if is_csp_violation(message.text):
                found.append(f"{page.url}: {message.text}")

        page.on("console", heard)

    def watch_context(context: BrowserContext) -> BrowserContext:
        context.add_init_script(CSP_REPORTER)
        context.on("page", watch_page)
        for page in context.pages:
            watch_page(page)
        return context

    new_context = browser.new_context
    new_page = browser.new_page
    monkeypatch.setattr(browser, "new_context", lambda *a, **k: watch_context(new_context(*a, **k)))

    def watched_new_page(*args, **kwargs) -> Page:
        page = new_page(*args, **kwargs)
        watch_context(page.context)  # watches the page too: it is already in the context
        return page

    monkeypatch.setattr(browser, "new_page", watched_new_page)
    yield found
    if found:
        pytest.fail("Content-Security-Policy violations:\n" + "\n".join(dict.fromkeys(found)))
