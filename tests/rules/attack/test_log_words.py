"""The game log in players' words: a navy battle's dice name their sea zone as players read it, not by
its key (the stored reason, which ``verify`` names, keeps the key)."""

from __future__ import annotations

from rules.attack import RULES
from rules.core.events import DiceRolled
from tests.rules.attack.test_navy_battle import main_battle


def test_navy_dice_name_the_ship_and_the_sea_zone():
    *_, events = main_battle()  # scripted dice 2, 6, 3, 1, 4
    rolls = [e for e in events if isinstance(e, DiceRolled)]
    assert [RULES.describe(e, ["Ann", "Bo"]) for e in rolls] == [
        "🎲 destroyer's engagement in the North Sea: [2]",
        "🎲 battleship's engagement in the North Sea: [6]",
        "🎲 submarine's engagement in the North Sea: [3]",
        "🎲 carrier's engagement in the North Sea: [1]",
        "🎲 air support in the North Sea: [4]",
    ]
    assert rolls[0].reason == "navy destroyer in the north_sea"  # stored as before
