"""Skirmish events as sentences for the game log, using the players' names. A step decided by a
standing order says so: "(by standing order)"."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.events import Action, DiceRolled, Event
from rules.core.words import counted, dice_text
from rules.skirmish.actions import (
    AssignDice,
    AssignExtra,
    Attack,
    Defend,
    Discard,
    DrawCard,
    Exchange,
    Move,
    Occupy,
    OrderSkirmishes,
    Place,
    PlaceCounter,
    PlayCard,
    TakeLosses,
)
from rules.skirmish.board import skirmish_map
from rules.skirmish.events import (
    AttackDeclared,
    BattleEnded,
    BattleRolled,
    BoardWiped,
    CardDiscarded,
    CardDrawn,
    CardPlayed,
    CounterPlaced,
    DeckReshuffled,
    DefenceDeclared,
    Exchanged,
    ExtraDiceAssigned,
    ExtraTaken,
    GameWon,
    LossesTaken,
    OrdersSet,
    Passed,
    PhaseBegan,
    PlacingEnded,
    Reinforced,
    SeatEliminated,
    SeatResigned,
    SeatsDealt,
    SkirmishesFormed,
    SkirmishesOrdered,
    SkirmishResolved,
    TerritoryTaken,
    TroopsPlaced,
    TurnBegan,
    TurnEnded,
    UnitsMoved,
    UnitsRedistributed,
)
from rules.skirmish.exchange import units_in_per_exchange
from rules.skirmish.pieces import UNIT_TYPES, Units, pieces
from rules.skirmish.state import StandingOrders

ENDINGS = {
    "5-to-1": "outnumbering the defender's dice 5 to 1",
    "wipe": "five defender dice on one attacker die wiped the attacker's board",
    "out of units": "the other side ran out of units on the board",
    "count": "more units left on the board",
    "resignation": "the defender resigned",
}


ORDER_FIELDS = ("defend", "losses", "assign", "cards_from", "order", "occupy")


def orders_words(orders: StandingOrders | None) -> str:
    """``defend all · assign best · cards_from 2``, or that there are none."""
    given = [
        f"{f} {getattr(orders, f)}"
        for f in ORDER_FIELDS
        if orders is not None and getattr(orders, f) is not None
    ]
    # (Not "every battle step waits for you": the bot may answer a defence for a player who did not ask
    # to be asked.)
    return " · ".join(given) if given else "none set"


# What a roll was for, as the engine records it, in players' words (the log wrote "battle: attacker").
DICE_FOR = {
    "reinforce": "reinforcement roll",
    "battle: attacker": "attack dice",
    "battle: defender": "defence dice",
}


def place_name(key: str) -> str | None:
    """A territory's name by its id (``eagles_rest`` is "Eagle's Rest"); None for any other word."""
    board = skirmish_map()
    return board.names[board.index(key)] if key in board.id_index else None


def headline(action: Action) -> str | None:
    """A move in players' words where the generic headline reads badly ("place Zephyr Bluff 9", "attack
    Ironmoor → Oakhollow 6 troops", "occupy 2 cavalry, 1 cannon", "play card card 12 2"): an exchange
    read "exchange oakhollow 5 troops cannon", losses "take losses 1 troop, 1 cannon, 1 cannon" (the
    last one traded), a battle's steps "assign dice 1, 2" and "place counter 1 3"."""
    table = pieces()

    def at(key: str) -> str:
        return place_name(key) or key

    def rolling(dice: int | None, counters: int | None) -> str:
        parts = [counted(dice, "die", "dice")] if dice is not None else []
        parts += [counted(counters, "counter")] if counters is not None else []
        return f" ({', '.join(parts)})" if parts else ""

    match action:
        case Place(territory=held, troops=n):
            return f"place {counted(n, 'troop')} on {at(held)}"
        case Move(source=source, target=target, units=moved):
            return f"move {table.describe(moved)} from {at(source)} to {at(target)}"
        case Attack(source=source, target=target, units=sent, dice=dice, counters=counters):
            with_units = f" with {table.describe(sent)}" if sent is not None else ""
            return f"attack {at(target)} from {at(source)}{with_units}{rolling(dice, counters)}"
        case Defend(units=held, dice=dice, counters=counters):
            return f"defend with {table.describe(held)}{rolling(dice, counters)}"
        case Occupy(units=moved):
            return f"move {table.describe(moved)} into the territory won"
        case DrawCard():
            return "draw a card"
        case PlayCard(card=card, skirmish=k, territory=held):
            where = f" on skirmish #{k}" if k is not None else f" on {at(held)}" if held is not None else ""
            return f"play {table.cards[card].name}{where}"
        case Discard(card=card):
            return f"discard {table.cards[card].name}"
        case TakeLosses(units=off, traded=traded, territory=held):
            parts = [f"{table.describe(off)} off the board"] if off.total else []
            parts += [f"{table.describe(traded)} traded for troops"] if traded.total else []
            parts += [f"{table.describe(held)} from the territory"] if held.total else []
            return "take losses: " + ("; ".join(parts) or "none")
        case AssignDice(territory=held):
            return "form the skirmishes" + (
                f", {table.describe(held)} from the territory" if held.total else ""
            )
        case AssignExtra(to=to):
            return f"add extra dice to skirmishes {', '.join(f'#{k}' for k in to)}"
        case PlaceCounter(skirmish=k, counters=n):
            return f"place {counted(n, 'counter')} on skirmish #{k}"
        case OrderSkirmishes(order=order):
            return f"resolve the skirmishes in the order {', '.join(f'#{k}' for k in order)}"
    if not isinstance(action, Exchange) or len(action.give.kinds()) != 1 or action.get not in UNIT_TYPES:
        return None
    (kind,) = action.give.kinds()
    out = action.give.total // units_in_per_exchange(kind, action.get)
    got = table.describe(Units.one(action.get, out)) if out else table.unit(action.get).plural
    return f"exchange {table.describe(action.give)} for {got} at {at(action.territory)}"


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for ``event``; None for events told by another line (turn ends); the reinforcement roll
    and the battle's dice say whose they are."""
    table = pieces()

    def who(seat: int) -> str:
        if seat < 0:
            return "nobody"
        return names[seat] if seat < len(names) else f"Seat {seat + 1}"

    def place(tid: str) -> str:
        return place_name(tid) or tid

    def units(u: Units) -> str:
        return table.describe(u)

    def by(flag: bool) -> str:
        return " (by standing order)" if flag else ""

    match event:
        case DiceRolled(reason="deal"):
            return "Territories were dealt at random."
        case DiceRolled(reason="battle: attacker" | "battle: defender"):
            return ""  # told by the side's own line (BattleRolled, high to low): the log shows it once
        case DiceRolled(reason="draw"):
            return ""  # a place in the deck, no player's number: "drew a card (Charge)" tells the draw
        case DiceRolled(seat=int(seat), reason=reason, values=values) if reason in DICE_FOR:
            # (the reason is stored with the roll and named by verify, so only its words change here)
            return f"🎲 {who(seat)}'s {DICE_FOR[reason]}: {dice_text(values)}"
        case DiceRolled():
            return None
        case SeatsDealt(owners=owners, troops=troops):
            held = ", ".join(f"{who(s)} {owners.count(s)}" for s in sorted(set(owners)) if s >= 0)
            return f"Territories: {held}; {max(troops)} troops on each, {owners.count(-1)} left empty."
        case TurnBegan(seat=seat, turn=turn, round=rnd):
            return f"— Round {rnd}, turn {turn}: {who(seat)} to play."
        case PhaseBegan():
            return None
        case Reinforced(seat=seat, dice=dice, rolled=rolled, troops=troops, lost=lost):
            roll = f"{who(seat)} reinforced: {counted(dice, 'die', 'dice')} rolled {rolled}"
            if not lost:
                return f"{roll}, {counted(troops, 'troop')} to place."
            # "53 lost" read as if 53 troops had died, and "12 troops to place, all the garrison held (53
            # more rolled than it had)" as a puzzle: nothing died, the garrison held no more.
            if not troops:
                return f"{roll}, but the garrison was empty: no troops to place."
            return f"{roll}, but the garrison held only {counted(troops, 'troop')}: all of them to place."
        case TroopsPlaced(seat=seat, territory=t, troops=n):
            return f"{who(seat)} placed {counted(n, 'troop')} on {place(t)}."
        case PlacingEnded(seat=seat, lost=lost):
            if not lost:
                return None
            return (
                f"{who(seat)} stopped placing; {counted(lost, 'troop')} {'is' if lost == 1 else 'are'} lost."
            )
        case CardDrawn(seat=seat, card=card):
            shown = "a card" if card is None else f"a card ({table.cards[card].name})"
            return f"{who(seat)} drew {shown}."
        case DeckReshuffled(cards=n):
            return f"The {n} discarded cards were shuffled back into the deck."
        case ExtraTaken(seat=seat, what=what):
            return f"{who(seat)} took an extra {'free move' if what == 'move' else 'exchange'}."
        case Exchanged(seat=seat, territory=t, gave=gave, got=got, lost=lost):
            extra = f", {lost} exchange value lost" if lost else ""
            return f"{who(seat)} exchanged {units(gave)} for {units(got)} in {place(t)}{extra}."
        case AttackDeclared(seat=seat, defender=d, source=s, target=t, units=u, dice=dice, counters=c):
            against = f" ({who(d)})" if d >= 0 else " (empty)"
            return (
                f"{who(seat)} attacked {place(t)}{against} from {place(s)} with {units(u)}: "
                f"{counted(dice, 'die', 'dice')}, {counted(c, 'counter')}."
            )
        case DefenceDeclared(seat=seat, territory=t, units=u, dice=dice, counters=c, by_order=o):
            shown = f"{counted(dice, 'die', 'dice')}, {counted(c, 'counter')}"
            return f"{who(seat)} defended {place(t)} with {units(u)}: {shown}{by(o)}."
        case BattleRolled(seat=seat, side=side, values=values, ones=ones, twos=twos):
            notes = [f"{counted(ones, 'one')} taken off"] if ones else []
            notes += [counted(twos, "two")] if twos else []
            extra = f" ({', '.join(notes)})" if notes else ""
            return f"{who(seat)} ({side}) rolled {dice_text(values)}{extra}."
        case LossesTaken(
            seat=seat, chooser=chooser, reason=reason, units=u, traded=tr, territory=ter, by_order=o
        ):
            parts = []
            if u.total:
                parts.append(f"{units(u)} off the board")
            if tr.total:
                parts.append(f"{units(tr)} traded for troops")
            if ter.total:
                parts.append(f"{units(ter)} from the territory")
            chosen = f", chosen by {who(chooser)}" if chooser != seat else ""
            gone = "; ".join(parts) or "nothing"
            return f"{who(seat)} lost {gone} ({REASONS.get(reason, reason)}{chosen}){by(o)}."
        case SkirmishesFormed(seat=seat, skirmishes=fights, by_order=o):
            shown = "; ".join(f"#{k + 1} {dice_text(a)} v {dice_text(d)}" for k, (a, d) in enumerate(fights))
            return f"{who(seat)} formed the skirmishes: {shown or 'none'}{by(o)}."
        case ExtraDiceAssigned(seat=seat, to=to, values=values, by_order=o):
            if len(values) != len(to):  # a log written before the values were kept
                shown = ", ".join(f"#{k}" for k in to)
                return f"{who(seat)} added extra dice to skirmishes {shown}{by(o)}."
            on: dict[int, list[int]] = {}
            for value, k in zip(values, to, strict=True):
                on.setdefault(k, []).append(value)
            shown = ", ".join(f"{dice_text(v)} to #{k}" for k, v in sorted(on.items()))
            return f"{who(seat)} added extra dice: {shown}{by(o)}."
        case BoardWiped(seat=seat, defender=d, units=u, skirmish=k):
            return (
                f"{who(d)} piled five dice on skirmish #{k}: {who(seat)}'s whole board ({units(u)}) is wiped."
            )
        case CounterPlaced(seat=seat, skirmish=k, counters=n, by_order=o):
            return f"{who(seat)} placed {counted(n, 'counter')} on skirmish #{k}{by(o)}."
        case CardPlayed(seat=seat, card=card, skirmish=k, territory=t, by_order=o):
            name = table.cards[card].name
            where = f" on skirmish #{k}" if k is not None else f" on {place(t)}" if t is not None else ""
            return f"{who(seat)} played {name}{where}{by(o)}."
        case Passed(seat=seat, placed_for_you=placed, by_order=o):
            extra = f" (counters placed for them on #{', #'.join(map(str, placed))})" if placed else ""
            return f"{who(seat)} passed{extra}{by(o)}."
        case SkirmishesOrdered(seat=seat, order=order, by_order=o):
            shown = ", ".join(f"#{k}" for k in order)
            return f"{who(seat)} will resolve the skirmishes in the order {shown}{by(o)}."
        case SkirmishResolved(skirmish=k, attack_total=a, defend_total=d, winner=w, rout=rout, double=double):
            note = " — a rout!" if rout else " — twice the defender's total!" if double else ""
            return f"Skirmish #{k}: attacker {a}, defender {d}: the {w} wins{note}"
        case BattleEnded(seat=seat, defender=d, target=t, winner=w, ended_by=how, bars_attacks=bars):
            victor = who(seat) if w == "attacker" else who(d)
            extra = f" {who(seat)} may make no further attacks this turn." if bars else ""
            return f"Battle for {place(t)}: {victor} won ({ENDINGS.get(how, how)}).{extra}"
        case TerritoryTaken(seat=seat, previous_owner=prev, territory=t):
            return f"{who(seat)} took {place(t)}" + (f" from {who(prev)}." if prev >= 0 else ".")
        case UnitsRedistributed(seat=seat, source=s, target=t, into_target=a, into_source=b, by_order=o):
            return f"{who(seat)} shared out: {units(a)} in {place(t)}, {units(b)} in {place(s)}{by(o)}."
        case UnitsMoved(seat=seat, source=s, target=t, units=u):
            return f"{who(seat)} moved {units(u)} from {place(s)} to {place(t)}."
        case CardDiscarded(seat=seat, card=card, penalty_from=where):
            extra = f", losing a troop in {place(where)}" if where else ""
            return f"{who(seat)} discarded {table.cards[card].name}{extra}."
        case OrdersSet(seat=seat, orders=orders):
            # Only the seat itself ever reads this line (``redact`` hides the event from everyone else).
            return f"{who(seat)} set standing orders: {orders_words(orders)}."
        case SeatEliminated(seat=seat, by=b):
            return f"{who(seat)} holds no territory and is out (eliminated by {who(b)})."
        case SeatResigned(seat=seat):
            return f"{who(seat)} resigned; their territories are left empty."
        case TurnEnded():
            return None
        case GameWon(winners=winners, summary=summary):
            return f"🏆 {' and '.join(who(s) for s in winners)} won the game. {summary}"
    return None


REASONS = {
    "roll": "1s and 2s rolled",
    "skirmish": "a lost skirmish",
    "rout": "the rout",
    "double": "the 2x skirmish",
    "extra dice": "the attacker's extra dice",
}
