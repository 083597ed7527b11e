"""The ``normal`` Allies' air reserve: aircraft a capital keeps for its defence join an attack already
started that would otherwise be fought at poor odds, when they can fly back there after it (issue 32).

Why (the 50 games normal plays the Allies against the easy Axis on the tuning seeds ``aav18-t``, followed
round by round): the games are decided in round 1 at Karelia (next to Moscow, with a factory). Where Karelia
was still Soviet when the USSR's second turn began, the Allies won 18 and lost none (5 undecided); where
Germany had taken it, the Allies won 6 and lost 17 (4 undecided), most to the 84-IPC line by round 5-11
(Karelia, then Caucasus and Moscow, with Siberia, China and India going to Japan). Which of the two came
down to one battle: the USSR's first attack on Ukraine, 8 infantry and a tank against 3 infantry, 2 tanks and
a fighter, 64% by the exact odds. Won, Germany lost its strongest army next to Karelia and never took it;
lost (a retreat to Caucasus), Germany took Karelia in its first turn. The fighter in Moscow, 2 steps
away, stayed home: the easy AI's ``spare`` keeps every unit of a capital whose threat is above its defence
(at that moment Moscow's threat counted German tanks blitzing through a Karelia whose army was leaving
for Ukraine). With it the attack has 90%; with Karelia's fighter too, 98%.

RESERVE 1: an attack under way (land, odds below the easy AI's ``ENOUGH``) that the easy AI's feeding has
nothing more for gets the aircraft of our capital that reach it and can fly back to the capital after it,
one stack a call (they land where the easy AI's ``land_aircraft`` puts them, next to the battle or home).
"""

from __future__ import annotations

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.attack import ENOUGH, _battles_under_way, judge, present
from rules.axis_allies.ai.survey import AIR_STEPS, View, legal, movable
from rules.axis_allies.common import CAPITAL, IS_SEA, NAMES, enemy_fighting
from rules.axis_allies.reach import remaining, shortest_air_path
from rules.axis_allies.state import ALLIED_SIDE
from rules.axis_allies.units import Domain

__all__ = ["air_reserve"]

RESERVE = 1  # 0: the capital's aircraft stay home as the easy AI's (the version before), for --set
SIDES = (ALLIED_SIDE,)  # the sides whose capital's aircraft join an attack under way


def air_reserve(view: View) -> Move | None:
    """The capital's aircraft into a land battle under way below ENOUGH odds, when they reach it and
    can fly back to the capital after it (the easy AI's ``_feed`` found nothing more to send)."""
    if not RESERVE or view.side not in SIDES:
        return None
    state, power = view.state, view.power
    capital = CAPITAL[power]
    if state.owner[capital] != power:
        return None
    for target in _battles_under_way(view):
        if IS_SEA[target] or not enemy_fighting(state, target, power):
            continue
        if judge(view, target, present(view, target))[0] >= ENOUGH:
            continue
        away = AIR_STEPS[capital].get(target, 99)
        for s in movable(state, power, capital, Domain.AIR):
            if 2 * away > remaining(s, view.techs):
                continue  # could not fly back to defend the capital
            path = shortest_air_path(state, power, capital, target)
            if path is None or len(path) - 1 != away:
                continue
            move = legal(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
            if move is not None:
                return move
    return None
