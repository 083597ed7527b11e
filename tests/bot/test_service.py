"""The game service: the lobby, playing, refusals that write nothing, moderation and the log."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from bot.gamelog import SEAT_ORDER_FIRST_ROLL
from bot.models import ActResult, ServiceError
from bot.service import GameService
from rules.core.dice import seed_hash, verify_rolls
from rules.core.errors import IllegalAction
from rules.core.events import DiceRolled
from rules.risk import RULES as RISK
from rules.risk.actions import EndPhase, PlaceArmies
from rules.risk.board import classic_map
from tests.bot.conftest import CHANNEL, HOST, SEED, footprint, new_game, snapshot_matches_replay, user_to_act

BOARD = classic_map()


async def own_territory(service: GameService, game_id: int, user: int) -> str:
    view = await service.view(game_id, user)
    return next(t.id for t in view.territories if t.owner == view.viewer)


async def test_lobby_to_start(service: GameService) -> None:
    status = await service.create(CHANNEL, HOST, "Host", "risk", {"setup_batch": "3"})
    assert status.status == "lobby" and status.names == ["Host"] and status.options["setup_batch"] == 3
    await service.join(status.game_id, 2, "Bob")
    await service.join(status.game_id, HOST, "", ai=True)
    await service.set_options(status.game_id, HOST, {"fortify": "connected"})
    with pytest.raises(ServiceError) as refusal:
        await service.join(status.game_id, 2, "Bob again")
    assert refusal.value.code == "already_joined"
    await service.leave(status.game_id, 2)
    await service.join(status.game_id, 3, "Cy")
    with pytest.raises(ServiceError, match="Only the game's host or a moderator can start"):
        await service.start(status.game_id, 3)
    started = await service.start(status.game_id, HOST, seed=SEED)
    assert started.status == "running" and sorted(started.names) == ["AI 1", "Cy", "Host"]
    assert started.seed_hash == seed_hash(SEED) and started.seed is None  # secret until the end
    assert started.options == {**started.options, "setup_batch": 3, "fortify": "connected"}
    # The seat order came from the game's own dice, outside the engine's roll numbers, and verifies.
    (start,) = await service.store.log(status.game_id)
    from bot.gamelog import decode_events
    from rules.risk import RULES

    events = decode_events(RULES, start.events)
    order_roll = events[0]
    assert isinstance(order_roll, DiceRolled) and order_roll.first == SEAT_ORDER_FIRST_ROLL
    assert verify_rolls(SEED, events) == []
    with pytest.raises(ServiceError) as late:
        await service.join(status.game_id, 4, "Late")
    assert late.value.code == "started"


async def test_one_game_per_channel(service: GameService) -> None:
    await service.create(CHANNEL, HOST, "Host", "risk")
    with pytest.raises(ServiceError, match="This channel already has a game"):
        await service.create(CHANNEL, 2, "Bob", "risk")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"deal": "sometimes"}, "one of random, claim"),
        ({"setup_batch": "many"}, "whole number"),
        ({"setup_batch": "0"}, "at least 1"),
        ({"colour": "red"}, "Risk has no option “colour”"),
    ],
)
async def test_malformed_options_are_refused_and_nothing_is_written(
    service: GameService, options: dict[str, str], words: str
) -> None:
    with pytest.raises(ServiceError, match=words) as refusal:
        await service.create(CHANNEL, HOST, "Host", "risk", options)
    assert refusal.value.code == "bad_option"
    assert await service.game_in_channel(CHANNEL) is None
    status = await service.create(CHANNEL, HOST, "Host", "risk")
    before = await footprint(service, status.game_id)
    with pytest.raises(ServiceError, match=words):
        await service.set_options(status.game_id, HOST, options)
    assert await footprint(service, status.game_id) == before


async def test_unknown_game_and_ruleset(service: GameService) -> None:
    with pytest.raises(ServiceError, match="There is no game #999"):
        await service.act(999, HOST, EndPhase())
    with pytest.raises(ServiceError, match="no game called “chess”"):
        await service.create(CHANNEL, HOST, "Host", "chess")


async def test_refusals_write_nothing(service: GameService) -> None:
    game_id = await new_game(service)
    mover = await user_to_act(service, game_id)
    other = 3 - mover  # users 1 and 2
    place = PlaceArmies(await own_territory(service, game_id, mover), 1)
    before = await footprint(service, game_id)

    async def refused(user: int, action: object, code: str, **kwargs: object) -> None:
        with pytest.raises(ServiceError) as refusal:
            await service.act(game_id, user, action, **kwargs)  # type: ignore[arg-type]
        assert refusal.value.code == code and refusal.value.message.endswith(".")
        assert await footprint(service, game_id) == before

    await refused(42, place, "not_a_player")  # not in the game at all
    await refused(other, place, "not_your_turn")  # a player, but out of turn
    await refused(mover, place, "stale", version=before[0] - 1)  # a click on an old message
    with pytest.raises(IllegalAction, match="only place armies on your own territories"):
        theirs = await own_territory(service, game_id, other)
        await service.act(game_id, mover, PlaceArmies(theirs, 1))
    assert await footprint(service, game_id) == before

    await service.pause(game_id, HOST)
    paused = await footprint(service, game_id)
    before = paused
    await refused(mover, place, "paused")
    await service.resume(game_id, HOST)
    await service.act(game_id, mover, place)
    await service.end(game_id, HOST)
    before = await footprint(service, game_id)
    await refused(mover, place, "ended")
    assert (await service.status(game_id)).seed == SEED  # revealed once ended


async def test_moves_are_persisted_with_version_and_replay(service: GameService) -> None:
    game_id = await new_game(service, "human,ai,ai")
    await service.play_ai(game_id)
    mover = await user_to_act(service, game_id)
    version, rows = await footprint(service, game_id)
    result = await service.act(
        game_id, mover, PlaceArmies(await own_territory(service, game_id, mover), 2), version=version
    )
    assert isinstance(result, ActResult) and result.version == version + 1 and result.seq == rows + 1
    assert result.lines and "placed 2" in result.lines[0]
    assert result.view.viewer is None  # the public view, for the board picture
    assert await snapshot_matches_replay(service, game_id)


async def test_a_results_public_view_is_built_when_read_and_once(service: GameService) -> None:
    """Most results are never shown (an AI seat's moves), so their view is built on first reading
    (issue 34): the public view of the game the move left, the same object on every reading, and
    carried by a copy of the result (a command's moves merged into one outcome)."""
    game_id = await new_game(service, "human,ai,ai")
    await service.play_ai(game_id)
    mover = await user_to_act(service, game_id)
    result = await service.act(game_id, mover, PlaceArmies(await own_territory(service, game_id, mover), 1))
    assert isinstance(result, ActResult) and result.position is not None
    assert not result._viewed  # nothing read it yet
    view = result.view
    assert view == RISK.view(result.position.state, None) and view.viewer is None
    assert view != RISK.view(result.position.state, result.seat)  # never the mover's own view
    assert result.view is view and result._viewed
    assert replace(result, lines=()).view == view


def test_a_results_view_is_made_once() -> None:
    made: list[int] = []

    def public_view() -> str:
        made.append(1)
        return "the board"

    result = ActResult(1, 2, 3, 0, (), (), (), public_view, (), None)  # type: ignore[arg-type]
    assert made == [] and result.view == "the board" and result.view == "the board" and made == [1]


async def test_ai_seats_play_until_a_human_must_act_and_to_the_end(service: GameService) -> None:
    game_id = await new_game(service, "human,ai,ai")
    moves = await service.play_ai(game_id)
    status = await service.status(game_id)
    assert status.seats[status.waiting_for[0]].controller == "human"
    assert all(status.seats[m.seat].controller == "ai" for m in moves)
    human_seat = status.waiting_for[0]
    await service.replace(game_id, HOST, human_seat, None, "Stand-in")  # the AI takes over
    await service.play_ai(game_id)
    final = await service.status(game_id)
    assert final.status == "ended" and final.result and "conquered the world" in final.result
    assert final.seed == SEED
    report = await service.verify(game_id)
    assert report.ok and report.rolls > 100, report.text()


async def test_resign_and_kick(service: GameService) -> None:
    game_id = await new_game(service, "human,human,human")
    status = await service.status(game_id)
    kicked = status.waiting_for[0]
    with pytest.raises(ServiceError, match="Only the game's host or a moderator"):
        await service.kick(game_id, 2 if HOST != 2 else 3, kicked)
    await service.kick(game_id, 99, kicked, moderator=True)
    status = await service.status(game_id)
    assert status.seats[kicked].status == "kicked" and kicked not in status.waiting_for
    resigner = next(s for s in status.seats if s.status == "playing")
    assert resigner.user_id is not None
    await service.resign(game_id, resigner.user_id)
    final = await service.status(game_id)
    assert final.status == "ended"  # one player left: the engine declared the winner
    assert await snapshot_matches_replay(service, game_id)


async def test_a_drawn_card_stays_private_in_the_log_until_the_end(service: GameService) -> None:
    game_id = await new_game(service, "ai,ai")
    while True:
        moves = await service.play_ai(game_id, limit=1)
        if any(type(e).__name__ == "CardDrawn" for m in moves for e in m.events):
            break
    drawer = moves[0].seat
    public = "\n".join(await service.log_lines(game_id))
    assert "drew a card." in public and "card draw" not in public
    await service.end(game_id, HOST)
    revealed = "\n".join(await service.log_lines(game_id))
    # The card is told by its name (its die, a roll number, is left out: "🎲 card draw: [28]").
    name = (await service.status(game_id)).name(drawer)
    assert f"{name} drew a card." not in revealed and "card draw" not in revealed
    assert re.search(rf"{re.escape(name)} drew [A-Z][\w ]+ \(\w+\)\.", revealed), revealed


async def test_starting_a_running_game_says_why_it_runs(service: GameService) -> None:
    """``/game start`` once the last seat was taken: the game began by itself, and the answer says so."""
    full = await service.create(CHANNEL, HOST, "Host", "risk", capacity=2)
    await service.join(full.game_id, 2, "Bob")
    with pytest.raises(ServiceError) as refused:
        await service.start(full.game_id, HOST)
    assert refused.value.message == (
        "This game has already started: it began by itself when its last seat was taken (2 of 2). "
        "`/game status` shows whose turn it is."
    )
    await service.end(full.game_id, HOST)
    early = await service.create(CHANNEL, HOST, "Host", "risk", capacity=3)  # the host starts it at two
    await service.join(early.game_id, 2, "Bob")
    await service.start(early.game_id, HOST)
    with pytest.raises(ServiceError) as refused:
        await service.start(early.game_id, HOST)
    assert refused.value.message == "This game has already started. `/game status` shows whose turn it is."
    with pytest.raises(ServiceError) as refused:  # a player who is not the host is told the same
        await service.start(early.game_id, 2)
    assert refused.value.message == "This game has already started. `/game status` shows whose turn it is."


async def test_capacity_deadline_and_the_channels_last_game(service: GameService) -> None:
    with pytest.raises(ServiceError, match="Risk is for 2 to 6 players, not 9"):
        await service.create(CHANNEL, HOST, "Host", "risk", capacity=9)
    status = await service.create(CHANNEL, HOST, "Host", "risk", capacity=3, turn_hours=24)
    assert status.capacity == 3 and status.turn_hours == 24 and status.status == "lobby"
    await service.join(status.game_id, 2, "Bob")
    full = await service.join(status.game_id, 3, "Cy")
    assert full.status == "running" and full.seed_hash  # the last seat taken starts the game
    with pytest.raises(ServiceError, match="has already started"):
        await service.join(status.game_id, 4, "Dee")
    await service.end(status.game_id, HOST)
    assert await service.game_in_channel(CHANNEL) is None
    assert await service.last_game_in_channel(CHANNEL) == status.game_id


async def test_skip_finishes_an_absent_players_turn_without_attacking(service: GameService) -> None:
    game_id = await new_game(service, "human,human,human")
    for _ in range(40):  # skip through setup into the first real turns
        status = await service.status(game_id)
        moves = await service.skip(game_id, 99, moderator=True)
        after = await service.status(game_id)
        assert moves and all(m.seat == status.waiting_for[0] for m in moves)
        assert after.waiting_for != status.waiting_for or after.turn != status.turn
        assert not any(type(e).__name__ == "BattleFought" for m in moves for e in m.events)
    assert (await service.status(game_id)).turn
    assert await snapshot_matches_replay(service, game_id)
