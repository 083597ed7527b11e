"""What the shared Discord pieces need from each game: the board picture, a seat's standing, and the
picture of a battle just fought. One small dispatch on the ruleset, so ``board_message``, the status
message and ``present_move`` stay game-generic. Pure (PNG bytes and text out); the cogs render in a
worker thread.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.core.events import Event


def render_board(
    ruleset: str, view: Any, names: Sequence[str], *, title: str, recent: Sequence[Event] = ()
) -> bytes:
    """The public board as PNG bytes."""
    if ruleset == "axis_allies":
        from render.axis_allies import MapPicture, render_map
        from rules.axis_allies.views import picture_data

        players = {power: names[seat] for seat, powers in enumerate(view.seats) for power in powers}
        picture = MapPicture(title=title, seat_names=players, **picture_data(view))
        return render_map(picture, width=1600)
    from render.risk import render_board as risk_board

    return risk_board(view, names, recent=tuple(recent), title=title)


def standing(ruleset: str, view: Any, seat: int) -> str | None:
    """A seat's numbers for the standings (None when the game has none for it)."""
    if ruleset == "axis_allies":
        powers = view.seats[seat] if seat < len(view.seats) else ()
        land = {p: 0 for p in powers}
        for space in view.spaces:
            if space.owner in land:
                land[space.owner] += 1
        parts = []
        for p in view.powers:
            if p.power in land:
                capital = "" if p.capital_held else ", capital lost"
                parts.append(
                    f"{_power_name(p.power)} {p.ipcs} IPCs (+{p.income}, {land[p.power]} land{capital})"
                )
        return "; ".join(parts) or None
    seats = getattr(view, "seats", None)
    if seats is None or seat >= len(seats):
        return None
    mine = seats[seat]
    return f"{mine.territories} territories · {mine.armies} armies · {mine.cards} cards"


def seat_roles(ruleset: str, seats: int) -> list[str]:
    """What each seat plays before the start (empty when seats are all alike, as in Risk)."""
    if ruleset != "axis_allies":
        return []
    from rules.axis_allies.board import POWERS
    from rules.axis_allies.setup import SEAT_TABLE

    table = SEAT_TABLE.get(seats)
    if table is None:
        return []
    return [
        ", ".join(_power_name(POWERS[p]) for p in range(len(POWERS)) if table[p] == s) for s in range(seats)
    ]


def _power_name(power: str) -> str:
    from rules.axis_allies.board import POWER_NAMES

    return POWER_NAMES.get(power, power)


def battle_png(ruleset: str, events: Sequence[Event], view: Any, names: Sequence[str]) -> bytes | None:
    """A picture of the last battle round among ``events``, or None if no battle was fought."""
    if ruleset == "axis_allies":
        picture = aa_battle_picture(events, view)
        if picture is None:
            return None
        from render.axis_allies import render_battle as aa_battle

        return aa_battle(picture)
    from render.risk import render_battle as risk_battle
    from rules.risk.events import BattleFought

    battles = [e for e in events if isinstance(e, BattleFought)]
    return risk_battle(battles[-1], list(names)) if battles else None


def aa_battle_picture(events: Sequence[Event], view: Any) -> Any:
    """The battle board for the last round in ``events``: the units still fighting (from the view) or,
    once the battle is over, those that fired in that round; the dice of that round under each side."""
    from render.axis_allies import BattlePicture
    from rules.axis_allies.combat.events import Volley

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
    battle = getattr(view, "battle", None)
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
