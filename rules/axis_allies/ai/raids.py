"""The AI's strategic bombing: bombers no attack needs raid an enemy factory, the enemy capital it is
going for first, so that a capital that cannot be taken yet stops buying defenders; in the non-combat
move, bombers out of range fly to bases within RAID_RANGE of it.

A raid costs the defender the dice (3.5 IPCs a bomber on average, capped at what it holds) and the
raiders one bomber in six to the AA gun; it is worth it against a power with IPCs to lose, most of
all one that spends them on the defence of the capital the AI must take. Raids are sized so their
expected damage does not much exceed the IPCs the victim holds.
"""

from __future__ import annotations

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.purchase import goal_capitals
from rules.axis_allies.ai.survey import AIR_STEPS, View, legal, movable
from rules.axis_allies.common import IS_SEA, NAMES, SIZE, enemy_units, hostile_land
from rules.axis_allies.reach import distances, landing_spot, remaining, shortest_air_path
from rules.axis_allies.state import BOMBING
from rules.axis_allies.units import Domain, bombing_dice, defense_value

DAMAGE_PER_DIE = 3.5
WORTH = 4  # IPCs the victim must hold (beyond what raiders already take) for another raid


def raid(view: View) -> Move | None:
    """One raid by bombers free to fly it (their capital's defence does not need them)."""
    state, power = view.state, view.power
    goals = goal_capitals(state, power)
    targets = sorted(
        (t for t in range(SIZE) if _factory_target(view, t)),
        key=lambda t: (t not in goals, -state.ipcs[state.owner[t]], t),
    )
    dice = bombing_dice(view.techs)
    for target in targets:
        victim = state.owner[target]
        planned = (
            sum(s.count for s in state.units[target] if s.power == power and s.flags & BOMBING)
            * dice
            * DAMAGE_PER_DIE
        )
        left = state.ipcs[victim] - planned
        if left < WORTH:
            continue
        wanted = max(1, int(left // (dice * DAMAGE_PER_DIE)))
        for src in range(SIZE):
            if IS_SEA[src] or view.capital_need(src):
                continue
            for s in movable(state, power, src, Domain.AIR):
                if s.unit != "bomber" or s.moved:
                    continue
                path = shortest_air_path(state, power, src, target)
                if path is None or len(path) - 1 > remaining(s, view.techs) - 1:
                    continue
                n = min(s.count, wanted)
                move = legal(state, power, Move((("bomber", n),), tuple(NAMES[x] for x in path), bomb=True))
                if move is not None:
                    return move
    return None


def _factory_target(view: View, where: int) -> bool:
    state = view.state
    return (
        hostile_land(state, where, view.power)
        and state.ipcs[state.owner[where]] > 0
        and any(s.unit == "factory" for s in enemy_units(state, where, view.power))
    )


RAID_RANGE = 3  # a bomber based this near its target raids it and flies back


def stage_bombers(view: View) -> Move | None:
    """Bombers too far from the enemy capital's factory to raid it fly toward it (a non-combat move),
    to friendly land they could land on that the enemy would not overrun."""
    state, power = view.state, view.power
    goal = goal_capitals(state, power)[0]
    if not any(s.unit == "factory" for s in state.units[goal]) or state.owner[goal] == power:
        return None
    for where in range(SIZE):
        if IS_SEA[where] or AIR_STEPS[where].get(goal, 99) <= RAID_RANGE:
            continue
        for s in movable(state, power, where, Domain.AIR):
            if s.unit != "bomber" or s.moved:
                continue
            added = defense_value(s.unit, view.techs) * s.count
            spots = [
                t
                for t in distances(state, power, where, remaining(s, view.techs))
                if t != where
                and not IS_SEA[t]
                and landing_spot(state, power, t, s.unit)
                and view.threat(t) < 2 * (view.defence(t) + added)  # not overrun there
            ]
            nearer = [t for t in spots if AIR_STEPS[t].get(goal, 99) < AIR_STEPS[where].get(goal, 99)]
            if not nearer:
                continue
            best = min(nearer, key=lambda t: (max(AIR_STEPS[t].get(goal, 99), RAID_RANGE), view.threat(t), t))
            path = shortest_air_path(state, power, where, best)
            if path is None:
                continue
            move = legal(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
            if move is not None:
                return move
    return None
