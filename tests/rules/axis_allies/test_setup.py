"""Setup: seats to powers, the spring 1942 position (checked against the data), IPCs, options."""

from __future__ import annotations

import pytest

from data import load_json
from rules.axis_allies import RULES
from rules.axis_allies.board import POWERS
from rules.axis_allies.events import GameStarted, TurnBegan
from rules.axis_allies.state import Phase
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.axis_allies.aa_position import BOARD, units_in

RAW = load_json("axis_allies/classic.json")


def new(players=5, **options):
    return RULES.setup(options, players, ScriptedRng([]))


def test_every_space_starts_with_the_data_units_and_owner():
    state, _ = new()
    for row in RAW["territories"]:
        name = row["name"]
        expected = {}
        for power, units in row.get("units", {}).items():
            assert units_in(state, name, power) == units, name
            expected.update(units)
        assert sum(units_in(state, name).values()) == sum(
            n for units in row.get("units", {}).values() for n in units.values()
        )
        owner = state.owner[BOARD.lookup(name).index]
        if row["sea"]:
            assert owner == -1
        else:
            assert owner == (-1 if row["original_owner"] is None else POWERS.index(row["original_owner"])), (
                name
            )


def test_starting_ipcs_24_32_30_25_36_and_the_ussr_moves_first():
    state, events = new()
    assert state.ipcs == (24, 32, 30, 25, 36)
    assert state.power == 0 and state.round == 1 and state.phase is Phase.PURCHASE
    assert isinstance(events[0], GameStarted) and events[-1] == TurnBegan("russia", 0, 1, 1, 24)


def test_starting_income_equals_starting_ipcs():
    from rules.axis_allies.common import income

    state, _ = new()
    assert tuple(income(state, p) for p in range(5)) == (24, 32, 30, 25, 36)


@pytest.mark.parametrize(
    ("players", "seats"),
    [
        (2, (("russia", "uk", "usa"), ("germany", "japan"))),
        (3, (("russia", "uk", "usa"), ("germany",), ("japan",))),
        (4, (("russia", "usa"), ("germany",), ("uk",), ("japan",))),
        (5, (("russia",), ("germany",), ("uk",), ("japan",), ("usa",))),
    ],
)
def test_seat_assignment_per_player_count(players, seats):
    state, events = new(players)
    assert events[0].seats == seats
    for seat, powers in enumerate(seats):
        for p in powers:
            assert state.seat_of[POWERS.index(p)] == seat


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(players):
    with pytest.raises(IllegalAction) as refused:
        new(players)
    assert refused.value.code == "bad_seats"


def test_the_acting_seat_is_the_seat_of_the_power_to_move():
    state, _ = new(4)
    assert RULES.to_act(state) == (0,)  # USSR+USA seat


def test_bad_options_are_refused():
    with pytest.raises(IllegalAction):
        new(economic_victory=-1)
    with pytest.raises(IllegalAction):
        new(nonsense=True)
    state, _ = new(russia_restricted=True, economic_victory=0)
    assert state.options.russia_restricted and state.options.economic_victory == 0


def test_setup_unit_totals_per_power():
    state, _ = new()
    totals = {p: {} for p in POWERS}
    for stacks in state.units:
        for s in stacks:
            totals[POWERS[s.power]][s.unit] = totals[POWERS[s.power]].get(s.unit, 0) + s.count
    assert totals["germany"] == {
        "infantry": 19,
        "tank": 10,
        "fighter": 5,
        "bomber": 1,
        "factory": 2,
        "aa_gun": 3,
        "submarine": 2,
        "transport": 2,
        "battleship": 1,
    }
    assert totals["russia"]["infantry"] == 19 and totals["usa"]["carrier"] == 1
