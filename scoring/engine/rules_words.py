"""The rule registry's error messages (a preset or switch that does not exist, a value it
does not take). The registry's own words (each switch's, table switch's, abortive draw's and
preset's) are in its entries, English, and gathered into `rules.RULE_WORDS`; every other
language's are in the engine's gettext catalogues (`scoring/engine/locale/`), keyed
`rules.<switch>.meaning|label|says.N|short.N`, `rules.table.<switch>.takes|meaning`,
`rules.abort.<draw>.label|description`, `rules.preset.<name>.title|source|notes.N|table_sources.N`.
Sources keep their addresses and page titles as they are (「…」 quotes a page's own title).
"""

from __future__ import annotations

from .words import Catalogue

# The registry's error messages (a preset or switch that does not exist, a value it does not take).
RULE_ERRORS = Catalogue(
    "rule_errors",
    {
        "preset": "unknown rules preset {name}: choose one of {known}",
        "rules_type": '"rules" must be a preset name or an object with a "preset"',
        "switch": "unknown rule switch {name}: the switches are {known}",
        "takes": "rule switch {name} takes {takes}, not {value}",
        "or": " or ",
        "target": "the target ({target}) is below the start ({start}): the oka would be negative",
    },
)
