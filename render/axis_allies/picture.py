"""From a view to the renderer's plain data: ``MapPicture`` for the map, ``BattlePicture`` for the
battle board.

The drawing modules take plain data (owners, unit counts, dice), not the engine's views, so they can be
tested and benchmarked with hand-made pictures (``tests/render/axis_allies/samples.py``); these two
adapters are the only place that reads an ``AAView`` or the engine's events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.axis_allies.battle import BattlePicture, Fire
from render.axis_allies.diff import MapChanges, Move
from render.axis_allies.layout import MapPicture
from rules.axis_allies.board import POWERS, classic_board
from rules.axis_allies.combat.events import (
    BattleEnded,
    BombingRaid,
    CasualtiesTaken,
    SubmarinesSubmerged,
    UnitsRetreated,
    Volley,
)
from rules.axis_allies.events import (
    AircraftRelocated,
    BattleStarted,
    TerritoryCaptured,
    UnitsLost,
    UnitsMoved,
    UnitsPlaced,
)
from rules.axis_allies.views import AAView
from rules.core.events import Event


def map_picture(view: AAView, names: Sequence[str], title: str, recent: Sequence[Event] = ()) -> MapPicture:
    """The map's data from a view: each power labelled with the display name of the seat playing it,
    and what changed among ``recent`` (the events since the viewer's last look)."""
    players = {
        power: names[seat] for seat, powers in enumerate(view.seats) if seat < len(names) for power in powers
    }
    return MapPicture(title=title, seat_names=players, changes=map_changes(recent), **_map_fields(view))


def map_changes(events: Sequence[Event]) -> MapChanges:
    """The moves, captures, battles fought, units lost and placed among ``events``; spaces the map does
    not know (a unit lost "nowhere", when bought units found no factory) are left out."""
    spaces = classic_board().territories
    moves: dict[tuple[str, tuple[str, ...]], int] = {}
    captured: dict[str, None] = {}
    battles: dict[str, str | None] = {}
    lost: dict[tuple[str, str], int] = {}
    placed: dict[tuple[str, str], int] = {}
    sides: dict[str, set[str]] = {}  # space -> powers seen fighting there, to name a defender who held

    def move(power: str, path: tuple[str, ...], n: int) -> None:
        if len(path) >= 2 and path[0] != path[-1] and all(p in spaces for p in path):
            moves[(power, path)] = moves.get((power, path), 0) + n

    def count(into: dict[tuple[str, str], int], where: str, power: str, n: int) -> None:
        if where in spaces and n:
            into[(where, power)] = into.get((where, power), 0) + n

    for e in events:
        if isinstance(e, UnitsMoved):
            move(e.power, e.path, sum(n for _, n in e.units))
        elif isinstance(e, UnitsRetreated | SubmarinesSubmerged):
            move(e.power, (e.where, e.to), len(e.units))
        elif isinstance(e, AircraftRelocated):
            move(e.power, (e.territory, e.to), sum(n for _, n in e.units))
        elif isinstance(e, TerritoryCaptured) and e.territory in spaces:
            captured[e.territory] = None
        elif isinstance(e, Volley | CasualtiesTaken):
            sides.setdefault(e.where, set()).add(e.power)
            if isinstance(e, CasualtiesTaken):
                count(lost, e.where, e.power, len(e.units))
        elif isinstance(e, UnitsLost):
            count(lost, e.territory, e.power, sum(n for _, n in e.units))
        elif isinstance(e, UnitsPlaced):
            count(placed, e.territory, e.power, sum(n for _, n in e.units))
        elif isinstance(e, BattleEnded) and e.where in spaces:
            held = sorted(sides.get(e.where, set()) - {e.attacker}, key=POWERS.index)
            battles[e.where] = {"attacker": e.attacker, "defender": held[0] if held else None}.get(e.outcome)
        elif isinstance(e, BombingRaid) and e.where in spaces:
            battles[e.where] = e.attacker if e.damage else e.defender
    return MapChanges(
        moves=tuple(Move(power, path, n) for (power, path), n in moves.items()),
        captured=tuple(captured),
        battles=tuple(battles.items()),
        lost=lost,
        placed=placed,
    )


def _map_fields(view: AAView) -> dict[str, Any]:
    """The fields ``MapPicture`` takes, except ``title`` and ``seat_names``.

    Units aboard transports are not drawn as separate pieces (the transport stands for its cargo)."""
    units: dict[str, dict[str, dict[str, int]]] = {}
    for sp in view.spaces:
        for s in sp.units:
            by_power = units.setdefault(sp.name, {}).setdefault(s.power, {})
            by_power[s.unit] = by_power.get(s.unit, 0) + s.count
    return {
        "owners": {sp.name: sp.owner for sp in view.spaces if not sp.sea},
        "units": units,
        "ipcs": {p.power: p.ipcs for p in view.powers},
        "income": {p.power: p.income for p in view.powers},
        "to_move": view.to_move,
        "phase": view.phase.value,
        "round": view.round,
        "battles": tuple(view.battles),
    }


def battle_picture(
    events: Sequence[Event],
    view: AAView,
    names: Sequence[str] = (),
    odds: tuple[float, float, float] | None = None,
) -> BattlePicture | None:
    """The battle card for the last round fought among ``events``; None when no dice were rolled in a
    battle among them.

    Each side's dice come from that round's volleys. Its units at the start of the round: while the
    battle goes on, those the view shows still fighting plus the round's casualties; once it is over,
    those that fired in the round plus those lost. Casualties are the ``CasualtiesTaken`` after the
    round's first volley; while the battle goes on, hits scored but not yet taken are hits to take.
    ``odds`` (attacker wins, draw, defender wins before the round) are the caller's: the events do not
    carry them.
    """
    volleys = [(k, e) for k, e in enumerate(events) if isinstance(e, Volley)]
    if not volleys:
        return None
    where = volleys[-1][1].where
    # Only the last battle fought there: a turn ping's events span the AI's turns, and two battles for one
    # sea zone, each in its round 1, made one card (a newcomer's ping showed Germany attacking with the
    # USA defending, where the USA had attacked Germany's submarine).
    began = [
        k
        for k, e in enumerate(events[: volleys[-1][0]])
        if isinstance(e, BattleStarted) and e.territory == where
    ]
    if began:
        events = events[began[-1] :]
        volleys = [(k, e) for k, e in enumerate(events) if isinstance(e, Volley)]
    last_round = volleys[-1][1].round
    shown = [(k, v) for k, v in volleys if v.where == where and v.round == last_round]
    first = shown[0][0]
    battle = view.battle if view.battle is not None and view.battle.where == where else None
    attacker = battle.attacker if battle else _attacker(events, where, [v for _, v in shown])
    fire: dict[bool, list[Fire]] = {True: [], False: []}
    for _, v in shown:
        for g in v.groups:
            fire[v.power == attacker].append(Fire(v.power, g.kind, g.hits_on, g.dice))
    lost: dict[bool, dict[str, dict[str, int]]] = {True: {}, False: {}}
    outcome = None
    for e in events[first:]:
        if isinstance(e, CasualtiesTaken) and e.where == where:
            for casualty in e.units:
                side = lost[e.power == attacker].setdefault(e.power, {})
                side[casualty.kind] = side.get(casualty.kind, 0) + 1
        elif isinstance(e, BattleEnded) and e.where == where:
            outcome = e.outcome
        elif isinstance(e, UnitsRetreated) and e.where == where and outcome is None:
            outcome = "retreat"
    forces: dict[bool, dict[str, dict[str, int]]] = {True: {}, False: {}}
    if battle is not None:
        for is_attacker, stacks in ((True, battle.attackers), (False, battle.defenders)):
            for power, unit, n in stacks:
                forces[is_attacker].setdefault(power, {})[unit] = n
    else:
        for is_attacker in (True, False):
            for f in fire[is_attacker]:
                by_unit = forces[is_attacker].setdefault(f.power, {})
                by_unit[f.unit] = max(by_unit.get(f.unit, 0), len(f.dice))
    if battle is not None:  # the view shows what is left: add back what the round took
        for is_attacker in (True, False):
            for power, by_unit in lost[is_attacker].items():
                into = forces[is_attacker].setdefault(power, {})
                for unit, n in by_unit.items():
                    into[unit] = into.get(unit, 0) + n
    else:  # the round's fire shows who was there: any casualty that did not fire was there too
        for is_attacker in (True, False):
            for power, by_unit in lost[is_attacker].items():
                into = forces[is_attacker].setdefault(power, {})
                for unit, n in by_unit.items():
                    into[unit] = max(into.get(unit, 0), n)
    to_take = {True: 0, False: 0}
    if battle is not None:  # each side still owes the hits the other scored, less those it has taken
        for is_attacker in (True, False):
            scored = sum(f.hits for f in fire[not is_attacker])
            taken = sum(n for by_unit in lost[is_attacker].values() for n in by_unit.values())
            to_take[is_attacker] = max(0, scored - taken)
    defenders = tuple(p for p in POWERS if p in forces[False]) or tuple(
        dict.fromkeys(v.power for _, v in shown if v.power != attacker)
    )
    players = {
        power: names[seat] for seat, powers in enumerate(view.seats) if seat < len(names) for power in powers
    }
    return BattlePicture(
        territory=where,
        attacker=attacker,
        defenders=defenders,
        attacking=forces[True],
        defending=forces[False],
        round=max(1, last_round),
        attacker_fire=tuple(fire[True]),
        defender_fire=tuple(fire[False]),
        attacker_lost=lost[True],
        defender_lost=lost[False],
        attacker_to_take=to_take[True],
        defender_to_take=to_take[False],
        outcome=outcome,
        odds=odds,
        seat_names=players,
    )


def _attacker(events: Sequence[Event], where: str, shown: list[Volley]) -> str:
    """Who attacked ``where``: the battle's end says so; else the side that fired an attacking step."""
    for e in events:
        if isinstance(e, BattleEnded | UnitsRetreated) and e.where == where:
            return e.attacker if isinstance(e, BattleEnded) else e.power
    attacking = ("attack", "sub_first_strike", "bombard")
    return next((v.power for v in shown if v.step in attacking), shown[0].power)
