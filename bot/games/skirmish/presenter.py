"""Skirmish in the shared messages: a seat's standing, the "since your last turn" digest, and the private
things (cards in hand, standing orders) in words. All seats are alike, so there are no seat roles."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.events import Event
from rules.core.words import counted
from rules.skirmish import text
from rules.skirmish.board import skirmish_map
from rules.skirmish.events import BattleEnded, LossesTaken, SeatEliminated, TerritoryTaken, TurnEnded
from rules.skirmish.state import StandingOrders
from rules.skirmish.views import SkirmishView

ORDER_FIELDS = text.ORDER_FIELDS


def orders_text(orders: StandingOrders | None) -> str:
    """``defend all · assign best · cards_from 2``, or a sentence saying there are none."""
    return text.orders_words(orders)


class SkirmishPresenter:
    def standing(self, view: SkirmishView, seat: int) -> str | None:
        if seat >= len(view.seats):
            return None
        mine = view.seats[seat]
        return (
            f"{counted(mine.territories, 'territory', 'territories')} · "
            f"{counted(mine.on_map.total, 'unit')} (value {mine.map_value}) · "
            f"{counted(mine.cards, 'card')} · {counted(mine.garrison.troop, 'troop')} in the garrison"
        )

    def seat_roles(self, seats: int) -> list[str]:
        return []

    def digest(
        self, events: Sequence[Event], seat: int, names: Sequence[str], view: SkirmishView
    ) -> list[str]:
        """The battles fought against this seat since its last turn, territories lost and taken, and its
        hand in words."""
        board = skirmish_map()
        ends = [i for i, e in enumerate(events) if isinstance(e, TurnEnded) and e.seat == seat]
        events = events[ends[-1] + 1 :] if ends else events

        def who(other: int) -> str:
            return names[other] if 0 <= other < len(names) else f"Seat {other + 1}"

        def place(tid: str) -> str:
            return board.names[board.index(tid)] if tid in board.id_index else tid

        lines: list[str] = []
        lost = 0
        for event in events:
            if isinstance(event, BattleEnded) and event.defender == seat:
                result = "you held it" if event.winner == "defender" else "you lost it"
                lines.append(f"{who(event.seat)} attacked your {place(event.target)}: {result}.")
            elif isinstance(event, LossesTaken) and event.seat == seat:
                lost += event.units.total + event.territory.total
            elif isinstance(event, TerritoryTaken) and event.seat == seat:
                lines.append(f"You took {place(event.territory)}.")
            elif isinstance(event, SeatEliminated) and event.seat == seat:
                lines.append(f"{who(event.by)} took your last territory.")
        if lost:
            lines.append(f"You lost {counted(lost, 'unit')} in battle.")
        return (lines or ["Nobody attacked you."]) + [self._hand_line(view)]

    @staticmethod
    def _hand_line(view: SkirmishView) -> str:
        if not view.hand:
            return "You hold no cards."
        return "Your cards: " + ", ".join(f"{c.name} (#{c.id})" for c in view.hand) + "."

    def private_text(self, view: SkirmishView) -> str | None:
        """The hand, a card a line with the number ``/sk card`` takes, then the standing orders; None for
        the public view."""
        if view.hand is None:
            return None
        lines = [f"#{c.id} {c.name}: {c.text}" for c in view.hand] or ["You hold no cards."]
        limit = (
            view.seats[view.viewer].territories
            if view.viewer is not None and view.viewer < len(view.seats)
            else 0
        )
        lines.append(f"Hand limit at the end of your turn: {limit} (your territories).")
        lines.append(f"Standing orders: {orders_text(view.orders)}.")
        return "\n".join(lines)

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        return None  # the log's lines answer a move

    def still_to_do(self, view: object) -> str | None:
        return None  # its buttons and the status show what is left


PRESENTER = SkirmishPresenter()
