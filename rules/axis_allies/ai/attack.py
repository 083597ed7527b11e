"""The AI's combat move: which battles to start and what to send.

For every enemy territory or fleet it gathers what could join an attack this turn (land units next
door, tanks two steps away, aircraft in range, loaded transports in reach, units a transport next to
both coasts can carry over) and estimates the battle with ``odds`` (exact, cached). It starts the
attack worth most (territory value, enemy units destroyed, own losses expected) among those with good
odds (a little lower for a side well ahead), and feeds it, one move per call, until the odds are high
or nothing more can come; then it looks for the next. An enemy capital (or an ally's in enemy hands)
is also attacked as a siege: when allied armies nearby would finish the attack, or when our side
out-produces the enemy's so far (``SIEGE``) that trading units wears it down. Capitals keep the
defence their threat calls for. Bombers no attack needs raid a factory (``ai.raids``); empty enemy
land is taken by the cheapest single unit that can get there.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.raids import raid
from rules.axis_allies.ai.survey import (
    AIR_STEPS,
    COASTS,
    LAND_STEPS,
    SEA_STEPS,
    View,
    counts,
    legal,
    merge_counts,
    movable,
    odds,
    sea_path,
)
from rules.axis_allies.common import (
    CAPITAL,
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    PRODUCTION,
    SIZE,
    enemy_fighting,
    enemy_ships,
    enemy_units,
    friendly_land,
    hostile_land,
    side_income,
)
from rules.axis_allies.reach import remaining, shortest_air_path
from rules.axis_allies.state import BOMBING, SIDE, UNLOADED
from rules.axis_allies.units import Domain, attack_value, defense_value

LAND, SEA, AIR = Domain.LAND, Domain.SEA, Domain.AIR
ENOUGH = 0.9  # feed an attack until it wins this often
START = 0.7  # start an attack only with at least these odds (everything in reach sent)
CAPITAL_START = 0.55
RICHER = 0.1  # odds a side out-producing the enemy's by a fifth gives up to start an attack
SIEGE = 2.0  # our side's income over the enemy's from which a capital is worn down by attrition
SIEGE_SHARE = 0.4  # the least share of a capital's defence (in attack points) a siege brings


@dataclass(frozen=True)
class Source:
    move: Move
    units: tuple[tuple[str, int], ...]  # the fighting units it brings
    kind: str = "land"  # land, tank2, unload, carry, bridge, air, ships


def combat_move(view: View) -> Move | None:
    for finder in (_feed, _naval, _start, raid, _grab):
        move = finder(view)
        if move is not None:
            return move
    return None


# ---- what can reach a target --------------------------------------------------------------------------


def spare(view: View, where: int, unit: str, count: int) -> int:
    """How many of ``count`` units may leave ``where`` and leave the defence its threat calls for."""
    need = view.capital_need(where)
    if not need:
        return count
    extra = view.defence(where) - need
    value = defense_value(unit, view.techs)
    if value == 0:
        return count
    return max(0, min(count, extra // value))


def land_sources(view: View, target: int) -> list[Source]:
    state, power = view.state, view.power
    found: list[Source] = []
    for n in NEIGHBOURS[target]:
        if IS_SEA[n]:
            continue
        for s in movable(state, power, n, LAND):
            k = spare(view, n, s.unit, s.count) if s.unit != "aa_gun" else 0
            if k > 0:
                found.append(Source(Move(((s.unit, k),), (NAMES[n], NAMES[target])), ((s.unit, k),)))
    for n, d in LAND_STEPS[target].items():
        if d != 2:
            continue
        for s in movable(state, power, n, LAND, 2):
            if s.unit != "tank":
                continue
            k = spare(view, n, s.unit, s.count)
            via = [m for m in NEIGHBOURS[n] if m in NEIGHBOURS[target] and friendly_land(state, m, power)]
            if k > 0 and via:
                path = (NAMES[n], NAMES[via[0]], NAMES[target])
                found.append(Source(Move((("tank", k),), path), (("tank", k),), "tank2"))
    return found


def sea_sources(view: View, target: int) -> list[Source]:
    """Cargo landed from transports (already next to the target, or in reach) and units carried over."""
    state, power = view.state, view.power
    techs = view.techs
    # A coast's zone counts if it is clear, or if our warships there are likely to clear it first
    # (the cargo then waits aboard for the sea battle: an amphibious assault past enemy ships).
    shores = {z for z in COASTS[target] if not enemy_ships(state, z, power) or _clearing(view, z)}
    found: list[Source] = []
    if not shores:
        return found
    for zone in range(SIZE):
        if not IS_SEA[zone]:
            continue
        for s in state.units[zone]:
            if (
                s.power != power
                or s.unit != "transport"
                or not s.cargo
                or s.flags & UNLOADED
                or s.target >= 0
            ):
                continue
            units = merge_counts(tuple((u, s.count) for u in s.cargo if u != "aa_gun"))
            if not units:
                continue
            if zone in shores:
                found.append(Source(Move(units, (NAMES[zone], NAMES[target])), units, "unload"))
                continue
            steps = remaining(s, techs)
            if steps <= 0 or min((AIR_STEPS[zone].get(z, 99) for z in shores), default=99) > steps:
                continue
            path = sea_path(state, power, zone, shores, steps)
            if path is not None:
                name = "transport:" + "+".join(s.cargo)
                move = Move(((name, s.count),), tuple(NAMES[x] for x in path))
                found.append(Source(move, units, "carry"))
    for zone in shores:
        empty = sum(
            s.count
            for s in state.units[zone]
            if s.power == power and s.unit == "transport" and not s.cargo and not s.flags & UNLOADED
        )
        if not empty or enemy_units(state, zone, power):
            continue
        for coast in NEIGHBOURS[zone]:
            if IS_SEA[coast] or coast == target or not friendly_land(state, coast, power):
                continue
            for s in movable(state, power, coast, LAND):
                if s.unit == "aa_gun":
                    continue
                k = min(spare(view, coast, s.unit, s.count), 2 * empty if s.unit != "tank" else empty)
                if k > 0:
                    bridge = (NAMES[coast], NAMES[zone], NAMES[target])
                    found.append(Source(Move(((s.unit, k),), bridge), ((s.unit, k),), "bridge"))
    return found


def _clearing(view: View, zone: int) -> bool:
    """Our units moved into ``zone`` this combat move to fight the enemy ships there, with good odds."""
    ours = present(view, zone)
    ours = {u: n for u, n in ours.items() if u != "transport"}
    return bool(ours) and judge(view, zone, ours)[0] >= START


def air_sources(view: View, target: int) -> list[Source]:
    state, power = view.state, view.power
    found: list[Source] = []
    for src in range(SIZE):
        for s in movable(state, power, src, AIR):
            left = remaining(s, view.techs)
            if AIR_STEPS[src].get(target, 99) > left - 1:
                continue
            if not IS_SEA[src] and spare(view, src, s.unit, s.count) < s.count:
                continue
            path = shortest_air_path(state, power, src, target)
            if path is None or len(path) - 1 > left - 1:
                continue
            move = Move(((s.unit, s.count),), tuple(NAMES[x] for x in path))
            found.append(Source(move, ((s.unit, s.count),), "air"))
    return found


def ship_sources(view: View, target: int) -> list[Source]:
    state, power = view.state, view.power
    found: list[Source] = []
    for zone, d in SEA_STEPS[target].items():
        if d == 0 or d > 2:
            continue
        ships = [s for s in movable(state, power, zone, SEA, max(d, 1)) if s.unit != "transport"]
        if not ships:
            continue
        path = [zone, target] if d == 1 else sea_path(state, power, zone, {target}, 2)
        if path is None:
            continue
        units = merge_counts(tuple((s.unit, s.count) for s in ships))
        found.append(Source(Move(units, tuple(NAMES[x] for x in path)), units, "ships"))
    return found


def sources(view: View, target: int) -> list[Source]:
    """Everything that could join an attack on ``target``, in the order it is sent."""
    if IS_SEA[target]:
        return ship_sources(view, target) + air_sources(view, target)
    land = land_sources(view, target)
    land.sort(key=lambda s: (s.units[0][0] != "infantry", s.move.path))
    return sea_sources(view, target) + land + air_sources(view, target)


# ---- judging an attack ----------------------------------------------------------------------------


def present(view: View, target: int) -> dict[str, int]:
    """Our units already committed to the battle in ``target`` (cargo waiting to land included;
    bombers raiding its factory are not in the battle)."""
    state = view.state
    units = counts([s for s in state.units[target] if s.power == view.power and not s.flags & BOMBING])
    for zone in COASTS[target]:
        for s in state.units[zone]:
            if s.power == view.power and s.target == target:
                for u in s.cargo:
                    units[u] = units.get(u, 0) + s.count
    return units


def value(view: View, target: int) -> float:
    state = view.state
    if IS_SEA[target]:
        return 0.0
    worth = 3.0 * PRODUCTION[target]
    if target in CAPITAL:  # an enemy capital, or an ally's to liberate
        worth += 60
    if any(n == CAPITAL[p] and SIDE[p] == view.side for p in range(5) for n in NEIGHBOURS[target]):
        worth += 8
    if any(s.unit == "factory" for s in state.units[target]):
        worth += 10
    return worth


def judge(view: View, target: int, units: dict[str, int]) -> tuple[float, float]:
    """(win chance, score) of attacking ``target`` with ``units``."""
    state = view.state
    dfn = counts(enemy_fighting(state, target, view.power))
    sea = IS_SEA[target]
    if not sea and not any(DOMAIN[u] is LAND for u, n in units.items() if n):
        return 0.0, -1e9
    attack = sum(attack_value(u, view.techs) * n for u, n in units.items())
    besieged = not sea and target in CAPITAL and siege(view)
    if attack < (SIEGE_SHARE if besieged else 0.6) * view.enemy_defence(target):
        return 0.0, -1e9  # hopeless: not worth the odds' time
    aa = any(s.unit == "aa_gun" for s in enemy_units(state, target, view.power))
    win, lost_a, lost_d = odds(units, dfn, sea, aa)
    if sea and any(s.unit == "transport" for s in enemy_units(state, target, view.power)):
        lost_d += 10
    return win, win * value(view, target) + lost_d - lost_a


def _add(units: dict[str, int], more: tuple[tuple[str, int], ...]) -> dict[str, int]:
    out = dict(units)
    for u, n in more:
        out[u] = out.get(u, 0) + n
    return out


def _battles_under_way(view: View) -> list[int]:
    state = view.state
    found = []
    for t in range(SIZE):
        if IS_SEA[t]:
            if enemy_units(state, t, view.power) and any(s.power == view.power for s in state.units[t]):
                found.append(t)
        elif hostile_land(state, t, view.power) and present(view, t):
            found.append(t)
    return found


def _feed(view: View) -> Move | None:
    """Add to an attack already started until its odds are high."""
    for target in _battles_under_way(view):
        units = present(view, target)
        if not enemy_fighting(view.state, target, view.power):
            continue
        if judge(view, target, units)[0] >= ENOUGH:
            continue
        for src in sources(view, target):
            move = legal(view.state, view.power, src.move)
            if move is not None:
                return move
    return None


def _naval(view: View) -> Move | None:
    return _open(view, [t for t in range(SIZE) if IS_SEA[t] and enemy_fighting(view.state, t, view.power)])


def _start(view: View) -> Move | None:
    return _open(
        view,
        [
            t
            for t in range(SIZE)
            if hostile_land(view.state, t, view.power) and enemy_fighting(view.state, t, view.power)
        ],
    )


def _open(view: View, targets: list[int]) -> Move | None:
    """Start the best attack with good odds: its first source that the engine accepts."""
    ranked: list[tuple[float, int, list[Source]]] = []
    for target in targets:
        found = sources(view, target)
        if not found:
            continue
        everything = present(view, target)
        for src in found:
            everything = _add(everything, src.units)
        win, score = judge(view, target, everything)
        if _worth(view, target, everything, win, score):
            ranked.append((score, target, found))
    ranked.sort(key=lambda r: (-r[0], r[1]))
    for _score, target, found in ranked:
        ok = [src for src in found if legal(view.state, view.power, src.move) is not None]
        everything = present(view, target)
        for src in ok:
            everything = _add(everything, src.units)
        win, score = judge(view, target, everything)
        if ok and _worth(view, target, everything, win, score):
            return ok[0].move
    return None


def _worth(view: View, target: int, units: dict[str, int], win: float, score: float) -> bool:
    """Good odds and a gain; against an enemy capital, also a siege (an attack of at least two
    fifths of its defence): when our allies' armies within reach of it would finish what ours
    starts, or when our side out-produces the enemy's so far that trading units wears it down."""
    state = view.state
    capital = target in CAPITAL  # the enemy's, or an ally's it holds
    start = CAPITAL_START if capital else START
    if side_income(state, view.side) >= 1.2 * side_income(state, 1 - view.side):
        start -= RICHER  # a side well ahead can afford to trade units
    if win >= start and score > 0:
        return True
    if not capital or score < -1e8:
        return False
    defence = view.enemy_defence(target)
    ours = sum(attack_value(u, view.techs) * n for u, n in units.items())
    if ours < SIEGE_SHARE * defence:
        return False
    return siege(view) or ours + _allied_reach(view, target) >= 1.2 * defence


def siege(view: View) -> bool:
    """Our side produces at least SIEGE times what the enemy's does: attacks on its capital that
    only trade units are worth making (and fighting to the end)."""
    return side_income(view.state, view.side) >= SIEGE * max(side_income(view.state, 1 - view.side), 1)


def _allied_reach(view: View, target: int) -> int:
    """The attack our allies' loaded transports (within two zones) and land units next door could
    bring against ``target``."""
    state = view.state
    total = 0
    for where, d in AIR_STEPS[target].items():
        if d > 3:
            continue
        for s in state.units[where]:
            if s.power == view.power or SIDE[s.power] != view.side:
                continue
            techs = state.techs[s.power]
            if IS_SEA[where] and s.unit == "transport" and s.cargo:
                if min((SEA_STEPS[where].get(z, 9) for z in COASTS[target]), default=9) <= 2:
                    total += sum(attack_value(u, techs) for u in s.cargo) * s.count
            elif d == 1 and DOMAIN[s.unit] is LAND:
                total += attack_value(s.unit, techs) * s.count
    return total


def _grab(view: View) -> Move | None:
    """Take empty enemy land with one unit: infantry first, from where it is least needed."""
    state, power = view.state, view.power
    best: tuple[tuple[float, int], Move] | None = None
    for target in range(SIZE):
        if not hostile_land(state, target, power) or enemy_fighting(state, target, power):
            continue
        if present(view, target):
            continue
        options: list[tuple[int, Move]] = []
        for src in land_sources(view, target) + sea_sources(view, target):
            if src.kind == "carry":
                continue
            unit = src.units[0][0]
            options.append((0 if unit == "infantry" else 1, Move(((unit, 1),), src.move.path)))
        options.sort(key=lambda o: (o[0], o[1].path))
        for _rank, move in options:
            if legal(state, power, move) is not None:
                key = (-value(view, target), target)
                if best is None or key < best[0]:
                    best = (key, move)
                break
    return None if best is None else best[1]
