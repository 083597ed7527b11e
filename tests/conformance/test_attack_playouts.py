"""Attack! conformance: seeded playouts for 2 to 6 players on both theatres and the joined world, to the
end of a 6-year war and to a captured capital. Every step: the contract's invariants and the JSON round
trip; at the end: replay from the seed rebuilds the same game, every roll verifies, and no view or event
shows a seat anything it may not see."""

from __future__ import annotations

import pytest

from rules.attack import RULES
from rules.attack.ai import AttackAI
from rules.attack.ai.normal import AttackNormalAI
from rules.attack.board import board
from rules.attack.events import CardDrawn, GameEnded, LineUpSet, RegionConquered
from rules.attack.state import NEUTRAL, AttackState, SeatStatus, Stage
from rules.attack.tables import DECK_SIZE, SUPPLY
from rules.core.agents import RandomAgent
from rules.core.codec import from_json, to_json
from rules.core.conformance import check_roundtrip, play, replay
from rules.core.dice import SeededRng, verify_rolls
from rules.core.events import DiceRolled


def invariants(before: AttackState, after: AttackState, action, events) -> None:
    """What must hold after every action of every game, and the JSON round trip of it all."""
    check_roundtrip(RULES, after, action, events)
    assert after.rolls >= before.rolls
    for counts in (*after.army, *after.coast_navy, *after.zone_navy, *after.zone_cargo):
        assert min(counts) >= 0, f"negative units after {action!r}"
    for owner in after.owner:
        assert owner == NEUTRAL or after.seats[owner].status is SeatStatus.PLAYING
    for z, owner in enumerate(after.zone_owner):
        assert (owner == NEUTRAL) == (not any(after.zone_navy[z])), (
            "a zone is held exactly when ships are there"
        )
    capacity = after.options.ship_capacity
    for z in range(len(after.zone_owner)):
        assert sum(after.zone_cargo[z]) <= capacity * sum(after.zone_navy[z])
    cards = sorted((*after.deck, *after.discard, *(c for s in after.seats for c in s.hand)))
    assert cards == list(range(DECK_SIZE)), "36 action cards, each exactly once"
    for suit, levels in enumerate(after.supply):
        held = [sum(1 for s in after.seats if s.levels[suit] >= level) for level in range(1, 5)]
        assert [left + taken for left, taken in zip(levels, held, strict=True)] == list(SUPPLY[suit])
    assert all(s.production >= 0 and s.oil >= 0 for s in after.seats)
    waiting = RULES.to_act(after)
    assert all(after.seats[s].status is SeatStatus.PLAYING for s in waiting)
    assert bool(waiting) == (after.stage is not Stage.OVER), "someone acts exactly while the game runs"


def check_secrets(game, seats: int) -> None:
    """Views and redacted events show each seat only its own hand and line-ups, nobody the dice counter."""
    for seat in (None, *range(seats)):
        seen = RULES.view(game.state, seat)
        text = to_json(seen).decode()
        assert '"rolls"' not in text and "seed" not in text
        for other in range(seats):
            if other != seat:
                assert seen.hand is None or all(c in game.state.seats[seat].hand for c, _ in seen.hand)
        for _, _, events in game.log:
            for event in events:
                shown = RULES.redact(event, seat)
                if isinstance(event, CardDrawn) and event.seat != seat:
                    assert shown == CardDrawn(event.seat, None)
                if isinstance(event, LineUpSet) and event.seat != seat:
                    assert shown.ships is None
                if isinstance(event, DiceRolled) and event.private and event.seat != seat:
                    assert shown is None


def check_replay(game, seats: int, seed: str, options) -> None:
    replayed, events = replay(RULES, seats, seed, options, [(s, a) for s, a, _ in game.log])
    assert replayed == game.state
    assert verify_rolls(seed, events) == []
    assert from_json(to_json(game.state), AttackState) == game.state


WARS = [(2, {"map": "western"}), (3, {"map": "pacific"}), (4, {"map": "pacific"}), (5, {}), (6, {})]


@pytest.mark.parametrize(("seats", "options"), WARS, ids=[f"{s}p-{o.get('map', 'world')}" for s, o in WARS])
def test_ai_playout_to_the_end_of_a_six_year_war(seats, options):
    seed = f"atk-war-{seats}"
    game = play(
        RULES, seats, [AttackAI(seats * 10 + s) for s in range(seats)], seed, options, check=invariants
    )
    result = RULES.result(game.state)
    assert result is not None and game.state.stage is Stage.OVER
    assert game.state.year == 6 and "war ended" in result.summary, result.summary
    check_replay(game, seats, seed, options)
    check_secrets(game, seats)


@pytest.mark.parametrize(("seats", "options"), [(2, {"map": "western"}), (3, {"map": "pacific"})])
def test_ai_playout_to_a_captured_capital(seats, options):
    """The AI against seats that move at random, in a 12-year war: a capital falls long before its end,
    and the game ends at once with its captor the winner."""
    seed = f"atk-capital-{seats}"
    agents = [AttackAI(1) if s == 0 else RandomAgent(RULES, s) for s in range(seats)]
    game = play(RULES, seats, agents, seed, {**options, "war": "total"}, check=invariants)
    result = RULES.result(game.state)
    captured = [e for e in game.log[-1][2] if isinstance(e, RegionConquered) and e.capital]
    assert result is not None and "capital" in result.summary and game.state.year < 12
    assert len(captured) == 1 and result.winners == (captured[0].seat,)
    check_replay(game, seats, seed, {**options, "war": "total"})
    check_secrets(game, seats)


# AI-against-AI seeds on the joined world that end on a captured capital. Found offline: AttackAI(seats *
# 10 + s) for every seat, options {"map": "world", "war": "total"}, seeds "atk-world-capital-{seats}-{n}"
# for n = 0, 1, 2, ... played without checks, keeping those that ended on a capital (5 seats: n = 1, 8
# and 22 of the first 40, and n = 8 still does under the battle readings of issue 29; 6 seats, searched
# again under those readings: n = 14, 35 and 37 of the first 45). Kept: the captures earliest in the
# war (year 8 and year 9), so each playout with every check runs in a few seconds. The engine's default
# options (Democracy's extra production of issue 31 is a by-post default, not the engine's). A change to
# the rules or the AI may move the capture: search again the same way.
WORLD_CAPTURES = [(5, "atk-world-capital-5-8"), (6, "atk-world-capital-6-14")]


@pytest.mark.parametrize(("seats", "seed"), WORLD_CAPTURES, ids=["5p-world", "6p-world"])
def test_ai_playout_to_a_captured_capital_on_the_joined_world(seats, seed):
    """AI against AI on both theatres joined: a rival's capital falls before the 12-year war's end, the
    game ends with that action, and the captor alone wins."""
    options = {"map": "world", "war": "total"}
    game = play(
        RULES, seats, [AttackAI(seats * 10 + s) for s in range(seats)], seed, options, check=invariants
    )
    state, result = game.state, RULES.result(game.state)
    assert state.layout == "world" and state.players == seats
    assert result is not None and state.stage is Stage.OVER and state.year < 12, result
    (captured,) = [e for e in game.log[-1][2] if isinstance(e, RegionConquered) and e.capital]
    region = board("world").index[captured.region]
    assert captured.previous != captured.seat and state.seats[captured.previous].capital == region
    assert state.owner[region] == captured.seat
    assert result.winners == state.winners == (captured.seat,) and "capital" in result.summary
    (ended,) = [e for e in game.log[-1][2] if isinstance(e, GameEnded)]
    assert ended.winners == (captured.seat,) and "captured" in ended.reason
    check_replay(game, seats, seed, options)
    check_secrets(game, seats)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_random_agents_keep_the_contract_and_every_listed_move_applies(seats):
    options = {"map": ("western", "pacific")[seats % 2]} if seats <= 4 else {}
    agents = [RandomAgent(RULES, seats * 7 + s) for s in range(seats)]
    listed = []

    def every_listed_move_applies(before, after, action, events):
        invariants(before, after, action, events)
        if len(listed) % 17 == 0:
            seat = RULES.to_act(before)[0]
            for move in RULES.legal(before, seat):
                RULES.apply(before, seat, move, SeededRng("listed"))
        listed.append(action)

    game = play(
        RULES,
        seats,
        agents,
        f"atk-random-{seats}",
        options,
        max_actions=3000,
        check=every_listed_move_applies,
    )
    assert len(game.log) > 50
    check_replay(game, seats, f"atk-random-{seats}", options)


NORMAL_WARS = [(2, {"map": "western"}), (3, {"map": "pacific"}), (6, {})]


@pytest.mark.parametrize(
    ("seats", "options"), NORMAL_WARS, ids=[f"{s}p-{o.get('map', 'world')}" for s, o in NORMAL_WARS]
)
def test_normal_ai_playout_keeps_the_contract(seats, options):
    """The `normal` AI (issue 31) in every seat, to the end: every step keeps the invariants and the
    round trip, the game replays from its seed, and nothing secret shows."""
    seed = f"atk-normal-{seats}"
    agents = [AttackNormalAI(seats * 10 + s) for s in range(seats)]
    game = play(RULES, seats, agents, seed, options, check=invariants)
    result = RULES.result(game.state)
    assert result is not None and game.state.stage is Stage.OVER
    check_replay(game, seats, seed, options)
    check_secrets(game, seats)
