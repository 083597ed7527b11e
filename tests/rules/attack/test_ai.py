"""The AI plays every action, its battles and the economy: each case sets a position where one action is
clearly right and checks the AI takes it (its own dice are seeded; the game's come from a fixed seed)."""

from __future__ import annotations

from rules.attack import RULES
from rules.attack.actions import Begin, Buy, ChooseGovernment, Troops
from rules.attack.ai import AttackAI
from rules.attack.ai.survey import pressure
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
from rules.attack.options import make_options
from rules.attack.tables import WINTER
from rules.core.dice import SeededRng
from tests.rules.attack.position import WEST, acting, of, position


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


def _capital_two_regions_off(**options):
    """France, a rival capital with one infantry, two regions from the AI's tanks and planes in Russia
    (through its own empty Germany): no unit of the AI stands next to France, so only a Blitz reaches it."""
    holdings = {"ukraine": (0, (6, 0, 0, 0)), "germany": (0, (0, 0, 0, 0)), "russia": (0, (0, 0, 2, 2))}
    return position(holdings, capitals=("ukraine", "france"), options=make_options(options))


def test_the_ai_blitzes_an_enemy_capital_only_tanks_and_planes_can_reach():
    state, events = ai_action(_capital_two_regions_off())
    assert of(events, ActionBegan) == [ActionBegan(0, "blitz", None, "france")]
    assert of(events, AssaultGathered) == [AssaultGathered(0, "russia", "france", Troops(tank=2, plane=2))]
    assert of(events, GameEnded) and state.winners == (0,)


def test_the_ai_does_not_blitz_a_capital_out_of_blitz_range():
    state = _capital_two_regions_off(blitz_range=1)  # tanks and planes strike only next door
    assert Begin("blitz", target="france") not in RULES.legal(state, 0)
    state, events = ai_action(state)
    # Blitz plans aim only at rivals' regions; out of reach of France, the AI expands into neutrals instead.
    assert kinds(events) == ["move"] and all(e.target != "france" for e in of(events, AssaultGathered))
    assert not of(events, GameEnded) and state.owner[WEST.index["france"]] == 1


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


def test_the_ai_counts_tanks_and_planes_within_the_blitz_range_as_a_threat():
    # Seat 1's tanks and planes stand exactly three regions from Germany: within the default Blitz range
    # of 3, out of it when the option says 2.
    seen = edge = {WEST.index["germany"]}
    for _ in range(3):  # the regions one, two, then three army steps away
        edge = {m for n in edge for m in WEST.army_neighbours(n)} - seen
        seen = seen | edge
    far = WEST.region_ids[min(edge)]
    holdings = {"germany": (0, (1, 0, 0, 0)), far: (1, (0, 0, 4, 2))}
    germany = WEST.index["germany"]
    threatened = position(holdings, capitals=("germany", far))
    assert pressure(threatened, WEST, 0, germany) == int(0.5 * (3 * 4 + 4 * 2))
    out_of_range = position(holdings, capitals=("germany", far), options=make_options({"blitz_range": 2}))
    assert pressure(out_of_range, WEST, 0, germany) == 0
