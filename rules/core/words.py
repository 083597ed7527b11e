"""Numbers in players' words, shared by every game's text."""

from __future__ import annotations

from collections.abc import Iterable


def counted(n: int, one: str, many: str | None = None) -> str:
    """``1 troop``, ``2 troops``, ``1 die``, ``0 dice``: a number with its noun as players write it."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def dice_text(values: Iterable[int]) -> str:
    """``[6 3 1]``: dice as every game's log shows them."""
    return "[" + " ".join(str(v) for v in values) + "]"
