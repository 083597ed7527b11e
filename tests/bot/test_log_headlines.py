"""A log row's headline is the move as a player would type it, in players' words."""

from __future__ import annotations

from bot.gamelog import encode, row_lines
from bot.store import LogRecord
from rules.axis_allies import RULES as AA
from rules.axis_allies.actions import Move
from rules.risk import RULES as RISK
from rules.risk.actions import PlaceArmies


def row(action: object) -> LogRecord:
    return LogRecord(
        seq=1, kind="action", seat=0, user_id=None, action=encode(action), events=encode([]), at=""
    )


def test_a_headline_writes_keys_with_spaces_as_players_type_them() -> None:
    """A newcomer's log read "Player 1: place armies eastern_united_states 2" and "move 1 aa_gun"."""
    names = ["Ann", "Bo"]
    (risk,) = row_lines(RISK, row(PlaceArmies("eastern_united_states", 2)), names, viewer=0, ended=False)
    assert risk == "Ann: place armies eastern united states 2"
    move = Move((("aa_gun", 1), ("infantry", 2)), ("Karelia S.S.R.", "Karelia Sea Zone"))
    (aa,) = row_lines(AA, row(move), names, viewer=0, ended=False)
    assert aa == "Ann: move 1 aa gun, 2 infantry Karelia S.S.R. → Karelia Sea Zone"
