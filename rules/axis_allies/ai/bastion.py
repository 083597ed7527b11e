"""The ``normal`` Allies' bastion: the factory next to a land capital (Karelia, next to Moscow) is held
with the capital's army in the non-combat move, as far as the capital stays covered once it stands
there (issue 32).

Why (the 50 games normal plays the Allies against the easy Axis on the tuning seeds ``aav18-t``, followed
round by round): where Karelia was still Soviet when the USSR's second turn began, the Allies won 18 and
lost none (5 undecided); where Germany had taken it in its first turn, the Allies won 6 and lost 17 (4
undecided), most to the 84-IPC line by round 5-11 (Karelia, then Caucasus and Moscow, with Siberia,
China and India going to Japan). Karelia held when the army standing there at the end of the USSR's first
turn was big enough that the easy Germany did not attack it (Moscow's 4 infantry and 2 tanks, with the
fighters, moved in by the easy AI's ``advance``); it fell when they stayed home, which the easy AI decides
by Moscow's threat counted as it stands before the move: German tanks two steps off count while Karelia
could be passed, and Karelia cannot be passed once the army is in it.

BASTION 1: in the non-combat move, while such a factory of ours next to our capital is threatened beyond
its defence, the capital's land units and aircraft move into it, as many of a stack as leave the capital
covered (its threat, counted with them moved, and 2 more, within its defence then).
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.survey import View, legal, movable
from rules.axis_allies.common import CAPITAL, IS_SEA, NAMES, NEIGHBOURS, friendly_land, set_many
from rules.axis_allies.mobilize import working_factory
from rules.axis_allies.state import ALLIED_SIDE, Stack
from rules.axis_allies.units import Domain

__all__ = ["bastions", "hold_bastion"]

BASTION = 1  # 0: the capital's army moves as the easy AI's (the version before), for the bench's --set
SIDES = (ALLIED_SIDE,)


def bastions(view: View) -> list[int]:
    """Our factories on friendly land next to our land capital (Karelia for the USSR)."""
    state, power = view.state, view.power
    capital = CAPITAL[power]
    if state.owner[capital] != power:
        return []
    return [
        n
        for n in NEIGHBOURS[capital]
        if not IS_SEA[n] and friendly_land(state, n, power) and working_factory(state, power, n)
    ]


def _covered(view: View, capital: int, bastion: int, stack: Stack, k: int) -> bool:
    """The capital keeps the defence its threat calls for with ``k`` of ``stack`` moved to the bastion
    (the threat counted after the move: tanks cannot pass a bastion held by the army)."""
    state = view.state
    here = [s if s is not stack else replace(s, count=s.count - k) for s in state.units[capital]]
    here = [s for s in here if s.count]
    there = [*state.units[bastion], Stack(stack.power, stack.unit, k)]
    after = View(set_many(state, {capital: here, bastion: there}), view.power)
    return after.threat(capital) + 2 <= after.defence(capital)


def _most(view: View, capital: int, bastion: int, stack: Stack) -> int:
    """The most of ``stack`` that may move to the bastion with the capital covered (0: none). Fewer
    moved leave the capital more (any one of them already blocks the way through the bastion), so
    the count is found by halving, a few positions judged rather than one per unit."""
    low, high = 0, stack.count
    while low < high:
        mid = (low + high + 1) // 2
        if _covered(view, capital, bastion, stack, mid):
            low = mid
        else:
            high = mid - 1
    return low


def hold_bastion(view: View) -> Move | None:
    """The capital's land units and aircraft into a threatened bastion, as many as keep it covered."""
    if not BASTION or view.side not in SIDES:
        return None
    state, power = view.state, view.power
    capital = CAPITAL[power]
    for bastion in bastions(view):
        if view.threat(bastion) <= view.defence(bastion):
            continue
        stacks = movable(state, power, capital, Domain.LAND) + movable(state, power, capital, Domain.AIR)
        for s in stacks:
            if s.unit == "aa_gun":
                continue
            k = _most(view, capital, bastion, s)
            if not k:
                continue
            move = legal(state, power, Move(((s.unit, k),), (NAMES[capital], NAMES[bastion])))
            if move is not None:
                return move
    return None
