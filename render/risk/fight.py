"""One attack's fight, read from the events of a move and the view after it: every roll of an ``until``
attack, the armies on both sides before and after, and whether the target fell.

Plain data (``Fight``), so the battle card (``render.risk.battle``) draws it without reading events.
The armies come from the view: the fight's end is the view's armies with anything that happened after
the last roll (a fortify move, a later attack on the same ground) taken back out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.core.events import Event
from rules.risk.events import (
    ArmiesMoved,
    ArmiesPlaced,
    BattleFought,
    TerritoryConquered,
    TurnBegan,
)
from rules.risk.views import RiskView


@dataclass(frozen=True, slots=True)
class Roll:
    attacker_dice: tuple[int, ...]  # high first, as rolled
    defender_dice: tuple[int, ...]
    attacker_losses: int
    defender_losses: int


@dataclass(frozen=True, slots=True)
class Fight:
    attacker: int  # seat
    defender: int  # seat, -1 neutral
    source: str  # territory ids
    target: str
    rolls: tuple[Roll, ...]
    conquered: bool = False
    # Armies before the first roll and after the last (None where the view could not tell): the
    # attacker's count after a conquest is the whole army, those moved in included.
    attacker_before: int | None = None
    attacker_after: int | None = None
    defender_before: int | None = None
    defender_after: int | None = None
    moved_in: int | None = None  # armies moved into the conquered territory (None: not yet chosen)

    @property
    def attacker_lost(self) -> int:
        return sum(r.attacker_losses for r in self.rolls)

    @property
    def defender_lost(self) -> int:
        return sum(r.defender_losses for r in self.rolls)


def last_fight(view: RiskView | None, events: Sequence[Event], seat: int | None = None) -> Fight | None:
    """The last attack among ``events`` (``seat``'s last, as attacker or defender, where it fought one):
    its rolls (every roll of one ``until`` attack, which the engine makes one after another), and the
    armies before and after from ``view``. None without a roll."""
    fights = [k for k, e in enumerate(events) if isinstance(e, BattleFought)]
    theirs = [k for k, e in enumerate(events) if isinstance(e, BattleFought) and seat in (e.seat, e.defender)]
    if not fights:
        return None
    last = (theirs or fights)[-1]
    final = events[last]
    assert isinstance(final, BattleFought)
    pair = (final.seat, final.source, final.target)
    first = last
    for k in range(last - 1, -1, -1):
        e = events[k]
        if isinstance(e, TurnBegan | TerritoryConquered | ArmiesMoved | ArmiesPlaced):
            break
        if isinstance(e, BattleFought):
            if (e.seat, e.source, e.target) != pair:
                break
            first = k
    battles = [e for e in events[first : last + 1] if isinstance(e, BattleFought)]
    rolls = tuple(
        Roll(b.attacker_dice, b.defender_dice, b.attacker_losses, b.defender_losses) for b in battles
    )
    after = list(events[last + 1 :])
    conquest = next(
        (k for k, e in enumerate(after) if isinstance(e, TerritoryConquered) and e.territory == final.target),
        None,
    )
    moved_in = None
    if conquest is not None:
        moved_in = next(
            (
                e.armies
                for e in after[conquest:]
                if isinstance(e, ArmiesMoved)
                and e.occupation
                and (e.source, e.target) == (final.source, final.target)
            ),
            None,
        )
    fight = Fight(final.seat, final.defender, final.source, final.target, rolls, conquest is not None)
    return _with_armies(fight, view, after, moved_in) if view is not None else fight


def _with_armies(fight: Fight, view: RiskView, after: list[Event], moved_in: int | None) -> Fight:
    armies = {t.id: t.armies for t in view.territories}
    owners = {t.id: t.owner for t in view.territories}
    if fight.source not in armies or fight.target not in armies:
        return fight
    at_end = {fight.source: armies[fight.source], fight.target: armies[fight.target]}

    def undo(where: str, n: int) -> None:
        if where in at_end:
            at_end[where] += n

    occupation_seen = False
    for e in reversed(after):  # take back everything after the fight but its own moving in
        if isinstance(e, ArmiesMoved):
            if e.occupation and (e.source, e.target) == (fight.source, fight.target) and not occupation_seen:
                occupation_seen = True
                continue
            undo(e.source, e.armies)
            undo(e.target, -e.armies)
        elif isinstance(e, ArmiesPlaced):
            undo(e.territory, -e.armies)
        elif isinstance(e, BattleFought):
            undo(e.source, e.attacker_losses)
            undo(e.target, e.defender_losses)
    src, tgt = at_end[fight.source], at_end[fight.target]
    if fight.conquered:
        attacker_after = src + tgt  # those moved in are still the attacker's army
        defender_after = 0
        if owners[fight.target] != fight.attacker or owners[fight.source] != fight.attacker:
            return fight  # the view is of another moment: say nothing rather than something wrong
    else:
        if owners[fight.source] != fight.attacker or owners[fight.target] != fight.defender:
            return fight
        attacker_after, defender_after = src, tgt
    return Fight(
        fight.attacker,
        fight.defender,
        fight.source,
        fight.target,
        fight.rolls,
        fight.conquered,
        attacker_before=attacker_after + fight.attacker_lost,
        attacker_after=attacker_after,
        defender_before=defender_after + fight.defender_lost,
        defender_after=defender_after,
        moved_in=moved_in,
    )
