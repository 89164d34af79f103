"""A drill's focus refused, in every language: every message `Focus.from_dict` and
`check_focus` can say (tests/i18n/answers.py drives each) is worded from the engine's
catalogues, reads no English outside English, and names the levels, modes, presets, yaku,
fu items and limits as that language does."""

from __future__ import annotations

import html
import re
import string

import pytest

from scoring.engine import words
from scoring.engine.generate import options
from scoring.engine.generate.focus_words import ERRORS
from tests.i18n.answers import BAD_FOCI, UNMET_FOCI, focus_messages
from tests.i18n.english import english_words

LANGUAGES = words.LANGUAGES[1:]
# An id as a request types it, quoted ("kanchan", "mahjongsoul_sanma"), or repeated back ('x').
TYPED = re.compile(r"\"[\w-]+\"|'[\w-]+'")
# Said only inside another message (the three-player reason), or never (Focus refuses first).
INSIDE = {"sanma", "yaku_built"}


def pattern(template: str) -> re.Pattern[str]:
    """A message's English template as a pattern its sentences match, fields as anything."""
    parts = string.Formatter().parse(template)
    return re.compile("".join(re.escape(text) + (".+?" if field else "")
                              for text, field, _, _ in parts) + "$")  # fmt: skip


def test_every_focus_message_is_said_by_some_refused_focus() -> None:
    said = focus_messages()
    assert len(said) == len(BAD_FOCI) + len(UNMET_FOCI) + 1
    templates = {f"focus_errors.{k}": t for k, t in ERRORS.english.items() if k not in INSIDE}
    templates |= {f"options.{k}": t for k, t in options.WORDS.english.items()
                  if k.startswith("unknown_")}  # fmt: skip
    unsaid = [k for k, t in templates.items() if not any(pattern(t).match(s) for s in said)]
    assert not unsaid, f"no refused focus says {unsaid}"
    assert any(ERRORS.english["sanma"] in s for s in said)


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_focus_message_reads_the_language(code: str) -> None:
    english = focus_messages()
    with words.language(code):
        said = focus_messages()
    assert len(said) == len(english)
    for text, source in zip(said, english, strict=True):
        assert text != source, text
        left = english_words(f"<p>{html.escape(TYPED.sub('', text))}</p>")
        assert not left, (code, text, left)


def test_a_focus_message_names_things_as_the_language_does() -> None:
    from scoring.engine import ScoringError
    from scoring.engine.generate import Focus, check_focus

    cases = [
        ({"limits": ["double_yakuman"]}, "advanced", "full", "mleague"),
        ({"fu_items": ["open_triplet_simples"]}, "beginner", "full", "wrc"),
        ({"yaku": ["chinitsu"]}, "beginner", "han", "wrc"),
    ]
    expected = {
        "ja": ("「ダブル役満」", "Mリーグ", "支払い", "「中張牌の明刻」", "中級または上級",
               "「清一色」", "初級"),
        "zh-hans": ("“双倍役满”", "M联赛", "支付", "“中张牌的明刻”", "中级或高级", "“清一色”",
                    "初级"),
        "ko": ("‘더블 역만’", "M리그", "지불", "‘중장패 밍커’", "중급 또는 고급", "‘청일색’",
               "초급"),
    }  # fmt: skip
    for code, names in expected.items():
        said = ""
        with words.language(code):
            for focus, level, mode, rules in cases:
                with pytest.raises(ScoringError) as raised:
                    check_focus(Focus.from_dict(focus), level=level, mode=mode, rules=rules)
                said += str(raised.value)
        missing = [name for name in names if name not in said]
        assert not missing, (code, missing, said)
