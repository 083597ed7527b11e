"""Battle lines: which choices are real, and the sensible defaults (used when a deadline passes, by the
AI, and for menus): fill an army line strongest kind first, one of each before a second of any; line ships
up in the document's navy hierarchy and keep the ships carrying armies out of the line."""

from __future__ import annotations

from rules.attack.tables import (
    ARMY_LINE_ORDER,
    BATTLESHIP,
    CARRIER,
    DESTROYER,
    NAVY_LINE_MAX,
    NAVY_LOSS_ORDER,
    NAVY_VALUE,
    SUBMARINE,
    Counts,
)

# The rule document's navy hierarchy (destroyers, submarines, carriers, battleships): hits land on the
# first ship of a line-up, so a default line-up offers them in that order.
NAVY_LINE_ORDER = NAVY_LOSS_ORDER
# Ships kept back to carry armies: the cheapest first.
TRANSPORT_ORDER = (SUBMARINE, DESTROYER, CARRIER, BATTLESHIP)


def forced_line(reserve: Counts, need: int) -> Counts | None:
    """The only way to take ``need`` units from ``reserve``, or None when the owner has a real choice."""
    if need >= sum(reserve):
        return reserve
    kinds = [k for k in range(4) if reserve[k]]
    if len(kinds) == 1:
        line = [0, 0, 0, 0]
        line[kinds[0]] = need
        return (line[0], line[1], line[2], line[3])
    return None


def strongest_line(reserve: Counts, need: int, order: tuple[int, ...] = ARMY_LINE_ORDER) -> Counts:
    """``need`` units from ``reserve``: one of each kind in ``order``, round after round."""
    line = [0, 0, 0, 0]
    left = min(need, sum(reserve))
    while left:
        for kind in order:
            if left and line[kind] < reserve[kind]:
                line[kind] += 1
                left -= 1
    return (line[0], line[1], line[2], line[3])


def forced_lineup(ships: Counts) -> tuple[int, ...] | None:
    """A line-up with no choice in it (one kind of ship only), or None."""
    kinds = [k for k in range(4) if ships[k]]
    if len(kinds) == 1:
        return (kinds[0],) * min(NAVY_LINE_MAX, ships[kinds[0]])
    return None


def default_lineup(ships: Counts, cargo: int, capacity: int) -> tuple[int, ...]:
    """Up to 8 cards in the navy hierarchy's order, leaving out enough of the cheapest ships to carry
    ``cargo``."""
    kept = list(ships)
    carriers_needed = -(-cargo // capacity) if cargo else 0
    for kind in TRANSPORT_ORDER:
        while carriers_needed and kept[kind] and sum(kept) > 1:
            kept[kind] -= 1
            carriers_needed -= 1
    line: list[int] = []
    for kind in NAVY_LINE_ORDER:
        line.extend([kind] * kept[kind])
    return tuple(line[:NAVY_LINE_MAX])


def navy_strength(ships: Counts) -> int:
    return sum(NAVY_VALUE[k] * n for k, n in enumerate(ships))


def should_retreat(own: Counts, enemy: Counts) -> bool:
    """The default after a round: never retreat while ahead; only when clearly outgunned (under half)."""
    return 2 * navy_strength(own) < navy_strength(enemy)
