"""A fake Discord world with Warboard connected, and a player that turns engine actions into the
slash commands and button clicks a person would use."""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator, Sequence

from fakecord import FakeDiscord
from fakecord.server import DEFAULT_PERMS

from bot.app import WarboardBot, create_bot
from bot.clock import Clock
from bot.game import Games
from bot.games import GAMES
from bot.metrics import Metrics
from bot.settings import Settings
from bot.store import GameStore
from rules.core.events import Action
from rules.risk.actions import Attack, Defend, EndPhase, Fortify, Occupy, PlaceArmies, TradeCards

GUILD = {
    "name": "War Room",
    "channels": ["risk", "lobby"],
    "members": ["alice", "bob", "carol", "dave", "modder"],
    "roles": ["game-mods"],
    # What a server usually grants a bot: no Manage Messages or Pin Messages, so no pinning.
    "bot_permissions": DEFAULT_PERMS,
}


@contextlib.asynccontextmanager
async def discord_world(
    database: str,
    settle: float = 0.1,
    roles: dict[str, list[str]] | None = None,
    clock: Clock | None = None,
    closed_dms: tuple[str, ...] = (),
    bot_permissions: int = DEFAULT_PERMS,
    store: GameStore | None = None,
    games: Games = GAMES,
    metrics: Metrics | None = None,
) -> AsyncIterator[tuple[FakeDiscord, WarboardBot]]:
    """A guild with five members; ``roles`` gives members roles before the bot connects. With a
    ``clock`` the bot runs on it and its scheduler runs only when the test calls ``tick``;
    ``bot_permissions`` are the bot's in the guild (a server's usual grant by default); ``store``
    replaces the bot's own (opened on ``database``), ``games`` the registry, ``metrics`` where it reports."""
    guild = {**GUILD, "bot_permissions": bot_permissions}
    async with FakeDiscord(guilds=[guild], settle=settle, timeout=60.0) as fd:
        for user, given in (roles or {}).items():
            fd.add_member(GUILD["name"], user, roles=given)
        for user in closed_dms:
            fd.closed_dms.add(fd.user_id(user))
        settings = Settings(token="fake-token", database=database)
        if clock is None:
            bot = create_bot(settings, store, games=games, metrics=metrics)
        else:
            bot = create_bot(settings, store, games=games, clock=clock, run_scheduler=False, metrics=metrics)
        await fd.start_bot(bot)
        try:
            yield fd, bot
        finally:
            await bot.close()


def taken(answer: object) -> bool:
    """A move's answer, not a refusal: since issue 28 both are private, but a refusal is one sentence
    (no embed) and a clicked button that was taken is answered by a deferred update."""
    refused = answer.ephemeral and not answer.embeds and answer.ack_type != 6  # type: ignore[attr-defined]
    return not refused


def rendered(text: str) -> str:
    """Text as Discord shows it: the backslashes that keep names and game lines from rendering as
    markdown are not seen (``\\_`` shows as ``_``)."""
    return re.sub(r"\\([^A-Za-z0-9\s])", r"\1", text)


def command_for(action: Action) -> tuple[str, dict[str, object]]:
    """The slash command a player types for ``action``."""
    if isinstance(action, PlaceArmies):
        return "risk place", {"territory": action.territory, "armies": action.armies}
    if isinstance(action, Attack):
        until = "once" if action.until is None else ("conquer" if action.until == 1 else str(action.until))
        return "risk attack", {
            "from": action.source,
            "to": action.target,
            "dice": action.dice,
            "until": until,
        }
    if isinstance(action, Occupy):
        return "risk occupy", {"armies": action.armies}
    if isinstance(action, Fortify):
        return "risk fortify", {"from": action.source, "to": action.target, "armies": action.armies}
    if isinstance(action, TradeCards):
        return "risk trade", {"cards": " ".join(map(str, action.cards))}
    if isinstance(action, EndPhase):
        return "risk end", {}
    raise AssertionError(f"no command for {action!r}")


def button_for(action: Action, custom_ids: list[str]) -> str | None:
    """The button on the last message that does ``action``, if there is one."""
    for custom_id in custom_ids:
        parts = custom_id.split(":")
        if len(parts) < 4 or parts[0] != "wb":
            continue
        verb, arg = parts[3], parts[4] if len(parts) > 4 else ""
        if isinstance(action, Occupy) and verb == "occupy" and arg == str(action.armies):
            return custom_id
        if isinstance(action, EndPhase) and verb == "stop":
            return custom_id
        if (
            isinstance(action, Attack)
            and action.until == 1
            and verb == "blitz"
            and arg == f"{action.source}.{action.target}"
        ):
            return custom_id
    return None


__all__ = ["GUILD", "Defend", "button_for", "command_for", "discord_world", "taken"]


async def ask_me(fd: FakeDiscord, channel: str, users: Sequence[str]) -> None:
    """Each of ``users`` asks to decide questions on others' turns themselves (``/game questions``): for
    tests that play a defender's decisions by hand, which by post are answered for the player."""
    for user in users:
        answer = await fd.slash(user, channel, "game questions", choice="ask")
        assert answer.ephemeral and "You will now be asked" in answer.content, answer.content
