"""The AI plays every action, its battles and the economy: each case sets a position where one action is
clearly right and checks the AI takes it (its own dice are seeded; the game's come from a fixed seed)."""

from __future__ import annotations

from rules.attack import RULES
from rules.attack.actions import Buy, ChooseGovernment
from rules.attack.ai import AttackAI
from rules.attack.common import with_seat
from rules.attack.events import (
    ActionBegan,
    ArmyMoved,
    AssaultGathered,
    Burned,
    GameEnded,
    Negotiated,
    Researched,
    ShipsSailed,
    UnitsBuilt,
)
from rules.attack.tables import WINTER
from rules.core.dice import SeededRng
from tests.rules.attack.position import acting, of, position


def ai_action(state, seat=0, seed="ai"):
    """Let the AI play ``seat``'s season action to its end (answering any battle on both sides)."""
    rng = SeededRng(seed)
    agents = [AttackAI(s) for s in range(state.players)]
    events = []
    start = (state.year, state.season, state.position)
    while RULES.result(state) is None and (state.year, state.season, state.position) == start:
        acting = RULES.to_act(state)[0]
        state, happened = RULES.apply(state, acting, agents[acting].choose(state, acting), rng)
        events += happened
    return state, events


def kinds(events):
    return [e.action for e in of(events, ActionBegan)]


def test_the_ai_takes_an_enemy_capital_it_can_win():
    state = position(
        {"germany": (0, (4, 3, 3, 3)), "france": (1, (1, 0, 0, 0))}, capitals=("germany", "france")
    )
    state, events = ai_action(state)
    assert of(events, GameEnded) and state.winners == (0,)


def test_the_ai_expands_into_weak_neutrals():
    state = position({"germany": (0, (10, 4, 2, 2))})
    state, events = ai_action(state)
    assert kinds(events) == ["move"] and len(of(events, AssaultGathered)) >= 2
    assert state.owner.count(0) > 2


def test_the_ai_builds_a_mixed_army_with_its_income():
    state = acting(position(production=15, levels={0: (0, 1, 0, 0, 0)}), "build")  # Minerals 1: 3 advanced
    buy = AttackAI(0).choose(state, 0)
    assert isinstance(buy, Buy) and buy.region == "germany"
    assert buy.army.tank >= 1 and buy.army.plane >= 1 and buy.army.artillery >= 1  # Germany has infantry
    state, events = RULES.apply(state, 0, buy, SeededRng("build"))
    assert of(events, UnitsBuilt) and state.seats[0].production <= 3 + 1  # all spent but a purse for talks


def test_the_ai_negotiates_with_a_neutral_too_strong_to_attack():
    state = with_seat(position({"germany": (0, (1, 0, 0, 0))}, year=6, production=6), 0, built=True)
    state, events = ai_action(state)
    assert kinds(events) == ["negotiate"] and of(events, Negotiated)


def test_the_ai_researches_with_units_it_can_spare():
    state = with_seat(position({"germany": (0, (14, 0, 0, 0))}, year=6, production=0), 0, built=True)
    state, events = ai_action(state)
    assert kinds(events) == ["research"] and of(events, Researched)


def test_the_ai_claims_empty_sea_zones_with_its_ships():
    state = with_seat(position(coasts={"germany": (2, 1, 0, 0)}, year=6, production=0), 0, built=True)
    state, events = ai_action(state)
    assert kinds(events) == ["navigate"] and of(events, ShipsSailed)
    assert 0 in state.zone_owner


def test_the_ai_brings_spare_units_home_when_its_capital_is_threatened():
    holdings = {
        "germany": (0, (1, 0, 0, 0)),
        "ukraine": (0, (2, 2, 2, 0)),
        "russia": (0, (0, 0, 0, 0)),
        "france": (1, (3, 2, 2, 2)),
    }
    state = with_seat(position(holdings, year=6, production=0), 0, built=True)
    state, events = ai_action(state)
    assert kinds(events) == ["transport"]
    assert any(e.target == "germany" for e in of(events, ArmyMoved))


def test_the_ai_burns_oil_in_winter_for_a_good_action():
    state = position({"germany": (0, (6, 2, 1, 1))}, season=WINTER, oil=6)
    state, events = ai_action(state)
    assert of(events, Burned) and kinds(events) == ["move"]


def test_the_ai_chooses_any_government():
    chosen = set()
    for seed in range(12):
        state, _ = RULES.setup({}, 2, SeededRng(f"gov-{seed}"))
        seat = RULES.to_act(state)[0]
        action = AttackAI(seed).choose(state, seat)
        assert isinstance(action, ChooseGovernment)
        chosen.add(action.government)
    assert chosen == {"fascism", "communism", "monarchy", "democracy"}
