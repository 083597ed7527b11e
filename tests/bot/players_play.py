"""Members playing a game through the fake Discord (issue 35's tests): each makes the move the game's AI
would choose, through the game's own slash commands and buttons, like tests/bot/figures.py."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.game import Game, Slash
from tests.bot.figures import click, settled


async def open_table(fd: Any, game: Game, channel: str, members: Sequence[str]) -> None:
    """``members[0]`` opens a short game of ``game`` in ``channel``; the others join; it starts when full."""
    host = members[0]
    await fd.slash(host, channel, "game new", ruleset=game.name, seats=len(members))
    for option, value in game.short_game.items():
        await fd.slash(host, channel, "game options", name=option, value=str(value))
    for member in members[1:]:
        await fd.slash(member, channel, "game join")
    await fd.wait_idle(settle=0.3)


async def play(
    fd: Any,
    bot: Any,
    game: Game,
    channel: str,
    members: Sequence[str],
    *,
    moves: int = 100_000,
    after_move: Callable[[Any], Awaitable[None]] | None = None,
    seed: int = 1,
) -> int:
    """Play the channel's running game by its members for up to ``moves`` moves (to its end if sooner);
    ``after_move(state)`` runs once the bot has told each move. Returns the game's id."""
    found = await bot.service.channel_game(fd.channel_id(channel))
    assert found is not None and found.game.status == "running", "the game starts when full"
    game_id = found.game.id
    member_of = {s.seat: next(m for m in members if fd.user_id(m) == s.user_id) for s in found.seats}
    agent = game.agent(seed)
    for _ in range(moves):
        record, state = await settled(bot, game_id)
        if record.status != "running":
            break
        seat = game.rules.to_act(state)[0]
        made = game.making(agent.choose(state, seat))
        user = member_of[seat]
        if isinstance(made, Slash):
            answer = await fd.slash(user, channel, made.name, **dict(made.options))
        else:
            answer = await click_in(fd, channel, user, game_id, record.version, made.verb, made.arg)
        after, state = await settled(bot, game_id)
        assert after.version > record.version, f"refused: {answer.content}"
        if after_move is not None:
            await after_move(state)
    return game_id


async def click_in(fd: Any, channel: str, user: str, game_id: int, version: int, verb: str, arg: str) -> Any:
    if channel == "risk":
        return await click(fd, user, game_id, version, verb, arg)
    wanted = f"wb:{game_id}:{version}:{verb}" + (f":{arg}" if arg else "")
    for message in reversed(fd.messages(channel)):
        if wanted in message.custom_ids:
            return await fd.click(user, message, wanted)
    raise AssertionError(f"no button {wanted} under the recent messages")
