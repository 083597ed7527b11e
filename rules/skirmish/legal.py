"""The moves a seat can make now, for menus, autocomplete and agents: a bounded, useful sample.

Counts are open-ended (place 1..n troops, any split after a win), so each choice lists its plain ends
and the policies' answers; ``apply`` accepts any other valid choice too. Every list holds a way to finish
the step (``EndPhase``, ``Pass``, or an answer to the battle's question).
"""

from __future__ import annotations

from rules.core.errors import IllegalAction
from rules.core.events import Action
from rules.skirmish.actions import (
    Attack,
    Defend,
    Discard,
    DrawCard,
    EndPhase,
    Exchange,
    ExtraExchange,
    ExtraMove,
    Move,
    OrderSkirmishes,
    Pass,
    Place,
    PlaceCounter,
    PlayCard,
    Reinforce,
    TakeLosses,
)
from rules.skirmish.battle import flow, losses, policy
from rules.skirmish.battle.cards import acting_side
from rules.skirmish.battle.declare import MOST_ATTACKERS, sheltered
from rules.skirmish.battle.state import DEFENDER
from rules.skirmish.board import SkirmishMap, skirmish_map
from rules.skirmish.common import cheapest, dearest
from rules.skirmish.engine import to_act
from rules.skirmish.exchange import pair_allowed, units_in_per_exchange
from rules.skirmish.pieces import UNIT_TYPES, Units, pieces
from rules.skirmish.state import Phase, SkirmishState


def legal_actions(state: SkirmishState, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    board = skirmish_map()
    if state.battle is not None:
        return battle_answers(state, board)
    if state.placing is not None:
        own = [t for t in range(board.size) if state.owner[t] == seat]
        counts = sorted({1, state.placing.troops})
        return [Place(board.ids[t], n) for t in own for n in counts] + [EndPhase()]
    found: list[Action] = []
    if state.phase is Phase.STANDARD and state.actions_left:
        found += [Reinforce(), ExtraMove(), ExtraExchange()]
        if state.deck or state.discard:
            found.append(DrawCard())
    if state.phase is Phase.EXCHANGE:
        found += exchanges(state, seat, board)
    if state.phase is Phase.ATTACK and not state.attacks_barred:
        found += attacks(state, seat, board)
    if state.phase is Phase.MOVE:
        found += moves(state, seat, board)
    if state.phase is Phase.REDUCE:
        found += [Discard(c) for c in state.hands[seat]]
    elif state.phase is not Phase.OVER:
        found += truces(state, seat, board)
    found.append(EndPhase())
    return found


def exchanges(state: SkirmishState, seat: int, board: SkirmishMap) -> list[Action]:
    found: list[Action] = []
    for t in range(board.size):
        if state.owner[t] != seat:
            continue
        for give in state.units[t].kinds():
            for get in UNIT_TYPES:
                if get == give or not pair_allowed(state, give, get) or not state.garrison[seat].get(get):
                    continue
                each = units_in_per_exchange(give, get)
                most = min(state.units[t].get(give) // each, state.garrison[seat].get(get))
                for n in sorted({1, most}) if most else ():
                    found.append(Exchange(board.ids[t], Units.one(give, n * each), get))
    return found


def strongest(units: Units, most: int = MOST_ATTACKERS) -> Units:
    """Up to ``most`` units, the dearest first (they bring the most dice and counters)."""
    return dearest(units, min(most, MOST_ATTACKERS, units.total))


def attacks(state: SkirmishState, seat: int, board: SkirmishMap) -> list[Action]:
    found: list[Action] = []
    barred = {t.territory for t in state.truces}
    for source in range(board.size):
        if state.owner[source] != seat or not state.units[source].total:
            continue
        for target in sorted(board.neighbours[source]):
            if state.owner[target] == seat or target in barred or sheltered(state, target):
                continue
            units = state.units[source]
            found.append(Attack(board.ids[source], board.ids[target], strongest(units)))
            if units.total > 1:
                found.append(Attack(board.ids[source], board.ids[target], strongest(units, units.total - 1)))
    return found


def moves(state: SkirmishState, seat: int, board: SkirmishMap) -> list[Action]:
    found: list[Action] = []
    for source in range(board.size):
        units = state.units[source]
        if state.owner[source] != seat or units.total < 2:
            continue
        for target in sorted(board.neighbours[source]):
            if state.owner[target] == seat:
                found.append(Move(board.ids[source], board.ids[target], units.minus(cheapest(units, 1))))
    return found


def truces(state: SkirmishState, seat: int, board: SkirmishMap) -> list[Action]:
    table = pieces().cards
    cards = [c for c in state.hands[seat] if table[c].kind == "truce"]
    if not cards:
        return []
    own = [t for t in range(board.size) if state.owner[t] == seat]
    return [PlayCard(cards[0], territory=board.ids[t]) for t in own]


def battle_answers(state: SkirmishState, board: SkirmishMap) -> list[Action]:
    battle = state.battle
    assert battle is not None
    asked = flow.waiting(battle)
    assert asked is not None
    seat, step = asked
    answers: list[Action] = []
    if step == "losses":
        owed = battle.owed[0]
        answers = [policy.losses_cheapest(state, owed)]
        side = battle.side(owed.side).units
        other = TakeLosses(units=dearest(side, losses.needed(state, battle, owed)))
        try:
            losses.check(state, battle, owed, other)
            answers.append(other)
        except IllegalAction:
            pass
    elif step == "defend":
        held = state.units[battle.target]
        answers = [Defend(held)]
        least = max(1, battle.attacker.declared_dice // 5 + 1)
        if least < pieces().dice(held):
            answers.append(Defend(held, dice=least))
    elif step == "assign":
        answers = [policy.assign(state, style, board) for style in ("best", "highest", "lowest")]
    elif step == "extra":
        answers = [policy.assign_extra(state, style, board) for style in ("best", "highest", "lowest")]
    elif step == "cards":
        answers = _card_moves(state, seat)
    elif step == "order":
        count = len(battle.skirmishes)
        answers = [
            policy.order_best(state, board),
            OrderSkirmishes(tuple(range(1, count + 1))),
            OrderSkirmishes(tuple(range(count, 0, -1))),
        ]
    elif step == "occupy":
        answers = [policy.occupy(state, style) for style in ("advance", "one", "all")]
    unique: list[Action] = []
    for a in answers:
        if a not in unique:
            unique.append(a)
    return unique


def _card_moves(state: SkirmishState, seat: int) -> list[Action]:
    battle = state.battle
    assert battle is not None
    side_name = acting_side(battle)
    count = len(battle.skirmishes)
    found: list[Action] = []
    if battle.side(side_name).counters:
        found += [PlaceCounter(k) for k in range(1, count + 1)]
    table = pieces().cards
    for card in sorted(set(state.hands[seat]), key=lambda c: (table[c].id, c)):
        kind = table[card].kind
        if kind == "skirmish":
            found += [PlayCard(card, k) for k in range(1, count + 1)]
        elif kind == "battle" or (kind == "bar_attacks" and side_name == DEFENDER):
            found.append(PlayCard(card))
    found.append(Pass())
    return found
