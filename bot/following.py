"""Following a game without playing it (issue 35, item 2): the rules, apart from Discord.

A follower is told of each turn by DM with the public notice only (bot/cogs/following.py). The host or a
moderator may require approval (``/game options followers approve``); a request then waits for their
answer, given with buttons. A seated player is told of turns already and cannot follow."""

from __future__ import annotations

from bot.core import ServiceCore
from bot.models import ServiceError
from bot.schema import APPROVALS

# /game options followers|substitutes approve|anyone: at any time, apart from the rules' own options.
TABLE_OPTIONS = APPROVALS
APPROVAL_VALUES = {"approve": True, "anyone": False}
FOLLOWING, ASKED, ALREADY = "following", "asked", "already"


async def follow(service: ServiceCore, game_id: int, user_id: int) -> str:
    """Follow the game: FOLLOWING, ASKED (approval needed: the request waits) or ALREADY."""
    found = await service.loaded(game_id)
    if found.game.status == "ended":
        raise ServiceError("ended", "This game has ended; there are no more turns to follow.")
    if any(s.user_id == user_id and s.status == "playing" for s in found.seats):
        raise ServiceError("playing", "You play in this game: its turn notices already reach you.")
    store = service.store
    if user_id in await store.followers(game_id):
        return ALREADY
    if await store.approval(game_id, "followers"):
        await store.follow(game_id, user_id, approved=False)
        return ASKED
    await store.follow(game_id, user_id, approved=True)
    return FOLLOWING


async def unfollow(service: ServiceCore, game_id: int, user_id: int) -> None:
    if not await service.store.unfollow(game_id, user_id):
        raise ServiceError("not_following", "You do not follow this game.")


def may_answer(created_by: int | None, user_id: int, moderator: bool) -> bool:
    return moderator or created_by == user_id


async def answer(
    service: ServiceCore, game_id: int, follower: int, by: int, *, moderator: bool, approve: bool
) -> bool:
    """The host's or a moderator's answer to ``follower``'s request; False if it was already answered
    (or withdrawn). Anyone else is refused and nothing changes."""
    found = await service.loaded(game_id)
    if not may_answer(found.game.created_by, by, moderator):
        raise ServiceError("not_host", "Only the game's host or a moderator answers a request to follow.")
    if follower not in await service.store.followers(game_id, approved=False):
        return False
    if approve:
        await service.store.follow(game_id, follower, approved=True)
    else:
        await service.store.unfollow(game_id, follower)
    return True


async def set_approval(
    service: ServiceCore, game_id: int, by: int, what: str, value: str, *, moderator: bool
) -> bool:
    """``/game options followers|substitutes approve|anyone`` (host or moderator, at any time): whether
    ``what`` now waits for their yes."""
    found = await service.loaded(game_id)
    if not may_answer(found.game.created_by, by, moderator):
        raise ServiceError("not_host", f"Only the game's host or a moderator sets who may join as {what}.")
    wanted = APPROVAL_VALUES.get(value.strip().lower())
    if wanted is None:
        raise ServiceError(
            "bad_value", f"{what.capitalize()} is approve (the host or a moderator answers) or anyone."
        )
    await service.store.set_approval(game_id, what, wanted)
    return wanted
