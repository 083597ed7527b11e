"""Casualties: which units hits may take, checking a player's choice, and the default choice.

Three kinds of hits: ordinary hits (any unit), submarine hits (``sea_hits``: only ships; Classic subs
cannot hit aircraft) and AA hits (``air_only``: only aircraft). Every hit that can be taken must be:
a side owing ``hits`` ordinary and ``sea_hits`` submarine hits loses
``min(sea_hits, ships) + min(hits, units - min(sea_hits, ships))`` units, of which at least
``min(sea_hits, ships)`` are ships.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence

from rules.axis_allies.units import UNIT_ORDER, Unit, attack_value, cost, defense_value, is_air, is_sea
from rules.core.errors import IllegalAction

_ORDER_INDEX = {kind: i for i, kind in enumerate(UNIT_ORDER)}


def casualty_key(kind: str, attacking: bool, techs: Collection[str] = ()) -> tuple[int, int, int]:
    """The order ``default_casualties`` loses units in.

    An attacker loses the cheapest first, the weaker of two at one price first: infantry, artillery,
    tank, transport, submarine, fighter, destroyer, bomber, carrier, battleship. A defender keeps its
    best defenders: the lowest defence value goes first, the cheaper of two equal ones first
    (transport, bomber, infantry, artillery, tank, submarine, destroyer, carrier, fighter,
    battleship; jet fighters last). Landing space for aircraft is not considered.
    """
    if attacking:
        return (cost(kind), attack_value(kind, techs), _ORDER_INDEX[kind])
    return (defense_value(kind, techs), cost(kind), _ORDER_INDEX[kind])


def eligible(units: Iterable[Unit], air_only: bool) -> tuple[Unit, ...]:
    return tuple(u for u in units if is_air(u.kind)) if air_only else tuple(units)


def losses_owed(units: Sequence[Unit], hits: int, sea_hits: int, air_only: bool) -> tuple[int, int]:
    """``(total, ships)``: how many of ``units`` the hits take, and how many of those must be ships."""
    if air_only:
        return min(hits, sum(1 for u in units if is_air(u.kind))), 0
    ships = min(sea_hits, sum(1 for u in units if is_sea(u.kind)))
    return ships + min(hits, len(units) - ships), ships


def split_hits(
    order: Sequence[str], units: Sequence[Unit], hits: int, sea_hits: int, air_only: bool
) -> list[tuple[str, int, int]]:
    """Share a side's hits among its powers: the first in ``order`` takes all it can, then the next.

    Returns ``(power, hits, sea_hits)`` for each power that loses something.
    """
    shares = []
    for power in order:
        own = [u for u in units if u.owner == power]
        total, ships = losses_owed(own, hits, sea_hits, air_only)
        if total:
            shares.append((power, total - ships, ships))
            hits -= total - ships
            sea_hits -= ships
    return shares


def is_forced(units: Sequence[Unit], hits: int, sea_hits: int, air_only: bool) -> bool:
    """True when there is nothing to choose: every candidate goes, or the candidates are all alike."""
    total, _ = losses_owed(units, hits, sea_hits, air_only)
    if hits == 0 and not air_only:
        candidates = tuple(u for u in units if is_sea(u.kind))
    else:
        candidates = eligible(units, air_only)
    return total == 0 or total == len(candidates) or len(set(candidates)) == 1


def default_casualties(
    units: Sequence[Unit],
    hits: int,
    sea_hits: int,
    air_only: bool,
    attacking: bool,
    techs: Collection[str] = (),
) -> tuple[Unit, ...]:
    """The cheapest legal choice (``casualty_key``): the ships submarine hits need first, then the rest."""
    total, ships = losses_owed(units, hits, sea_hits, air_only)
    ranked = sorted(eligible(units, air_only), key=lambda u: (casualty_key(u.kind, attacking, techs), u))
    chosen = [u for u in ranked if is_sea(u.kind)][:ships]
    rest = list(ranked)
    for unit in chosen:
        rest.remove(unit)
    return tuple(chosen + rest[: total - ships])


def check_casualties(
    power: str, units: Sequence[Unit], chosen: Sequence[Unit], hits: int, sea_hits: int, air_only: bool
) -> None:
    """Refuse a casualty choice that is not exactly what the hits take (``IllegalAction``)."""
    total, ships = losses_owed(units, hits, sea_hits, air_only)
    if len(chosen) != total:
        raise IllegalAction(
            "casualty_count",
            f"Choose exactly {total} {_plural(total, 'casualty', 'casualties')}, not {len(chosen)}.",
        )
    stranger = next((u for u in chosen if u.owner != power), None)
    if stranger is not None:
        raise IllegalAction(
            "not_your_unit",
            f"You choose casualties among your own units only; that {stranger.kind} "
            f"belongs to {stranger.owner}.",
        )
    missing = Counter(chosen) - Counter(units)
    if missing:
        unit = next(iter(missing))
        raise IllegalAction("not_in_battle", f"There is no {unit.kind} of yours left in this battle.")
    if air_only and not all(is_air(u.kind) for u in chosen):
        raise IllegalAction("aircraft_only", "AA fire hits only aircraft: choose fighters or bombers.")
    if sum(1 for u in chosen if is_sea(u.kind)) < ships:
        raise IllegalAction(
            "ships_only",
            f"Submarine hits sink only ships: at least {ships} of your casualties must be ships.",
        )


def remove(units: Sequence[Unit], gone: Sequence[Unit]) -> tuple[Unit, ...]:
    """``units`` without ``gone`` (as a multiset: one unit removed per entry)."""
    left = Counter(gone)
    kept = []
    for unit in units:
        if left[unit]:
            left[unit] -= 1
        else:
            kept.append(unit)
    return tuple(kept)


def powers_of(units: Iterable[Unit], turn_order: Sequence[str]) -> tuple[str, ...]:
    """The powers owning ``units``, in ``turn_order`` (unknown powers after, by name)."""
    owners = {u.owner for u in units}
    rank: Mapping[str, int] = {p: i for i, p in enumerate(turn_order)}
    return tuple(sorted(owners, key=lambda p: (rank.get(p, len(rank)), p)))


def _plural(n: int, one: str, many: str) -> str:
    return one if n == 1 else many
