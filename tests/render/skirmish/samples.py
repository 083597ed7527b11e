"""Sample Skirmish positions and events for the render tests, the golden pictures and the render bench.

Built by hand (``tests.rules.skirmish.position``), not by playing, so a change to the AI or the dice never
changes a golden picture: only a change to how pictures look does.
"""

from __future__ import annotations

import random

from msgspec.structs import replace

from rules.core.events import Event
from rules.skirmish.battle.state import Skirmish, Stage
from rules.skirmish.events import (
    AttackDeclared,
    BattleEnded,
    BattleRolled,
    CardPlayed,
    CounterPlaced,
    DefenceDeclared,
    ExtraDiceAssigned,
    SkirmishesFormed,
    SkirmishesOrdered,
    SkirmishResolved,
    TerritoryTaken,
    TroopsPlaced,
    UnitsMoved,
    UnitsRedistributed,
)
from rules.skirmish.pieces import Units
from rules.skirmish.state import EMPTY, Phase, SkirmishState, StandingOrders, Truce
from rules.skirmish.views import SkirmishView, view
from tests.rules.skirmish.position import BOARD, at_battle, card_of, position

NAMES = ("Alice", "Bartholomew the Unready", "Chen", "Dörte", "Émile", "Farah al-Rashid")


def _units(rng: random.Random) -> Units:
    return Units(
        troop=rng.choice((1, 2, 3, 5, 8, 12)),
        cavalry=rng.choice((0, 0, 0, 1, 2)),
        cannon=rng.choice((0, 0, 0, 0, 1, 3)),
        general=rng.choice((0,) * 9 + (1,)),
    )


def midgame_state(players: int = 5) -> SkirmishState:
    """Mid-game for ``players`` seats: every territory held but two, mixed units, a truce on Mistwood."""
    rng = random.Random(5)
    holdings = {BOARD.ids[t]: (t % players, _units(rng)) for t in range(BOARD.size)}
    holdings["lowmarsh"] = (EMPTY, Units())
    holdings["foxley"] = (EMPTY, Units())
    holdings["sable_ford"] = (1, Units(troop=4, cavalry=1))  # taken in ``recent_events``
    hands = {0: (card_of("push"), card_of("rally")), 2: (card_of("truce"),)}
    state = position(players, holdings, hands=hands, phase=Phase.ATTACK, current=1)
    mistwood = BOARD.index("mistwood")
    return replace(state, truces=(Truce(mistwood, state.owner[mistwood]),))


def midgame_view(players: int = 5) -> SkirmishView:
    return view(midgame_state(players), None)


def recent_events() -> list[Event]:
    """Seat 1's turn so far: troops placed, an attack that took Sable Ford, a move."""
    won = Units(troop=4, cavalry=1)
    return [
        TroopsPlaced(1, "millbrook", 6),
        AttackDeclared(1, 0, "millbrook", "sable_ford", Units(troop=6, cavalry=1), 7, 1, 0),
        DefenceDeclared(0, "sable_ford", Units(troop=3), 3, 0, 0),
        BattleEnded(1, 0, "millbrook", "sable_ford", "attacker", "count", won, Units(), False),
        UnitsRedistributed(1, "millbrook", "sable_ford", won, Units(troop=2)),
        TerritoryTaken(1, 0, "sable_ford"),
        UnitsMoved(1, "reedwick", "elder_fen", Units(troop=2)),
    ]


def battle_state() -> SkirmishState:
    """A battle on the board at the defender's counters-and-cards step: three skirmishes, extra dice
    added, a counter and a Push placed, a general's banner, the defender on higher ground."""
    state = position(
        3,
        {
            "ironmoor": (0, Units(troop=6, cavalry=2, cannon=1, general=1)),
            "sable_ford": (2, Units(troop=5, cavalry=1)),
        },
        hands={2: (card_of("stand_fast"), card_of("push", 1))},
        orders={2: StandingOrders(defend="all")},
    )
    skirmishes = (
        Skirmish(attack=(0, 4), defend=(0,), attack_counters=1, attack_cards=(card_of("push"),)),
        Skirmish(attack=(1,), defend=(1, 2)),
        Skirmish(attack=(2, 3), defend=(3,), defend_counters=1),
    )
    return at_battle(
        state,
        "sable_ford",
        "ironmoor",
        Units(troop=3, cavalry=1),
        Units(troop=4, cavalry=1, general=1),
        stage=Stage.DEFENDER_CARDS,
        attack_dice=(6, 5, 4, 3, 2),
        defend_dice=(6, 5, 3, 2),
        counters=(0, 0),
        banners=(0, 1),
        skirmishes=skirmishes,
    )


def battle_view() -> SkirmishView:
    return view(battle_state(), None)


def ended_battle_events() -> list[Event]:
    """A whole battle, from its declaration to the defender's win, as the events tell it."""
    return [
        AttackDeclared(0, 1, "greyhorn", "raven_spire", Units(troop=4, cannon=1), 6, 1, 0),
        DefenceDeclared(1, "raven_spire", Units(troop=3), 3, 0, 0),
        BattleRolled(0, "attacker", (6, 5, 4, 3, 1, 1), 2, 0),
        BattleRolled(1, "defender", (6, 6, 2), 0, 1),
        SkirmishesFormed(1, (((6,), (6,)), ((5,), (6,)), ((4,), (2,))), Units()),
        ExtraDiceAssigned(0, (3,)),
        CounterPlaced(0, 3, 1),
        CardPlayed(1, card_of("push"), "skirmish", 2),
        SkirmishesOrdered(1, (1, 2, 3)),
        SkirmishResolved(1, 6, 7, "defender", False, False),
        SkirmishResolved(2, 5, 9, "defender", False, False),
        SkirmishResolved(3, 8, 3, "attacker", False, True),
        BattleEnded(
            0, 1, "greyhorn", "raven_spire", "defender", "count", Units(troop=1), Units(troop=2), True
        ),
    ]


def hand_view() -> SkirmishView:
    """Seat 0's own view: five cards, some standing orders."""
    cards = (card_of("push"), card_of("charge"), card_of("rally"), card_of("stand_fast"), card_of("truce"))
    held = {
        tid: (0, Units(troop=3)) for tid in ("oakhollow", "sable_ford", "millbrook", "barrowby", "greyhorn")
    }
    orders = StandingOrders(defend="all", assign="best", cards_from=2)
    return view(position(3, held, hands={0: cards}, orders={0: orders}), 0)
