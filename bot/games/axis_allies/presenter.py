"""Axis & Allies in the shared messages: each seat's powers with their IPCs, income and land, and which
powers each seat plays for the lobby. A&A hides nothing, so there is no private text, and no digest
yet (the DM brings the board only)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.axis_allies.board import POWER_NAMES, POWERS
from rules.axis_allies.common import ipcs_text
from rules.axis_allies.setup import SEAT_TABLE
from rules.axis_allies.views import AAView
from rules.core.events import Event


def power_name(power: str) -> str:
    return POWER_NAMES.get(power, power)


class AxisAlliesPresenter:
    def standing(self, view: AAView, seat: int) -> str | None:
        powers = view.seats[seat] if seat < len(view.seats) else ()
        land = dict.fromkeys(powers, 0)
        for space in view.spaces:
            if space.owner in land:
                land[space.owner] += 1
        parts = []
        for p in view.powers:
            if p.power in land:
                capital = "" if p.capital_held else ", capital lost"
                n = land[p.power]
                held = f"{n} territor{'y' if n == 1 else 'ies'}{capital}"
                parts.append(f"{power_name(p.power)} {ipcs_text(p.ipcs)} (+{p.income}, {held})")
        return "; ".join(parts) or None

    def seat_roles(self, seats: int) -> list[str]:
        table = SEAT_TABLE.get(seats)
        if table is None:
            return []
        return [
            ", ".join(power_name(POWERS[p]) for p in range(len(POWERS)) if table[p] == s)
            for s in range(seats)
        ]

    def digest(self, events: Sequence[Event], seat: int, names: Sequence[str], view: AAView) -> list[str]:
        return []

    def private_text(self, view: AAView) -> str | None:
        return None

    def answer(self, events: Sequence[Event], seat: int, names: Sequence[str]) -> list[str] | None:
        return None  # the log's lines answer a move

    def still_to_do(self, view: object) -> str | None:
        return None  # its buttons and the status show what is left


PRESENTER = AxisAlliesPresenter()
