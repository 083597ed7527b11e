"""The `normal` AI's round (``NormalPlanner``): easy's plan with the water (``navy.NavalPlanner``),
an all-out attack on a capital it can take, a stronger guard at home, defences aimed at the threat, and
its own purchases. In the order ``plan`` runs them:

1. Garrisons as easy's, but its capital keeps 1.4 times the threat that could reach it (easy: 0.7);
   reinforcements as easy's.
2. Defences re-aimed at the threat each city sees: a type of the structure's kind drawn with odds by
   the enemy fire its hits would save there (ground) or the value of its enemy units in reach (air,
   water); a structure rolls once against each unit of its aimed type.
3. An enemy capital it can take at 1.1 times its defence gets every free unit that can reach it
   (taking the last other capital wins; easy waits for 1.25 times plus 2).
4. Plane strikes, sea battles and hovercraft landings (``navy``); easy's attacks; ships bombard;
   easy's advance.
5. Money: a city early on; one defence a round at its capital, of a kind it lacks whose target is in
   reach; ships where the water matters; a plane where enemy ships sail near; hovercraft up to two;
   the rest on land units at the front, mostly infantry with jump troops (30%) and tanks (15%).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from rules.hexwar.actions import AimDefence, BuildCity, Buy, BuyDefence, Order
from rules.hexwar.ai.navy import NavalPlanner, sea_power
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
    JUMP_ATTACK,
    JUMP_RANGE,
    PLANE,
    SHIPS,
    STRIKE_RANGE,
    TANK,
    UNITS,
)

SHIP_REACH = 3  # enemy ships this close to a port's water make the water matter
HOV_WANTED = 2  # hovercraft it keeps buying up to
CAPITAL_GUARD = 1.4  # its capital keeps this share of the threat to it in place (easy: 0.7)
CAPITAL_MARGIN = 1.1  # it attacks an enemy capital with all it has at this many times the defence
CITY_ROUNDS_OPEN = 6  # it starts cities up to this round (later ones would not pay back)
FLEET_FOR_COASTS = 1  # frigates it keeps to bombard enemy coasts when no enemy ships are near
JT_SHARE, TANK_SHARE = 0.3, 0.15  # of the land units it buys at the front


def reach_of(unit: str) -> int:
    """How far an enemy unit may strike from as the crow flies (ships: bombard from beside the shore)."""
    if unit == JT:
        return JUMP_RANGE
    if unit in SHIPS:
        return 1
    return UNITS[unit].move


def attack_of(unit: str) -> int:
    """What an enemy unit striking a city fires at: jump troops get there by jumping, at 3."""
    return JUMP_ATTACK if unit == JT else UNITS[unit].attack


class NormalPlanner(NavalPlanner):
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
                value: float = UNITS[st.unit].cost * st.count
                if d > reach_of(st.unit):
                    # Ships that can sail beside the city this round bombard it the next: half.
                    value = value / 2 if st.unit in SHIPS and d <= 1 + UNITS[st.unit].move else 0
                found[st.unit] = found.get(st.unit, 0.0) + value
                for u in st.cargo:
                    if d <= UNITS[HOV].move:
                        found[u] = found.get(u, 0.0) + UNITS[u].cost * st.count
        return found

    def best_aim(self, kind: str, threats: dict[str, float], h: int = -1) -> str | None:
        """The type a structure of ``kind`` (at hex ``h``) aims at, drawn with odds by what aiming at it
        is worth: for a ground structure the enemy fire its hits save (``fire_saved``), for the others
        the value in reach. A drawn aim, not the likeliest, because orders are secret: a structure
        always aimed at the infantry in front of it is one a player's jump troops never meet. None when
        nothing of its targets is in reach."""
        worth = self.fire_saved(h, threats) if kind == "ground" and h >= 0 else threats
        targets = [u for u in DEFENCE_TARGETS[kind] if worth.get(u, 0.0) > 0]
        if not targets:
            return None
        return self.rng.choices(targets, [worth[u] for u in targets])[0]

    def fire_saved(self, h: int, threats: dict[str, float]) -> dict[str, float]:
        """By ground type, the enemy hits a ground structure at ``h`` saves aimed at it, were everything
        in reach to attack: a unit it destroys never fires, and would have fired until the garrison's
        hits reached it. The garrison takes attackers in its main unit's priority order (infantry's:
        infantry, jump troops, hovercraft, tanks), so jump troops behind infantry fire for rounds (at 3,
        having jumped) and a hit on one saves more than its cost says."""
        die = self.state.options.die
        counts = {u: threats.get(u, 0.0) / UNITS[u].cost for u in DEFENCE_TARGETS["ground"]}
        own = [st for st in self.state.units[h] if st.seat == self.seat and UNITS[st.unit].land]
        kills = sum(UNITS[st.unit].attack * st.count for st in own) / die  # the garrison's hits a round
        enemy_hits = sum(n * attack_of(u) for u, n in counts.items()) / die
        # The battle lasts until every attacker is hit or the garrison is gone.
        rounds_left = 1 + sum(st.count for st in own) / enemy_hits if enemy_hits else 1.0
        main = max(own, key=lambda st: (UNITS[st.unit].attack * st.count, st.unit)).unit if own else INF
        saved: dict[str, float] = {}
        before = 0.0  # attackers the garrison hits before this type
        for u in UNITS[main].land:
            n = counts.get(u, 0.0)
            if n:
                rounds = min(rounds_left, 1 + (before + n / 2) / kills) if kills else 1.0
                saved[u] = n * attack_of(u) * rounds / die
                before += n
        return saved

    def aim(self) -> None:
        names = self.board.names
        for h in self.survey.own_land:
            if not self.state.defences[h]:
                continue
            threats = self.threats(h)
            for kind in sorted({d.kind for d in self.state.defences[h]}):
                aims = {d.aim for d in self.state.defences[h] if d.kind == kind}
                best = self.best_aim(kind, threats, h)
                if best is not None and aims != {best}:
                    self.add(AimDefence(names[h], kind, best))

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
        s, sv = self.state, self.survey
        factories = land_factories(s, self.seat)
        if not factories:
            return
        front = min(factories, key=lambda h: (sv.nearest_enemy[h], -sv.threat[h], h))
        self.buy_army(short, factories, front, [(JT_SHARE, JT), (JT_SHARE + TANK_SHARE, TANK)])


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
