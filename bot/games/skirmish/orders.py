"""Setting standing orders without showing them to anyone.

The engine applies an order for the step waiting now at once (``SetOrders`` then answers that step). The
shared game log and export show a move's action to everyone unless all its events are hidden, so such a
``SetOrders`` would print the whole set of orders in ``/game log``. To keep them private, a player whose
step is waiting and covered by the new orders gets three kinds of moves instead of one:

1. the orders without the field for the step waiting now (only a hidden ``OrdersSet``: the log says "a
   move kept secret");
2. the answer those orders give, as an ordinary move, for each step of theirs that is waiting and covered
   (public anyway: it is the battle's next step);
3. the whole set of orders, once no step of theirs is waiting that they answer (hidden again).

The result is the game the single ``SetOrders`` would have made, except that the steps answered in 2 are
not tagged "by standing order".
"""

from __future__ import annotations

from msgspec.structs import replace

from bot.models import ActResult
from bot.service import GameService
from bot.store import GameAndSeats
from rules.core.events import Action
from rules.core.tuples import with_item
from rules.skirmish.actions import SetOrders
from rules.skirmish.battle import flow
from rules.skirmish.board import skirmish_map
from rules.skirmish.state import SkirmishState, StandingOrders

FIELD_OF_STEP = {
    "defend": "defend",
    "losses": "losses",
    "assign": "assign",
    "extra": "assign",
    "cards": "cards_from",
    "order": "order",
    "occupy": "occupy",
}
MOST_STEPS = 50  # a battle's steps for one seat are few; the bound only guards against a loop


def answered_now(state: SkirmishState, seat: int, orders: StandingOrders) -> Action | None:
    """What ``orders`` would answer at once: the step the battle waits for, if it is ``seat``'s and the
    orders cover it; else None."""
    if state.battle is None:
        return None
    asked = flow.waiting(state.battle)
    if asked is None or asked[0] != seat:
        return None
    with_orders = replace(state, orders=with_item(state.orders, seat, orders))
    answer = flow.automatic(with_orders, skirmish_map())
    return answer[0] if answer is not None and answer[1] else None


def without_step(state: SkirmishState, orders: StandingOrders) -> StandingOrders:
    """``orders`` less the field for the step waiting now."""
    asked = flow.waiting(state.battle) if state.battle is not None else None
    if asked is None:
        return orders
    return replace(orders, **{FIELD_OF_STEP[asked[1]]: None})


async def set_orders(
    service: GameService, found: GameAndSeats, user_id: int, seat: int, orders: StandingOrders
) -> list[ActResult]:
    """Set ``seat``'s standing orders so that nobody else ever sees them (see the module's doc); returns
    every move made, in order."""
    state: SkirmishState = service.state_of(found.game)
    if answered_now(state, seat, orders) is None:
        return [await service.act(found, user_id, SetOrders(orders))]
    game_id = found.game.id
    results = [await service.act(found, user_id, SetOrders(without_step(state, orders)))]
    for _ in range(MOST_STEPS):
        state = service.state_of(await service.load(game_id))
        answer = answered_now(state, seat, orders)
        if answer is None:
            break
        results.append(await service.act(game_id, user_id, answer))
    results.append(await service.act(game_id, user_id, SetOrders(orders)))
    return results
