"""The battle board as plain data, from what a viewer may see: the view's battle while one is being
fought, else the last battle among the events (a battle the defender won leaves the view at once, and
its last step's events may hold only the end of it: whatever they tell is drawn, the rest left out).

``battle_picture`` is the only entry point; ``render.skirmish.battle`` draws its result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rules.core.events import Event
from rules.skirmish.events import (
    AttackDeclared,
    BattleEnded,
    BattleRolled,
    BoardWiped,
    CardPlayed,
    CounterPlaced,
    DefenceDeclared,
    ExtraDiceAssigned,
    Passed,
    SkirmishesFormed,
    SkirmishesOrdered,
    SkirmishResolved,
)
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.views import BattleView, SideView, SkirmishView

ENDINGS = {
    "5-to-1": "5 to 1 on dice",
    "wipe": "5 dice on one: board wiped",
    "rout": "a 10-point rout",
    "out of units": "the other side ran out of units",
    "count": "more units left on the board",
    "resignation": "the defender resigned",
}


@dataclass(frozen=True)
class SidePicture:
    seat: int
    territory: str  # its name
    units: Units
    dice: tuple[int, ...] = ()  # on the board, high to low (1s taken off)
    ones: int = 0
    declared: int = 0  # dice declared
    counters: int = 0  # not yet placed
    banners: int = 0
    bonus: int = 0  # added to every skirmish (elevation, banners, battle cards)
    cards: tuple[str, ...] = ()  # names of the cards played in this battle


@dataclass(frozen=True)
class SkirmishPicture:
    number: int
    attack_dice: tuple[int, ...]
    defend_dice: tuple[int, ...]
    attack_extra: tuple[str, ...] = ()  # "+2 counters", "Push +2"
    defend_extra: tuple[str, ...] = ()
    attack_total: int | None = None
    defend_total: int | None = None
    leader: str = ""  # "attacker" | "defender" as it stands
    winner: str = ""  # once resolved
    note: str = ""  # "rout", "2x"


@dataclass(frozen=True)
class BattlePicture:
    attacker: SidePicture
    defender: SidePicture
    skirmishes: tuple[SkirmishPicture, ...] = ()
    extra_dice: tuple[int, ...] = ()  # attacker dice not yet added to a skirmish
    order: tuple[int, ...] = ()
    waiting: str = ""  # "Bob: order the skirmishes"
    waiting_seat: int | None = None
    winner: str = ""  # "attacker" | "defender" once decided
    ended_by: str = ""
    higher: str = ""  # "attacker", "defender" or "" (level ground)
    notes: tuple[str, ...] = field(default=())


def battle_picture(
    view: SkirmishView, events: Sequence[Event], names: Sequence[str], seat: int | None = None
) -> BattlePicture | None:
    """The battle to draw: the one in the view, else the last among ``events`` (the last ``seat`` fought
    in, attacking or defending, where it fought one); None if neither."""
    place = {t.id: t.name for t in view.territories}
    if view.battle is not None:
        waiting = view.waiting
        prompt = f"{_name(names, waiting.seat)}: {waiting.prompt}" if waiting else ""
        return from_view(view.battle, place, prompt, waiting.seat if waiting else None)
    return from_events(fought_by(events, seat) if seat is not None else events, place)


def fought_by(events: Sequence[Event], seat: int) -> Sequence[Event]:
    """The events of the last battle ``seat`` fought to its end, from its declaration to its end;
    ``events`` as they are if it fought none."""
    ends = [k for k, e in enumerate(events) if isinstance(e, BattleEnded) and seat in (e.seat, e.defender)]
    if not ends:
        return events
    starts = [k for k, e in enumerate(events[: ends[-1]]) if isinstance(e, AttackDeclared)]
    return events[starts[-1] if starts else 0 : ends[-1] + 1]


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) and names[seat] else f"Seat {seat + 1}"


def _side(side: SideView, place: dict[str, str]) -> SidePicture:
    return SidePicture(
        seat=side.seat,
        territory=place.get(side.territory, side.territory),
        units=side.units,
        dice=side.dice,
        ones=side.ones,
        declared=side.declared_dice,
        counters=side.counters,
        banners=side.banners,
        bonus=side.bonus,
        cards=tuple(c.name for c in side.played),
    )


def _extras(counters: int, cards: Sequence[str]) -> tuple[str, ...]:
    parts = [f"+{counters} counter{'s' if counters > 1 else ''}"] if counters else []
    return (*parts, *cards)


def from_view(battle: BattleView, place: dict[str, str], waiting: str, seat: int | None) -> BattlePicture:
    skirmishes = tuple(
        SkirmishPicture(
            number=s.number,
            attack_dice=s.attack_dice,
            defend_dice=s.defend_dice,
            attack_extra=_extras(s.attack_counters, [f"{c.name} +{c.value}" for c in s.attack_cards]),
            defend_extra=_extras(s.defend_counters, [f"{c.name} +{c.value}" for c in s.defend_cards]),
            attack_total=s.attack_total,
            defend_total=s.defend_total,
            leader=s.leader,
            winner=s.winner,
        )
        for s in battle.skirmishes
    )
    attacker = _side(battle.attacker, place)
    extra = tuple(attacker.dice[n - 1] for n in battle.extra_dice if 0 < n <= len(attacker.dice))
    decided = battle.winner != ""
    return BattlePicture(
        attacker=attacker,
        defender=_side(battle.defender, place),
        skirmishes=skirmishes,
        extra_dice=extra,
        order=battle.order,
        waiting=waiting,
        waiting_seat=seat,
        winner=battle.winner,
        ended_by=ENDINGS.get(battle.ended_by, battle.ended_by) if decided else "",
        higher=battle.higher,
    )


def _last_battle(events: Sequence[Event]) -> list[Event]:
    """The events of the last battle: from its declaration (if among them) to its end (or the last)."""
    starts = [i for i, e in enumerate(events) if isinstance(e, AttackDeclared)]
    start = starts[-1] if starts else 0
    return list(events[start:])


def from_events(events: Sequence[Event], place: dict[str, str]) -> BattlePicture | None:
    """A finished battle as its events tell it; None if no battle ended among them."""
    mine = _last_battle(events)
    end = next((e for e in reversed(mine) if isinstance(e, BattleEnded)), None)
    if end is None:
        return None
    attacker = SidePicture(end.seat, place.get(end.source, end.source), end.attacker_left)
    defender = SidePicture(end.defender, place.get(end.target, end.target), end.defender_left)
    skirmishes: list[SkirmishPicture] = []
    counters: dict[tuple[str, int], int] = {}
    cards: dict[tuple[str, int], list[str]] = {}
    order: tuple[int, ...] = ()
    table = pieces().cards
    for event in mine:
        match event:
            case AttackDeclared(dice=d, banners=b):
                attacker = replace(attacker, declared=d, banners=b)
            case DefenceDeclared(dice=d, banners=b):
                defender = replace(defender, declared=d, banners=b)
            case BattleRolled(side=side, values=values, ones=ones):
                line = tuple(v for v in values if v != 1)
                if side == "attacker":
                    attacker = replace(attacker, dice=line, ones=ones)
                else:
                    defender = replace(defender, dice=line, ones=ones)
            case SkirmishesFormed(skirmishes=formed):
                skirmishes = [SkirmishPicture(k + 1, a, d) for k, (a, d) in enumerate(formed)]
            case ExtraDiceAssigned(to=to):
                skirmishes = _with_extra_dice(skirmishes, attacker.dice, to)
            case CounterPlaced(seat=seat, skirmish=k, counters=n):
                key = ("attacker" if seat == attacker.seat else "defender", k)
                counters[key] = counters.get(key, 0) + n
            case Passed(side=passer, placed_for_you=placed):
                for k in placed:
                    counters[(passer, k)] = counters.get((passer, k), 0) + 1
            case CardPlayed(seat=seat, card=card, skirmish=k):
                who = "attacker" if seat == attacker.seat else "defender"
                name = table[card].name
                if k is not None:
                    cards.setdefault((who, k), []).append(f"{name} +{table[card].value}")
                if who == "attacker":
                    attacker = replace(attacker, cards=(*attacker.cards, name))
                else:
                    defender = replace(defender, cards=(*defender.cards, name))
            case SkirmishesOrdered(order=chosen):
                order = chosen
            case SkirmishResolved(
                skirmish=k, attack_total=a, defend_total=d, winner=w, rout=rout, double=double
            ):
                skirmishes = _resolved(skirmishes, k, a, d, w, "rout" if rout else "2x" if double else "")
            case BoardWiped(skirmish=k):
                skirmishes = [replace(s, note="wipe") if s.number == k else s for s in skirmishes]
    skirmishes = [
        replace(
            s,
            attack_extra=_extras(
                counters.get(("attacker", s.number), 0), cards.get(("attacker", s.number), [])
            ),
            defend_extra=_extras(
                counters.get(("defender", s.number), 0), cards.get(("defender", s.number), [])
            ),
        )
        for s in skirmishes
    ]
    return BattlePicture(
        attacker=attacker,
        defender=defender,
        skirmishes=tuple(skirmishes),
        order=order,
        winner=end.winner,
        ended_by=ENDINGS.get(end.ended_by, end.ended_by),
    )


def _with_extra_dice(
    skirmishes: list[SkirmishPicture], line: tuple[int, ...], to: tuple[int, ...]
) -> list[SkirmishPicture]:
    """The attacker's extra dice (its line less the dice already paired, in line order) added where the
    attacker put them; unknown dice (the roll not among the events) are left out."""
    used = [v for s in skirmishes for v in s.attack_dice]
    rest = list(line)
    for v in used:
        if v in rest:
            rest.remove(v)
    if len(rest) != len(to):
        return skirmishes
    out = list(skirmishes)
    for value, k in zip(rest, to, strict=True):
        if 1 <= k <= len(out):
            out[k - 1] = replace(out[k - 1], attack_dice=(*out[k - 1].attack_dice, value))
    return out


def _resolved(
    skirmishes: list[SkirmishPicture], k: int, attack: int, defend: int, winner: str, note: str
) -> list[SkirmishPicture]:
    if not 1 <= k <= len(skirmishes):  # its formation is not among the events: a row of totals only
        skirmishes = skirmishes + [SkirmishPicture(n, (), ()) for n in range(len(skirmishes) + 1, k + 1)]
    return [
        replace(
            s, attack_total=attack, defend_total=defend, winner=winner, leader=winner, note=note or s.note
        )
        if s.number == k
        else s
        for s in skirmishes
    ]
