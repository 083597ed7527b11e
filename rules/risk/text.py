"""Risk events as sentences for the game log, turn summaries and the terminal client."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from rules.core.events import Action, DiceRolled, Event
from rules.core.words import counted, dice_text
from rules.risk.actions import Fortify, Occupy, PlaceArmies, PlaceNeutral, TradeCards
from rules.risk.board import classic_map
from rules.risk.cards import card_name
from rules.risk.events import (
    ArmiesMoved,
    ArmiesPlaced,
    BattleFought,
    CardDrawn,
    CardsCaptured,
    CardsTraded,
    DeckReshuffled,
    DefenceAwaited,
    GameWon,
    OccupationAwaited,
    PhaseBegan,
    SeatEliminated,
    SeatResigned,
    SeatsDealt,
    TerritoryClaimed,
    TerritoryConquered,
    TurnBegan,
    TurnEnded,
)


def seat_name(names: Sequence[str], seat: int) -> str:
    """A seat as the log names it: its player, "Neutral" for the neutral army (seat -1)."""
    return "Neutral" if seat < 0 else (names[seat] if seat < len(names) else f"Seat {seat + 1}")


def territory_name(tid: str) -> str:
    """A territory's name as players read it, from its map id."""
    board = classic_map()  # cached: the map's own id -> index table serves every call
    return board.names[board.id_index[tid]]


def place_name(key: str) -> str | None:
    """A territory's name by its map id, None for any other word (the log's headlines)."""
    return territory_name(key) if key in classic_map().id_index else None


def headline(action: Action) -> str | None:
    """A move in players' words where the generic headline reads badly: "occupy 10" after a conquest,
    "place armies eastern united states 2", "fortify egypt → congo 4", "place neutral Great Britain 5",
    "trade cards 7, 8, 33"."""

    def at(key: str) -> str:
        return place_name(key) or key

    match action:
        case Occupy(armies=n):
            return f"occupy with {counted(n, 'army', 'armies')}"
        case PlaceArmies(territory=where, armies=n):
            return f"place {counted(n, 'army', 'armies')} on {at(where)}"
        case PlaceNeutral(territory=where, armies=n):
            return f"place {counted(n, 'neutral army', 'neutral armies')} on {at(where)}"
        case TradeCards(cards=cards):
            board = classic_map()
            return f"trade {', '.join(card_name(board, c) for c in cards)}"
        case Fortify(source=source, target=target, armies=n):
            return f"fortify {at(source)} → {at(target)} with {counted(n, 'army', 'armies')}"
    return None


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One line for ``event``; "" for one another line already tells (a battle's dice), None for one
    without a sentence of its own (its dice, if it is a roll, are shown as they are)."""
    board = classic_map()  # cached: the map's own id -> index table serves every call
    who, place = partial(seat_name, names), territory_name

    match event:
        case DiceRolled(reason="deal", values=values):
            return f"Territories dealt at random ({len(values) + 1}-card shuffle, rolls {event.first}+)."
        case DiceRolled(reason=reason) if reason.startswith(("attack ", "defend ")):
            return ""  # told by the roll's own line (BattleFought, high first): the log shows it once
        case DiceRolled(reason="card draw"):
            return ""  # private; its drawer's line names the card drawn ("drew Ural (cavalry)")
        case DiceRolled():
            return None
        case SeatsDealt(owners=owners):
            counts = ", ".join(f"{who(s)} {owners.count(s)}" for s in sorted(set(owners)))
            return f"Territories: {counts}."
        case TerritoryClaimed(seat=seat, territory=t):
            return f"{who(seat)} claimed {place(t)}."
        case ArmiesPlaced(seat=seat, territory=t, armies=n, by=by, card_bonus=bonus):
            if bonus:
                return f"{who(seat)} got {n} bonus armies on {place(t)} for its card."
            if seat < 0:
                return f"{who(by)} placed {counted(n, 'neutral army', 'neutral armies')} on {place(t)}."
            return f"{who(seat)} placed {counted(n, 'army', 'armies')} on {place(t)}."
        case CardsTraded(seat=seat, cards=cards, armies=armies, set_number=number):
            shown = ", ".join(card_name(board, c) for c in cards)
            return f"{who(seat)} traded set #{number} ({shown}) for {armies} armies."
        case TurnBegan(seat=seat, turn=turn, round=rnd, reinforcements=n, continents=held):
            extra = f" (holding {', '.join(c.replace('_', ' ').title() for c in held)})" if held else ""
            return f"— Round {rnd}, turn {turn}: {who(seat)} receives {n} armies{extra}."
        case PhaseBegan(seat=seat, phase=phase):
            return None if phase == "attack" else f"{who(seat)} moves on to {phase}."
        case DefenceAwaited(defender=defender, source=s, target=t):
            return f"{who(defender)} must choose dice to defend {place(t)} against {place(s)}."
        case BattleFought(
            seat=seat,
            defender=d,
            source=s,
            target=t,
            attacker_dice=ad,
            defender_dice=dd,
            attacker_losses=la,
            defender_losses=ld,
        ):
            return (
                f"{who(seat)} attacked {place(t)} from {place(s)}: {dice_text(ad)} v {dice_text(dd)} "
                f"({who(d)}); attacker lost {la}, defender lost {ld}."
            )
        case TerritoryConquered(seat=seat, previous_owner=prev, territory=t):
            return f"{who(seat)} conquered {place(t)} from {who(prev)}."
        case OccupationAwaited(seat=seat, target=t, minimum=lo, maximum=hi):
            return f"{who(seat)} chooses how many armies move into {place(t)} ({lo}-{hi})."
        case ArmiesMoved(seat=seat, source=s, target=t, armies=n, occupation=occ):
            verb = "moved in" if occ else "fortified"
            return f"{who(seat)} {verb} {n} from {place(s)} to {place(t)}."
        case CardDrawn(seat=seat, card=card):
            shown = "a card" if card is None else card_name(board, card)
            return f"{who(seat)} drew {shown}."
        case DeckReshuffled(cards=n):
            return f"The {n} traded cards were shuffled back into the deck."
        case SeatEliminated(seat=seat, by=by, cards_taken=n):
            return f"{who(seat)} was eliminated by {who(by)}, who takes {n} card(s)."
        case CardsCaptured():
            return None
        case SeatResigned(seat=seat, territories=n):
            return f"{who(seat)} resigned; their {n} territories stay as neutral."
        case TurnEnded():
            return None
        case GameWon(seat=seat):
            return f"🏆 {who(seat)} wins the game!"
    return None


def digest(events: Sequence[Event], seat: int, names: Sequence[str], hand: Sequence[int]) -> list[str]:
    """ "Since your last turn" for ``seat``: the attacks on it (one line per attacker and territory),
    the territories it lost or gained, and the cards it now holds. ``events`` may be the whole game's:
    only those after the seat's last ``TurnEnded`` count."""
    board = classic_map()
    ends = [i for i, e in enumerate(events) if isinstance(e, TurnEnded) and e.seat == seat]
    events = events[ends[-1] + 1 :] if ends else events

    who = partial(seat_name, names)

    battles: dict[tuple[int, str], list[int]] = {}  # (attacker, territory) -> [our losses, theirs, fights]
    lines: list[str] = []
    for event in events:
        if isinstance(event, BattleFought) and event.defender == seat:
            tally = battles.setdefault((event.seat, event.target), [0, 0, 0])
            tally[0] += event.defender_losses
            tally[1] += event.attacker_losses
            tally[2] += 1
        elif isinstance(event, TerritoryConquered) and event.previous_owner == seat:
            lines.append(f"You lost {board.names[board.index(event.territory)]} to {who(event.seat)}.")
        elif isinstance(event, TerritoryConquered) and event.seat == seat:
            lines.append(f"You took {board.names[board.index(event.territory)]}.")
        elif isinstance(event, CardsCaptured) and event.victim == seat:
            lines.append(f"{who(event.seat)} took your {event.count} card(s).")
        elif isinstance(event, CardsCaptured) and event.seat == seat:
            lines.append(f"You took {who(event.victim)}'s {event.count} card(s).")
    attacks = [
        f"{who(attacker)} attacked your {board.names[board.index(target)]} {fights} time(s): "
        f"you lost {ours} armies, they lost {theirs}."
        for (attacker, target), (ours, theirs, fights) in battles.items()
    ]
    cards = ", ".join(card_name(board, c) for c in hand)
    held = f"Your cards: {cards}." if hand else "You hold no cards."
    return (attacks + lines or ["Nobody attacked you."]) + [held]
