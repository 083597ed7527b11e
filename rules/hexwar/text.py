"""Hex war events and orders as sentences, for the game log, the round's digest and the terminal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.core.events import DiceRolled, Event
from rules.hexwar.actions import AimDefence, Bombard, BuildCity, Buy, BuyDefence, Jump, Move, Order
from rules.hexwar.events import (
    BattleBegan,
    BattleEnded,
    Bombarded,
    CapitalPlaced,
    CityAbandoned,
    CityBuilt,
    CityProjectBegun,
    DefenceAimed,
    DefenceBuilt,
    GameWon,
    HexCaptured,
    HexesDealt,
    HexPlaced,
    IncomeCollected,
    JumpTroopsReverted,
    OrderCancelled,
    OrdersRevealed,
    OrdersSubmitted,
    OrderWritten,
    PlacementOrderDealt,
    PlanesLost,
    PlanesReturned,
    PurchaseLost,
    PurchasesPaid,
    RoundBegan,
    SeatEliminated,
    SeatResigned,
    UnitPlaced,
    UnitsDestroyed,
    UnitsMoved,
    UnitsPlaced,
)
from rules.hexwar.state import KINDS, Stack
from rules.hexwar.units import UNITS, cargo_text, count_text


def order_text(order: Order) -> str:
    """An order as its writer reads it back in the order list."""
    match order:
        case Move(source=s, target=t, unit=u, count=n, cargo=cargo):
            load = f" carrying {cargo_text(cargo)} each" if cargo else ""
            return f"move {count_text(u, n)}{load} from {s} to {t}"
        case Jump(source=s, target=t, count=n):
            return f"jump {count_text('jt', n)} from {s} onto {t}"
        case Bombard(source=s, target=t, unit=u, count=n):
            return f"bombard {t} with {count_text(u, n)} from {s}"
        case Buy(unit=u, count=n, at=at):
            return f"buy {count_text(u, n)} for {at} ({UNITS[u].cost * n})"
        case BuyDefence(at=at, kind=kind, aim=aim):
            return f"buy a {kind} defence for {at}, aimed at {UNITS[aim].plural} (7)"
        case AimDefence(at=at, kind=kind, aim=aim):
            return f"aim the {kind} defence of {at} at {UNITS[aim].plural}"
        case BuildCity(at=at):
            return f"buy a city on {at} (10 now, 10 in each of the next two rounds)"
    return repr(order)


def forces_text(stacks: Sequence[Stack], who: Callable[[int], str]) -> str:
    parts = []
    for s in stacks:
        aboard = f" (carrying {cargo_text(s.cargo)})" if s.cargo else ""
        parts.append(f"{who(s.seat)} {count_text(s.unit, s.count)}{aboard}")
    return ", ".join(parts) if parts else "nothing"


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for ``event``; None for what another line already tells (most dice, the reveal's
    orders, which the moves and purchases that follow tell one by one)."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    match event:
        case DiceRolled(reason="placement order"):
            return None
        case DiceRolled():
            return None  # shown with the battle step they belong to by the log's dice lines
        case HexesDealt(hands=hands):
            kinds = ", ".join(f"{n} {k}" for k, n in zip(KINDS, hands[0], strict=True))
            return f"Hexes dealt: each player holds {kinds}."
        case HexPlaced(seat=seat, kind=kind, at=at):
            return f"{who(seat)} placed a {kind} hex at {at}."
        case PlacementOrderDealt(order=order):
            return "Placement order dealt: " + ", ".join(who(s) for s in order) + "."
        case UnitPlaced(seat=seat, unit=unit, at=at):
            return f"{who(seat)} placed {count_text(unit, 1)} in {at}."
        case CapitalPlaced(seat=seat, at=at):
            return f"{who(seat)} placed their capital in {at}."
        case RoundBegan(round=number, deadline_seconds=seconds):
            return f"— Round {number} begins: write your orders ({_duration(seconds)})."
        case OrderWritten(seat=seat, number=n, order=order):
            return f"{who(seat)} wrote order {n}: {order_text(order)}."
        case OrderCancelled(seat=seat, number=n, order=order):
            return f"{who(seat)} cancelled order {n}: {order_text(order)}."
        case OrdersSubmitted(seat=seat, held=held):
            return (
                f"{who(seat)} did not submit in time and holds." if held else f"{who(seat)} submitted orders."
            )
        case OrdersRevealed():
            return None
        case DefenceAimed(seat=seat, at=at, kind=kind, aim=aim):
            return f"{who(seat)} aimed the {kind} defence of {at} at {UNITS[aim].plural}."
        case PurchasesPaid(seat=seat, amount=amount, city_payments=cities):
            extra = f" ({cities} payment(s) towards cities)" if cities else ""
            return f"{who(seat)} spent {amount}{extra}."
        case CityProjectBegun(seat=seat, at=at):
            return f"{who(seat)} began buying a city on {at}."
        case CityAbandoned(seat=seat, at=at, reason=reason):
            why = "the hex was taken" if reason == "taken" else "a payment could not be made"
            return f"{who(seat)}'s city on {at} is lost with the money paid: {why}."
        case UnitsMoved(seat=seat, source=s, target=t, unit=u, count=n, cargo=cargo, how=how):
            load = f" carrying {cargo_text(cargo)}" if cargo else ""
            verb = {"jump": "jumped", "strike": "struck"}.get(how, "moved")
            return f"{who(seat)} {verb} {count_text(u, n)}{load} from {s} to {t}."
        case Bombarded(seat=seat, source=s, target=t, unit=u, count=n):
            return f"{who(seat)} bombarded {t} with {count_text(u, n)} from {s}."
        case BattleBegan(at=at, water=water, forces=forces):
            return f"⚔ Battle {'at sea ' if water else ''}in {at}: {forces_text(forces, who)}."
        case UnitsDestroyed(at=at, step=step, losses=losses):
            return f"  {at}, {step}: lost {forces_text(losses, who)}." if losses else None
        case BattleEnded(at=at, rounds=rounds, survivors=survivors):
            if not survivors:
                return f"  {at}: nobody is left after {rounds} round(s)."
            if len(survivors) == 1:
                return f"  {at}: {who(survivors[0])} won after {rounds} round(s)."
            return f"  {at}: stalemate between {', '.join(who(s) for s in survivors)}."
        case HexCaptured(seat=seat, previous=prev, at=at, capital_of=capital):
            extra = f", {who(capital)}'s capital" if capital >= 0 else ""
            return f"{who(seat)} took {at}{extra} from {who(prev)}."
        case PlanesReturned(seat=seat, source=s, target=t, count=n):
            return f"{who(seat)}'s {count_text('plane', n)} flew back from {s} to {t}."
        case PlanesLost(seat=seat, source=s, home=home, count=n):
            return f"{who(seat)} lost {count_text('plane', n)} back from {s}: {home} was taken."
        case JumpTroopsReverted(seat=seat, at=at, count=n):
            return f"{who(seat)}'s {count_text('jt', n)} in {at} are infantry from now on."
        case CityBuilt(seat=seat, at=at):
            return f"🏙 {who(seat)} built a city on {at}."
        case UnitsPlaced(seat=seat, unit=u, count=n, at=at):
            return f"{who(seat)} placed {count_text(u, n)} in {at}."
        case PurchaseLost(seat=seat, unit=u, count=n):
            what = count_text(u, n) if u in UNITS else f"a {u}"
            return f"{who(seat)} had nowhere to place {what}: lost."
        case DefenceBuilt(seat=seat, at=at, kind=kind, aim=aim):
            return f"{who(seat)} built a {kind} defence in {at}, aimed at {UNITS[aim].plural}."
        case IncomeCollected(seat=seat, amount=amount, rule=rule, bonus=bonus):
            why = {"half": " (half: no capital)", "none": " (no capital and no city)"}.get(rule, "")
            if bonus:
                why = f" ({bonus} of it for placing the first hex)"
            return f"{who(seat)} collected {amount}{why}."
        case SeatEliminated(seat=seat):
            return f"{who(seat)} is out of the game."
        case SeatResigned(seat=seat):
            return f"{who(seat)} resigned; their land and units stay and hold."
        case GameWon(winners=winners, reason=reason):
            names_text = " and ".join(who(s) for s in winners)
            how = {
                "capitals": "holding every capital",
                "money": "with the most money earned",
            }.get(reason, "as the last player left")
            return f"🏆 {names_text} won the game, {how}!"
    return None


def _duration(seconds: int) -> str:
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min {rest} s" if minutes and rest else (f"{minutes} min" if minutes else f"{rest} s")
