"""The move made for a seat whose deadline passed: legal, harmless, and ending its part."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack import RULES
from rules.attack.actions import (
    Begin,
    ChooseDirection,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    Pass,
    Retreat,
    Troops,
)
from rules.attack.state import Assault, NavyAssault, Stage
from rules.attack.tables import WINTER
from rules.core.dice import SeededRng
from tests.rules.attack.position import WEST, acting, play, position


def applies(state, seat):
    action = RULES.absent_move(state, seat)
    RULES.apply(state, seat, action, SeededRng("absent"))
    return action


def test_a_missed_season_action_is_a_build_that_collects_income_and_buys_nothing():
    state = position()
    assert applies(state, 0) == Begin("build")
    building, _ = play(state, 0, Begin("build"))
    assert applies(building, 0) == EndAction()


def test_a_missed_winter_action_is_a_pass():
    assert applies(position(season=WINTER), 0) == Pass()


def test_a_missed_line_is_filled_strongest_kind_first_one_of_each():
    state = acting(
        position({"france": (1, (3, 2, 1, 1))}),
        "move",
        assaults=(Assault(WEST.index["france"], (4, 1, 1, 1)),),
    )
    state, _ = play(state, 0, EndAction())
    assert applies(state, 1) == Deploy(Troops(1, 1, 1, 1))


def test_a_missed_line_up_keeps_ships_carrying_armies_out_and_no_retreat_while_ahead():
    state = position(zones={"north_sea": (1, (0, 1, 0, 1), (0, 0, 0, 0))})
    fleet = NavyAssault(WEST.zone_index["north_sea"], (1, 0, 1, 0), (2, 0, 0, 0), home=WEST.index["germany"])
    state = acting(state, "navigate", navy_assaults=(fleet,))
    state, _ = play(state, 0, EndAction())
    assert applies(state, 0) == LineUp(("battleship",))  # the submarine carries the two infantry
    assert applies(state, 1) == LineUp(("destroyer", "carrier"))
    after = replace(state, navy_battle=replace(state.navy_battle, awaiting="retreat"))
    assert applies(after, 0) == FightOn()
    behind = replace(after, navy_battle=replace(after.navy_battle, ships=((1, 0, 0, 0), (0, 1, 1, 1))))
    assert applies(behind, 0) == Retreat()


def test_missed_setup_choices_take_the_first_that_fits_and_clockwise():
    state, _ = RULES.setup({}, 2, SeededRng("absent-setup"))
    while state.stage is not Stage.SEASON:
        seat = RULES.to_act(state)[0]
        action = applies(state, seat)
        if state.stage is Stage.DIRECTION:
            assert action == ChooseDirection(True)
        state, _ = RULES.apply(state, seat, action, SeededRng("absent-setup"))
    assert all(s.capital >= 0 for s in state.seats)
