"""The game log in players' words: a navy battle's dice name their sea zone as players read it, not by
its key (the stored reason, which ``verify`` names, keeps the key)."""

from __future__ import annotations

from rules.attack import RULES
from rules.attack.actions import Ships, Troops
from rules.attack.events import (
    ActionBegan,
    AssaultGathered,
    Burned,
    DamagedWithdrew,
    DirectionChosen,
    IncomeCollected,
    Passed,
    SeatResigned,
    UnitsBuilt,
)
from rules.attack.text import certificates
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


def test_certificates_are_written_without_a_zero_part():
    """ "built … for 7 production and 0 oil", "collected 10 production and 0 oil" (a newcomer's log)."""
    names = ["Ann", "Bo"]
    built = UnitsBuilt(0, "germany", Troops(2), Ships(), 7, 0)
    assert RULES.describe(built, names) == "Ann built 2 infantry in Germany for 7 production."
    assert RULES.describe(IncomeCollected(1, 10, 0, 5, False), names) == "Bo collected 10 production."
    assert RULES.describe(IncomeCollected(1, 0, 3, 5, True), names) == "Bo collected 3 oil at the year's end."
    assert certificates(7, 2) == "7 production and 2 oil"


def test_an_action_cards_draw_is_told_by_the_card_not_its_place_in_the_deck():
    """ "🎲 action card: [17]" stood above "drew Blitzkrieg": a number no player can read."""
    assert RULES.describe(DiceRolled(0, "action card", 36, (17,), first=0, private=True), ["Ann"]) == ""


def test_order_dice_say_whose_they_are():
    """Two lines of "🎲 order dice: [4 3]" and "[2 4]" came before the totals, without a name."""
    assert RULES.describe(DiceRolled(1, "order dice", 6, (2, 4), first=0), ["Ann", "Bo"]) == (
        "🎲 Bo's order dice: [2 4]"
    )


def test_a_landing_says_which_zone_its_ships_wait_in():
    """ "sailed 1 submarine carrying … from Maghreb to Southern United States", then "sent … from Western
    Atlantic against Southern United States": the ships stay in the zone they crossed while the army
    lands, and the log says so."""
    from rules.attack.events import ShipsSailed

    names = ["Ann", "Bo"]
    cargo = Troops(0, 1, 0, 1)
    landing = ShipsSailed(0, "maghreb", "southern_us", Ships(1), cargo, ("western_atlantic",))
    assert RULES.describe(landing, names) == (
        "Ann sailed 1 submarine carrying 1 artillery, 1 plane from Maghreb via the Western Atlantic "
        "to Southern United States."
    )
    across = ShipsSailed(
        1, "north_sea", "bay_of_biscay", Ships(0, 1), Troops(), ("north_sea", "bay_of_biscay")
    )
    assert RULES.describe(across, names) == "Bo sailed 1 destroyer from North Sea to Bay of Biscay."


def test_what_a_player_did_is_told_in_the_past_tense_as_the_rest_of_the_log():
    """The log read "Ann takes Build." above "Ann built 2 infantry": one tense for what was done."""
    names = ["Ann", "Bo"]
    said = [
        RULES.describe(event, names)
        for event in (
            DirectionChosen(1, True, (1, 0)),
            ActionBegan(0, "build"),
            Passed(1),
            Burned(0, 2, None),
            AssaultGathered(0, "germany", "france", Troops(2)),
            DamagedWithdrew(1, "north_sea", 1, "germany"),
            SeatResigned(1, 5),
        )
    ]
    assert said == [
        "Bo chose to play clockwise: Bo, Ann.",
        "Ann took the Build action.",
        "Bo passed.",
        "Ann burned 2 oil certificates for a Winter action.",
        "Ann sent 2 infantry from Germany against France.",
        "Bo's 1 damaged battleship sailed home to Germany for repair.",
        "Bo resigned; 5 regions turned neutral.",
    ]
