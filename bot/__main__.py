"""``python -m bot``: run the Discord bot, or the terminal client when there is no token (its options,
such as ``--game <name>``, pass through). Three commands for a server's owner:

- ``python -m bot health``: exit 0 if the running bot's heartbeat file (``PBP_HEARTBEAT``) was touched in
  the last minute, else 1 with the reason (the image's HEALTHCHECK runs it).
- ``python -m bot sync``: sync the slash commands to Discord now, and stop (a start-up syncs them only when
  they changed since the last sync, keeping a hash of them in the database).
- ``python -m bot backup FILE``: a consistent copy of the live SQLite database (SQLite's online backup:
  the bot may go on writing meanwhile).

In a container (the image sets ``WARBOARD_CONTAINER``) without a token, the terminal client starts only
with a terminal attached (``docker run -it``); otherwise the container says what is missing and stops,
instead of a client that cannot read anything.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import IO, TYPE_CHECKING

from bot.trouble import as_whom, storage_trouble
from rules.core.words import counted

if TYPE_CHECKING:
    from bot.app import WarboardBot
    from bot.settings import Settings
    from bot.shards import ShardPlan

NO_TOKEN = (
    "DISCORD_TOKEN is not set, so this is the terminal client (set it to run the Discord bot). "
    "Options: python -m bot --help; `help` lists the commands, `quit` leaves."
)
CONTAINER_NO_TOKEN = (
    "DISCORD_TOKEN is not set. Run the bot with: docker run -e DISCORD_TOKEN=... -v warboard-data:/data "
    "warboard. To play in a terminal instead: docker run -it -v warboard-data:/data warboard."
)


OWNER_HELP = (
    "python -m bot runs the Discord bot when DISCORD_TOKEN is set, else the terminal client (its options "
    'below). For a server\'s owner (README, "For server owners"):\n'
    "  python -m bot health       exit 0 if the running bot's heartbeat (PBP_HEARTBEAT) is fresh, else 1\n"
    "  python -m bot sync         send the slash commands to Discord now, and stop\n"
    "  python -m bot backup FILE  a consistent copy of the live SQLite database, while the bot runs\n"
)


class JsonLines(logging.Formatter):
    """``PBP_LOG_FORMAT=json``: each record as one JSON object a line, for log collectors."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S") + f".{int(record.msecs):03d}",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


class ReconnectsInOneLine(logging.Filter):
    """discord.py logs each try to reconnect to the gateway as an error with the whole traceback of why
    (two chained ones when Discord cannot be reached): every few seconds for as long as it is down, a
    screenful each. Here each is one warning line naming the cause; ``python -m bot health`` is what
    says the gateway stayed down (its heartbeat goes stale after a minute)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith("Attempting a reconnect") and record.exc_info:
            error = record.exc_info[1]
            record.msg, record.args = f"{record.getMessage()}: {type(error).__name__}: {error}", ()
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


# discord.py's own text format, as it writes it where it does not colour.
TEXT_FORMAT = "[{asctime}] [{levelname:<8}] {name}: {message}"


def text_formatter(stream: IO[str]) -> logging.Formatter:
    """``PBP_LOG_FORMAT=text``: discord.py's format, coloured only on a terminal. discord.py colours
    whenever it thinks it runs in Docker, terminal or not, so ``docker logs`` and a log collector read
    ANSI codes around every level and logger's name; here a stream that is no terminal gets none."""
    import discord

    if stream.isatty():
        coloured: logging.Formatter = discord.utils.MISSING  # discord.py's: colour where a terminal shows it
        return coloured
    return logging.Formatter(TEXT_FORMAT, "%Y-%m-%d %H:%M:%S", style="{")


def health(env: dict[str, str] | os._Environ[str]) -> int:
    """0 if the heartbeat file is fresh; else 1, saying why (docker shows the last lines)."""
    from bot.settings import HEARTBEAT_STALE

    path = env.get("PBP_HEARTBEAT", "").strip()
    if not path:
        print("PBP_HEARTBEAT is not set, so there is no heartbeat to check.", file=sys.stderr)
        return 1
    try:
        beat = Path(path).stat()
    except OSError:
        print(f"No heartbeat yet at {path} (starting, or never connected to Discord).", file=sys.stderr)
        return 1
    if beat.st_size == 0:  # a beat opens the file afresh (its time moves) and its write failed
        print(
            f"The heartbeat file {path} is empty: the bot could not write it (is the disk full?).",
            file=sys.stderr,
        )
        return 1
    age = time.time() - beat.st_mtime
    if age > HEARTBEAT_STALE:
        print(f"The heartbeat is {age:.0f} s old: the gateway is down or the bot is stuck.", file=sys.stderr)
        return 1
    print(f"healthy: heartbeat {age:.0f} s ago")
    return 0


def database_of(env: dict[str, str] | os._Environ[str]) -> str:
    """``PBP_DATABASE`` as ``Settings`` reads it, without loading the settings' module."""
    return env.get("PBP_DATABASE", "").strip() or "warboard.db"


def backup(env: dict[str, str] | os._Environ[str], target: str) -> int:
    """Copy the live SQLite database to ``target`` with SQLite's online backup API. A copy that cannot
    be made (its folder absent or not writable, the disk full) is said in one line, exit 1, and what
    was begun of it removed."""
    database = database_of(env)
    if "://" in database:
        print("PBP_DATABASE is PostgreSQL: back it up with pg_dump (see the README).", file=sys.stderr)
        return 2
    if not Path(database).exists():
        print(f"There is no database at {database}.", file=sys.stderr)
        return 2
    if Path(target).exists():
        print(f"{target} already exists; name a new file.", file=sys.stderr)
        return 2
    try:
        source = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        source.execute("SELECT COUNT(*) FROM sqlite_schema").fetchone()  # opened for good (-shm too)
    except sqlite3.Error as error:
        print(f"Could not read {database}: {error}{as_whom()}.", file=sys.stderr)
        return 1
    copy: sqlite3.Connection | None = None
    try:
        copy = sqlite3.connect(target)
        with copy:
            source.backup(copy)  # page by page, consistent even while the bot writes (WAL or not)
        (games,) = copy.execute("SELECT COUNT(*) FROM games").fetchone()
    except sqlite3.Error as error:
        if copy is not None:
            copy.close()
            Path(target).unlink(missing_ok=True)  # a part of a copy is no backup
        print(
            f"Could not write the backup to {target}: {error}{as_whom()}. Its folder must exist and be "
            "writable, on a disk with room for a copy of the database.",
            file=sys.stderr,
        )
        return 1
    finally:
        if copy is not None:
            copy.close()
        source.close()
    print(f"Backed up {database} to {target} ({counted(games, 'game')}).")
    return 0


# Secrets from files (compose ``secrets:``, mounted under /run/secrets): VARIABLE_FILE names a file whose
# text (without its final newline) is the value. The database password goes to PGPASSWORD, which the
# PostgreSQL driver uses for a URL without one, so any password works (a URL would need it escaped).
SECRET_FILES = {"DISCORD_TOKEN_FILE": "DISCORD_TOKEN", "PBP_DATABASE_PASSWORD_FILE": "PGPASSWORD"}


def secrets_from_files(env: dict[str, str] | os._Environ[str]) -> None:
    from bot.settings import SettingsError

    for variable, target in SECRET_FILES.items():
        path = env.get(variable, "").strip()
        if path and not env.get(target):
            try:
                env[target] = Path(path).read_text(encoding="utf-8").rstrip("\r\n")
            except OSError as error:  # compose's file secrets keep the host file's owner and mode
                raise SettingsError(
                    f"{variable} names {path}, which the bot cannot read: {error.strerror}{as_whom()}."
                ) from None


def hold_database(database: str) -> IO[bytes] | None:
    """One bot per SQLite file: an exclusive lock on ``<database>-lock`` for the process's life (the
    returned file; the system lets go when the process ends, however it ends). A second bot on the same
    file would answer every interaction too, and play each move twice. None where there is nothing to
    lock (PostgreSQL, ``:memory:``) or no ``flock`` (Windows). Raises ``SettingsError`` when held."""
    from bot.settings import SettingsError

    if "://" in database or database == ":memory:" or sys.platform == "win32":
        return None
    import fcntl

    try:
        lock = open(f"{database}-lock", "ab")  # noqa: SIM115 (held open until the process ends)
    except OSError as error:  # its folder absent, or not the bot's to write (a volume made by root)
        raise SettingsError(
            f"The bot cannot make its lock file {database}-lock beside its database: {error.strerror}"
            f"{as_whom()}. The database's folder must exist and be writable by the bot."
        ) from None
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        lock.close()
        raise SettingsError(
            f"Another Warboard bot is running on {database}: stop it first (two would both play every move)."
        ) from None
    return lock


class StoppedEarly(SystemExit):
    """SIGTERM or SIGINT before the bot started (``stop_early``). A ``SystemExit``, so that asyncio lets
    it through a task it interrupts, as it would not another exception."""


def stop_early(number: int, _frame: object) -> None:
    raise StoppedEarly(number)


# Until ``bot.app.serve`` installs its own, the stop signals' handler while the bot starts (its imports
# alone take a second or more). Without it SIGTERM killed the process (exit 143), and a container's PID 1,
# whose signals left at their default the kernel drops, ignored it until docker's SIGKILL 10 s later.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
STOPPED_EARLY = "Stopped by a signal before the bot started; nothing was done."


def main() -> int:
    """``run``, with a setting the bot cannot use, a database newer than this bot (an owner went back to
    an older version), or a SQLite database it cannot write (read-only, its disk full), said in one line
    (no traceback) and exit status 2, and a stop asked while the bot starts said in one line, exit
    status 0 (a clean stop: nothing was begun)."""
    from bot.records import SchemaTooNew
    from bot.settings import SettingsError

    try:
        return run()
    except (SettingsError, SchemaTooNew) as error:  # SchemaTooNew: an older bot on a newer database
        print(error, file=sys.stderr)
        return 2
    except sqlite3.Error as error:  # at start-up: the database's file, folder or disk
        said = storage_trouble(error, database_of(os.environ))
        if said is None:
            raise
        print(said, file=sys.stderr)
        return 2
    except StoppedEarly:
        print(STOPPED_EARLY, file=sys.stderr)
        return 0


def run() -> int:
    secrets_from_files(os.environ)
    arguments = sys.argv[1:]
    if arguments[:1] == ["health"]:
        return health(os.environ)
    if arguments[:1] == ["backup"]:
        if len(arguments) != 2:
            print("Usage: python -m bot backup FILE", file=sys.stderr)
            return 2
        return backup(os.environ, arguments[1])
    if arguments[:1] in (["-h"], ["--help"]):
        print(OWNER_HELP)
        if os.environ.get("DISCORD_TOKEN"):
            return 0  # asked for help, not for a bot
    if arguments[:1] == ["sync"] and not os.environ.get("DISCORD_TOKEN"):
        print("DISCORD_TOKEN is not set; syncing the commands needs the bot's token.", file=sys.stderr)
        return 2
    if not os.environ.get("DISCORD_TOKEN"):
        if os.environ.get("WARBOARD_CONTAINER") and not sys.stdin.isatty():
            print(CONTAINER_NO_TOKEN, file=sys.stderr)
            return 2
        print(NO_TOKEN)
        import asyncio

        from bot import console  # the Discord layer is not needed for the terminal

        return asyncio.run(console.main(sys.argv[1:]))
    if arguments[:1] != ["sync"]:  # the bot: a stop from now on is a clean one (``sync`` is a command)
        for number in STOP_SIGNALS:
            signal.signal(number, stop_early)
    import asyncio  # here, not above: its import (80 ms) came before the handler, where SIGTERM killed

    import discord

    from bot.app import create_bot, sync_commands
    from bot.settings import Settings
    from bot.shards import ShardPlan

    settings = Settings.from_env()
    shards = ShardPlan.from_env(os.environ)  # PBP_SHARDS, PBP_SHARD_IDS
    bot = create_bot(settings, shards=shards)
    # discord.py's handler for its own and the bot's loggers, as ``bot.run`` would set up.
    formatter = JsonLines() if settings.log_format == "json" else text_formatter(sys.stderr)
    discord.utils.setup_logging(level=getattr(logging, settings.log_level), root=True, formatter=formatter)
    for name in ("discord.client", "discord.shard"):  # the one shard, or several in one process
        logging.getLogger(name).addFilter(ReconnectsInOneLine())
    if arguments[:1] == ["sync"]:
        asyncio.run(sync_commands(bot, settings.token or ""))
        return 0
    held = hold_database(settings.database)
    displaced = asyncio.run(serve_alone(bot, settings, shards))  # until SIGTERM or SIGINT: a clean stop
    if held is not None:
        held.close()
    return 0 if displaced is None else 1  # the log's last error said why


async def serve_alone(bot: WarboardBot, settings: Settings, shards: ShardPlan | None) -> str | None:
    """``serve``, on PostgreSQL holding this process's shards for its life (``bot/postgres/guard.py``:
    a second process for one of them says so and stops before it connects to Discord). If another
    process took them while this one's connection to PostgreSQL was lost, the guard logs it in one line,
    the bot stops cleanly, and that line is returned (None after a stop asked by a signal)."""
    import asyncio

    from bot.app import serve
    from bot.postgres import is_postgres
    from bot.postgres.guard import hold_shards

    halt = asyncio.Event()
    guard = await hold_shards(settings.database, shards, halt.set) if is_postgres(settings.database) else None
    try:
        await serve(bot, settings.token or "", halt)
    finally:
        if guard is not None:
            await guard.release()
    return None if guard is None else guard.displaced


if __name__ == "__main__":
    sys.exit(main())
