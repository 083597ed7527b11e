"""The game log in players' words (frictions a newcomer found): every die says what it was for as players
say it (the stored reason, which ``verify`` names, keeps the engine's key), and aircraft downed by AA
fire on the way are not said to be lost where they were going."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import Move
from rules.axis_allies.combat import Unit, advance, start_battle
from rules.axis_allies.combat.raids import research
from rules.core.dice import DiceCup, ScriptedRng
from rules.core.events import DiceRolled
from tests.rules.axis_allies.aa_position import position, seat

NAMES = ("Ann", "Bob")


def lines(events):
    return [line for line in (RULES.describe(e, NAMES) for e in events) if line]


def dice_lines(events):
    return [RULES.describe(e, NAMES) for e in events if isinstance(e, DiceRolled)]


def test_aircraft_downed_by_aa_fire_on_the_way_are_lost_on_the_way():
    units = {
        "Germany": {"germany": {"bomber": 1, "fighter": 1}},
        "Karelia S.S.R.": {"russia": {"aa_gun": 1}},
        "Russia": {"russia": {"infantry": 1}},
    }
    state = position(units, owners={"Caucasus": "germany"})
    path = ("Germany", "East Europe", "Karelia S.S.R.", "Russia")
    move = Move((("bomber", 1), ("fighter", 1)), path, False)
    _, events = RULES.apply(state, seat(state), move, ScriptedRng([1, 4]))
    said = lines(events)
    # The dice once, on the volley's line (a raw "🎲 AA fire in Karelia S.S.R.: [1 4]" line told them twice).
    assert "Karelia S.S.R.: USSR AA fire: AA gun [1 4] hitting on 1, a die per aircraft → 1 hit." in said
    assert not any(line.startswith("🎲") for line in said) and dice_lines(events) == [""]
    assert "Germany lost 1 fighter to AA fire on the way to Russia." in said
    assert not any(": shot down by AA fire" in line for line in said)


def test_the_submarines_first_strike_dice_say_so():
    zone = "North Sea Zone"
    battle = start_battle(
        zone,
        sea=True,
        attacker="germany",
        attackers=[Unit("germany", "submarine")],
        defenders=[Unit("uk", "transport")],
        attacker_dive_to=("Baltic Sea Zone",),
        defender_dive_to=("Karelia Sea Zone",),
    )
    events: list = []
    _, told = advance(battle, DiceCup(ScriptedRng([2]), 0, events))
    assert dice_lines(events) == [""]  # the volley's line tells the die, once
    assert lines(told)[0] == (
        "North Sea Zone, round 1: Germany submarine first strike: 1 submarine [2] hitting on 2 → 1 hit."
    )


def test_research_dice_name_the_power():
    events: list = []
    research("uk", 2, (), DiceCup(ScriptedRng([6, 3, 3]), 0, events))
    assert dice_lines(events) == [
        "🎲 United Kingdom's research: [6 3]",
        "🎲 United Kingdom's breakthrough chart: [3]",
    ]
    assert [e.reason for e in events] == ["research uk", "research_chart uk"]  # stored as before
