"""`make bench` is not a test, but it must keep running: a short race on a few hands."""

from bench import engine as bench


def test_it_races_the_four_sides_and_counts_agreement(capsys):
    assert bench.main(["--hands", "12", "--chunk", "4"]) == 0
    out = capsys.readouterr().out
    assert "12 hands from scoring.engine.generate" in out
    assert "the engine compiled (mypyc)" in out or "the engine pure Python" in out
    for side in ("brief answer", "full explained answer", "JSON in → its inputs", "estimate"):
        assert side in out
    assert "brief answers equal to the full answer's facts: 12 of 12" in out
    assert "errors: ours 0, theirs 0" in out


def test_it_scores_a_hand_through_the_library_end_to_end():
    lib = bench.load_library()
    text = '{"hand": "123456789m11z234s", "win": "4s", "flags": ["riichi"], "seat": "S"}'
    answer = bench.score_theirs_end_to_end(text, lib)
    assert '"han": 3' in answer and '"fu": 40' in answer
    assert bench.our_outcome(bench.score_ours_brief(text)).total == 5200
