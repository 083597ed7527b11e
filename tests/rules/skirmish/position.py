"""Build a Skirmish position by hand for a rule case, and play scripted moves on it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from msgspec.structs import replace

from rules.core.dice import ScriptedRng
from rules.core.events import Action, Event
from rules.skirmish import RULES
from rules.skirmish.battle.state import Battle, Side, Skirmish, Stage
from rules.skirmish.board import skirmish_map
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import EMPTY, Phase, SeatStatus, SkirmishOptions, SkirmishState, StandingOrders

BOARD = skirmish_map()
CARDS = pieces().cards
# Pairs of neighbours by elevation: level ground, attacker above, attacker below.
LEVEL = ("sable_ford", "millbrook")  # 0 and 0
DOWNHILL = ("ironmoor", "sable_ford")  # 2 attacks 0
UPHILL = ("sable_ford", "ironmoor")  # 0 attacks 2


def troops(n: int) -> Units:
    return Units(troop=n)


def position(
    players: int = 3,
    holdings: Mapping[str, tuple[int, Units]] | None = None,
    *,
    rest: tuple[int, Units] = (2, Units(troop=1)),
    phase: Phase = Phase.ATTACK,
    current: int = 0,
    hands: Mapping[int, Sequence[int]] | None = None,
    orders: Mapping[int, StandingOrders] | None = None,
    options: SkirmishOptions | None = None,
    **fields: object,
) -> SkirmishState:
    """Every territory goes to seat ``rest[0]`` with ``rest[1]`` units, except ``holdings`` ({territory
    id: (seat, units)}, seat -1 for an empty territory). Each garrison holds the rest of its seat's pieces;
    the deck holds every card not in a hand. The victory share is off unless ``options`` say otherwise:
    the seat holding the rest of the map would otherwise win as its turn begins."""
    owner = [rest[0]] * BOARD.size
    units = [rest[1]] * BOARD.size
    for tid, (seat, count) in (holdings or {}).items():
        i = BOARD.index(tid)
        owner[i], units[i] = (seat, count) if count.total else (EMPTY, Units())
    supply = pieces().supply()
    garrison = []
    for s in range(players):
        on_map = Units()
        for o, u in zip(owner, units, strict=True):
            if o == s:
                on_map = on_map.plus(u)
        garrison.append(supply.minus(on_map))
    hand_list = tuple(tuple((hands or {}).get(s, ())) for s in range(players))
    held = {c for h in hand_list for c in h}
    state = SkirmishState(
        options=options or SkirmishOptions(victory_share=100),
        players=players,
        owner=tuple(owner),
        units=tuple(units),
        garrison=tuple(garrison),
        hands=hand_list,
        deck=tuple(c for c in range(len(CARDS)) if c not in held),
        discard=(),
        status=(SeatStatus.PLAYING,) * players,
        orders=tuple((orders or {}).get(s, StandingOrders()) for s in range(players)),
        phase=phase,
        current=current,
        turn=7,
        round=3,
        actions_left=0 if phase is not Phase.STANDARD else 2,
    )
    return replace(state, **fields) if fields else state


def at_battle(
    state: SkirmishState,
    source: str,
    target: str,
    attacker: Units,
    defender: Units,
    *,
    stage: Stage,
    attack_dice: tuple[int, ...] = (),
    defend_dice: tuple[int, ...] = (),
    counters: tuple[int, int] = (0, 0),
    banners: tuple[int, int] = (0, 0),
    skirmishes: tuple[Skirmish, ...] = (),
    **fields: object,
) -> SkirmishState:
    """``state`` with a battle already on the board at ``stage`` (units taken off their territories)."""
    s, t = BOARD.index(source), BOARD.index(target)
    units = list(state.units)
    units[s] = units[s].minus(attacker)
    units[t] = units[t].minus(defender)
    battle = Battle(
        source=s,
        target=t,
        attacker=Side(
            state.owner[s],
            attacker,
            dice=attack_dice,
            declared_dice=len(attack_dice),
            counters=counters[0],
            banners=banners[0],
        ),
        defender=Side(
            state.owner[t],
            defender,
            dice=defend_dice,
            declared_dice=len(defend_dice),
            counters=counters[1],
            banners=banners[1],
        ),
        stage=stage,
        skirmishes=skirmishes,
    )
    return replace(state, units=tuple(units), battle=replace(battle, **fields) if fields else battle)


def play(
    state: SkirmishState, seat: int, action: Action, dice: Sequence[int] = ()
) -> tuple[SkirmishState, list[Event]]:
    """Apply one action with scripted dice; every scripted die must be rolled."""
    rng = ScriptedRng(dice)
    new, events = RULES.apply(state, seat, action, rng)
    assert rng.unused == 0, "every scripted die must be rolled"
    return new, events


def units_at(state: SkirmishState, tid: str) -> Units:
    return state.units[BOARD.index(tid)]


def owner_of(state: SkirmishState, tid: str) -> int:
    return state.owner[BOARD.index(tid)]


def card_of(kind: str, nth: int = 0) -> int:
    """The id of the ``nth`` card of a kind (``push``, ``charge``, ``rally``, ``stand_fast``, ``truce``)."""
    return [i for i, c in enumerate(CARDS) if c.id == kind][nth]


def of_type(events: Sequence[Event], kind: type) -> list:
    return [e for e in events if isinstance(e, kind)]
