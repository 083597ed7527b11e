"""The ``normal`` AI's relay on an enemy capital: an attack that bleeds the capital's stack for an ally
who plays next, before the capital's owner can place new defenders.

The turn order is the USSR, Germany, the UK, Japan, the USA: what Germany kills in Moscow stays dead
until the USSR's next turn, and Japan attacks in between. So Germany attacks Moscow at odds it could
never take alone, fights to the end, when the force Japan could send there (everything in its reach, as
the AI counts an attack: ``attack.sources``) would beat what Germany's attack is expected to leave
(the exact odds' expected survivors, rounded) from RELAY odds. The British turn between may fly
fighters in; the estimate leaves them out. TripleA's ProAI has no such plan (each power plans alone).
"""

from __future__ import annotations

from functools import lru_cache

from rules.axis_allies import combat
from rules.axis_allies.ai.attack import _add, sources
from rules.axis_allies.ai.survey import AI_EXACT, Counts, View, fighting, odds
from rules.axis_allies.board import POWERS
from rules.axis_allies.common import CAPITAL, enemy_fighting, enemy_units, space
from rules.axis_allies.odds import exact, simulate, work
from rules.axis_allies.state import SIDE, AAState
from rules.axis_allies.units import attack_value, defense_value

RELAY = 0.6  # the allies' odds against what our attack leaves, from which a capital is bled for them
RELAY_SHARE = 0.4  # the least share of the capital's defence (in attack points) a bleeding attack brings


def relay_powers(state: AAState, power: int, target: int) -> list[int]:
    """Our allies who play after us and before the owner of ``target`` (who would rebuild it)."""
    owner = state.owner[target]
    out = []
    p = (power + 1) % len(POWERS)
    while p not in (owner, power):
        if SIDE[p] == SIDE[power]:
            out.append(p)
        p = (p + 1) % len(POWERS)
    return out


def relay_force(state: AAState, power: int, target: int) -> dict[str, int]:
    """Everything the allies who play before ``target``'s owner could send against it in their turns."""
    force: dict[str, int] = {}
    for ally in relay_powers(state, power, target):
        for src in sources(View(state, ally), target):
            force = _add(force, src.units)
    return force


@lru_cache(maxsize=1024)
def _left(att: Counts, dfn: Counts, aa: bool) -> Counts:
    """The defenders expected to survive ``att`` fighting to the end (rounded; none once wiped out)."""
    a, d = dict(att), dict(dfn)
    if not a:
        return dfn
    if work(a, d, sea=False, aa=aa) <= AI_EXACT:
        found = exact(a, d, sea=False, aa=aa)
    else:
        found = simulate(a, d, sea=False, trials=200, seed="ai", aa=aa)
    return tuple((u, int(n + 0.5)) for u, n in found.defender_survivors.items() if int(n + 0.5) > 0)


def relay_odds(state: AAState, power: int, target: int, ours: dict[str, int], dfn: dict[str, int]) -> float:
    """The allies' odds against what ``ours`` is expected to leave of ``dfn`` in ``target``."""
    force = relay_force(state, power, target)
    if not force:
        return 0.0
    aa = any(s.unit == "aa_gun" for s in enemy_units(state, target, power))
    left = dict(_left(fighting(ours), fighting(dfn), aa))
    return odds(force, left, False, aa)[0]


def worth_bleeding(view: View, target: int, ours: dict[str, int]) -> bool:
    """Attack enemy capital ``target`` with ``ours`` for the allies who play next (see the module)."""
    state = view.state
    if target not in CAPITAL or not relay_powers(state, view.power, target):
        return False
    dfn: dict[str, int] = {}
    for s in enemy_fighting(state, target, view.power):
        dfn[s.unit] = dfn.get(s.unit, 0) + s.count
    defence = sum(defense_value(u, state.techs[state.owner[target]]) * n for u, n in dfn.items())
    attack = sum(attack_value(u, view.techs) * n for u, n in ours.items())
    if attack < RELAY_SHARE * defence:
        return False
    return relay_odds(state, view.power, target, ours, dfn) >= RELAY


def presses_on(state: AAState, battle: combat.Battle) -> bool:
    """A bleeding attack on a capital fights on where the easy AI would retreat, while the allies who
    play next would beat what it is expected to leave."""
    target = space(battle.where)
    if battle.sea or target not in CAPITAL or not relay_powers(state, state.power, target):
        return False
    ours: dict[str, int] = {}
    dfn: dict[str, int] = {}
    for u in battle.attackers:
        ours[u.kind] = ours.get(u.kind, 0) + 1
    for u in battle.defenders:
        dfn[u.kind] = dfn.get(u.kind, 0) + 1
    return relay_odds(state, state.power, target, ours, dfn) >= RELAY
