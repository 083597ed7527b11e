"""The ``normal`` Allies' convoys to Moscow: the UK's and the USA's armies landed next to the Soviet
capital, as A&A players and TripleA's ProAI play the Allies (issue 32).

In the games the normal Allies lost to the easy Axis (``aan15-t``, followed turn by turn), Germany
took Karelia (next to Moscow, with a factory) in round 1 or 2 and held it with three infantry for
rounds on end, while the British army (10 infantry, 3 tanks from round 4) waited in London and two to
ten empty British transports waited in the North Sea, two sea steps from Karelia's shore: the easy
AI's landings only use transports already loaded (it never loads in the combat move), and its
shipping sends the army to the best *friendly* coast, which Karelia in German hands is not.

- The landing (combat move): an enemy-held territory next to the Soviet capital (Karelia) is
  attacked with everything in reach, the British army loaded in the combat move included, from
  ODDS, while the USSR holds Moscow.
- The convoy (non-combat move): while the Axis attack in reach of Moscow is at least THREAT of its
  defence, a friendly coast next to the Soviet capital (Karelia in Soviet or Allied hands) is the
  first destination of the British and American shipping (``moves``' destination score plus BONUS),
  so the army lands where Moscow's battle is. Always on (THREAT 0), it held Moscow but left the
  Allied armies in Karelia and the games undecided (25 of 50, against 7).
"""

from __future__ import annotations

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.attack import Source, air_sources, land_sources, sea_sources
from rules.axis_allies.ai.moves import _boats, deliver, load, return_empty
from rules.axis_allies.ai.purchase import SLOTS
from rules.axis_allies.ai.survey import COASTS, View, movable, sea_path
from rules.axis_allies.common import (
    CAPITAL,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    SIZE,
    enemy_ships,
    enemy_units,
    friendly_land,
    hostile_land,
)
from rules.axis_allies.reach import remaining
from rules.axis_allies.state import ALLIED_SIDE, RUSSIA
from rules.axis_allies.units import Domain

__all__ = ["convoy", "landing_sources", "relief_coasts", "relief_targets"]

ODDS = 0.6  # odds from which the land next to Moscow is attacked (everything in reach, loads included)
BONUS = 40.0  # added to a friendly coast next to Moscow as a destination of the Allies' shipping
LANDING = 1  # 0: no landing next to Moscow (the version before), for the bench's --set
CONVOY = 1  # 0: no convoy to Moscow's neighbours (the version before)
THREAT = 0.7  # the convoy sails while the Axis attack in reach of Moscow is this share of its defence


def _moscow_held(view: View) -> bool:
    moscow = CAPITAL[RUSSIA]
    return view.side == ALLIED_SIDE and view.power != RUSSIA and view.state.owner[moscow] == RUSSIA


def relief_coasts(view: View) -> list[int]:
    """Land next to the Soviet capital that a transport can reach (Karelia on this board)."""
    moscow = CAPITAL[RUSSIA]
    return [n for n in NEIGHBOURS[moscow] if not IS_SEA[n] and COASTS[n]]


def load_sources(view: View, target: int) -> list[Source]:
    """Units on a friendly coast loaded into our empty transports next to it, which can then sail to
    a clear shore of ``target`` this turn (the easy AI only lands cargo already aboard)."""
    state, power = view.state, view.power
    shores = {z for z in COASTS[target] if not enemy_ships(state, z, power)}
    found: list[Source] = []
    if not shores:
        return found
    for zone in range(SIZE):
        if not IS_SEA[zone] or enemy_units(state, zone, power):
            continue
        boats = [b for b in _boats(state, power, zone) if not b.cargo and remaining(b, view.techs) >= 1]
        if not boats:
            continue
        steps = max(remaining(b, view.techs) for b in boats)
        if zone not in shores:
            path = sea_path(state, power, zone, shores, steps)
            if path is None:
                continue
        empty = sum(b.count for b in boats)
        for coast in NEIGHBOURS[zone]:
            if IS_SEA[coast] or coast == target or not friendly_land(state, coast, power):
                continue
            stacks = sorted(
                (s for s in movable(state, power, coast, Domain.LAND) if s.unit in SLOTS),
                key=lambda s: (s.unit != "tank", s.unit),
            )
            room = 2 * empty
            for s in stacks:
                need = view.capital_need(coast)
                k = s.count
                if need:
                    k = min(k, max(0, (view.defence(coast) - need) // 2))
                k = min(k, room // SLOTS[s.unit])
                if k <= 0:
                    continue
                room -= k * SLOTS[s.unit]
                found.append(
                    Source(Move(((s.unit, k),), (NAMES[coast], NAMES[zone])), ((s.unit, k),), "load")
                )
    return found


def relief_targets(view: View) -> list[int]:
    """Enemy-held land next to the Soviet capital a transport can reach, while the USSR holds it."""
    if not LANDING or not _moscow_held(view):
        return []
    return [t for t in relief_coasts(view) if hostile_land(view.state, t, view.power)]


def landing_sources(view: View, target: int) -> list[Source]:
    """The easy AI's sources of an attack, with the army loaded this turn first (every load comes
    before the first transport sails: once cargo is ashore the easy AI's ``_feed`` carries on)."""
    found = load_sources(view, target) + sea_sources(view, target)
    return found + land_sources(view, target) + air_sources(view, target)


def convoy(view: View) -> Move | None:
    """The easy AI's shipping (deliver, load, send back the empty transports) with the friendly land
    next to the Soviet capital first among its destinations."""
    if not CONVOY or not _moscow_held(view):
        return None
    moscow = CAPITAL[RUSSIA]
    if view.threat(moscow) < THREAT * view.defence(moscow):
        return None  # Moscow is safe: the army goes where the easy AI's shipping sends it (Berlin)
    coasts = [t for t in relief_coasts(view) if friendly_land(view.state, t, view.power)]
    if not coasts:
        return None
    view.bonus = {t: BONUS for t in coasts}
    return deliver(view) or load(view) or return_empty(view)
