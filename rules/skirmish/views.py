"""What one seat, or the public, may see of a Skirmish game. Renderers and presenters take only views,
and a view holds everything needed to draw the map and the battle board at any step.

Hidden: other seats' cards (only how many), other seats' standing orders, the deck's order and contents
(with the discards it would reveal the hands), and the dice counter.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from rules.skirmish.battle import flow
from rules.skirmish.battle.losses import describe_owed
from rules.skirmish.battle.skirmishes import unpaired_attacker_dice
from rules.skirmish.battle.state import ATTACKER, Battle, Role, Side
from rules.skirmish.battle.totals import battle_bonus, totals, winner_of
from rules.skirmish.board import Point, SkirmishMap, skirmish_map
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import Phase, SeatStatus, SkirmishOptions, SkirmishState, StandingOrders
from rules.skirmish.turns import map_value


class TerritoryView(msgspec.Struct, frozen=True):
    id: str
    name: str
    elevation: int  # 0 lowland .. 3 mountain
    owner: int  # seat, -1 nobody
    units: Units
    polygon: tuple[Point, ...]
    label: Point
    truce: bool = False


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    status: SeatStatus
    territories: int
    on_map: Units
    garrison: Units
    cards: int  # how many (which only in ``SkirmishView.hand`` of its own view)
    map_value: int  # exchange value of its units on the map


class CardView(msgspec.Struct, frozen=True):
    id: int
    kind: str
    name: str
    value: int
    penalty: int
    text: str


class SideView(msgspec.Struct, frozen=True):
    seat: int
    territory: str
    units: Units
    declared_dice: int
    dice: tuple[int, ...]  # on the board, high to low (numbered from 1 in actions)
    ones: int  # dice taken off for 1s
    counters: int  # not yet placed
    banners: int
    bonus: int  # added to every skirmish: elevation, banners, battle cards
    played: tuple[CardView, ...]


class SkirmishLine(msgspec.Struct, frozen=True):
    number: int
    attack_dice: tuple[int, ...]  # the dice values
    defend_dice: tuple[int, ...]
    attack_die_numbers: tuple[int, ...]  # their places in each side's line (from 1)
    defend_die_numbers: tuple[int, ...]
    attack_counters: int
    defend_counters: int
    attack_cards: tuple[CardView, ...]
    defend_cards: tuple[CardView, ...]
    attack_total: int  # as it stands, or as resolved
    defend_total: int
    leader: str  # who wins it as it stands (ties: the defender)
    winner: str  # "" until resolved


class BattleView(msgspec.Struct, frozen=True):
    stage: str
    attacker: SideView
    defender: SideView
    skirmishes: tuple[SkirmishLine, ...]
    extra_dice: tuple[int, ...]  # attacker dice (numbers from 1) not yet in a skirmish
    order: tuple[int, ...]  # skirmish numbers in the defender's order
    resolved: int
    owed: str  # what the waiting seat must take off, if that is the question
    winner: str
    ended_by: str
    bars_attacks: bool
    higher: str  # "attacker", "defender" or "" (equal elevation)


# What a seat is waited for: its turn, placing its reinforcements, the discard, or a battle's step.
WaitingStep = Literal["turn", "place", "reduce"] | flow.Step


class WaitingView(msgspec.Struct, frozen=True):
    seat: int
    step: WaitingStep
    prompt: str


class SkirmishView(msgspec.Struct, frozen=True):
    viewer: int | None
    options: SkirmishOptions
    map_name: str
    width: int
    height: int
    outline: tuple[Point, ...]
    lakes: tuple[tuple[Point, ...], ...]
    phase: Phase
    current: int
    turn: int
    round: int
    actions_left: int
    placing: int  # reinforcement troops still to place
    exchange_pairs: tuple[tuple[str, str], ...]
    exchanges_allowed: int
    moves_left: int
    attacks_barred: bool
    territories: tuple[TerritoryView, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[CardView, ...] | None  # the viewer's own cards; None for the public
    orders: StandingOrders | None  # the viewer's own standing orders
    deck_size: int
    discard: tuple[CardView, ...]
    battle: BattleView | None
    waiting: WaitingView | None
    winners: tuple[int, ...]
    summary: str


def card_view(card: int) -> CardView:
    kind = pieces().cards[card]
    return CardView(card, kind.id, kind.name, kind.value, kind.penalty, kind.text)


def view(state: SkirmishState, seat: int | None) -> SkirmishView:
    board = skirmish_map()
    truce = {t.territory for t in state.truces}
    territories = tuple(
        TerritoryView(
            board.ids[i],
            board.names[i],
            board.elevation[i],
            state.owner[i],
            state.units[i],
            board.polygons[i],
            board.labels[i],
            i in truce,
        )
        for i in range(board.size)
    )
    seats = tuple(
        SeatView(
            s,
            state.status[s],
            state.territories_of(s),
            _on_map(state, s),
            state.garrison[s],
            len(state.hands[s]),
            map_value(state, s),
        )
        for s in range(state.players)
    )
    own = seat is not None and 0 <= seat < state.players
    return SkirmishView(
        viewer=seat,
        options=state.options,
        map_name=board.name,
        width=board.width,
        height=board.height,
        outline=board.outline,
        lakes=board.lakes,
        phase=state.phase,
        current=state.current,
        turn=state.turn,
        round=state.round,
        actions_left=state.actions_left,
        placing=state.placing.troops if state.placing else 0,
        exchange_pairs=state.exchange_pairs,
        exchanges_allowed=state.exchanges_allowed,
        moves_left=state.moves_left,
        attacks_barred=state.attacks_barred,
        territories=territories,
        seats=seats,
        hand=tuple(card_view(c) for c in state.hands[seat]) if own and seat is not None else None,
        orders=state.orders[seat] if own and seat is not None else None,
        deck_size=len(state.deck),
        discard=tuple(card_view(c) for c in state.discard),
        battle=battle_view(state.battle, board) if state.battle else None,
        waiting=_waiting(state),
        winners=state.winners,
        summary=state.summary,
    )


def _on_map(state: SkirmishState, seat: int) -> Units:
    total = Units()
    for owner, units in zip(state.owner, state.units, strict=True):
        if owner == seat:
            total = total.plus(units)
    return total


def _waiting(state: SkirmishState) -> WaitingView | None:
    if state.phase is Phase.OVER:
        return None
    if state.battle is not None:
        asked = flow.waiting(state.battle)
        if asked is not None:
            seat, step = asked
            prompt = flow.PROMPTS[step]
            if step == "losses":
                prompt = f"take off {describe_owed(state.battle.owed[0])}"
            return WaitingView(seat, step, prompt)
    if state.placing is not None:
        return WaitingView(state.current, "place", f"place {state.placing.troops} reinforcement troops")
    if state.phase is Phase.REDUCE:
        return WaitingView(state.current, "reduce", "discard down to your number of territories")
    return WaitingView(state.current, "turn", f"play the turn ({state.phase.value})")


def _side(battle: Battle, name: Role, side: Side, board: SkirmishMap) -> SideView:
    where = battle.source if name == ATTACKER else battle.target
    return SideView(
        seat=side.seat,
        territory=board.ids[where],
        units=side.units,
        declared_dice=side.declared_dice,
        dice=side.dice,
        ones=side.ones,
        counters=side.counters,
        banners=side.banners,
        bonus=battle_bonus(battle, name, board),
        played=tuple(card_view(c) for c in side.played),
    )


def battle_view(battle: Battle, board: SkirmishMap) -> BattleView:
    lines = []
    for k, s in enumerate(battle.skirmishes):
        attack, defend = (s.attack_total, s.defend_total) if s.winner else totals(battle, s, board)
        lines.append(
            SkirmishLine(
                number=k + 1,
                attack_dice=tuple(battle.attacker.dice[i] for i in s.attack),
                defend_dice=tuple(battle.defender.dice[i] for i in s.defend),
                attack_die_numbers=tuple(i + 1 for i in s.attack),
                defend_die_numbers=tuple(i + 1 for i in s.defend),
                attack_counters=s.attack_counters,
                defend_counters=s.defend_counters,
                attack_cards=tuple(card_view(c) for c in s.attack_cards),
                defend_cards=tuple(card_view(c) for c in s.defend_cards),
                attack_total=attack,
                defend_total=defend,
                leader=winner_of(attack, defend),
                winner=s.winner,
            )
        )
    high_a, high_d = board.elevation[battle.source], board.elevation[battle.target]
    higher = "attacker" if high_a > high_d else "defender" if high_d > high_a else ""
    return BattleView(
        stage=battle.stage.value,
        attacker=_side(battle, "attacker", battle.attacker, board),
        defender=_side(battle, "defender", battle.defender, board),
        skirmishes=tuple(lines),
        extra_dice=tuple(i + 1 for i in unpaired_attacker_dice(battle)) if battle.skirmishes else (),
        order=tuple(k + 1 for k in battle.order),
        resolved=battle.resolved,
        owed=describe_owed(battle.owed[0]) if battle.owed else "",
        winner=battle.winner,
        ended_by=battle.ended_by,
        bars_attacks=battle.bars_attacks,
        higher=higher,
    )
