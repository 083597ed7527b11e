"""Army battles, exactly as the rule document lays them out.

Deploy: the defender sets 4 units in its line (all if fewer), then the attacker; the rest are reserve.
Opening salvo: the attacker's artillery in line fires first (one die each; "only Artillery roll", and the
general hit rule decides which faces hit: option ``salvo_hits``). Then turns alternate, the defender
acting first: the acting side refills its line from reserve up to its maximum (4 at its first turn, one
more at each of its own turns after, or at every turn of the battle: option ``line_growth``; it must fill
as far as it can), rolls one Army die per unit in its line and scores one hit per die whose face matches
a unit type in its line, at most one die per unit. Hits destroy units in the enemy line: infantry, then
artillery, tanks, planes. No retreat: the battle ends when one side has no units left. Neutrals roll one
Army die per year number for a garrison, which an opponent commands and which leaves after the battle.
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.actions import Ships, Troops
from rules.attack.battle.lines import forced_line
from rules.attack.cards import playing
from rules.attack.common import board_of, set_army, set_coast
from rules.attack.events import ArmyBattleBegan, ArmyBattleEnded, LineSet, RegionConquered, Volley
from rules.attack.seasons import end_game
from rules.attack.state import (
    ATTACKER,
    DEFENDER,
    NEUTRAL,
    ArmyBattle,
    Assault,
    AttackOptions,
    AttackState,
    SeatStatus,
)
from rules.attack.tables import (
    ARMY_FACES,
    ARMY_LOSS_ORDER,
    ARMY_TYPES,
    ARTILLERY,
    NONE,
    SURPRISE_ATTACK,
    Counts,
    add,
    fits,
    sub,
)
from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.core.tuples import with_item

SIDES = ("attacker", "defender")
TURN_LIMIT = 200  # a guard: a battle this long is held by the defender (never reached in practice)


def line_limit(options: AttackOptions, turn: int) -> int:
    """The most units the acting side's line may hold at battle turn ``turn`` (1 is the defender's first,
    2 the attacker's first, and so on). "After each round, acting player may add 1 more unit to line":
    by default one more at each of the side's own turns (4, 5, 6 each); option ``line_growth`` "battle"
    counts every turn of either side (the defender 4, 6, 8; the attacker 5, 7 after its first line)."""
    turn = max(turn, 1)
    if options.line_growth == "battle":
        return options.line_size + turn - 1
    return options.line_size + (turn - 1) // 2


def salvo_faces(options: AttackOptions, surprise: bool) -> int | None:
    """The only face that hits in the opening salvo, or None when any face matching the line hits: the
    document's general hit rule ("one hit per die matching a unit in line") by default; option
    ``salvo_hits`` "artillery" reads "only Artillery roll" as only artillery faces hitting too. A Surprise
    Attack fires the whole line, so every matching face hits."""
    if surprise or options.salvo_hits == "line":
        return None
    return ARTILLERY


def garrison(values: tuple[int, ...]) -> Counts:
    """Units formed from a neutral's Army dice: each face a unit of its type, blanks nothing."""
    units = [0, 0, 0, 0]
    for value in values:
        face = ARMY_FACES[value - 1]
        if face is not None:
            units[face] += 1
    return (units[0], units[1], units[2], units[3])


def deputy_for(state: AttackState, attacker: int) -> int:
    """The opponent who commands a neutral's garrison: the next seat after the attacker in turn order."""
    order = [s for s in state.order if state.seats[s].status is SeatStatus.PLAYING] or list(state.playing())
    if attacker in order:
        i = order.index(attacker)
        order = order[i + 1 :] + order[:i]
    others = [s for s in order if s != attacker]
    return others[0] if others else attacker


def start(state: AttackState, assault: Assault, cup: DiceCup, events: list[Event]) -> AttackState:
    board = board_of(state)
    turn = state.turn
    assert turn is not None
    seat, region = turn.seat, assault.target
    name = board.region_names[region]
    defender = state.owner[region]
    deputy = NEUTRAL
    if defender == NEUTRAL:
        dice = state.year * state.options.neutral_dice
        defenders = garrison(cup.roll(dice, 6, None, f"neutral garrison of {name}"))
        deputy = deputy_for(state, seat)
    else:
        defenders = state.army[region]
        state = set_army(state, region, NONE)
    events.append(
        ArmyBattleBegan(
            seat, defender, deputy, board.region_ids[region], Troops.of(assault.army), Troops.of(defenders)
        )
    )
    battle = ArmyBattle(
        region=region,
        attacker=seat,
        defender=defender,
        deputy=deputy,
        turn=0,
        line=(NONE, NONE),
        reserve=(assault.army, defenders),
        awaiting="deploy",
        side=DEFENDER,
        need=min(state.options.line_size, sum(defenders)),
        surprise=playing(state, SURPRISE_ATTACK),
        by_sea=assault.by_sea,
    )
    state = replace(state, army_battle=battle)
    if not any(defenders):
        return finish(state, ATTACKER, events)
    return proceed(state, cup, events)


def deciding_seat(battle: ArmyBattle) -> int:
    if battle.side == ATTACKER:
        return battle.attacker
    return battle.deputy if battle.defender == NEUTRAL else battle.defender


def deploy(state: AttackState, seat: int, units: Counts, cup: DiceCup, events: list[Event]) -> AttackState:
    battle = state.army_battle
    assert battle is not None and battle.awaiting in ("deploy", "redeploy")
    reserve = battle.reserve[battle.side]
    if sum(units) != battle.need or not fits(units, reserve):
        what = "first line" if battle.awaiting == "deploy" else "line this turn"
        raise IllegalAction(
            "line_size",
            f"Your {what} takes exactly {battle.need} units from your reserve ({_text(reserve)}).",
        )
    state = _set_line(state, units, events)
    return proceed(state, cup, events)


def proceed(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    """Play the battle on until it needs a real choice from a seat, or ends."""
    while state.army_battle is not None:
        battle = state.army_battle
        if battle.awaiting in ("deploy", "redeploy"):
            forced = forced_line(battle.reserve[battle.side], battle.need)
            if forced is None:
                return state
            state = _set_line(state, forced, events)
        elif battle.awaiting == "salvo":
            state = _salvo(state, cup, events)
        else:
            state = _fire(state, cup, events)
    return state


def _set_line(state: AttackState, units: Counts, events: list[Event]) -> AttackState:
    battle = state.army_battle
    assert battle is not None
    side = battle.side
    line = with_item(battle.line, side, add(battle.line[side], units))
    reserve = with_item(battle.reserve, side, sub(battle.reserve[side], units))
    battle = replace(battle, line=line, reserve=reserve)
    events.append(_line_event(state, battle, side, units))
    if battle.turn == 0 and side == DEFENDER:
        need = min(state.options.line_size, sum(battle.reserve[ATTACKER]))
        battle = replace(battle, awaiting="deploy", side=ATTACKER, need=need)
    elif battle.turn == 0:
        battle = replace(battle, awaiting="salvo", need=0)
    else:
        battle = replace(battle, awaiting="fire", need=0)
    return replace(state, army_battle=battle)


def _line_event(state: AttackState, battle: ArmyBattle, side: int, added: Counts) -> LineSet:
    return LineSet(
        board_of(state).region_ids[battle.region],
        battle.turn,
        SIDES[side],
        Troops.of(added),
        Troops.of(battle.line[ATTACKER]),
        Troops.of(battle.reserve[ATTACKER]),
        Troops.of(battle.line[DEFENDER]),
        Troops.of(battle.reserve[DEFENDER]),
    )


def hits_of(values: tuple[int, ...], line: Counts, only: int | None = None) -> int:
    """One hit per die whose face matches a unit type in the line, at most one die per unit."""
    shown = [0, 0, 0, 0]
    for value in values:
        face = ARMY_FACES[value - 1]
        if face is not None and (only is None or face == only):
            shown[face] += 1
    return sum(min(shown[k], line[k]) for k in range(4))


def destroy(line: Counts, hits: int) -> tuple[Counts, Counts]:
    """(line after, units destroyed): infantry first, then artillery, tanks, planes."""
    left = list(line)
    lost = [0, 0, 0, 0]
    for kind in ARMY_LOSS_ORDER:
        take = min(hits, left[kind])
        left[kind] -= take
        lost[kind] += take
        hits -= take
    return (left[0], left[1], left[2], left[3]), (lost[0], lost[1], lost[2], lost[3])


def _salvo(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    battle = state.army_battle
    assert battle is not None
    line = battle.line[ATTACKER]
    firing = sum(line) if battle.surprise else line[ARTILLERY]
    if firing:
        only = salvo_faces(state.options, battle.surprise)
        state = _volley(state, ATTACKER, firing, only, True, cup, events)
        battle = state.army_battle
        if battle is None:
            return state
    return replace(state, army_battle=replace(battle, turn=1, side=DEFENDER, awaiting="fire"))


def _fire(state: AttackState, cup: DiceCup, events: list[Event]) -> AttackState:
    battle = state.army_battle
    assert battle is not None
    side = battle.side
    dice = sum(battle.line[side])
    if dice:
        state = _volley(state, side, dice, None, False, cup, events)
        if state.army_battle is None:
            return state
        battle = state.army_battle
    if battle.turn >= TURN_LIMIT:
        return finish(state, DEFENDER, events)
    turn, other = battle.turn + 1, 1 - side
    most = line_limit(state.options, turn)
    need = max(0, min(most - sum(battle.line[other]), sum(battle.reserve[other])))
    awaiting = "redeploy" if need else "fire"
    return replace(state, army_battle=replace(battle, turn=turn, side=other, awaiting=awaiting, need=need))


def _volley(
    state: AttackState, side: int, dice: int, only: int | None, salvo: bool, cup: DiceCup, events: list[Event]
) -> AttackState:
    battle = state.army_battle
    assert battle is not None
    board = board_of(state)
    seat = battle.attacker if side == ATTACKER else battle.defender
    label = f"{'salvo' if salvo else 'fire'} at {board.region_names[battle.region]}"
    values = cup.roll(dice, 6, seat if seat >= 0 else None, label)
    hits = hits_of(values, battle.line[side], only)
    target = 1 - side
    line, lost = destroy(battle.line[target], hits)
    battle = replace(battle, line=with_item(battle.line, target, line))
    events.append(
        Volley(
            board.region_ids[battle.region],
            battle.turn,
            SIDES[side],
            salvo,
            values,
            hits,
            Troops.of(lost),
            Troops.of(battle.line[ATTACKER]),
            Troops.of(battle.reserve[ATTACKER]),
            Troops.of(battle.line[DEFENDER]),
            Troops.of(battle.reserve[DEFENDER]),
        )
    )
    state = replace(state, army_battle=battle)
    if not any(battle.line[target]) and not any(battle.reserve[target]):
        return finish(state, side, events)
    return state


def finish(state: AttackState, winner: int, events: list[Event]) -> AttackState:
    """The battle is over: the winner holds the region; a conquered coastline's ships are lost; the
    capture of a capital ends the game."""
    battle = state.army_battle
    assert battle is not None
    board = board_of(state)
    region, rid = battle.region, board.region_ids[battle.region]
    attackers = add(battle.line[ATTACKER], battle.reserve[ATTACKER])
    defenders = add(battle.line[DEFENDER], battle.reserve[DEFENDER])
    state = replace(state, army_battle=None)
    if winner == DEFENDER:
        events.append(ArmyBattleEnded(rid, battle.defender, Troops.of(attackers), Troops.of(defenders)))
        if battle.defender != NEUTRAL:
            state = set_army(state, region, defenders)
        return state
    events.append(ArmyBattleEnded(rid, battle.attacker, Troops.of(attackers), Troops.of(defenders)))
    previous = battle.defender
    navy_lost = state.coast_navy[region]
    capital = previous != NEUTRAL and state.seats[previous].capital == region
    events.append(
        RegionConquered(battle.attacker, rid, previous, capital, Ships.of(navy_lost), state.oil[region])
    )
    state = set_coast(set_army(state, region, attackers), region, NONE)
    state = replace(state, owner=with_item(state.owner, region, battle.attacker))
    if capital:
        reason = f"{board.region_names[region]}, a capital, was captured"
        return end_game(state, (battle.attacker,), reason, events)
    return state


def _text(units: Counts) -> str:
    return ", ".join(f"{n} {ARMY_TYPES[k]}" for k, n in enumerate(units) if n) or "none"
