"""Undo (own moves, this turn, nothing revealed since) and moderator rollback; both replay the log."""

from __future__ import annotations

import pytest

from bot.games import GAMES
from bot.models import ServiceError
from bot.service import GameService
from rules.core.events import DiceRolled
from rules.risk.actions import PlaceArmies
from rules.risk.text import territory_name
from tests.bot.conftest import HOST, footprint, new_game, snapshot_matches_replay, user_to_act


async def own_territory(service: GameService, game_id: int, user: int) -> str:
    view = await service.view(game_id, user)
    return next(t.id for t in view.territories if t.owner == view.viewer)


async def test_own_move_in_this_turn_is_taken_back(service: GameService) -> None:
    game_id = await new_game(service, "human,human,human")  # setup_batch 5: a turn of several moves
    user = await user_to_act(service, game_id)
    before = service.state_of(await service.load(game_id))
    place = PlaceArmies(await own_territory(service, game_id, user), 1)
    await service.act(game_id, user, place)
    await service.act(game_id, user, place)
    for _ in range(2):
        undone = await service.undo(game_id, user)
        assert "took back" in undone.message
    assert service.state_of(await service.load(game_id)) == before
    rows = await service.store.log(game_id)
    assert [r.kind for r in rows] == ["system", "action", "action", "undo", "undo"]  # history is kept
    assert await snapshot_matches_replay(service, game_id)
    with pytest.raises(ServiceError) as nothing:
        await service.undo(game_id, user)
    assert nothing.value.code == "nothing_to_undo"


async def test_an_undo_says_which_move_it_took_back(service: GameService) -> None:
    """A newcomer undid twice and was told "Player 1 took back their last move." each time: which?"""
    game_id = await new_game(service, "human,human,human")
    user = await user_to_act(service, game_id)
    territory = await own_territory(service, game_id, user)
    await service.act(game_id, user, PlaceArmies(territory, 2))
    await service.act(game_id, user, PlaceArmies(territory, 1))
    name = (await service.status(game_id)).names[0]
    spaced = territory_name(territory)  # by its name, as the log's headline writes it
    assert (
        await service.undo(game_id, user)
    ).message == f"{name} took back their last move: place 1 army on {spaced}."
    assert (
        await service.undo(game_id, user)
    ).message == f"{name} took back their last move: place 2 armies on {spaced}."
    log = await service.log_lines(game_id, None, last=4)
    assert log[-1] == f"{name} took back their last move: place 2 armies on {spaced}."


async def test_a_move_that_ended_the_turn_is_not_undone(service: GameService) -> None:
    game_id = await new_game(service, "human,human,human")
    user = await user_to_act(service, game_id)
    await service.act(game_id, user, PlaceArmies(await own_territory(service, game_id, user), 5))
    before = await footprint(service, game_id)
    with pytest.raises(ServiceError, match="ended your turn"):
        await service.undo(game_id, user)
    assert await footprint(service, game_id) == before


async def test_another_players_move_is_not_undone(service: GameService) -> None:
    game_id = await new_game(service, "human,human,human")
    first = await user_to_act(service, game_id)
    await service.act(game_id, first, PlaceArmies(await own_territory(service, game_id, first), 5))
    second = await user_to_act(service, game_id)
    before = await footprint(service, game_id)
    with pytest.raises(ServiceError, match="only undo your own last action; the last one was P"):
        await service.undo(game_id, second)
    assert await footprint(service, game_id) == before


async def play_own_moves_until_dice(service: GameService, game_id: int, user: int) -> None:
    """The AI plays the human's moves (and its own) until the human's last move rolled dice."""
    ruleset = GAMES["risk"].rules
    for _ in range(2000):
        await service.play_ai(game_id)
        game = await service.load(game_id)
        state = service.state_of(game)
        seat = ruleset.to_act(state)[0]
        result = await service.act(game_id, user, GAMES[ruleset.name].agent(game.version).choose(state, seat))
        if any(isinstance(e, DiceRolled) for e in result.events) and seat in result.waiting_for:
            return
    raise AssertionError("no attack in 2000 moves")


async def test_no_undo_once_dice_were_rolled(service: GameService) -> None:
    game_id = await new_game(service, "human,ai")
    status = await service.status(game_id)
    user = next(s.user_id for s in status.seats if s.controller == "human")
    assert user is not None
    await play_own_moves_until_dice(service, game_id, user)
    before = await footprint(service, game_id)
    with pytest.raises(ServiceError, match="rolled dice or revealed hidden information"):
        await service.undo(game_id, user)
    assert await footprint(service, game_id) == before


async def test_moderator_rollback_replays_and_is_recorded(service: GameService) -> None:
    game_id = await new_game(service, "ai,ai")
    await service.play_ai(game_id, limit=60)  # setup and a few turns, dice included
    state_after_20 = None
    rows = await service.store.log(game_id)
    from bot.gamelog import live_actions, rebuild

    game = await service.load(game_id)
    assert game.seed is not None
    state_after_20 = rebuild(GAMES["risk"].rules, game.seed, game.options, 2, live_actions(rows)[:20])
    with pytest.raises(ServiceError, match="Only a moderator"):
        await service.rollback(game_id, HOST, 40)
    with pytest.raises(ServiceError, match="1 to 60"):
        await service.rollback(game_id, HOST, 61, moderator=True)
    done = await service.rollback(game_id, HOST, 40, moderator=True)
    assert len(done.reverted) == 40
    assert service.state_of(await service.load(game_id)) == state_after_20
    assert (await service.store.log(game_id))[-1].kind == "rollback"
    await service.play_ai(game_id, limit=10)  # play goes on from the rolled-back position
    assert await snapshot_matches_replay(service, game_id)
