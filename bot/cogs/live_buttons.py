"""A step's buttons live only while the step is open.

Every message that carries a game's step buttons (a move's private answer with the next steps, a
decision asked of a player off turn, a private menu) is kept here with the game version it was drawn
for. Each commit of the game (``GameService.on_commit``: a slash command, another member's click, the AI,
a passed deadline, an undo, a moderator's change) makes every kept message of an older version spent:
its buttons are taken off (edited away in a task of their own, one edit per message, so a busy channel
meets Discord's edit limits no sooner than it would have with the clicks), and an asking message says it
no longer waits. A phone's player then never sees live-looking buttons that would only be refused.

What is kept is the bot's memory: after a restart the old messages keep their buttons, and a click on one
is refused as old and takes the buttons off that message (``bot.cogs.common.handle_error``). A clicked
message is edited by its click's own answer; ``CLICKED`` names it so that the commit does not edit it a
second time."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass

import discord

log = logging.getLogger("warboard.buttons")

# The message whose button the current interaction clicked: its own answer takes the buttons off.
CLICKED: ContextVar[int | None] = ContextVar("warboard_clicked", default=None)
# At most so many messages kept per game (the oldest spent first): a game rarely has more than three.
MOST = 16


@dataclass(frozen=True, slots=True)
class Kept:
    version: int  # the game version the buttons were drawn for
    message_id: int
    spend: Callable[[], Awaitable[object]]  # takes the buttons off (and says so, where it asks)


class LiveButtons:
    """The messages with live step buttons, per game."""

    def __init__(self) -> None:
        self.kept: dict[int, list[Kept]] = {}
        self.latest: dict[int, int] = {}  # each game's version at its last commit seen
        self.latest_of: dict[tuple[int, ...], Kept] = {}  # ``keep_latest``'s, by key
        self._tasks: set[asyncio.Task[None]] = set()

    def keep(
        self, game_id: int, version: int, message_id: int, spend: Callable[[], Awaitable[object]]
    ) -> None:
        """A message whose buttons were drawn for ``version``; ``spend`` takes them off."""
        kept = Kept(version, message_id, spend)
        if version < self.latest.get(game_id, version):  # the game moved on while it was being sent
            self._start([kept])
            return
        held = self.kept.setdefault(game_id, [])
        held.append(kept)
        if len(held) > MOST:
            self._start([held.pop(0)])

    def keep_message(self, game_id: int, version: int, message: discord.Message | None) -> None:
        """A sent message (channel, DM or webhook), whose spending edits its buttons away."""
        if message is not None:
            self.keep(game_id, version, message.id, lambda: message.edit(view=None))

    def keep_latest(
        self, key: tuple[int, ...], message_id: int, spend: Callable[[], Awaitable[object]]
    ) -> None:
        """A message whose buttons hold until the next one under ``key`` replaces it (a player's list of
        secret orders, whose buttons stay good while other seats write theirs): the one it replaces is
        spent."""
        previous = self.latest_of.get(key)
        self.latest_of[key] = Kept(0, message_id, spend)
        if previous is not None and previous.message_id != message_id:
            self._start([previous])

    def keep_response(self, game_id: int, version: int, interaction: discord.Interaction) -> None:
        """The interaction's own answer (a private menu drawn for ``version``)."""
        self.keep(game_id, version, interaction.id, lambda: interaction.edit_original_response(view=None))

    def committed(self, game_id: int, version: int) -> None:
        """The game is now at ``version``: every message drawn for an older one is spent (the clicked
        one, ``CLICKED``, is its click's to edit)."""
        self.latest[game_id] = version
        held = self.kept.get(game_id)
        if not held:
            return
        clicked = CLICKED.get()
        spent = [k for k in held if k.version < version]
        self.kept[game_id] = [k for k in held if k.version >= version]
        if not self.kept[game_id]:
            del self.kept[game_id]
        self._start([k for k in spent if k.message_id != clicked])

    def _start(self, spent: list[Kept]) -> None:
        if not spent:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a synchronous caller): nothing can be edited
            return
        task = loop.create_task(self._spend(spent))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _spend(self, spent: list[Kept]) -> None:
        for kept in spent:
            try:
                await kept.spend()
            except discord.HTTPException as error:  # deleted, dismissed, or its token expired (15 min)
                log.debug("could not take spent buttons off message %s: %s", kept.message_id, error)
            except Exception:  # an edit is a courtesy: it never breaks the game's flow
                log.exception("taking spent buttons off message %s failed", kept.message_id)
