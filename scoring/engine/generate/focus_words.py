"""Why a drill's focus cannot be, in words: its data (bad ids, ranges, kinds) or its conflict
with the level, the mode or the rules (`focus.check_focus`), and the generator giving up on it
(`focused`). English here; every other language's in the engine's gettext catalogues, context
`focus_errors.<key>`. The focus's own labels (fu items, waits, kinds) are its catalogue `focus`.

>>> from scoring.engine.words import language, mismatches, phrase
>>> with language("ja"):
...     phrase(ERRORS, "counters", kind="本場と供託")
'絞り込みの本場と供託（"counters"）："true" か "false" を指定してください'
>>> mismatches(ERRORS)
[]
"""

from __future__ import annotations

from scoring.engine.words import Catalogue

# ruff: noqa: E501  (a catalogue of sentences: one line per sentence reads best)

# Why a focus cannot be: its data (bad ids, ranges, kinds) or its conflict with the level, the
# mode or the rules. Fields are worded already: {kind} a kind of focus, {yaku} a yaku's name,
# {item} a fu item's label, {limit} a limit's, {level}/{levels} and {mode}/{modes} as the
# options words them, {rules} a preset's title; an {id} or {option} is the data as typed.
ERRORS = Catalogue(
    "focus_errors",
    {
        "object": "a focus is an object such as {example}",
        "option": "focus: unknown option {option}",
        "unknown": "focus {kind}: unknown {id}",
        "ids": "focus {kind}: a list of ids",
        "span": "focus {kind}: a range [low, high] of whole numbers",
        "range": "focus {kind} range {low}–{high}: choose from {least} to {most}, the lower bound first",
        "counters": 'focus {kind} ("counters"): true or false',
        "kinds": "a focus is one kind of thing (yaku, fu items, waits, limit hands or table cells; honba and deposits go with any): this one has {kinds}",
        "counters_level": "{level} questions have no honba or deposits: choose {levels} for a honba and deposits focus",
        "no_hand.yaku": "{mode} questions show no hand: a yaku focus needs {modes} mode",
        "no_hand.fu_items": "{mode} questions show no hand: a fu item focus needs {modes} mode",
        "no_hand.waits": "{mode} questions show no hand: a wait focus needs {modes} mode",
        "cells": "no {level} {mode} question scores {cells} under {rules} rules: widen the han or fu range",
        "cells_quads": "no {level} {mode} question scores {cells} under {rules} rules: widen the han or fu range or choose {advanced} (quads bring the fu)",
        "sanma": "three-player hands have no 2m–8m and call no chi",
        "yaku_built": "focus yaku “{yaku}” is not a yaku a hand is built around",
        "yaku_sanma": "focus yaku “{yaku}”: no three-player hand has it ({why})",
        "yaku_yakuman": "focus yaku “{yaku}”: a yakuman counts no fu or han; choose {full} mode",
        "yaku_level": "focus yaku “{yaku}” is not asked at {level} level: choose {levels}",
        "yaku_double": "focus yaku “{yaku}”: {rules} rules count it as a single yakuman",
        "fu_sanma": "focus fu item “{item}”: no three-player hand has it ({why})",
        "fu_quads": "focus fu item “{item}”: quads come only at {advanced} level",
        "fu_open": "focus fu item “{item}” needs an open hand: {beginner} hands are closed; choose {levels}",
        "limit_level": "focus limit “{limit}” is not asked at {level} level: choose {levels}",
        "limit_fu": "focus limit “{limit}”: {fu} questions at {level} level stay under the limits, where fu change the payment; choose {modes} mode, or {advanced} level",
        "limit_yakuman": "focus limit “{limit}”: a yakuman counts no fu or han; choose {modes} mode",
        "limit_double": "focus limit “{limit}”: {rules} rules have no double-yakuman hands; choose {payment} mode or other rules",
        "gave_up": "no {level} {mode} question met the focus ({focus})",
    },
)
