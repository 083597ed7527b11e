"""Axis & Allies log headlines and undo lines in players' words: a helper's whole AI game read "battle
Manchuria", "casualties 1 infantry", "place 6 infantry Karelia S.S.R.", "retreat East Europe" and "move 1
transport:tank Karelia Sea Zone → North Sea Zone → East Canada Sea Zone"."""

from __future__ import annotations

from bot.gamelog import encode, row_lines, undone_move
from bot.store import LogRecord
from rules.axis_allies import RULES
from rules.axis_allies import actions as aa


def logged(action: aa.AAAction) -> LogRecord:
    return LogRecord(
        seq=1, kind="action", seat=0, user_id=None, action=encode(action), events=encode([]), at=""
    )


def test_every_kind_of_move_reads_as_said() -> None:
    said = {
        aa.Buy((("infantry", 6), ("tank", 1))): "buy 6 infantry, 1 tank",
        aa.Move((("infantry", 3), ("tank", 1)), ("Karelia S.S.R.", "Ukraine S.S.R.")): (
            "move 3 infantry, 1 tank from Karelia S.S.R. to Ukraine S.S.R."
        ),
        aa.Move((("transport:tank", 1),), ("Karelia Sea Zone", "North Sea Zone", "East Canada Sea Zone")): (
            "move 1 transport carrying tank from Karelia Sea Zone to East Canada Sea Zone via North Sea Zone"
        ),
        aa.Move((("transport:empty", 2),), ("Red Sea Zone", "Indian Ocean Sea Zone")): (
            "move 2 transports with no cargo from Red Sea Zone to Indian Ocean Sea Zone"
        ),
        aa.Move((("bomber", 1),), ("United Kingdom", "North Sea Zone", "Germany"), bomb=True): (
            "send 1 bomber from United Kingdom to bomb the industrial complex in Germany"
        ),
        aa.Battle("Manchuria"): "fight the battle in Manchuria",
        aa.Battle(
            "Ukraine S.S.R.", bombard=1
        ): "fight the battle in Ukraine S.S.R., with 1 battleship bombarding",
        aa.Casualties((("infantry", 6), ("tank", 2))): "lose 6 infantry, 2 tanks",
        aa.CasualtyOrder(("germany", "japan")): "casualties from Germany, Japan first",
        aa.Retreat("East Europe"): "retreat to East Europe",
        aa.Submerge(): "submerge the submarines",
        aa.Submerge("Baltic Sea Zone"): "submerge the submarines to Baltic Sea Zone",
        aa.Rocket("Germany"): "fire rockets at the industrial complex in Germany",
        aa.Place((("infantry", 6),), "Karelia S.S.R."): "place 6 infantry in Karelia S.S.R.",
        aa.Research(2): "roll 2 research dice",
        aa.PressOn(): "press on",
        aa.EndPhase(): "end phase",
    }
    for action, words in said.items():
        assert row_lines(RULES, logged(action), ["Ann", "Bo"], viewer=0, ended=False) == [f"Ann: {words}"]
    assert undone_move(RULES, logged(aa.Retreat("East Europe"))) == "retreat to East Europe"
