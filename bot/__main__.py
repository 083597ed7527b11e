"""``python -m bot``: run the Discord bot, or the terminal client when there is no token (its options,
such as ``--game <name>``, pass through)."""

from __future__ import annotations

import importlib
import os
import sys


def main() -> int:
    if not os.environ.get("DISCORD_TOKEN"):
        print(
            "DISCORD_TOKEN is not set, so this is the terminal client (set it to run the Discord bot). "
            "Options: python -m bot --help; `help` lists the commands, `quit` leaves."
        )
        import asyncio

        from bot import console

        return asyncio.run(console.main(sys.argv[1:]))
    try:
        # Imported only now: the Discord layer (and discord.py) is not needed for the checks above.
        app = importlib.import_module("bot.app")
    except ModuleNotFoundError as error:
        if error.name != "bot.app":
            raise
        print(
            "The Discord layer (bot/app.py) is not part of this checkout yet; "
            "use python -m bot.console meanwhile."
        )
        return 2
    run = getattr(app, "main", None)
    if run is not None:  # the Discord layer may provide its own entry point
        return int(run() or 0)
    # Otherwise the documented factory: bot.app.create_bot(bot.settings.Settings.from_env()).
    settings_module = importlib.import_module("bot.settings")
    settings = settings_module.Settings.from_env()
    app.create_bot(settings).run(settings.token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
