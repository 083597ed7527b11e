"""``python -m bot.ratings rebuild``: first settle the finished games that were never settled (those that
ended before this version of Warboard, or were imported), in the order they ended; then recompute every
rating and reliability from the stored results, in the order the games were settled, exactly as the
live settlements computed them. ``PBP_DATABASE`` names the store (the SQLite file or the postgresql://
URL), as for the bot. It may run beside the bot: a settlement happens once whoever makes it, and the
rebuild writes only if no settlement landed while it computed.

A composition root (it reads each unsettled game's result with its game's rules)."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from bot.games import GAMES
from bot.postgres import open_database
from bot.settling import settle
from rules.core.ruleset import Ruleset


def rules_of(name: str) -> Ruleset:
    return GAMES[name].rules


async def rebuild(database: str) -> tuple[int, list[str], tuple[int, int]]:
    """(games settled now, the games that could not be, (ratings, members' reliability) rebuilt)."""
    store = await open_database(database)
    try:
        settled, skipped = 0, []
        for game_id in await store.unsettled_games():
            game = await store.game(game_id)
            if game is None or game.ruleset not in GAMES:
                skipped.append(f"game {game_id}: no game called {game.ruleset if game else '?'!r} here")
                continue
            settled += await settle(store, rules_of, game_id)
        return settled, skipped, await store.rebuild_standings()
    finally:
        await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["rebuild"])
    parser.parse_args(argv)
    database = os.environ.get("PBP_DATABASE", "").strip() or "warboard.db"
    settled, skipped, (ratings, members) = asyncio.run(rebuild(database))
    if settled:
        print(f"Settled {settled} finished game(s) that had no results yet.")
    for line in skipped:
        print(f"Not settled: {line}.")
    print(f"Rebuilt {ratings} rating(s) and the reliability of {members} member(s) from the stored results.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
