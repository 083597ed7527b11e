"""Driving a Skirmish game on the fake Discord as its players would: a three-player game opened with
slash commands, the seat waiting now, and clicking the next-step buttons of the latest message."""

from __future__ import annotations

from typing import Any

import bot.service
from bot.games import GAMES
from bot.games.skirmish import GAME
from rules.skirmish.battle import flow
from rules.skirmish.state import SkirmishState
from tests.bot.discord_world import ask_me

WITH = {**GAMES, "skirmish": GAME}
CHANNEL = "risk"  # the test guild's first channel
PLAYERS = ("alice", "bob", "carol")
SEED = "5e" * 32  # fixed, so the deal and every die are the same on every run


class FixedSeed:
    """Stands in for ``bot.service``'s ``secrets`` module: the game draws this seed instead of a fresh one."""

    @staticmethod
    def token_hex(nbytes: int = 32) -> str:
        return SEED


async def three_player_game(fd: Any, app: Any, monkeypatch: Any, *, rounds: int = 3) -> int:
    """``/game new`` for three, the round limit set, bob and carol join: the game starts when full. The
    tests attack in the first round, so the opening by post that keeps a territory safe until its
    owner's first turn (option first_turn_safe) is turned off."""
    monkeypatch.setattr(bot.service, "secrets", FixedSeed)
    opened = await fd.slash("alice", CHANNEL, "game new", ruleset="skirmish", seats=3)
    assert not opened.ephemeral, opened.content
    await fd.slash("alice", CHANNEL, "game options", name="round_limit", value=str(rounds))
    await fd.slash("alice", CHANNEL, "game options", name="first_turn_safe", value="0")
    await fd.slash("bob", CHANNEL, "game join")
    await ask_me(fd, CHANNEL, ["alice", "bob"])  # these tests play defenders' battle steps by hand
    await fd.slash("carol", CHANNEL, "game join")  # the last seat: the game starts
    await ask_me(fd, CHANNEL, ["carol"])
    await fd.wait_idle(settle=0.2)
    found = await app.service.channel_game(fd.channel_id(CHANNEL))
    assert found is not None and found.game.status == "running"
    return int(found.game.id)


async def position(app: Any, game_id: int) -> tuple[SkirmishState, int]:
    record = await app.service.load(game_id)
    return app.service.state_of(record), record.version


def player(fd: Any, status: Any, seat: int) -> str:
    """The member playing ``seat``."""
    return next(p for p in PLAYERS if fd.user_id(p) == status.seats[seat].user_id)


async def seat_of(fd: Any, app: Any, game_id: int, name: str) -> int:
    status = await app.service.status(game_id)
    return next(s.seat for s in status.seats if s.user_id == fd.user_id(name))


async def waiting(fd: Any, app: Any, game_id: int) -> tuple[str, str]:
    """(member, step) the game waits for: a battle step's name, or "turn" / "place" / "reduce"."""
    state, _ = await position(app, game_id)
    status = await app.service.status(game_id)
    if state.battle is not None:
        asked = flow.waiting(state.battle)
        assert asked is not None
        return player(fd, status, asked[0]), asked[1]
    step = "place" if state.placing is not None else state.phase.value
    return player(fd, status, state.current), step


def latest_buttons(fd: Any) -> Any:
    """The newest message in the channel with next-step buttons (a move's answer is the mover's own)."""
    steps = ("wb:", "wbm:")  # a move's next steps and menus, not a look-up's Show everyone button
    return next(m for m in reversed(fd.messages(CHANNEL)) if any(c.startswith(steps) for c in m.custom_ids))


async def click(fd: Any, user: str, verb: str, arg: str = "") -> Any:
    """Click the button ``verb``[:``arg``] under the newest message that has buttons."""
    message = latest_buttons(fd)
    wanted = [c for c in message.custom_ids if c.split(":")[3:] == ([verb, arg] if arg else [verb])]
    assert wanted, f"no {verb} {arg} button under the latest message: {message.custom_ids}"
    answer = await fd.click(user, message, wanted[0])
    assert answer.ack_type == 6, answer.content  # taken (a refusal answers with a sentence)
    return answer


def public_text(fd: Any, since: int = 0) -> str:
    """Everything the channel shows (contents and embeds) from message index ``since`` on."""
    parts = []
    for message in fd.messages(CHANNEL, ephemeral=False)[since:]:
        parts.append(message.content or "")
        for embed in message.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
    return "\n".join(parts)
