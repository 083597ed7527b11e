"""The combat phase: which battles the combat move made, fighting them one at a time through
``rules.axis_allies.combat``, and writing each outcome back to the board (captures, retreats, cargo
landing after a sea battle, defending fighters whose carrier sank, raids and rockets).

Units cross into combat as ``Unit(owner, kind, tag)``; the tag (``units.Carried``) carries the
stack's movement state so survivors come back exactly as they went in.
"""

from __future__ import annotations

from collections import deque

from msgspec.structs import replace

from rules.axis_allies import combat
from rules.axis_allies.actions import Casualties, CasualtyOrder, PressOn, Retreat, Submerge
from rules.axis_allies.board import POWER_NAMES, POWERS
from rules.axis_allies.combat.casualties import remove as cas_remove
from rules.axis_allies.combat.raids import rocket_strike, strategic_bombing
from rules.axis_allies.common import (
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    counts_of,
    enemy_fighting,
    enemy_units,
    hostile_land,
    parse_unit,
    power_id,
    set_many,
    space,
)
from rules.axis_allies.control import capture
from rules.axis_allies.events import BattleStarted, UnitsLost, UnitsMoved
from rules.axis_allies.moves_common import allied_riders, remove_count
from rules.axis_allies.purchase import seats_by_power
from rules.axis_allies.retreats import (
    attacker_dive_zones,
    defender_dive_zones,
    rehome_fighters,
    retreat_places,
)
from rules.axis_allies.state import (
    AMPHIBIOUS,
    BOMBING,
    COMBAT,
    FOUGHT,
    RETREATED,
    SIDE,
    UNLOADED,
    AAState,
    Stack,
)
from rules.axis_allies.units import Carried, Domain, Unit, movement, unit_type, unit_words
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Action, Event
from rules.core.tuples import with_item

POWER_INDEX = {p: i for i, p in enumerate(POWERS)}


# ---- tags: a stack's movement state carried through a battle ---------------------------------------


def tag_of(s: Stack) -> Carried:
    return Carried(s.moved, s.flags, s.cargo, s.target, s.unloaded_to)


def stack_of(u: Unit, extra_flags: int = 0) -> Stack:
    c = u.carried
    return Stack(
        POWER_INDEX[u.owner], u.kind, 1, c.moved, c.flags | extra_flags, c.cargo, c.target, c.unloaded_to
    )


def units_of(stacks: list[Stack]) -> tuple[Unit, ...]:
    return tuple(
        Unit(power_id(s.power), s.unit, tag_of(s), bool(s.flags & AMPHIBIOUS))
        for s in stacks
        for _ in range(s.count)
    )


# ---- finding battles ---------------------------------------------------------------------------------


def find_battles(state: AAState) -> tuple[int, ...]:
    """Spaces where the moving power's units met enemies this combat move, raids and the targets of
    amphibious assaults waiting behind a sea battle."""
    power = state.power
    found: set[int] = set()
    for where, stacks in enumerate(state.units):
        mine = [s for s in stacks if s.power == power and s.flags & COMBAT]
        if not mine:
            continue
        if any(s.flags & BOMBING for s in mine):
            found.add(where)
        attackers = [s for s in mine if not s.flags & BOMBING]
        if attackers and enemy_fighting(state, where, power):
            found.add(where)
        for s in mine:
            if s.target >= 0:
                found.add(where)
                found.add(s.target)
    return tuple(sorted(found))


def blocking(state: AAState, where: int) -> int | None:
    """A sea battle that must be fought before the land battle in ``where`` (its cargo lands there)."""
    for zone in state.battles:
        if IS_SEA[zone] and zone != where and any(s.target == where for s in state.units[zone]):
            return zone
    return None


# ---- starting and running a battle -------------------------------------------------------------------


def start(state: AAState, where: int, cup: DiceCup, events: list[Event], bombard_limit: int = -1) -> AAState:
    """Fight the battle in ``where``. ``bombard_limit``: at most that many battleships bombard (-1: every
    battleship that may); the attacker's way of keeping a battleship for another assault."""
    if state.battle is not None:
        raise IllegalAction("battle_on", f"Finish the battle in {state.battle.where} first.")
    if where not in state.battles:
        listed = ", ".join(NAMES[b] for b in state.battles) or "none"
        raise IllegalAction(
            "no_battle", f"There is no battle to fight in {NAMES[where]}; battles left: {listed}."
        )
    first = blocking(state, where)
    if first is not None:
        raise IllegalAction(
            "sea_battle_first",
            f"Fight the sea battle in {NAMES[first]} first: the assault on {NAMES[where]} lands from there.",
        )
    power = state.power
    stacks = list(state.units[where])
    if any(s.power == power and s.flags & BOMBING for s in stacks):
        state = _raid(state, where, cup, events)
        if not _has_battle(state, where):
            return _done(state, where)
        stacks = list(state.units[where])
    sea = IS_SEA[where]
    # In a sea battle, transports waiting to land their cargo fight (and may be sunk) like any ship.
    attackers = [s for s in stacks if s.power == power and unit_type(s.unit).fights and not s.flags & BOMBING]
    if not enemy_fighting(state, where, power) or not attackers:
        return _settle_quiet(state, where, events)
    defenders = enemy_fighting(state, where, power)
    aa = next((s.power for s in enemy_units(state, where, power) if s.unit == "aa_gun"), None)
    planes = any(DOMAIN[s.unit] is Domain.AIR for s in attackers)
    bombard = bombarding(state, where)
    if bombard_limit >= 0:
        bombard = bombard[:bombard_limit]
    techs = {power_id(p): state.techs[p] for p in range(len(POWERS))}
    battle = combat.start_battle(
        NAMES[where],
        sea=sea,
        attacker=power_id(power),
        attackers=units_of(attackers),
        defenders=units_of(defenders),
        techs=techs,
        aa_gun=power_id(aa) if aa is not None and planes and not sea else None,
        bombard=units_of([ship for _, ship in bombard]),
        retreat_to=tuple(NAMES[x] for x in retreat_places(state, where, attackers)),
        attacker_dive_to=tuple(NAMES[x] for x in attacker_dive_zones(state, where)) if sea else (),
        defender_dive_to=tuple(NAMES[x] for x in defender_dive_zones(state, where)) if sea else (),
    )
    if bombard:
        state = _mark_bombarded(state, bombard)
    events.append(BattleStarted(power_id(power), NAMES[where], "sea" if sea else "land"))
    battle, happened = combat.advance(battle, cup, seats_by_power(state))
    events.extend(happened)
    state = replace(state, battle=battle)
    return _maybe_finish(state, cup, events)


def _has_battle(state: AAState, where: int) -> bool:
    power = state.power
    return bool(enemy_fighting(state, where, power)) and any(
        s.power == power and unit_type(s.unit).fights and not s.flags & BOMBING for s in state.units[where]
    )


def bombarding(state: AAState, where: int) -> list[tuple[int, Stack]]:
    """The battleships (one unit each, with their zone) that may bombard the land battle in ``where``:
    in a sea zone whose transports unloaded into ``where`` this combat move (the zones the assault came
    from), not having fought a sea battle or bombarded already this turn, and only if land units came
    ashore."""
    power = state.power
    if IS_SEA[where] or not any(s.power == power and s.flags & AMPHIBIOUS for s in state.units[where]):
        return []
    found = []
    for zone in NEIGHBOURS[where]:
        stacks = state.units[zone]
        if not IS_SEA[zone] or not any(
            s.power == power and s.unit == "transport" and s.unloaded_to == where for s in stacks
        ):
            continue
        for s in stacks:
            if s.power == power and s.unit == "battleship" and not s.flags & FOUGHT:
                found += [(zone, replace(s, count=1))] * s.count
    return found


def _mark_bombarded(state: AAState, ships: list[tuple[int, Stack]]) -> AAState:
    """The battleships that bombarded have had their one shot this turn (FOUGHT)."""
    changes: dict[int, list[Stack]] = {}
    for zone, ship in ships:
        stacks = changes.setdefault(zone, list(state.units[zone]))
        i = next(i for i, s in enumerate(stacks) if s.key() == ship.key() and s.count > 0)
        stacks[i] = replace(stacks[i], count=stacks[i].count - 1)
        stacks.append(replace(ship, flags=ship.flags | FOUGHT))
    return set_many(state, changes)


def decide(state: AAState, seat_power: int, action: Action, cup: DiceCup, events: list[Event]) -> AAState:
    battle = state.battle
    assert battle is not None and battle.pending is not None
    pending = battle.pending
    power = POWER_INDEX[pending.power]
    choice: combat.Choice
    if isinstance(action, Casualties):
        choice = combat.TakeCasualties(_pick_casualties(state, battle, power, action))
    elif isinstance(action, CasualtyOrder):
        choice = combat.OrderCasualties(tuple(_power_named(p) for p in action.powers))
    elif isinstance(action, PressOn):
        choice = combat.PressOn()
    elif isinstance(action, Retreat):
        choice = combat.Retreat(NAMES[space(action.to)])
    elif isinstance(action, Submerge):
        subs = tuple(
            u
            for u in (battle.attackers if pending.power == battle.attacker else battle.defenders)
            if u.owner == pending.power and unit_type(u.kind).submarine
        )
        if not subs:
            raise IllegalAction("no_submarines", "You have no submarines in this battle to submerge.")
        choice = combat.Submerge(subs, NAMES[space(action.to)] if action.to else "")
    else:
        raise IllegalAction("battle_waiting", _waiting_text(battle))
    battle, happened = combat.decide(battle, pending.power, choice, cup, seats_by_power(state))
    events.extend(happened)
    state = replace(state, battle=battle)
    return _maybe_finish(state, cup, events)


def _power_named(text: str) -> str:
    key = text.strip().lower()
    aliases = {
        "ussr": "russia",
        "soviet union": "russia",
        "britain": "uk",
        "united kingdom": "uk",
        "us": "usa",
        "united states": "usa",
        "america": "usa",
    }
    key = aliases.get(key, key)
    if key not in POWER_INDEX:
        raise IllegalAction(
            "unknown_power", f"There is no power called “{text}”; powers are {', '.join(POWERS)}."
        )
    return key


def _waiting_text(battle: combat.Battle) -> str:
    pending = battle.pending
    if isinstance(pending, combat.AwaitCasualties):
        who, n = POWER_NAMES[pending.power], pending.total
        lose = f"{n} casualt{'y' if n == 1 else 'ies'}"
        return f"The battle in {battle.where} waits for {who} to choose {lose}."
    if isinstance(pending, combat.AwaitCasualtyOrder):
        who = ", ".join(POWER_NAMES[p] for p in pending.powers)
        return f"The battle in {battle.where} waits for the attacker to order the casualties of {who}."
    if isinstance(pending, combat.AwaitSubmerge):
        who = POWER_NAMES[pending.power]
        return f"The battle in {battle.where} waits for {who} to submerge submarines or stay."
    assert pending is not None  # only a battle that waits has a waiting text
    return f"The battle in {battle.where} waits for {combat.wants(pending)}."


def _pick_casualties(
    state: AAState, battle: combat.Battle, power: int, action: Casualties
) -> tuple[Unit, ...]:
    pid = power_id(power)
    pool = [u for u in (battle.attackers if pid == battle.attacker else battle.defenders) if u.owner == pid]
    # Of units of one kind, empty transports and the aircraft with the least range left go first.
    pool.sort(key=_casualty_preference)
    chosen: list[Unit] = []
    for name, n in action.units:
        kind, _ = parse_unit(name, True)
        of_kind = [u for u in pool if u.kind == kind]
        if len(of_kind) < n:
            raise IllegalAction(
                "not_in_battle", f"You have {unit_words(kind, len(of_kind))} in this battle, not {n}."
            )
        for u in of_kind[:n]:
            chosen.append(u)
            pool.remove(u)
    return tuple(chosen)


def _casualty_preference(u: Unit) -> tuple[str, int, int]:
    # Loaded transports rank by the length of their cargo's names, as the engine always has: a stored
    # game's replay must lose the same units.
    c = u.carried
    return (u.kind, len("+".join(c.cargo)), -c.moved)


def _maybe_finish(state: AAState, cup: DiceCup, events: list[Event]) -> AAState:
    battle = state.battle
    if battle is None or battle.stage is not combat.Stage.OVER:
        return state
    return finish(state, battle, cup, events)


def finish(state: AAState, battle: combat.Battle, cup: DiceCup, events: list[Event]) -> AAState:
    """Write a finished battle back to the board."""
    where = space(battle.where)
    power = state.power
    sea = IS_SEA[where]
    stacks = state.units[where]
    # Everything that went in comes out of the space; survivors are put back from the battle's units.
    fought_attack = [
        s for s in stacks if s.power == power and unit_type(s.unit).fights and not s.flags & BOMBING
    ]
    fought_defence = enemy_fighting(state, where, power)
    keep = [s for s in stacks if s not in fought_attack and s not in fought_defence]
    mark = FOUGHT if sea else 0
    keep += [stack_of(u, mark) for u in battle.attackers]
    keep += [stack_of(u) for u in battle.defenders]
    withdrawn = [u for w in battle.withdrawals for u in w.units]
    keep += [stack_of(u) for u in cas_remove(battle.submerged, withdrawn)]  # saved before withdrawals
    # Aircraft that retreated stay over the battle; the other retreating units go where they were sent.
    keep += [_retreated(u, mark) for u in battle.retreated if DOMAIN[u.kind] is Domain.AIR]
    changes: dict[int, list[Stack]] = {where: keep}
    gone = [u for u in battle.retreated if DOMAIN[u.kind] is not Domain.AIR]
    if gone and battle.retreated_to is not None:
        to = space(battle.retreated_to)
        # An ally's fighters aboard retreating carriers are cargo: they go with them (issue 29).
        room = 2 * sum(1 for u in gone if u.kind == "carrier")
        cargo = allied_riders(keep, power, room) if sea else []
        for s in cargo:
            remove_count(keep, s)
        changes[to] = [*state.units[to], *(_retreated(u, mark) for u in gone), *cargo]
    for w in battle.withdrawals:
        to = space(w.to)
        subs = [_retreated(u, mark) if u.owner == battle.attacker else stack_of(u) for u in w.units]
        changes[to] = [*changes.get(to, state.units[to]), *subs]
    state = set_many(state, changes)
    state = replace(state, battle=None)
    if sea:
        state = rehome_fighters(state, where, events)
        state = _sink_cargo(state, where, events)
        state = _land_waiting_cargo(state, where, events)
    elif (
        battle.result is combat.Outcome.ATTACKER
        and any(DOMAIN[u.kind] is Domain.LAND for u in battle.attackers)
        and hostile_land(state, where, power)
    ):
        state = capture(state, power, where, events)
    return _done(state, where)


def _sink_cargo(state: AAState, zone: int, events: list[Event]) -> AAState:
    """An ally's fighters aboard the attacker's carriers sink with them: cargo, they neither fight nor
    fly off in this turn (as a transport's cargo is lost with it). The attacker's own aircraft are in
    the air and land in the non-combat move, so they take no room here."""
    power = state.power
    stacks = state.units[zone]
    room = 2 * sum(s.count for s in stacks if s.unit == "carrier" and SIDE[s.power] == SIDE[power])
    allied = [s for s in stacks if s.unit == "fighter" and s.power != power and SIDE[s.power] == SIDE[power]]
    excess = sum(s.count for s in allied) - room
    if excess <= 0:
        return state
    keep = list(stacks)
    lost: list[Stack] = []
    for s in allied:
        n = min(excess, s.count)
        if n == 0:
            break
        lost.append(replace(s, count=n))
        remove_count(keep, lost[-1])
        excess -= n
    for p in sorted({s.power for s in lost}):
        gone = counts_of(s for s in lost if s.power == p)
        events.append(UnitsLost(power_id(p), NAMES[zone], gone, "carrier sunk, aboard as cargo"))
    return set_many(state, {zone: keep})


def _retreated(u: Unit, extra_flags: int = 0) -> Stack:
    return replace(stack_of(u, extra_flags | RETREATED), target=-1)


def _done(state: AAState, where: int) -> AAState:
    left = tuple(b for b in state.battles if b != where)
    # A land battle left with nobody to fight it (its landing was cancelled) is dropped.
    power = state.power
    left = tuple(
        b
        for b in left
        if IS_SEA[b]
        or blocking(replace(state, battles=left), b) is not None
        or any(s.power == power and s.flags & COMBAT for s in state.units[b])
    )
    return replace(state, battles=left)


def _settle_quiet(state: AAState, where: int, events: list[Event]) -> AAState:
    """A battle with nobody left to fight on one side: land units take an empty territory."""
    power = state.power
    if (
        not IS_SEA[where]
        and hostile_land(state, where, power)
        and not enemy_fighting(state, where, power)
        and any(s.power == power and DOMAIN[s.unit] is Domain.LAND for s in state.units[where])
    ):
        state = capture(state, power, where, events)
    if IS_SEA[where]:
        state = _land_waiting_cargo(state, where, events)
    return _done(state, where)


def _land_waiting_cargo(state: AAState, zone: int, events: list[Event]) -> AAState:
    """Transports whose cargo waited for this zone to be cleared land it now (if the zone is clear)."""
    power = state.power
    waiting = [s for s in state.units[zone] if s.power == power and s.target >= 0]
    if not waiting:
        return state
    still_hostile = any(s.unit != "submarine" for s in enemy_units(state, zone, power))
    techs = state.techs[power]
    changes: dict[int, list[Stack]] = {zone: [s for s in state.units[zone] if s not in waiting]}
    landed_at: set[int] = set()
    for s in waiting:
        if still_hostile:
            changes[zone].append(replace(s, target=-1))
            continue
        target = s.target
        changes[zone].append(replace(s, target=-1, cargo=(), flags=s.flags | UNLOADED, unloaded_to=target))
        ashore = [Stack(power, u, s.count, movement(u, techs), COMBAT | AMPHIBIOUS) for u in s.cargo]
        changes.setdefault(target, list(state.units[target])).extend(ashore)
        events.append(UnitsMoved(power_id(power), counts_of(ashore), (NAMES[zone], NAMES[target]), "unload"))
        landed_at.add(target)
    state = set_many(state, changes)
    for target in sorted(landed_at):
        if hostile_land(state, target, power) and not enemy_fighting(state, target, power):
            state = capture(state, power, target, events)
            state = replace(state, battles=tuple(b for b in state.battles if b != target))
    return state


# ---- raids and rockets -------------------------------------------------------------------------------


def _raid(state: AAState, where: int, cup: DiceCup, events: list[Event]) -> AAState:
    power = state.power
    victim = state.owner[where]
    bombers = [s for s in state.units[where] if s.power == power and s.flags & BOMBING]
    units = units_of(bombers)
    aa = any(s.unit == "aa_gun" and SIDE[s.power] != SIDE[power] for s in state.units[where])
    events.append(BattleStarted(power_id(power), NAMES[where], "raid"))
    result, happened = strategic_bombing(
        NAMES[where],
        attacker=power_id(power),
        defender=power_id(victim),
        bombers=units,
        defender_ipcs=state.ipcs[victim],
        aa_gun=aa,
        techs=state.techs[power],
        cup=cup,
        seats=seats_by_power(state),
    )
    events.extend(happened)
    keep = [s for s in state.units[where] if s not in bombers]
    keep += [stack_of(u) for u in result.survivors]  # still flagged: they do not fight a battle too
    state = set_many(state, {where: keep})
    return replace(state, ipcs=with_item(state.ipcs, victim, state.ipcs[victim] - result.damage))


def rocket_sources(state: AAState, power: int, target: int) -> list[int]:
    """Territories with ``power``'s AA gun within 3 spaces (over land and sea) of ``target``."""
    found = []
    seen = {target: 0}
    queue = deque([target])
    while queue:
        here = queue.popleft()
        if any(s.unit == "aa_gun" and s.power == power for s in state.units[here]) and not IS_SEA[here]:
            found.append(here)
        if seen[here] == 3:
            continue
        for n in NEIGHBOURS[here]:
            if n not in seen:
                seen[n] = seen[here] + 1
                queue.append(n)
    return sorted(found)


def fire_rocket(state: AAState, power: int, target: int, cup: DiceCup, events: list[Event]) -> AAState:
    if "rockets" not in state.techs[power]:
        raise IllegalAction("no_rockets", "Only a power that has developed rockets can fire them.")
    if state.rocket_used:
        raise IllegalAction("rocket_used", "Rockets fire once a turn; yours has flown.")
    if state.battle is not None:
        raise IllegalAction("battle_on", "Finish the battle under way first.")
    if not hostile_land(state, target, power) or not any(
        s.unit == "factory" for s in enemy_units(state, target, power)
    ):
        raise IllegalAction("no_factory", f"There is no enemy industrial complex in {NAMES[target]}.")
    sources = rocket_sources(state, power, target)
    if not sources:
        raise IllegalAction("out_of_range", f"None of your AA guns is within 3 spaces of {NAMES[target]}.")
    victim = state.owner[target]
    damage, happened = rocket_strike(
        NAMES[sources[0]],
        NAMES[target],
        attacker=power_id(power),
        defender=power_id(victim),
        defender_ipcs=state.ipcs[victim],
        techs=state.techs[power],
        cup=cup,
        seats=seats_by_power(state),
    )
    events.extend(happened)
    return replace(state, ipcs=with_item(state.ipcs, victim, state.ipcs[victim] - damage), rocket_used=True)
