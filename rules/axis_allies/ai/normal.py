"""The Axis & Allies AI at level ``normal``: today's AI (``AxisAlliesAI``, level ``easy``) with two
plans put before its combat move and one before its non-combat move, after the lead TripleA's ProAI
sets (gather on the capital, attack it when the odds are there; deny the enemy the territories that
decide the game).

- Capitals: the enemy capital our goals name (the Axis: Moscow, then London, then Washington; the
  Allies: Berlin and Tokyo, an ally's capital in enemy hands first) is attacked with everything in
  reach, amphibious landings included, from PUSH odds, below the ``easy`` AI's threshold for
  capitals: a capital taken is worth a whole front of territories.
- The economic line: while the Axis produce within GUARD of the economic victory's line, the Allies
  retake Axis-held territories that produce, richest first, from LINE odds even when the trade of
  units costs more than the territory is worth. The Axis go for Allied ones the same way from the
  first round (AXIS_GUARD is the whole line): the line is how they win, and against ``easy`` this
  doubled their wins (12 of 20 games against 5 within GUARD only, 2026-11-28).
- Gathering (the Axis): land armies step toward the main goal capital (Moscow first) over friendly
  land they would hold, so that the push has an army to push with; the easy AI only brings units up
  to the nearest front. Tried for the Allies too, it lost them games (their goals are across the sea).
- Relieving Moscow (the UK and the USA, ``ai.convoy``): German-held Karelia landed on with the army
  loaded in the combat move itself, and, while Moscow is threatened, Karelia the first destination
  of their shipping.
- Holding Karelia (the Allies, ``ai.reserve`` and ``ai.bastion``): a capital's aircraft join an attack
  under way below ENOUGH odds when they can fly back (the USSR's first attack on Ukraine: 64% to 90%),
  and the capital's army holds the factory next to it (Karelia) as far as the capital stays covered
  once it stands there. Where Karelia was Soviet at the USSR's second turn, the normal Allies won 18 of
  23 games against the easy Axis and lost none (``aav18-t``).
- Filling the transports (the Allies against Tokyo alone, FILL, off since the thirteenth stop): an
  island power with FILL transport slots empty buys tanks where the easy AI would buy more transports.
  With the wave's cap (``landing.CAP``) it turned every other purchase of transports for an army
  waiting at home into tanks (the transports just bought stand empty until loaded).
- Free ports (FREE_PORTS): empty transports sail for the land units free to ship; the easy AI's
  counted a capital's last defenders, which its threat keeps home, so its empty transports waited off
  Washington for good while the army waited at West US (2 to 15 of them at round 30 in 8 of the 13
  undecided all-normal games of ``aan16-t``).

- Against Tokyo alone (``ai.landing``): an empty Tokyo is taken by a loaded transport in reach (GRAB),
  and no siege of it starts with less than SHARE of its defence in reach (the easy AI's from two fifths).
- Starving Tokyo (STARVE, a bench option, off: not kept, the rules page's twelfth stop): the Allies
  whose goals left are island capitals alone fight for the enemy's producing land as near the economic
  line (from LINE odds, no gain asked), every Allied power (1) or the USSR alone (2): Japan holding
  India, China and Africa produced 35-58 and Tokyo stood; each territory is a smaller fight.

Everything else (the rest of the purchases, placements, the rest of the combat move, the non-combat
move, battle decisions) is the ``easy`` AI's, composed rather than copied; like it, this AI is stateless.
"""

from __future__ import annotations

from collections.abc import Callable

from rules.axis_allies.actions import Buy, Move
from rules.axis_allies.ai import convoy as convoys
from rules.axis_allies.ai.attack import Source, _add, _feed, judge, present, sources, spare
from rules.axis_allies.ai.bastion import hold_bastion
from rules.axis_allies.ai.convoy import convoy, landing_sources, relief_targets
from rules.axis_allies.ai.crossing import crossing_move, crossing_place, crossing_strike, pinned
from rules.axis_allies.ai.landing import (
    assault,
    combat_without,
    held,
    island_alone,
    island_goal,
    small_siege,
    take_empty,
    wave_cap,
)
from rules.axis_allies.ai.moves import _holds, cover_capital, land_aircraft, return_empty
from rules.axis_allies.ai.pacific import keep_land
from rules.axis_allies.ai.player import AxisAlliesAI, phase_done
from rules.axis_allies.ai.purchase import ISLAND_POWERS, SLOTS, _island, goal_capitals
from rules.axis_allies.ai.reserve import air_reserve
from rules.axis_allies.ai.survey import LAND_STEPS, View, legal, movable
from rules.axis_allies.common import (
    CAPITAL,
    DOMAIN,
    IS_SEA,
    NAMES,
    NEIGHBOURS,
    PRODUCTION,
    SIZE,
    enemy_fighting,
    friendly_land,
    hostile_land,
    side_income,
)
from rules.axis_allies.engine import acting_power
from rules.axis_allies.mobilize import capacity, working_factory
from rules.axis_allies.state import AXIS_SIDE, RUSSIA, SIDE, AAState, Phase
from rules.axis_allies.units import Domain, cost
from rules.core.events import Action

__all__ = ["AxisAlliesNormalAI", "capital_push", "economic_line", "gather"]

PUSH = 0.45  # odds from which an enemy capital is attacked (the easy AI: 0.55)
LINE = 0.5  # odds from which a territory that decides the economic victory is attacked
GATHER = (AXIS_SIDE,)  # the sides that concentrate on their goal capital in the non-combat move
FILL = 0  # empty transport slots from which an island power going for an island capital buys land units
# (0: never; 6 before the thirteenth stop, ``landing.CAP``'s transports then bought every other turn)
GUARD = 12  # IPCs below the economic victory's line from which the Allies fight over it
AXIS_GUARD = 84  # the same for the Axis: the whole line, so from the first round
FREE_PORTS = 1  # empty transports sail only for units free to ship (0: the easy AI's ports), see free_ports
STARVE = 0  # 1: against island capitals alone the Allies fight for producing land near the line; 2: USSR only


class AxisAlliesNormalAI:
    def __init__(self, seed: int = 0) -> None:
        self._easy = AxisAlliesAI(seed)

    def choose(self, state: AAState, seat: int) -> Action:
        battle = state.battle
        if battle is not None and battle.pending is not None:
            kept = keep_land(battle)  # the Allies' assault on a capital (``ai.pacific``)
            if kept is not None:
                return kept
        if state.phase is Phase.PURCHASE and battle is None:
            bought = self._buy(state, acting_power(state))
            if bought is not None:
                return bought
        if state.phase is Phase.COMBAT_MOVE and (battle is None or battle.pending is None):
            view = View(state, acting_power(state))
            goal = island_goal(view)
            grab = take_empty(view, goal) if goal is not None else None
            if grab is not None:
                return grab
            island = island_alone(view)  # the massed landing (``ai.landing``) decides its attacks
            if island is not None and held(view, island):
                move = (
                    _feed(view)
                    or assault(view, island, PUSH)
                    or relieve_moscow(view)
                    or economic_line(view)
                    or combat_without(view, island)
                )
                if move is not None:
                    return move
                return phase_done(state, seat)
            # Battles already started are fed first, as the easy AI does, so a push is carried through.
            move = (
                _feed(view)
                or air_reserve(view)
                or crossing_strike(view, _attack)
                or capital_push(view)
                or relieve_moscow(view)
                or economic_line(view)
            )
            if move is not None:
                return move
            if goal is not None and small_siege(view, goal):  # no siege of it started this small
                return combat_without(view, goal) or phase_done(state, seat)
            return self._easy.choose(pinned(state, view.power), seat)
        if state.phase is Phase.NONCOMBAT_MOVE and battle is None:
            view = View(state, acting_power(state))
            move = (
                land_aircraft(state, view.power)
                or hold_bastion(view)
                or cover_capital(view)
                or crossing_move(view)
                or convoy(view)
                or gather(view)
                or (return_empty(view, free=True) if free_ports(view) else None)
            )
            if move is not None:
                return move
            return self._easy.choose(pinned(state, view.power), seat)
        if state.phase is Phase.MOBILIZE and battle is None:
            placed = crossing_place(state, acting_power(state))
            if placed is not None:
                return placed
        return self._easy.choose(state, seat)

    # The absent player's moves (``absent.py``) are the easy AI's.

    def _buy(self, state: AAState, power: int) -> Action | None:
        cap = wave_cap(View(state, power))  # transports past the easy AI's cap (``landing.CAP``)
        return fill_transports(state, power, self._easy._buy(state, power, cap))

    def _land_aircraft(self, state: AAState, power: int) -> Action | None:
        return self._easy._land_aircraft(state, power)

    def _place(self, state: AAState, power: int) -> Action | None:
        return self._easy._place(state, power)


def _attack(
    view: View,
    targets: list[int],
    least: float,
    gain: bool = True,
    find: Callable[[View, int], list[Source]] = sources,
) -> Move | None:
    """The first legal move of the first target (in order) that everything in reach (``find``: the
    easy AI's sources) would take with at least ``least`` odds (and, with ``gain``, a gain by the
    easy AI's score)."""
    for target in targets:
        if not enemy_fighting(view.state, target, view.power) or present(view, target):
            continue  # empty land is the easy AI's grab; a started battle is fed by ``_feed``
        ok = [s for s in find(view, target) if legal(view.state, view.power, s.move) is not None]
        if not ok:
            continue
        everything = present(view, target)
        for src in ok:
            everything = _add(everything, src.units)
        win, score = judge(view, target, everything)
        if win >= least and (score > 0 or not gain):
            return ok[0].move
    return None


def capital_push(view: View) -> Move | None:
    """Attack the goal capitals (in ``goal_capitals`` order) from PUSH odds."""
    targets = [c for c in goal_capitals(view.state, view.power) if hostile_land(view.state, c, view.power)]
    return _attack(view, targets, PUSH)


def relieve_moscow(view: View) -> Move | None:
    """The British and American landing next to Moscow (``ai.convoy``): enemy land there attacked
    with everything in reach, the army loaded this turn included, from ``convoy.ODDS``."""
    return _attack(view, relief_targets(view), convoys.ODDS, gain=False, find=landing_sources)


def economic_line(view: View) -> Move | None:
    """Near the economic line, fight for the enemy's producing territories, richest first."""
    state = view.state
    line = state.options.economic_victory
    guard = AXIS_GUARD if view.side == AXIS_SIDE else GUARD
    if not line or (side_income(state, AXIS_SIDE) < line - guard and not starve(view)):
        return None
    targets = [t for t in range(SIZE) if PRODUCTION[t] > 0 and hostile_land(state, t, view.power)]
    targets.sort(key=lambda t: (-PRODUCTION[t], t))
    # The line is worth more than the units traded for it: no gain asked.
    return _attack(view, targets, LINE, gain=False)


def starve(view: View) -> bool:
    """STARVE: the Allies whose goals left are island capitals alone (Tokyo, Berlin taken) fight for
    the enemy's producing land as they do near the economic line: each territory is a smaller fight
    than the capital, and the capital then buys fewer defenders."""
    if not STARVE or view.side == AXIS_SIDE or (STARVE == 2 and view.power != RUSSIA):
        return False
    goals = [c for c in goal_capitals(view.state, view.power) if hostile_land(view.state, c, view.power)]
    return bool(goals) and all(_island(c) for c in goals)


def gather(view: View) -> Move | None:
    """Concentrate on the main goal capital over land: a land army one step closer to it, into
    friendly land it would hold (the easy AI's ``_holds``), the capital's own defence kept, and one
    unit left behind where it is the last one facing enemy land (so a front is not given away)."""
    state, power = view.state, view.power
    goal = goal_capitals(state, power)[0]
    if view.side not in GATHER or not hostile_land(state, goal, power):
        return None
    for where in range(SIZE):
        d = LAND_STEPS[where].get(goal)
        if IS_SEA[where] or d is None or d < 2 or not friendly_land(state, where, power):
            continue
        front = any(hostile_land(state, n, power) for n in NEIGHBOURS[where])
        stacks = [s for s in movable(state, power, where, Domain.LAND) if s.unit != "aa_gun"]
        total = sum(s.count for s in stacks)
        for s in stacks:
            k = s.count - (1 if front and total == s.count else 0)
            if where == CAPITAL[power]:
                k = min(k, spare(view, where, s.unit, s.count))
            nxt = [
                n
                for n in NEIGHBOURS[where]
                if not IS_SEA[n]
                and friendly_land(state, n, power)
                and LAND_STEPS[n].get(goal, 99) < d
                and _holds(view, n, s)
            ]
            if k <= 0 or not nxt:
                continue
            to = max(nxt, key=lambda n: (view.defence(n), -n))
            move = legal(state, power, Move(((s.unit, k),), (NAMES[where], NAMES[to])))
            if move is not None:
                return move
    return None


def free_ports(view: View) -> bool:
    """Empty transports sail only for units free to ship (``moves.return_empty``): FREE_PORTS 1
    always, 2 only against island capitals alone (Tokyo, once Berlin is taken), 0 never."""
    if FREE_PORTS == 2:
        return all(_island(c) for c in goal_capitals(view.state, view.power))
    return bool(FREE_PORTS)


def fill_transports(state: AAState, power: int, bought: Action | None) -> Action | None:
    """Against island capitals alone (the Allies holding Berlin, going for Tokyo), an island power
    whose transports have FILL slots empty spends what the easy AI would spend on more transports on
    tanks (infantry with the change), as many as its factories can place: in all-normal games the
    easy AI's transports waited empty in Tokyo's waters while Tokyo stacked up."""
    if not isinstance(bought, Buy) or power not in ISLAND_POWERS or SIDE[power] == AXIS_SIDE:
        return bought
    if not all(_island(c) for c in goal_capitals(state, power)):
        return bought
    room = sum(
        (2 - sum(SLOTS.get(u, 0) for u in s.cargo)) * s.count
        for stacks in state.units
        for s in stacks
        if s.power == power and s.unit == "transport"
    )
    money = sum(cost(u, state.techs[power]) * n for u, n in bought.units if u == "transport")
    if not FILL or room < FILL or not money:
        return bought
    kept = {u: n for u, n in bought.units if u != "transport"}
    place = sum(min(capacity(state, power, f), 40) for f in range(SIZE) if working_factory(state, power, f))
    place -= sum(n for u, n in kept.items() if DOMAIN[u] is not Domain.SEA)
    tanks = min(money // cost("tank", state.techs[power]), max(place, 0))
    money -= tanks * cost("tank", state.techs[power])
    infantry = min(money // cost("infantry", state.techs[power]), max(place - tanks, 0))
    for unit, n in (("tank", tanks), ("infantry", infantry)):
        if n:
            kept[unit] = kept.get(unit, 0) + n
    return Buy(tuple(kept.items())) if kept else bought
