"""What changed on the map, read from the events since the viewer's last look: attacks and moves as
arrows, territories taken (to outline), and each territory's net gain or loss of units.

Pure data from public events; the board draws it. Units that leave for the battle board and come back
are counted only once the battle is over, so a battle in progress shows as its arrow, not as losses. A
battle whose declaration is not among the events (the list starts in the middle of it) leaves its two
territories without a delta rather than a wrong one; a territory taken shows its outline instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.events import Event
from rules.skirmish.events import (
    AttackDeclared,
    BattleEnded,
    CardDiscarded,
    DefenceDeclared,
    Exchanged,
    LossesTaken,
    TerritoryTaken,
    TroopsPlaced,
    UnitsMoved,
    UnitsRedistributed,
)

Pair = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Changes:
    attacks: tuple[Pair, ...] = ()  # (source, target), oldest first, each pair once
    moves: tuple[Pair, ...] = ()
    taken: tuple[str, ...] = ()
    deltas: tuple[tuple[str, int], ...] = ()  # (territory, net units), non-zero only


@dataclass
class _Battle:
    source: str
    target: str
    declared: int  # attackers that left the source
    defended: int = 0  # defenders that left the target
    attacker_left: int | None = None


def changes(events: Sequence[Event]) -> Changes:
    attacks: list[Pair] = []
    moves: list[Pair] = []
    taken: list[str] = []
    delta: dict[str, int] = {}
    unknown: set[str] = set()
    battle: _Battle | None = None

    def add(territory: str, n: int) -> None:
        delta[territory] = delta.get(territory, 0) + n

    for event in events:
        match event:
            case TroopsPlaced(territory=t, troops=n):
                add(t, n)
            case UnitsMoved(source=s, target=t, units=u):
                add(s, -u.total)
                add(t, u.total)
                moves.append((s, t))
            case Exchanged(territory=t, gave=gave, got=got):
                add(t, got.total - gave.total)
            case CardDiscarded(penalty_from=where) if where is not None:
                add(where, -1)
            case AttackDeclared(source=s, target=t, units=u):
                attacks.append((s, t))
                battle = _Battle(s, t, u.total)
            case DefenceDeclared(units=u) if battle is not None:
                battle.defended = u.total
            case LossesTaken(territory=lost) if battle is not None and lost.total:
                add(battle.target, -lost.total)
            case BattleEnded(source=s, target=t, winner=winner, attacker_left=a, defender_left=d):
                if battle is None or (battle.source, battle.target) != (s, t):
                    unknown.update((s, t))
                    attacks.append((s, t))
                    battle = None
                    continue
                if winner == "defender":
                    add(s, a.total - battle.declared)
                    add(t, d.total - battle.defended)
                    battle = None
                else:
                    battle.attacker_left = a.total
            case UnitsRedistributed(source=s, target=t, into_target=into):
                if battle is not None and battle.attacker_left is not None and battle.source == s:
                    # The source had (what stayed) + (the attackers); it keeps what was not sent in.
                    add(s, battle.attacker_left - battle.declared - into.total)
                else:
                    unknown.add(s)
                unknown.add(t)
                battle = None
            case TerritoryTaken(territory=t):
                taken.append(t)
    if battle is not None:  # still on the battle board: told by its arrow
        unknown.update((battle.source, battle.target))
    shown = tuple((t, n) for t, n in delta.items() if n and t not in unknown and t not in taken)
    return Changes(
        tuple(dict.fromkeys(attacks)), tuple(dict.fromkeys(moves)), tuple(dict.fromkeys(taken)), shown
    )
