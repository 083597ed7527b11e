"""Sample Risk positions and events for render tests, golden pictures and the bench.

States are built directly (no engine), deterministically: a seeded shuffle deals the territories.
"""

from __future__ import annotations

import random
import typing

from msgspec.structs import replace

from render.risk import Fight, Roll
from rules.core.dice import SeededRng
from rules.core.events import Event
from rules.risk.board import classic_map
from rules.risk.events import ArmiesMoved, ArmiesPlaced, BattleFought, SeatEliminated, TerritoryConquered
from rules.risk.state import AwaitDefence, AwaitOccupation, Phase, RiskOptions, RiskState, SeatStatus
from rules.risk.views import RiskView, view

BOARD = classic_map()
NAMES = ("Alice", "Bartholomew the Unready", "Chen", "Dörte", "Émile", "Farah al-Rashid", "Gus", "Hiro")


def _deal(players: int, seed: int) -> list[int]:
    order = list(range(BOARD.size))
    random.Random(seed).shuffle(order)
    owner = [0] * BOARD.size
    for k, t in enumerate(order):
        owner[t] = k % players
    return owner


def _deck(hands: tuple[tuple[int, ...], ...]) -> tuple[int, ...]:
    held = {c for hand in hands for c in hand}
    return tuple(c for c in range(len(BOARD.cards)) if c not in held)


def six_player_state(*, big: bool = True, hands: tuple[tuple[int, ...], ...] | None = None) -> RiskState:
    """Mid-game, six seats, seat 2 attacking; with ``big`` every count has three digits (worst case)."""
    owner = _deal(6, seed=7)
    owner[BOARD.index("greenland")] = 4  # a few sea crossings with both ends held by one seat
    rng = random.Random(11)
    armies = [rng.randint(100, 999) if big else rng.choice((1, 1, 2, 3, 5, 8, 12, 25)) for _ in owner]
    for tid in ("ural", "siberia", "afghanistan"):  # as after ``recent_events``
        owner[BOARD.index(tid)] = 2
    owner[BOARD.index("mongolia")] = 3
    owner[BOARD.index("alaska")], owner[BOARD.index("kamchatka")] = 0, 2
    hands = hands if hands is not None else ((1, 2), (3,), (4, 5, 6, 7), (), (8, 9, 10), (11,))
    return RiskState(
        options=RiskOptions(),
        players=6,
        owner=tuple(owner),
        armies=tuple(armies),
        phase=Phase.ATTACK,
        current=2,
        turn=14,
        round=3,
        setup_left=(0,) * 6,
        hands=hands,
        deck=_deck(hands),
        sets_traded=3,
        status=(SeatStatus.PLAYING,) * 6,
    )


def six_player_view(*, big: bool = True) -> RiskView:
    return view(six_player_state(big=big), None)


def two_player_view() -> RiskView:
    """Two seats and the neutral armies; seat 1 must choose its dice to defend Ontario."""
    owner = [(-1, 0, 1)[k % 3] for k in range(BOARD.size)]
    owner[BOARD.index("alberta")], owner[BOARD.index("ontario")] = 0, 1  # the attack being defended
    armies = [1 + (k * 7) % 13 for k in range(BOARD.size)]
    hands = ((0, 14, 28), (42,))
    state = RiskState(
        options=RiskOptions(defender_dice="choose"),
        players=2,
        owner=tuple(owner),
        armies=tuple(armies),
        phase=Phase.ATTACK,
        current=0,
        turn=9,
        round=5,
        setup_left=(0, 0),
        hands=hands,
        deck=_deck(hands),
        status=(SeatStatus.PLAYING,) * 2,
        pending=AwaitDefence(
            defender=1, source=BOARD.index("alberta"), target=BOARD.index("ontario"), dice=2, until=None
        ),
    )
    return view(state, None)


def eight_player_view() -> RiskView:
    """Eight seats, two of them out (eliminated, resigned), reinforcing."""
    owner = _deal(6, seed=3)
    owner = [(o + 2) if o >= 0 else o for o in owner]  # seats 2..7 hold the map
    armies = [3 + (k * 5) % 40 for k in range(BOARD.size)]
    status = (SeatStatus.ELIMINATED, SeatStatus.RESIGNED, *(SeatStatus.PLAYING,) * 6)
    hands = ((), (), (1,), (2, 3), (4,), (), (5, 6, 7, 8), (9,))
    state = RiskState(
        options=RiskOptions(),
        players=8,
        owner=tuple(owner),
        armies=tuple(armies),
        phase=Phase.REINFORCE,
        current=5,
        turn=30,
        round=4,
        reinforcements=7,
        setup_left=(0,) * 8,
        hands=hands,
        deck=_deck(hands),
        status=status,
    )
    return view(state, None)


def recent_events() -> tuple[Event, ...]:
    """Seat 2's turn so far: attacks (one pair twice, one across the Bering strait) and a conquest."""
    return (
        BattleFought(2, 1, "ural", "afghanistan", (6, 4, 1), (5, 4), 1, 1),
        BattleFought(2, 1, "ural", "afghanistan", (5, 5, 2), (3,), 0, 1),
        TerritoryConquered(2, 1, "ural", "afghanistan"),
        BattleFought(2, 0, "kamchatka", "alaska", (6, 3, 2), (6, 1), 1, 1),
        BattleFought(2, 3, "siberia", "mongolia", (2, 2, 1), (4, 3), 2, 0),
    )


def battle() -> Fight:
    """One roll of Chen's attack on Alice's Alaska from Kamchatka: a loss each."""
    return Fight(2, 0, "kamchatka", "alaska", (Roll((6, 3, 2), (6, 1), 1, 1),), False, 12, 11, 5, 4)


def long_fight() -> Fight:
    """Fourteen rolls of one ``until`` attack that took Egypt: the early rolls are summed up."""
    rolls = tuple(
        (Roll((6, 4, 1), (5, 4), 1, 1), Roll((5, 5, 2), (3, 2), 0, 2), Roll((3, 2, 1), (6, 1), 1, 1))[k % 3]
        for k in range(14)
    )
    return Fight(1, 3, "north_africa", "egypt", rolls, True, 30, 21, 19, 0, moved_in=3)


def changes_events() -> tuple[Event, ...]:
    """A turn with every kind of change: reinforcements, attacks, a conquest and the move into it, a
    player knocked out, a fortify move."""
    return (
        ArmiesPlaced(2, "ural", 5, 2),
        ArmiesPlaced(2, "siberia", 3, 2),
        *recent_events(),
        ArmiesMoved(2, "ural", "afghanistan", 4, True),
        SeatEliminated(5, 2, 3),
        ArmiesMoved(2, "china", "india", 6, False),
    )


def hand() -> tuple[int, ...]:
    """Five cards: a territory of each symbol, one of them repeated, and a wild."""
    by_symbol: dict[str, list[int]] = {}
    for card in BOARD.cards:
        by_symbol.setdefault(card.symbol, []).append(card.id)
    ural = next(c.id for c in BOARD.cards if c.territory == BOARD.index("ural"))  # held by seat 2
    return (
        by_symbol["infantry"][0],
        by_symbol["cavalry"][3],
        by_symbol["artillery"][5],
        ural,
        by_symbol["wild"][0],
    )


def claim_view() -> RiskView:
    """The claiming draft, half-way: claimed territories hold one army, the rest nobody's."""
    owner = [k % 4 if k < 21 else -1 for k in range(BOARD.size)]
    armies = [1 if o >= 0 else 0 for o in owner]
    state = RiskState(
        options=RiskOptions(deal="claim"),
        players=4,
        owner=tuple(owner),
        armies=tuple(armies),
        phase=Phase.CLAIM,
        current=1,
        setup_left=(25, 24, 25, 25),
        hands=((),) * 4,
        deck=tuple(range(len(BOARD.cards))),
        status=(SeatStatus.PLAYING,) * 4,
    )
    return view(state, None)


def phase_views() -> dict[str, RiskView]:
    """One view per phase or pending decision, for smoke tests of the title bar and legend."""
    base = six_player_state(big=False)
    occupy = AwaitOccupation(
        source=BOARD.index("ural"), target=BOARD.index("afghanistan"), minimum=3, maximum=11
    )
    won = tuple(0 for _ in base.owner)
    status = (SeatStatus.PLAYING, *(SeatStatus.ELIMINATED,) * 5)
    return {
        "claim": claim_view(),
        "setup": view(replace(base, phase=Phase.SETUP, turn=0, round=0, setup_left=(3, 2, 5, 0, 0, 1)), None),
        "reinforce": view(replace(base, phase=Phase.REINFORCE, reinforcements=9), None),
        "trade": view(replace(base, phase=Phase.REINFORCE, must_trade_down=True), None),
        "occupy": view(replace(base, pending=occupy), None),
        "fortify": view(replace(base, phase=Phase.FORTIFY), None),
        "over": view(replace(base, phase=Phase.OVER, owner=won, winner=0, status=status), None),
    }


def game_turns(seats: int, turns: int, seed: str = "replay") -> list[tuple[RiskView, list[Event]]]:
    """An AI game of ``seats`` played for ``turns`` turns (or to its end): for the setup and then each
    turn, the public view at its end and the public events of it, as a replay is made from."""
    from rules.risk import RULES
    from rules.risk.ai import RiskAI
    from rules.risk.events import TurnBegan

    rng = SeededRng(seed)
    state, happened = RULES.setup({}, seats, rng)
    agents = [RiskAI(s) for s in range(seats)]
    out: list[tuple[RiskView, list[Event]]] = []
    current = _public(RULES, happened)
    while RULES.result(state) is None and len(out) < turns:
        seat = RULES.to_act(state)[0]
        state, happened = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
        for event in _public(RULES, happened):
            if isinstance(event, TurnBegan) and current:
                out.append((RULES.view(state, None), current))
                current = []
            current.append(event)
    out.append((RULES.view(state, None), current))
    return out[: turns + 1]


def _public(rules: typing.Any, events: typing.Iterable[Event]) -> list[Event]:
    return [e for e in (rules.redact(e, None) for e in events) if e is not None]
