"""Ready-made answers to every battle step, by style. Standing orders, the deadline default and the AI
all take their answers from here, so an order does exactly what its help text says.

Deterministic: the same position always gets the same answer (no dice, no ``random``).
"""

from __future__ import annotations

from msgspec.structs import replace

from rules.core.events import Action
from rules.skirmish.actions import (
    AssignDice,
    AssignExtra,
    Defend,
    Occupy,
    OrderSkirmishes,
    Pass,
    PlaceCounter,
    PlayCard,
    TakeLosses,
)
from rules.skirmish.battle.ending import occupy_pool
from rules.skirmish.battle.losses import needed
from rules.skirmish.battle.skirmishes import territory_losses_owed, unpaired_attacker_dice
from rules.skirmish.battle.state import ATTACKER, DEFENDER, Battle, Owed, Role, Skirmish
from rules.skirmish.battle.totals import battle_bonus, margin
from rules.skirmish.board import SkirmishMap
from rules.skirmish.common import cheapest, dearest, troops
from rules.skirmish.pieces import UNIT_TYPES, Units, pieces
from rules.skirmish.state import SkirmishState

WIPE_DICE = 5


def defend_all(state: SkirmishState) -> Defend:
    battle = state.battle
    assert battle is not None
    return Defend(state.units[battle.target])


def losses(state: SkirmishState, owed: Owed, style: str) -> TakeLosses:
    """The standing order ``losses``: "cheapest" or "board" (they differ only in the 2x unit)."""
    return losses_keep_board(state, owed) if style == "board" else losses_cheapest(state, owed)


def losses_cheapest(state: SkirmishState, owed: Owed) -> TakeLosses:
    """Own losses troops first; a rout takes the attacker's dearest. The 2x unit is the cheapest the
    defender has on the board or in the territory, from the territory when both hold that type (so a
    troop on the board goes before a cannon at home: the order's words, issue 29)."""
    battle = state.battle
    assert battle is not None
    if owed.reason == "double" and needed(state, battle, owed):
        board = battle.side(owed.side).units
        held = state.units[battle.target]
        kind = next(t for t in UNIT_TYPES if held.get(t) or board.get(t))
        if held.get(kind):
            return TakeLosses(territory=Units.one(kind))
        return TakeLosses(units=Units.one(kind))
    return losses_keep_board(state, owed)


def losses_keep_board(state: SkirmishState, owed: Owed) -> TakeLosses:
    """As ``losses_cheapest``, but the 2x unit comes from the territory while it holds one, the
    cheapest there, whatever it is worth: the board's count, which decides the battle, is kept."""
    battle = state.battle
    assert battle is not None
    board = battle.side(owed.side).units
    count = needed(state, battle, owed)
    if owed.reason == "rout":
        return TakeLosses(units=dearest(board, count))
    if owed.reason == "double":
        held = state.units[battle.target]
        if held.total:
            return TakeLosses(territory=cheapest(held, count))
        return TakeLosses(units=cheapest(board, count))
    if owed.reason != "roll":
        return TakeLosses(units=cheapest(board, count))
    by_troop = min(owed.twos, board.troop)
    rest = board.minus(troops(by_troop))
    garrison = state.garrison[battle.side(owed.side).seat]
    unpaid = owed.twos - by_troop
    trade = cheapest(replace(rest, troop=0), min(unpaid, garrison.troop))
    rest = rest.minus(trade).plus(troops(trade.total))
    more = min(rest.total, owed.ones + unpaid - trade.total)
    return TakeLosses(units=troops(by_troop).plus(cheapest(rest, more)), traded=trade)


def _battle_edge(battle: Battle, board: SkirmishMap) -> int:
    """What the defender adds to every skirmish over the attacker, before cards and counters."""
    return battle_bonus(battle, DEFENDER, board) - battle_bonus(battle, ATTACKER, board)


def assign(state: SkirmishState, style: str, board: SkirmishMap) -> AssignDice:
    battle = state.battle
    assert battle is not None
    a = battle.attacker.dice
    d = battle.defender.dice
    losses = cheapest(state.units[battle.target], territory_losses_owed(state, battle))
    if not a:
        return AssignDice((), losses)
    if style == "best" and len(d) >= len(a) + WIPE_DICE - 1:
        # Every attacker die gets one die; all the rest pile on the first: five or more wipe the board.
        return AssignDice(tuple(range(1, len(a) + 1)) + (1,) * (len(d) - len(a)), losses)
    if style == "highest":
        pairs = list(range(min(len(a), len(d))))
    elif style == "lowest":
        pairs = [len(a) - 1 - i for i in range(min(len(a), len(d)))]
    else:
        pairs = _matching(a, d, _battle_edge(battle, board))
    against = [p + 1 for p in pairs]
    if len(d) > len(a):
        against += _extra_defence(a, d, pairs, style, _battle_edge(battle, board))
    return AssignDice(tuple(against), losses)


def _matching(a: tuple[int, ...], d: tuple[int, ...], edge: int) -> list[int]:
    """Defender dice 0..m-1 (m = the fewer dice) matched to attacker dice to win the most skirmishes: each
    attacker die, highest first, meets the smallest defender die that still beats it, or is conceded to
    the smallest die left. With fewer defender dice, only the attacker's highest dice are met."""
    m = min(len(a), len(d))
    targets = list(range(m))  # the attacker's highest m dice
    mine = list(range(m))  # the defender's highest m dice
    pairs: dict[int, int] = {}
    for t in targets:
        winners = [i for i in mine if d[i] + 1 + edge >= a[t]]
        pick = max(winners, key=lambda i: (-d[i], i)) if winners else None
        if pick is None:
            pick = max(mine, key=lambda i: (-d[i], i))
        pairs[pick] = t
        mine.remove(pick)
    return [pairs[i] for i in range(m)]


def _extra_defence(
    a: tuple[int, ...], d: tuple[int, ...], pairs: list[int], style: str, edge: int
) -> list[int]:
    """Where the defender's dice beyond the attacker's count go (attacker die numbers from 1)."""
    extra = d[len(pairs) :]
    if style in ("highest", "lowest"):
        top = 0 if style == "highest" else len(a) - 1
        return [top + 1] * len(extra)
    pools = {t: [d[i] for i, p in enumerate(pairs) if p == t] for t in range(len(a))}
    out = []
    for value in extra:

        def need(t: int) -> tuple[int, int]:
            gap = a[t] - (sum(pools[t]) + len(pools[t]) + edge)  # > 0: the defender still loses it
            return (0 if gap > 0 else 1, gap if gap > 0 else -gap)

        t = min(range(len(a)), key=lambda t: (*need(t), t))
        pools[t].append(value)
        out.append(t + 1)
    return out


def assign_extra(state: SkirmishState, style: str, board: SkirmishMap) -> AssignExtra:
    battle = state.battle
    assert battle is not None
    extra = unpaired_attacker_dice(battle)
    skirmishes = list(battle.skirmishes)
    if style in ("highest", "lowest"):
        strength = [sum(battle.defender.dice[i] for i in s.defend) for s in skirmishes]
        pick = strength.index(max(strength) if style == "highest" else min(strength))
        return AssignExtra((pick + 1,) * len(extra))
    to = []
    for die in extra:
        scores = [margin(battle, s, ATTACKER, board) for s in skirmishes]
        value = battle.attacker.dice[die]
        flips = [k for k, m in enumerate(scores) if m <= 0 < m + value]
        losing = [k for k, m in enumerate(scores) if m <= 0]
        if flips:
            k = max(flips, key=lambda k: (scores[k], -k))
        elif losing:
            k = max(losing, key=lambda k: (scores[k], -k))
        else:
            k = min(range(len(skirmishes)), key=lambda k: (scores[k], k))
        skirmishes[k] = replace(skirmishes[k], attack=(*skirmishes[k].attack, die))
        battle = replace(battle, skirmishes=tuple(skirmishes))
        to.append(k + 1)
    return AssignExtra(tuple(to))


def counter_spots(state: SkirmishState, side: Role, counters: int, board: SkirmishMap) -> tuple[int, ...]:
    """Skirmish numbers for ``counters`` counters: first where they turn a lost skirmish (the cheapest
    turns first), then on the narrowest wins."""
    battle = state.battle
    assert battle is not None
    skirmishes = list(battle.skirmishes)
    spots: list[int] = []
    left = counters
    while left:
        scores = [margin(battle, s, side, board) for s in skirmishes]
        turnable = [k for k, m in enumerate(scores) if m <= 0 and 1 - m <= left]
        if turnable:
            k = max(turnable, key=lambda k: (scores[k], -k))
            put = 1 - scores[k]
        else:
            k = min(range(len(skirmishes)), key=lambda k: (scores[k] <= 0, scores[k], k))
            put = 1
        skirmishes[k] = _plus(skirmishes[k], side, put)
        battle = replace(battle, skirmishes=tuple(skirmishes))
        spots += [k + 1] * put
        left -= put
    return tuple(spots)


def _plus(skirmish: Skirmish, side: Role, counters: int) -> Skirmish:
    if side == ATTACKER:
        return replace(skirmish, attack_counters=skirmish.attack_counters + counters)
    return replace(skirmish, defend_counters=skirmish.defend_counters + counters)


def card_step(state: SkirmishState, side: Role, cards_from: int, board: SkirmishMap) -> Action:
    """The next move of a counters-and-cards step: place the counters, then play each card worth at
    least ``cards_from`` where it turns a skirmish (Stand Fast whenever allowed), then pass."""
    battle = state.battle
    assert battle is not None
    me = battle.side(side)
    if me.counters:
        spots = counter_spots(state, side, me.counters, board)
        return PlaceCounter(spots[0], spots.count(spots[0]))
    table = pieces().cards
    scores = [margin(battle, s, side, board) for s in battle.skirmishes]
    hand = sorted(state.hands[me.seat], key=lambda c: (table[c].value, c))
    for card in hand:
        kind = table[card]
        if kind.value < cards_from:
            continue
        if kind.kind == "bar_attacks" and side == DEFENDER:
            return PlayCard(card)
        if kind.kind == "skirmish":
            turnable = [k for k, m in enumerate(scores) if m <= 0 < m + kind.value]
            if turnable:
                return PlayCard(card, max(turnable, key=lambda k: (scores[k], -k)) + 1)
        if kind.kind == "battle" and any(m <= 0 < m + kind.value for m in scores):
            return PlayCard(card)
    return Pass()


def order_best(state: SkirmishState, board: SkirmishMap) -> OrderSkirmishes:
    """The skirmishes the defender wins first, the biggest wins leading (a rout ends the battle before
    the attacker's wins count)."""
    battle = state.battle
    assert battle is not None
    scores = [margin(battle, s, DEFENDER, board) for s in battle.skirmishes]
    ranked = sorted(range(len(scores)), key=lambda k: (-scores[k], k))
    return OrderSkirmishes(tuple(k + 1 for k in ranked))


def occupy(state: SkirmishState, style: str) -> Occupy:
    battle = state.battle
    assert battle is not None
    pool = occupy_pool(state)
    if style == "one":
        return Occupy(cheapest(pool, 1))
    if style == "all":
        return Occupy(pool.minus(cheapest(pool, 1)) if pool.total > 1 else pool)
    moving = battle.attacker.units
    if moving.total and moving.total == pool.total and pool.total > 1:
        moving = moving.minus(cheapest(moving, 1))  # never leave the attacking territory empty
    return Occupy(moving if moving.total else cheapest(pool, 1))
