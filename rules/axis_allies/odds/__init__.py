"""Battle odds for Axis & Allies Classic.

``exact`` (``odds.exact``) solves the battle as a Markov chain and gives exact win, loss and draw
chances, expected survivors and every way each side can end; ``simulate`` (``odds.montecarlo``) fights
many battles with seeded dice and counts them, and is kept to check the chain. Both take the same
battle (unit type -> count for each side) and the same options, and answer with one ``Odds``:

    exact({"infantry": 3, "tank": 2}, {"infantry": 4}, sea=False, aa=True)
    exact({"submarine": 2, "fighter": 2}, {"carrier": 1, "fighter": 2}, sea=True,
          attacker_techs=["super_submarines"], retreat_after=2)

Both follow the battle rules of ``rules.axis_allies.combat`` with the default decisions (fixed
casualty orders, nobody submerges, the attacker presses on unless told to retreat after round N).
"""

from collections.abc import Collection, Mapping, Sequence

from rules.axis_allies.odds.exact import QUICK, exact, work
from rules.axis_allies.odds.montecarlo import simulate, simulate_waves
from rules.axis_allies.odds.result import Left, Odds

__all__ = ["QUICK", "Left", "Odds", "battle_odds", "exact", "simulate", "simulate_waves", "work"]


def battle_odds(
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
    trials: int = 10_000,
    seed: str = "odds",
) -> Odds:
    """The odds a player asks for: exact when the chain is quick for this battle (``work`` within
    ``QUICK``: every land battle up to 30 a side, every sea battle up to 20), otherwise ``trials``
    simulated battles; ``Odds.exact`` tells which."""
    quick = work(attackers, defenders, sea=sea, aa=aa, two_hit_battleships=two_hit_battleships) <= QUICK
    if quick:
        return exact(
            attackers,
            defenders,
            sea=sea,
            attacker_techs=attacker_techs,
            defender_techs=defender_techs,
            aa=aa,
            bombard=bombard,
            two_hit_battleships=two_hit_battleships,
            attacker_order=attacker_order,
            defender_order=defender_order,
            retreat_after=retreat_after,
        )
    return simulate(
        attackers,
        defenders,
        sea=sea,
        trials=trials,
        seed=seed,
        attacker_techs=attacker_techs,
        defender_techs=defender_techs,
        aa=aa,
        bombard=bombard,
        two_hit_battleships=two_hit_battleships,
        attacker_order=attacker_order,
        defender_order=defender_order,
        retreat_after=retreat_after,
    )
