"""`make bench`'s load run is not a test, but it must keep running: a few learners, a few
answers, on its own gunicorn and database."""

from bench import load as bench_load


def test_the_load_run_answers_and_reads_and_prints_its_table(capsys):
    assert bench_load.main(["--learners", "3", "--answers", "2", "--seconds", "30"]) == 0
    out = capsys.readouterr().out
    assert "| `/rules/` (trivial page) | 6 | 0 |" in out
    assert "| practice answer (POST) | 6 | 0 |" in out
    assert "answer's p95 / trivial page's p95:" in out
