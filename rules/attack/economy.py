"""The economy's actions: Build (income, then units), Research (scrap units for an economics card),
Negotiate (an action card, and terms for a neutral), and Winter's Burn."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.actions import Ships, Troops
from rules.attack.board import Layout
from rules.attack.cards import draw_card, playing
from rules.attack.common import (
    army_cost,
    board_of,
    can_cross,
    navy_cost,
    set_army,
    set_coast,
    supplied,
    take_supply,
    with_seat,
)
from rules.attack.events import Burned, MarkerRevealed, Negotiated, Researched, UnitsBuilt
from rules.attack.seasons import collect_income
from rules.attack.state import NEUTRAL, AttackState
from rules.attack.tables import (
    ADVANCED_ARMY,
    ADVANCED_NAVY,
    BLOC,
    BREAKTHROUGH,
    COMMUNISM,
    DEMOCRACY,
    DEMOCRATIC_RESEARCH_DISCOUNT,
    DIPLOMACY,
    GOVERNMENTS,
    LEVELS,
    MINERALS,
    OIL_STRIKE,
    OIL_STRIKE_OIL,
    SUITS,
    WAR_BONDS,
    WAR_BONDS_PRODUCTION,
    Counts,
    add,
    army_value,
    fits,
    navy_value,
    sub,
)
from rules.attack.text import certificates
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.words import counted


def start_build(state: AttackState, seat: int, events: list[Event]) -> AttackState:
    """A Build collects the year's income if it is the seat's first Build this year (the year's end pays
    those who took none: one income a year), then Communism's free infantry join the capital."""
    if not state.seats[seat].built:
        state = collect_income(state, seat, events, year_end=False)
    current = state.seats[seat]
    production, oil = current.production, current.oil
    if playing(state, WAR_BONDS):
        production += WAR_BONDS_PRODUCTION
    if playing(state, OIL_STRIKE):
        oil += OIL_STRIKE_OIL
    state = with_seat(state, seat, production=production, oil=oil, built=True)
    if current.government == COMMUNISM and state.options.communist_infantry:
        capital = current.capital
        free = (state.options.communist_infantry, 0, 0, 0)
        state = set_army(state, capital, add(state.army[capital], free))
        events.append(UnitsBuilt(seat, board_of(state).region_ids[capital], Troops.of(free), Ships(), 0, 0))
    return state


def advanced_limit(state: AttackState, seat: int) -> int:
    """Advanced army (and, separately, navy) units one Build may take: 1 without Minerals, 2 more a level."""
    return 1 + 2 * state.seats[seat].levels[MINERALS]


def price(state: AttackState, seat: int, army: Counts, navy: Counts) -> tuple[int, int]:
    government = state.seats[seat].government
    production = oil = 0
    for kind, count in enumerate(army):
        p, o = army_cost(government, kind)
        production, oil = production + p * count, oil + o * count
    for kind, count in enumerate(navy):
        p, o = navy_cost(government, kind)
        production, oil = production + p * count, oil + o * count
    return production, oil


def buy(
    state: AttackState, seat: int, region: int, army: Counts, navy: Counts, board: Layout, events: list[Event]
) -> AttackState:
    turn = state.turn
    assert turn is not None
    if turn.kind != "build":
        raise IllegalAction("not_building", "Units are bought in a Build action.")
    name = board.region_names[region]
    if min(army) < 0 or min(navy) < 0 or not (any(army) or any(navy)):
        raise IllegalAction("no_units", "Name at least one unit to build.")
    if region not in supplied(state, board, seat):
        raise IllegalAction(
            "no_supply", f"You build in your capital or regions joined to it through your own; not in {name}."
        )
    if any(navy) and not board.coasts[region]:
        raise IllegalAction("no_coast", f"{name} has no coastline for ships.")
    limit = advanced_limit(state, seat)
    adv_army = turn.advanced[0] + sum(n for k, n in enumerate(army) if ADVANCED_ARMY[k])
    adv_navy = turn.advanced[1] + sum(n for k, n in enumerate(navy) if ADVANCED_NAVY[k])
    if adv_army > limit or adv_navy > limit:
        raise IllegalAction(
            "minerals",
            f"Without more Minerals a Build takes at most {counted(limit, 'advanced army unit')} and "
            f"{counted(limit, 'advanced navy unit')} (tanks and planes; battleships and carriers).",
        )
    production, oil = price(state, seat, army, navy)
    current = state.seats[seat]
    if production > current.production or oil > current.oil:
        raise IllegalAction(
            "too_dear",
            f"That costs {certificates(production, oil)}; you have {current.production} production and "
            f"{current.oil} oil.",
        )
    state = with_seat(state, seat, production=current.production - production, oil=current.oil - oil)
    state = set_army(state, region, add(state.army[region], army))
    state = set_coast(state, region, add(state.coast_navy[region], navy))
    events.append(
        UnitsBuilt(seat, board.region_ids[region], Troops.of(army), Ships.of(navy), production, oil)
    )
    return replace(state, turn=replace(turn, advanced=(adv_army, adv_navy)))


def research_cost(state: AttackState, seat: int, level: int, card: int | None) -> int:
    cost = state.options.research_cost * level
    if card is not None and card // 4 == BREAKTHROUGH:
        cost //= 2
    if state.seats[seat].government == DEMOCRACY:
        cost = max(0, cost - DEMOCRATIC_RESEARCH_DISCOUNT)
    return cost


def research(
    state: AttackState,
    seat: int,
    suit_name: str,
    region: int,
    army: Counts,
    navy: Counts,
    card: int | None,
    board: Layout,
    events: list[Event],
) -> AttackState:
    if suit_name not in SUITS:
        raise IllegalAction("no_suit", f"Economics suits are {', '.join(SUITS)}.")
    suit = SUITS.index(suit_name)
    current = state.seats[seat]
    level = current.levels[suit] + 1
    if level > LEVELS:
        raise IllegalAction("top_level", f"You hold {suit_name.title()} 4 already, the highest level.")
    if state.supply[suit][level - 1] <= 0:
        raise IllegalAction("none_left", f"No {suit_name.title()} {level} cards are left.")
    name = board.region_names[region]
    if state.owner[region] != seat:
        raise IllegalAction("not_yours", f"{name} is not yours; scrap units in your own region.")
    if min(army) < 0 or min(navy) < 0:
        raise IllegalAction("no_units", "Unit counts cannot be negative.")
    if not fits(army, state.army[region]) or not fits(navy, state.coast_navy[region]):
        raise IllegalAction("too_many", f"{name} does not hold those units.")
    cost = research_cost(state, seat, level, card)
    value = army_value(army) + navy_value(navy)
    if value < cost:
        raise IllegalAction(
            "research_cost",
            f"{suit_name.title()} {level} needs units worth {cost} scrapped; those are worth {value}.",
        )
    state = set_army(state, region, sub(state.army[region], army))
    state = set_coast(state, region, sub(state.coast_navy[region], navy))
    levels = list(current.levels)
    levels[suit] = level
    state = with_seat(state, seat, levels=(levels[0], levels[1], levels[2], levels[3], levels[4]))
    state = replace(state, supply=take_supply(state.supply, suit, level))
    events.append(
        Researched(seat, suit_name, level, board.region_ids[region], Troops.of(army), Ships.of(navy))
    )
    return state


def negotiation_cost(state: AttackState, seat: int, marker: int, card: int | None) -> int:
    """Same government, same bloc, other bloc (options); Democracy pays 1 less; Diplomacy pays nothing."""
    if card is not None and card // 4 == DIPLOMACY:
        return 0
    government = state.seats[seat].government
    options = state.options
    if marker == government:
        cost = options.negotiate_same
    elif BLOC[marker] == BLOC[government]:
        cost = options.negotiate_bloc
    else:
        cost = options.negotiate_other
    if government == DEMOCRACY:
        cost = max(0, cost - 1)
    return cost


def negotiable(state: AttackState, board: Layout, seat: int, region: int) -> bool:
    return state.owner[region] == NEUTRAL and any(
        state.owner[near] == seat and can_cross(state, board, seat, near, region)
        for near in board.army_neighbours(region)
    )


def negotiate(
    state: AttackState,
    seat: int,
    region: int | None,
    card: int | None,
    board: Layout,
    cup: DiceCup,
    events: list[Event],
) -> AttackState:
    if region is not None and not negotiable(state, board, seat, region):
        raise IllegalAction(
            "not_negotiable", f"{board.region_names[region]} is not a neutral region next to one of yours."
        )
    state = draw_card(state, seat, cup, events)
    if region is None:
        return state
    marker = state.marker[region]
    name = board.region_names[region]
    if marker < 0:
        (value,) = cup.roll(1, len(GOVERNMENTS), None, f"government marker of {name}")
        marker = value - 1
        events.append(MarkerRevealed(board.region_ids[region], GOVERNMENTS[marker]))
        state = replace(state, marker=(*state.marker[:region], marker, *state.marker[region + 1 :]))
    cost = negotiation_cost(state, seat, marker, card)
    production = state.seats[seat].production
    success = production >= cost
    events.append(Negotiated(seat, board.region_ids[region], GOVERNMENTS[marker], cost, success))
    if not success:
        return state
    state = with_seat(state, seat, production=production - cost)
    return replace(state, owner=(*state.owner[:region], seat, *state.owner[region + 1 :]))


def burn(
    state: AttackState, seat: int, marker: int | None, board: Layout, events: list[Event]
) -> AttackState:
    """Winter's price for a fourth action: ``burn_oil`` oil certificates, or one of your oil markers."""
    if marker is None:
        need = state.options.burn_oil
        have = state.seats[seat].oil
        if have < need:
            raise IllegalAction("no_oil", f"Burning takes {need} oil certificates; you have {have}.")
        events.append(Burned(seat, need, None))
        return replace(with_seat(state, seat, oil=have - need), burned=True)
    name = board.region_names[marker]
    if state.owner[marker] != seat or state.oil[marker] <= 0:
        raise IllegalAction("no_marker", f"You hold no oil marker in {name}.")
    events.append(Burned(seat, 0, board.region_ids[marker]))
    oil = (*state.oil[:marker], state.oil[marker] - 1, *state.oil[marker + 1 :])
    return replace(state, oil=oil, burned=True)
