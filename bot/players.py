"""Players across games (issue 35): what a member has on in a server, whatever the channel.

``my_games`` is the logic of ``/game mine`` (the cog in bot/cogs/players.py only words it): the member's
unfinished games in the server, those waiting on the member first, soonest deadline first."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core import ServiceCore
from bot.models import GameStatus

# The order /game mine lists games in: what waits on the member, then games running without them,
# then paused games, then tables still in their lobby.
WAITS_ON_YOU, RUNNING, PAUSED, LOBBY = range(4)


@dataclass(frozen=True, slots=True)
class MyGame:
    """One of a member's games, as ``/game mine`` shows it."""

    status: GameStatus
    seat: int  # the member's seat (0-based; in the lobby, the order they joined in)
    rank: int  # WAITS_ON_YOU, RUNNING, PAUSED or LOBBY

    @property
    def sort_key(self) -> tuple[int, str, int]:
        # No deadline sorts after every deadline ("~" follows the digits of an ISO time).
        return (self.rank, self.status.deadline_at or "~", self.status.game_id)


def rank_of(status: GameStatus, seat: int) -> int:
    if status.status == "lobby":
        return LOBBY
    if status.status == "paused":
        return PAUSED
    return WAITS_ON_YOU if seat in status.waiting_for else RUNNING


async def my_games(service: ServiceCore, guild_id: int, user_id: int) -> list[MyGame]:
    """The member's unfinished games in ``guild_id``, sorted by what waits on them: one indexed read for
    the list, then one read of each game (a member has a handful; finished games are never read)."""
    found = []
    for game_id in await service.store.member_games(guild_id, user_id):
        status = await service.status(game_id)
        seat = next((s.seat for s in status.seats if s.user_id == user_id), None)
        if seat is None:  # left between the two reads
            continue
        found.append(MyGame(status, seat, rank_of(status, seat)))
    return sorted(found, key=lambda g: g.sort_key)


@dataclass(frozen=True, slots=True)
class OpenTable:
    """A game in its lobby with a free seat, as ``/game open`` shows it."""

    status: GameStatus
    room: int  # seats it will have: the host's number, else the game's most
    host: str  # the host's name as seated ("" if the host did not sit down)


async def open_tables(service: ServiceCore, guild_id: int, ruleset: str | None = None) -> list[OpenTable]:
    """The server's tables in their lobby with a free seat, oldest first; ``ruleset``: of that game only."""
    found = []
    for game_id in await service.store.open_tables(guild_id):
        status = await service.status(game_id)
        if ruleset is not None and status.ruleset != ruleset:
            continue
        room = status.capacity or service.rules(status.ruleset).max_seats
        if len(status.seats) >= room:
            continue
        host = next((s.name for s in status.seats if s.user_id == status.created_by), "")
        found.append(OpenTable(status, room, host))
    return found
