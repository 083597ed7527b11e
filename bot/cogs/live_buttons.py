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
second time.

It is memory, so it is bounded: a message that only its interaction's token can edit is let go after that
token's 15 minutes (``TOKEN_LIFE``), and only the ``GAMES`` games with the most recent messages are kept
(a game let go keeps its buttons until a click, which is refused as old and takes them off)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import TypeVar

import discord

log = logging.getLogger("warboard.buttons")
K = TypeVar("K")
V = TypeVar("V")

# The message whose button the current interaction clicked: its own answer takes the buttons off.
CLICKED: ContextVar[int | None] = ContextVar("warboard_clicked", default=None)
# At most so many messages kept per game (the oldest spent first): a game rarely has more than three.
MOST = 16
# Games whose messages (and last versions) are kept at once, the least recently used let go first: a
# thousand games' few kept messages are a few MB.
GAMES = 2000
# An interaction's token edits its answers for 15 minutes: a message only it can edit is let go after.
TOKEN_LIFE = 14 * 60.0


@dataclass(frozen=True, slots=True)
class Kept:
    version: int  # the game version the buttons were drawn for
    message_id: int
    spend: Callable[[], Awaitable[object]]  # takes the buttons off (and says so, where it asks)
    until: float | None = None  # when it can no longer be edited (``clock``), None: never


class LiveButtons:
    """The messages with live step buttons, per game."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        # Dicts in the order their games were last used (a game is put back at the end when used).
        self.kept: dict[int, list[Kept]] = {}
        self.latest: dict[int, int] = {}  # each game's version at its last commit seen
        self.latest_of: dict[tuple[int, ...], Kept] = {}  # ``keep_latest``'s, by key
        self._tasks: set[asyncio.Task[None]] = set()

    def keep(
        self,
        game_id: int,
        version: int,
        message_id: int,
        spend: Callable[[], Awaitable[object]],
        *,
        token_bound: bool = False,
    ) -> None:
        """A message whose buttons were drawn for ``version``; ``spend`` takes them off (``token_bound``:
        only for the 15 minutes of the interaction's token)."""
        until = self.clock() + TOKEN_LIFE if token_bound else None
        kept = Kept(version, message_id, spend, until)
        if version < self.latest.get(game_id, version):  # the game moved on while it was being sent
            self._start([kept])
            return
        held = self._live(self.kept.pop(game_id, []))
        held.append(kept)
        if len(held) > MOST:
            self._start([held.pop(0)])
        _put_last(self.kept, game_id, held)

    def keep_message(self, game_id: int, version: int, message: discord.Message | None) -> None:
        """A sent message (channel, DM or webhook), whose spending edits its buttons away."""
        if message is not None:
            token_bound = isinstance(message, discord.WebhookMessage)  # a private answer's follow-up
            self.keep(game_id, version, message.id, lambda: message.edit(view=None), token_bound=token_bound)

    def keep_latest(
        self, key: tuple[int, ...], message_id: int, spend: Callable[[], Awaitable[object]]
    ) -> None:
        """A message whose buttons hold until the next one under ``key`` replaces it (a player's list of
        secret orders, whose buttons stay good while other seats write theirs): the one it replaces is
        spent."""
        previous = self.latest_of.pop(key, None)
        _put_last(self.latest_of, key, Kept(0, message_id, spend))
        if previous is not None and previous.message_id != message_id:
            self._start([previous])

    def keep_response(self, game_id: int, version: int, interaction: discord.Interaction) -> None:
        """The interaction's own answer (a private menu drawn for ``version``)."""
        spend = interaction.edit_original_response
        self.keep(game_id, version, interaction.id, lambda: spend(view=None), token_bound=True)

    def committed(self, game_id: int, version: int) -> None:
        """The game is now at ``version``: every message drawn for an older one is spent (the clicked
        one, ``CLICKED``, is its click's to edit)."""
        self.latest.pop(game_id, None)
        _put_last(self.latest, game_id, version)
        held = self._live(self.kept.pop(game_id, []))
        if not held:
            return
        clicked = CLICKED.get()
        spent = [k for k in held if k.version < version]
        kept = [k for k in held if k.version >= version]
        if kept:
            _put_last(self.kept, game_id, kept)
        self._start([k for k in spent if k.message_id != clicked])

    def _live(self, held: list[Kept]) -> list[Kept]:
        """``held`` without the messages whose token has expired (nothing can edit them any more)."""
        now = self.clock()
        return [k for k in held if k.until is None or k.until > now]

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


def _put_last(kept: dict[K, V], key: K, value: V) -> None:
    """``kept[key] = value`` as the most recently used, letting the least recently used go past ``GAMES``
    (their buttons stay until clicked: the click is refused as old and takes them off)."""
    kept[key] = value
    while len(kept) > GAMES:
        del kept[next(iter(kept))]
