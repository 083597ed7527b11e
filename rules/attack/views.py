"""What one seat, or the public, may see of an Attack! game. Renderers and presenters take only views.

Hidden: other seats' action cards (only how many), the cards left in the deck, a navy line-up until
both are set, and of course the dice counter (the seed is never in the state). Face-down government
markers stay face down (``marker`` "hidden") for everyone until negotiation turns them up.

A view carries what the board picture needs: regions with owner, marker, oil markers, capital and units
by type; sea zones with ships and cargo; the year, season, turn order, whose action it is and who still
acts this season; victory points; and the battle being fought.
"""

from __future__ import annotations

import msgspec

from rules.attack.actions import Ships, Troops
from rules.attack.battle.army import deciding_seat, line_limit
from rules.attack.board import Layout
from rules.attack.common import board_of, income, score
from rules.attack.engine import to_act
from rules.attack.events import CardDrawn, LineUpSet
from rules.attack.state import (
    ATTACKER,
    DEFENDER,
    NEUTRAL,
    ArmyStep,
    AttackOptions,
    AttackState,
    NavyStep,
    Stage,
)
from rules.attack.tables import GOVERNMENTS, NAVY_TYPES, SEASONS, SUITS, WARS, card_name
from rules.core.events import DiceRolled, Event


class RegionView(msgspec.Struct, frozen=True):
    id: str
    name: str
    continent: str
    owner: int  # seat, or -1 neutral
    marker: str | None  # a neutral's government marker: "hidden" while face down; None when owned
    army: Troops
    navy: Ships  # on the coastline
    oil: int  # oil markers
    capital_of: int | None  # the seat whose capital this is
    arctic: bool


class ZoneView(msgspec.Struct, frozen=True):
    id: str
    name: str
    owner: int
    navy: Ships
    cargo: Troops
    anchor: bool


class SeatView(msgspec.Struct, frozen=True):
    seat: int
    status: str
    government: str | None
    capital: str | None
    production: int
    oil: int
    economics: dict[str, int]  # suit -> level held
    cards: int  # how many action cards (never which, except in ``AttackView.hand``)
    income: tuple[int, int]  # (production, oil) a Build would collect now
    regions: int
    victory_points: int
    points: tuple[int, int, int, int]  # regions, zones, capitals, economics (VP parts)
    built: bool
    acted: bool  # has taken this season's action


class ArmyBattleView(msgspec.Struct, frozen=True):
    region: str
    attacker: int
    defender: int
    deputy: int
    turn: int
    line_max: int
    attacker_line: Troops
    attacker_reserve: Troops
    defender_line: Troops
    defender_reserve: Troops
    awaiting: ArmyStep
    deciding: int
    need: int


class NavyBattleView(msgspec.Struct, frozen=True):
    zone: str
    attacker: int
    defender: int
    round: int
    attacker_ships: Ships
    defender_ships: Ships
    attacker_cargo: Troops
    defender_cargo: Troops
    awaiting: NavyStep
    set: tuple[bool, bool]  # which line-ups are in (their contents stay secret)
    own_lineup: tuple[str, ...] | None  # the viewer's own line-up once set


class ActionView(msgspec.Struct, frozen=True):
    seat: int
    kind: str
    card: str | None
    target: str | None
    assaults: tuple[tuple[str, Troops], ...]  # hostile regions and the units gathered against them
    navy_assaults: tuple[tuple[str, Ships], ...]
    fighting: bool


class AttackView(msgspec.Struct, frozen=True):
    viewer: int | None
    options: AttackOptions
    layout: str
    stage: Stage
    year: int
    years: int
    season: str
    order: tuple[int, ...]
    position: int
    to_act: tuple[int, ...]
    burned: bool
    regions: tuple[RegionView, ...]
    zones: tuple[ZoneView, ...]
    seats: tuple[SeatView, ...]
    hand: tuple[tuple[int, str], ...] | None  # the viewer's own cards (id, name); None for the public
    deck: int
    discard: tuple[str, ...]
    supply: dict[str, tuple[int, int, int, int]]
    action: ActionView | None
    army_battle: ArmyBattleView | None
    navy_battle: NavyBattleView | None
    winners: tuple[int, ...]
    summary: str


def view(state: AttackState, seat: int | None) -> AttackView:
    board = board_of(state)
    capitals = {s.capital: i for i, s in enumerate(state.seats) if s.capital >= 0}
    regions = tuple(
        RegionView(
            board.region_ids[r],
            board.region_names[r],
            board.continent_of[r],
            state.owner[r],
            _marker(state, r),
            Troops.of(state.army[r]),
            Ships.of(state.coast_navy[r]),
            state.oil[r],
            capitals.get(r),
            board.arctic[r],
        )
        for r in range(board.regions)
    )
    zones = tuple(
        ZoneView(
            board.zone_ids[z],
            board.zone_names[z],
            state.zone_owner[z],
            Ships.of(state.zone_navy[z]),
            Troops.of(state.zone_cargo[z]),
            board.anchor[z],
        )
        for z in range(board.zones)
    )
    acted = set(state.order[: state.position]) if state.stage is Stage.SEASON else set()
    seats = tuple(_seat_view(state, board, s, s in acted) for s in range(state.players))
    own = seat is not None and 0 <= seat < state.players
    hand = tuple((c, card_name(c)) for c in state.seats[seat].hand) if own and seat is not None else None
    return AttackView(
        viewer=seat,
        options=state.options,
        layout=state.layout,
        stage=state.stage,
        year=state.year,
        years=WARS[state.options.war],
        season=SEASONS[state.season],
        order=state.order,
        position=state.position,
        to_act=to_act(state),
        burned=state.burned,
        regions=regions,
        zones=zones,
        seats=seats,
        hand=hand,
        deck=len(state.deck),
        discard=tuple(card_name(c) for c in state.discard),
        supply={SUITS[s]: state.supply[s] for s in range(len(SUITS))},
        action=_action_view(state, board),
        army_battle=_army_view(state, board),
        navy_battle=_navy_view(state, board, seat),
        winners=state.winners,
        summary=state.summary,
    )


def _marker(state: AttackState, region: int) -> str | None:
    if state.owner[region] != NEUTRAL:
        return None
    marker = state.marker[region]
    return "hidden" if marker < 0 else GOVERNMENTS[marker]


def _seat_view(state: AttackState, board: Layout, seat: int, acted: bool) -> SeatView:
    current = state.seats[seat]
    regions, zones, capitals, economics, total = score(state, seat)
    return SeatView(
        seat=seat,
        status=current.status.value,
        government=GOVERNMENTS[current.government] if current.government >= 0 else None,
        capital=board.region_ids[current.capital] if current.capital >= 0 else None,
        production=current.production,
        oil=current.oil,
        economics={SUITS[s]: level for s, level in enumerate(current.levels) if level},
        cards=len(current.hand),
        income=income(state, seat),
        regions=regions,
        victory_points=total,
        points=(regions, zones, capitals, economics),
        built=current.built,
        acted=acted,
    )


def _action_view(state: AttackState, board: Layout) -> ActionView | None:
    turn = state.turn
    if turn is None:
        return None
    return ActionView(
        seat=turn.seat,
        kind=turn.kind,
        card=None if turn.card is None else card_name(turn.card),
        target=board.region_ids[turn.target] if turn.target >= 0 else None,
        assaults=tuple((board.region_ids[a.target], Troops.of(a.army)) for a in turn.assaults),
        navy_assaults=tuple((board.zone_ids[a.zone], Ships.of(a.ships)) for a in turn.navy_assaults),
        fighting=turn.fighting,
    )


def _army_view(state: AttackState, board: Layout) -> ArmyBattleView | None:
    battle = state.army_battle
    if battle is None:
        return None
    return ArmyBattleView(
        region=board.region_ids[battle.region],
        attacker=battle.attacker,
        defender=battle.defender,
        deputy=battle.deputy,
        turn=battle.turn,
        line_max=line_limit(state.options, battle.turn),
        attacker_line=Troops.of(battle.line[ATTACKER]),
        attacker_reserve=Troops.of(battle.reserve[ATTACKER]),
        defender_line=Troops.of(battle.line[DEFENDER]),
        defender_reserve=Troops.of(battle.reserve[DEFENDER]),
        awaiting=battle.awaiting,
        deciding=deciding_seat(battle),
        need=battle.need,
    )


def _navy_view(state: AttackState, board: Layout, seat: int | None) -> NavyBattleView | None:
    battle = state.navy_battle
    if battle is None:
        return None
    own: tuple[str, ...] | None = None
    if seat in (battle.attacker, battle.defender):
        line = battle.lineups[ATTACKER if seat == battle.attacker else DEFENDER]
        own = None if line is None else tuple(NAVY_TYPES[k] for k in line)
    return NavyBattleView(
        zone=board.zone_ids[battle.zone],
        attacker=battle.attacker,
        defender=battle.defender,
        round=battle.round,
        attacker_ships=Ships.of(battle.ships[ATTACKER]),
        defender_ships=Ships.of(battle.ships[DEFENDER]),
        attacker_cargo=Troops.of(battle.cargo[ATTACKER]),
        defender_cargo=Troops.of(battle.cargo[DEFENDER]),
        awaiting=battle.awaiting,
        set=(battle.lineups[ATTACKER] is not None, battle.lineups[DEFENDER] is not None),
        own_lineup=own,
    )


def redact(event: Event, seat: int | None) -> Event | None:
    """What ``seat`` (None: the public) may see of an event while the game runs: a card drawn by another
    seat shows only that a card was drawn; another seat's line-up only that it was set; private rolls
    (card draws) are not shown to anyone else, the public included."""
    if isinstance(event, CardDrawn) and event.seat != seat:
        return CardDrawn(event.seat, None)
    if isinstance(event, LineUpSet) and event.seat != seat:
        return LineUpSet(event.seat, event.zone, None)
    if isinstance(event, DiceRolled) and event.private and event.seat != seat:
        return None
    return event
