"""Attack! through the fake Discord as its players would play it: a game opened with seat claims and a
fixed seed (the bot draws a fresh secret seed; the test fixes it so the dice, and so the battles, are the
same every run), who must act now, and the buttons and menus under the latest messages."""

from __future__ import annotations

import types

import pytest
from fakecord import FakeDiscord
from fakecord.model import Interaction, Msg

import bot.service
from bot.app import WarboardBot
from bot.games import GAMES
from bot.games.attack import GAME
from rules.attack.state import AttackState
from tests.bot.discord_world import ask_me

WITH = {**GAMES, "attack": GAME}
CHANNEL = "lobby"
PLAYERS = ("alice", "bob", "carol")
CLAIMS = {"alice": 1, "bob": 2, "carol": 3}


def fix_seed(monkeypatch: pytest.MonkeyPatch, seed: str) -> None:
    """The game service draws ``seed`` instead of a fresh secret one."""
    monkeypatch.setattr(bot.service, "secrets", types.SimpleNamespace(token_hex=lambda _n=32: seed))


async def open_game(fd: FakeDiscord, bot_: WarboardBot, options: dict[str, str] | None = None) -> int:
    """alice opens an Attack! game, bob and carol join, each claims a seat (alice 1, bob 2, carol 3), and
    alice starts it."""
    opened = await fd.slash("alice", CHANNEL, "game new", ruleset="attack")
    assert not opened.ephemeral, opened.content
    for name, value in (options or {}).items():
        answer = await fd.slash("alice", CHANNEL, "game options", name=name, value=value)
        assert not answer.ephemeral, answer.content
    for user in PLAYERS[1:]:
        joined = await fd.slash(user, CHANNEL, "game join")
        assert not joined.ephemeral, joined.content
    for user, number in CLAIMS.items():
        claimed = await fd.slash(user, CHANNEL, "game seat", number=number)
        assert not claimed.ephemeral, claimed.content
    await ask_me(fd, CHANNEL, PLAYERS)  # these tests play defenders' battle lines by hand
    started = await fd.slash("alice", CHANNEL, "game start")
    assert not started.ephemeral, started.content
    game_id = await bot_.service.game_in_channel(fd.channel_id(CHANNEL))
    assert game_id is not None
    return game_id


async def position(fd: FakeDiscord, bot_: WarboardBot, game_id: int) -> tuple[AttackState, int, list[str]]:
    """The state, the version, and the players the game waits for (by name)."""
    record = await bot_.service.load(game_id)
    status = await bot_.service.status(game_id)
    names = {fd.user_id(name): name for name in PLAYERS}
    waiting = [names[status.seats[s].user_id] for s in status.waiting_for]
    return bot_.service.state_of(record), record.version, waiting


def latest_with(fd: FakeDiscord, prefix: str) -> tuple[Msg, str]:
    """The newest channel message holding a component whose custom id starts with ``prefix``."""
    for message in reversed(fd.messages(CHANNEL)):
        found = [c for c in message.custom_ids if c.startswith(prefix)]
        if found:
            return message, found[0]
    raise AssertionError(f"no component {prefix}… under the recent messages")


def ids(record: Interaction) -> list[str]:
    """The custom ids on what an interaction shows now (a menu after its last edit)."""
    message = record.original if record.original is not None else record.message
    assert message is not None
    return message.custom_ids


def disabled(message: Msg, custom_id: str) -> bool:
    component = message.component(custom_id)
    assert component is not None, custom_id
    return bool(component.get("disabled"))
