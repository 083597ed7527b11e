"""The Axis & Allies AI in set positions: what it buys, where it places, what it attacks and what it
keeps home, how it ships armies; each position built by hand (``aa_position``)."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import Buy, EndPhase, Move, Place
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.state import AAState, Phase
from rules.core.dice import SeededRng
from tests.rules.axis_allies.aa_position import idx, position, seat, units_in

# Germany massed next to Moscow: 6 infantry and 4 tanks in Karelia (attack 18).
GERMAN_FRONT = {"Karelia S.S.R.": {"germany": {"infantry": 6, "tank": 4}}}
KARELIA_GERMAN = {"Karelia S.S.R.": "germany"}


def run_phase(state: AAState, seed: int = 0) -> tuple[AAState, list[object]]:
    """Let the AI play the acting power until the phase changes; returns the state and its actions."""
    ai = AxisAlliesAI(seed)
    rng = SeededRng("test-ai")
    phase, power, actions = state.phase, state.power, []
    for _ in range(200):
        if state.phase is not phase or state.power != power or state.battle is not None:
            break
        action = ai.choose(state, seat(state))
        actions.append(action)
        state, _ = RULES.apply(state, seat(state), action, rng)
    else:
        raise AssertionError("the AI never ended the phase")
    return state, actions


def test_a_threatened_ussr_buys_infantry_and_places_it_in_moscow() -> None:
    units = GERMAN_FRONT | {"Russia": {"russia": {"factory": 1, "infantry": 2}}}
    state = position(units, owners=KARELIA_GERMAN, power="russia", phase=Phase.PURCHASE, ipcs={"russia": 24})
    action = AxisAlliesAI().choose(state, seat(state))
    assert action == Buy((("infantry", 8),))
    state = position(
        units, owners=KARELIA_GERMAN, power="russia", phase=Phase.MOBILIZE, bought=(("infantry", 8),)
    )
    assert AxisAlliesAI().choose(state, seat(state)) == Place((("infantry", 8),), "Russia")


def test_an_unthreatened_power_buys_some_tanks() -> None:
    state = position(
        {"Russia": {"russia": {"factory": 1, "infantry": 10}}},
        power="russia",
        phase=Phase.PURCHASE,
        ipcs={"russia": 24},
    )
    action = AxisAlliesAI().choose(state, seat(state))
    assert isinstance(action, Buy) and dict(action.units).get("tank", 0) >= 1


def test_the_threat_counts_tanks_two_steps_away_only_through_open_land() -> None:
    tanks = {"East Europe": {"germany": {"tank": 3}}}
    russia = idx("Russia")
    state = position(tanks, power="russia", phase=Phase.NONCOMBAT_MOVE)
    assert View(state, 0).threat(russia) == 9  # through empty Karelia
    guarded = tanks | {"Karelia S.S.R.": {"russia": {"infantry": 1}}}
    state = position(guarded, power="russia", phase=Phase.NONCOMBAT_MOVE)
    assert View(state, 0).threat(russia) == 0  # Karelia is held: no blitz through it
    # Planning attacks, units still free to leave Karelia do not count as holding it.
    state = position(guarded, power="russia", phase=Phase.COMBAT_MOVE)
    assert View(state, 0).threat(russia) == 9
    assert View(state, 0).threat(idx("Karelia S.S.R.")) == 9  # next door


def test_moscow_keeps_the_defence_its_threat_calls_for_and_attacks_with_the_rest() -> None:
    units = GERMAN_FRONT | {
        "Russia": {"russia": {"factory": 1, "infantry": 14}},
        "Caucasus": {"germany": {"infantry": 1}},
    }
    state = position(units, owners=KARELIA_GERMAN | {"Caucasus": "germany"}, power="russia")
    need = View(state, 0).capital_need(idx("Russia"))
    after, actions = run_phase(state)
    assert any(isinstance(a, Move) and a.path[-1] == "Caucasus" for a in actions)
    assert 2 * units_in(after, "Russia", "russia")["infantry"] >= need


def test_the_ai_does_not_attack_at_poor_odds() -> None:
    units = {
        "Caucasus": {"russia": {"infantry": 3}},
        "Ukraine S.S.R.": {"germany": {"infantry": 3, "tank": 2}},
    }
    state = position(units, power="russia")
    assert odds({"infantry": 3}, {"infantry": 3, "tank": 2}, False)[0] < 0.1
    assert AxisAlliesAI().choose(state, seat(state)) == EndPhase()


def test_a_weak_stack_next_door_is_counterattacked_with_enough_to_win() -> None:
    units = {
        "Caucasus": {"russia": {"infantry": 6, "tank": 2}},
        "Ukraine S.S.R.": {"germany": {"infantry": 2}},
    }
    state = position(units, power="russia")
    after, actions = run_phase(state)
    sent = units_in(after, "Ukraine S.S.R.", "russia")
    assert actions[-1] == EndPhase() and sent
    assert odds(sent, {"infantry": 2}, False)[0] >= 0.9


def test_the_uk_ships_infantry_by_transport_to_a_friendly_front() -> None:
    units = {
        "United Kingdom": {"uk": {"factory": 1, "infantry": 4}},
        "North Sea Zone": {"uk": {"transport": 2}},
        "Karelia S.S.R.": {"russia": {"infantry": 3}},
        "East Europe": {"germany": {"infantry": 2}},
    }
    state = position(units, power="uk", phase=Phase.NONCOMBAT_MOVE)
    after, _ = run_phase(state)
    assert units_in(after, "Karelia S.S.R.", "uk") == {"infantry": 3}
    assert units_in(after, "United Kingdom", "uk") == {"factory": 1, "infantry": 1}  # one keeps London


def test_an_island_power_buys_transports_for_the_army_waiting_at_home() -> None:
    units = {"United Kingdom": {"uk": {"factory": 1, "infantry": 8}}}
    state = position(units, power="uk", phase=Phase.PURCHASE, ipcs={"uk": 30})
    action = AxisAlliesAI().choose(state, seat(state))
    assert isinstance(action, Buy) and dict(action.units).get("transport", 0) >= 1


def test_the_choice_depends_only_on_the_state_and_the_seed() -> None:
    state = position(setup_units=True, power="germany", phase=Phase.PURCHASE, ipcs={"germany": 40})
    first = AxisAlliesAI(3).choose(state, seat(state))
    assert all(AxisAlliesAI(3).choose(state, seat(state)) == first for _ in range(3))
