"""Substitutes (issue 35, item 3): a player asks for one, a member who is not playing takes the seat,
with the host's or a moderator's yes if the game asks for it (``/game options substitutes approve``).

The seat changes hands through the moderators' own ``replace`` (the log says who took over whose seat,
so it reads who played which turns); what the seat holds hidden goes to the new player alone
(bot/cogs/substitutes.py). An offer names the seat and the member it was asked for, so a seat taken
since, or given up, is not taken twice."""

from __future__ import annotations

from bot.following import may_answer
from bot.models import GameStatus, ServiceError
from bot.service import GameService
from bot.store import GameAndSeats

ON = ("running", "paused")


async def ask(service: GameService, game_id: int, user_id: int) -> int:
    """``/game sub``: the asker's seat, which is now offered."""
    found = await service.loaded(game_id)
    if found.game.status not in ON:
        raise ServiceError("not_running", "Substitutes take seats of a game being played.")
    seat = next((s.seat for s in found.seats if s.user_id == user_id and s.status == "playing"), None)
    if seat is None:
        raise ServiceError(
            "not_a_player", "You are not playing in this game, so you have no seat to hand on."
        )
    return seat


async def check_offer(service: GameService, game_id: int, seat: int, holder: int, taker: int) -> GameAndSeats:
    """The offer still stands and ``taker`` may take it; else one sentence saying why not."""
    found = await service.loaded(game_id)
    if found.game.status not in ON:
        raise ServiceError("not_running", "This game is over; its seats are no longer offered.")
    if (
        seat >= len(found.seats)
        or found.seats[seat].user_id != holder
        or found.seats[seat].status != "playing"
    ):
        raise ServiceError("taken", "That seat was already taken, or given up.")
    if taker == holder:
        raise ServiceError("own_seat", "That is your own seat: someone else takes it.")
    if any(s.user_id == taker and s.status == "playing" for s in found.seats):
        raise ServiceError("already_playing", "You already play in this game.")
    return found


async def needs_approval(service: GameService, game_id: int) -> bool:
    return await service.store.approval(game_id, "substitutes")


async def take(
    service: GameService, game_id: int, seat: int, holder: int, taker: int, name: str
) -> GameStatus:
    """``taker`` takes the seat (the offer checked again, inside the change)."""
    await check_offer(service, game_id, seat, holder, taker)
    return await service.replace(game_id, holder, seat, taker, name, moderator=True)


async def approve(service: GameService, game_id: int, by: int, *, moderator: bool) -> None:
    """Only the host or a moderator answers an offer to take a seat."""
    found = await service.loaded(game_id)
    if not may_answer(found.game.created_by, by, moderator):
        raise ServiceError("not_host", "Only the game's host or a moderator answers an offer to take a seat.")
