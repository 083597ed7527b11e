"""Autocomplete, paths and casualty menus for /aa, read from the game state. Suggestions only: the
engine validates every action again. Pure functions (no Discord), tested in
tests/bot/axis_allies/test_aa_helpers.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from bot.games.axis_allies.units import (
    ALIASES,
    SHORT_FORMS,
    UnitCounts,
    parse_units,
    unit_label,
    units_text,
    units_value,
)
from bot.models import ServiceError
from rules.axis_allies import combat
from rules.axis_allies.actions import Move
from rules.axis_allies.board import POWER_NAMES, UnknownTerritory, classic_board
from rules.axis_allies.common import NAMES, ipcs_text
from rules.axis_allies.engine import acting_power
from rules.axis_allies.legal import moves
from rules.axis_allies.mobilize import placeable
from rules.axis_allies.state import AAState, Stack
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES, cost, is_air, is_sea, unit_word

Choice = tuple[str, str]  # (what the player sees, the value sent back)


def space_name(text: str) -> str:
    """The board's name for what a player typed (aliases, short forms, prefixes); a sentence if none."""
    try:
        return classic_board().lookup(text.strip()).name
    except UnknownTerritory as missing:
        raise ServiceError("unknown_space", str(missing)) from None


def shown(text: str) -> str:
    """``text`` with spaces named as players read them ("Mediterranean", not TripleA's key)."""
    return classic_board().shown(text)


def _matches(typed: str, *names: str) -> bool:
    """Either spelling matches: the key ("Mediteranean") and the name players read."""
    wanted = typed.strip().lower().replace(" ", "").replace(".", "")
    spellings = [*names, *(shown(n) for n in names)]
    return not wanted or any(wanted in n.lower().replace(" ", "").replace(".", "") for n in spellings)


def _stack_name(s: Stack) -> str:
    if s.unit == "transport":
        return "transport:" + ("+".join(s.cargo) if s.cargo else "empty")
    return s.unit


def movable(state: AAState, power: int, where: int) -> UnitCounts:
    """The power's units in a space as move-able names (transports with their cargo), in unit order."""
    counts: Counter[str] = Counter()
    for s in state.units[where]:
        if s.power == power and s.unit != "factory":
            counts[_stack_name(s)] += s.count
    return tuple(sorted(counts.items(), key=lambda kv: (UNIT_ORDER.index(kv[0].partition(":")[0]), kv[0])))


def unit_sources(state: AAState, typed: str) -> list[Choice]:
    power = acting_power(state)
    found = []
    for where, name in enumerate(NAMES):
        units = movable(state, power, where)
        if units and _matches(typed, name):
            found.append((f"{shown(name)} ({units_text(units)})", name))
    return found


def move_units(state: AAState, source: str, typed: str) -> list[Choice]:
    """Ways to pick units in ``source``: everything, each kind whole, each kind one at a time."""
    try:
        where = classic_board().lookup(source).index
    except (UnknownTerritory, ValueError):
        return []
    units = movable(state, acting_power(state), where)
    options: list[Choice] = []
    if len(units) > 1:
        options.append((f"all: {units_text(units)}", units_value(units)))
    for name, n in units:
        options.append((unit_label(name, n), units_value([(name, n)])))
        if n > 1:
            options.append((unit_label(name, 1), units_value([(name, 1)])))
    return [o for o in options if _matches(typed, o[0], o[1])]


def destinations(state: AAState, source: str, typed: str) -> list[Choice]:
    """Spaces one legal step from ``source`` first, then every space matching what was typed."""
    near: list[str] = []
    for action in moves(state, acting_power(state)):
        if isinstance(action, Move) and action.path[0] == source and action.path[-1] not in near:
            near.append(action.path[-1])
    rest = [n for n in NAMES if n not in near and n != source]
    return [(shown(n), n) for n in [*near, *rest] if _matches(typed, n)]


def spaces(typed: str, names: list[str] | tuple[str, ...] = NAMES) -> list[Choice]:
    return [(shown(n), n) for n in names if _matches(typed, n)]


def battle_spaces(state: AAState, typed: str) -> list[Choice]:
    return spaces(typed, [NAMES[b] for b in state.battles])


def retreat_spaces(state: AAState, typed: str) -> list[Choice]:
    return spaces(typed, list(state.battle.retreat_to) if state.battle else [])


def place_spots(state: AAState, typed: str) -> list[Choice]:
    found: dict[str, list[str]] = {}
    for unit, where in placeable(state, acting_power(state)):
        found.setdefault(NAMES[where], []).append(unit_word(unit))
    return [(f"{shown(n)} ({', '.join(units)})", n) for n, units in found.items() if _matches(typed, n)]


def waiting_units(state: AAState, typed: str) -> list[Choice]:
    """The purchased units still to place: all of them, or one kind."""
    bought = tuple(state.bought)
    options = [(f"all: {units_text(bought)}", units_value(bought))] if len(bought) > 1 else []
    options += [(unit_label(u, n), units_value([(u, n)])) for u, n in bought]
    return [o for o in options if _matches(typed, o[0], o[1])]


def purchases(state: AAState, typed: str) -> list[Choice]:
    """What was typed so far, priced, then each affordable unit with the most of it one can buy."""
    power = acting_power(state)
    ipcs, techs = state.ipcs[power], state.techs[power]
    options: list[Choice] = []
    try:
        wanted = parse_units(typed) if typed.strip() else ()
        price = sum(cost(u, techs) * n for u, n in wanted)
        if wanted:
            options.append((f"{units_text(wanted)}: {price} of your {ipcs_text(ipcs)}", units_value(wanted)))
    except ServiceError:
        pass
    for unit in UNIT_ORDER:
        kind = UNIT_TYPES[unit]
        price = cost(unit, techs)
        if (kind.optional and not state.options.optional_units) or price > ipcs:
            continue
        most = ipcs // price
        label = f"{unit_label(unit, most)}: {ipcs_text(most * price)} ({price} each)"
        options.append((label, f"{most} {unit}"))
    return [o for o in options if not typed.strip() or o is options[0] or _matches(typed, o[0])]


# ---- routes -----------------------------------------------------------------------------------------


def move_path(source: str, target: str, via: str | None = None) -> tuple[str, ...]:
    """The path of a move as a player typed its ends (and perhaps ``via``, spaces separated by commas).
    With only the ends, the engine takes the first shortest route its rules accept."""
    start, end = space_name(source), space_name(target)
    if via:
        return (start, *(space_name(p) for p in via.split(",") if p.strip()), end)
    return (start, end)


# ---- casualties ---------------------------------------------------------------------------------------

KINDS_PER_PAGE = 4  # a menu message has five rows: four kind selects, then confirm and the page buttons
MAX_OPTIONS = 25  # Discord's limit on a select's options
# Unit ids <-> the short forms players type (``aa_units.ALIASES``): a choice fits a custom id.
KIND_CODES = {ALIASES[short]: short for short in SHORT_FORMS.split(", ")}


def casualty_pool(battle: combat.Battle) -> dict[str, int]:
    """The deciding power's units in the battle that these hits can take, by kind, in unit order: only
    aircraft for AA fire, only ships when every hit is a submarine's."""
    pending = battle.pending
    assert isinstance(pending, combat.AwaitCasualties)
    side = battle.attackers if pending.power == battle.attacker else battle.defenders
    counts = Counter(u.kind for u in side if u.owner == pending.power and UNIT_TYPES[u.kind].fights)
    if pending.air_only:
        counts = Counter({k: n for k, n in counts.items() if is_air(k)})
    elif not pending.hits:
        counts = Counter({k: n for k, n in counts.items() if is_sea(k)})
    return {k: counts[k] for k in UNIT_ORDER if counts[k]}


def default_casualties(battle: combat.Battle) -> dict[str, int]:
    choice = combat.default_choice(battle)
    assert isinstance(choice, combat.TakeCasualties)
    counts = Counter(u.kind for u in choice.units)
    return {k: counts[k] for k in UNIT_ORDER if counts[k]}


def casualty_pages(battle: combat.Battle) -> list[list[str]]:
    """The pool's kinds in pages of ``KINDS_PER_PAGE``: the kinds of the rules' default choice first,
    then the others, each in unit order. Fixed for a battle's position, so a page shows the same kinds
    on every redraw (and after a restart)."""
    pool, default = casualty_pool(battle), default_casualties(battle)
    kinds = [k for k in pool if k in default] + [k for k in pool if k not in default]
    return [kinds[i : i + KINDS_PER_PAGE] for i in range(0, len(kinds), KINDS_PER_PAGE)] or [[]]


def count_options(most: int, chosen: int, limit: int = MAX_OPTIONS) -> list[int]:
    """The counts a "lose how many?" select offers: 0 to ``most`` when they fit in ``limit`` options;
    else 0, ``most`` and a window around ``chosen``, which moves with each choice (every redraw), so
    any count is a few picks away."""
    most = max(most, chosen)
    if most < limit:
        return list(range(most + 1))
    width = limit - 2
    low = min(max(chosen - width // 2, 1), most - width)
    return [0, *range(low, low + width), most]


def encode_pick(pick: Mapping[str, int]) -> str:
    """``{"infantry": 2, "bomber": 1}`` -> ``inf2.bmb1``: short forms, so that a choice among all ten
    kinds still fits a custom id (``decode_pick`` reads it, and the long ``infantry2.bomber1`` too)."""
    return ".".join(f"{KIND_CODES.get(k, k)}{n}" for k, n in pick.items() if n > 0) or "none"


def decode_pick(text: str) -> dict[str, int]:
    pick: dict[str, int] = {}
    for part in text.split("."):
        code = part.rstrip("0123456789")
        kind = ALIASES.get(code, code)
        if kind in UNIT_TYPES and part[len(code) :]:
            pick[kind] = int(part[len(code) :])
    return pick


def casualty_shortfall(battle: combat.Battle, pick: Mapping[str, int]) -> int:
    """How many casualties the choice still lacks (negative: how many too many)."""
    pending = battle.pending
    assert isinstance(pending, combat.AwaitCasualties)
    return pending.total - sum(pick.values())


def casualty_prompt(battle: combat.Battle, pick: Mapping[str, int]) -> str:
    pending = battle.pending
    assert isinstance(pending, combat.AwaitCasualties)
    chosen = sum(pick.values())
    limits = " (AA fire: aircraft only)" if pending.air_only else ""
    if pending.sea_hits:
        hits = "hit" if pending.sea_hits == 1 else "hits"
        limits += f" ({pending.sea_hits} submarine {hits}: ships only)"
    picked = units_text([(k, n) for k, n in pick.items() if n])
    missing = casualty_shortfall(battle, pick)
    if missing > 0:
        picked += f". Choose {missing} more"
    elif missing < 0:
        picked += f". That is {-missing} too many"
    return (
        f"**{shown(battle.where)}**: {POWER_NAMES[pending.power]} must lose {pending.total} "
        f"unit{'s' if pending.total != 1 else ''}{limits}. Chosen {chosen} of {pending.total}: {picked}."
    )
