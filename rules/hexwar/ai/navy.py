"""The `normal` AI's orders on the water (``NavalPlanner``, over easy's ``plan.Planner``).

* Planes strike enemy ships within 3 of their land when they are at least as strong as the ships.
* Ships fight for sea control: together they attack an enemy-held water hex they outgun 1.2 to 1.
* Hovercraft carry land units: a hovercraft on land with infantry or a tank beside it loads them and
  lands them on an enemy hex it can take (an empty coast first); a loaded one at sea lands them; with
  no target in reach, a loaded one sails to water beside enemy land, an empty one home for a load.
* Ships not fighting at sea bombard a shore hex attacked this round, else any shore hex with enemy
  units, else sail towards enemy coasts.
"""

from __future__ import annotations

from rules.hexwar.actions import Bombard, Move
from rules.hexwar.ai.plan import ATTACK_MARGIN, Planner, Unit
from rules.hexwar.units import (
    BATT,
    FRIG,
    HOV,
    INF,
    LOADED_HOV_ATTACK,
    PLANE,
    SHIPS,
    STRIKE_RANGE,
    TANK,
    UNITS,
)

SEA_MARGIN = 1.2  # ships attack water they outgun this many times


def sea_power(unit: str, count: int, cargo: tuple[str, ...] = ()) -> float:
    """What a stack brings to a water battle (a loaded hovercraft fights at 1; a battleship takes 2 hits)."""
    if unit == HOV:
        return (LOADED_HOV_ATTACK if cargo else UNITS[HOV].attack) * count
    if unit in (FRIG, PLANE):
        return UNITS[unit].attack * count
    if unit == BATT:
        return 1.5 * UNITS[BATT].attack * count
    return 0.0


class NavalPlanner(Planner):
    def enemy_sea(self, w: int) -> float:
        return sum(
            sea_power(st.unit, st.count, st.cargo) for st in self.state.units[w] if st.seat != self.seat
        )

    def enemy_water(self) -> list[int]:
        b = self.board
        found = [w for w in range(b.size) if b.water[w] and self.enemy_sea(w) > 0]
        value = {
            w: sum(UNITS[st.unit].cost * st.count for st in self.state.units[w] if st.seat != self.seat)
            for w in found
        }
        return sorted(found, key=lambda w: (-value[w], w))

    def strike(self) -> None:
        """Planes on our land strike enemy ships within reach that they can beat."""
        for w in self.enemy_water():
            offers: list[Unit] = []
            for key, count in self.pool.items():
                source, unit, _ = key
                # Strikes go from land it holds (a plane in the air may not): ``reach`` knows.
                near = unit == PLANE and count > 0 and self.board.distance[source][w] <= STRIKE_RANGE
                if near and w in self.reach(source, PLANE):
                    offers.extend([key] * count)
            if sea_power(PLANE, len(offers)) < self.enemy_sea(w):
                continue
            chosen, power = [], 0.0
            for key in offers:
                if power >= SEA_MARGIN * self.enemy_sea(w):
                    break
                chosen.append((key, "move"))
                power += UNITS[PLANE].attack
            self.send(chosen, w)

    def sea(self) -> None:
        """Ships together attack an enemy-held water hex they outgun."""
        for w in self.enemy_water():
            offers: list[Unit] = []
            for key, count in self.pool.items():
                source, unit, _ = key
                if unit in SHIPS and count > 0 and w in self.reach(source, unit):
                    offers.extend([key] * count)
            if sum(sea_power(k[1], 1) for k in offers) < SEA_MARGIN * self.enemy_sea(w):
                continue
            self.send([(k, "move") for k in offers], w)

    def landing_power(self, cargo: tuple[str, ...]) -> float:
        return UNITS[HOV].attack + sum(UNITS[u].attack for u in cargo)

    def landing_target(self, source: int, cargo: tuple[str, ...]) -> int | None:
        """The best enemy land hex a hovercraft from ``source`` with ``cargo`` can take, if any."""
        sv = self.survey
        power = self.landing_power(cargo)
        fits = [
            t
            for t in self.reach(source, HOV)
            if not self.board.water[t]
            and self.state.owner[t] != self.seat
            and ATTACK_MARGIN * sv.defence(t) < power
        ]
        return max(fits, key=lambda t: (sv.worth(t) - 2 * sv.defence(t), -t), default=None)

    def carry(self, source: int, cargo: tuple[str, ...], target: int) -> bool:
        """One hovercraft order; the units boarding on land leave the pool with it."""
        at_sea = self.board.water[source]
        key = (source, HOV, cargo if at_sea else ())
        if self.pool.get(key, 0) < 1:
            return False
        if not self.add(Move(self.board.names[source], self.board.names[target], HOV, 1, cargo)):
            return False
        self.pool[key] -= 1
        if not at_sea:
            for u in cargo:
                self.pool[(source, u, ())] -= 1
        return True

    def load(self, source: int) -> tuple[str, ...]:
        """What a hovercraft on land may take from the free units beside it: a tank, else 2 infantry."""
        if self.pool.get((source, TANK, ()), 0) >= 1:
            return (TANK,)
        infantry = min(2, self.pool.get((source, INF, ()), 0))
        return (INF,) * infantry

    def hovercraft(self) -> None:
        b, sv = self.board, self.survey
        for key in sorted(k for k, n in self.pool.items() if k[1] == HOV and n > 0):
            source, _, cargo = key
            while self.pool.get(key, 0) > 0:
                load = cargo if b.water[source] else self.load(source)
                if not load and not b.water[source]:
                    break  # an empty hovercraft on land: easy's attacks and advance use it
                if not load:
                    home = [
                        d
                        for d in self.reach(source, HOV)
                        if self.state.owner[d] == self.seat
                        and not any(st.seat != self.seat for st in self.state.units[d])
                        and self.pool.get((d, INF, ()), 0) + self.pool.get((d, TANK, ()), 0) > 0
                    ]
                    if not home or not self.carry(
                        source, (), min(home, key=lambda d: (sv.nearest_enemy[d], d))
                    ):
                        break
                    continue
                target = self.landing_target(source, load)
                if target is None:
                    # Sail to free water beside enemy land, nearer than here, to land next round.
                    water = [
                        w
                        for w in self.reach(source, HOV)
                        if b.water[w]
                        and self.enemy_sea(w) == 0
                        and not any(st.seat != self.seat for st in self.state.units[w])
                        and sv.nearest_enemy[w] == 1
                    ]
                    if not water or sv.nearest_enemy[source] <= 1:
                        break
                    target = min(
                        water,
                        key=lambda w: (
                            -max(
                                sv.worth(t)
                                for t in b.neighbours[w]
                                if not b.water[t] and self.state.owner[t] != self.seat
                            ),
                            w,
                        ),
                    )
                if not self.carry(source, load, target):
                    break

    def ships(self) -> None:
        """Ships not fighting at sea bombard (a hex attacked this round first) or sail to enemy coasts."""
        b, sv = self.board, self.survey
        attacked = {b.lookup(o.target) for o in self.orders if isinstance(o, Move)}
        for key in sorted(k for k, n in self.pool.items() if k[1] in SHIPS and n > 0):
            source, unit, _ = key
            count = self.pool[key]
            targets = [
                t
                for t in b.neighbours[source]
                if not b.water[t] and sv.defence(t) > 0 and self.state.owner[t] != self.seat
            ]
            if targets:
                best = max(targets, key=lambda t: (t in attacked, sv.worth(t), -t))
                if self.add(Bombard(b.names[source], b.names[best], unit, count)):
                    self.pool[key] = 0
                continue
            coasts = [
                w
                for w in self.reach(source, unit)
                if not any(st.seat != self.seat for st in self.state.units[w])
                and any(
                    not b.water[t] and sv.defence(t) > 0 and self.state.owner[t] != self.seat
                    for t in b.neighbours[w]
                )
            ]
            if coasts:
                self.send([(key, "move")] * count, min(coasts, key=lambda w: (sv.nearest_enemy[w], w)))

    def own(self, unit: str) -> int:
        return sum(n for (_, u, _), n in self.pool.items() if u == unit) + sum(
            o.count for o in self.orders if isinstance(o, (Move, Bombard)) and o.unit == unit
        )
