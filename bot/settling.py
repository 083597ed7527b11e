"""Settling a finished game (issue 35, item 5): its result per part and the members' new ratings and
reliability, written in one transaction whose "settled" row makes it happen once.

The commit that ends a game (a result, a moderator's end, the last resignation) also writes a "settle"
timer due at once; the service settles right after that commit, and the settlement deletes the timer in
its own transaction. Should the process die in between, or the settlement fail, the scheduler finds the
timer and settles then: a retry or a restart never applies an end twice, and never skips one.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.ratings import rate
from bot.results import parts
from bot.standings import SETTLE, RatingsMoved, Settlement, guild_key
from bot.store import GameStore
from rules.core.codec import from_json
from rules.core.ruleset import Ruleset

log = logging.getLogger(__name__)

TRIES = 5  # settlements of the same members at the same moment: each reads again (a rare race)


async def settle(store: GameStore, rules: Callable[[str], Ruleset], game_id: int) -> bool:
    """Settle the ended game ``game_id``; False if there was nothing to do (settled already, not
    ended, or ended in its lobby). Raises ``RatingsMoved`` if the ratings kept moving."""
    for _ in range(TRIES):
        found = await store.game_and_seats(game_id)
        if found is None:
            return False
        game = found.game
        if game.status != "ended" or game.state is None:  # nothing played to settle (or not over)
            for timer in await store.timers(game_id):
                if timer.kind == SETTLE:
                    await store.delete_timer(timer.id)
            return False
        ruleset = rules(game.ruleset)
        outcome = ruleset.result(from_json(game.state, ruleset.state_type))
        outline = await store.game_outline(game_id)
        found_parts = tuple(parts(found.seats, outcome.winners if outcome else (), outline))
        members = {p.user_id for p in found_parts if p.user_id is not None}
        guild = guild_key(game.guild_id)
        before = await store.ratings_of(guild, game.ruleset, members)
        after = rate(before, [p.played for p in found_parts])
        settlement = Settlement(game_id, guild, game.ruleset, game.updated_at, found_parts, before, after)
        try:
            return await store.settle(settlement)
        except RatingsMoved:
            log.info("the ratings of game %s's members moved while settling it; reading again", game_id)
    raise RatingsMoved(game_id)
