"""What every kind of move shares: the ``Plan`` a checked move becomes, taking units from the stacks
in a space, which units may still make a move, the one-AA-gun-a-territory check, what a combat move
ending in land not friendly becomes (``plan_entry``), and the steps of performing a move that ends in
a battle or a neutral territory.

``movement.py`` (land, sea and air moves) and ``transport.py`` (loading and unloading) both build on
these; this module imports neither of them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from msgspec.structs import replace

from rules.axis_allies.common import DOMAIN, NAMES, enemy_fighting, power_id, set_many
from rules.axis_allies.events import NeutralEntered
from rules.axis_allies.reach import committed, remaining, untaken_neutral
from rules.axis_allies.state import COMBAT, SIDE, UNLOADED, AAState, Stack
from rules.axis_allies.units import Domain, label_words, movement
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item

LAND, AIR = Domain.LAND, Domain.AIR


Requests = list[tuple[str, tuple[str, ...] | None, int]]  # (unit, a transport's cargo or None, count)


@dataclass
class Plan:
    """A checked move: which stacks leave, what arrives where, and what happens on the way."""

    kind: str  # "land", "sea", "air", "load", "unload", "bridge"
    path: tuple[int, ...]
    taken: list[Stack] = field(default_factory=list)  # stacks (or parts) leaving path[0]
    battle: bool = False  # the destination will be fought over
    capture: list[int] = field(default_factory=list)  # hostile territories taken on the way / at the end
    neutral: int | None = None  # an untaken neutral territory entered (paid for)
    overfly: list[int] = field(default_factory=list)  # hostile AA guns flown over
    transports: list[tuple[Stack, Stack]] = field(default_factory=list)  # (before, after) in the zone
    landed: list[Stack] = field(default_factory=list)  # land units coming ashore at path[-1]
    deferred: bool = False  # cargo waits for the zone to be cleared
    riders: list[Stack] = field(default_factory=list)  # allied fighters carried by moving carriers


def take(
    stacks: list[Stack], wanted: int, match: list[Stack], label: str, where: int, held: int | None = None
) -> list[Stack]:
    """Take ``wanted`` units from the eligible stacks ``match`` (in preference order), updating ``stacks``.
    ``label``: the unit (``transport:infantry+tank`` for loaded transports); ``held``: how many of them
    the power has there in all, so a refusal can say whether they are missing or only unable to move."""
    have = sum(s.count for s in match)
    if have < wanted:
        there = NAMES[where]
        if held is not None and held > have:
            # The units are there but cannot go: too far for the movement left, or held where they
            # are (moved in the combat move, committed to a battle, unloaded).
            if have == 0 and held == 1:
                why = f"Your {label_words(label, 1, False)} in {there} cannot make that move: it has"
                why += " too little movement left, or it stays where it is this turn."
            elif have == 0:
                why = f"None of your {label_words(label, held)} in {there} can make that move: they have"
                why += " too little movement left, or they stay where they are this turn."
            else:
                why = f"Only {have} of your {label_words(label, held)} in {there} can make that move, not"
                why += (
                    f" {wanted}: the others have too little movement left, or stay where they are this turn."
                )
            raise IllegalAction("not_enough_units", why)
        if have == 0:
            raise IllegalAction("not_enough_units", f"You have no {label_words(label, 2, False)} in {there}.")
        raise IllegalAction(
            "not_enough_units",
            f"You have {label_words(label, have)} in {there} able to make that move, not {wanted}.",
        )
    taken = []
    for s in match:
        if wanted == 0:
            break
        n = min(wanted, s.count)
        wanted -= n
        taken.append(replace(s, count=n))
        i = stacks.index(s)
        if s.count == n:
            stacks.pop(i)
        else:
            stacks[i] = replace(s, count=s.count - n)
    return taken


def split(stacks: Iterable[Stack]) -> list[Stack]:
    """One stack per unit (transports are handled one by one)."""
    return [replace(s, count=1) for s in stacks for _ in range(s.count)]


# ---- planning ----------------------------------------------------------------------------------------


def no_aa_gun_in_combat_move(taken: list[Stack], combat: bool) -> None:
    """AA guns move only in the non-combat move: in the combat move one may sail aboard a transport
    already carrying it, never march, load or land (TripleA: "Cannot move AA guns in combat movement
    phase" for any route starting or ending on land; the published Classic rules likewise)."""
    if combat and any(s.unit == "aa_gun" for s in taken):
        raise IllegalAction(
            "aa_combat_move",
            "AA guns move only in the non-combat move (aboard a transport they may sail in the combat "
            "move, but not load or land).",
        )


def eligible(
    state: AAState,
    power: int,
    stacks: list[Stack],
    where: int,
    unit: str,
    cargo: tuple[str, ...] | None,
    steps: int,
    combat: bool,
) -> list[Stack]:
    techs = state.techs[power]
    found = []
    for s in stacks:
        if s.power != power or s.unit != unit or (cargo is not None and s.cargo != cargo):
            continue
        if remaining(s, techs) < steps or s.target >= 0 or s.flags & UNLOADED:
            continue
        if not combat and s.flags & COMBAT and DOMAIN[unit] is not AIR:
            continue
        if combat and committed(state, s, where):
            continue
        found.append(s)
    # Loaded transports first (moving a transport moves its cargo), then the most-travelled units
    # able to make the move, so fresher ones stay free for longer moves.
    found.sort(key=lambda s: (-len(s.cargo), -s.moved, s.flags))
    return found


def allied_riders(staying: list[Stack], power: int, room_leaving: int) -> list[Stack]:
    """The allied fighters aboard carriers that leave a sea zone (a move or a retreat): those the
    friendly carriers ``staying`` lack room for, up to ``room_leaving`` (2 a leaving carrier). The
    mover's own fighters staying keep their places (they are its to fly off); an ally's cannot move
    in this turn, so they are cargo."""
    if not room_leaving:
        return []
    friendly = [s for s in staying if SIDE[s.power] == SIDE[power]]
    carriers = sum(s.count for s in friendly if s.unit == "carrier")
    own = sum(s.count for s in friendly if s.power == power and s.unit == "fighter")
    allied = [s for s in friendly if s.unit == "fighter" and s.power != power]
    excess = min(max(sum(s.count for s in allied) - max(2 * carriers - own, 0), 0), room_leaving)
    riders = []
    for s in allied:
        if excess == 0:
            break
        n = min(excess, s.count)
        riders.append(replace(s, count=n))
        excess -= n
    return riders


def check_aa_room(state: AAState, where: int, arriving: list[Stack]) -> None:
    """One AA gun per territory, moved in as well as placed (TripleA's "Multiple AA Per Territory" off)."""
    guns = sum(s.count for s in arriving if s.unit == "aa_gun")
    if guns and guns + sum(s.count for s in state.units[where] if s.unit == "aa_gun") > 1:
        raise IllegalAction(
            "one_aa_gun", f"A territory holds one AA gun; {NAMES[where]} cannot take another."
        )


def check_neutral_charge(state: AAState, power: int, land: int) -> None:
    """Entering an untaken neutral first costs ``neutral_charge`` IPCs (paid by ``enter_neutral``), over
    land or from the sea alike."""
    charge = state.options.neutral_charge
    if state.ipcs[power] < charge:
        raise IllegalAction(
            "neutral_charge",
            f"Entering neutral {NAMES[land]} first costs {charge} IPCs; you have {state.ipcs[power]}.",
        )


def plan_entry(state: AAState, power: int, land: int, p: Plan) -> None:
    """A combat move ending in ``land``, which is not friendly: an untaken neutral is paid for (checked
    here, paid by ``enter_neutral``) and entered; enemy land is fought for if defended, else taken."""
    if untaken_neutral(state, land):
        check_neutral_charge(state, power, land)
        p.neutral = land
    elif enemy_fighting(state, land, power):
        p.battle = True
    else:
        p.capture.append(land)


# ---- performing --------------------------------------------------------------------------------------


def enter_neutral(state: AAState, power: int, where: int, events: list[Event]) -> AAState:
    """The first power into a neutral pays the charge and takes it; its units stop there."""
    charge = state.options.neutral_charge
    state = replace(state, ipcs=with_item(state.ipcs, power, state.ipcs[power] - charge))
    events.append(NeutralEntered(power_id(power), NAMES[where], charge))
    state = replace(
        state,
        owner=with_item(state.owner, where, power),
        captured=tuple(sorted({*state.captured, where})),
    )
    return _stop_units(state, where, power, state.techs[power])


def note_origin(state: AAState, battle: int, came_from: int) -> AAState:
    """Remember that attackers entered the battle in ``battle`` from ``came_from`` (retreats go there)."""
    pair = (battle, came_from)
    if pair in state.attack_origins:
        return state
    return replace(state, attack_origins=(*state.attack_origins, pair))


def remove_count(stacks: list[Stack], part: Stack) -> None:
    for i, s in enumerate(stacks):
        if s.key() == part.key() and s.count >= part.count:
            if s.count == part.count:
                stacks.pop(i)
            else:
                stacks[i] = replace(s, count=s.count - part.count)
            return
    raise AssertionError(f"{part} not found")


def _stop_units(state: AAState, where: int, power: int, techs: tuple[str, ...]) -> AAState:
    stacks = [
        replace(s, moved=movement(s.unit, techs)) if s.power == power and DOMAIN[s.unit] is LAND else s
        for s in state.units[where]
    ]
    return set_many(state, {where: stacks})
