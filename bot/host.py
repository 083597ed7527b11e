"""What a cog needs from the bot, as a protocol: cogs are typed against this, never against the app
module, so the Discord layer has no import circle (the app imports the cogs; the cogs import this).

``WarboardBot`` (bot/app.py) provides it; a test may hand a cog anything that does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from bot.cogs.live_buttons import LiveButtons
from bot.game import Games
from bot.scheduler import TurnLocks
from bot.service import GameService
from bot.store import GameStore


class Teller(Protocol):
    """The part of the turn announcer (bot/cogs/announce.py) that cogs call."""

    async def refresh_status(self, game_id: int) -> Any: ...

    async def turn_began(
        self, game_id: int, summary: Sequence[str] = (), note: str | None = None, *, after: Any = None
    ) -> None:
        """A turn ended (``after``: the game as its last move left it, a ``Position``, or None)."""
        ...

    async def turn_moved(self, result: Any) -> None:
        """A move within the turn: the turn's one public message tells it (edited in place)."""
        ...

    async def took_back(self, game_id: int, names: Sequence[str]) -> None:
        """The turn's last move was undone: the turn's public message no longer tells it."""
        ...

    async def ask(self, result: Any, seats: Sequence[int], view: Any) -> None:
        """A move asked a player not on turn for a decision: tell that player alone."""
        ...

    @property
    def buttons(self) -> LiveButtons:
        """The messages with live step buttons, taken off once the game moves on."""
        ...

    def status_marks_from(self, game_id: int) -> int | None:
        """The log row after which the status board marks changes (None: not known since a restart)."""
        ...


class Host(Protocol):
    # Read-only members, so that the bot's own richer types (TurnAnnouncer for Teller) satisfy them.
    @property
    def games(self) -> Games:  # every registered game, by name
        ...

    @property
    def service(self) -> GameService: ...

    @property
    def store(self) -> GameStore: ...

    @property
    def turns(self) -> TurnLocks:  # one trigger at a time per game: AI play and the messages telling of it
        ...

    @property
    def announcer(self) -> Teller: ...

    def take_up(self, game_id: int) -> None:
        """The game's turn broke off with an error after it changed (its AI play, its announcement, a
        move's answer): the bot plays the AI on and announces the turn again within seconds."""
        ...
