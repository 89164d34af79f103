"""Drill codes: six characters, none that can be taken for another."""

import pytest

from quizsite.drills.codes import ALPHABET, LENGTH, new_code, normalize

LOOK_ALIKES = "0O1IlLQD2Z5S8BUV"


def test_it_leaves_out_look_alike_characters():
    assert not set(LOOK_ALIKES) & set(ALPHABET)
    assert ALPHABET.upper() == ALPHABET


def test_it_draws_six_characters_from_the_alphabet():
    codes = {new_code() for _ in range(500)}
    assert all(len(c) == LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert len(codes) > 490  # random, not a sequence


@pytest.mark.parametrize(
    "typed, stored",
    [("abcdef", "ABCDEF"), (" ab-cd ef ", "ABCDEF"), ("K7H3MX", "K7H3MX")],
)
def test_it_reads_a_code_as_typed(typed, stored):
    assert normalize(typed) == stored
