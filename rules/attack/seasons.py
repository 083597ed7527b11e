"""The year: the order dice and the direction of play, one action per seat in Spring, Summer and
Autumn, Winter's extra action for those who burn, income at the year's end, and the end of the war."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.common import income, score, with_seat
from rules.attack.events import (
    DirectionChosen,
    GameEnded,
    IncomeCollected,
    OrderRolled,
    Scored,
    SeasonBegan,
    YearBegan,
    YearEnded,
)
from rules.attack.state import AttackState, SeatStatus, Stage
from rules.attack.tables import SEASONS, SPRING, WARS, WINTER
from rules.core.dice import DiceCup
from rules.core.events import Event


def roll_order(
    seats: tuple[int, ...], cup: DiceCup, full: bool
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Each seat rolls the two order dice; highest first. Seats tied for a place roll again among
    themselves (``full``: for every place; otherwise only for the first). Returns the order and every
    total each seat rolled, in seat order."""
    totals: dict[int, list[int]] = {s: [] for s in seats}

    def rank(group: list[int]) -> list[int]:
        for s in group:
            totals[s].append(sum(cup.roll(2, 6, s, "order dice")))
        by_total: dict[int, list[int]] = {}
        for s in group:
            by_total.setdefault(totals[s][-1], []).append(s)
        ranked: list[int] = []
        for i, total in enumerate(sorted(by_total, reverse=True)):
            tied = by_total[total]
            if len(tied) > 1 and (full or i == 0):
                ranked.extend(rank(tied))
            else:
                ranked.extend(tied)
        return ranked

    order = tuple(rank(list(seats)))
    return order, tuple(tuple(totals[s]) for s in sorted(seats))


def begin_year(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """A new year: the order dice choose who starts (every year, or only the first: option
    ``order_roll``); that seat then chooses the direction of play."""
    year = state.year + 1
    events.append(YearBegan(year))
    seats = tuple(replace(s, built=False) for s in state.seats)
    state = replace(state, year=year, season=SPRING, position=0, burned=False, seats=seats, turn=None)
    if year == 1 or state.options.order_roll == "yearly":
        order, totals = roll_order(state.playing(), cup, full=False)
        events.append(OrderRolled("year", totals, order))
        return replace(state, stage=Stage.DIRECTION, order=(order[0],))
    order = tuple(s for s in state.order if state.seats[s].status is SeatStatus.PLAYING)
    events.append(SeasonBegan(year, SEASONS[SPRING]))
    return replace(state, stage=Stage.SEASON, order=order)


def choose_direction(state: AttackState, seat: int, clockwise: bool, events: list[Event]) -> AttackState:
    step = 1 if clockwise else -1
    order = [seat]
    for i in range(1, state.players):
        other = (seat + step * i) % state.players
        if state.seats[other].status is SeatStatus.PLAYING:
            order.append(other)
    events.append(DirectionChosen(seat, clockwise, tuple(order)))
    events.append(SeasonBegan(state.year, SEASONS[SPRING]))
    return replace(state, stage=Stage.SEASON, season=SPRING, order=tuple(order), position=0)


def next_action(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """The seat to act is done: the next seat in turn order, the next season, or the year's end."""
    state = replace(state, turn=None, burned=False, position=state.position + 1)
    while True:
        while state.position < len(state.order) and not _playing(state, state.order[state.position]):
            state = replace(state, position=state.position + 1)
        if state.position < len(state.order):
            return state
        if state.season == WINTER:
            return end_year(state, cup, events)
        state = replace(state, season=state.season + 1, position=0)
        events.append(SeasonBegan(state.year, SEASONS[state.season]))


def _playing(state: AttackState, seat: int) -> bool:
    return state.seats[seat].status is SeatStatus.PLAYING


def collect_income(state: AttackState, seat: int, events: list[Event], year_end: bool) -> AttackState:
    production, oil = income(state, seat)
    events.append(IncomeCollected(seat, production, oil, state.owner.count(seat), year_end))
    current = state.seats[seat]
    return with_seat(state, seat, production=current.production + production, oil=current.oil + oil)


def end_year(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """Income for every seat that took no Build this year; the war ends after its last year."""
    for seat in state.playing():
        if not state.seats[seat].built:
            state = collect_income(state, seat, events, year_end=True)
    events.append(YearEnded(state.year))
    if state.year >= WARS[state.options.war]:
        return finish_on_points(state, events)
    return begin_year(state, cup, events)


def standings(state: AttackState) -> list[tuple[int, tuple[int, int, int, int, int]]]:
    return [(seat, score(state, seat)) for seat in state.playing()]


def finish_on_points(state: AttackState, events: list[Event]) -> AttackState:
    """Victory points decide; a tie goes to the most regions, then the larger income, else is shared."""
    table = standings(state)
    for seat, (regions, zones, capitals, economics, total) in table:
        events.append(Scored(seat, regions, zones, capitals, economics, total))

    def rank(entry: tuple[int, tuple[int, int, int, int, int]]) -> tuple[int, int, int]:
        seat, points = entry
        return points[4], points[0], income(state, seat)[0]

    best = max(rank(entry) for entry in table)
    winners = tuple(seat for seat, points in table if rank((seat, points)) == best)
    top = best[0]
    reason = f"the war ended after year {state.year}: most victory points ({top})"
    return end_game(state, winners, reason, events)


def end_game(state: AttackState, winners: tuple[int, ...], reason: str, events: list[Event]) -> AttackState:
    events.append(GameEnded(winners, reason))
    return replace(
        state,
        stage=Stage.OVER,
        winners=winners,
        summary=reason,
        turn=None,
        army_battle=None,
        navy_battle=None,
    )
