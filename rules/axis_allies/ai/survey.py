"""What the Axis & Allies AI knows about a position: distances on the map, the enemy's striking power
within reach of a space (its "threat"), a space's defence, and battle odds.

Distances are computed once from the board (land steps ignore who holds the land, sea steps ignore
canals and enemy ships): they estimate reach, and every move the AI makes is still checked by the
engine. ``View`` gathers one position's enemy units once and caches the threats it is asked for.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from functools import lru_cache

from rules.axis_allies.actions import Move
from rules.axis_allies.common import (
    CAPITAL,
    DOMAIN,
    IS_SEA,
    NEIGHBOURS,
    SIZE,
    canal_lands,
    enemy_units,
    side_income,
)
from rules.axis_allies.movement import plan
from rules.axis_allies.odds import exact, simulate, work
from rules.axis_allies.reach import committed, friendly_owner, remaining
from rules.axis_allies.state import COMBAT, SIDE, UNLOADED, AAState, Phase, Stack
from rules.axis_allies.units import UNIT_TYPES, Domain, attack_value, cost, defense_value, movement
from rules.core.errors import IllegalAction

LAND, SEA, AIR = Domain.LAND, Domain.SEA, Domain.AIR
Counts = tuple[tuple[str, int], ...]


def _all_distances(passable: Callable[[int], bool], limit: int) -> tuple[dict[int, int], ...]:
    """For every space, the steps to each space within ``limit`` through passable spaces only."""
    out = []
    for start in range(SIZE):
        seen = {start: 0} if passable(start) else {}
        frontier = list(seen)
        for step in range(1, limit + 1):
            frontier = [n for here in frontier for n in NEIGHBOURS[here] if n not in seen and passable(n)]
            for n in frontier:
                seen.setdefault(n, step)
        out.append(seen)
    return tuple(out)


LAND_STEPS = _all_distances(lambda x: not IS_SEA[x], 8)  # over land only, any owner
SEA_STEPS = _all_distances(lambda x: IS_SEA[x], 10)  # over sea zones only
AIR_STEPS = _all_distances(lambda x: True, 8)  # over any space
COASTS = tuple(tuple(z for z in NEIGHBOURS[t] if IS_SEA[z]) for t in range(SIZE))


def counts(stacks: list[Stack] | tuple[Stack, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for s in stacks:
        out[s.unit] = out.get(s.unit, 0) + s.count
    return out


def fighting(units: Mapping[str, int]) -> Counts:
    return tuple(sorted((u, n) for u, n in units.items() if n > 0 and UNIT_TYPES[u].fights))


AI_EXACT = 400_000  # ``odds.work`` up to which the AI takes exact odds (a few ms); beyond, 200 battles


@lru_cache(maxsize=4096)
def _odds(att: Counts, dfn: Counts, sea: bool, aa: bool) -> tuple[float, float, float]:
    """(attacker win chance, expected IPCs the attacker loses, expected IPCs the defender loses)."""
    if not att:
        return 0.0, 0.0, 0.0
    if not dfn:
        return 1.0, 0.0, 0.0
    a, d = dict(att), dict(dfn)
    if work(a, d, sea=sea, aa=aa) <= AI_EXACT:
        found = exact(a, d, sea=sea, aa=aa)
    else:
        found = simulate(a, d, sea=sea, trials=200, seed="ai", aa=aa)
    lost_a = sum(cost(u) * (n - found.attacker_survivors.get(u, 0.0)) for u, n in att)
    lost_d = sum(cost(u) * (n - found.defender_survivors.get(u, 0.0)) for u, n in dfn)
    return found.attacker_wins, lost_a, lost_d


def odds(
    att: Mapping[str, int], dfn: Mapping[str, int], sea: bool, aa: bool = False
) -> tuple[float, float, float]:
    """Battle odds (exact for all but the biggest battles; cached by composition; technologies left
    out)."""
    a = fighting(att)
    if sea:
        a = tuple((u, n) for u, n in a if DOMAIN[u] is not LAND)
    return _odds(a, fighting(dfn), sea, aa and any(DOMAIN[u] is AIR for u, _ in a))


def air_reach(unit: str, techs: tuple[str, ...]) -> int:
    """How far an aircraft strikes and still flies home: about half its range, plus one."""
    return movement(unit, techs) // 2 + 1


class View:
    """One position seen by one side: enemy strikers, their threat per space (cached), defences."""

    def __init__(self, state: AAState, power: int) -> None:
        self.state, self.power, self.side = state, power, SIDE[power]
        self.techs = state.techs[power]
        self._threat: dict[int, int] = {}
        self.bonus: dict[int, float] = {}  # a plan's extra destination score for coasts (``moves``)
        # A side that out-produces the enemy guards against the sum of its attacks; a poorer one
        # cannot, and guards against the strongest power's and half the rest (see ``threat``).
        self.richer = side_income(state, self.side) >= side_income(state, 1 - self.side)
        # (where, reach, power, attack): reach is a land unit's movement, minus an aircraft's striking
        # distance, 100 for a loaded transport's cargo, 200 for a warship.
        self.strikers: list[tuple[int, int, int, int]] = []
        for where, stacks in enumerate(state.units):
            for s in stacks:
                if SIDE[s.power] == self.side:
                    continue
                techs = state.techs[s.power]
                domain = DOMAIN[s.unit]
                if domain is LAND and UNIT_TYPES[s.unit].fights and not IS_SEA[where]:
                    self.strikers.append(
                        (where, movement(s.unit, techs), s.power, attack_value(s.unit, techs) * s.count)
                    )
                elif domain is AIR:
                    self.strikers.append(
                        (where, -air_reach(s.unit, techs), s.power, attack_value(s.unit, techs) * s.count)
                    )
                elif s.unit == "transport" and s.cargo:
                    value = sum(attack_value(u, techs) for u in s.cargo) * s.count
                    self.strikers.append((where, 100, s.power, value))
                if domain is SEA and attack_value(s.unit, techs):
                    self.strikers.append((where, 200, s.power, attack_value(s.unit, techs) * s.count))

    def threat(self, where: int) -> int:
        """The enemy attack that could reach land ``where`` in the enemy's next turns (aircraft count
        only with land units of their power that could take it). Each power attacks in its own turn,
        and attacks one after another do less than one of their sum; a side that cannot afford to
        guard against the sum (``richer`` False) counts the strongest power's whole, the others' by
        half."""
        found = self._threat.get(where)
        if found is not None:
            return found
        land = [0] * len(CAPITAL)
        air = [0] * len(CAPITAL)
        if not IS_SEA[where]:
            for at, reach, power, value in self.strikers:
                if reach == 100:
                    if any(SEA_STEPS[at].get(z, 9) <= 2 for z in COASTS[where]):
                        land[power] += value
                elif reach < 0:
                    if AIR_STEPS[at].get(where, 99) <= -reach:
                        air[power] += value
                elif reach == 200:
                    continue
                elif LAND_STEPS[at].get(where, 99) <= min(reach, 1) or self._blitz(at, where, reach):
                    land[power] += value
        each = [a + b if a else 0 for a, b in zip(land, air, strict=True)]
        total = sum(each) if self.richer else max(each) + (sum(each) - max(each)) // 2
        self._threat[where] = total
        return total

    def _blitz(self, at: int, where: int, reach: int) -> bool:
        """A tank two steps away gets through: a territory between is the enemy's, or none of our
        fighting units will stand there (in the combat move, units of ours still free to attack may
        leave, so they do not count)."""
        if reach < 2 or LAND_STEPS[at].get(where, 99) != 2:
            return False
        state = self.state
        planning = state.phase is Phase.COMBAT_MOVE
        for m in NEIGHBOURS[at]:
            if m not in NEIGHBOURS[where] or IS_SEA[m]:
                continue
            owner = state.owner[m]
            if owner >= 0 and SIDE[owner] != self.side:
                return True
            if owner >= 0 and not any(
                SIDE[s.power] == self.side
                and UNIT_TYPES[s.unit].fights
                and not (planning and s.power == self.power and DOMAIN[s.unit] is LAND and not s.moved)
                for s in state.units[m]
            ):
                return True
        return False

    def defence(self, where: int) -> int:
        return sum(
            defense_value(s.unit, self.state.techs[s.power]) * s.count
            for s in self.state.units[where]
            if SIDE[s.power] == self.side and UNIT_TYPES[s.unit].fights
        )

    def sea_threat(self, zone: int) -> int:
        """The enemy attack that could strike ships in ``zone``: warships two zones away, aircraft."""
        found = self._threat.get(-1 - zone)
        if found is not None:
            return found
        total = 0
        for at, reach, _power, value in self.strikers:
            ships = reach == 200 and SEA_STEPS[at].get(zone, 9) <= 2
            if ships or (reach < 0 and AIR_STEPS[at].get(zone, 99) <= -reach):
                total += value
        self._threat[-1 - zone] = total
        return total

    def safe_at_sea(self, zone: int, added: int = 0) -> bool:
        """Ships of ours (with ``added`` defence more) would likely not be attacked in ``zone``."""
        return self.sea_threat(zone) <= self.defence(zone) + added

    def enemy_defence(self, where: int) -> int:
        return sum(
            defense_value(s.unit, self.state.techs[s.power]) * s.count
            for s in self.state.units[where]
            if SIDE[s.power] != self.side and UNIT_TYPES[s.unit].fights
        )

    def capital_need(self, where: int) -> int:
        """Defence a space of ours should keep: its capital's threat (a little over), else nothing."""
        if where == CAPITAL[self.power] and self.state.owner[where] == self.power:
            return self.threat(where) + 2
        return 0


# ---- moves -------------------------------------------------------------------------------------------


def legal(state: AAState, power: int, move: Move) -> Move | None:
    """``move`` if the engine accepts it now, else None."""
    try:
        plan(state, power, move)
    except IllegalAction:
        return None
    return move


def movable(state: AAState, power: int, where: int, domain: Domain, steps: int = 1) -> list[Stack]:
    """Stacks of ``power`` in ``where`` of that domain still free to move ``steps`` this phase."""
    techs = state.techs[power]
    combat_move = state.phase is Phase.COMBAT_MOVE
    out = []
    for s in state.units[where]:
        if s.power != power or DOMAIN[s.unit] is not domain or s.unit == "factory":
            continue
        if remaining(s, techs) < steps or s.flags & UNLOADED or s.target >= 0:
            continue
        if combat_move and committed(state, s, where):
            continue
        if not combat_move and s.flags & COMBAT and domain is not AIR:
            continue
        out.append(s)
    return out


def sea_path(state: AAState, power: int, start: int, goals: set[int], limit: int = 99) -> list[int] | None:
    """The shortest path for ships from ``start`` to one of ``goals`` (ending there may mean a battle;
    the zones passed must be free of enemy units; canals need their land held since the turn began)."""
    snapshot = state.start_owner or state.owner
    prev = {start: start}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in goals and here != start:
            path = [here]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return path[::-1]
        if depth[here] >= limit or (here != start and enemy_units(state, here, power)):
            continue
        for n in NEIGHBOURS[here]:
            if n in prev or not IS_SEA[n]:
                continue
            lands = canal_lands(here, n)
            if lands is not None and not all(friendly_owner(snapshot[t], power) for t in lands):
                continue
            prev[n] = here
            depth[n] = depth[here] + 1
            queue.append(n)
    return None


def merge_counts(units: Counts) -> Counts:
    out: dict[str, int] = {}
    for u, n in units:
        out[u] = out.get(u, 0) + n
    return tuple(out.items())
