"""From a view to the renderer's plain data: ``MapPicture`` for the map, ``BattlePicture`` for the
battle board.

The drawing modules take plain data (owners, unit counts, dice), not the engine's views, so they can be
tested and benchmarked with hand-made pictures (``tests/render/axis_allies/samples.py``); these two
adapters are the only place that reads an ``AAView`` or the engine's events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from render.axis_allies.battle import BattlePicture
from render.axis_allies.layout import MapPicture
from rules.axis_allies.combat.events import Volley
from rules.axis_allies.views import AAView
from rules.core.events import Event


def map_picture(view: AAView, names: Sequence[str], title: str) -> MapPicture:
    """The map's data from a view: each power labelled with the display name of the seat playing it."""
    players = {power: names[seat] for seat, powers in enumerate(view.seats) for power in powers}
    return MapPicture(title=title, seat_names=players, **_map_fields(view))


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


def battle_picture(events: Sequence[Event], view: AAView) -> BattlePicture | None:
    """The battle board for the last round in ``events``: the units still fighting (from the view) or,
    once the battle is over, those that fired in that round; the dice of that round under each side.
    None when no dice were rolled in a battle among ``events``."""
    volleys = [e for e in events if isinstance(e, Volley)]
    if not volleys:
        return None
    where, last_round = volleys[-1].where, volleys[-1].round
    shown = [v for v in volleys if v.where == where and v.round == last_round]
    attacking: dict[str, dict[str, int]] = {}
    defending: dict[str, dict[str, int]] = {}
    dice: dict[str, list[int]] = {"a": [], "d": []}
    hits = {"a": 0, "d": 0}
    attacker = next((v.power for v in shown if v.step in ("attack", "sub_first_strike", "bombard")), None)
    battle = view.battle
    if battle is not None and battle.where == where:
        attacker = battle.attacker
        for power, unit, n in battle.attackers:
            attacking.setdefault(power, {})[unit] = n
        for power, unit, n in battle.defenders:
            defending.setdefault(power, {})[unit] = n
    for v in shown:
        side = "a" if v.power == attacker else "d"
        dice[side] += [d for g in v.groups for d in g.dice]
        hits[side] += v.hits
        if battle is None or battle.where != where:
            into = attacking if side == "a" else defending
            for g in v.groups:
                into.setdefault(v.power, {})[g.kind] = max(into.get(v.power, {}).get(g.kind, 0), g.count)
    if attacker is None:
        attacker = shown[0].power
    return BattlePicture(
        territory=where,
        attacker=attacker,
        defenders=tuple(defending) or tuple(p for p in {v.power for v in shown} if p != attacker),
        attacking=attacking,
        defending=defending,
        round=max(1, last_round),
        attacker_dice=tuple(dice["a"]),
        defender_dice=tuple(dice["d"]),
        attacker_hits=hits["a"],
        defender_hits=hits["d"],
    )
