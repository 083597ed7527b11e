"""Risk conformance: 200 seeded playouts, AI and random agents, 2-6 players, each checked at every step."""

from __future__ import annotations

import random

import pytest

from rules.core.agents import RandomAgent
from rules.core.codec import from_json, to_json
from rules.core.conformance import check_roundtrip, play, replay
from rules.core.dice import verify_rolls
from rules.risk import RULES
from rules.risk.ai import RiskAI
from rules.risk.board import classic_map
from rules.risk.events import ArmiesPlaced, BattleFought, CardDrawn, CardsCaptured, TerritoryClaimed
from rules.risk.state import NEUTRAL, AwaitOccupation, Phase, RiskState, SeatStatus

BOARD = classic_map()
ALL_CARDS = list(range(len(BOARD.cards)))
OPTION_SETS = [
    {},
    {"defender_dice": "choose"},
    {"fortify": "connected"},
    {"deal": "claim", "setup_batch": 3},
    {"two_player_neutral": False},
]


def invariants(before: RiskState, after: RiskState, action, events) -> None:
    """What must hold after every action of every game."""
    occupying = after.pending.target if isinstance(after.pending, AwaitOccupation) else None
    for t in range(BOARD.size):
        holder, armies = after.owner[t], after.armies[t]
        if after.phase is Phase.CLAIM and armies == 0:
            assert holder == NEUTRAL, "an unclaimed territory belongs to nobody"
            continue
        assert holder == NEUTRAL or after.status[holder] is SeatStatus.PLAYING, (
            f"{BOARD.ids[t]} held by a seat out"
        )
        assert armies >= 1 or t == occupying, f"{BOARD.ids[t]} has {armies} armies after {action!r}"
    cards = sorted(list(after.deck) + list(after.discard) + [c for hand in after.hands for c in hand])
    assert cards == ALL_CARDS, "44 cards, each exactly once across deck, discards and hands"
    placed = sum(e.armies for e in events if isinstance(e, ArmiesPlaced))
    placed += sum(1 for e in events if isinstance(e, TerritoryClaimed))  # a claim is one army
    lost = sum(e.attacker_losses + e.defender_losses for e in events if isinstance(e, BattleFought))
    assert sum(after.armies) - sum(before.armies) == placed - lost, (
        "armies change only by placement and combat"
    )
    assert after.rolls >= before.rolls


def agents_for(seats: int, seed: int) -> list:
    """At least one AI (so the game ends), the rest a random mix of AI and random agents."""
    chooser = random.Random(seed)
    agents = [
        RiskAI(seed * 10 + s) if s == 0 or chooser.random() < 0.5 else RandomAgent(RULES, seed * 10 + s)
        for s in range(seats)
    ]
    chooser.shuffle(agents)
    return agents


CASES = [(seed, 2 + seed % 5, OPTION_SETS[seed % len(OPTION_SETS)]) for seed in range(200)]


@pytest.mark.parametrize(("seed", "seats", "options"), CASES, ids=[f"game{c[0]}-{c[1]}p" for c in CASES])
def test_playout_to_the_end(seed, seats, options):
    game = play(
        RULES,
        seats,
        agents_for(seats, seed),
        f"playout-{seed}",
        options,
        check=invariants,
        roundtrip_every=97,
    )
    result = RULES.result(game.state)
    assert result is not None, f"game {seed} did not finish in {len(game.log)} actions"
    assert game.state.status[result.winners[0]] is SeatStatus.PLAYING
    if seed % 10 == 0:  # the expensive whole-game checks on a sample
        replayed, events = replay(RULES, seats, f"playout-{seed}", options, [(s, a) for s, a, _ in game.log])
        assert replayed == game.state
        assert verify_rolls(f"playout-{seed}", events) == []
        assert from_json(to_json(game.state), RiskState) == game.state


def test_every_action_and_event_kind_round_trips():
    game = play(RULES, 4, agents_for(4, 7), "kinds", {"defender_dice": "choose"})
    kinds = set()
    for _, action, events in game.log:
        check_roundtrip(RULES, game.state, action, events)
        kinds |= {type(action).__name__} | {type(e).__name__ for e in events}
    assert {"Attack", "BattleFought", "TerritoryConquered", "CardDrawn", "TurnBegan"} <= kinds


def test_a_tampered_roll_is_caught_by_verify():
    game = play(RULES, 3, agents_for(3, 3), "tamper")
    events = game.setup_events + [e for _, _, happened in game.log for e in happened]
    battle_roll = next(
        i for i, e in enumerate(events) if type(e).__name__ == "DiceRolled" and e.reason.startswith("attack")
    )
    forged = events[battle_roll]
    events[battle_roll] = type(forged)(
        **{
            **{f: getattr(forged, f) for f in forged.__struct_fields__},
            "values": tuple(7 - v for v in forged.values),
        }
    )
    problems = verify_rolls("tamper", events)
    assert len(problems) == 1 and f"roll {forged.first}" in problems[0]


def test_views_never_show_other_hands_the_deck_or_private_draws():
    game = play(RULES, 4, agents_for(4, 11), "views")
    state = game.state
    for seat in (None, 0, 1, 2, 3):
        seen = RULES.view(state, seat)
        assert seen.hand == (None if seat is None else state.hands[seat])
        text = to_json(seen).decode()
        assert '"deck"' not in text and "seed" not in text and "rolls" not in text
        for _, _, events in game.log:
            for event in events:
                shown = RULES.redact(event, seat)
                if isinstance(event, CardDrawn) and event.seat != seat:
                    assert shown == CardDrawn(event.seat, None)
                if isinstance(event, CardsCaptured) and seat not in (event.seat, event.victim):
                    assert shown.cards == ()
                if getattr(event, "private", False) and event.seat != seat:
                    assert shown is None
