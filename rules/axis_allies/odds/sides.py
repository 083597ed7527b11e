"""One side of a battle for the exact odds: its units in casualty order, the states it can reach as it
loses them, and what each state rolls.

A side loses units in one fixed order (the player's, else ``combat.casualties.casualty_key``), with
two-hit battleships taking their first hit before anything dies (free hits, as TripleA's default
casualty selection takes them). Hits of three kinds fall on it: ordinary hits take the next unit in
that order; submarine hits take the next *ship* (Classic subs cannot hit aircraft) and AA hits the next
*aircraft*. So a side's state is how many entries of each class (ships, aircraft, land units) it has
lost; a class's losses are always a prefix of that class's entries in the order, and ordinary hits
take, of the classes' next entries, the one earliest in the order. Where no hit is restricted the
state is simply how many units are gone.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence

from rules.axis_allies.combat.casualties import casualty_key
from rules.axis_allies.units import (
    attack_dice,
    attack_value,
    defense_value,
    is_air,
    is_land,
    is_sea,
    parse_techs,
    unit_type,
)

SEA, AIR, LAND = 0, 1, 2
State = tuple[int, int, int]  # entries lost per class (SEA, AIR, LAND)
Comp = tuple[int, ...]  # units left of each kind in ``Side.kinds``
Pmf = list[float]  # probability of 0, 1, 2... hits


def hits_pmf(groups: Sequence[tuple[int, int]]) -> Pmf:
    """The distribution of the hits of dice groups ``(count, hits on or under)`` on six-sided dice."""
    pmf = [1.0]
    for dice, hits_on in groups:
        p = min(max(hits_on, 0), 6) / 6
        if dice <= 0 or p == 0:
            continue
        for _ in range(dice):
            pmf = [a * (1 - p) + b * p for a, b in zip([*pmf, 0.0], [0.0, *pmf], strict=True)]
    return pmf


class Side:
    """A side's units, its casualty sequence and every state it can reach, numbered.

    ``states[i]`` is a State; ``comp[i]`` the units it has left; ``level[i]`` how many entries it has
    lost (every hit that lands raises it, so the battle's states can be taken in order of level);
    ``general[i][g]`` the state after ``g`` ordinary hits (capped: more hits than entries take all);
    ``naval[i][s]`` after ``s`` submarine hits; ``air[k]`` the start after ``k`` AA hits.
    """

    def __init__(
        self,
        units: Mapping[str, int],
        *,
        attacking: bool,
        techs: Collection[str],
        sea: bool,
        order: Sequence[str] = (),
        two_hit_battleships: bool = False,
        naval_hits: bool = False,
        aa_hits: bool = False,
    ) -> None:
        for kind, n in units.items():
            if not unit_type(kind).fights:
                raise ValueError(f"{kind} does not fight; use aa=True for an AA gun")
            if n < 0 or (n and (is_land(kind) if sea else is_sea(kind))):
                raise ValueError(f"{n} {kind} cannot fight a {'sea' if sea else 'land'} battle")
        for kind in order:
            unit_type(kind)  # an unknown name in the casualty order is refused (ValueError)
        self.attacking, self.techs = attacking, frozenset(t.value for t in parse_techs(techs))
        rank = {kind: i for i, kind in enumerate(order)}
        present = [k for k, n in units.items() if n]
        self.kinds: tuple[str, ...] = tuple(
            sorted(present, key=lambda k: (rank.get(k, len(rank)), casualty_key(k, attacking, self.techs)))
        )
        self.start_comp: Comp = tuple(units[k] for k in self.kinds)
        # The casualty sequence, (kind index, class, units killed) per entry: a battleship's first hit
        # kills nothing. Each class keeps its entries with their place in the whole sequence.
        entries: list[tuple[int, int, int]] = []
        if two_hit_battleships and "battleship" in self.kinds:
            entries += [(self.kinds.index("battleship"), SEA, 0)] * units["battleship"]
        for i, name in enumerate(self.kinds):
            entries += [(i, _class_of(name), 1)] * units[name]
        self._by_class: tuple[list[tuple[int, int, int]], ...] = ([], [], [])
        for position, (kind_index, cls, kills) in enumerate(entries):
            self._by_class[cls].append((position, kind_index, kills))
        self._build(naval_hits, aa_hits)

    # ---- the state space ---------------------------------------------------------------------------

    def _build(self, naval_hits: bool, aa_hits: bool) -> None:
        index: dict[State, int] = {}
        self.states: list[State] = []
        todo: list[State] = []

        def add(state: State) -> int:
            found = index.get(state)
            if found is None:
                found = index[state] = len(self.states)
                self.states.append(state)
                todo.append(state)
            return found

        air_total = len(self._by_class[AIR])
        self.air = [add((0, min(k, air_total), 0)) for k in range(air_total + 1 if aa_hits else 1)]
        while todo:
            state = todo.pop()
            nxt = self._general_step(state)
            if nxt is not None:
                add(nxt)
            if naval_hits and state[SEA] < len(self._by_class[SEA]):
                add(_bump(state, SEA))
        self.level = [sum(s) for s in self.states]
        self.comp: list[Comp] = [self._comp_of(s) for s in self.states]
        self.general: list[list[int]] = [
            self._chain(i, self._general_step, index) for i in range(len(self.states))
        ]
        self.naval: list[list[int]] = [
            self._chain(i, self._naval_step, index) if naval_hits else [i] for i in range(len(self.states))
        ]
        self.empty = [not any(c) for c in self.comp]

    def _general_step(self, state: State) -> State | None:
        """One ordinary hit: of the classes' next entries, the one earliest in the casualty order."""
        best: tuple[int, int] | None = None
        for cls in (SEA, AIR, LAND):
            taken = state[cls]
            if taken < len(self._by_class[cls]):
                position = self._by_class[cls][taken][0]
                if best is None or position < best[0]:
                    best = (position, cls)
        return None if best is None else _bump(state, best[1])

    def _naval_step(self, state: State) -> State | None:
        return _bump(state, SEA) if state[SEA] < len(self._by_class[SEA]) else None

    def _chain(self, i: int, step: Callable[[State], State | None], index: Mapping[State, int]) -> list[int]:
        """State indexes after 0, 1, 2... hits of one kind, until no entry is left to take."""
        chain = [i]
        state = step(self.states[i])
        while state is not None:
            chain.append(index[state])
            state = step(state)
        return chain

    def _comp_of(self, state: State) -> Comp:
        left = list(self.start_comp)
        for cls in (SEA, AIR, LAND):
            for _, kind, kills in self._by_class[cls][: state[cls]]:
                left[kind] -= kills
        return tuple(left)

    # ---- what a state rolls --------------------------------------------------------------------------

    def units(self, comp: Comp) -> dict[str, int]:
        return {k: n for k, n in zip(self.kinds, comp, strict=True) if n}

    def aircraft(self) -> int:
        return sum(n for k, n in zip(self.kinds, self.start_comp, strict=True) if is_air(k))

    def fire(self, comp: Comp, subs: bool) -> Pmf:
        """The hits of one volley of this composition: its submarines' (``subs``: hits on ships only)
        or its other units' (ordinary hits); attacking values with artillery support and heavy bombers,
        defending values with jet fighters."""
        counts = {k: n for k, n in zip(self.kinds, comp, strict=True) if n and unit_type(k).submarine == subs}
        groups = []
        if self.attacking:
            supported = min(counts.get("infantry", 0), counts.get("artillery", 0))
            for kind, n in counts.items():
                value, dice = attack_value(kind, self.techs), n * attack_dice(kind, self.techs)
                if kind == "infantry" and supported:
                    groups.append((supported, value + 1))
                    dice -= supported
                groups.append((dice, value))
        else:
            groups = [(n, defense_value(kind, self.techs)) for kind, n in counts.items()]
        return hits_pmf(groups)

    def has(self, comp: Comp, predicate: str) -> bool:
        """Whether ``comp`` holds a unit with the flag ``predicate`` of ``UnitType`` (submarine...)."""
        return any(n and getattr(unit_type(k), predicate) for k, n in zip(self.kinds, comp, strict=True))


def _class_of(kind: str) -> int:
    return SEA if is_sea(kind) else AIR if is_air(kind) else LAND


def _bump(state: State, cls: int) -> State:
    return (state[0] + (cls == SEA), state[1] + (cls == AIR), state[2] + (cls == LAND))
