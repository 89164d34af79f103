"""`scoring.gamelog.read`: what it takes (bytes or text, gzip, encodings), its size limit (a
zip bomb stops at the limit) and how it finds the format."""

from __future__ import annotations

import gzip
import io
import sys
import time
import types
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.gamelog import MAX_BYTES, PROBLEMS, LogError, LoggedGame, read

LOG = Path(__file__).parent / "logs" / "short_game.xml"
DATA = LOG.read_bytes()


def problem(data: bytes | str, limit: int = MAX_BYTES) -> LogError:
    with pytest.raises(LogError) as caught:
        read(data, limit=limit)
    return caught.value


def test_bytes_text_and_gzip_read_the_same_game():
    games = [read(DATA), read(DATA.decode("utf-8")), read(gzip.compress(DATA))]
    assert all(isinstance(g, LoggedGame) and g.format == "tenhou_xml" for g in games)
    assert games[0] == games[1] == games[2]
    assert len(games[0].hands) == 6


def test_declaration_bom_and_whitespace_before_the_log():
    declared = b'<?xml version="1.0" encoding="UTF-8"?>\n' + DATA
    assert read(declared).players[2] == "さくら"
    assert read(b"\xef\xbb\xbf  \n" + DATA).hands == read(DATA).hands
    assert len(read("\n\n  " + DATA.decode()).hands) == 6


def test_the_declared_encoding_is_honoured():
    text = DATA.decode().replace('n2="%E3%81%95%E3%81%8F%E3%82%89"', 'n2="さくら"')
    sjis = ('<?xml version="1.0" encoding="Shift_JIS"?>\n' + text).encode("shift_jis")
    assert read(sjis).players[2] == "さくら"
    assert problem(b'<?xml version="1.0" encoding="klingon"?><mjloggm/>').key == "not_text"


def test_bytes_that_are_not_utf8():
    e = problem(DATA.replace(b"Aiko", b"A\xff\xfeko"))
    assert e.key == "not_text" and e.params["encoding"] == "utf-8"


def test_the_size_limit_on_what_is_given_and_on_what_gzip_unpacks():
    e = problem(DATA, limit=len(DATA) - 1)
    assert (e.key, e.params["size"], e.params["limit"]) == ("too_large", len(DATA), len(DATA) - 1)
    assert read(DATA, limit=len(DATA)).hands
    packed = gzip.compress(DATA)
    assert len(packed) < len(DATA) // 2
    e = problem(packed, limit=len(DATA) // 2)  # small packed, too big unpacked
    assert e.key == "too_large" and e.params.get("unpacked") is True
    assert problem("x" * 101, limit=100).key == "too_large"


def test_a_zip_bomb_is_refused_quickly():
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9) as f:
        zeros = bytes(1 << 20)
        for _ in range(50):  # 50 MB of zeros, about 50 kB packed
            f.write(zeros)
    bomb = buffer.getvalue()
    assert len(bomb) < 100_000
    started = time.perf_counter()
    e = problem(bomb)
    elapsed = time.perf_counter() - started
    assert e.key == "too_large" and e.params["limit"] == MAX_BYTES
    assert e.params["size"] <= MAX_BYTES + 1  # stopped at the limit, not unpacked whole
    assert elapsed < 1.0  # a few milliseconds: only the limit is ever unpacked


def test_bad_gzip():
    packed = gzip.compress(DATA)
    assert problem(packed[:40]).params == {"why": "cut_short"}
    assert problem(packed[:10] + b"\x00garbage" + packed[18:]).params == {"why": "not_gzip"}
    assert problem(packed + b"trailing").params == {"why": "trailing"}
    assert {problem(packed[:40]).key, problem(packed + b"x").key} == {"bad_gzip"}
    assert read(packed + gzip.compress(b"")).hands  # a second (empty) member is fine


def test_empty_and_not_a_log():
    assert problem(b"").key == "empty"
    assert problem("  \n ").key == "empty"
    e = problem(b"hello, this is a poem")
    assert (e.key, e.params) == ("not_a_log", {"why": "neither"})
    assert problem(b"<root><leaf/></root>").params == {"why": "xml_not_mjlog"}
    assert problem(b"<html><body>hi</body></html>").params == {"why": "web_page", "log_id": ""}
    assert problem(b'{"title": "no log here"}').params == {"why": "json_without_log"}
    assert problem(b"[1, 2, 3]").params == {"why": "json_without_log"}


def test_bad_json_says_the_line():
    e = problem(b'{\n  "log": [\n    [1, 2,,]\n  ]\n}')
    assert (e.key, e.where, e.params) == ("bad_json", {"line": 3, "column": 11}, {"why": "syntax"})
    assert problem(b"[" * 100_000).params == {"why": "too_deep"}  # past the parser's depth


def test_a_json_log_goes_to_the_tenhou6_reader(monkeypatch):
    seen = []

    def read_tenhou6(obj, *, sanma=False):
        seen.append((obj, sanma))
        return "the game"

    fake = types.ModuleType("scoring.gamelog.tenhou6")
    fake.read_tenhou6 = read_tenhou6  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "scoring.gamelog.tenhou6", fake)
    assert read(b'\xef\xbb\xbf {"title": ["x"], "log": []}') == "the game"
    assert read(gzip.compress(b'{"log": [[1]]}'), sanma=True) == "the game"
    assert seen == [({"title": ["x"], "log": []}, False), ({"log": [[1]]}, True)]


def test_a_broken_xml_log_through_read():
    text = DATA.decode()
    game = read(text[: text.index("<AGARI", text.index('<INIT seed="3'))])
    assert len(game.hands) == 5 and game.cut.key == "bad_xml" and game.cut.where["hand"] == 6
    assert problem(b"<mjloggm><GO type=").key == "bad_xml"


def test_the_readers_never_import_django():
    import subprocess

    code = (
        "import sys, scoring.gamelog.files, scoring.gamelog.tenhou_xml, scoring.gamelog as g\n"
        "print(scoring.gamelog.tenhou_xml.__file__.startswith(sys.argv[1]), "
        "[m for m in sys.modules if m.split('.')[0] == 'django'])"
    )
    root = str(Path(__file__).resolve().parents[2])
    out = subprocess.run(
        [sys.executable, "-c", code, root], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "True []"


def test_pasted_text_declaring_another_encoding_is_read_as_the_text_it_is():
    text = DATA.decode().replace('n2="%E3%81%95%E3%81%8F%E3%82%89"', 'n2="さくら"')
    assert read('<?xml version="1.0" encoding="Shift_JIS"?>\n' + text).players[2] == "さくら"


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300) | st.binary(max_size=300).map(gzip.compress))
def test_any_bytes_give_a_game_or_a_log_error(data):
    try:
        read(data, limit=200)
    except LogError as e:
        assert e.key in PROBLEMS


@settings(max_examples=100, deadline=None)
@given(st.integers(0, len(DATA)))
def test_a_log_or_its_gzip_cut_anywhere_gives_a_game_or_a_log_error(at):
    packed = gzip.compress(DATA)
    for data in (packed[: at % len(packed)], DATA[:at]):
        try:
            game = read(data)
        except LogError as e:
            assert e.key in PROBLEMS
        else:
            assert game.hands and (game.cut is not None or data.rstrip().endswith(b"</mjloggm>"))


@pytest.mark.parametrize(
    "encoding", ["rot13", "base64", "hex", "zlib", "punycode", "undefined", "idna",
                 "unicode_escape", "raw_unicode_escape"],
)  # fmt: skip
def test_only_a_text_encoding_of_characters_is_taken_from_a_declaration(encoding):
    # Python knows these codecs, but none of them is a character set an XML log is written
    # in (a transform of bytes, an escape syntax, a domain name's, or none at all).
    declared = f'<?xml version="1.0" encoding="{encoding}"?>\n'.encode("ascii") + DATA
    assert problem(declared).key == "not_text"


def test_nul_and_lone_surrogates_in_a_json_log_become_replacement_characters():
    from scoring.gamelog.files import parse_json

    value = parse_json(
        '{"title": "\\ud800 night\\u0000", "rule": {"disp": "\\u0000般"}, "log": []}'
    )
    assert value == {"title": "\ufffd night\ufffd", "rule": {"disp": "\ufffd般"}, "log": []}
    assert parse_json('{"title": "\\ud83c\\udc04"}') == {"title": "🀄"}  # a pair is a character


@pytest.mark.parametrize(
    "data, why, params",
    [
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "image", {"kind": "PNG"}),
        (b"\xff\xd8\xff\xe0\0\x10JFIF", "image", {"kind": "JPEG"}),
        (b"GIF89a\x01\0", "image", {"kind": "GIF"}),
        (b"RIFF\x10\0\0\0WEBPVP8 ", "image", {"kind": "WebP"}),
        (b"%PDF-1.7\n", "pdf", {"kind": "PDF"}),
        (b"<!DOCTYPE html>\n<html><title>tenhou</title></html>", "web_page", {"log_id": ""}),
        (b"<html><a href='https://tenhou.net/0/?log=2022010321gm-00a9-0000-c7ed48e1'>",
         "web_page", {"log_id": "2022010321gm-00a9-0000-c7ed48e1"}),
        (b"https://tenhou.net/0/?log=2022010321gm-00a9-0000-c7ed48e1&tw=2\n", "link",
         {"log_id": "2022010321gm-00a9-0000-c7ed48e1"}),
    ],
)  # fmt: skip
def test_a_file_that_is_no_log_is_said_as_what_it_is(data, why, params):
    e = problem(data)
    assert (e.key, e.params) == ("not_a_log", {"why": why, **params})


def test_a_zip_says_what_it_holds():
    import zipfile

    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as z:
        for name in ("a.png", "b.txt", "c.mjlog", "d.mjlog"):
            z.writestr(f"logs/{name}", b"x")
    e = problem(packed.getvalue())
    assert e.params == {"why": "zip", "files": 4, "names": "a.png, b.txt, c.mjlog, …"}


def test_a_log_of_more_hands_than_a_game_holds_is_refused():
    from scoring.gamelog import MAX_HANDS

    head, rest = DATA.decode().split("<INIT", 1)
    first = "<INIT" + rest.split("<INIT", 1)[0]  # the first hand, its end included
    many = head + first * (MAX_HANDS + 1) + "</mjloggm>"
    e = problem(many)
    assert (e.key, e.params) == ("too_many_hands", {"most": MAX_HANDS})
    json_log = {"name": ["a", "b", "c", "d"], "rule": {"disp": "般東喰赤"},
                "log": [[[0, 0, 0]]] * (MAX_HANDS + 1)}  # fmt: skip
    import json

    e = problem(json.dumps(json_log).encode())
    assert e.key == "too_many_hands" and e.params["hands"] == MAX_HANDS + 1


def test_a_log_cut_short_has_the_whole_logs_identity():
    whole = read(DATA)
    cut = read(DATA[: DATA.index(b"<INIT", DATA.index(b"<INIT") + 10)])
    assert cut.cut is not None and len(cut.hands) < len(whole.hands)
    assert whole.identity == cut.identity and len(whole.identity) == 64
    other = read(DATA.replace(b'<SHUFFLE seed="', b'<SHUFFLE seed="x', 1))
    assert other.identity != whole.identity


def test_each_riichi_is_read_with_the_turn_it_was_declared_on():
    # short_game.xml: hand 1, seat 1 declares on its second discard (E122, then REACH, E23);
    # hand 5, seat 0 on its first (after a call by seat 3: not a double riichi).
    xml = read(DATA)
    assert [h.riichi_turns for h in xml.hands] == [((1, 2),), (), (), (), ((0, 1),), ()]
    # short_game.json: hand 1, seat 0 discards 60, "r60": turn 2; hand 3, seat 3 "r60" third.
    json_log = read((LOG.parent / "short_game.json").read_bytes())
    assert [h.riichi_turns for h in json_log.hands][:3] == [((0, 2),), (), ((3, 3),)]


def test_a_double_riichi_was_declared_on_turn_1_in_every_real_game():
    from tests.helpers import real_games

    doubles = later = 0
    for record in real_games():
        for hand in read(record["xml"]).hands:
            turns = dict(hand.riichi_turns)
            assert set(hand.riichi) <= set(turns)  # every stick paid was declared
            for win in hand.wins:
                if "double_riichi" in win.hand["flags"]:
                    assert turns[win.seat] == 1, (record["id"], hand.number)
                    doubles += 1
                elif "riichi" in win.hand["flags"]:
                    later += turns[win.seat] > 1
    assert doubles and later > 100
