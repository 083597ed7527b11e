"""The moves a seat can make now, for menus, autocomplete and agents: a finite, useful sample (every
listed move applies), always with a way to finish the current decision (Pass, End action, a default line).

Counts are open-ended, so each choice of places is listed with whole groups (all free units, all a
seat can afford of a kind); the engine accepts any count in between.
"""

from __future__ import annotations

from itertools import combinations

from rules.attack.actions import (
    Begin,
    Burn,
    Buy,
    ChooseDirection,
    ChooseGovernment,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    March,
    Negotiate,
    Pass,
    PlaceCapital,
    Research,
    Retreat,
    Sail,
    Ships,
    Troops,
)
from rules.attack.battle import navy
from rules.attack.battle.lines import default_lineup, strongest_line
from rules.attack.board import Layout
from rules.attack.common import army_steps, board_of, can_cross, own_regions, supplied
from rules.attack.economy import advanced_limit, negotiable, price, research_cost
from rules.attack.engine import to_act
from rules.attack.movement import (
    amount,
    blitz_reach,
    blitz_sources,
    movable,
    move_reaches,
    own_distances,
    sea_path,
    transport_range,
)
from rules.attack.setup import capital_problem
from rules.attack.state import NEUTRAL, AttackState, Stage
from rules.attack.tables import (
    ADVANCED_NAVY,
    ARMY_COST,
    ARMY_LOSS_ORDER,
    CARD_ACTIONS,
    GOVERNMENT_SEATS,
    GOVERNMENTS,
    LEVELS,
    MILD_WINTER,
    NAVY_TYPES,
    NONE,
    START_CARDS,
    SUITS,
    WINTER,
    Counts,
    card_kind,
    sub,
)
from rules.core.events import Action

DEPLOY_ORDERS = ((3, 2, 1, 0), (0, 1, 2, 3), (2, 3, 1, 0), (1, 3, 2, 0))


def legal_actions(state: AttackState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    board = board_of(state)
    if state.navy_battle is not None:
        return _navy_choices(state, seat)
    if state.army_battle is not None:
        battle = state.army_battle
        reserve = battle.reserve[battle.side]
        lines = {strongest_line(reserve, battle.need, order) for order in DEPLOY_ORDERS}
        return [Deploy(Troops.of(line)) for line in sorted(lines, reverse=True)]
    if state.stage is Stage.GOVERNMENT:
        return _governments(state)
    if state.stage is Stage.CAPITAL:
        return _capitals(state, seat, board)
    if state.stage is Stage.DIRECTION:
        return [ChooseDirection(True), ChooseDirection(False)]
    if state.turn is None:
        return _season_choices(state, seat, board)
    return _steps(state, seat, board)


def _navy_choices(state: AttackState, seat: int) -> list[Action]:
    battle = state.navy_battle
    assert battle is not None
    if battle.awaiting == "retreat":
        choices: list[Action] = [FightOn()]
        return choices + ([Retreat()] if navy.may_retreat(state, battle) else [])
    side = navy.side_of(battle, seat)
    ships, cargo = battle.ships[side], sum(battle.cargo[side])
    lineups = {
        default_lineup(ships, cargo, state.options.ship_capacity),
        default_lineup(ships, 0, state.options.ship_capacity),
        tuple(reversed(default_lineup(ships, 0, state.options.ship_capacity))),
    }
    return [LineUp(tuple(NAVY_TYPES[k] for k in line)) for line in sorted(lineups) if line]


def _governments(state: AttackState) -> list[Action]:
    found: list[Action] = []
    for gov, name in enumerate(GOVERNMENTS):
        if sum(1 for s in state.seats if s.government == gov) >= GOVERNMENT_SEATS:
            continue
        for suit in START_CARDS[gov]:
            if state.supply[suit][0] > 0:
                found.append(ChooseGovernment(name, SUITS[suit]))
    return found


def _capitals(state: AttackState, seat: int, board: Layout) -> list[Action]:
    found: list[Action] = []
    for region in range(board.regions):
        if not board.eligible[region] or capital_problem(state, board, seat, region):
            continue
        near = [
            n
            for n in sorted(board.army_neighbours(region))
            if board.continent_of[n] == board.continent_of[region]
            and state.owner[n] == NEUTRAL
            and can_cross(state, board, seat, region, n)
        ]
        picks: list[tuple[int, ...]] = [tuple(pair) for pair in combinations(near, 2)][:6] or [tuple(near)]
        for pick in picks:
            found.append(PlaceCapital(board.region_ids[region], tuple(board.region_ids[n] for n in pick)))
    return found


def _season_choices(state: AttackState, seat: int, board: Layout) -> list[Action]:
    current = state.seats[seat]
    choices: list[Action] = [Pass()]
    winter = state.season == WINTER
    mild = next((c for c in current.hand if card_kind(c) == MILD_WINTER), None)
    if winter and not state.burned:
        if current.oil >= state.options.burn_oil:
            choices.append(Burn())
        choices += [Burn(board.region_ids[r]) for r in own_regions(state, seat) if state.oil[r] > 0][:2]
        if mild is None:
            return choices
    cards: dict[str, list[int | None]] = {}
    for action in ("move", "blitz", "navigate", "transport", "negotiate", "build", "research"):
        options: list[int | None] = []
        if not winter or state.burned:
            options.append(None)
            options += [
                c
                for c in current.hand
                if action in CARD_ACTIONS[card_kind(c)] and card_kind(c) != MILD_WINTER
            ]
        if winter and mild is not None:
            options.append(mild)
        cards[action] = options
    for card in cards["build"]:
        choices.append(Begin("build", card))
    mine = own_regions(state, seat)
    armed = [r for r in mine if any(state.army[r])]
    if any(army_steps(state, board, seat, r) for r in armed):
        choices += [Begin("move", card) for card in cards["move"]]
    if len(mine) > 1 and armed:
        choices += [Begin("transport", card) for card in cards["transport"]]
    if any(any(state.coast_navy[r]) for r in mine) or seat in state.zone_owner:
        choices += [Begin("navigate", card) for card in cards["navigate"]]
    for target in _blitz_targets(state, seat, board, armed):
        choices += [Begin("blitz", card, board.region_ids[target]) for card in cards["blitz"][:2]]
    for card in cards["negotiate"]:
        choices.append(Negotiate(None, card))
        choices += [
            Negotiate(board.region_ids[r], card)
            for r in range(board.regions)
            if negotiable(state, board, seat, r)
        ]
    for card in cards["research"]:
        choices += _research(state, seat, board, card)
    return choices


def _blitz_targets(state: AttackState, seat: int, board: Layout, armed: list[int]) -> list[int]:
    targets: set[int] = set()
    for source in armed:
        for target, allowed in blitz_reach(state, board, seat, source).items():
            if state.owner[target] != seat and any(
                n and ok for n, ok in zip(state.army[source], allowed, strict=True)
            ):
                targets.add(target)
    return sorted(targets)


def _research(state: AttackState, seat: int, board: Layout, card: int | None) -> list[Action]:
    found: list[Action] = []
    levels = state.seats[seat].levels
    for suit in range(len(SUITS)):
        level = levels[suit] + 1
        if level > LEVELS or state.supply[suit][level - 1] <= 0:
            continue
        cost = research_cost(state, seat, level, card)
        for region in own_regions(state, seat):
            scrap = cheapest_scrap(state.army[region], cost)
            if scrap is not None:
                found.append(Research(SUITS[suit], board.region_ids[region], Troops.of(scrap), card=card))
                break
    return found


def cheapest_scrap(units: Counts, cost: int) -> Counts | None:
    """Army units worth at least ``cost``, cheapest kinds first; None if the region cannot pay."""
    taken = [0, 0, 0, 0]
    value = 0
    for kind in ARMY_LOSS_ORDER:
        while value < cost and taken[kind] < units[kind]:
            taken[kind] += 1
            value += ARMY_COST[kind][0]
    return (taken[0], taken[1], taken[2], taken[3]) if value >= cost else None


def _steps(state: AttackState, seat: int, board: Layout) -> list[Action]:
    turn = state.turn
    assert turn is not None
    found: list[Action] = []
    if turn.kind in ("move", "transport"):
        for source in own_regions(state, seat):
            free = movable(state, source)
            if not any(free):
                continue
            if turn.kind == "move":
                targets = move_reaches(state, board, seat, source)
            else:
                reach = own_distances(state, board, seat, source, transport_range(state, seat))
                targets = sorted(t for t in reach if t != source)
            for target in targets:
                found.append(March(board.region_ids[source], board.region_ids[target], Troops.of(free)))
    elif turn.kind == "blitz":
        for source in own_regions(state, seat):
            allowed = blitz_sources(state, board, seat, turn.target, source)
            free = movable(state, source)
            units = tuple(n if ok else 0 for n, ok in zip(free, allowed, strict=True))
            if any(units):
                found.append(March(board.region_ids[source], board.region_ids[turn.target], Troops(*units)))
    elif turn.kind == "navigate":
        found += _sails(state, seat, board)
    elif turn.kind == "build":
        found += _buys(state, seat, board)
    found.append(EndAction())
    return found


def _sails(state: AttackState, seat: int, board: Layout) -> list[Action]:
    turn = state.turn
    assert turn is not None
    capacity = state.options.ship_capacity
    found: list[Action] = []
    fleets: list[tuple[str, list[int], Counts, Counts]] = []
    for region in own_regions(state, seat):
        ships = sub(state.coast_navy[region], amount(turn.sailed, region))
        if any(ships):
            free = movable(state, region)
            fleets.append(
                (
                    board.region_ids[region],
                    list(board.coasts[region]),
                    ships,
                    _load(free, capacity * sum(ships)),
                )
            )
    for zone in range(board.zones):
        if state.zone_owner[zone] == seat:
            ships = sub(state.zone_navy[zone], amount(turn.sailed, board.regions + zone))
            if any(ships) and ships == state.zone_navy[zone]:
                fleets.append((board.zone_ids[zone], sorted(board.seas[zone]), ships, state.zone_cargo[zone]))
    reach = state.options.navy_range
    for source, starts, ships, cargo in fleets:
        for zone in range(board.zones):
            if board.zone_ids[zone] != source and sea_path(state, board, seat, starts, reach, {zone}):
                found.append(Sail(source, board.zone_ids[zone], Ships.of(ships), Troops.of(cargo)))
        if any(cargo):
            for region in range(board.regions):
                goals = {z for z in board.coasts[region] if state.zone_owner[z] in (NEUTRAL, seat)}
                if (
                    region != board.index.get(source)
                    and goals
                    and sea_path(state, board, seat, starts, reach, goals)
                ):
                    found.append(Sail(source, board.region_ids[region], Ships.of(ships), Troops.of(cargo)))
    return found


def _load(free: Counts, room: int) -> Counts:
    """As many army units as fit aboard, best units first."""
    load = [0, 0, 0, 0]
    for kind in (3, 2, 1, 0):
        take = min(room, free[kind])
        load[kind] = take
        room -= take
    return (load[0], load[1], load[2], load[3])


def _buys(state: AttackState, seat: int, board: Layout) -> list[Action]:
    turn = state.turn
    assert turn is not None
    found: list[Action] = []
    limit = advanced_limit(state, seat)
    current = state.seats[seat]
    for region in sorted(supplied(state, board, seat)):
        rid = board.region_ids[region]
        unit_price = price(state, seat, (1, 0, 0, 0), NONE)[0]
        most = current.production // max(1, unit_price)
        for count in sorted({1, most}):
            if count and price(state, seat, (count, 0, 0, 0), NONE)[0] <= current.production:
                found.append(Buy(rid, Troops(infantry=count)))
        for kind in range(1, 4):
            one = tuple(1 if k == kind else 0 for k in range(4))
            army_units = (one[0], one[1], one[2], one[3])
            p, o = price(state, seat, army_units, NONE)
            if turn.advanced[0] + 1 <= limit and p <= current.production and o <= current.oil:
                found.append(Buy(rid, Troops.of(army_units)))
        if board.coasts[region]:
            for kind in range(4):
                one = tuple(1 if k == kind else 0 for k in range(4))
                ships = (one[0], one[1], one[2], one[3])
                p, o = price(state, seat, NONE, ships)
                room = not ADVANCED_NAVY[kind] or turn.advanced[1] + 1 <= limit
                if room and p <= current.production and o <= current.oil:
                    found.append(Buy(rid, navy=Ships.of(ships)))
    return found
