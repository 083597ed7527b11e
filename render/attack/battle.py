"""The battle pictures, from a move's public events (and the public view): the army battle (both lines and
reserves, the last volleys' dice with the ones that hit, what they destroyed, the result) and the navy
battle (both line-ups of ship cards as revealed, each engagement's navy dice and totals, air support,
which cards were damaged or sunk, the result). A navy line-up is shown only once revealed: before that the
picture shows the fleets and who has set a line-up."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from render.attack.pen import Pen
from render.core import colours as C
from rules.attack.actions import Troops
from rules.attack.events import (
    ArmyBattleBegan,
    ArmyBattleEnded,
    LineSet,
    LinesRevealed,
    LineUpSet,
    NavyBattleBegan,
    NavyBattleEnded,
    NavyRetreated,
    ShipsEngaged,
    Volley,
)
from rules.attack.tables import ARMY_FACES, ARMY_TYPES, NAVY_FACES, NAVY_TYPES
from rules.attack.views import AttackView
from rules.core.events import DiceRolled, Event

WIDTH = 760
ARMY_EVENTS = (ArmyBattleBegan, LineSet, Volley, ArmyBattleEnded)
NAVY_EVENTS = (NavyBattleBegan, LineUpSet, LinesRevealed, ShipsEngaged, NavyRetreated, NavyBattleEnded)
PLURAL = {"infantry": "infantry", "artillery": "artillery"}
GOLD = C.hex_rgb("#FFD23F")
RED = C.hex_rgb("#FF6B5B")


def name_of(names: Sequence[str], seat: int) -> str:
    if seat < 0:
        return "Neutral"
    return names[seat] if seat < len(names) and names[seat] else f"Seat {seat + 1}"


def units_text(counts: tuple[int, ...], kinds: Sequence[str]) -> str:
    parts = [
        f"{n} {PLURAL.get(k, k + 's') if n != 1 else k}" for k, n in zip(kinds, counts, strict=True) if n
    ]
    return ", ".join(parts) or "nothing"


def render_battle(view: AttackView, events: Sequence[Event], names: Sequence[str]) -> bytes | None:
    """The picture of the last battle among ``events``; None if they hold none."""
    army = max((i for i, e in enumerate(events) if isinstance(e, ARMY_EVENTS)), default=-1)
    navy = max((i for i, e in enumerate(events) if isinstance(e, NAVY_EVENTS)), default=-1)
    if army < 0 and navy < 0:
        return None
    if navy > army:
        zone = events[navy].zone  # type: ignore[attr-defined]
        return _navy(view, since_last(events, NavyBattleBegan, "zone", zone), names)
    region = events[army].region  # type: ignore[attr-defined]
    return _army(view, since_last(events, ArmyBattleBegan, "region", region), names)


def since_last(events: Sequence[Event], began: type, key: str, place: str) -> Sequence[Event]:
    """``events`` from the last battle begun at ``place`` (all of them if none began among them): a turn
    ping's events span a season, and two battles for one region (an attack, then the counter-attack)
    made one card: the first one's sides and winner with the second one's lines and dice."""
    starts = [k for k, e in enumerate(events) if isinstance(e, began) and getattr(e, key) == place]
    return events[starts[-1] :] if starts else events


# ---- army battles ------------------------------------------------------------------------------------


@dataclass
class ArmySides:
    region: str
    attacker: int
    defender: int
    deputy: int
    lines: tuple[Troops, Troops]
    reserves: tuple[Troops, Troops]
    turn: int


def _army_sides(view: AttackView, events: Sequence[Event]) -> ArmySides:
    last = next(e for e in reversed(events) if isinstance(e, ARMY_EVENTS))
    region = last.region
    began = next((e for e in events if isinstance(e, ArmyBattleBegan) and e.region == region), None)
    attacker, defender, deputy = -1, -1, -1
    if began is not None:
        attacker, defender, deputy = began.seat, began.defender, began.deputy
    elif view.army_battle is not None and view.army_battle.region == region:
        battle = view.army_battle
        attacker, defender, deputy = battle.attacker, battle.defender, battle.deputy
    else:  # the battle began in an earlier move: its dice say who fires
        shots = _volley_seats(events, region)
        attacker, defender = shots.get("attacker", -1), shots.get("defender", -1)
    empty = Troops()
    lines, reserves, turn = (empty, empty), (empty, empty), 0
    state = next(
        (e for e in reversed(events) if isinstance(e, LineSet | Volley) and e.region == region), None
    )
    if state is not None:
        lines = (state.attacker_line, state.defender_line)
        reserves = (state.attacker_reserve, state.defender_reserve)
        turn = state.turn
    elif began is not None:
        reserves = (began.attackers, began.defenders)
    return ArmySides(region, attacker, defender, deputy, lines, reserves, turn)


def _volley_seats(events: Sequence[Event], region: str) -> dict[str, int]:
    """Which seat rolled each side's volleys: the dice event just before each volley."""
    found: dict[str, int] = {}
    for before, event in itertools.pairwise(events):
        if isinstance(event, Volley) and event.region == region and isinstance(before, DiceRolled):
            found[event.side] = -1 if before.seat is None else before.seat
    return found


def _army(view: AttackView, events: Sequence[Event], names: Sequence[str]) -> bytes:
    sides = _army_sides(view, events)
    volleys = [e for e in events if isinstance(e, Volley) and e.region == sides.region][-3:]
    ended = next((e for e in events if isinstance(e, ArmyBattleEnded) and e.region == sides.region), None)
    where = {r.id: r.name for r in view.regions}.get(sides.region, sides.region)
    height = 292 + 74 * len(volleys) + (44 if ended else 0)
    pen = Pen((WIDTH, height))
    pen.text(
        (24, 30),
        pen.fit(f"Battle for {where}", 26, WIDTH - 200, bold=True),
        26,
        C.TEXT,
        bold=True,
        anchor="lm",
    )
    turn = "deploying" if sides.turn == 0 else f"turn {sides.turn}"
    pen.text((WIDTH - 24, 30), turn, 20, C.MUTED, anchor="rm")
    half = (WIDTH - 72) / 2
    for s, x in ((0, 24.0), (1, 48 + half)):
        seat = sides.attacker if s == 0 else sides.defender
        y = 70.0
        label = name_of(names, seat) if seat >= 0 else "Neutral garrison"
        w = pen.swatch(seat, x, y, 24) + 10
        pen.text((x + w, y + 12), pen.fit(label, 22, half - w, bold=True), 22, C.TEXT, bold=True, anchor="lm")
        role = "attacker" if s == 0 else "defender"
        if s == 1 and seat < 0 and sides.deputy >= 0:
            role = f"commanded by {name_of(names, sides.deputy)}"
        pen.text((x, y + 42), pen.fit(role, 17, half), 17, C.MUTED, anchor="lm")
        _army_row(pen, x, 130, half, "Line", sides.lines[s])
        _army_row(pen, x, 200, half, "Reserve", sides.reserves[s])
    y = 272.0
    for volley in volleys:
        _volley_row(pen, y, volley, sides, names)
        y += 74
    if ended is not None:
        if ended.winner < 0:
            text = f"The neutral garrison held {where}."
        else:
            text = f"{name_of(names, ended.winner)} won the battle for {where}."
        pen.text((24, y + 14), pen.fit(text, 22, WIDTH - 48, bold=True), 22, C.TEXT, bold=True, anchor="lm")
    return pen.done()


def _army_row(pen: Pen, x: float, y: float, width: float, label: str, units: Troops) -> None:
    """A line or reserve: each kind's silhouette and count, shrunk to fit the half it has."""
    pen.rounded((x, y, x + width, y + 60), 10, C.PANEL_HIGHLIGHT)
    pen.text((x + 12, y + 30), label, 17, C.MUTED, anchor="lm")
    cx = x + 92
    counts = units.counts()
    if not any(counts):
        pen.text((cx, y + 30), "none", 18, C.MUTED, anchor="lm")
        return
    shown = [(kind, n) for kind, n in zip(ARMY_TYPES, counts, strict=True) if n]
    room = x + width - 8 - cx
    for icon, size, gap in ((40.0, 20, 12.0), (34.0, 18, 8.0), (28.0, 16, 5.0)):
        needed = sum(icon + 2 + pen.width(f"×{n}", size, bold=True) + gap for _, n in shown)
        if needed <= room:
            break
    for kind, n in shown:
        pen.unit(kind, cx, y + 30 - icon / 2, icon, C.TEXT)
        pen.text((cx + icon + 2, y + 30), f"×{n}", size, C.TEXT, bold=True, anchor="lm")
        cx += icon + 2 + pen.width(f"×{n}", size, bold=True) + gap


def _volley_row(pen: Pen, y: float, volley: Volley, sides: ArmySides, names: Sequence[str]) -> None:
    seat = sides.attacker if volley.side == "attacker" else sides.defender
    who = name_of(names, seat) if seat >= 0 else "The garrison"
    what = f"{who}: opening salvo" if volley.salvo else f"{who} fires"
    pen.text((24, y + 12), pen.fit(what, 18, 300), 18, C.MUTED, anchor="lm")
    firing = volley.attacker_line if volley.side == "attacker" else volley.defender_line
    scoring = _scoring_dice(volley.dice, firing.counts(), only_artillery=volley.salvo and _salvo_only(volley))
    size, x = 38.0, 24.0
    for value, lit in zip(volley.dice, scoring, strict=True):
        face = ARMY_FACES[value - 1]
        pen.die(x, y + 26, size, None if face is None else ARMY_TYPES[face], lit=lit, faded=not lit)
        x += size + 6
        if x > WIDTH - 300:
            break
    lost = units_text(volley.destroyed.counts(), ARMY_TYPES)
    hits = f"{volley.hits} hit{'s' * (volley.hits != 1)}" + (f": {lost} lost" if volley.hits else "")
    x += 10
    size = 19 if pen.width(hits, 19, bold=True) <= WIDTH - 24 - x else 16
    pen.text(
        (x, y + 45), pen.fit(hits, size, WIDTH - 24 - x, bold=True), size, C.TEXT, bold=True, anchor="lm"
    )


def _salvo_only(volley: Volley) -> bool:
    """A salvo fires only the artillery, unless Surprise Attack fired the whole line (more dice)."""
    return len(volley.dice) <= volley.attacker_line.artillery


def _scoring_dice(dice: Sequence[int], line: Sequence[int], only_artillery: bool) -> list[bool]:
    """Which dice hit: a face matching a unit kind in the firing line, at most one die per unit."""
    left = list(line)
    out = []
    for value in dice:
        face = ARMY_FACES[value - 1]
        ok = face is not None and left[face] > 0 and (not only_artillery or face == 1)
        if ok and face is not None:
            left[face] -= 1
        out.append(ok)
    return out


# ---- navy battles ------------------------------------------------------------------------------------


def _navy(view: AttackView, events: Sequence[Event], names: Sequence[str]) -> bytes:
    last = next(e for e in reversed(events) if isinstance(e, NAVY_EVENTS))
    zone = last.zone
    where = {z.id: z.name for z in view.zones}.get(zone, zone)
    seats = _navy_seats(view, events, zone)
    revealed = [i for i, e in enumerate(events) if isinstance(e, LinesRevealed) and e.zone == zone]
    ended = next((e for e in events if isinstance(e, NavyBattleEnded) and e.zone == zone), None)
    retreat = next((e for e in events if isinstance(e, NavyRetreated) and e.zone == zone), None)
    pen = Pen((WIDTH, 470 if revealed else 230))
    pen.text(
        (24, 30),
        pen.fit(f"Navy battle in the {where}", 26, WIDTH - 190, bold=True),
        26,
        C.TEXT,
        bold=True,
        anchor="lm",
    )
    if not revealed:
        _fleets(pen, view, events, zone, seats, names)
        return pen.done()
    start = revealed[-1]
    lines = events[start]
    assert isinstance(lines, LinesRevealed)
    engaged = [e for e in events[start:] if isinstance(e, ShipsEngaged) and e.zone == zone]
    pen.text((WIDTH - 24, 30), f"round {lines.round}", 20, C.MUTED, anchor="rm")
    fates = _fates(lines, engaged)
    card, gap = 80.0, 8.0
    rows = ((0, lines.attacker, 62.0), (1, lines.defender, 282.0))
    for side, line, y in rows:
        seat = seats[side]
        w = pen.swatch(seat, 24, y, 22) + 8
        role = "attacker" if side == 0 else "defender"
        pen.text(
            (24 + w, y + 11),
            pen.fit(f"{name_of(names, seat)} · {role}", 19, WIDTH - 80, bold=True),
            19,
            C.TEXT,
            bold=True,
            anchor="lm",
        )
        for p, ship in enumerate(line):
            x = 24 + p * (card + gap)
            _card(pen, x, y + 34, card, ship, fates[side][p])
    for e in engaged:
        x = 24 + e.position * (card + gap)
        _engagement(pen, x, 238, card, e)
    result = ""
    if retreat is not None:
        result = f"{name_of(names, retreat.seat)} retreated to {_place(view, retreat.to)}."
    elif ended is not None:
        result = (
            f"{name_of(names, ended.winner)} holds the {where}."
            if ended.winner >= 0
            else "No ship is left afloat."
        )
    elif view.navy_battle is not None:
        result = "Next: retreat or fight on, then new line-ups."
    pen.text((24, 446), pen.fit(result, 20, WIDTH - 48, bold=True), 20, C.TEXT, bold=True, anchor="lm")
    return pen.done()


def _fleets(
    pen: Pen,
    view: AttackView,
    events: Sequence[Event],
    zone: str,
    seats: tuple[int, int],
    names: Sequence[str],
) -> None:
    """Before the reveal: each side's ships, and whether its line-up is in (never what it holds)."""
    began = next((e for e in events if isinstance(e, NavyBattleBegan) and e.zone == zone), None)
    battle = view.navy_battle if view.navy_battle is not None and view.navy_battle.zone == zone else None
    fleets = ((0, 0, 0, 0), (0, 0, 0, 0))
    if battle is not None:
        fleets = (battle.attacker_ships.counts(), battle.defender_ships.counts())
        pen.text((WIDTH - 24, 30), f"round {battle.round}", 20, C.MUTED, anchor="rm")
    elif began is not None:
        fleets = (began.attackers.counts(), began.defenders.counts())
    set_now = battle.set if battle is not None else (False, False)
    for side, y in ((0, 70.0), (1, 146.0)):
        seat = seats[side]
        w = pen.swatch(seat, 24, y, 22) + 8
        role = "attacker" if side == 0 else "defender"
        pen.text(
            (24 + w, y + 11),
            pen.fit(f"{name_of(names, seat)} · {role}", 19, 420, bold=True),
            19,
            C.TEXT,
            bold=True,
            anchor="lm",
        )
        x = 24.0
        for kind, n in zip(NAVY_TYPES, fleets[side], strict=True):
            if n:
                pen.unit(kind, x, y + 24, 44, C.TEXT)
                pen.text((x + 46, y + 46), f"×{n}", 19, C.TEXT, bold=True, anchor="lm")
                x += 46 + pen.width(f"×{n}", 19, bold=True) + 14
        state = "line-up set (secret)" if set_now[side] else "setting a line-up…"
        pen.text((WIDTH - 24, y + 11), state, 18, C.MUTED, anchor="rm")


def _place(view: AttackView, place: str) -> str:
    return {**{r.id: r.name for r in view.regions}, **{z.id: f"the {z.name}" for z in view.zones}}.get(
        place, place
    )


def _navy_seats(view: AttackView, events: Sequence[Event], zone: str) -> tuple[int, int]:
    began = next((e for e in events if isinstance(e, NavyBattleBegan) and e.zone == zone), None)
    if began is not None:
        return began.seat, began.defender
    if view.navy_battle is not None and view.navy_battle.zone == zone:
        return view.navy_battle.attacker, view.navy_battle.defender
    rolled = [e.seat for e in events if isinstance(e, DiceRolled) and e.reason.startswith("navy ")]
    seats = [s if s is not None else -1 for s in rolled[:2]]
    return (seats[0] if seats else -1, seats[1] if len(seats) > 1 else -1)


def _fates(lines: LinesRevealed, engaged: Sequence[ShipsEngaged]) -> tuple[list[str], list[str]]:
    """What became of each card: "", "damaged" or "sunk". A hit lands on the first card afloat of the
    kind named (the engaged carrier when carrier meets carrier), as the engine rules."""
    cards = (list(lines.attacker), list(lines.defender))
    taken = ([0] * len(cards[0]), [0] * len(cards[1]))

    def afloat(side: int, i: int) -> bool:
        return taken[side][i] < (2 if cards[side][i] == "battleship" else 1)

    for e in engaged:
        for side_name, ship, _fate in e.hits:
            side = 0 if side_name == "attacker" else 1
            carriers = e.attacker_ship == e.defender_ship == "carrier" and ship == "carrier"
            if carriers and e.position < len(cards[side]) and afloat(side, e.position):
                taken[side][e.position] += 1
                continue
            i = next((i for i in range(len(cards[side])) if afloat(side, i) and cards[side][i] == ship), None)
            if i is not None:
                taken[side][i] += 1
    fates: tuple[list[str], list[str]] = ([], [])
    for side in (0, 1):
        for i, ship in enumerate(cards[side]):
            limit = 2 if ship == "battleship" else 1
            fates[side].append("sunk" if taken[side][i] >= limit else "damaged" if taken[side][i] else "")
    return fates


def _card(pen: Pen, x: float, y: float, w: float, ship: str, fate: str) -> None:
    face = C.hex_rgb("#F4EFE2") if not fate else C.mix(C.hex_rgb("#F4EFE2"), C.PANEL, 0.5)
    pen.rounded((x, y, x + w, y + 96), 10, face, C.INK, 2)
    pen.unit(ship, x + 8, y + 6, w - 16, C.hex_rgb("#1B2632"))
    pen.text((x + w / 2, y + 82), pen.fit(ship, 12, w - 6), 12, C.hex_rgb("#1B2632"), bold=True, anchor="mm")
    if fate == "sunk":  # crossed out: the result does not rest on colour alone
        x0, y0, x1, y1 = pen.box(x + 8, y + 8, x + w - 8, y + 88)
        pen.draw.line([(x0, y0), (x1, y1)], fill=RED, width=round(6 * pen.k))
        pen.draw.line([(x1, y0), (x0, y1)], fill=RED, width=round(6 * pen.k))
    elif fate == "damaged":
        pen.rounded((x + 6, y + 36, x + w - 6, y + 58), 6, C.hex_rgb("#E69F00"))
        pen.text((x + w / 2, y + 47), "damaged", 13, C.BLACK, bold=True, anchor="mm")


def _engagement(pen: Pen, x: float, y: float, w: float, e: ShipsEngaged) -> None:
    """The two navy dice (face: a ship type or blank) and the two totals, the winner's in bold."""
    size = 30.0
    for k, (die, score) in enumerate(
        ((e.attacker_die, e.attacker_score), (e.defender_die, e.defender_score))
    ):
        face = NAVY_FACES[die - 1]
        top = y - 34 if k == 0 else y + 4
        won = score > (e.defender_score if k == 0 else e.attacker_score)
        pen.die(x + 4, top, size, None if face is None else NAVY_TYPES[face], lit=won)
        pen.text(
            (x + w - 4, top + size / 2),
            str(score),
            20 if won else 17,
            C.TEXT if won else C.MUTED,
            bold=won,
            anchor="rm",
        )
    for side, value in e.air_dice:  # a carrier's air support: a small army die on its card's corner
        face = ARMY_FACES[value - 1]
        hit = face is not None and ARMY_TYPES[face] == "plane"
        card_top = 96 if side == "attacker" else 316
        pen.die(x + w - 20, card_top - 8, 26, None if face is None else ARMY_TYPES[face], lit=hit)
