"""What a player missed since their last turn, for the turn notice sent to their DMs. Each game says
it in its own words (``rules/<game>/text.py``); a game without a digest sends only the board."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.events import Event


def since_last_turn(
    ruleset: str, events: Sequence[Event], seat: int, names: Sequence[str], view: Any
) -> list[str]:
    if ruleset == "risk":
        from rules.risk.text import digest

        return digest(events, seat, names, view.hand or ())
    return []
