"""What the board shows, read from the engine's replay: the players with their scores, winds
and gaps, what each needs to pass the one above, the hands with their settlements, and the
final standings. Nothing is computed here that the engine does not say."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.engine import Limit, RuleSet, ScoringError
from scoring.engine.end_words import seat_words
from scoring.engine.entered import Abortive, Draw, EarlyEnd, Ron, Stop, Tsumo, WinEntry
from scoring.engine.final import tenths_text
from scoring.engine.game import Aim, Need, Played, Replay, hand_answers, needs, whole_hands
from scoring.engine.payment import han_limit
from scoring.engine.request import parse_request
from scoring.engine.tiles import format_tiles, wind_name

from .models import Game


@dataclass
class Player:
    seat: int
    name: str
    score: int
    wind: str
    dealer: bool
    place: int
    gaps: list[tuple[str, str]]
    need: str

    @property
    def score_text(self) -> str:
        return points_text(self.score)

    @property
    def place_text(self) -> str:
        return place_name(self.place)


MINUS = "−"  # the one minus sign of every number a board shows (U+2212, as `signed`)


def points_text(points: int) -> str:
    """A score as the table says it: "25,000", "−1,200" (in Japanese "25,000点")."""
    return pgettext("a score", "%(points)s") % {"points": f"{points:,}".replace("-", MINUS)}


def final_text(tenths: int) -> str:
    """Final points as the board shows them, with the board's minus sign: "+45.0", "−16.1"
    (the engine's own text keeps the ASCII hyphen, as the CSV and the API do)."""
    return tenths_text(tenths).replace("-", MINUS)


def place_name(place: int) -> str:
    """1 → "1st" (in Japanese "1位")."""
    names = (
        pgettext("place", "1st"),
        pgettext("place", "2nd"),
        pgettext("place", "3rd"),
        pgettext("place", "4th"),
    )
    return names[place - 1]


def signed(n: int) -> str:
    return f"+{n:,}" if n > 0 else f"{MINUS}{-n:,}" if n < 0 else "0"


def need_text(need: Need, names: tuple[str, ...]) -> SafeString:
    """ "**Chen** to pass Bo: a ron off Bo of 3,600 or more (3 han 30 fu, 3,900) · …": the
    player (in bold) is the sentence's subject, so that each language puts its own particle
    after the name ("**陳**が保を抜くには"). The names are escaped; the catalogue's text is not
    markup."""
    name = format_html("<strong>{}</strong>", names[need.seat])
    above = escape(names[need.above])
    if all(aim is not None and aim.any_win for aim in (need.direct, need.other, need.tsumo)):
        return said(_("%(name)s to pass %(above)s: any win"), name=name, above=above)
    ways = [
        (need.direct, _("a ron off %(above)s of %(pays)s or more")),
        (need.other, _("a ron off anyone else of %(pays)s or more")),
        (need.tsumo, _("a tsumo of %(pays)s or more")),
    ]
    ways_said = [
        said(
            _("%(way)s (%(hand)s)"),
            way=said(way, above=above, pays=aim.pays),
            hand=escape(aim_hand(aim)),
        )
        for aim, way in ways
        if aim is not None
    ]
    if not ways_said:
        return said(
            _("%(name)s to pass %(above)s: more than one hand's win"), name=name, above=above
        )
    joined = mark_safe(" · ".join(ways_said))  # noqa: S308 (each part escaped by said)
    return said(_("%(name)s to pass %(above)s: %(ways)s"), name=name, above=above, ways=joined)


def said(template: str, **parts: object) -> SafeString:
    """A catalogue's sentence (escaped: it is text) with its parts, each escaped unless safe."""
    filled = {k: conditional_escape(v) for k, v in parts.items()}
    return mark_safe(escape(template) % filled)  # noqa: S308 (every part escaped above)


def aim_hand(aim: Aim) -> str:
    """The smallest usual hand for an aim, with what it pays when that is more."""
    if aim.value_pays == aim.pays:
        return aim.value.label
    return _("%(hand)s, %(pays)s") % {"hand": aim.value.label, "pays": aim.value_pays}


def players(game: Game, played: Replay) -> list[Player]:
    rules, table_rules = game.engine_rules()
    names = game.names
    state = played.state
    wanted = {} if played.over else {
        n.seat: need_text(n, names)
        for n in needs(played.scores, state, rules=rules, table_rules=table_rules)
    }  # fmt: skip
    seats = range(len(played.scores))  # four, or three at a three-player table
    order = sorted(seats, key=lambda s: (-played.scores[s], s))
    return [
        Player(
            seat=s,
            name=names[s],
            score=played.scores[s],
            wind=wind_name((s - state.dealer) % len(seats)),
            dealer=s == state.dealer and not played.over,
            place=order.index(s) + 1,
            gaps=[(names[o], signed(played.scores[s] - played.scores[o])) for o in order if o != s],
            need=wanted.get(s, ""),
        )
        for s in seats
    ]


def summary(hand: Played, names: tuple[str, ...], sizes: dict[int, str] | None = None) -> str:
    """One line for a hand: who won what off whom, or how it ended (`sizes`: the engine's
    size of each whole hand, by seat)."""
    end = hand.entry.hand_end
    sizes = sizes or {}
    if isinstance(end, Stop):
        return _("%(name)s (dealer) stops while first") % {"name": names[hand.state.dealer]}
    if isinstance(end, EarlyEnd):
        return hand.note
    listed = pgettext("between names in a list", ", ").join
    if isinstance(end, Ron):
        wins = listed(
            _("%(name)s %(value)s") % {"name": names[w.seat], "value": value_text(w, sizes)}
            for w in end.wins
        )
        said = {"wins": wins, "from": names[end.discarder]}
        if len(end.wins) == 2:
            text = _("double ron: %(wins)s ron off %(from)s") % said
        elif len(end.wins) == 3:
            text = _("triple ron: %(wins)s ron off %(from)s") % said
        else:
            text = _("%(wins)s ron off %(from)s") % said
    elif isinstance(end, Tsumo):
        text = _("%(name)s %(value)s tsumo") % {
            "name": names[end.win.seat],
            "value": value_text(end.win, sizes),
        }
    elif isinstance(end, Draw):
        tenpai = listed(names[s] for s in end.tenpai) or _("nobody")
        text = _("exhaustive draw, tenpai: %(tenpai)s") % {"tenpai": tenpai}
        if end.nagashi:
            text += _("; nagashi mangan: %(names)s") % {
                "names": listed(names[s] for s in end.nagashi)
            }
        chombo = hand.outcome is not None and any(s.kind == "chombo" for s in hand.outcome.steps)
        noten = [names[s] for s in hand.entry.riichi if s not in end.tenpai]
        if chombo and noten:
            text += _("; chombo: %(names)s declared riichi but noten") % {"names": listed(noten)}
    elif isinstance(end, Abortive):
        text = _("abortive draw: %(reason)s") % {"reason": end.reason.description}
    else:
        text = _("chombo by %(name)s") % {"name": names[end.seat]}
    if isinstance(end, Ron | Tsumo) and end.pao is not None:
        text += _(" (pao: %(name)s)") % {"name": names[end.pao.seat]}
    if hand.entry.riichi:
        text += _("; riichi: %(names)s") % {"names": listed(names[s] for s in hand.entry.riichi)}
    return text


def value_text(win: WinEntry, sizes: dict[int, str] | None = None) -> str:
    if win.hand is not None:
        size = (sizes or {}).get(win.seat)
        return _("%(size)s (whole hand)") % {"size": size} if size else _("with a whole hand")
    if win.yakuman:
        if win.yakuman == 1:
            return _("yakuman")
        return _("%(times)s× yakuman") % {"times": win.yakuman}
    han = win.han
    if han >= 13:  # the rules decide: a counted yakuman or a sanbaiman
        return han_text(han)
    limit = han_limit(han)
    return limit_name(limit) if limit else han_fu_text(han, win.fu)


def han_text(han: int) -> str:
    return _("%(han)s han") % {"han": han}


def han_fu_text(han: int, fu: int) -> str:
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


def limit_name(limit: Limit) -> str:
    """ "mangan", "double yakuman": the engine's name of a limit, in running text."""
    return str(limit.label).lower()


def with_names(text: str, names: tuple[str, ...]) -> str:
    """The engine's steps name a seat ("seat 2 (West)", in Japanese "席2（西家）"), each
    language in its own words (`seat_words`): the table knows the players by name.

    >>> with_names("seat 2 (West) pays seat 0 1000", ("A", "B", "C", "D"))
    'C pays A 1000'
    >>> with_names("seat 1 (South) pays seat 2 (West) 3100", ("A", "B", "C"))
    'B pays C 3100'
    """
    for s in range(len(names)):  # the seats played: four, or three
        for said in seat_words(s):
            text = text.replace(said, names[s])
    return text


HAND_STEPS_LEFT_OUT = {"payment", "honba", "deposits", "total"}  # the settlement says these
# A kept draw records who was tenpai, not who declared noten while tenpai: the engine's aside on
# declaring noten (said for every noten player not in riichi) is for the quiz, not the table.
TABLE_STEPS_LEFT_OUT = {"noten_declared"}


def size_text(answer: dict[str, Any]) -> str:
    """ "3 han 30 fu", "mangan (5 han)", "yakuman" as the engine scored the hand."""
    if answer["yakuman"]:
        return limit_name(Limit(answer["limit"]))
    if answer["limit"]:
        return _("%(limit)s (%(han)s han)") % {
            "limit": limit_name(Limit(answer["limit"])),
            "han": answer["han"],
        }
    return han_fu_text(answer["han"], answer["fu"])


def built_hands(hand: Played, names: tuple[str, ...], rules: RuleSet | None) -> list[dict]:
    """Each whole hand of a hand's wins: its tiles and melds, its size, yaku and steps as the
    hand calculator scores it at this table."""
    shown = whole_hands(hand.entry.end)
    if not shown or rules is None:
        return []
    try:
        answers = hand_answers(hand, rules=rules)
    except ScoringError:  # settled already, so not expected; the settlement still stands
        answers = {}
    rows = []
    for seat, tiles in shown:
        answer = answers.get(seat)
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                **drawable(tiles),
                "size": size_text(answer) if answer else "",
                "yaku": [(y["name"], y["han"]) for y in answer["yaku"]] if answer else [],
                "steps": [
                    st["text"] for st in answer["steps"] if st["kind"] not in HAND_STEPS_LEFT_OUT
                ]
                if answer
                else [],
            }
        )
    return rows


def drawable(hand: dict[str, Any]) -> dict[str, Any]:
    """A stored hand's tiles, winning tile and melds as the tiles tag draws them (in the
    engine's own notation, whatever spacing or list shape the hand was given in)."""
    try:
        request = parse_request({k: hand[k] for k in ("hand", "win", "melds") if k in hand})
    except ScoringError:  # settled already, so not expected: then no pictures
        return {"tiles": "", "win": "", "melds": []}
    return {
        "tiles": format_tiles(request.hand),
        "win": request.win,
        "melds": [m.text() for m in request.melds],
    }


SHOWN = 10  # the hands a board shows at once: the latest, the older ones a page at a time


def window(total: int, before: int | None = None) -> tuple[int, int]:
    """The hands a board shows of `total`, as a slice (`start`, `stop`) of the replay's hands:
    the latest `SHOWN`, or the `SHOWN` before hand number `before` (kept within the game: past
    its end, the latest; at its start, the first).

    >>> window(80), window(80, 71), window(80, 5), window(80, 999), window(80, 1), window(0, 1)
    ((70, 80), (60, 70), (0, 4), (70, 80), (0, 10), (0, 0))
    """
    stop = total if before is None else min(max(before - 1, 0), total)
    if stop == 0:
        stop = min(SHOWN, total)
    return max(0, stop - SHOWN), stop


def history(
    played: Replay,
    names: tuple[str, ...],
    rules: RuleSet | None = None,
    *,
    start: int = 0,
    stop: int | None = None,
) -> list[dict[str, Any]]:
    """The hands with their settlements (with `rules`, each whole hand also scored for
    its size and steps): all of them, or the replay's hands[`start`:`stop`] alone."""
    rows = []
    for hand in played.hands[start:stop]:
        outcome = hand.outcome
        built = built_hands(hand, names, rules)
        sizes = {b["seat"]: b["size"] for b in built if b["size"]}
        rows.append(
            {
                "number": hand.number,
                "name": hand.state.name,
                "summary": summary(hand, names, sizes),
                "built": built,
                "deltas": [signed(d) for d in outcome.deltas] if outcome else [""] * len(names),
                "named_deltas": list(zip(names, [signed(d) for d in outcome.deltas], strict=True))
                if outcome
                else [],
                "delta_values": list(outcome.deltas) if outcome else [0] * len(names),
                "scores": list(outcome.scores) if outcome else list(hand.scores),
                "scores_text": [
                    points_text(x) for x in (outcome.scores if outcome else hand.scores)
                ],
                "steps": [
                    with_names(s.text, names)
                    for s in outcome.steps
                    if s.kind not in TABLE_STEPS_LEFT_OUT
                ]
                if outcome
                else [],
                "note": hand.note,
                "kind": hand.entry.hand_end.kind,
            }
        )
    return rows


def standings(played: Replay, names: tuple[str, ...]) -> dict[str, Any] | None:
    if not played.over or played.abandoned:
        return None
    final = played.final()
    return {
        "rows": [
            {
                "place": place_name(final.ranks[s]),
                "name": names[s],
                "raw": points_text(final.scores[s]),  # deposits left included
                "points": final_text(final.tenths[s]),
            }
            for s in final.order
        ],
        "steps": [with_names(s.text, names) for s in final.steps],
    }


def table_line(played: Replay) -> str:
    """ "South 2, 1 honba; 2 riichi deposits on the table" ("no riichi deposits" for none)."""
    state = played.state
    if not state.sticks:
        return _("%(hand)s; no riichi deposits on the table") % {"hand": state.name}
    return ngettext(
        "%(hand)s; %(count)s riichi deposit on the table",
        "%(hand)s; %(count)s riichi deposits on the table",
        state.sticks,
    ) % {"hand": state.name, "count": state.sticks}
