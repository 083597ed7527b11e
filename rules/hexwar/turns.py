"""The round cycle: a round begins (every seat still playing owes orders), income is collected, seats
with nothing left go out, and the game ends when one seat holds every capital or the round limit is
reached (then the most money earned over the game wins; a tie is shared)."""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.events import Event
from rules.hexwar.common import first_placer_bonus, has_units, income, owns_land
from rules.hexwar.events import GameWon, IncomeCollected, RoundBegan, SeatEliminated
from rules.hexwar.options import deadline_seconds
from rules.hexwar.state import HexState, Phase


def collect_income(state: HexState, events: list[Event]) -> HexState:
    money, earned = list(state.money), list(state.earned)
    for seat in state.playing():
        amount, rule = income(state, seat)
        bonus = first_placer_bonus(state, seat) if rule == "full" else 0
        events.append(IncomeCollected(seat, amount, rule, bonus))
        money[seat] += amount
        earned[seat] += amount
    return replace(state, money=tuple(money), earned=tuple(earned))


def begin_round(state: HexState, events: list[Event]) -> HexState:
    number = state.round + 1
    events.append(RoundBegan(number, deadline_seconds(state.options, number)))
    return replace(
        state,
        phase=Phase.ORDERS,
        round=number,
        turn=state.turn + 1,
        orders=((),) * state.players,
        submitted=tuple(state.out),  # seats that are out owe nothing
    )


def end_round(state: HexState, events: list[Event]) -> HexState:
    """After the round's placements: income, seats out, victory, else the next round."""
    state = collect_income(state, events)
    out = list(state.out)
    for seat in state.playing():
        if not owns_land(state, seat) and not has_units(state, seat):
            out[seat] = True
            events.append(SeatEliminated(seat))
    state = replace(state, out=tuple(out))
    capitals = [h for h, c in enumerate(state.capital_of) if c >= 0]
    holders = {state.owner[h] for h in capitals}
    if len(holders) == 1:
        (winner,) = holders
        events.append(GameWon((winner,), "capitals"))
        return replace(
            state, phase=Phase.OVER, winners=(winner,), summary=f"Seat {winner + 1} holds every capital."
        )
    if state.options.rounds and state.round >= state.options.rounds:
        best = max(state.earned[s] for s in state.playing())
        winners = tuple(s for s in state.playing() if state.earned[s] == best)
        events.append(GameWon(winners, "money"))
        who = " and ".join(f"Seat {s + 1}" for s in winners)
        # Every seat's total, so the final message shows the score that decided the game.
        others = ", ".join(
            f"Seat {s + 1} {state.earned[s]}"
            for s in sorted(range(state.players), key=lambda s: -state.earned[s])
            if s not in winners
        )
        summary = f"After {state.round} rounds {who} earned the most money ({best})." + (
            f" Money earned by the others: {others}." if others else ""
        )
        return replace(state, phase=Phase.OVER, winners=winners, summary=summary)
    return begin_round(state, events)
