"""Fifty simultaneous moves on one game: each accepted move is applied exactly once, in version order,
and every refused one says why."""

from __future__ import annotations

import asyncio

from bot.models import ActResult, ServiceError
from bot.service import GameService
from rules.core.errors import IllegalAction
from rules.risk.actions import PlaceArmies
from tests.bot.conftest import footprint, new_game, snapshot_matches_replay


async def territories(service: GameService, game_id: int) -> dict[int, str]:
    """One territory of each seat, by the user holding the seat."""
    status = await service.status(game_id)
    view = await service.view(game_id)
    found = {}
    for seat in status.seats:
        assert seat.user_id is not None
        found[seat.user_id] = next(t.id for t in view.territories if t.owner == seat.seat)
    return found


async def test_fifty_simultaneous_moves(service: GameService) -> None:
    # Setup placing one army per turn: a move is legal only for the seat whose turn it is, so which
    # of the fifty get through depends on the order they reach the lock.
    game_id = await new_game(service, "human,human,human", {"setup_batch": "1"})
    where = await territories(service, game_id)
    version, rows = await footprint(service, game_id)

    async def move(i: int) -> ActResult | Exception:
        user = 1 + i % 3
        try:
            return await service.act(game_id, user, PlaceArmies(where[user], 1))
        except (ServiceError, IllegalAction) as refusal:
            return refusal

    outcomes = await asyncio.gather(*(move(i) for i in range(50)))
    accepted = [o for o in outcomes if isinstance(o, ActResult)]
    refused = [o for o in outcomes if not isinstance(o, ActResult)]
    assert accepted and refused and len(accepted) + len(refused) == 50
    versions = [a.version for a in accepted]
    assert versions == sorted(versions) and len(set(versions)) == len(versions)  # strictly increasing
    assert versions == list(range(version + 1, version + 1 + len(accepted)))
    assert [a.seq for a in accepted] == list(range(rows + 1, rows + 1 + len(accepted)))
    for refusal in refused:
        assert isinstance(refusal, ServiceError) and refusal.code == "not_your_turn"
        assert refusal.message.startswith("It is not your turn: the game is waiting for ")
    assert await footprint(service, game_id) == (version + len(accepted), rows + len(accepted))
    assert await snapshot_matches_replay(service, game_id)


async def test_fifty_clicks_on_the_same_message(service: GameService) -> None:
    """Fifty copies of one button (same version): exactly one is applied."""
    game_id = await new_game(service, "human,human,human")
    status = await service.status(game_id)
    user = status.seats[status.waiting_for[0]].user_id
    assert user is not None
    target = (await territories(service, game_id))[user]
    version, rows = await footprint(service, game_id)

    async def click() -> ActResult | Exception:
        try:
            return await service.act(game_id, user, PlaceArmies(target, 1), version=version)
        except ServiceError as refusal:
            return refusal

    outcomes = await asyncio.gather(*(click() for _ in range(50)))
    accepted = [o for o in outcomes if isinstance(o, ActResult)]
    assert len(accepted) == 1 and accepted[0].version == version + 1
    stale = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(stale) == 49 and all(
        s.code == "stale" and "moved on since that message" in s.message for s in stale
    )
    assert await footprint(service, game_id) == (version + 1, rows + 1)
