"""The `normal` AI's round: easy's plan (``plan.Planner``) plus the water and the defences.

On top of easy's garrisons, reinforcements, attacks, advance and purchases, in this order:

1. Defences re-aimed at the threat each city sees: the unit type of the structure's kind whose enemy
   units that can reach the city are worth the most (a structure rolls once against each unit of its
   aimed type, so the most value in reach is the best aim).
2. Planes strike enemy ships within 3 of their land when they are at least as strong as the ships.
3. Ships fight for sea control: together they attack an enemy-held water hex they outgun 1.2 to 1.
4. Hovercraft carry land units: a hovercraft on land with infantry or a tank beside it loads them and
   lands them on an enemy hex it can take (an empty coast first); a loaded one at sea lands them; with
   no target in reach, a loaded one sails to water beside enemy land, an empty one home for a load.
5. Easy's attacks and advance; ships left bombard a shore hex under attack this round, else any shore
   hex with enemy units, else sail towards enemy coasts.
6. Money: a defence for a threatened city of the kind its threat calls for; ships when the water
   matters (enemy ships near its ports, enemy coasts within reach of them); a hovercraft while it has
   too few; then easy's purchases with the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.hexwar.actions import AimDefence, Bombard, BuildCity, Buy, BuyDefence, Move, Order
from rules.hexwar.ai.plan import ATTACK_MARGIN, Planner, Unit
from rules.hexwar.common import is_city, land_factories, sea_factories
from rules.hexwar.orders import money_left
from rules.hexwar.state import HexState
from rules.hexwar.units import (
    BATT,
    CAPTURERS,
    CITY_COST,
    DEFENCE_COST,
    DEFENCE_TARGETS,
    FRIG,
    HOV,
    INF,
    JT,
    JUMP_RANGE,
    LOADED_HOV_ATTACK,
    ORDER,
    PLANE,
    SHIPS,
    STRIKE_RANGE,
    TANK,
    UNITS,
)

SEA_MARGIN = 1.2  # ships attack water they outgun this many times
SHIP_REACH = 3  # enemy ships this close to a port's water make the water matter
HOV_WANTED = 2  # hovercraft it keeps buying up to
CAPITAL_GUARD = 1.4  # its capital keeps this share of the threat to it in place (easy: 0.7)
CAPITAL_MARGIN = 1.1  # it attacks an enemy capital with all it has at this many times the defence
CITY_ROUNDS_OPEN = 6  # it starts cities up to this round (later ones would not pay back)
FLEET_FOR_COASTS = 1  # frigates it keeps to bombard enemy coasts when no enemy ships are near
JT_SHARE, TANK_SHARE = 0.3, 0.15  # of the land units it buys at the front


def sea_power(unit: str, count: int, cargo: tuple[str, ...] = ()) -> float:
    """What a stack brings to a water battle (a loaded hovercraft fights at 1; a battleship takes 2 hits)."""
    if unit == HOV:
        return (LOADED_HOV_ATTACK if cargo else UNITS[HOV].attack) * count
    if unit in (FRIG, PLANE):
        return UNITS[unit].attack * count
    if unit == BATT:
        return 1.5 * UNITS[BATT].attack * count
    return 0.0


def reach_of(unit: str) -> int:
    """How far an enemy unit may strike from as the crow flies (ships: bombard from beside the shore)."""
    if unit == JT:
        return JUMP_RANGE
    if unit in SHIPS:
        return 1
    return UNITS[unit].move


class NormalPlanner(Planner):
    def need(self, h: int) -> float:
        # Losing the capital loses two-player games outright: it keeps more at home than easy does.
        if self.state.capital_of[h] >= 0:
            return max(2.0, CAPITAL_GUARD * self.survey.threat[h])
        return super().need(h)

    def capitals(self) -> None:
        """An enemy capital it can take goes first, with every free unit that can reach it: taking the
        last other capital wins, and any capital takes a seat's income and its best place to buy."""
        sv = self.survey
        for target in sorted(h for h in sv.enemy_land if self.state.capital_of[h] >= 0):
            defence = sv.defence(target)
            offers = self.offers(target)
            if not any(key[1] in CAPTURERS for _, key, _ in offers):
                continue
            if sum(p for p, _, _ in offers) < CAPITAL_MARGIN * defence:
                continue
            self.send([(key, how) for _, key, how in offers], target)

    def threats(self, h: int) -> dict[str, float]:
        """The enemy units that could strike hex ``h`` this round, by type, valued by their cost (ships
        that could sail to bombard it next round at half)."""
        b, s = self.board, self.state
        found: dict[str, float] = {}
        for e in range(b.size):
            d = b.distance[e][h]
            if d > 4:
                continue
            for st in s.units[e]:
                if st.seat == self.seat:
                    continue
                value = UNITS[st.unit].cost * st.count
                if d > reach_of(st.unit):
                    # Ships that can sail beside the city this round bombard it the next: half.
                    value = value / 2 if st.unit in SHIPS and d <= 1 + UNITS[st.unit].move else 0
                found[st.unit] = found.get(st.unit, 0.0) + value
                for u in st.cargo:
                    if d <= UNITS[HOV].move:
                        found[u] = found.get(u, 0.0) + UNITS[u].cost * st.count
        return found

    def best_aim(self, kind: str, threats: dict[str, float]) -> str | None:
        best = max(
            DEFENCE_TARGETS[kind], key=lambda u: (threats.get(u, 0.0), -DEFENCE_TARGETS[kind].index(u))
        )
        return best if threats.get(best, 0.0) > 0 else None

    def aim(self) -> None:
        names = self.board.names
        for h in self.survey.own_land:
            if not self.state.defences[h]:
                continue
            threats = self.threats(h)
            for kind in sorted({d.kind for d in self.state.defences[h]}):
                aims = {d.aim for d in self.state.defences[h] if d.kind == kind}
                best = self.best_aim(kind, threats)
                if best is not None and aims != {best}:
                    self.add(AimDefence(names[h], kind, best))

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

    def spend(self, short: dict[int, float]) -> None:
        s, b = self.state, self.board
        reserve = sum(short.get(h, 0.0) for h in land_factories(s, self.seat) if s.capital_of[h] >= 0)
        reserve = UNITS[INF].cost * -(-reserve // UNITS[INF].attack)

        def spare() -> int:
            return money_left(s, self.seat, self.orders) - int(reserve)

        # A city early on, on its safest plain land, one at a time (it pays back 2 a round).
        if s.round <= CITY_ROUNDS_OPEN and not s.projects[self.seat] and spare() >= 2 * CITY_COST:
            plain = [h for h in self.survey.own_land if s.kinds[h] == "land"]
            if plain and self.rng.random() < 0.5:
                sv = self.survey
                self.add(
                    BuildCity(b.names[max(plain, key=lambda h: (sv.nearest_enemy[h], -sv.threat[h], -h))])
                )
        # One defence a round, at its capital, of a kind it lacks whose target is in reach there: a
        # structure fires once a battle, so more than one of a kind is money better spent on units.
        for h in land_factories(s, self.seat):
            if s.capital_of[h] != self.seat or not is_city(s, h) or spare() < DEFENCE_COST:
                continue
            threats = self.threats(h)
            have = {d.kind for d in s.defences[h]}
            wanted = [k for k in DEFENCE_TARGETS if k not in have and self.best_aim(k, threats)]
            if wanted:
                kind = max(wanted, key=lambda k: max(threats.get(u, 0.0) for u in DEFENCE_TARGETS[k]))
                self.add(BuyDefence(b.names[h], kind, self.best_aim(kind, threats) or ""))
        self.navy(spare)
        # A plane where enemy ships sail within its strike range, while it has fewer than two.
        if self.own(PLANE) < 2 and spare() >= UNITS[PLANE].cost:
            water = self.enemy_water()
            near = [
                h
                for h in land_factories(s, self.seat)
                if any(b.distance[h][w] <= STRIKE_RANGE for w in water)
            ]
            if near:
                self.add(Buy(PLANE, 1, b.names[near[0]]))
        # A hovercraft at a city by the water, while it has too few and enemy coasts are near.
        if self.own(HOV) < HOV_WANTED and spare() >= UNITS[HOV].cost:
            coastal = [
                h
                for h in land_factories(s, self.seat)
                if any(b.water[n] for n in b.neighbours[h]) and self.survey.nearest_enemy[h] <= 4
            ]
            if coastal:
                self.add(Buy(HOV, 1, b.names[min(coastal, key=lambda h: (self.survey.nearest_enemy[h], h))]))
        self.army(short)

    def navy(self, spare: Callable[[], int]) -> None:
        """Ships only where the water matters: enemy ships near its ports (a battleship to outgun them,
        else frigates), or an enemy city or capital on a coast its ships reach from a port (one frigate to
        bombard it). Ships never take land, so past that the money goes on land units."""
        s, b = self.state, self.board
        fleet = self.own(FRIG) + self.own(BATT)
        best: tuple[float, int, int] | None = None
        for w in sea_factories(s, self.seat):
            ships = sum(
                self.enemy_sea(e) for e in range(b.size) if b.water[e] and b.distance[w][e] <= SHIP_REACH
            )
            coasts = sum(
                1
                for t in self.survey.enemy_land
                if (is_city(s, t) or s.capital_of[t] >= 0)
                and any(b.water[n] and b.distance[w][n] <= UNITS[FRIG].move for n in b.neighbours[t])
            )
            if (ships or coasts) and (best is None or (ships, coasts, -w) > best):
                best = (ships, coasts, -w)
        if best is None:
            return
        ships, coasts, port = best[0], best[1], b.names[-best[2]]
        own_sea = sum(sea_power(u, 1) for (_, u, _), n in self.pool.items() for _ in range(n) if u in SHIPS)
        if ships > own_sea:
            if ships >= UNITS[BATT].attack and spare() >= UNITS[BATT].cost:
                self.add(Buy(BATT, 1, port))
            elif spare() >= UNITS[FRIG].cost:
                self.add(Buy(FRIG, min(2, spare() // UNITS[FRIG].cost), port))
        elif coasts and fleet < FLEET_FOR_COASTS and spare() >= UNITS[FRIG].cost:
            self.add(Buy(FRIG, 1, port))

    def army(self, short: dict[int, float]) -> None:
        """The rest of the money on land units: infantry for a capital short of its garrison, then
        mostly infantry (in a battle fought to the end, strength goes with attack times units, and
        infantry give the most of both for the money), some tanks for their reach, a few jump troops."""
        s, sv, b, rng = self.state, self.survey, self.board, self.rng
        factories = land_factories(s, self.seat)
        if not factories:
            return
        front = min(factories, key=lambda h: (sv.nearest_enemy[h], -sv.threat[h], h))
        bought: dict[tuple[str, int], int] = {}
        money = money_left(s, self.seat, self.orders)
        for h in factories:
            while short.get(h, 0) > 0 and s.capital_of[h] >= 0 and money >= UNITS[INF].cost:
                bought[(INF, h)] = bought.get((INF, h), 0) + 1
                money -= UNITS[INF].cost
                short[h] -= UNITS[INF].attack
        while money >= UNITS[INF].cost:
            roll = rng.random()
            if roll < JT_SHARE and money >= UNITS[JT].cost:
                unit = JT
            elif roll < JT_SHARE + TANK_SHARE and money >= UNITS[TANK].cost:
                unit = TANK
            else:
                unit = INF
            bought[(unit, front)] = bought.get((unit, front), 0) + 1
            money -= UNITS[unit].cost
        for (unit, h), count in sorted(bought.items(), key=lambda kv: (ORDER.index(kv[0][0]), kv[0][1])):
            self.add(Buy(unit, count, b.names[h]))


def plan(state: HexState, seat: int) -> list[Order]:
    # Seeded from the position alone, as easy's plan is (see ``plan.plan``).
    planner = NormalPlanner(state, seat, random.Random(f"hexwar-normal-{state.rolls}-{state.round}-{seat}"))
    short = planner.garrison()
    planner.reinforce(short)
    planner.aim()
    planner.capitals()
    planner.strike()
    planner.sea()
    planner.hovercraft()
    planner.attack()
    planner.ships()
    planner.advance()
    planner.spend(short)
    return planner.orders
