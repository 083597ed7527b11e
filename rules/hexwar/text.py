"""Hex war events and orders as sentences, for the game log, the round's digest and the terminal."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import partial

from rules.core.events import Action, DiceRolled, Event
from rules.core.words import counted, dice_text
from rules.hexwar.actions import (
    AimDefence,
    Bombard,
    BuildCity,
    Buy,
    BuyDefence,
    CancelOrder,
    Jump,
    Move,
    Order,
    PlaceCapital,
    PlaceHex,
    PlaceUnit,
    SubmitOrders,
)
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
from rules.hexwar.units import ORDER, UNITS, cargo_text, count_text


def order_text(order: Order, costs: bool = True) -> str:
    """An order as its writer reads it back in the order list, with what each purchase costs (``costs``;
    the log's headline leaves them to the list)."""
    match order:
        case Move(source=s, target=t, unit=u, count=n, cargo=cargo):
            load = f" carrying {cargo_text(cargo)}{' each' if n > 1 else ''}" if cargo else ""
            return f"move {count_text(u, n)}{load} from {s} to {t}"
        case Jump(source=s, target=t, count=n):
            return f"jump {count_text('jt', n)} from {s} onto {t}"
        case Bombard(source=s, target=t, unit=u, count=n):
            return f"bombard {t} with {count_text(u, n)} from {s}"
        case Buy(unit=u, count=n, at=at):
            return f"buy {count_text(u, n)} for {at}" + (f" ({UNITS[u].cost * n})" if costs else "")
        case BuyDefence(at=at, kind=kind, aim=aim):
            aimed = f", aimed at {UNITS[aim].plural}" if aim in UNITS else ""  # none: the kind's usual
            return f"buy {_a(kind)} defence for {at}{aimed}" + (" (7)" if costs else "")
        case AimDefence(at=at, kind=kind, aim=aim):
            return f"aim the {kind} defence of {at} at {UNITS[aim].plural}"
        case BuildCity(at=at):
            return f"buy a city on {at}" + (" (10 now, 10 in each of the next two rounds)" if costs else "")
    return repr(order)


def headline(action: Action) -> str | None:
    """A move in players' words for the log and an undo's line, where the generic headline wrote the
    command's codes ("place hex water F4", "place unit tank G5", "buy frig 1 F4", "move G7 → G6 inf 2",
    "bombard F4 → F5 frig 2", "aim defence F2 ground tank"): orders as their writer's order list reads
    them (without their costs, which the list adds up)."""
    match action:
        case PlaceHex(kind=kind, at=at):
            return f"place {_a(kind)} hex at {at}"
        case PlaceUnit(unit=unit, at=at, count=n):
            return f"place {count_text(unit, n)} on {at}"
        case PlaceCapital(at=at):
            return f"make {at} the capital"
        case Move() | Jump() | Bombard() | Buy() | BuyDefence() | AimDefence() | BuildCity():
            return order_text(action, costs=False)
        case CancelOrder(number=n):
            return f"take back order {n}"
        case SubmitOrders(hold=True):
            return "hold (no orders this round)"
        case SubmitOrders():
            return "submit orders"
    return None


def forces_text(stacks: Sequence[Stack], who: Callable[[int], str]) -> str:
    """``Ann with 2 infantry, 1 tank; Bo with 1 infantry``: each seat's units after its name."""
    parts = []
    for seat in dict.fromkeys(s.seat for s in stacks):
        units = ", ".join(_stack_text(s) for s in stacks if s.seat == seat)
        parts.append(f"{who(seat)} with {units}")
    return "; ".join(parts) if parts else "nothing"


def _stack_text(stack: Stack) -> str:
    aboard = f" (carrying {cargo_text(stack.cargo)})" if stack.cargo else ""
    return f"{count_text(stack.unit, stack.count)}{aboard}"


def hand_text(hand: Sequence[int]) -> str:
    """Hexes left to place, by kind: "8 land, 2 city, 9 water" (empty when none)."""
    return ", ".join(f"{n} {kind}" for kind, n in zip(KINDS, hand, strict=True) if n)


def units_left_text(units_left: Sequence[int]) -> str:
    """Starting units left to place, by type: "10 infantry, 3 tanks" (empty when none)."""
    return ", ".join(count_text(u, n) for u, n in zip(ORDER, units_left, strict=True) if n)


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat as the log names it: its player's name."""
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for ``event``; None for what another line already tells (the reveal's orders, which the
    moves and purchases that follow tell one by one). Dice say whose they are and what they were for."""
    who = partial(seat_name, names)
    match event:
        case DiceRolled(reason="placement order"):
            return None
        case DiceRolled(seat=seat, reason=reason, values=values):
            return dice_line(reason, who(seat) if seat is not None else None, values)
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
            extra = f" ({counted(cities, 'payment')} towards cities)" if cities else ""
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
            return f"  {at}, {step}: {losses_text(losses, who)}." if losses else None
        case BattleEnded(at=at, rounds=rounds, survivors=survivors):
            # No round fought: the defences or the bombardment settled it, or one side was alone.
            after = f"after {counted(rounds, 'round')}" if rounds else "without a round of combat"
            if not survivors:
                return f"  {at}: nobody is left, {after}."
            if len(survivors) == 1:
                return f"  {at}: {who(survivors[0])} won {after}."
            return f"  {at}: stalemate between {', '.join(who(s) for s in survivors)}."
        case HexCaptured(seat=seat, previous=prev, at=at, capital_of=capital):
            if capital >= 0 and capital == prev:
                return f"{who(seat)} took {who(prev)}'s capital, {at}."
            if capital >= 0 and capital == seat:
                return f"{who(seat)} took back their capital, {at}, from {who(prev)}."
            extra = f" ({who(capital)}'s capital)" if capital >= 0 else ""
            return f"{who(seat)} took {at}{extra} from {who(prev)}."
        case PlanesReturned(seat=seat, source=s, target=t, count=n):
            return f"{who(seat)}'s {count_text('plane', n)} flew back from {s} to {t}."
        case PlanesLost(seat=seat, source=s, home=home, count=n):
            return f"{who(seat)} lost {count_text('plane', n)} back from {s}: {home} was taken."
        case JumpTroopsReverted(seat=seat, at=at, count=n):
            verb = "is" if n == 1 else "are"
            return f"{who(seat)}'s {count_text('jt', n)} in {at} {verb} infantry from now on."
        case CityBuilt(seat=seat, at=at):
            return f"🏙 {who(seat)} built a city on {at}."
        case UnitsPlaced(seat=seat, unit=u, count=n, at=at):
            return f"{who(seat)} placed {count_text(u, n)} in {at}."
        case PurchaseLost(seat=seat, unit=u, count=n):
            what = count_text(u, n) if u in UNITS else _a(u)
            return f"{who(seat)} had nowhere to place {what}: lost."
        case DefenceBuilt(seat=seat, at=at, kind=kind, aim=aim):
            return f"{who(seat)} built {_a(kind)} defence in {at}, aimed at {UNITS[aim].plural}."
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


def losses_text(losses: Sequence[Stack], who: Callable[[int], str]) -> str:
    """``AI 1 lost 1 tank; AI 2 lost 2 infantry``: each seat's losses after its name."""
    seats = dict.fromkeys(s.seat for s in losses)
    return "; ".join(
        f"{who(seat)} lost " + ", ".join(_stack_text(s) for s in losses if s.seat == seat) for seat in seats
    )


# The reasons the battle's dice carry (``rules/hexwar/resolve/combat.py``). They are stored with each roll
# and part of what ``verify`` recomputes, so they stay as they are and are only shown in players' words.
_ROUND = re.compile(r"(?P<at>\S+) round (?P<n>\d+): (?P<units>.+)")
_DEFENCES = re.compile(r"(?P<at>\S+): (?P<k>\d+) defence\(s\) at (?P<n>\d+) (?P<aim>\w+)")


def dice_line(reason: str, owner: str | None, values: Sequence[int]) -> str:
    """A roll as players read it: whose dice, what for (units by name), and what they showed."""
    whose = f"{owner}'s " if owner else ""
    shown = dice_text(values)
    if m := _ROUND.fullmatch(reason):
        units = [part.split(" ", 1) for part in m["units"].split(", ")]
        named = " and ".join(
            count_text(u, int(n)) if u in UNITS and n.isdigit() else f"{n} {u}" for n, u in units
        )
        return f"🎲 {whose}{named} in {m['at']}, round {m['n']}: {shown}"
    if m := _DEFENCES.fullmatch(reason):
        aim = m["aim"]
        target = count_text(aim, int(m["n"])) if aim in UNITS else f"{m['n']} {aim}"
        return f"🎲 {whose}{counted(int(m['k']), 'defence')} in {m['at']} firing at {target}: {shown}"
    return f"🎲 {whose}{reason}: {shown}"


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _duration(seconds: int) -> str:
    if seconds >= 3600:
        return f"{seconds // 3600} h"
    minutes, rest = divmod(seconds, 60)
    return f"{minutes} min {rest} s" if minutes and rest else (f"{minutes} min" if minutes else f"{rest} s")
