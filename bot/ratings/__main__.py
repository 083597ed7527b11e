"""``python -m bot.ratings rebuild``: recompute every rating and reliability from the stored results, in
the order the games were settled, exactly as the live settlements computed them (``PBP_DATABASE``: the
SQLite file or the postgresql:// URL, as for the bot). Safe while the bot runs: the rebuild is one
transaction that no settlement can interleave with."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import Sequence

from bot.postgres import open_database


async def rebuild(database: str) -> tuple[int, int]:
    store = await open_database(database)
    try:
        return await store.rebuild_standings()
    finally:
        await store.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.ratings", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["rebuild"])
    parser.parse_args(argv)
    database = os.environ.get("PBP_DATABASE", "").strip() or "warboard.db"
    ratings, members = asyncio.run(rebuild(database))
    print(f"Rebuilt {ratings} rating(s) and the reliability of {members} member(s) from the stored results.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
