"""Exact battle odds: a Markov chain over how many units each side has lost.

With a fixed casualty order a battle's state is the pair of side states of ``odds.sides`` (losses per
class where hits are restricted, plain losses otherwise). A round takes a state to one with more
losses, or back to itself when nothing hits, so the chain is solved in one pass over the states in
order of total losses: the mass arriving at a state is divided by the chance of leaving it (the
rounds in which nothing happens are a geometric series) and spread over the states the round leads to.

The round is the battle machine's (``combat/battle.py``), decisions by default: AA fire before the
first round (attacker's aircraft only); in a sea battle the attacking submarines strike first unless a
destroyer defends (their victims do not fire back); bombardment adds its hits to the attacker's first
round; then both sides fire and casualties go in each side's order, submarine hits on ships only.
First strike makes a round two steps: the states just after it ("post") are kept apart from the
states at a round's start ("pre"); a pre state whose strike missed and whose volleys missed returns
to itself through its post state, and the two are solved together.

Where the chain would need the round's number (bombardment in round 1, retreat after round N) the
first rounds are stepped one at a time, and the chain takes over from there.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from rules.axis_allies.odds.result import Left, Odds
from rules.axis_allies.odds.sides import Pmf, Side, hits_pmf
from rules.axis_allies.units import AA_HITS_ON, BOMBARD_HITS_ON, is_air, is_sea, unit_type

STALEMATE = 1e-12  # a state left with less than this chance a round is a stalemate: the defence holds
# ``work`` that ``exact`` finishes in under half a second on one core: land battles take 40-50 ns a step
# (a 30 v 30 with an AA gun: 1.7 million, 80 ms; bench/aa_odds.py); the bound is loose at sea.
QUICK = 10_000_000

Kernel = list[tuple[int, float]]  # (side state, probability)


def exact(
    attackers: Mapping[str, int],
    defenders: Mapping[str, int],
    *,
    sea: bool,
    attacker_techs: Collection[str] = (),
    defender_techs: Collection[str] = (),
    aa: bool = False,
    bombard: int = 0,
    two_hit_battleships: bool = False,
    attacker_order: Sequence[str] = (),
    defender_order: Sequence[str] = (),
    retreat_after: int = 0,
) -> Odds:
    """The exact odds of ``attackers`` against ``defenders`` (unit type -> count).

    ``aa``: the defended territory has an AA gun (land only); ``bombard``: battleships bombarding in the
    first round (land only); ``two_hit_battleships``: a battleship takes two hits to sink (TripleA's
    "Two hit battleship"); ``attacker_order`` / ``defender_order``: the unit types in the order the side
    loses them (types left out follow in the default order: the attacker's cheapest first, the
    defender's weakest defence first); ``retreat_after``: the attacker retreats after that round if
    the battle is not decided (0: it fights to the end). Technologies as ``Tech`` ids (or the data's).
    """
    if (aa or bombard) and sea:
        raise ValueError("AA guns and bombardment belong to land battles")
    if bombard < 0 or retreat_after < 0:
        raise ValueError("bombard counts battleships and retreat_after rounds, at least 0")
    subs = [any(n and unit_type(k).submarine for k, n in units.items()) for units in (attackers, defenders)]
    att = Side(
        attackers,
        attacking=True,
        techs=attacker_techs,
        sea=sea,
        order=attacker_order,
        two_hit_battleships=two_hit_battleships,
        naval_hits=sea and subs[1],
        aa_hits=aa and not sea,
    )
    dfn = Side(
        defenders,
        attacking=False,
        techs=defender_techs,
        sea=sea,
        order=defender_order,
        two_hit_battleships=two_hit_battleships,
        naval_hits=sea and subs[0],
    )
    return _Chain(att, dfn, sea, hits_pmf([(bombard, BOMBARD_HITS_ON)]), aa and not sea).solve(retreat_after)


def work(
    attackers: Mapping[str, int],
    defenders: Mapping[str, int],
    *,
    sea: bool,
    aa: bool = False,
    two_hit_battleships: bool = False,
) -> int:
    """A bound on the steps ``exact`` takes for this battle, from the counts alone: the states each
    side can reach (times the aircraft an AA gun may down, or the ships and aircraft submarine hits
    split) by the hits a round can score against each. Compare with ``QUICK``."""
    sizes = []
    for units, enemy in ((attackers, defenders), (defenders, attackers)):
        ships = sum(n for k, n in units.items() if is_sea(k))
        if two_hit_battleships:
            ships += units.get("battleship", 0)
        planes = sum(n for k, n in units.items() if is_air(k))
        entries = sum(units.values()) + (units.get("battleship", 0) if two_hit_battleships else 0)
        split = sea and any(n and unit_type(k).submarine for k, n in enemy.items())
        states = (ships + 1) * (planes + 1) if split else entries + 1
        if aa and not sea and units is attackers:
            states *= planes + 1
        sizes.append((states, entries // 2 + 1))
    (states_a, hits_a), (states_d, hits_d) = sizes
    return states_a * states_d * hits_a * hits_d


class _Chain:
    def __init__(self, att: Side, dfn: Side, sea: bool, bombard: Pmf, aa: bool) -> None:
        self.att, self.dfn, self.sea, self.bombard, self.aa = att, dfn, sea, bombard, aa
        self.nd = len(dfn.states)
        # Each side's volleys per composition (compositions repeat only with two-hit battleships).
        self._fire: dict[tuple[int, tuple[int, ...], bool], Pmf] = {}
        self.ends: dict[int, float] = {}  # joint state -> probability the battle ends there
        self.stuck: dict[int, float] = {}  # ... ends there in a stalemate (the defence holds)
        self.retreats: dict[int, float] = {}  # ... the attacker retreats from there
        self.rounds = 0.0

    # ---- one round's pieces ------------------------------------------------------------------------

    def fire(self, side: Side, state: int, subs: bool) -> Pmf:
        comp = side.comp[state]
        key = (id(side), comp, subs)
        found = self._fire.get(key)
        if found is None:
            found = self._fire[key] = side.fire(comp, subs)
        return found

    def first_strike(self, a: int, d: int) -> bool:
        att, dfn = self.att, self.dfn
        return self.sea and att.has(att.comp[a], "submarine") and not dfn.has(dfn.comp[d], "destroyer")

    def strike(self, a: int, d: int) -> Kernel:
        """The defender's states after the attacking submarines' first strike."""
        return _kernel(self.dfn, d, [1.0], self.fire(self.att, a, True))

    def volleys(self, a: int, d: int, first_round: bool, struck: bool) -> tuple[Kernel, Kernel]:
        """Both sides fire at once (after a first strike, ``struck``, without the attacking subs): the
        attacker's next states, and the defender's."""
        att, dfn = self.att, self.dfn
        general = self.fire(att, a, False)
        if first_round and len(self.bombard) > 1:
            general = _convolve(general, self.bombard)
        naval = [1.0] if struck else self.fire(att, a, True)
        to_def = _kernel(dfn, d, general, naval)
        to_att = _kernel(att, a, self.fire(dfn, d, False), self.fire(dfn, d, True))
        return to_att, to_def

    def over(self, key: int) -> bool:
        a, d = divmod(key, self.nd)
        return self.att.empty[a] or self.dfn.empty[d]

    # ---- solving -----------------------------------------------------------------------------------

    def start(self) -> dict[int, float]:
        """The battle's first states: the attacker after the AA gun's shots (if any), the defender whole."""
        if not self.aa or not self.att.aircraft():
            return {self.att.air[0] * self.nd: 1.0}
        shots = hits_pmf([(self.att.aircraft(), AA_HITS_ON)])
        return {self.att.air[k] * self.nd: p for k, p in enumerate(shots)}

    def solve(self, retreat_after: int) -> Odds:
        masses = self.start()
        explicit = max(retreat_after, 1 if len(self.bombard) > 1 else 0)
        for round_ in range(1, explicit + 1):
            masses = self.step(masses, round_ == 1)
        if retreat_after:
            for key, mass in masses.items():
                target = self.ends if self.over(key) else self.retreats
                target[key] = target.get(key, 0.0) + mass
        else:
            self.chain(masses)
        return self.result()

    def step(self, masses: dict[int, float], first_round: bool) -> dict[int, float]:
        """One round for every state with mass, unnormalised: nothing happening keeps the mass where
        it is for the next round."""
        nxt: dict[int, float] = {}
        nd = self.nd
        for key, mass in masses.items():
            if self.over(key):
                self.ends[key] = self.ends.get(key, 0.0) + mass
                continue
            self.rounds += mass
            a, d = divmod(key, nd)
            struck = self.first_strike(a, d)
            for d1, p in self.strike(a, d) if struck else [(d, 1.0)]:
                if self.dfn.empty[d1]:
                    nxt[a * nd + d1] = nxt.get(a * nd + d1, 0.0) + mass * p
                    continue
                to_att, to_def = self.volleys(a, d1, first_round, struck)
                for a2, pa in to_att:
                    c = mass * p * pa
                    for d2, pd in to_def:
                        k = a2 * nd + d2
                        nxt[k] = nxt.get(k, 0.0) + c * pd
        return nxt

    def chain(self, masses: dict[int, float]) -> None:
        """Fight every state to the end, in order of total losses (see the module's docstring)."""
        att, dfn, nd = self.att, self.dfn, self.nd
        size = len(att.states) * nd
        pre = [0.0] * size
        post = [0.0] * size
        for key, mass in masses.items():
            pre[key] += mass
        by_level: list[list[int]] = [[] for _ in range(max(att.level) + max(dfn.level) + 1)]
        for a, la in enumerate(att.level):
            for d, ld in enumerate(dfn.level):
                by_level[la + ld].append(a * nd + d)
        for keys in by_level:
            for key in keys:
                came, waited = pre[key], post[key]
                if not came and not waited:
                    continue
                a, d = divmod(key, nd)
                if att.empty[a] or dfn.empty[d]:
                    self.ends[key] = came + waited
                    continue
                struck = self.first_strike(a, d)
                strike = self.strike(a, d) if struck else [(d, 1.0)]
                stay_strike = sum(p for d1, p in strike if d1 == d)
                to_att, to_def = self.volleys(a, d, False, struck)
                stay_fire = _chance(to_att, a) * _chance(to_def, d)
                loop = stay_strike * stay_fire
                if loop > 1 - STALEMATE:
                    self.stuck[key] = came + waited
                    continue
                starts = (came + stay_fire * waited) / (1 - loop)  # rounds begun here, repeats included
                self.rounds += starts
                for d1, p in strike:
                    if d1 != d:
                        target = pre if dfn.empty[d1] else post
                        target[a * nd + d1] += starts * p
                fired = waited + stay_strike * starts  # fire steps taken from the post state (a, d)
                for a2, pa in to_att:
                    c = fired * pa
                    base = a2 * nd
                    for d2, pd in to_def:
                        pre[base + d2] += c * pd  # (a, d) itself too: already counted in ``starts``

    def result(self) -> Odds:
        att, dfn, nd = self.att, self.dfn, self.nd
        wins = losses = draws = 0.0
        survivors = ([0.0] * len(att.kinds), [0.0] * len(dfn.kinds))
        left: tuple[dict[tuple[int, ...], float], dict[tuple[int, ...], float]] = ({}, {})
        for table in (self.ends, self.stuck, self.retreats):
            for key, mass in table.items():
                a, d = divmod(key, nd)
                comps = (att.comp[a], dfn.comp[d])
                if table is self.ends and dfn.empty[d]:
                    if att.empty[a]:
                        draws += mass
                    else:
                        wins += mass
                else:
                    losses += mass
                for side in (0, 1):
                    for i, n in enumerate(comps[side]):
                        survivors[side][i] += mass * n
                    left[side][comps[side]] = left[side].get(comps[side], 0.0) + mass
        total = wins + losses + draws
        return Odds(
            trials=0,
            attacker_wins=wins / total,
            defender_wins=losses / total,
            draws=draws / total,
            attacker_survivors={k: n / total for k, n in zip(att.kinds, survivors[0], strict=True)},
            defender_survivors={k: n / total for k, n in zip(dfn.kinds, survivors[1], strict=True)},
            average_rounds=self.rounds / total,
            exact=True,
            retreated=sum(self.retreats.values()) / total,
            attacker_left=_ranked(att, left[0], total),
            defender_left=_ranked(dfn, left[1], total),
        )


def _kernel(side: Side, state: int, general: Pmf, naval: Pmf) -> Kernel:
    """Where ``side`` goes from ``state`` under ``general`` ordinary hits and ``naval`` submarine hits
    (more hits than it has entries to lose take them all)."""
    out: dict[int, float] = {}
    nav = side.naval[state]
    for s, ps in enumerate(naval):
        if not ps:
            continue
        chain = side.general[nav[min(s, len(nav) - 1)]]
        last = len(chain) - 1
        for g, pg in enumerate(general[:last]):
            if pg:
                out[chain[g]] = out.get(chain[g], 0.0) + ps * pg
        tail = sum(general[last:])
        if tail:
            out[chain[last]] = out.get(chain[last], 0.0) + ps * tail
    return list(out.items())


def _chance(kernel: Kernel, state: int) -> float:
    return next((p for s, p in kernel if s == state), 0.0)


def _convolve(a: Pmf, b: Pmf) -> Pmf:
    out = [0.0] * (len(a) + len(b) - 1)
    for i, pa in enumerate(a):
        for j, pb in enumerate(b):
            out[i + j] += pa * pb
    return out


def _ranked(side: Side, left: dict[tuple[int, ...], float], total: float) -> tuple[Left, ...]:
    ranked = sorted(left.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple(Left(tuple(side.units(comp).items()), mass / total) for comp, mass in ranked)
