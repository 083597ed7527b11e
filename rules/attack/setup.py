"""Setting up: the board for the number of players, the order dice, governments and starting cards,
capitals with their starting forces, and the neutral regions."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.actions import Ships, Troops
from rules.attack.board import LAYOUTS, Layout, board
from rules.attack.cards import draw_card
from rules.attack.common import can_cross, take_supply, with_seat
from rules.attack.events import ForcesPlaced, GovernmentChosen, NeutralsSet, OrderRolled
from rules.attack.seasons import begin_year, roll_order
from rules.attack.state import NEUTRAL, AttackOptions, AttackState, Seat, Stage
from rules.attack.tables import (
    DECK_SIZE,
    GOVERNMENT_SEATS,
    GOVERNMENTS,
    NONE,
    OUTPOST_INFANTRY,
    START_ARMY,
    START_CARDS,
    START_NAVY,
    START_OIL,
    START_PRODUCTION,
    SUITS,
    SUPPLY,
    add,
    sub,
)
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item


def layout_for(options: AttackOptions, players: int) -> str:
    """The board: ``auto`` is the Western theatre for 2-4 players and the joined world for 5-6."""
    if not 2 <= players <= 6:
        raise IllegalAction("seats", "Attack! is played by 2 to 6 players.")
    name = options.map
    if name == "auto":
        return "world" if players >= 5 else "western"
    if name not in LAYOUTS:
        raise IllegalAction("bad_option", f"There is no {name} map.")
    if players >= 5 and name != "world":
        raise IllegalAction("map_too_small", "Five or six players play on both theatres joined: map world.")
    if players <= 4 and name == "world":
        raise IllegalAction(
            "map_too_big", "The joined world is for five or six players: map western or pacific."
        )
    return name


def new_game(options: AttackOptions, players: int, cup: DiceCup, events: list[Event]) -> AttackState:
    name = layout_for(options, players)
    layout = board(name)
    state = AttackState(
        options=options,
        players=players,
        layout=name,
        stage=Stage.GOVERNMENT,
        seats=tuple(Seat(production=START_PRODUCTION, oil=START_OIL) for _ in range(players)),
        owner=(NEUTRAL,) * layout.regions,
        army=(NONE,) * layout.regions,
        coast_navy=(NONE,) * layout.regions,
        marker=(-1,) * layout.regions,
        oil=layout.oil,
        zone_owner=(NEUTRAL,) * layout.zones,
        zone_navy=(NONE,) * layout.zones,
        zone_cargo=(NONE,) * layout.zones,
        supply=SUPPLY,
        deck=tuple(range(DECK_SIZE)),
    )
    for seat in range(players):
        state = draw_card(state, seat, cup, events)
    order, totals = roll_order(tuple(range(players)), cup, full=True)
    events.append(OrderRolled("government", totals, order))
    return replace(state, order=order, position=0)


def choose_government(
    state: AttackState, seat: int, government: str, economics: str, cup: DiceCup, events: list[Event]
) -> AttackState:
    if government not in GOVERNMENTS:
        raise IllegalAction("no_government", f"Governments are {', '.join(GOVERNMENTS)}.")
    gov = GOVERNMENTS.index(government)
    taken = sum(1 for s in state.seats if s.government == gov)
    if taken >= GOVERNMENT_SEATS:
        raise IllegalAction(
            "government_taken", f"Both {government.title()} placards are taken; choose another."
        )
    allowed = [SUITS[s] for s in START_CARDS[gov]]
    if economics not in allowed:
        raise IllegalAction(
            "start_card",
            f"{government.title()} starts with one of {', '.join(allowed)} level 1, not {economics}.",
        )
    suit = SUITS.index(economics)
    levels = list(state.seats[seat].levels)
    levels[suit] = 1
    state = with_seat(
        replace(state, supply=take_supply(state.supply, suit, 1)), seat, government=gov, levels=tuple(levels)
    )
    events.append(GovernmentChosen(seat, government, economics))
    if state.position + 1 < len(state.order):
        return replace(state, position=state.position + 1)
    return to_capitals(state, cup, events)


def to_capitals(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """Every government is chosen: capitals are placed next, in the order option ``capital_order`` sets.

    The document places them "in turn order", which Step 5 only rolls after the capitals are down, so the
    order is a reading (design): ``government``, the order governments were chosen in; ``reverse``, the
    last to choose a government places first (the first choice of government is paid for with the last
    choice of ground); ``roll``, a fresh roll of the order dice, every place rolled off on a tie."""
    order = state.order
    if state.options.capital_order == "reverse":
        order = order[::-1]
    elif state.options.capital_order == "roll":
        order, totals = roll_order(tuple(sorted(order)), cup, full=True)
        events.append(OrderRolled("capital", totals, order))
    return replace(state, stage=Stage.CAPITAL, order=order, position=0)


def capital_problem(state: AttackState, layout: Layout, seat: int, region: int) -> str | None:
    """Why ``region`` cannot hold ``seat``'s capital, or None.

    Always: on a sea zone, outside the Arctic Circle, free. Then, while any free region allows it: on a
    continent no capital is on yet (the rule document), and (design) not bordering another player's
    region, so no capital can be attacked before the first year begins."""
    name = layout.region_names[region]
    if layout.arctic[region]:
        return f"{name} is inside the Arctic Circle; a capital must lie outside it."
    if not layout.coasts[region]:
        return f"{name} borders no sea zone; a capital must."
    if state.owner[region] != NEUTRAL:
        return f"{name} is taken already."
    used = {layout.continent_of[s.capital] for s in state.seats if s.capital >= 0}
    free = [r for r in range(layout.regions) if layout.eligible[r] and state.owner[r] == NEUTRAL]
    fresh = [r for r in free if layout.continent_of[r] not in used]
    if layout.continent_of[region] in used and fresh:
        continent = layout.continent_names[layout.continent_of[region]]
        return f"{continent} has a capital already; choose another continent."
    pool = fresh or free
    if _borders_other(state, layout, seat, region) and any(
        not _borders_other(state, layout, seat, r) for r in pool
    ):
        return f"{name} borders another player's region; start further away."
    return None


def _borders_other(state: AttackState, layout: Layout, seat: int, region: int) -> bool:
    return any(state.owner[n] not in (NEUTRAL, seat) for n in layout.army_neighbours(region))


def place_capital(
    state: AttackState, seat: int, region: int, outposts: tuple[int, ...], cup: DiceCup, events: list[Event]
) -> AttackState:
    layout = board(state.layout)
    problem = capital_problem(state, layout, seat, region)
    if problem:
        raise IllegalAction("bad_capital", problem)
    if len(outposts) > 2 or len(set(outposts)) != len(outposts):
        raise IllegalAction("outposts", "Name at most two different regions beside your capital.")
    for outpost in outposts:
        name = layout.region_names[outpost]
        if outpost == region or not can_cross(state, layout, seat, region, outpost):
            raise IllegalAction(
                "outposts", f"{name} is not connected to your capital by land, anchor or lane."
            )
        if layout.continent_of[outpost] != layout.continent_of[region]:
            raise IllegalAction("outposts", f"{name} is on another continent than your capital.")
        if state.owner[outpost] != NEUTRAL:
            raise IllegalAction("outposts", f"{name} is taken already.")
    gov = state.seats[seat].government
    outpost_army = (OUTPOST_INFANTRY, 0, 0, 0)
    capital_army = START_ARMY[gov]
    for _ in outposts:
        capital_army = sub(capital_army, outpost_army)
    owner, army = list(state.owner), list(state.army)
    owner[region], army[region] = seat, capital_army
    events.append(
        ForcesPlaced(
            seat, layout.region_ids[region], Troops.of(capital_army), Ships.of(START_NAVY[gov]), True
        )
    )
    for outpost in outposts:
        owner[outpost], army[outpost] = seat, outpost_army
        events.append(ForcesPlaced(seat, layout.region_ids[outpost], Troops.of(outpost_army), Ships(), False))
    state = replace(
        state,
        owner=tuple(owner),
        army=tuple(army),
        coast_navy=with_item(state.coast_navy, region, add(state.coast_navy[region], START_NAVY[gov])),
        oil=with_item(state.oil, region, state.oil[region] + 1),  # the starting oil marker
    )
    state = with_seat(state, seat, capital=region)
    if state.position + 1 < len(state.order):
        return replace(state, position=state.position + 1)
    neutral = tuple(layout.region_ids[r] for r in range(layout.regions) if state.owner[r] == NEUTRAL)
    events.append(NeutralsSet(neutral))
    return begin_year(replace(state, position=0), cup, events)
