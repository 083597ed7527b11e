"""The ``normal`` Allies' assault on an enemy capital (Tokyo, once Berlin is theirs): what the easy
AI lacks there.

- The last land unit: an attack on a capital takes it only if a land unit is left when the defence
  is gone, but the easy AI's casualties (an absent player's: cheapest first) lose every infantry and
  tank before the first aircraft, so its sieges of Tokyo ended with bombers alone over an empty
  Japan (all-normal ``aan10-a-1``, round 28: three tanks and six bombers killed Tokyo's three
  tanks, and Japan stayed Japanese). As TripleA's ProAI does, the attacker keeps its last land units
  there and loses aircraft in their place while it has any.
"""

from __future__ import annotations

from rules.axis_allies.actions import Casualties
from rules.axis_allies.board import POWERS
from rules.axis_allies.combat import AwaitCasualties, Battle, default_choice
from rules.axis_allies.common import CAPITAL, DOMAIN, space
from rules.axis_allies.state import ALLIED_SIDE, SIDE
from rules.axis_allies.units import Domain

__all__ = ["keep_land"]

KEEP_SIDES = (ALLIED_SIDE,)  # the sides whose attacks on capitals keep their last land units
KEEP = 1  # land units kept while aircraft can take the hits instead


def keep_land(battle: Battle) -> Casualties | None:
    """The attacker's casualties in a land battle for a capital, keeping KEEP land units alive while
    aircraft can be lost instead (None: the default choice stands, or it is not that decision)."""
    pending = battle.pending
    if not isinstance(pending, AwaitCasualties) or battle.sea or pending.air_only:
        return None
    if pending.power != battle.attacker or SIDE[POWERS.index(battle.attacker)] not in KEEP_SIDES:
        return None
    if space(battle.where) not in CAPITAL:
        return None
    choice = default_choice(battle)
    chosen = list(getattr(choice, "units", ()))
    left = [u for u in battle.attackers if u.owner == battle.attacker]
    for u in chosen:
        left.remove(u)
    land_left = [u for u in left if DOMAIN[u.kind] is Domain.LAND]
    spare_air = sorted(
        (u for u in left if DOMAIN[u.kind] is Domain.AIR),
        key=lambda u: (u.kind != "fighter", u),  # the cheaper aircraft first
    )
    lost_land = sorted(
        (u for u in chosen if DOMAIN[u.kind] is Domain.LAND),
        key=lambda u: (u.kind == "tank", u),  # a tank (3) is kept before an infantry (1)
        reverse=True,
    )
    swaps = min(max(KEEP - len(land_left), 0), len(lost_land), len(spare_air))
    if not swaps:
        return None
    for unit, plane in zip(lost_land[:swaps], spare_air[:swaps], strict=True):
        chosen.remove(unit)
        chosen.append(plane)
    lost: dict[str, int] = {}
    for u in chosen:
        lost[u.kind] = lost.get(u.kind, 0) + 1
    return Casualties(tuple(lost.items()))
