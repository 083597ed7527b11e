"""Where units go when they leave a battle, as TripleA's classic ruleset plays it: attackers retreat
only to where the attack came from (aircraft stay over the battle and fly on in the non-combat move),
submarines that submerge withdraw to a sea zone, and defending fighters whose carrier sank land on an
island of that sea zone or are lost.

The engine's side of a battle (``battles.py``) asks these questions when a battle starts and writes
the answers back when it ends; the battle machine (``combat/``) only checks the choices against them.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.board import POWERS
from rules.axis_allies.common import (
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    canal_lands,
    counts_of,
    enemy_units,
    friendly_land,
    power_id,
    set_many,
)
from rules.axis_allies.events import AircraftRelocated, UnitsLost
from rules.axis_allies.reach import friendly_owner
from rules.axis_allies.state import AMPHIBIOUS, NOBODY, SIDE, AAState, Stack
from rules.axis_allies.units import Domain
from rules.core.events import Event

AIR = Domain.AIR


def origins(state: AAState, where: int) -> list[int]:
    """The spaces next to ``where`` that the moving power's attackers came from this combat move."""
    return sorted({frm for battle, frm in state.attack_origins if battle == where and frm != where})


def retreat_places(state: AAState, where: int, attackers: list[Stack]) -> list[int]:
    """Where the attackers of the battle in ``where`` may retreat (empty: they may not).

    Classic (TripleA's ``getAttackerRetreatTerritories``): only to a space the attack came from, a
    friendly territory for a land battle with land units, a sea zone free of enemy units for a sea
    battle. Aircraft never move when they retreat: they stay over the battle, so an attack of
    aircraft alone retreats "to" the battle's own space. Units that came ashore never retreat; from an
    amphibious assault the others may (the document's FAQ), or nothing may with the option
    ``amphibious_retreat`` off (TripleA). When the others of an amphibious assault have nowhere to go,
    its aircraft may still retreat alone (the battle's own space again)."""
    free = [s for s in attackers if not s.flags & AMPHIBIOUS]
    if not free:
        return []
    amphibious = len(free) < len(attackers)
    if amphibious and not state.options.amphibious_retreat:
        return []
    if all(DOMAIN[s.unit] is AIR for s in free):
        return [where]
    power = state.power
    if IS_SEA[where]:
        places = [x for x in origins(state, where) if IS_SEA[x] and not enemy_units(state, x, power)]
    else:
        places = [x for x in origins(state, where) if friendly_land(state, x, power)]
    if not places and amphibious and any(DOMAIN[s.unit] is AIR for s in free):
        return [where]
    return places


def attacker_dive_zones(state: AAState, where: int) -> list[int]:
    """Where the attacker's submarines withdraw when they submerge: a sea zone the attack came from,
    free of enemy units (TripleA classic, "Submersible Subs" off)."""
    power = state.power
    return [x for x in origins(state, where) if IS_SEA[x] and not enemy_units(state, x, power)]


def defender_dive_zones(state: AAState, where: int) -> list[int]:
    """Where defending submarines withdraw when they submerge: a neighbouring sea zone with no unit of
    the attacker's side (empty or friendly), through a canal only if the defenders' side holds it."""
    attacker_side = SIDE[state.power]
    zones = []
    for zone in NEIGHBOURS[where]:
        if not IS_SEA[zone] or any(SIDE[s.power] == attacker_side for s in state.units[zone]):
            continue
        lands = canal_lands(where, zone)
        if lands is not None and not all(
            state.owner[t] != NOBODY and SIDE[state.owner[t]] != attacker_side for t in lands
        ):
            continue
        zones.append(zone)
    return zones


def _no_landing(state: AAState) -> str:
    where = "friendly coast" if state.options.sunk_carrier_coast else "island"
    return f"carrier sunk, no {where} to land on"


def island_of(state: AAState, zone: int, power: int) -> int | None:
    """A friendly island (group) in ``zone`` where ``power``'s fighters may land: a territory whose
    only neighbour is this zone (TripleA's test), held by ``power``'s side and not taken this turn.
    With the option ``sunk_carrier_coast`` (the FAQ read as "any friendly coast of the zone"), an
    island still comes first, then the first such coast in board order."""
    friendly = [
        land
        for land in NEIGHBOURS[zone]
        if not IS_SEA[land] and friendly_owner(state.owner[land], power) and land not in state.captured
    ]
    islands = [land for land in friendly if NEIGHBOURS[land] == (zone,)]
    if islands:
        return islands[0]
    return friendly[0] if friendly and state.options.sunk_carrier_coast else None


def rehome_fighters(state: AAState, zone: int, events: list[Event]) -> AAState:
    """Defending fighters whose carrier sank (beyond the room left on friendly carriers in ``zone``)
    land on a friendly island (group) in that zone, or are lost: Classic, and TripleA's classic
    ruleset ("Surviving Air Move To Land" off). The document's FAQ ("a friendly territory or carrier in
    the same sea zone") reads the same way: a carrier there already counts in the room left, and a
    territory is "in" a sea zone only when it lies wholly within it. The option ``sunk_carrier_coast``
    reads it as any friendly coast of the zone. Attacking aircraft land in the
    non-combat move instead."""
    mover = state.power
    for power in range(len(POWERS)):
        if SIDE[power] == SIDE[mover]:
            continue
        stacks = state.units[zone]
        room = sum(2 * s.count for s in stacks if s.unit == "carrier" and SIDE[s.power] == SIDE[power])
        fighters = [s for s in stacks if s.unit == "fighter" and SIDE[s.power] == SIDE[power]]
        excess = sum(s.count for s in fighters) - room
        mine = [s for s in fighters if s.power == power]
        if excess <= 0 or not mine:
            continue
        keep = list(stacks)
        moving: list[Stack] = []
        left = min(excess, sum(s.count for s in mine))
        for s in mine:
            if left == 0:
                break
            k = min(left, s.count)
            keep.remove(s)
            if s.count > k:
                keep.append(replace(s, count=s.count - k))
            moving.append(replace(s, count=k))
            left -= k
        changes = {zone: keep}
        island = island_of(state, zone, power)
        if island is not None:
            changes[island] = [*state.units[island], *moving]
            events.append(AircraftRelocated(power_id(power), NAMES[zone], NAMES[island], counts_of(moving)))
        else:
            events.append(UnitsLost(power_id(power), NAMES[zone], counts_of(moving), _no_landing(state)))
        state = set_many(state, changes)
    return state
