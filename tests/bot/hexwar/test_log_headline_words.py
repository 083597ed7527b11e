"""Hex war's log headlines and undo lines in players' words: a helper's whole AI game read "place hex water
F4", "place unit tank G5", "buy frig 1 F4", "move G7 → G6 inf 2", "bombard F4 → F5 frig 2" and "aim defence
F2 ground tank", the command's codes."""

from __future__ import annotations

from bot.gamelog import encode, row_lines, undone_move
from bot.store import LogRecord
from rules.hexwar import RULES
from rules.hexwar import actions as hx


def logged(action: hx.HexWarAction) -> LogRecord:
    return LogRecord(
        seq=1, kind="action", seat=0, user_id=None, action=encode(action), events=encode([]), at=""
    )


def test_every_kind_of_move_reads_as_said() -> None:
    said = {
        hx.PlaceHex("water", "F4"): "place a water hex at F4",
        hx.PlaceHex("city", "C7"): "place a city hex at C7",
        hx.PlaceUnit("tank", "G5"): "place 1 tank on G5",
        hx.PlaceUnit("inf", "C7", 2): "place 2 infantry on C7",
        hx.PlaceCapital("C7"): "make C7 the capital",
        hx.Move("G7", "G6", "inf", 2): "move 2 infantry from G7 to G6",
        hx.Move("E3", "F4", "hov", 1, ("inf",)): "move 1 hovercraft carrying 1 infantry from E3 to F4",
        hx.Jump("G3", "H6"): "jump 1 jump troop from G3 onto H6",
        hx.Bombard("F4", "F5", "frig", 2): "bombard F5 with 2 frigates from F4",
        hx.Buy("frig", 1, "F4"): "buy 1 frigate for F4",
        hx.BuyDefence("F2", "ground", "hov"): "buy a ground defence for F2, aimed at hovercraft",
        hx.BuyDefence("F2", "air"): "buy an air defence for F2",
        hx.AimDefence("F2", "ground", "tank"): "aim the ground defence of F2 at tanks",
        hx.BuildCity("J7"): "buy a city on J7",
        hx.CancelOrder(3): "take back order 3",
        hx.SubmitOrders(): "submit orders",
        hx.SubmitOrders(hold=True): "hold (no orders this round)",
    }
    for action, words in said.items():
        assert row_lines(RULES, logged(action), ["Ann", "Bo"], viewer=0, ended=True) == [f"Ann: {words}"]
    assert undone_move(RULES, logged(hx.PlaceHex("water", "F4"))) == "place a water hex at F4"
