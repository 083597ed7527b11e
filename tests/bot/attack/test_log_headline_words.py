"""Attack!'s log headlines and undo lines in players' words: places by their names, an action's first step
after a colon."""

from __future__ import annotations

from bot.gamelog import encode, row_lines, undone_move
from bot.store import LogRecord
from rules.attack import RULES
from rules.attack.actions import Begin, March, Troops


def test_a_begun_move_reads_with_its_first_step_and_the_places_names() -> None:
    """A newcomer's log and undo line read "begin move march maghreb → egypt 5 infantry"."""
    move = Begin("move", None, None, March("maghreb", "egypt", Troops(5, 0, 0)))
    row = LogRecord(seq=1, kind="action", seat=0, user_id=None, action=encode(move), events=encode([]), at="")
    assert row_lines(RULES, row, ["Ann", "Bo"], viewer=0, ended=False) == [
        "Ann: begin move: march Maghreb → Egypt 5 infantry"
    ]
    assert undone_move(RULES, row) == "begin move: march Maghreb → Egypt 5 infantry"
