"""Rule cases for the year: one action per seat per season in turn order, Winter's Burn, the year's end,
the war's end and victory points."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from rules.attack import RULES
from rules.attack.actions import Begin, Burn, Buy, EndAction, March, Pass, Resign, Troops
from rules.attack.common import score, with_seat
from rules.attack.events import Burned, GameEnded, IncomeCollected, Scored, SeatResigned, YearEnded
from rules.attack.options import make_options
from rules.attack.state import NEUTRAL, SeatStatus, Stage
from rules.attack.tables import AUTUMN, COPIES, MILD_WINTER, SPRING, SUMMER, WINTER
from tests.rules.attack.position import WEST, acting, of, owner, play, position, refused

MILD = MILD_WINTER * COPIES  # the first Mild Winter card


def test_each_player_takes_one_action_per_season_in_turn_order():
    state = position(players=3, order=(2, 0, 1))
    refused(state, 0, Pass(), "not_your_turn")
    state, _ = play(state, 2, Pass())
    refused(state, 2, Pass(), "not_your_turn")
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Pass())
    assert state.season == SUMMER and RULES.to_act(state) == (2,)


def test_a_second_action_in_the_same_season_is_refused():
    state, _ = play(position(), 0, Begin("build"))
    error = refused(state, 0, Begin("move"), "one_action")
    assert error.message == "You are in the middle of your Build: end it first."
    state, _ = play(state, 0, EndAction())
    refused(state, 0, Begin("move"), "not_your_turn")


def test_steps_need_a_season_action_begun():
    refused(position(), 0, March("germany", "france", Troops(1)), "begin_first")
    refused(position(), 0, Buy("germany", Troops(1)), "begin_first")


def test_autumn_is_followed_by_winter_then_the_next_year():
    state = position(season=AUTUMN)
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Pass())
    assert state.season == WINTER and state.year == 1


def test_a_winter_action_needs_five_oil_certificates_or_an_oil_marker_burnt():
    state = position(season=WINTER, oil=5)
    refused(state, 0, Begin("build"), "burn_first")
    burnt, events = play(state, 0, Burn())
    assert of(events, Burned) == [Burned(0, 5, None)] and burnt.seats[0].oil == 0 and burnt.burned
    refused(burnt, 0, Burn(), "burned_already")
    built, _ = play(burnt, 0, Begin("build"))
    assert built.turn is not None and built.turn.kind == "build"
    poor = position(season=WINTER, oil=4)
    refused(poor, 0, Burn(), "no_oil")
    marked = replace(poor, oil=tuple(1 if r == WEST.index["germany"] else o for r, o in enumerate(poor.oil)))
    paid, _ = play(marked, 0, Burn("germany"))
    assert paid.oil[WEST.index["germany"]] == 0 and paid.seats[0].oil == 4
    refused(marked, 0, Burn("brazil"), "no_marker")


def test_burn_is_only_for_winter():
    refused(position(season=SPRING), 0, Burn(), "not_winter")


def test_mild_winter_takes_a_winter_action_without_burning():
    state = position(season=WINTER, oil=0, hands={0: (MILD,)})
    state, _ = play(state, 0, Begin("build", MILD))
    assert state.turn is not None and MILD not in state.seats[0].hand and MILD in state.discard
    refused(position(season=SPRING, hands={0: (MILD,)}), 0, Begin("build", MILD), "not_winter")


def test_the_year_ends_with_income_for_those_who_took_no_build():
    state = position(season=WINTER, production=0, oil=0)
    state = with_seat(state, 0, built=True)
    state, _ = play(state, 0, Pass())
    state, events = play(state, 1, Pass(), [1, 1, 3, 3])  # next year's order dice
    incomes = of(events, IncomeCollected)
    assert [(i.seat, i.production, i.year_end) for i in incomes] == [(1, 1, True)]
    assert of(events, YearEnded) == [YearEnded(1)]
    assert state.year == 2 and state.stage is Stage.DIRECTION and RULES.to_act(state) == (1,)
    assert not any(s.built for s in state.seats)


def test_order_dice_once_keeps_the_first_years_order():
    state = position(season=WINTER, order=(1, 0), options=make_options({"order_roll": "once"}))
    state, _ = play(state, 1, Pass())
    state, _ = play(state, 0, Pass())
    assert state.year == 2 and state.stage is Stage.SEASON and state.order == (1, 0)


@pytest.mark.parametrize(("war", "years"), [("limited", 6), ("major", 9), ("total", 12)])
def test_the_war_ends_after_six_nine_or_twelve_years_on_victory_points(war, years):
    state = position(
        {"france": (0, (1, 0, 0, 0))}, season=WINTER, year=years, options=make_options({"war": war})
    )
    state, _ = play(state, 0, Pass())
    state, events = play(state, 1, Pass())
    assert state.stage is Stage.OVER and state.winners == (0,)
    assert [s.seat for s in of(events, Scored)] == [0, 1]
    assert of(events, GameEnded)[0].winners == (0,)
    assert RULES.result(state).winners == (0,)


def test_victory_points_count_regions_sea_zones_capitals_and_economics_cards():
    state = position(
        {"france": (0, (1, 0, 0, 0))},
        zones={"north_sea": (0, (1, 0, 0, 0), (0, 0, 0, 0))},
        levels={0: (1, 1, 0, 0, 2)},
    )
    # 2 regions, 1 zone, 1 capital (3 points), 4 economics cards with 2 Population counted twice
    assert score(state, 0) == (2, 1, 1, 6, 2 + 1 + 3 + 6)
    assert RULES.view(state, None).seats[0].victory_points == 12


def _final(state):
    state = with_seat(with_seat(state, 0, built=True), 1, built=True)
    state, _ = play(state, 0, Pass())
    state, _ = play(state, 1, Pass())
    return state


def test_a_tie_on_points_goes_to_more_regions_then_larger_income_else_is_shared():
    """Design: the tie-breaks after victory points."""
    regions = _final(
        position({"france": (0, (1, 0, 0, 0))}, season=WINTER, year=6, levels={1: (1, 0, 0, 0, 0)})
    )
    assert score(regions, 0)[4] == score(regions, 1)[4] == 5 and regions.winners == (0,)
    richer = _final(position(season=WINTER, year=6, governments=("fascism", "monarchy")))
    assert score(richer, 0)[4] == score(richer, 1)[4] and richer.winners == (1,)  # Monarchy's income
    even = _final(position(season=WINTER, year=6))
    assert even.winners == (0, 1)


def test_a_resigned_seat_leaves_neutral_regions_and_is_skipped():
    state = position({"france": (0, (2, 0, 0, 0))}, players=3, order=(0, 1, 2))
    state, events = play(state, 0, Resign())
    assert of(events, SeatResigned) == [SeatResigned(0, 2)]
    assert owner(state, "france") == NEUTRAL and state.army[WEST.index["france"]] == (0, 0, 0, 0)
    assert state.seats[0].status is SeatStatus.RESIGNED and RULES.to_act(state) == (1,)
    refused(state, 0, Pass(), "not_playing")


def test_the_last_seat_playing_wins():
    state, events = play(position(), 1, Resign())
    assert state.winners == (0,) and of(events, GameEnded)[0].reason == "every other player resigned"


def test_an_action_in_progress_shows_in_the_view_and_blocks_another():
    state = acting(position(), "move")
    assert RULES.view(state, None).action.kind == "move"
    refused(state, 0, Pass(), "one_action")


def test_the_winter_burn_costs_the_burn_oil_option():
    cheap = make_options({"burn_oil": 3})
    refused(position(season=WINTER, oil=3), 0, Burn(), "no_oil")  # the default burn takes 5
    burnt, events = play(position(season=WINTER, oil=3, options=cheap), 0, Burn())
    assert of(events, Burned) == [Burned(0, 3, None)] and burnt.seats[0].oil == 0 and burnt.burned
    error = refused(position(season=WINTER, oil=2, options=cheap), 0, Burn(), "no_oil")
    assert error.message == "Burning takes 3 oil certificates; you have 2."
    dear = position(season=WINTER, oil=7, options=make_options({"burn_oil": 8}))
    assert "(8 oil certificates" in refused(dear, 0, Begin("build"), "burn_first").message
    refused(dear, 0, Burn(), "no_oil")


@pytest.mark.parametrize(("capital_vp", "totals"), [(5, (2 + 5, 1 + 5)), (0, (2, 1))])
def test_a_capitals_victory_points_are_the_capital_vp_option(capital_vp, totals):
    state = position(
        {"france": (0, (1, 0, 0, 0))},
        season=WINTER,
        year=6,
        options=make_options({"capital_vp": capital_vp}),
    )
    state = with_seat(with_seat(state, 0, built=True), 1, built=True)
    state, _ = play(state, 0, Pass())
    state, events = play(state, 1, Pass())
    # Seat 0: Germany and France, its capital; seat 1: Brazil, its capital; nothing else scores.
    assert of(events, Scored) == [Scored(0, 2, 0, 1, 0, totals[0]), Scored(1, 1, 0, 1, 0, totals[1])]
    assert [s.victory_points for s in RULES.view(state, None).seats] == list(totals)
