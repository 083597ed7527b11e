"""The AI's orders for a round, planned at once from the board as the round began.

1. Garrisons: each capital keeps strength to match the enemy strength that could reach it, each city
   half of that; infantry stay first, the cheapest to leave behind.
2. A capital short of its garrison is reinforced by whatever free units can reach it.
3. Attacks, the most valuable targets first (capitals, then cities, then the weakest land): units that
   can reach the target (jump troops by jumping) join, strongest first, until the attack is about
   1.4 times the defence (its structures counted); a target it cannot outnumber is left alone, and
   planes go only where a unit that can take the hex goes too.
4. Free units move towards the nearest enemy land, planes to the most threatened hex; ships bombard.
5. Money: infantry for a threatened capital, then tanks and infantry (a few jump troops and planes)
   at the city nearest the front; now and then a city or a defence structure.

Every order is checked with the engine's own ``orders.check`` before it is kept, so a plan never
contains an order the engine would refuse.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.core.errors import IllegalAction
from rules.hexwar.actions import Bombard, BuildCity, Buy, BuyDefence, Jump, Move, Order
from rules.hexwar.ai.survey import Survey, land_power
from rules.hexwar.common import is_city, land_factories
from rules.hexwar.orders import check, money_left
from rules.hexwar.routes import destinations, jump_targets, shore
from rules.hexwar.state import HexState
from rules.hexwar.units import CAPTURERS, HOV, INF, JT, JUMP_ATTACK, ORDER, PLANE, SHIPS, TANK, UNITS

KEEP_ORDER = (INF, JT, HOV, TANK, PLANE)  # what a garrison keeps first
ATTACK_MARGIN = 1.25  # attack with this many times the defence (plus one infantry's worth)
CAPITAL_GUARD = 0.7  # a capital keeps this share of the threat to it in place
CITY_GUARD = 0.3

Unit = tuple[int, str, tuple[str, ...]]  # (hex, unit type, cargo): one unit of a stack


class Planner:
    def __init__(self, state: HexState, seat: int, rng: random.Random) -> None:
        self.state, self.seat, self.rng = state, seat, rng
        self.survey = Survey(state, seat)
        self.board = self.survey.board
        self.orders: list[Order] = []
        self.pool: dict[Unit, int] = {}
        for h, stacks in enumerate(state.units):
            for s in stacks:
                if s.seat == seat:
                    self.pool[(h, s.unit, s.cargo)] = self.pool.get((h, s.unit, s.cargo), 0) + s.count
        self._reach: dict[tuple[int, str], dict[int, str]] = {}

    def reach(self, h: int, unit: str) -> dict[int, str]:
        if (h, unit) not in self._reach:
            self._reach[(h, unit)] = destinations(self.state, self.seat, h, unit)
        return self._reach[(h, unit)]

    def add(self, order: Order) -> bool:
        try:
            clean = check(self.state, self.seat, order, self.orders)
        except IllegalAction:
            return False
        self.orders.append(clean)
        return True

    def need(self, h: int) -> float:
        s, threat = self.state, self.survey.threat[h]
        if s.capital_of[h] >= 0:
            return max(2.0, CAPITAL_GUARD * threat)
        if is_city(s, h):
            return CITY_GUARD * threat
        return 0.0

    def garrison(self) -> dict[int, float]:
        """Keep units in place where they are needed; returns each hex's shortfall."""
        short: dict[int, float] = {}
        for h in self.survey.own_land:
            need = self.need(h)
            kept = 0.0
            for unit in KEEP_ORDER:
                key = (h, unit, ())
                while kept < need and self.pool.get(key, 0) > 0:
                    self.pool[key] -= 1
                    kept += UNITS[unit].attack
            if kept < need:
                short[h] = need - kept
        return short

    def send(self, units: list[tuple[Unit, str]], target: int) -> None:
        """Order ``units`` (each with how it goes: move or jump) to ``target``, grouped per stack."""
        grouped: dict[tuple[Unit, str], int] = {}
        for one, how in units:
            grouped[(one, how)] = grouped.get((one, how), 0) + 1
        names = self.board.names
        for ((h, unit, cargo), how), count in grouped.items():
            order: Order
            if how == "jump":
                order = Jump(names[h], names[target], count)
            else:
                order = Move(names[h], names[target], unit, count, cargo if self.board.water[h] else ())
            if self.add(order):
                self.pool[(h, unit, cargo)] -= count

    def reinforce(self, short: dict[int, float]) -> None:
        for h, missing in short.items():
            if self.state.capital_of[h] < 0:
                continue
            chosen: list[tuple[Unit, str]] = []
            for key, count in sorted(self.pool.items(), key=lambda kv: -UNITS[kv[0][1]].attack):
                source, unit, _ = key
                if source == h or unit in SHIPS or h not in self.reach(source, unit):
                    continue
                for _ in range(count):
                    if missing <= 0:
                        break
                    chosen.append((key, "move"))
                    missing -= UNITS[unit].attack
            self.send(chosen, h)

    def offers(self, target: int) -> list[tuple[float, Unit, str]]:
        """Free units that could attack land hex ``target``: (attack, unit, move or jump), one each."""
        offers: list[tuple[float, Unit, str]] = []
        for key, count in self.pool.items():
            source, unit, cargo = key
            if count <= 0 or unit in SHIPS or cargo:
                continue
            if (
                unit == JT
                and target in jump_targets(self.state, self.seat, source)
                and target not in self.reach(source, unit)
            ):
                offers.extend((JUMP_ATTACK, key, "jump") for _ in range(count))
            elif target in self.reach(source, unit) and not self.board.water[target]:
                offers.extend((UNITS[unit].attack, key, "move") for _ in range(count))
        return offers

    def attack(self) -> None:
        sv = self.survey
        targets = sorted(sv.enemy_land, key=lambda h: (-sv.worth(h), sv.defence(h), h))
        for target in targets:
            defence = sv.defence(target)
            wanted = ATTACK_MARGIN * defence + 2 if defence else 0.1
            offers = self.offers(target)
            if not any(key[1] in CAPTURERS for _, key, _ in offers):
                continue
            if sum(p for p, _, _ in offers) < wanted:
                continue
            offers.sort(key=lambda o: (o[1][1] == PLANE, -o[0]))  # capturers first, strongest first
            chosen, power = [], 0.0
            for p, key, how in offers:
                if power >= wanted:
                    break
                chosen.append((key, how))
                power += p
            self.send(chosen, target)

    def advance(self) -> None:
        sv, b = self.survey, self.board
        for key, count in list(self.pool.items()):
            source, unit, cargo = key
            if count <= 0 or cargo:
                continue
            if unit in SHIPS:
                targets = [t for t in shore(self.state, source) if sv.defence(t) > 0]
                if targets and self.add(Bombard(b.names[source], b.names[targets[0]], unit, count)):
                    self.pool[key] = 0
                continue
            options = [
                d
                for d in self.reach(source, unit)
                if self.state.owner[d] == self.seat
                and not any(s.seat != self.seat for s in self.state.units[d])
            ]
            if unit == PLANE:
                best = max(
                    options + [source], key=lambda d: sv.threat[d] if d != source else sv.threat[d] + 1
                )
            else:
                if sv.nearest_enemy[source] <= 1 or not options:
                    continue
                best = min(options, key=lambda d: (sv.nearest_enemy[d], -sv.threat[d], d))
                if sv.nearest_enemy[best] >= sv.nearest_enemy[source]:
                    continue
            if best != source:
                self.send([(key, "move")] * count, best)

    def spend(self, short: dict[int, float]) -> None:
        s, sv, b, rng = self.state, self.survey, self.board, self.rng
        factories = land_factories(s, self.seat)
        if not factories:
            return
        late = s.options.rounds and s.round > s.options.rounds - 4
        if not late and money_left(s, self.seat, self.orders) >= 30 and rng.random() < 0.25:
            plain = [
                h
                for h in sv.own_land
                if s.kinds[h] == "land" and h not in {p.hex for p in s.projects[self.seat]}
            ]
            if plain:
                self.add(
                    BuildCity(b.names[max(plain, key=lambda h: (sv.nearest_enemy[h], -sv.threat[h], -h))])
                )
        threatened = [h for h in factories if sv.threat[h] > land_power(s.units[h], self.seat)]
        if threatened and rng.random() < 0.3:
            self.add(BuyDefence(b.names[threatened[0]], "ground", TANK))
        front = min(factories, key=lambda h: (sv.nearest_enemy[h], -sv.threat[h], h))
        planes = [(0.06, PLANE)] if s.round > 2 else []
        self.buy_army(short, factories, front, [*planes, (0.16, JT), (0.6, TANK)])

    def buy_army(
        self, short: dict[int, float], factories: Sequence[int], front: int, mix: list[tuple[float, str]]
    ) -> None:
        """The money left on land units: infantry for each capital short of its garrison, then units
        for the ``front``, each drawn as the first of ``mix`` (a roll under its limit, money enough),
        else infantry; one order per unit and place."""
        s, rng = self.state, self.rng
        bought: dict[tuple[str, int], int] = {}
        money = money_left(s, self.seat, self.orders)
        for h in factories:
            while short.get(h, 0) > 0 and s.capital_of[h] >= 0 and money >= UNITS[INF].cost:
                bought[(INF, h)] = bought.get((INF, h), 0) + 1
                money -= UNITS[INF].cost
                short[h] -= UNITS[INF].attack
        while money >= UNITS[INF].cost:
            roll = rng.random()
            unit = next((u for limit, u in mix if roll < limit and money >= UNITS[u].cost), INF)
            bought[(unit, front)] = bought.get((unit, front), 0) + 1
            money -= UNITS[unit].cost
        for (unit, h), count in sorted(bought.items(), key=lambda kv: (ORDER.index(kv[0][0]), kv[0][1])):
            self.add(Buy(unit, count, self.board.names[h]))


def plan(state: HexState, seat: int) -> list[Order]:
    # The plan's few random choices follow from the position alone (the dice counter stays put while
    # orders are written), never from the agent's seed: the bot makes a new agent, seeded anew (the
    # game's seed and version), for every move, and a plan that changed with the seed would be taken
    # back and written again move after move.
    rng = random.Random(f"hexwar-ai-{state.rolls}-{state.round}-{seat}")
    planner = Planner(state, seat, rng)
    short = planner.garrison()
    planner.reinforce(short)
    planner.attack()
    planner.advance()
    planner.spend(short)
    return planner.orders
