"""The games' pages, one module per concern: whose game or club it is (`owners`), starting
and joining a game (`start`), the boards and their polling (`boards`), a hand's entry, undo
and the game's end (`hands`), exports and import (`files`), an imported log's review
(`logs`), clubs (`clubs`), and saved rule sets (`rules`).

Thin views: a form checks the input's shape, the model changes the game (the engine replays
it and the version guards against a second phone), the board module reads the replay for the
template.
"""

from .boards import earlier_hands, game_board, poll, watch
from .clubs import club_add, club_import, club_new, club_page, club_rename
from .files import export_csv, export_json, import_game
from .hands import end_game, hand, stop, undo
from .logs import game_log, log_seat, watch_log
from .mine import my_games_page, my_names
from .start import index, join, new

__all__ = [
    "club_add", "club_import", "club_new", "club_page", "club_rename", "earlier_hands",
    "end_game", "export_csv",
    "export_json", "game_log", "log_seat", "watch_log", "my_games_page", "my_names",
    "game_board", "hand", "import_game", "index", "join", "new", "poll", "stop", "undo", "watch",
]  # fmt: skip
