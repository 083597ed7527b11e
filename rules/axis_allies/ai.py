"""A simple Axis & Allies AI that plays any power legally to the end of a game.

It buys mostly infantry with some tanks and fighters (transports for the island powers), attacks
where its attack clearly outweighs the defence (a strength estimate, not odds), sends single units
into empty enemy land, ferries troops to the front, moves the rest toward the enemy, keeps its
capital covered, always lands its aircraft, and answers battle decisions like an absent player
(cheapest casualties first) except that it retreats from a battle going badly.

It is stateless (every choice is computed from the state) and every move it makes is checked with
the engine's own ``movement.plan`` first, so it can take over any power at any moment.
"""

from __future__ import annotations

from collections import deque

from rules.axis_allies import combat
from rules.axis_allies.actions import (
    Battle,
    Buy,
    Casualties,
    CasualtyOrder,
    EndPhase,
    Move,
    Place,
    PressOn,
    Retreat,
)
from rules.axis_allies.battles import blocking
from rules.axis_allies.common import (
    CAPITAL,
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    PRODUCTION,
    SIZE,
    canal_lands,
    capital_held,
    enemy_fighting,
    enemy_ships,
    enemy_units,
    friendly_land,
    hostile_land,
)
from rules.axis_allies.engine import acting_power
from rules.axis_allies.legal import legal_actions
from rules.axis_allies.mobilize import can_place, capacity, working_factory
from rules.axis_allies.movement import plan
from rules.axis_allies.reach import committed, friendly_owner, landing_spot, remaining, untaken_neutral
from rules.axis_allies.state import COMBAT, SIDE, UNLOADED, AAState, Phase, Stack
from rules.axis_allies.units import Domain, attack_value, cost, defense_value, movement
from rules.core.errors import IllegalAction
from rules.core.events import Action

LAND, SEA, AIR = Domain.LAND, Domain.SEA, Domain.AIR
ISLAND_POWERS = (2, 3, 4)  # UK, Japan, USA: their armies need transports


def shortest_air_path(state: AAState, power: int, start: int, goal: int) -> list[int] | None:
    """The shortest path an aircraft may fly (neutral airspace closed)."""
    return _bfs_path(start, goal, lambda n: not untaken_neutral(state, n))


def _bfs_path(start: int, goal: int, open_: object) -> list[int] | None:
    passable = open_  # a callable: may the path enter this space?
    prev = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == goal:
            path = [here]
            while path[-1] != start:
                path.append(prev[path[-1]])
            return path[::-1]
        for n in NEIGHBOURS[here]:
            if n not in prev and (n == goal or passable(n)):  # type: ignore[operator]
                prev[n] = here
                queue.append(n)
    return None


class AxisAlliesAI:
    def __init__(self, seed: int = 0) -> None:
        self._seed = seed  # varies the purchases between AIs; no random module (rules/ stays pure)

    def choose(self, state: AAState, seat: int) -> Action:
        power = acting_power(state)
        battle = state.battle
        if battle is not None and battle.pending is not None:
            return self._decide(state, battle)
        action: Action | None = None
        if state.phase is Phase.PURCHASE:
            action = self._buy(state, power)
        elif state.phase is Phase.COMBAT_MOVE:
            action = self._combat_move(state, power)
        elif state.phase is Phase.COMBAT:
            for b in state.battles:
                if blocking(state, b) is None:
                    return Battle(NAMES[b])
        elif state.phase is Phase.NONCOMBAT_MOVE:
            action = self._noncombat_move(state, power)
        elif state.phase is Phase.MOBILIZE:
            action = self._place(state, power)
        if action is not None:
            return action
        options = legal_actions(state, seat)
        return EndPhase() if EndPhase() in options else options[0]

    # ---- battles -------------------------------------------------------------------------------------

    def _decide(self, state: AAState, battle: combat.Battle) -> Action:
        pending = battle.pending
        if isinstance(pending, combat.AwaitPressOn) and pending.can_retreat and battle.retreat_to:
            attack = sum(attack_value(u.kind) for u in battle.attackers if not u.landed)
            landed = sum(attack_value(u.kind) for u in battle.attackers if u.landed)
            defence = sum(defense_value(u.kind) for u in battle.defenders)
            if attack + landed < 0.6 * defence:
                return Retreat(battle.retreat_to[0])
        choice = combat.default_choice(battle)
        if isinstance(choice, combat.TakeCasualties):
            counts: dict[str, int] = {}
            for u in choice.units:
                counts[u.kind] = counts.get(u.kind, 0) + 1
            return Casualties(tuple(counts.items()))
        if isinstance(choice, combat.OrderCasualties):
            return CasualtyOrder(choice.powers)
        return PressOn()

    # ---- purchase ------------------------------------------------------------------------------------

    def _buy(self, state: AAState, power: int) -> Action | None:
        if state.bought or not capital_held(state, power):
            return None
        techs = state.techs[power]
        ipcs = state.ipcs[power]
        room = sum(
            min(capacity(state, power, f), 40) for f in range(SIZE) if working_factory(state, power, f)
        )
        if room == 0 or ipcs < cost("infantry", techs):
            return None
        coastal = [
            z
            for f in range(SIZE)
            if working_factory(state, power, f)
            for z in NEIGHBOURS[f]
            if IS_SEA[z] and not enemy_units(state, z, power)
        ]
        order: list[str] = []
        if power in ISLAND_POWERS and coastal:
            boats = sum(
                s.count for z in coastal for s in state.units[z] if s.power == power and s.unit == "transport"
            )
            if boats < 3 and ipcs >= 20:
                order.append("transport")
        if ipcs >= 40 and (self._seed + state.round + power) % 2 == 0:
            order.append("fighter")
        spend = ipcs - sum(cost(u, techs) for u in order)
        tanks = max(spend // 4 // cost("tank", techs), 0)
        order += ["tank"] * tanks
        spend -= tanks * cost("tank", techs)
        order += ["infantry"] * (spend // cost("infantry", techs))
        land = [u for u in order if DOMAIN[u] is not SEA][:room]
        sea = [u for u in order if DOMAIN[u] is SEA]
        chosen = land + sea
        while chosen and sum(cost(u, techs) for u in chosen) > ipcs:
            chosen.pop()
        if not chosen:
            return None
        counts: dict[str, int] = {}
        for u in chosen:
            counts[u] = counts.get(u, 0) + 1
        return Buy(tuple(counts.items()))

    # ---- combat move ---------------------------------------------------------------------------------

    def _combat_move(self, state: AAState, power: int) -> Action | None:
        for finder in (self._naval_attack, self._land_attack, self._amphibious):
            move = finder(state, power)
            if move is not None:
                return move
        return None

    def _try(self, state: AAState, power: int, move: Move) -> Move | None:
        try:
            plan(state, power, move)
        except IllegalAction:
            return None
        return move

    def _movable(self, state: AAState, power: int, where: int, domain: Domain, steps: int = 1) -> list[Stack]:
        techs = state.techs[power]
        combat_move = state.phase is Phase.COMBAT_MOVE
        out = []
        for s in state.units[where]:
            if s.power != power or DOMAIN[s.unit] is not domain or s.unit in ("factory",):
                continue
            if remaining(s, techs) < steps or s.flags & UNLOADED or s.target >= 0:
                continue
            if combat_move and committed(state, s, where):
                continue
            if not combat_move and s.flags & COMBAT and domain is not AIR:
                continue
            out.append(s)
        return out

    def _land_attack(self, state: AAState, power: int) -> Action | None:
        techs = state.techs[power]
        best: tuple[float, Move] | None = None
        for target in range(SIZE):
            if not hostile_land(state, target, power):
                continue
            defenders = enemy_fighting(state, target, power)
            defence = sum(defense_value(s.unit, state.techs[s.power]) * s.count for s in defenders)
            count = sum(s.count for s in defenders)
            present = [s for s in state.units[target] if s.power == power]
            attack = sum(attack_value(s.unit, techs) * s.count for s in present)
            mine = sum(s.count for s in present)
            value = PRODUCTION[target] + (25 if target in CAPITAL else 0)
            if not defenders:
                if any(DOMAIN[s.unit] is LAND for s in present):
                    continue
                for n in NEIGHBOURS[target]:
                    for s in self._movable(state, power, n, LAND):
                        if s.unit == "aa_gun":
                            continue
                        move = self._try(state, power, Move(((s.unit, 1),), (NAMES[n], NAMES[target])))
                        if move is not None and (best is None or value + 1 > best[0]):
                            best = (value + 1, move)
                continue
            # Reinforcements in reach: land units next door, aircraft within range with a landing.
            sources: list[tuple[int, Move]] = []
            extra = 0
            extra_units = 0
            for n in NEIGHBOURS[target]:
                if IS_SEA[n]:
                    continue
                for s in self._movable(state, power, n, LAND):
                    if s.unit == "aa_gun":
                        continue
                    keep = self._garrison(state, power, n, s)
                    k = s.count - keep
                    if k <= 0:
                        continue
                    move = Move(((s.unit, k),), (NAMES[n], NAMES[target]))
                    sources.append((attack_value(s.unit, techs) * k, move))
                    extra += attack_value(s.unit, techs) * k
                    extra_units += k
            for src in range(SIZE):
                for s in self._movable(state, power, src, AIR):
                    path = shortest_air_path(state, power, src, target)
                    if path is None or len(path) - 1 > remaining(s, techs) - 1:
                        continue
                    move = Move(((s.unit, s.count),), tuple(NAMES[x] for x in path))
                    if self._try(state, power, move) is None:
                        continue
                    sources.append((attack_value(s.unit, techs) * s.count, move))
                    extra += attack_value(s.unit, techs) * s.count
                    extra_units += s.count
            if not sources:
                continue
            has_land = any(DOMAIN[s.unit] is LAND for s in present) or any(
                DOMAIN[m.units[0][0]] is LAND for _, m in sources
            )
            total = attack + extra
            if not has_land or total < 1.4 * defence + 2 or mine + extra_units < count:
                continue
            score = value + total / max(defence, 1)
            sources.sort(key=lambda sm: -sm[0])
            move = next((m for _, m in sources if self._try(state, power, m) is not None), None)
            if move is not None and (best is None or score > best[0]):
                best = (score, move)
        return None if best is None else best[1]

    def _garrison(self, state: AAState, power: int, where: int, s: Stack) -> int:
        """Units of this stack to keep home: the capital keeps its infantry when enemies are near."""
        if where == CAPITAL[power] and s.unit == "infantry" and self._threat(state, power, where) > 0:
            return s.count
        return 0

    def _threat(self, state: AAState, power: int, where: int) -> int:
        return sum(
            attack_value(s.unit, state.techs[s.power]) * s.count
            for n in NEIGHBOURS[where]
            if not IS_SEA[n]
            for s in enemy_fighting(state, n, power)
        )

    def _naval_attack(self, state: AAState, power: int) -> Action | None:
        techs = state.techs[power]
        for where in range(SIZE):
            if not IS_SEA[where]:
                continue
            ships = [s for s in self._movable(state, power, where, SEA) if s.unit != "transport"]
            if not ships:
                continue
            attack = sum(attack_value(s.unit, techs) * s.count for s in ships)
            for n in NEIGHBOURS[where]:
                if not IS_SEA[n] or not enemy_units(state, n, power):
                    continue
                defence = sum(
                    defense_value(s.unit, state.techs[s.power]) * s.count
                    for s in enemy_fighting(state, n, power)
                )
                if attack >= 2 * defence + 2:
                    units = tuple((s.unit, s.count) for s in ships)
                    move = self._try(state, power, Move(_merge(units), (NAMES[where], NAMES[n])))
                    if move is not None:
                        return move
        return None

    def _amphibious(self, state: AAState, power: int) -> Action | None:
        """Loaded transports next to weakly held (or empty) enemy coast land their cargo."""
        for zone in range(SIZE):
            if not IS_SEA[zone] or enemy_ships(state, zone, power):
                continue
            boats = [
                s
                for s in state.units[zone]
                if s.power == power
                and s.unit == "transport"
                and s.cargo
                and not s.flags & UNLOADED
                and s.target < 0
            ]
            if not boats:
                continue
            cargo: dict[str, int] = {}
            for b in boats:
                for u in b.cargo:
                    cargo[u] = cargo.get(u, 0) + b.count
            attack = sum(attack_value(u) * n for u, n in cargo.items())
            for land in NEIGHBOURS[zone]:
                if not hostile_land(state, land, power):
                    continue
                defence = sum(defense_value(s.unit) * s.count for s in enemy_fighting(state, land, power))
                if attack >= 1.5 * defence + 1:
                    units = tuple((u, n) for u, n in cargo.items() if u != "aa_gun")
                    if not units:
                        continue
                    move = self._try(state, power, Move(units, (NAMES[zone], NAMES[land])))
                    if move is not None:
                        return move
        return None

    # ---- non-combat move -----------------------------------------------------------------------------

    def _noncombat_move(self, state: AAState, power: int) -> Action | None:
        for finder in (
            self._land_aircraft,
            self._cover_capital,
            self._ferry,
            self._advance,
            self._fly_to_front,
        ):
            move = finder(state, power)
            if move is not None:
                return move
        return None

    def _land_aircraft(self, state: AAState, power: int) -> Action | None:
        techs = state.techs[power]
        for where in range(SIZE):
            for s in self._movable(state, power, where, AIR):
                if landing_spot(state, power, where, s.unit) and not (
                    IS_SEA[where] and _carrier_short(state, where, power)
                ):
                    continue
                left = remaining(s, techs)
                best = None
                for spot in self._landings(state, power, where, s.unit, left):
                    path = shortest_air_path(state, power, where, spot)
                    if path is None or len(path) - 1 > left:
                        continue
                    move = self._try(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
                    if move is not None and (best is None or len(path) < best[0]):
                        best = (len(path), move)
                if best is not None:
                    return best[1]
        return None

    def _landings(self, state: AAState, power: int, start: int, unit: str, left: int) -> list[int]:
        seen = {start: 0}
        queue = deque([start])
        found = []
        while queue:
            here = queue.popleft()
            if here != start and landing_spot(state, power, here, unit):
                found.append(here)
            if seen[here] >= left:
                continue
            for n in NEIGHBOURS[here]:
                if n not in seen and not untaken_neutral(state, n):
                    seen[n] = seen[here] + 1
                    queue.append(n)
        return found

    def _cover_capital(self, state: AAState, power: int) -> Action | None:
        capital = CAPITAL[power]
        if state.owner[capital] != power:
            return None
        threat = self._threat(state, power, capital)
        guard = sum(
            defense_value(s.unit) * s.count for s in state.units[capital] if SIDE[s.power] == SIDE[power]
        )
        if threat <= guard:
            return None
        for n in NEIGHBOURS[capital]:
            if IS_SEA[n] or not friendly_land(state, n, power):
                continue
            for s in self._movable(state, power, n, LAND):
                move = self._try(state, power, Move(((s.unit, s.count),), (NAMES[n], NAMES[capital])))
                if move is not None:
                    return move
        return None

    def _front_distance(self, state: AAState, power: int) -> dict[int, int]:
        """Steps over friendly land from each friendly territory to the nearest hostile land."""
        dist: dict[int, int] = {}
        queue: deque[int] = deque()
        for t in range(SIZE):
            if hostile_land(state, t, power):
                dist[t] = 0
                queue.append(t)
        while queue:
            here = queue.popleft()
            for n in NEIGHBOURS[here]:
                if n not in dist and friendly_land(state, n, power):
                    dist[n] = dist[here] + 1
                    queue.append(n)
        return dist

    def _advance(self, state: AAState, power: int) -> Action | None:
        """Land units away from the front step toward it over friendly land."""
        dist = self._front_distance(state, power)
        techs = state.techs[power]
        for where in range(SIZE):
            if IS_SEA[where] or dist.get(where, 99) <= 1 or where not in dist:
                continue
            for s in self._movable(state, power, where, LAND):
                if s.unit == "aa_gun":
                    continue
                keep = self._garrison(state, power, where, s)
                k = s.count - keep
                if k <= 0:
                    continue
                steps = min(remaining(s, techs), movement(s.unit, techs))
                path = [where]
                for _ in range(steps):
                    here = path[-1]
                    nxt = [
                        n
                        for n in NEIGHBOURS[here]
                        if friendly_land(state, n, power) and dist.get(n, 99) < dist[here]
                    ]
                    if not nxt:
                        break
                    path.append(min(nxt))
                if len(path) < 2:
                    continue
                move = self._try(state, power, Move(((s.unit, k),), tuple(NAMES[x] for x in path)))
                if move is not None:
                    return move
        return None

    def _fly_to_front(self, state: AAState, power: int) -> Action | None:
        """Fresh fighters and bombers fly to the friendly territory nearest the enemy they can reach."""
        dist = self._front_distance(state, power)
        techs = state.techs[power]
        for where in range(SIZE):
            if IS_SEA[where] or dist.get(where, 0) <= 1:
                continue
            for s in self._movable(state, power, where, AIR):
                if s.moved:
                    continue
                options = [
                    t
                    for t in self._landings(state, power, where, s.unit, remaining(s, techs))
                    if not IS_SEA[t] and dist.get(t, 99) < dist.get(where, 99)
                ]
                if not options:
                    continue
                goal = min(options, key=lambda t: (dist.get(t, 99), t))
                path = shortest_air_path(state, power, where, goal)
                if path is None:
                    continue
                move = self._try(state, power, Move(((s.unit, s.count),), tuple(NAMES[x] for x in path)))
                if move is not None:
                    return move
        return None

    def _ferry(self, state: AAState, power: int) -> Action | None:
        """Transports: unload at a friendly front coast, carry cargo toward one, or pick up troops."""
        dist = self._front_distance(state, power)
        targets = {
            z for t, d in dist.items() if 1 <= d <= 2 and not IS_SEA[t] for z in NEIGHBOURS[t] if IS_SEA[z]
        }
        for zone in range(SIZE):
            if not IS_SEA[zone]:
                continue
            boats = [
                s
                for s in state.units[zone]
                if s.power == power and s.unit == "transport" and s.target < 0 and not s.flags & COMBAT
            ]
            if not boats:
                continue
            loaded = [b for b in boats if b.cargo]
            for b in loaded:
                shores = [
                    t
                    for t in NEIGHBOURS[zone]
                    if friendly_land(state, t, power) and 1 <= dist.get(t, 99) <= 2
                ]
                for shore in sorted(shores, key=lambda t: dist[t]):
                    units = _merge(tuple((u, b.count) for u in b.cargo))
                    move = self._try(state, power, Move(units, (NAMES[zone], NAMES[shore])))
                    if move is not None:
                        return move
                if b.flags & UNLOADED:
                    continue
                path = self._sea_path(state, power, zone, targets)
                if path is not None and len(path) > 1:
                    steps = min(len(path) - 1, remaining(b, state.techs[power]))
                    if steps > 0:
                        name = "transport:" + "+".join(b.cargo)
                        move = self._try(
                            state, power, Move(((name, b.count),), tuple(NAMES[x] for x in path[: steps + 1]))
                        )
                        if move is not None:
                            return move
            empty = [b for b in boats if not b.cargo and not b.flags & UNLOADED]
            if not empty:
                continue
            for shore in NEIGHBOURS[zone]:
                if IS_SEA[shore] or not friendly_land(state, shore, power) or dist.get(shore, 99) <= 2:
                    continue
                idle = [
                    s
                    for s in self._movable(state, power, shore, LAND)
                    if s.unit in ("infantry", "tank", "artillery")
                ]
                for s in sorted(idle, key=lambda s: s.unit != "tank"):
                    n = 1 if s.unit == "tank" else min(2, s.count)
                    move = self._try(state, power, Move(((s.unit, n),), (NAMES[shore], NAMES[zone])))
                    if move is not None:
                        return move
        return None

    def _sea_path(self, state: AAState, power: int, start: int, goals: set[int]) -> list[int] | None:
        if not goals:
            return None
        snapshot = state.start_owner or state.owner
        prev = {start: start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if here in goals and here != start:
                path = [here]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                return path[::-1]
            for n in NEIGHBOURS[here]:
                if n in prev or not IS_SEA[n] or enemy_units(state, n, power):
                    continue
                lands = canal_lands(here, n)
                if lands is not None and not all(friendly_owner(snapshot[t], power) for t in lands):
                    continue
                prev[n] = here
                queue.append(n)
        return None

    # ---- mobilize ------------------------------------------------------------------------------------

    def _place(self, state: AAState, power: int) -> Action | None:
        if not state.bought:
            return None
        dist = self._front_distance(state, power)
        for unit, n in state.bought:
            spots = [w for w in range(SIZE) if can_place(state, power, unit, w)]
            if not spots:
                continue

            def rank(w: int) -> tuple[int, int, int]:
                if IS_SEA[w]:
                    boats = sum(s.count for s in state.units[w] if s.power == power and s.unit == "transport")
                    return (0, -boats, w)
                return (0 if w == CAPITAL[power] and self._threat(state, power, w) else 1, dist.get(w, 99), w)

            where = min(spots, key=rank)
            k = min(n, can_place(state, power, unit, where))
            return Place(((unit, k),), NAMES[where])
        return None


def _carrier_short(state: AAState, where: int, power: int) -> bool:
    from rules.axis_allies.reach import carrier_room

    return carrier_room(state, where, power) < 0


def _merge(units: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    out: dict[str, int] = {}
    for u, n in units:
        out[u] = out.get(u, 0) + n
    return tuple(out.items())
