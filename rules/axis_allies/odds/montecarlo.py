"""Battle odds by Monte Carlo: many battles fought to the end, counted. ``odds.exact`` answers the same
question exactly; this is kept to check it (and it is quick to extend to a rule the chain lacks).

The rules are the battle rules of ``rules.axis_allies.combat`` with every decision left to
``default_choice``: AA fire before the first round (land), attacking submarines' first strike (sea,
unless the defence has a destroyer), bombardment in the first round, then both sides fire and lose
their cheapest units (``combat.casualties.casualty_key``; submarine hits only on ships, AA hits only
on aircraft); nobody retreats or submerges. Values come from ``units`` with each side's technologies.

Speed: a side is a tuple of counts per unit type, and its casualties follow one fixed order, so the
hit distribution of each composition (ordinary and submarine hits, a convolution of binomials) and
the composition left after each number of hits are computed once per call and cached; a round is
then two table look-ups per side. Dice are 32-bit uniforms from SHAKE-256 of ``seed`` and a block
number (``rules/`` may not import ``random``, whose dice are not the game's anyway), so the same seed
gives the same figures on every run.
"""

from __future__ import annotations

import hashlib
import sys
from array import array
from bisect import bisect_right
from collections.abc import Collection, Iterator, Mapping, Sequence

from rules.axis_allies.combat.casualties import casualty_key
from rules.axis_allies.odds.result import Odds
from rules.axis_allies.units import (
    AA_HITS_ON,
    BOMBARD_HITS_ON,
    attack_dice,
    attack_value,
    defense_value,
    is_air,
    is_land,
    is_sea,
    parse_techs,
    unit_type,
)

_SCALE = 1 << 32
_BLOCK = 1 << 15  # uniforms per SHAKE-256 call
_MAX_ROUNDS = 1000  # a battle still going after this many rounds counts as held by the defender

Dist = list[int]  # cumulative thresholds: hits = bisect_right(dist, uniform)
Comp = tuple[int, ...]  # units of each kind in ``_Side.kinds``
HIT = "battleship hit"  # two-hit battleships: a battleship's spare hit, lost first, rolling nothing


def simulate(
    attackers: Mapping[str, int],
    defenders: Mapping[str, int],
    *,
    sea: bool,
    trials: int = 10_000,
    seed: str = "odds",
    attacker_techs: Collection[str] = (),
    defender_techs: Collection[str] = (),
    aa: bool = False,
    bombard: int = 0,
    two_hit_battleships: bool = False,
    attacker_order: Sequence[str] = (),
    defender_order: Sequence[str] = (),
    retreat_after: int = 0,
) -> Odds:
    """Fight ``trials`` battles of ``attackers`` against ``defenders`` (unit type -> count).

    ``aa``: the defended territory has an AA gun (land only); ``bombard``: battleships bombarding in
    the first round (land only). All defenders share ``defender_techs``. The other options are
    ``exact``'s: two-hit battleships, each side's casualty order, retreat after a round.
    """
    if trials < 1:
        raise ValueError("trials must be at least 1")
    if (aa or bombard) and sea:
        raise ValueError("AA guns and bombardment belong to land battles")
    if bombard < 0 or retreat_after < 0:
        raise ValueError("bombard counts battleships and retreat_after rounds, at least 0")
    att = _Side(
        attackers, True, frozenset(parse_techs(attacker_techs)), sea, attacker_order, two_hit_battleships
    )
    dfn = _Side(
        defenders, False, frozenset(parse_techs(defender_techs)), sea, defender_order, two_hit_battleships
    )
    limit = retreat_after or _MAX_ROUNDS
    destroyers = [i for i, k in enumerate(dfn.kinds) if k != HIT and unit_type(k).destroyer]
    bombard_dist = _binomials([(bombard, BOMBARD_HITS_ON)])
    draw = _uniforms(seed).__next__
    wins = losses = draws = rounds = retreats = 0
    att_left = [0] * len(att.kinds)
    dfn_left = [0] * len(dfn.kinds)
    for _ in range(trials):
        a, d = att.start, dfn.start
        if aa and att.air_count(a):
            a = att.lose_aircraft(a, bisect_right(att.aa_dist(a), draw()))
        fought = 0
        while any(a) and any(d) and fought < limit:
            fought += 1
            # A defending destroyer cancels the first strike while it lives (checked every round).
            first_strike = sea and not any(d[i] for i in destroyers)
            if first_strike and att.has_subs(a):
                d = dfn.lose(d, 0, bisect_right(att.sub_dist(a), draw()))
                if not any(d):
                    break
            hits = bisect_right(bombard_dist, draw()) if fought == 1 and bombard else 0
            any_dist, sea_dist = att.dists(a, first_strike)
            hits += bisect_right(any_dist, draw())
            sea_hits = bisect_right(sea_dist, draw())
            back_dist, back_sea_dist = dfn.dists(d, False)
            back, back_sea = bisect_right(back_dist, draw()), bisect_right(back_sea_dist, draw())
            d = dfn.lose(d, hits, sea_hits)
            a = att.lose(a, back, back_sea)
        rounds += fought
        if any(d):
            losses += 1  # the defender holds (also a battle cut off at _MAX_ROUNDS)
            retreats += bool(retreat_after and any(a))
        elif any(a):
            wins += 1
        else:
            draws += 1
        for i, n in enumerate(a):
            att_left[i] += n
        for i, n in enumerate(d):
            dfn_left[i] += n
    return Odds(
        trials=trials,
        attacker_wins=wins / trials,
        defender_wins=losses / trials,
        draws=draws / trials,
        attacker_survivors={k: n / trials for k, n in zip(att.kinds, att_left, strict=True) if k != HIT},
        defender_survivors={k: n / trials for k, n in zip(dfn.kinds, dfn_left, strict=True) if k != HIT},
        average_rounds=rounds / trials,
        retreated=retreats / trials,
    )


def simulate_waves(
    waves: Sequence[Mapping[str, int]],
    defenders: Mapping[str, int],
    *,
    trials: int = 1_000,
    seed: str = "waves",
    aa: bool = False,
) -> float:
    """The chance that land ``defenders`` fall to ``waves`` of attackers that fight one after another
    (each a battle of its own to the end, with the AA gun firing at its aircraft), with no defender
    added between them: the first wave's survivors are the next wave's defence. A wave wins when it
    kills the last defender and has a unit left, as in ``simulate`` (or a later wave comes to walk in). No
    technologies, no retreat."""
    if trials < 1:
        raise ValueError("trials must be at least 1")
    dfn = _Side(defenders, False, frozenset(), False)
    attacks = [_Side(w, True, frozenset(), False) for w in waves if any(w.values())]
    draw = _uniforms(seed).__next__
    wins = 0
    for _ in range(trials):
        d = dfn.start
        for i, att in enumerate(attacks):
            a = att.start
            if aa and att.air_count(a):
                a = att.lose_aircraft(a, bisect_right(att.aa_dist(a), draw()))
            fought = 0
            while any(a) and any(d) and fought < _MAX_ROUNDS:
                fought += 1
                hits = bisect_right(att.dists(a, False)[0], draw())
                back = bisect_right(dfn.dists(d, False)[0], draw())
                d, a = dfn.lose(d, hits, 0), att.lose(a, back, 0)
            if not any(d):
                wins += any(a) or i + 1 < len(attacks)  # a later wave walks in
                break
    return wins / trials


class _Side:
    """One side's unit kinds in casualty order, and caches of what each composition rolls and loses."""

    def __init__(
        self,
        units: Mapping[str, int],
        attacking: bool,
        techs: frozenset[str],
        sea: bool,
        order: Sequence[str] = (),
        two_hit: bool = False,
    ) -> None:
        for kind, n in units.items():
            ut = unit_type(kind)
            if not ut.fights:
                raise ValueError(f"{kind} does not fight; use aa=True for an AA gun")
            if n < 0 or (n and (is_land(kind) if sea else is_sea(kind))):
                raise ValueError(f"{n} {kind} cannot fight a {'sea' if sea else 'land'} battle")
        rank = {unit_type(k).id: i for i, k in enumerate(order)}
        present = [k for k, n in units.items() if n]
        self.kinds: tuple[str, ...] = tuple(
            sorted(present, key=lambda k: (rank.get(k, len(rank)), casualty_key(k, attacking, techs)))
        )
        self.start: Comp = tuple(units[k] for k in self.kinds)
        if two_hit and units.get("battleship"):
            # A battleship's first hit kills nothing: a spare hit per battleship, taken before any loss
            # (so none is left once a battleship sinks, and a side with spare hits still has a unit).
            self.kinds, self.start = (HIT, *self.kinds), (units["battleship"], *self.start)
        self.attacking, self.techs = attacking, techs
        self._sea = tuple(i for i, k in enumerate(self.kinds) if k == HIT or is_sea(k))
        self._air = tuple(i for i, k in enumerate(self.kinds) if k != HIT and is_air(k))
        self._subs = tuple(i for i, k in enumerate(self.kinds) if k != HIT and unit_type(k).submarine)
        self._dists: dict[tuple[Comp, bool], tuple[Dist, Dist]] = {}
        self._sub_dists: dict[Comp, Dist] = {}
        self._aa_dists: dict[Comp, Dist] = {}
        self._losses: dict[tuple[Comp, int, int], Comp] = {}

    def air_count(self, comp: Comp) -> int:
        return sum(comp[i] for i in self._air)

    def has_subs(self, comp: Comp) -> bool:
        return any(comp[i] for i in self._subs)

    def dists(self, comp: Comp, without_subs: bool) -> tuple[Dist, Dist]:
        """Ordinary and submarine hits of one volley (subs left out when they struck first)."""
        key = (comp, without_subs)
        found = self._dists.get(key)
        if found is None:
            counts = {k: n for k, n in zip(self.kinds, comp, strict=True) if n and k != HIT}
            if without_subs:
                counts = {k: n for k, n in counts.items() if not unit_type(k).submarine}
            found = self._dists[key] = (
                _binomials(self._groups(counts, subs=False)),
                _binomials(self._groups(counts, subs=True)),
            )
        return found

    def sub_dist(self, comp: Comp) -> Dist:
        found = self._sub_dists.get(comp)
        if found is None:
            subs = {self.kinds[i]: comp[i] for i in self._subs if comp[i]}
            found = self._sub_dists[comp] = _binomials(self._groups(subs, subs=True))
        return found

    def aa_dist(self, comp: Comp) -> Dist:
        found = self._aa_dists.get(comp)
        if found is None:
            found = self._aa_dists[comp] = _binomials([(self.air_count(comp), AA_HITS_ON)])
        return found

    def _groups(self, counts: Mapping[str, int], subs: bool) -> list[tuple[int, int]]:
        """(dice, hits on) for the units whose hits are submarine hits (``subs``) or ordinary ones."""
        groups = []
        supported = min(counts.get("infantry", 0), counts.get("artillery", 0)) if self.attacking else 0
        for kind, n in counts.items():
            if unit_type(kind).submarine != subs:
                continue
            if self.attacking:
                value, dice = attack_value(kind, self.techs), n * attack_dice(kind, self.techs)
            else:
                value, dice = defense_value(kind, self.techs), n
            if kind == "infantry" and supported:
                groups.append((supported, value + 1))
                dice -= supported
            groups.append((dice, value))
        return groups

    def lose(self, comp: Comp, hits: int, sea_hits: int) -> Comp:
        """The composition left: submarine hits on the cheapest ships, then the rest cheapest first."""
        key = (comp, hits, sea_hits)
        found = self._losses.get(key)
        if found is None:
            left = list(comp)
            sea_hits = _take(left, self._sea, sea_hits)
            _take(left, range(len(left)), hits)
            found = self._losses[key] = tuple(left)
        return found

    def lose_aircraft(self, comp: Comp, hits: int) -> Comp:
        left = list(comp)
        _take(left, self._air, hits)
        return tuple(left)


def _take(left: list[int], indexes: Sequence[int] | range, hits: int) -> int:
    for i in indexes:
        if not hits:
            break
        gone = min(left[i], hits)
        left[i] -= gone
        hits -= gone
    return hits


def _binomials(groups: Sequence[tuple[int, int]]) -> Dist:
    """Cumulative thresholds (out of 2**32) of the total hits of dice groups (count, hits on or under)."""
    pmf = [1.0]
    for dice, hits_on in groups:
        if dice <= 0 or hits_on <= 0:
            continue
        p = min(hits_on, 6) / 6
        for _ in range(dice):
            pmf = [a * (1 - p) + b * p for a, b in zip([*pmf, 0.0], [0.0, *pmf], strict=True)]
    cumulative, total = [], 0.0
    for mass in pmf:
        total += mass
        cumulative.append(min(_SCALE, round(total * _SCALE)))
    cumulative[-1] = _SCALE
    return cumulative


def _uniforms(seed: str) -> Iterator[int]:
    """Uniform integers in [0, 2**32): SHAKE-256 of ``seed/block``, read as little-endian words."""
    block = 0
    while True:
        words = array("I")
        assert words.itemsize == 4
        words.frombytes(hashlib.shake_256(f"{seed}/{block}".encode()).digest(4 * _BLOCK))
        if sys.byteorder == "big":
            words.byteswap()
        yield from words
        block += 1
