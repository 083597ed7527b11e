"""``python -m bot``: run the Discord bot, or the terminal client when there is no token (its options,
such as ``--game <name>``, pass through).

In a container (the image sets ``WARBOARD_CONTAINER``) without a token, the terminal client starts only
with a terminal attached (``docker run -it``); otherwise the container says what is missing and stops,
instead of a client that cannot read anything.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys

NO_TOKEN = (
    "DISCORD_TOKEN is not set, so this is the terminal client (set it to run the Discord bot). "
    "Options: python -m bot --help; `help` lists the commands, `quit` leaves."
)
CONTAINER_NO_TOKEN = (
    "DISCORD_TOKEN is not set. Run the bot with: docker run -e DISCORD_TOKEN=... -v warboard-data:/data "
    "warboard. To play in a terminal instead: docker run -it -v warboard-data:/data warboard."
)


def main() -> int:
    if not os.environ.get("DISCORD_TOKEN"):
        if os.environ.get("WARBOARD_CONTAINER") and not sys.stdin.isatty():
            print(CONTAINER_NO_TOKEN, file=sys.stderr)
            return 2
        print(NO_TOKEN)
        from bot import console  # the Discord layer is not needed for the terminal

        return asyncio.run(console.main(sys.argv[1:]))
    import discord

    from bot.app import create_bot, serve
    from bot.settings import Settings
    from bot.shards import ShardPlan

    settings = Settings.from_env()
    shards = ShardPlan.from_env(os.environ)  # PBP_SHARDS, PBP_SHARD_IDS
    bot = create_bot(settings, shards=shards)
    # discord.py's handler for its own and the bot's loggers, as ``bot.run`` would set up.
    discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True)
    asyncio.run(serve(bot, settings.token or ""))  # until SIGTERM or SIGINT, then a clean stop
    return 0


if __name__ == "__main__":
    sys.exit(main())
