"""The move Warboard makes for a player whose deadline passed: keep the game going and do no harm.

No attack is ever started. A battle step gets the standing orders' sensible defaults (defend with
everything, lose troops first, form the skirmishes to win the most, place counters where they help but
keep the cards, the defender's wins first, advance the survivors). On its own turn the seat reinforces
twice (troops to the borders facing the most enemy units), then every step ends and the hand is reduced
without penalties first.
"""

from __future__ import annotations

from rules.core.events import Action
from rules.skirmish.actions import DrawCard, EndPhase, Place, Reinforce
from rules.skirmish.battle import flow, policy
from rules.skirmish.battle.cards import acting_side
from rules.skirmish.board import SkirmishMap, skirmish_map
from rules.skirmish.state import Phase, SkirmishState

NO_CARDS = 99


def absent_move(state: SkirmishState, seat: int) -> Action:
    board = skirmish_map()
    battle = state.battle
    if battle is not None:
        return battle_default(state, board)
    if state.placing is not None:
        return Place(board.ids[threatened(state, seat, board)], state.placing.troops)
    if state.phase is Phase.STANDARD and state.actions_left:
        if state.garrison[seat].troop:
            return Reinforce()
        if state.deck or state.discard:
            return DrawCard()
    return EndPhase()


def battle_default(state: SkirmishState, board: SkirmishMap) -> Action:
    battle = state.battle
    assert battle is not None
    asked = flow.waiting(battle)
    assert asked is not None
    step = asked[1]
    if step == "losses":
        return policy.losses_cheapest(state, battle.owed[0])
    if step == "defend":
        return policy.defend_all(state)
    if step == "assign":
        return policy.assign(state, "best", board)
    if step == "extra":
        return policy.assign_extra(state, "best", board)
    if step == "cards":
        return policy.card_step(state, acting_side(battle), NO_CARDS, board)
    if step == "order":
        return policy.order_best(state, board)
    return policy.occupy(state, "advance")


def threatened(state: SkirmishState, seat: int, board: SkirmishMap) -> int:
    """The territory facing the most enemy units for its own (ties: map order)."""
    own = [t for t in range(board.size) if state.owner[t] == seat]

    def pressure(t: int) -> int:
        enemies = sum(state.units[n].total for n in board.neighbours[t] if state.owner[n] not in (seat, -1))
        return enemies - state.units[t].total

    return max(own, key=lambda t: (pressure(t), -t))
