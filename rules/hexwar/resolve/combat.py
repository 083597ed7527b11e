"""A battle in one hex, fought to the end inside the round's resolution (design: no retreats, since
nobody is there to decide between the dice of a simultaneous round).

Steps, each with its own dice and ``UnitsDestroyed`` event:

1. **Defences** (land, a city with structures): each structure rolls one die against each enemy unit of
   the type it is aimed at (bombarding ships included for water structures); every 1 is a hit, and a
   destroyed unit does not fire (the rules' "multiple city defenses will fire at each unit").
2. **Bombardment**: ships ordered to bombard the hex fire one die each (frigates hit at 3, battleships
   at 4), choosing casualties by their bombard priority.
3. **Combat rounds** while two or more seats have units: every unit rolls one die (``die`` sides) and
   hits at or under its attack value, all sides at once; then casualties are taken, each hit by the
   firing unit's attack priority (design). Battleships take two hits; a hit on battleships falls on an
   undamaged one first, a hit on hovercraft on an empty one first (the owner's natural choice).

Who fires at whom (design, for three-way battles): every side fires first at the hex's *holder* (the
owner of a land hex; the seat controlling a water hex at the round's start), then at the other sides
from the largest down (ties: the lower seat); a hit the first choice cannot take (no unit of a type on
the firing unit's priority list) falls to the next. The holder fires at the largest side. The battle
ends when one side or none is left, or (a stalemate) when no unit left can fire.
"""

from __future__ import annotations

from rules.core.dice import DiceCup
from rules.core.events import Event
from rules.hexwar.events import BattleBegan, BattleEnded, Bombarded, UnitsDestroyed
from rules.hexwar.resolve.pieces import Piece, stacks_of
from rules.hexwar.state import Defence
from rules.hexwar.units import DEFENCE_ATTACK, FRIG, HOV, JT, JUMP_ATTACK, LOADED_HOV_ATTACK, ORDER, UNITS

MAX_ROUNDS = 100  # a guard only: every pairing of units can hit each other, so battles end long before


def value(piece: Piece, water: bool) -> int:
    """The attack value ``piece`` fires with in a battle on water or land."""
    unit = piece.unit
    if water:
        if unit == HOV and piece.cargo:
            return LOADED_HOV_ATTACK  # and its cargo does not fire at sea
        if unit == FRIG and piece.bombards >= 0:
            return 0  # a frigate bombarding the shore gives up defending itself
    elif unit == JT and piece.jumped:
        return JUMP_ATTACK
    return UNITS[unit].attack


def _sides(pieces: list[Piece]) -> dict[int, list[Piece]]:
    sides: dict[int, list[Piece]] = {}
    for p in pieces:
        if not p.dead:
            sides.setdefault(p.seat, []).append(p)
    return sides


def _target_order(sides: dict[int, list[Piece]], seat: int, holder: int) -> list[int]:
    enemies = [s for s in sides if s != seat]
    return sorted(enemies, key=lambda s: (s != holder, -len(sides[s]), s))


def _victim(sides: dict[int, list[Piece]], order: list[int], priority: tuple[str, ...]) -> Piece | None:
    for seat in order:
        for unit in priority:
            candidates = [p for p in sides[seat] if p.unit == unit and not p.dead]
            if candidates:
                return min(candidates, key=lambda p: (p.damage, len(p.cargo)))
    return None


def _describe(pieces: list[Piece]) -> str:
    return ", ".join(
        f"{sum(1 for p in pieces if p.unit == u)} {u}" for u in ORDER if any(p.unit == u for p in pieces)
    )


class Battle:
    """One hex's battle; ``pieces`` is that hex's list on the working board, changed in place."""

    def __init__(
        self,
        at: str,
        water: bool,
        pieces: list[Piece],
        holder: int,
        die: int,
        cup: DiceCup,
        events: list[Event],
    ) -> None:
        self.at, self.water, self.pieces, self.holder = at, water, pieces, holder
        self.die, self.cup, self.events = die, cup, events
        self.losses: list[Piece] = []

    def fight(
        self, structures: tuple[Defence, ...] = (), bombarders: tuple[tuple[str, Piece], ...] = ()
    ) -> tuple[int, ...]:
        """Fight to the end; returns the seats with units left."""
        self.events.append(BattleBegan(self.at, self.water, stacks_of(self.pieces)))
        if structures:
            self._defences(structures, [p for _, p in bombarders])
        if any(not p.dead for _, p in bombarders):
            self._bombard(bombarders)
        rounds = 0
        while rounds < MAX_ROUNDS:
            sides = _sides(self.pieces)
            firing = {
                s: sorted((p for p in side if value(p, self.water) > 0), key=lambda p: p.sort_key)
                for s, side in sides.items()
            }
            if len(sides) < 2 or not any(firing.values()):
                break
            rounds += 1
            self._round(rounds, sides, firing)
        survivors = tuple(sorted(_sides(self.pieces)))
        self.events.append(BattleEnded(self.at, self.water, rounds, survivors, stacks_of(self.losses)))
        return survivors

    def _take(self, lost: list[Piece], step: str) -> None:
        self.events.append(UnitsDestroyed(self.at, step, stacks_of(lost)))
        self.losses.extend(lost)
        self.pieces[:] = [p for p in self.pieces if not p.dead]

    def _defences(self, structures: tuple[Defence, ...], bombarders: list[Piece]) -> None:
        owner = self.holder
        lost: list[Piece] = []
        rolled = False
        for aim in ORDER:
            k = sum(1 for d in structures if d.aim == aim)
            targets = sorted(
                (p for p in [*self.pieces, *bombarders] if p.seat != owner and p.unit == aim and not p.dead),
                key=lambda p: p.sort_key,
            )
            if not k or not targets:
                continue
            rolled = True
            reason = f"{self.at}: {k} defence(s) at {len(targets)} {aim}"
            values = self.cup.roll(k * len(targets), self.die, owner, reason)
            for j, piece in enumerate(targets):
                for v in values[j * k : (j + 1) * k]:
                    if v <= DEFENCE_ATTACK and not piece.dead and piece.hit():
                        lost.append(piece)
        if rolled:
            self._take(lost, "defences")

    def _bombard(self, bombarders: tuple[tuple[str, Piece], ...]) -> None:
        sides = _sides(self.pieces)
        shots: list[tuple[int, list[Piece], tuple[int, ...]]] = []
        for seat in sorted({p.seat for _, p in bombarders if not p.dead}):
            if not any(s != seat for s in sides):
                continue  # nobody here to hit
            ships = sorted(
                (p for _, p in bombarders if p.seat == seat and not p.dead), key=lambda p: p.sort_key
            )
            groups: dict[tuple[str, str], int] = {}
            for source, p in bombarders:
                if p.seat == seat and not p.dead:
                    groups[(source, p.unit)] = groups.get((source, p.unit), 0) + 1
            for (source, unit), count in groups.items():
                self.events.append(Bombarded(seat, source, self.at, unit, count))
            shots.append(
                (seat, ships, self.cup.roll(len(ships), self.die, seat, f"bombardment of {self.at}"))
            )
        if not shots:
            return
        lost: list[Piece] = []
        for seat, ships, values in shots:
            order = _target_order(sides, seat, self.holder)
            for ship, v in zip(ships, values, strict=True):
                if v <= UNITS[ship.unit].bombard:
                    victim = _victim(sides, order, UNITS[ship.unit].bombard_priority)
                    if victim is not None and victim.hit():
                        lost.append(victim)
        self._take(lost, "bombardment")

    def _round(self, number: int, sides: dict[int, list[Piece]], firing: dict[int, list[Piece]]) -> None:
        rolls = {
            seat: self.cup.roll(
                len(firing[seat]), self.die, seat, f"{self.at} round {number}: {_describe(firing[seat])}"
            )
            for seat in sorted(sides)
            if firing[seat]
        }
        lost: list[Piece] = []
        for seat, values in rolls.items():
            order = _target_order(sides, seat, self.holder)
            for piece, v in zip(firing[seat], values, strict=True):
                if v <= value(piece, self.water):
                    priority = UNITS[piece.unit].water if self.water else UNITS[piece.unit].land
                    victim = _victim(sides, order, priority)
                    if victim is not None and victim.hit():
                        lost.append(victim)
        self._take(lost, f"round {number}")
