"""The ``normal`` Allies' massed landing on an island capital left alone (Tokyo, once Berlin is theirs;
issue 32's stall).

In the all-normal games left undecided at round 30 (Berlin Allied, the Allies producing 120-137
against Japan's 10-22), Tokyo was attacked piecemeal: the easy AI's siege sends every wave of 5-17
tanks and a few bombers as soon as it brings two fifths of Tokyo's defence, one power at a time, and
each is traded away against a Tokyo of 60-160 defence. The landing holds those waves back and sends
them together.

- Held: against the island capital alone, the UK and the USA start no attack on it (the easy AI's
  siege, the push) unless the landing says so; their loaded transports keep waiting next to its
  waters (the easy AI's gathering zones), their bombers raid its factory meanwhile.
- The landing: a power attacks the capital with everything in reach when that alone would win from
  ``normal.PUSH`` odds, or when the allies who play after it and before the capital's owner (the USA:
  the USSR, then the UK, with no Japanese turn between them) would take what its attack leaves, the
  two waves together winning from MASS (simulated, ``odds.simulate_waves``: the first wave, then the
  followers' loaded transports within two zones of its waters and aircraft in reach against what it
  leaves). The last power before the owner (the UK) attacks what is left from FOLLOW odds.
- LANDING 0 (the committed value): the siege and the push as before. Measured on fresh seeds the
  landing decided no more games than the siege (all-normal ``aan18-b``: 90 of 100 against 92; with
  bombers bought for it, ``aan18-a``: 95 against 97; with MASS 0.3, ``aan18-b``: 92 against 92; see
  docs/rules/axis_allies.md, the tenth stop), so it is a bench option
  (``--set landing.LANDING=1``, ``bench/aa_landing_pairs.py``) for the next try: where Tokyo is a
  fortress (a defence of 150 and more) both waves stop growing at the easy AI's cap on transports and
  never reach MASS, while the siege's trading would have worn Tokyo down.
- FLOOR (with LANDING 1): the siege is held back only while the two waves in reach (the USA's, then
  the UK's) take the capital from FLOOR; below it the easy siege trades as before (0: always held).
- SHARE: against the capital alone, the UK and the USA start no siege of it with less than SHARE of
  its defence in attack points in reach (the easy AI's siege starts from two fifths and trades waves
  of a few tanks away, one power at a time; 0: the easy AI's).
- GRAB: a capital left with no defender is taken by the first loaded transport in reach, sailed to
  its shore and unloaded (the easy AI's grab lands only cargo already on the shore: in ``aan19-t-17``
  Tokyo stood empty through rounds 28 and 29 with an American tank two sea steps away).
- CAP: the transports a landing power buys against the capital alone: enough to carry CAP times its
  defence in attack points (a tank, 3, a transport), where the easy AI's cap (its defence / 6 + 4)
  stopped both waves at about 30 transports against a Tokyo of 150-160 (``aan20-t-4``: 43 British
  infantry and 12 tanks waiting at home); 0: the easy AI's cap. With ``normal.FILL`` 0 (the thirteenth
  stop: the version before is ``--set landing.CAP=0 --set normal.FILL=6``).
See docs/rules/axis_allies.md, the eleventh to thirteenth stops, for what each measured.
"""

from __future__ import annotations

from functools import lru_cache

from rules.axis_allies.actions import Move
from rules.axis_allies.ai.attack import _add, _feed, _grab, _naval, _open, present, sources
from rules.axis_allies.ai.purchase import _island, goal_capitals
from rules.axis_allies.ai.raids import raid
from rules.axis_allies.ai.survey import AIR_STEPS, COASTS, SEA_STEPS, View, counts, fighting, legal, odds
from rules.axis_allies.common import (
    DOMAIN,
    IS_SEA,
    SIZE,
    enemy_fighting,
    enemy_ships,
    enemy_units,
    hostile_land,
)
from rules.axis_allies.odds import simulate_waves
from rules.axis_allies.state import ALLIED_SIDE, SIDE, UK, USA
from rules.axis_allies.units import Domain, attack_value, movement

__all__ = [
    "assault",
    "combat_without",
    "held",
    "island_alone",
    "island_goal",
    "second_wave",
    "take_empty",
    "two_waves",
    "wave_cap",
]

LANDING = 0  # 1: the massed landing (a bench option, --set landing.LANDING=1); 0: the siege and the push
MASS = 0.6  # the two waves' odds from which the first power lands with everything
FOLLOW = 0.3  # odds from which the last power before the capital's owner attacks what is left
POWERS_LANDING = (UK, USA)  # the powers whose attacks on the capital wait for the massed landing
TRIALS = 400  # simulated landings (both waves) behind the two waves' odds
FLOOR = 0.0  # the siege is held back only while both waves in reach take the capital this often
SHARE = 0.7  # against it alone, no siege starts with less of its defence in reach (0: the easy AI's)
GRAB = 1  # an empty island capital is taken by a loaded transport in reach, sailed in (0: the easy grab)
CAP = 1.5  # transports against it alone: CAP x its defence in attack points, 3 a transport (0: the easy cap)

Counts = tuple[tuple[str, int], ...]


def island_alone(view: View) -> int | None:
    """The enemy capital, when it is the only goal left and an island and we are a landing power."""
    if not LANDING:
        return None
    return island_goal(view)


def island_goal(view: View) -> int | None:
    """``island_alone`` whatever LANDING says."""
    if view.side != ALLIED_SIDE or view.power not in POWERS_LANDING:
        return None
    goals = [c for c in goal_capitals(view.state, view.power) if hostile_land(view.state, c, view.power)]
    if len(goals) != 1 or not _island(goals[0]):
        return None
    return goals[0]


def followers(view: View, capital: int) -> list[int]:
    """The landing powers of our side who play after us and before the capital's owner (turn order;
    the USSR's aircraft alone would not attack a capital)."""
    owner = view.state.owner[capital]
    found = []
    p = (view.power + 1) % len(SIDE)
    while p != owner and p != view.power:
        if SIDE[p] == view.side and p in POWERS_LANDING:
            found.append(p)
        p = (p + 1) % len(SIDE)
    return found


def second_wave(view: View, capital: int, powers: list[int]) -> dict[str, int]:
    """What ``powers`` could bring against ``capital`` in their own next turns, with no enemy turn
    between: cargo of loaded transports within two zones of a clear shore, aircraft within their
    reach (range less one to land)."""
    state = view.state
    shores = [z for z in COASTS[capital] if not enemy_ships(state, z, view.power)]
    units: dict[str, int] = {}
    if not shores:
        return units
    for where in range(SIZE):
        for s in state.units[where]:
            if s.power not in powers:
                continue
            techs = state.techs[s.power]
            if IS_SEA[where] and s.unit == "transport" and s.cargo:
                if min((SEA_STEPS[where].get(z, 99) for z in shores), default=99) <= movement(s.unit, techs):
                    for u in s.cargo:
                        if u != "aa_gun":
                            units[u] = units.get(u, 0) + s.count
            elif DOMAIN[s.unit] is Domain.AIR and AIR_STEPS[where].get(capital, 99) < movement(s.unit, techs):
                units[s.unit] = units.get(s.unit, 0) + s.count
    return units


@lru_cache(maxsize=1024)
def _waves(first: Counts, second: Counts, dfn: Counts, aa: bool) -> float:
    if not dfn:
        return 1.0
    return simulate_waves([dict(first), dict(second)], dict(dfn), trials=TRIALS, seed="landing", aa=aa)


def two_waves(first: dict[str, int], second: dict[str, int], defence: dict[str, int], aa: bool) -> float:
    """The chance the capital falls to ``first`` or, what it leaves, to ``second`` (no turn of the
    owner between them, so no new defenders; simulated, TRIALS battles)."""
    return _waves(fighting(first), fighting(second), fighting(defence), aa)


def assault(view: View, capital: int, push: float) -> Move | None:
    """The landing's first move against ``capital`` (None: hold, or nothing in reach): everything in
    reach wins alone from ``push``, or with the followers' second wave from MASS."""
    state = view.state
    if not enemy_fighting(state, capital, view.power) or present(view, capital):
        return None  # an empty capital is the easy AI's grab; a started battle is fed by ``_feed``
    ok = [s for s in sources(view, capital) if legal(state, view.power, s.move) is not None]
    if not ok:
        return None
    everything = present(view, capital)
    for src in ok:
        everything = _add(everything, src.units)
    if not any(DOMAIN[u] is Domain.LAND for u, n in everything.items() if n):
        return None
    defence, aa = _defenders(view, capital)
    alone = odds(everything, defence, False, aa)[0]
    if alone >= push:
        return ok[0].move
    after = followers(view, capital)
    if after:
        if two_waves(everything, second_wave(view, capital, after), defence, aa) >= MASS:
            return ok[0].move
    elif alone >= FOLLOW:
        return ok[0].move
    return None


def held(view: View, capital: int) -> bool:
    """Whether the siege of ``capital`` waits for the massed landing: the two waves in reach (the
    USA's loaded transports and aircraft, then the UK's, ``second_wave``) take it from FLOOR."""
    if FLOOR <= 0:
        return True
    defence, aa = _defenders(view, capital)
    first = second_wave(view, capital, [USA])
    return two_waves(first, second_wave(view, capital, [UK]), defence, aa) >= FLOOR


def small_siege(view: View, capital: int) -> bool:
    """Whether a siege of ``capital`` would start too small (SHARE): everything in reach brings less
    than SHARE of its defence in attack points (the easy AI's siege starts from ``SIEGE_SHARE``, two
    fifths, and trades small waves away one by one)."""
    state = view.state
    if SHARE <= 0 or not enemy_fighting(state, capital, view.power) or present(view, capital):
        return False
    everything: dict[str, int] = {}
    for src in sources(view, capital):
        if legal(state, view.power, src.move) is not None:
            everything = _add(everything, src.units)
    attack = sum(attack_value(u, view.techs) * n for u, n in everything.items())
    return attack < SHARE * view.enemy_defence(capital)


def take_empty(view: View, capital: int) -> Move | None:
    """An island capital left with no defender (GRAB): the first loaded transport in reach sails to
    its shore and lands (the easy AI's grab lands only cargo already on the shore)."""
    state = view.state
    if not GRAB or enemy_fighting(state, capital, view.power) or present(view, capital):
        return None
    for src in sources(view, capital):
        if src.kind in ("unload", "carry") and legal(state, view.power, src.move) is not None:
            return src.move
    return None


def wave_cap(view: View) -> int | None:
    """CAP: the transports a landing power buys up to against the island capital alone (None: the
    easy AI's cap, its defence / 6 + 4, which stopped both waves at 30 transports against a Tokyo of
    150-160): enough to carry CAP times its defence in attack points, a tank (3) a transport. The
    easy AI's purchase still buys them only for land units waiting at a factory."""
    capital = island_goal(view) if CAP > 0 else None
    if capital is None:
        return None
    return -(-int(CAP * view.enemy_defence(capital)) // 3)


def _defenders(view: View, capital: int) -> tuple[dict[str, int], bool]:
    """The capital's fighting defenders by kind, and whether an AA gun stands there."""
    state = view.state
    aa = any(s.unit == "aa_gun" for s in enemy_units(state, capital, view.power))
    return counts(enemy_fighting(state, capital, view.power)), aa


def combat_without(view: View, capital: int) -> Move | None:
    """The easy AI's combat move (``attack.combat_move``) with no attack started on ``capital``."""
    return (
        _feed(view)
        or _naval(view)
        or _open(
            view,
            [
                t
                for t in range(SIZE)
                if t != capital
                and hostile_land(view.state, t, view.power)
                and enemy_fighting(view.state, t, view.power)
            ],
        )
        or raid(view)
        or _grab(view)
    )
