"""What the odds calculators answer: one ``Odds`` value, from the exact chain or from simulation."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

UnitCounts = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Left:
    """The units one side still has when the battle ends, and the probability of ending so."""

    units: UnitCounts  # empty: the side was wiped out
    probability: float


@dataclass(frozen=True, slots=True)
class Odds:
    """Probabilities (0 to 1) of each end, expected survivors by unit type (0 for a side wiped out;
    a retreating attacker keeps its survivors), and the mean number of rounds fought (AA fire alone is
    not a round).

    ``trials``: the battles simulated (0 when the figures are exact). ``retreated``: the chance the
    attacker retreated after the round it was told to (counted in ``defender_wins``). ``attacker_left``
    and ``defender_left`` (exact answers only): every way a side can end the battle, likeliest first.
    """

    trials: int
    attacker_wins: float
    defender_wins: float
    draws: float
    attacker_survivors: Mapping[str, float]
    defender_survivors: Mapping[str, float]
    average_rounds: float
    exact: bool = False
    retreated: float = 0.0
    attacker_left: tuple[Left, ...] = ()
    defender_left: tuple[Left, ...] = ()
