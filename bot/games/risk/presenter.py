"""Risk in the shared messages: a seat's standing, the "since your last turn" digest and the hand in words.
All seats are alike, so there are no seat roles."""

from __future__ import annotations

from collections.abc import Sequence

from rules.core.events import Event
from rules.risk.board import classic_map
from rules.risk.cards import card_name
from rules.risk.text import digest
from rules.risk.views import RiskView


class RiskPresenter:
    def standing(self, view: RiskView, seat: int) -> str | None:
        if seat >= len(view.seats):
            return None
        mine = view.seats[seat]
        return f"{mine.territories} territories · {mine.armies} armies · {mine.cards} cards"

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


PRESENTER = RiskPresenter()
