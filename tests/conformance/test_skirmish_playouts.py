"""Skirmish conformance: seeded playouts for 2 to 6 players (AI, random and standing-order agents),
each checked at every step: pieces and cards conserved, control consistent, a legal move whenever a seat
must act, JSON round trips, replay from the seed, and no view leaking another seat's secrets."""

from __future__ import annotations

import random

import pytest

from rules.core.agents import RandomAgent
from rules.core.codec import from_json, to_json
from rules.core.conformance import check_roundtrip, play, replay
from rules.core.dice import verify_rolls
from rules.core.events import Action, DiceRolled
from rules.skirmish import RULES
from rules.skirmish.actions import SetOrders
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.events import CardDrawn, OrdersSet
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import EMPTY, Phase, SkirmishState, StandingOrders

SUPPLY = pieces().supply()
ALL_CARDS = list(range(len(pieces().cards)))
EVERY_ORDER = StandingOrders(
    defend="all", losses="cheapest", assign="best", cards_from=2, order="best", occupy="advance"
)


class OrderedAgent:
    """Sets standing orders for every battle step first, then plays as the AI."""

    def __init__(self, seed: int) -> None:
        self._ai = SkirmishAI(seed)
        self._set = False

    def choose(self, state: SkirmishState, seat: int) -> Action:
        if not self._set:
            self._set = True
            return SetOrders(EVERY_ORDER)
        return self._ai.choose(state, seat)


def invariants(before: SkirmishState, after: SkirmishState, action, events) -> None:
    battle = after.battle
    for seat in range(after.players):
        total = after.garrison[seat]
        for owner, units in zip(after.owner, after.units, strict=True):
            if owner == seat:
                total = total.plus(units)
        if battle is not None:
            for side in (battle.attacker, battle.defender):
                if side.seat == seat:
                    total = total.plus(side.units)
        assert total == SUPPLY, f"seat {seat}'s pieces are not all accounted for after {action!r}"
        assert after.garrison[seat].within(SUPPLY)
    busy = () if battle is None else (battle.source, battle.target)
    for t, (owner, units) in enumerate(zip(after.owner, after.units, strict=True)):
        assert units.within(SUPPLY)
        if t not in busy:
            assert (owner == EMPTY) == (units == Units()), f"territory {t}: control and units disagree"
    cards = sorted(list(after.deck) + list(after.discard) + [c for hand in after.hands for c in hand])
    assert cards == ALL_CARDS, "26 cards, each exactly once across deck, discard pile and hands"
    assert after.rolls >= before.rolls
    if after.phase is not Phase.OVER:
        (seat,) = RULES.to_act(after)
        assert RULES.legal(after, seat), "a seat that must act has a legal move"


def agents_for(seats: int, seed: int) -> list:
    """At least one AI; the rest AI, random or AI with standing orders."""
    chooser = random.Random(seed)
    kinds = [SkirmishAI, lambda s: RandomAgent(RULES, s), OrderedAgent]
    agents = [SkirmishAI(seed * 10)] + [chooser.choice(kinds)(seed * 10 + s) for s in range(1, seats)]
    chooser.shuffle(agents)
    return agents


CASES = [(seed, 2 + seed % 5) for seed in range(15)]


@pytest.mark.parametrize(("seed", "seats"), CASES, ids=[f"game{c[0]}-{c[1]}p" for c in CASES])
def test_playout_to_the_end(seed, seats):
    game = play(
        RULES, seats, agents_for(seats, seed), f"playout-{seed}", check=invariants, roundtrip_every=53
    )
    result = RULES.result(game.state)
    assert result is not None, f"game {seed} did not finish in {len(game.log)} actions"
    if seed % 5 == 0:  # the expensive whole-game checks on a sample
        replayed, events = replay(RULES, seats, f"playout-{seed}", {}, [(s, a) for s, a, _ in game.log])
        assert replayed == game.state
        assert verify_rolls(f"playout-{seed}", events) == []
        assert from_json(to_json(game.state), SkirmishState) == game.state


def test_every_action_and_event_kind_round_trips():
    game = play(RULES, 3, agents_for(3, 4), "kinds")
    kinds = set()
    for _, action, events in game.log:
        check_roundtrip(RULES, game.state, action, events)
        kinds |= {type(action).__name__} | {type(e).__name__ for e in events}
    assert {"Attack", "Defend", "AssignDice", "SkirmishResolved", "BattleEnded", "Exchanged"} <= kinds


def test_a_tampered_roll_is_caught_by_verify():
    game = play(RULES, 3, agents_for(3, 3), "tamper")
    events = game.setup_events + [e for _, _, happened in game.log for e in happened]
    at = next(i for i, e in enumerate(events) if isinstance(e, DiceRolled) and e.reason.startswith("battle"))
    forged = events[at]
    events[at] = DiceRolled(
        forged.seat, forged.reason, forged.sides, tuple(7 - v for v in forged.values), forged.first
    )
    problems = verify_rolls("tamper", events)
    assert len(problems) == 1 and f"roll {forged.first}" in problems[0]


def test_views_and_events_never_show_other_hands_or_orders():
    game = play(RULES, 4, agents_for(4, 8), "secrets", max_actions=2500)
    state = game.state
    for seat in (None, 0, 1, 2, 3):
        seen = RULES.view(state, seat)
        assert seen.hand is None if seat is None else tuple(c.id for c in seen.hand) == state.hands[seat]
        assert seen.orders is None if seat is None else seen.orders == state.orders[seat]
        for _, _, events in game.log:
            for event in events:
                shown = RULES.redact(event, seat)
                if isinstance(event, CardDrawn) and event.seat != seat:
                    assert shown == CardDrawn(event.seat, None)
                secret = isinstance(event, OrdersSet) or (isinstance(event, DiceRolled) and event.private)
                if secret and event.seat != seat:
                    assert shown is None
