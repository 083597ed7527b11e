"""Attack!'s log headlines and undo lines in players' words: places by their names, an action's first step
after a colon."""

from __future__ import annotations

from bot.gamelog import encode, row_lines, undone_move
from bot.store import LogRecord
from rules.attack import RULES
from rules.attack import actions as atk
from rules.attack.actions import Begin, March, Ships, Troops


def test_a_begun_move_reads_with_its_first_step_and_the_places_names() -> None:
    """A newcomer's log and undo line read "begin move march maghreb → egypt 5 infantry"."""
    move = Begin("move", None, None, March("maghreb", "egypt", Troops(5, 0, 0)))
    row = LogRecord(seq=1, kind="action", seat=0, user_id=None, action=encode(move), events=encode([]), at="")
    assert row_lines(RULES, row, ["Ann", "Bo"], viewer=0, ended=False) == [
        "Ann: take Move: march 5 infantry from Maghreb to Egypt"
    ]
    assert undone_move(RULES, row) == "take Move: march 5 infantry from Maghreb to Egypt"


def logged(action: object) -> LogRecord:
    return LogRecord(
        seq=1, kind="action", seat=0, user_id=None, action=encode(action), events=encode([]), at=""
    )


def test_attacks_setup_and_seasons_read_as_said_not_as_commands() -> None:
    """A helper's whole AI game of Attack! read "choose direction clockwise", "begin build card 32",
    "place capital Germany Scandinavia, Ukraine", "march Amazonia → Venezuela 2 planes"."""
    names = ["Ann", "Bo"]
    moves = [
        atk.ChooseGovernment("democracy", "minerals"),
        atk.PlaceCapital("germany", ("scandinavia", "ukraine")),
        atk.ChooseDirection(True),
        atk.ChooseDirection(False),
        Begin("move"),
        atk.Sail("amazonia", "east_pacific", Ships(0, 1, 0, 0), Troops(1, 0, 0, 0)),
        atk.Research("population", "scandinavia", Troops(1, 0, 0, 0)),
        atk.Burn("ukraine"),
        atk.Negotiate("ontario"),
    ]
    assert [row_lines(RULES, logged(m), names, viewer=0, ended=True)[0] for m in moves] == [
        "Ann: choose Democracy, starting with Minerals",
        "Ann: place the capital in Germany, with armies in Scandinavia and Ukraine",
        "Ann: play clockwise",
        "Ann: play counterclockwise",
        "Ann: take Move",
        "Ann: sail 1 destroyer carrying 1 infantry from Amazonia to East Pacific",
        "Ann: research Population, scrapping 1 infantry in Scandinavia",
        "Ann: burn the oil marker in Ukraine",
        "Ann: negotiate with Ontario",
    ]
