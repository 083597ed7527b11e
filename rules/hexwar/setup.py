"""Setup as play: every step is a turn by post.

1. Hexes are dealt (design: every hand alike, so no seat starts richer; the document's "dealt until
   there are enough land units in hand" is the land quota of each hand).
2. Players place them in seat order, one a turn by the rules (by post, option ``hexes_per_turn``: a
   third of a hand a turn, so the board takes three turns each, not one a hex; design, issue 30's seat
   balance: option ``opening_hexes``, a small first turn each, so that the first seat's first turn is
   not a block at the centre that every other seat builds against): the first on the starting
   outline, each next one adjoining a placed hex (the grid wraps left to right). Land hexes belong to
   whoever placed them.
3. Numbered cards are dealt at random: the order for units and capitals.
4. In that order, each player places one starting unit a turn by the rules (by post, option
   ``units_per_turn``: all 23 in one turn) on land hexes they own: 18 infantry, 3 tanks, 1 hovercraft, 1
   plane.
5. In the same order each player places a capital on a land hex they own (not necessarily a city).
Then income is collected once, so the first round has money to spend, and round 1 begins.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.names import did_you_mean, normalise
from rules.core.tuples import with_item
from rules.core.words import counted
from rules.hexwar.board import GRIDS, frontier, grid
from rules.hexwar.common import BALANCED_FROM, board_of, merge
from rules.hexwar.events import CapitalPlaced, HexesDealt, HexPlaced, PlacementOrderDealt, UnitPlaced
from rules.hexwar.state import KINDS, WATER_OWNER, HexOptions, HexState, Phase, Stack
from rules.hexwar.turns import begin_round, collect_income
from rules.hexwar.units import ORDER, STARTING_UNITS, UNITS, count_text, unit_id

# Each hand by number of players, counted per KINDS (land, city, port city, water): 25, 20, 16 and 15
# hexes a hand, so 50, 60, 64 and 75 on the board, the document's sizes.
DECKS = {2: (11, 3, 2, 9), 3: (9, 2, 2, 7), 4: (8, 2, 1, 5), 5: (7, 2, 1, 5)}


def new_game(options: HexOptions, players: int, events: list[Event]) -> HexState:
    if players not in DECKS:
        raise IllegalAction("bad_seats", "Hex war is for 2 to 5 players.")
    width, height = GRIDS[players]
    hands = (DECKS[players],) * players
    starting = dict(STARTING_UNITS)
    units_left = tuple(starting.get(u, 0) for u in ORDER)
    events.append(HexesDealt(hands))
    n = players
    return HexState(
        options=options,
        players=n,
        width=width,
        height=height,
        phase=Phase.HEXES,
        hands=hands,
        units_left=(units_left,) * n,
        money=(0,) * n,
        earned=(0,) * n,
        projects=((),) * n,
        orders=((),) * n,
        submitted=(False,) * n,
        out=(False,) * n,
        resigned=(False,) * n,
    )


def place_hex(state: HexState, seat: int, kind: str, at: str, cup: DiceCup, events: list[Event]) -> HexState:
    g = grid(state.width, state.height)
    typed, kind = kind, normalise(kind)
    kind = "port" if kind == "port_city" else kind
    if kind not in KINDS:
        hint = did_you_mean(typed, KINDS)
        raise IllegalAction("bad_kind", f"“{typed}” is not a kind of hex; they are {', '.join(KINDS)}.{hint}")
    hand = state.hands[seat]
    if hand[KINDS.index(kind)] == 0:
        raise IllegalAction("not_in_hand", f"You have no {kind} hex left to place.")
    cell = g.lookup(at)
    if cell not in frontier(g, state.cells):
        if not state.cells:
            why = f"The first hex goes on the starting outline, {g.name(g.start)}."
        elif cell in state.cells:
            why = f"{g.name(cell)} already holds a hex."
        else:
            why = f"A hex must adjoin one already placed; {g.name(cell)} does not."
        raise IllegalAction("bad_place", why)
    owner = WATER_OWNER if kind == "water" else seat
    q, r = g.axial(cell)
    events.append(HexPlaced(seat, kind, g.name(cell), q, r))
    state = replace(
        state,
        cells=(*state.cells, cell),
        kinds=(*state.kinds, kind),
        owner=(*state.owner, owner),
        held_since=(*state.held_since, 0),
        capital_of=(*state.capital_of, -1),
        defences=(*state.defences, ()),
        units=(*state.units, ()),
        hands=with_item(state.hands, seat, with_item(hand, KINDS.index(kind), hand[KINDS.index(kind)] - 1)),
        placed_this_turn=state.placed_this_turn + 1,
    )
    if sum(state.hands[seat]) and state.placed_this_turn < hexes_this_turn(state, seat):
        return state
    return next_hex_turn(state, seat, cup, events)


def hexes_this_turn(state: HexState, seat: int) -> int:
    """Hexes ``seat`` places in its current setup turn (those placed so far in it included): on its first
    turn the option ``opening_hexes`` when set, else ``hexes_per_turn`` (see ``hexes_per_turn``)."""
    opening = opening_hexes(state.options, state.players)
    placed_before = sum(DECKS[state.players]) - sum(state.hands[seat]) - state.placed_this_turn
    if opening and placed_before == 0:
        return opening
    return hexes_per_turn(state.options, state.players)


def hexes_per_turn(options: HexOptions, players: int) -> int:
    """Hexes a seat places in one setup turn after its opening: the option's number, or by post (0) a
    third of a hand, rounded up, so the hexes take three turns each instead of one turn a hex (with an
    opening of ``opening_hexes``, half of the rest: three turns still)."""
    hand, opening = sum(DECKS[players]), opening_hexes(options, players)
    if options.hexes_per_turn:
        return options.hexes_per_turn
    return -(-(hand - opening) // 2) if opening else -(-hand // 3)


def opening_hexes(options: HexOptions, players: int) -> int:
    """The first hex turn's size, 0 when it is like the others. The opening and the snake order count
    from 3 players: with two, the two blocks face each other whatever the order, and seat 1 won 1.01
    times its share by post without them, 1.24 to 1.34 with them (docs/rules/hexwar.md)."""
    return options.opening_hexes if players >= BALANCED_FROM else 0


def next_hex_turn(state: HexState, seat: int, cup: DiceCup, events: list[Event]) -> HexState:
    """The next seat with hexes left places (in seat order after ``seat``, or by the snake order of
    option ``hex_order``); when none has, the numbered cards are dealt and unit placement begins."""
    snake = state.options.hex_order == "snake" and state.players >= BALANCED_FROM
    following = _snake_next(state) if snake else _seat_next(state, seat)
    if following is not None:
        return replace(state, current=following, turn=state.turn + 1, placed_this_turn=0)
    order = cup.shuffle(range(state.players), None, "placement order")
    events.append(PlacementOrderDealt(order))
    units = replace(state, phase=Phase.UNITS, order=order, current=order[-1], placed_this_turn=0)
    return next_unit_turn(units, events)


def _seat_next(state: HexState, seat: int) -> int | None:
    for step in range(1, state.players + 1):
        following = (seat + step) % state.players
        if sum(state.hands[following]):
            return following
    return None


def _snake_next(state: HexState) -> int | None:
    """The snake order: laps of hex turns go 1 2 3, then 3 2 1, and so on. A seat's lap is the number of
    hex turns it has had, read from its hand (hands are dealt alike and every turn but a hand's last
    places the turn's full number), so a seat that resigned or has placed its whole hand is passed."""
    waiting = [s for s in range(state.players) if sum(state.hands[s])]
    if not waiting:
        return None
    opening = opening_hexes(state.options, state.players)
    per_turn = hexes_per_turn(state.options, state.players)
    dealt = sum(DECKS[state.players])

    def turns(seat: int) -> int:
        placed = dealt - sum(state.hands[seat])
        if opening and placed:
            return 1 + -(-(placed - opening) // per_turn)
        return -(-placed // per_turn)

    lap = min(turns(s) for s in waiting)
    due = [s for s in waiting if turns(s) == lap]
    return min(due) if lap % 2 == 0 else max(due)


def _own_land(state: HexState, seat: int, at: str, what: str) -> int:
    b = board_of(state)
    hex_index = b.lookup(at)
    if b.water[hex_index] or state.owner[hex_index] != seat:
        raise IllegalAction(
            "not_your_land", f"{what} go on a land hex you own; {b.names[hex_index]} is not one."
        )
    return hex_index


def place_unit(
    state: HexState, seat: int, unit: str, at: str, events: list[Event], count: int = 1
) -> HexState:
    unit = unit_id(unit)
    left = state.units_left[seat]
    have = left[ORDER.index(unit)]
    if have == 0:
        raise IllegalAction("none_left", f"You have no {UNITS[unit].plural} left to place.")
    if count < 1:
        raise IllegalAction("bad_count", "Place at least one unit.")
    if count > have:
        raise IllegalAction("none_left", f"You have only {count_text(unit, have)} left to place.")
    allowed = state.options.units_per_turn - state.placed_this_turn
    if count > allowed:
        raise IllegalAction(
            "too_many_this_turn",
            f"You may place only {counted(allowed, 'more starting unit')} this turn (a turn places at most "
            f"{state.options.units_per_turn}).",
        )
    hex_index = _own_land(state, seat, at, "Starting units")
    events.extend(UnitPlaced(seat, unit, board_of(state).names[hex_index]) for _ in range(count))
    left = with_item(left, ORDER.index(unit), have - count)
    state = replace(
        state,
        units=with_item(state.units, hex_index, merge((*state.units[hex_index], Stack(seat, unit, count)))),
        units_left=with_item(state.units_left, seat, left),
        placed_this_turn=state.placed_this_turn + count,
    )
    if sum(left) and state.placed_this_turn < state.options.units_per_turn:
        return state
    return next_unit_turn(state, events)


def next_unit_turn(state: HexState, events: list[Event]) -> HexState:
    """The next seat in the dealt order with starting units left; then capitals, in the same order."""
    following = _next_in_order(state, lambda s: sum(state.units_left[s]) > 0)
    if following is not None:
        return replace(state, current=following, placed_this_turn=0, turn=state.turn + 1)
    state = replace(state, phase=Phase.CAPITALS, current=state.order[-1], placed_this_turn=0)
    return next_capital_turn(state, events)


def place_capital(state: HexState, seat: int, at: str, events: list[Event]) -> HexState:
    hex_index = _own_land(state, seat, at, "Capitals")
    events.append(CapitalPlaced(seat, board_of(state).names[hex_index]))
    state = replace(state, capital_of=with_item(state.capital_of, hex_index, seat))
    return next_capital_turn(state, events)


def next_capital_turn(state: HexState, events: list[Event]) -> HexState:
    """The next seat in the dealt order without a capital (and still playing); when none is left, income
    is collected once and round 1 begins."""
    placed = set(state.capital_of)
    following = _next_in_order(state, lambda s: s not in placed and not state.out[s])
    if following is not None:
        return replace(state, current=following, turn=state.turn + 1)
    state = collect_income(replace(state, current=0), events)
    return begin_round(state, events)


def _next_in_order(state: HexState, waiting: Callable[[int], bool]) -> int | None:
    """The next seat after the current one, in the dealt order, that is still ``waiting``."""
    position = state.order.index(state.current)
    n = len(state.order)
    for step in range(1, n + 1):
        candidate = state.order[(position + step) % n]
        if waiting(candidate):
            return candidate
    return None
