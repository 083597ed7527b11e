"""Victory: the Allies' after Japan's turn, the Axis' capitals and economic victory after the USA's
(the end of a full round), the winners holding their own capitals, the option checking both at the end
of the round (TripleA), the round-limit house rule."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import EndPhase
from rules.axis_allies.events import GameWon
from rules.axis_allies.state import AAOptions, Phase
from tests.rules.axis_allies.aa_position import NONE, position


def end_turn(state):
    """Finish the non-combat move with nothing bought: income, victory check, next power."""
    return RULES.apply(state, RULES.to_act(state)[0], EndPhase(), NONE)


def test_allies_win_holding_berlin_and_tokyo_after_japans_turn():
    state = position(power="japan", phase=Phase.NONCOMBAT_MOVE, owners={"Germany": "uk", "Japan": "usa"})
    state, events = end_turn(state)
    assert GameWon("Allies", "the Allies hold both Berlin and Tokyo, and their own capitals") in events
    result = RULES.result(state)
    assert result is not None and result.winners == (0, 2, 4)


def test_allied_victory_is_not_checked_after_other_turns():
    state = position(power="uk", phase=Phase.NONCOMBAT_MOVE, owners={"Germany": "uk", "Japan": "usa"})
    state, _events = end_turn(state)
    assert state.phase is Phase.PURCHASE and RULES.result(state) is None


def test_one_axis_capital_is_not_enough():
    state = position(power="japan", phase=Phase.NONCOMBAT_MOVE, owners={"Germany": "uk"})
    state, _ = end_turn(state)
    assert RULES.result(state) is None


def test_axis_win_holding_two_allied_capitals_after_the_usas_turn():
    state = position(
        power="usa", phase=Phase.NONCOMBAT_MOVE, owners={"Russia": "germany", "United Kingdom": "germany"}
    )
    state, events = end_turn(state)
    assert GameWon("Axis", "the Axis hold two Allied capitals, and Berlin and Tokyo") in events
    assert RULES.result(state).winners == (1, 3)
    early = position(
        power="japan", phase=Phase.NONCOMBAT_MOVE, owners={"Russia": "germany", "United Kingdom": "germany"}
    )
    early, _ = end_turn(early)
    assert RULES.result(early) is None


def test_the_axis_do_not_win_with_moscow_and_london_while_berlin_is_british():
    """Before: the Axis won holding Moscow and London though the UK held Berlin. TripleA's classic
    victory and its game notes require the winners to hold their own capitals too."""
    owners = {"Russia": "germany", "United Kingdom": "japan", "Germany": "uk"}
    state, events = end_turn(position(power="usa", phase=Phase.NONCOMBAT_MOVE, owners=owners))
    assert RULES.result(state) is None and not any(isinstance(e, GameWon) for e in events)
    retaken = {**owners, "Germany": "germany"}
    state, _ = end_turn(position(power="usa", phase=Phase.NONCOMBAT_MOVE, owners=retaken))
    assert RULES.result(state).winners == (1, 3)


def test_the_allies_do_not_win_holding_berlin_and_tokyo_while_moscow_is_german():
    owners = {"Germany": "uk", "Japan": "usa", "Russia": "germany"}
    state, _ = end_turn(position(power="japan", phase=Phase.NONCOMBAT_MOVE, owners=owners))
    assert RULES.result(state) is None


def test_option_victory_check_round_end_checks_the_allies_after_the_usas_turn():
    """TripleA checks both sides at the end of the round; the document checks the Allies after Japan."""
    owners = {"Germany": "uk", "Japan": "usa"}
    options = AAOptions(victory_check="round_end")
    state, _ = end_turn(position(power="japan", phase=Phase.NONCOMBAT_MOVE, owners=owners, options=options))
    assert RULES.result(state) is None and state.power == 4
    state, _ = end_turn(position(power="usa", phase=Phase.NONCOMBAT_MOVE, owners=owners, options=options))
    assert RULES.result(state).winners == (0, 2, 4)


def test_axis_economic_victory_at_84_at_the_end_of_a_round():
    grab = {
        "Russia": "germany",
        "Karelia S.S.R.": "germany",
        "Caucasus": "germany",
        "India": "japan",
        "Australia": "japan",
        "China": "japan",
        "Sinkiang": "japan",
        "Persia": "germany",
        "Anglo Sudan Egypt": "germany",
    }
    from rules.axis_allies.common import side_income

    short = position(power="usa", phase=Phase.NONCOMBAT_MOVE, owners=grab)
    assert side_income(short, 1) == 83
    short, _ = end_turn(short)
    assert RULES.result(short) is None
    state = position(power="usa", phase=Phase.NONCOMBAT_MOVE, owners={**grab, "Kazakh S.S.R.": "germany"})
    assert side_income(state, 1) == 85
    state, events = end_turn(state)
    assert any(isinstance(e, GameWon) and e.side == "Axis" for e in events)


def test_economic_victory_can_be_switched_off_or_moved():
    grab = {"Russia": "germany", "Karelia S.S.R.": "germany", "Caucasus": "germany"}
    state = position(
        power="usa", phase=Phase.NONCOMBAT_MOVE, owners=grab, options=AAOptions(economic_victory=0)
    )
    state, _ = end_turn(state)
    assert RULES.result(state) is None
    state = position(power="usa", phase=Phase.NONCOMBAT_MOVE, options=AAOptions(economic_victory=57))
    state, _events = end_turn(state)
    assert RULES.result(state).winners == (1, 3)


def test_round_limit_gives_the_game_to_the_larger_income():
    state = position(power="usa", phase=Phase.NONCOMBAT_MOVE, round=5, options=AAOptions(round_limit=5))
    state, _ = end_turn(state)
    assert RULES.result(state).winners == (0, 2, 4)
    state = position(power="usa", phase=Phase.NONCOMBAT_MOVE, round=4, options=AAOptions(round_limit=5))
    state, _ = end_turn(state)
    assert RULES.result(state) is None and state.round == 5


def test_no_moves_after_the_end():
    state = position(power="japan", phase=Phase.NONCOMBAT_MOVE, owners={"Germany": "uk", "Japan": "usa"})
    state, _ = end_turn(state)
    assert RULES.to_act(state) == () and RULES.legal(state, 0) == []
