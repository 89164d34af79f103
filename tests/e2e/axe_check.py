"""What the accessibility checks share: the widths, axe's rule tags and how a violation reads."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe

WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
AXE = Axe()
# axe lets aria-describedby name an id that is not there (it may come later); a page of ours
# never should: every id an aria-* attribute names must be on the page.
ID_ATTRIBUTES = ["aria-describedby", "aria-labelledby", "aria-controls", "aria-errormessage"]
DANGLING_IDS = """(names) => [...document.querySelectorAll("*")].flatMap((el) =>
  [...names, "for"].flatMap((name) => (el.getAttribute(name) || "").split(/\\s+/)
    .filter((id) => id && !document.getElementById(id))
    .map((id) => `${el.tagName.toLowerCase()}[${name}=${id}]`)))"""

# Text that overflows its box: a button, a cell, a label or a tile picker's key whose content
# is wider than the element itself (Chinese and Japanese runs have no spaces to wrap at).
OVERFLOWING = """() => [...document.querySelectorAll(
    "button, .button, th, td, label, .calc-mode, [data-picker] button, h1, h2, summary")]
  .filter((el) => el.offsetParent !== null && getComputedStyle(el).display !== "inline"
    && (el.tagName === "SUMMARY" || !el.closest("details:not([open])"))
    && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === "visible")
  .map((el) => `${el.tagName.toLowerCase()}.${el.className}: `
    + el.textContent.trim().slice(0, 30))"""


def describe(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']}")
        lines += [f"    {' '.join(n['target'])}: {n['failureSummary']}" for n in v["nodes"][:4]]
    return "\n".join(lines)
