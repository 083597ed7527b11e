"""Attack! in the shared messages: a seat's standing (government, victory points, regions, certificates,
cards), the "since your last turn" digest, and what a seat hides in words (its action cards and a navy
line-up not yet revealed). Seats are alike until they choose governments in the game, so no seat roles."""

from __future__ import annotations

from collections.abc import Sequence

from rules.attack.events import (
    ActionBegan,
    ArmyBattleEnded,
    Burned,
    GameEnded,
    NavyBattleEnded,
    NavyRetreated,
    Negotiated,
    Passed,
    RegionConquered,
    Researched,
    SeatResigned,
    UnitsBuilt,
    YearBegan,
)
from rules.attack.tables import CARD_TEXT, card_kind
from rules.attack.text import describe
from rules.attack.views import AttackView
from rules.core.events import Event

DIGEST = (
    YearBegan,
    ActionBegan,
    Passed,
    Burned,
    UnitsBuilt,
    Researched,
    Negotiated,
    ArmyBattleEnded,
    RegionConquered,
    NavyBattleEnded,
    NavyRetreated,
    SeatResigned,
    GameEnded,
)
DIGEST_LINES = 12


class AttackPresenter:
    def standing(self, view: AttackView, seat: int) -> str | None:
        if seat >= len(view.seats):
            return None
        mine = view.seats[seat]
        government = (mine.government or "no government yet").title()
        cards = f"{mine.cards} card{'s' * (mine.cards != 1)}"
        return (
            f"{government} · {mine.victory_points} VP · {mine.regions} regions · "
            f"{mine.production} production, {mine.oil} oil · {cards}"
        )

    def seat_roles(self, seats: int) -> list[str]:
        return []

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: AttackView) -> list[str]:
        """Actions taken, battles won and lost, regions changing hands, the year turning."""
        lines = [describe(e, names) for e in events if isinstance(e, DIGEST)]
        return [line for line in lines if line][-DIGEST_LINES:]

    def private_text(self, view: AttackView) -> str | None:
        """The hand, a card a line (``#12 War Bonds: …``, the number ``card:`` takes), and a navy line-up
        set but not yet revealed; None for the public view."""
        if view.hand is None:
            return None
        lines = [
            f"#{card} {name}: {CARD_TEXT[card_kind(card)].split(': ', 1)[-1]}" for card, name in view.hand
        ]
        if not lines:
            lines = ["You hold no action cards (Negotiate draws one)."]
        battle = view.navy_battle
        if battle is not None and battle.own_lineup is not None and not all(battle.set):
            zone = {z.id: z.name for z in view.zones}.get(battle.zone, battle.zone)
            lines.append(
                f"Your line-up in the {zone}: {', '.join(battle.own_lineup)} (secret until both are set)."
            )
        return "\n".join(lines)

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        return None  # the log's lines answer a move

    def still_to_do(self, view: object) -> str | None:
        return None  # its buttons and the status show what is left


PRESENTER = AttackPresenter()
