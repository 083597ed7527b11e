"""Risk in the shared messages: a seat's standing, the "since your last turn" digest and the hand in words.
All seats are alike, so there are no seat roles."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from bot.gamelog import event_lines
from rules.core.events import Event
from rules.core.words import counted, dice_text
from rules.risk import RULES
from rules.risk.board import classic_map
from rules.risk.cards import card_name
from rules.risk.events import (
    ArmiesMoved,
    BattleFought,
    OccupationAwaited,
    PhaseBegan,
    SeatEliminated,
    TerritoryConquered,
)
from rules.risk.state import Phase
from rules.risk.text import digest, seat_name, territory_name
from rules.risk.views import RiskView


class RiskPresenter:
    def standing(self, view: RiskView, seat: int) -> str | None:
        if seat >= len(view.seats):
            return None
        mine = view.seats[seat]
        return (
            f"{counted(mine.territories, 'territory', 'territories')} · "
            f"{counted(mine.armies, 'army', 'armies')} · {counted(mine.cards, 'card')}"
        )

    def seat_roles(self, seats: int) -> list[str]:
        return []

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: RiskView) -> list[str]:
        return digest(events, seat, names, view.hand or ())

    def private_text(self, view: RiskView) -> str | None:
        """The hand, a card a line with the number a trade names (``trade 3 7 12``); None for the public."""
        if view.hand is None:
            return None
        if not view.hand:
            return "You hold no cards."
        board = classic_map()
        return "\n".join(f"{card}: {card_name(board, card)}" for card in view.hand)

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        """An attack of several rolls ("until conquered", "until 3 left") as one line of their sum, "after
        4 rolls: you lost 3, they lost 5", then what came of it; its dice are in the log. Its answer had
        listed every roll, a screen of them on a phone. What the mover did or must do next, to "you"
        ("You conquered Ural", "Choose how many armies move in"), not by name beside a "you". On
        reaching the fortify step, how to fortify or end the turn. None for any other move (the log's
        lines)."""
        fights = [e for e in events if isinstance(e, BattleFought)]
        fortify = any(isinstance(e, PhaseBegan) and e.seat == seat and e.phase == "fortify" for e in events)
        # Several rolls are told as their sum (below); a lone roll to "you", as what came of it is.
        yours = [
            None if isinstance(e, BattleFought) and len(fights) > 1 else to_you(e, seat, names)
            for e in events
        ]
        if len(fights) < 2 and not fortify and not any(yours):
            return None
        lines: list[str] = []
        summed = False
        for event, line in zip(events, yours, strict=True):
            if line:
                lines.append(line)
            elif not isinstance(event, BattleFought) or len(fights) < 2:
                lines += event_lines(RULES, [event], names)
            elif not summed:
                lines.append(rolls_summed(fights, seat, names))
                summed = True
        if fortify:  # "Alice moves on to fortify." alone left a newcomer wondering what to type
            lines.append(FORTIFY_HOW)
        return lines

    def still_to_do(self, view: RiskView) -> str | None:
        """Armies still to place after a placement or a trade (no button places them): the answer had
        said "Ann placed 3 on Ukraine" and left the rest to the status."""
        if view.phase is Phase.REINFORCE and view.reinforcements > 0:
            more = counted(view.reinforcements, "more army", "more armies")
            return f"{more} to place this turn (/risk place territory armies)."
        if view.setup_room:
            then = f", then {view.neutral_room} neutral" if view.neutral_room else ""
            more = counted(view.setup_room, "more starting army", "more starting armies")
            return f"{more} to place this turn{then} (/risk place territory armies)."
        if view.neutral_room:
            neutral = counted(view.neutral_room, "neutral army", "neutral armies")
            where = "a neutral territory" if view.neutral_room == 1 else "neutral territories"
            return f"Now {neutral} on {where} (/risk neutral territory armies)."
        return None


FORTIFY_HOW = (
    "Now fortify once, if you like (/risk fortify from to armies: between two of your territories), or "
    "end your turn (/risk end)."
)


def to_you(event: Event, seat: int, names: Sequence[str]) -> str | None:
    """An event of ``seat``'s own move told to that seat: its lone roll, what it won or must now choose.
    None for the rest, which the log's sentence tells as well to the mover as to anyone."""
    place = territory_name
    match event:
        case BattleFought(seat=s, defender=d, source=source, target=t) if s == seat:
            return (
                f"You attacked {place(t)} from {place(source)} ({seat_name(names, d)}): "
                f"{dice_text(event.attacker_dice)} v {dice_text(event.defender_dice)}; "
                f"you lost {event.attacker_losses}, they lost {event.defender_losses}."
            )
        case TerritoryConquered(seat=s, previous_owner=previous, territory=t) if s == seat:
            return f"You conquered {place(t)} from {seat_name(names, previous)}."
        case OccupationAwaited(seat=s, target=t, minimum=lo, maximum=hi) if s == seat:
            return f"Choose how many armies move into {place(t)}: {lo} to {hi} (/risk occupy armies)."
        case ArmiesMoved(seat=s, source=source, target=t, armies=n, occupation=True) if s == seat:
            return f"You moved {counted(n, 'army', 'armies')} from {place(source)} into {place(t)}."
        case PhaseBegan(seat=s, phase=phase) if s == seat and phase != "attack":
            return f"You move on to {phase}."
        case SeatEliminated(seat=out, by=by, cards_taken=n) if by == seat:
            return f"You eliminated {seat_name(names, out)} and take {counted(n, 'card')}."
    return None


def rolls_summed(fights: Sequence[BattleFought], seat: int, names: Sequence[str]) -> str:
    """Rolls of one attack, in a line: where, against whom, how many rolls and each side's losses."""
    first = fights[0]
    who, place = partial(seat_name, names), territory_name

    lost = sum(f.attacker_losses for f in fights), sum(f.defender_losses for f in fights)
    mine = first.seat == seat
    sides = ("you", "they") if mine else (who(first.seat), who(first.defender))
    return (
        f"{'You' if mine else who(first.seat)} attacked {place(first.target)} from {place(first.source)} "
        f"({who(first.defender)}): after {len(fights)} rolls {sides[0]} lost {lost[0]}, {sides[1]} lost "
        f"{lost[1]} (every die is in the log)."
    )


PRESENTER = RiskPresenter()
