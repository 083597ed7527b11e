"""Navy battles: secret line-ups of navy cards, engagements left to right, retreat or a new round.

Both sides lay up to 8 cards face down (a seat's line-up is hidden from every other seat until both are
set), then reveal. Engagements run left to right: the two cards at a position each roll a Navy die and add
the ship's value, the die's bonus and modifiers; the higher total wins, a tie scores nothing. The loser's
hit lands on the *first* ship of its line-up still afloat, except carrier against carrier, where the
engaged carrier takes it. A carrier also rolls an Army die for air support: a plane face is a hit too.
A card with no card opposite fights the other line's first ship afloat. Battleships take two hits; after
the round damaged ones leave the battle. Then the attacker, and after it the defender, may retreat;
otherwise a new round begins with new line-ups.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.actions import Ships, Troops
from rules.attack.battle.lines import forced_lineup
from rules.attack.cards import playing
from rules.attack.common import board_of, set_army, set_coast, set_zone
from rules.attack.events import (
    CargoLost,
    DamagedWithdrew,
    LinesRevealed,
    LineUpSet,
    NavyBattleBegan,
    NavyBattleEnded,
    NavyRetreated,
    ShipsEngaged,
)
from rules.attack.state import ATTACKER, DEFENDER, NEUTRAL, AttackState, NavyAssault, NavyBattle
from rules.attack.tables import (
    ARMY_FACES,
    ARMY_LOSS_ORDER,
    BATTLESHIP,
    CARRIER,
    FACE_OTHER_SHIP,
    FACE_OWN_TYPE,
    NAVAL_SUPREMACY,
    NAVY_FACES,
    NAVY_LINE_MAX,
    NAVY_MODIFIERS,
    NAVY_TYPES,
    NAVY_VALUE,
    NONE,
    PLANE,
    Counts,
    add,
    fits,
)
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item

SIDES = ("attacker", "defender")
ROUND_LIMIT = 40  # a guard: after this many rounds the attacker withdraws (never reached in practice)


def start(state: AttackState, assault: NavyAssault, cup: DiceCup, events: list[Event]) -> AttackState:
    board = board_of(state)
    turn = state.turn
    assert turn is not None
    seat, zone = turn.seat, assault.zone
    defender = state.zone_owner[zone]
    if defender in (NEUTRAL, seat):
        ships = add(state.zone_navy[zone], assault.ships)
        return set_zone(state, zone, seat, ships, add(state.zone_cargo[zone], assault.cargo))
    ships, cargo = state.zone_navy[zone], state.zone_cargo[zone]
    state = set_zone(state, zone, NEUTRAL, NONE, NONE)
    events.append(
        NavyBattleBegan(seat, defender, board.zone_ids[zone], Ships.of(assault.ships), Ships.of(ships))
    )
    battle = NavyBattle(
        zone=zone,
        attacker=seat,
        defender=defender,
        ships=(assault.ships, ships),
        cargo=(assault.cargo, cargo),
        supremacy=playing(state, NAVAL_SUPREMACY),
        home=assault.home,
        home_zone=assault.home_zone,
    )
    return proceed(replace(state, navy_battle=battle), cup, events)


def may_retreat(state: AttackState, battle: NavyBattle) -> bool:
    """The side deciding after a round can retreat: the attacker always can (home, or its capital); the
    defender needs a coastline of its own on the zone or a free neighbouring zone."""
    return battle.side == ATTACKER or defender_refuge(state, battle) is not None


def deciding_seats(battle: NavyBattle) -> tuple[int, ...]:
    if battle.awaiting == "lineup":
        seats = (battle.attacker, battle.defender)
        return tuple(seats[side] for side in (ATTACKER, DEFENDER) if battle.lineups[side] is None)
    return (battle.attacker if battle.side == ATTACKER else battle.defender,)


def side_of(battle: NavyBattle, seat: int) -> int:
    return ATTACKER if seat == battle.attacker else DEFENDER


def lineup(
    state: AttackState, seat: int, ships: tuple[int, ...], cup: DiceCup, events: list[Event]
) -> AttackState:
    battle = state.navy_battle
    assert battle is not None
    side = side_of(battle, seat)
    if battle.lineups[side] is not None:
        raise IllegalAction("lineup_set", "Your line-up is set already; wait for the other side.")
    have = battle.ships[side]
    counts = tuple(ships.count(k) for k in range(4))
    if not 1 <= len(ships) <= NAVY_LINE_MAX or not fits((counts[0], counts[1], counts[2], counts[3]), have):
        raise IllegalAction(
            "lineup_size",
            f"Line up 1 to {min(NAVY_LINE_MAX, sum(have))} of your ships in this battle ({_text(have)}).",
        )
    state = _set_lineup(state, side, ships, events)
    return proceed(state, cup, events)


def _set_lineup(state: AttackState, side: int, ships: tuple[int, ...], events: list[Event]) -> AttackState:
    battle = state.navy_battle
    assert battle is not None
    seat = battle.attacker if side == ATTACKER else battle.defender
    events.append(LineUpSet(seat, board_of(state).zone_ids[battle.zone], tuple(NAVY_TYPES[k] for k in ships)))
    return replace(state, navy_battle=replace(battle, lineups=with_item(battle.lineups, side, ships)))


def proceed(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """Set the line-ups that leave no choice, fight rounds, and stop at a real decision or the end."""
    while state.navy_battle is not None:
        battle = state.navy_battle
        if battle.awaiting == "retreat":
            if battle.side == DEFENDER and defender_refuge(state, battle) is None:
                state = _next_round(state)
                continue
            if battle.round > ROUND_LIMIT:
                return _retreat(state, ATTACKER, events)
            return state
        for side in (ATTACKER, DEFENDER):
            forced = forced_lineup(battle.ships[side])
            if battle.lineups[side] is None and forced is not None:
                state = _set_lineup(state, side, forced, events)
                updated = state.navy_battle
                assert updated is not None
                battle = updated
        if battle.lineups[ATTACKER] is None or battle.lineups[DEFENDER] is None:
            return state
        state = _round(state, cup, events)
    return state


def answer_retreat(state: AttackState, seat: int, retreat: bool, events: list[Event]) -> AttackState:
    battle = state.navy_battle
    assert battle is not None and battle.awaiting == "retreat"
    if retreat:
        if battle.side == DEFENDER and defender_refuge(state, battle) is None:
            raise IllegalAction("no_refuge", "Your ships have nowhere to retreat to.")
        return _retreat(state, battle.side, events)
    if battle.side == ATTACKER:
        return replace(state, navy_battle=replace(battle, side=DEFENDER))
    return _next_round(state)


def _next_round(state: AttackState) -> AttackState:
    battle = state.navy_battle
    assert battle is not None
    return replace(state, navy_battle=replace(battle, awaiting="lineup", lineups=(None, None), side=ATTACKER))


def engagement_score(ship: int, against: int, die: int, bonus: int) -> int:
    """A card's total: the ship's value, the Navy die (own type +2, another ship +1, blank 0), modifiers."""
    face = NAVY_FACES[die - 1]
    roll = 0 if face is None else FACE_OWN_TYPE if face == ship else FACE_OTHER_SHIP
    return NAVY_VALUE[ship] + roll + NAVY_MODIFIERS.get((ship, against), 0) + bonus


def _round(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    battle = state.navy_battle
    assert battle is not None
    board = board_of(state)
    zid = board.zone_ids[battle.zone]
    lines = (battle.lineups[ATTACKER] or (), battle.lineups[DEFENDER] or ())
    events.append(LinesRevealed(zid, battle.round, *(tuple(NAVY_TYPES[k] for k in line) for line in lines)))
    damage = ([0] * len(lines[0]), [0] * len(lines[1]))  # hits taken per card: 1 damaged (battleship), 2 sunk
    seats = (battle.attacker, battle.defender)

    def afloat(side: int, i: int) -> bool:
        limit = 2 if lines[side][i] == BATTLESHIP else 1
        return damage[side][i] < limit

    def first(side: int) -> int | None:
        return next((i for i in range(len(lines[side])) if afloat(side, i)), None)

    def hit(side: int, i: int, found: list[tuple[str, str, str]]) -> None:
        damage[side][i] += 1
        state_word = "sunk" if not afloat(side, i) else "damaged"
        found.append((SIDES[side], NAVY_TYPES[lines[side][i]], state_word))

    for position in range(max(len(lines[0]), len(lines[1]))):
        a = position if position < len(lines[0]) and afloat(0, position) else None
        d = position if position < len(lines[1]) and afloat(1, position) else None
        if a is None and d is None:
            continue
        a = first(0) if a is None else a
        d = first(1) if d is None else d
        if a is None or d is None:
            continue
        ships = (lines[0][a], lines[1][d])
        dice = tuple(cup.roll(1, 6, seats[s], f"navy {NAVY_TYPES[ships[s]]} in the {zid}")[0] for s in (0, 1))
        bonus = (1 if battle.supremacy else 0, 0)
        scores = tuple(engagement_score(ships[s], ships[1 - s], dice[s], bonus[s]) for s in (0, 1))
        hits: list[tuple[str, str, str]] = []
        if scores[0] != scores[1]:
            loser = 0 if scores[0] < scores[1] else 1
            target = (a, d)[loser] if ships == (CARRIER, CARRIER) else first(loser)
            if target is not None:
                hit(loser, target, hits)
        air: list[tuple[str, int]] = []
        for s in (0, 1):
            # a carrier's air support rolls with its engagement, and is lost if the carrier just sank
            if ships[s] == CARRIER and afloat(s, (a, d)[s]):
                (value,) = cup.roll(1, 6, seats[s], f"air support in the {zid}")
                air.append((SIDES[s], value))
                target = first(1 - s)
                if ARMY_FACES[value - 1] == PLANE and target is not None:
                    hit(1 - s, target, hits)
        events.append(
            ShipsEngaged(
                zid,
                battle.round,
                position,
                NAVY_TYPES[ships[0]],
                NAVY_TYPES[ships[1]],
                dice[0],
                dice[1],
                scores[0],
                scores[1],
                tuple(air),
                tuple(hits),
            )
        )
    for side in (ATTACKER, DEFENDER):
        state = _after_round(state, side, lines[side], damage[side], events)
    battle = state.navy_battle
    assert battle is not None
    battle = replace(battle, round=battle.round + 1, lineups=(None, None))
    state = replace(state, navy_battle=battle)
    if not any(battle.ships[ATTACKER]) or not any(battle.ships[DEFENDER]):
        winner = (
            ATTACKER if any(battle.ships[ATTACKER]) else DEFENDER if any(battle.ships[DEFENDER]) else None
        )
        return finish(state, winner, events)
    return replace(state, navy_battle=replace(battle, awaiting="retreat", side=ATTACKER))


def _after_round(
    state: AttackState, side: int, line: tuple[int, ...], damage: list[int], events: list[Event]
) -> AttackState:
    """Sunk ships go; damaged battleships sail home for repair; cargo the ships left cannot carry sinks."""
    battle = state.navy_battle
    assert battle is not None
    board = board_of(state)
    seat = battle.attacker if side == ATTACKER else battle.defender
    ships = list(battle.ships[side])
    damaged = 0
    for kind, taken in zip(line, damage, strict=True):
        if taken and (kind != BATTLESHIP or taken >= 2):
            ships[kind] -= 1
        elif taken:
            ships[kind] -= 1
            damaged += 1
    left = (ships[0], ships[1], ships[2], ships[3])
    zid = board.zone_ids[battle.zone]
    if damaged:
        capital = state.seats[seat].capital
        state = set_coast(state, capital, add(state.coast_navy[capital], (0, 0, damaged, 0)))
        events.append(DamagedWithdrew(seat, zid, damaged, board.region_ids[capital]))
    cargo, lost = _cargo_after(battle.cargo[side], state.options.ship_capacity * sum(left))
    if any(lost):
        events.append(CargoLost(seat, zid, Troops.of(lost)))
    battle = replace(
        battle, ships=with_item(battle.ships, side, left), cargo=with_item(battle.cargo, side, cargo)
    )
    return replace(state, navy_battle=battle)


def _cargo_after(cargo: Counts, room: int) -> tuple[Counts, Counts]:
    """The armies still aboard when only ``room`` places are left; the cheapest go down first."""
    left = list(cargo)
    lost = [0, 0, 0, 0]
    over = sum(cargo) - room
    for kind in ARMY_LOSS_ORDER:
        take = max(0, min(over, left[kind]))
        left[kind] -= take
        lost[kind] += take
        over -= take
    return (left[0], left[1], left[2], left[3]), (lost[0], lost[1], lost[2], lost[3])


def defender_refuge(state: AttackState, battle: NavyBattle) -> tuple[str, int] | None:
    """Where the defender's ships may retreat: a coastline of its own on the zone, else a free zone."""
    board = board_of(state)
    for region in board.shores[battle.zone]:
        if state.owner[region] == battle.defender:
            return "region", region
    for zone in sorted(board.seas[battle.zone]):
        if state.zone_owner[zone] in (NEUTRAL, battle.defender):
            return "zone", zone
    return None


def _attacker_refuge(state: AttackState, battle: NavyBattle) -> tuple[str, int]:
    if battle.home >= 0 and state.owner[battle.home] == battle.attacker:
        return "region", battle.home
    if battle.home_zone >= 0 and state.zone_owner[battle.home_zone] in (NEUTRAL, battle.attacker):
        return "zone", battle.home_zone
    return "region", state.seats[battle.attacker].capital


def _retreat(state: AttackState, side: int, events: list[Event]) -> AttackState:
    battle = state.navy_battle
    assert battle is not None
    board = board_of(state)
    refuge = _attacker_refuge(state, battle) if side == ATTACKER else defender_refuge(state, battle)
    assert refuge is not None
    seat = battle.attacker if side == ATTACKER else battle.defender
    ships, cargo = battle.ships[side], battle.cargo[side]
    kind, where = refuge
    if kind == "region":
        state = set_coast(state, where, add(state.coast_navy[where], ships))
        state = set_army(state, where, add(state.army[where], cargo))
        to = board.region_ids[where]
    else:
        state = set_zone(
            state, where, seat, add(state.zone_navy[where], ships), add(state.zone_cargo[where], cargo)
        )
        to = board.zone_ids[where]
    events.append(NavyRetreated(seat, board.zone_ids[battle.zone], to, Ships.of(ships), Troops.of(cargo)))
    battle = replace(
        battle, ships=with_item(battle.ships, side, NONE), cargo=with_item(battle.cargo, side, NONE)
    )
    return finish(replace(state, navy_battle=battle), 1 - side, events)


def finish(state: AttackState, winner: int | None, events: list[Event]) -> AttackState:
    battle = state.navy_battle
    assert battle is not None
    zid = board_of(state).zone_ids[battle.zone]
    seat = NEUTRAL if winner is None else (battle.attacker if winner == ATTACKER else battle.defender)
    events.append(
        NavyBattleEnded(zid, seat, Ships.of(battle.ships[ATTACKER]), Ships.of(battle.ships[DEFENDER]))
    )
    state = replace(state, navy_battle=None)
    if winner is None:
        return state
    return set_zone(state, battle.zone, seat, battle.ships[winner], battle.cargo[winner])


def _text(ships: Counts) -> str:
    return ", ".join(f"{n} {NAVY_TYPES[k]}" for k, n in enumerate(ships) if n) or "none"
