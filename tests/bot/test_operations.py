"""A server owner's tools (issue 34, items 2 and 5): the heartbeat file and ``python -m bot health``,
``PBP_LOG_FORMAT=json``, and ``python -m bot backup FILE`` copying a live SQLite database; and a served
bot's start-up objects set aside from the garbage collector's full passes (item 7's tail)."""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import asyncpg
import pytest
from fakecord import FakeDiscord

from bot.__main__ import JsonLines, health
from bot.app import create_bot, settle_heap
from bot.games import GAMES
from bot.service import GameService
from bot.settings import HEARTBEAT_STALE, Settings, SettingsError
from bot.store import SqliteStore
from tests.bot.conftest import new_game

ROOT = Path(__file__).resolve().parents[2]


def run_bot_command(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "PBP_DATABASE")}
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        env={**environment, "PYTHONPATH": str(ROOT), **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_health_is_good_only_with_a_fresh_heartbeat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    beat = tmp_path / "heartbeat"
    assert health({}) == 1
    assert health({"PBP_HEARTBEAT": str(beat)}) == 1 and "No heartbeat yet" in capsys.readouterr().err
    beat.write_text("now\n")
    assert health({"PBP_HEARTBEAT": str(beat)}) == 0
    old = time.time() - HEARTBEAT_STALE - 5
    os.utime(beat, (old, old))
    assert (
        health({"PBP_HEARTBEAT": str(beat)}) == 1
        and "gateway is down or the bot is stuck" in capsys.readouterr().err
    )
    # A beat on a full disk: the file opened afresh (its time moved), its line never written. The owner
    # checking a bot that can save nothing read "healthy".
    beat.write_text("")
    assert health({"PBP_HEARTBEAT": str(beat)}) == 1 and "is empty" in capsys.readouterr().err


async def test_the_connected_bot_beats_and_stops_when_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first beat comes once the gateway is up, not a beat's interval later (it came 10 s after the
    connection: ``python -m bot health`` said "No heartbeat yet" to an owner checking a started bot)."""
    from bot import app

    monkeypatch.setattr(app, "HEARTBEAT_EVERY", 3600.0)
    beat = tmp_path / "heartbeat"
    guild = {"name": "War Room", "channels": ["risk"], "members": ["alice"]}
    async with FakeDiscord(guilds=[guild], settle=0.05, timeout=10.0) as fd:
        settings = Settings(token="fake-token", database=":memory:", heartbeat=str(beat))
        bot = create_bot(settings, run_scheduler=False)
        await fd.start_bot(bot)
        try:
            for _ in range(3000):  # long enough for a loaded machine, nothing near the hour's interval
                if beat.exists():
                    break
                await asyncio.sleep(0.01)
            assert bot.gateway_up() and health({"PBP_HEARTBEAT": str(beat)}) == 0
        finally:
            await bot.close()
        assert not bot.gateway_up()  # a closed gateway is not up: no further beats


async def test_a_heartbeat_file_it_cannot_write_is_said_once_and_again_when_it_can(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """On a full disk the bot logged a warning with two tracebacks every 10 s, for as long as the disk
    stayed full; now one line when the writes begin to fail, one when they work again."""
    from bot import app

    monkeypatch.setattr(app, "HEARTBEAT_EVERY", 0.0)
    bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
    monkeypatch.setattr(bot, "wait_until_ready", lambda: asyncio.sleep(0))
    monkeypatch.setattr(bot, "gateway_up", lambda: True)
    beats: list[str] = []
    done = asyncio.Event()

    class Disk(type(Path())):  # type: ignore[misc]
        def write_text(self, text: str, *_: object, **__: object) -> int:
            beats.append(text)
            if len(beats) == 7:
                done.set()
            if len(beats) <= 4:  # full for four beats, then room again
                raise OSError(28, "No space left on device")
            return len(text)

    with caplog.at_level(logging.INFO, logger="warboard"):
        beating = asyncio.create_task(bot._beat(Disk("/data/heartbeat")))
        try:
            await asyncio.wait_for(done.wait(), 60)
        finally:
            beating.cancel()
    said = [
        (r.levelname, r.getMessage(), r.exc_info) for r in caplog.records if "heartbeat" in r.getMessage()
    ]
    assert said == [
        ("WARNING", "could not write the heartbeat file /data/heartbeat: No space left on device", None),
        ("INFO", "the heartbeat file /data/heartbeat is written again", None),
    ]


def test_only_a_served_bot_sets_start_ups_objects_aside_once_warm(monkeypatch: pytest.MonkeyPatch) -> None:
    settled: list[bool] = []
    monkeypatch.setattr("bot.app.settle_heap", lambda: settled.append(True))
    bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
    warmed: list[bool] = []
    monkeypatch.setattr(bot, "_warm_pictures", lambda: warmed.append(True))
    bot._warm_pictures_and_settle()  # a bot in a test's process, which starts many
    assert warmed == [True] and settled == []
    bot.settles_heap = True  # as ``bot.app.serve`` sets it
    bot._warm_pictures_and_settle()
    assert warmed == [True, True] and settled == [True]


def test_a_stopping_bot_warms_no_further_game_and_sets_nothing_aside(monkeypatch: pytest.MonkeyPatch) -> None:
    settled: list[bool] = []
    monkeypatch.setattr("bot.app.settle_heap", lambda: settled.append(True))
    bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
    bot.settles_heap = bot.stopping = True
    warmed: list[bool] = []
    pictures = SimpleNamespace(warm=lambda: warmed.append(True))
    monkeypatch.setattr(bot, "games", {"any": SimpleNamespace(name="any", pictures=pictures)})
    bot._warm_pictures_and_settle()
    assert warmed == [] and settled == []


async def test_the_warm_up_runs_in_a_daemon_thread_so_a_stop_does_not_wait_for_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
    seen: list[tuple[str, bool]] = []

    def warm() -> None:
        thread = threading.current_thread()
        seen.append((thread.name, thread.daemon))

    monkeypatch.setattr(bot, "_warm_pictures_and_settle", warm)
    await asyncio.wait_for(bot._start_warm_up(), timeout=30)
    assert seen == [("picture warm-up", True)]


def test_settling_the_heap_freezes_what_is_alive() -> None:
    before = gc.get_freeze_count()
    alive = [[n] for n in range(1000)]  # lists are tracked by the collector
    try:
        settle_heap()
        assert gc.get_freeze_count() >= before + len(alive)
        walked = {id(x) for x in gc.get_objects()}  # what a full collection walks
        assert not any(id(x) in walked for x in alive)
    finally:
        gc.unfreeze()


def test_json_logs_are_one_object_a_line_with_the_traceback() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord(
            "warboard", logging.ERROR, __file__, 1, "failed %s", ("X1",), sys.exc_info()
        )
    line = JsonLines().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert (
        entry["level"] == "ERROR"
        and entry["message"] == "failed X1"
        and "ValueError: boom" in entry["traceback"]
    )
    assert Settings.from_env({"PBP_LOG_FORMAT": "JSON"}).log_format == "json"
    with pytest.raises(SettingsError, match="PBP_LOG_FORMAT"):
        Settings.from_env({"PBP_LOG_FORMAT": "xml"})


async def test_backup_copies_a_live_database_consistently(tmp_path: Path) -> None:
    database, copy = tmp_path / "games.db", tmp_path / "backup.db"
    store = await SqliteStore.open(str(database))
    try:
        service = GameService(store, GAMES)
        game_id = await new_game(service)  # the store stays open, as the running bot's would
        made = await asyncio.to_thread(run_bot_command, "backup", str(copy), PBP_DATABASE=str(database))
        assert made.returncode == 0, made.stderr
        assert f"to {copy} (1 game)." in made.stdout
        original = await store.game(game_id)
        original_log = await store.log(game_id)
    finally:
        await store.close()
    restored = await SqliteStore.open(str(copy))
    try:
        backed = await restored.game(game_id)
        assert backed is not None and original is not None
        assert (backed.version, backed.state) == (original.version, original.state)
        assert await restored.log(game_id) == original_log  # every log row came along
    finally:
        await restored.close()
    again = await asyncio.to_thread(run_bot_command, "backup", str(copy), PBP_DATABASE=str(database))
    assert again.returncode == 2 and "already exists" in again.stderr
    postgres = await asyncio.to_thread(
        run_bot_command, "backup", str(tmp_path / "x.db"), PBP_DATABASE="postgresql://h/db"
    )
    assert postgres.returncode == 2 and "pg_dump" in postgres.stderr


def test_a_reconnect_to_the_gateway_is_one_warning_line_not_two_tracebacks() -> None:
    """While Discord could not be reached, discord.py logged each try to reconnect as an error with two
    chained tracebacks, every few seconds (seen with the fake Discord stopped under a running bot)."""
    from bot.__main__ import ReconnectsInOneLine

    try:
        try:
            raise ConnectionRefusedError(111, "Connect call failed ('127.0.0.1', 443)")
        except OSError as refused:
            raise OSError("Cannot connect to host discord.com:443") from refused
    except OSError:
        record = logging.LogRecord(
            "discord.client", logging.ERROR, "client.py", 781, "Attempting a reconnect in %.2fs", (1.41,),
            sys.exc_info(),
        )  # fmt: skip
    other = logging.LogRecord("discord.client", logging.ERROR, "x", 1, "Other", (), record.exc_info)
    assert ReconnectsInOneLine().filter(record) and ReconnectsInOneLine().filter(other)
    line = logging.Formatter("{levelname} {name}: {message}", style="{").format(record)
    assert (
        line == "WARNING discord.client: Attempting a reconnect in 1.41s: OSError: Cannot connect to host "
        "discord.com:443"
    )
    assert (
        other.exc_info is not None and other.levelno == logging.ERROR
    )  # any other error keeps its traceback


def test_secrets_come_from_files_with_any_characters(tmp_path: Path) -> None:
    from bot.__main__ import secrets_from_files

    password = tmp_path / "postgres_password"
    password.write_text("p@ss:/w?rd#%\n")
    token = tmp_path / "discord_token"
    token.write_text("the-token")
    env = {"PBP_DATABASE_PASSWORD_FILE": str(password), "DISCORD_TOKEN_FILE": str(token)}
    secrets_from_files(env)
    assert env["PGPASSWORD"] == "p@ss:/w?rd#%" and env["DISCORD_TOKEN"] == "the-token"


def test_a_setting_the_bot_cannot_use_is_said_in_one_line_and_exit_2(tmp_path: Path) -> None:
    """What an owner reads in ``docker logs`` when a setting is wrong: the sentence naming the variable,
    without a traceback around it (there was one, ending in the sentence), and exit status 2 (as for a
    missing token). A secret file the bot cannot read (absent, or mode 600 for another user: compose's
    file secrets keep the host's owner and mode) is named with its variable."""
    bad_level = run_bot_command(PBP_LOG_LEVEL="loud", DISCORD_TOKEN="x")
    assert bad_level.returncode == 2 and "Traceback" not in bad_level.stderr, bad_level.stderr
    assert bad_level.stderr.startswith("PBP_LOG_LEVEL must be one of"), bad_level.stderr
    absent = run_bot_command(DISCORD_TOKEN_FILE=str(tmp_path / "nowhere"))
    assert absent.returncode == 2 and "Traceback" not in absent.stderr, absent.stderr
    assert absent.stderr.startswith(f"DISCORD_TOKEN_FILE names {tmp_path / 'nowhere'}"), absent.stderr


def test_a_second_bot_on_the_same_sqlite_file_refuses_to_start(tmp_path: Path) -> None:
    """Two bots on one SQLite file (a second ``docker run`` on the volume, a manual start beside the
    service) both receive every interaction, and both play it: tried on the fake Discord, one
    ``/risk place`` was applied twice (two actions in the log) and the second answer was refused by
    Discord. The bot holds a lock beside the file for its life; a second one says so and exits 2, before
    it connects. ``python -m bot sync`` and ``backup``, and the terminal client, take no lock."""
    from bot.__main__ import hold_database

    database = tmp_path / "games.db"
    held = hold_database(str(database))
    try:
        second = run_bot_command(DISCORD_TOKEN="x", PBP_DATABASE=str(database))
        backup = run_bot_command("backup", str(tmp_path / "copy.db"), PBP_DATABASE=str(database))
    finally:
        assert held is not None
        held.close()
    assert second.returncode == 2 and "Traceback" not in second.stderr, second.stderr
    assert second.stderr.startswith(f"Another Warboard bot is running on {database}"), second.stderr
    assert backup.returncode == 2 and "There is no database" in backup.stderr  # not refused for the lock


def test_a_database_folder_the_bot_cannot_write_is_said_in_one_line_and_exit_2(tmp_path: Path) -> None:
    """A volume mounted from a folder that is not there, or that root made (the bot runs as uid 10001):
    the lock file beside the database could not be made, and the owner read a traceback, at each of the
    restart policy's restarts."""
    database = tmp_path / "absent" / "games.db"
    started = run_bot_command(DISCORD_TOKEN="x", PBP_DATABASE=str(database))
    assert started.returncode == 2 and "Traceback" not in started.stderr, started.stderr
    assert started.stderr == (
        f"The bot cannot make its lock file {database}-lock beside its database: No such file or directory "
        f"(the bot runs as uid {os.getuid()}). The database's folder must exist and be writable by the bot.\n"
    )


async def refused_at_start(database: Path) -> str:
    """``python -m bot`` on the fake Discord (the store opens once logged in), which must stop with exit
    status 2 and no traceback: what it said."""
    from tests.bot.test_clean_stop import bot_process

    guild = {"name": "G", "channels": ["risk"], "members": ["alice"]}
    async with FakeDiscord(guilds=[guild]) as fd, bot_process(fd, database) as child:
        code = await asyncio.wait_for(child.wait(), 120)
        assert child.stderr is not None
        said = (await child.stderr.read()).decode()
    assert code == 2 and "Traceback" not in said, said
    return said


async def test_a_database_the_bot_cannot_open_or_write_is_said_in_one_line_and_exit_2(tmp_path: Path) -> None:
    """A read-only file (root's, the bot being uid 10001), a full disk, a path that is no file: SQLite's
    error ended the start-up in a traceback, again at each restart. Now one line, exit 2. End to end
    with a folder where the file should be (the one of these that root, which runs the tests, meets
    too), on the fake Discord: the store opens once logged in."""
    database = tmp_path / "games.db"
    database.mkdir()
    said = await refused_at_start(database)
    assert said.endswith(
        f"The bot cannot write to its database {database}: it cannot be opened (does its folder exist, and "
        f"may the bot write there?). The file and its folder must be writable by the bot (the bot runs as "
        f"uid {os.getuid()}), on a disk with free space.\n"
    ), said


async def test_an_older_bot_on_a_newer_database_says_so_in_one_line_and_exit_2(tmp_path: Path) -> None:
    """An owner who went back to an older image after an upgrade: the database's schema is newer than
    the bot knows. It was a traceback at every restart; now the store's sentence alone, exit 2."""
    from bot.schema import LATEST

    database = tmp_path / "games.db"
    with sqlite3.connect(database) as db:
        db.execute(f"PRAGMA user_version = {LATEST + 1}")
    said = await refused_at_start(database)
    assert said.endswith(
        f"This database has schema version {LATEST + 1}, newer than this Warboard knows ({LATEST}); upgrade "
        "Warboard instead of opening it with an older one.\n"
    ), said


async def test_a_channel_the_bot_may_not_post_in_is_named_to_the_player_and_its_news_waits(
    tmp_path: Path,
) -> None:
    """An overwrite denying the bot Send Messages in the game's channel (the fake answers its posts there
    403 50013, as Discord does; interaction answers still go through): the host who starts the game was
    told "Something went wrong on our side", nothing about the channel. Now the answer says whose
    setting it is and which permissions; once a moderator allows it, the turn's news is posted."""
    from tests.bot.discord_world import discord_world

    async with discord_world(str(tmp_path / "games.db")) as (fd, bot):
        bot.unfinished.first_gap = bot.unfinished.longest_gap = 0.05
        risk = fd.channel_id("risk")
        fd.no_send.add(risk)
        await fd.slash("alice", "risk", "game new", ruleset="risk", seats=2)
        posted = len(fd.messages(risk))
        # The second seat starts the game; its news is refused, and refused again when taken up. Then
        # a moderator allows the bot to post (the driver waits while the bot has news in hand).
        starting = asyncio.create_task(fd.slash("bob", "risk", "game join"))
        for _ in range(6000):
            if sum(v.kind == "missing_permissions" for v in fd.violations) >= 2 or starting.done():
                break
            await asyncio.sleep(0.01)
        fd.no_send.discard(risk)
        started = await starting
        answers = [m.content for m in started.messages if m.ephemeral]
        assert any(
            "what you did stands" in a
            and a.endswith(
                "The bot may not post in this channel: a moderator can give it View Channel, Send Messages, "
                "Embed Links and Attach Files here (Discord said: Missing Permissions)."
            )
            for a in answers
        ), answers
        await fd.wait_idle()
        assert not bot.unfinished.pending()
        news = [m.content for m in fd.messages(risk)[posted:] if not m.ephemeral]
        assert any("turn" in n.lower() or "waiting" in n.lower() for n in news), news


async def test_a_move_on_a_full_disk_tells_the_player_whose_it_is_to_mend(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk fills while the bot runs (the store's commit meets SQLite's "database or disk is full"):
    a move was answered "Something went wrong on our side" and nothing else, as for a
    bug. Now the answer says the bot cannot save and that the server's owner can mend it; the game is
    as it was."""
    from tests.bot.discord_world import discord_world

    async with discord_world(str(tmp_path / "games.db")) as (fd, bot):
        await fd.slash("alice", "risk", "game new", ruleset="risk", seats=2)
        await fd.slash("bob", "risk", "game join")
        found = await bot.service.channel_game(fd.channel_id("risk"))
        assert found is not None
        before = (await bot.service.status(found.game.id)).version
        full = sqlite3.connect(":memory:")  # SQLite's own "database or disk is full", as a full disk says it
        full.execute("CREATE TABLE t (x)")
        full.execute(f"PRAGMA max_page_count = {full.execute('PRAGMA page_count').fetchone()[0]}")
        with pytest.raises(sqlite3.OperationalError) as refused:
            full.execute("INSERT INTO t VALUES (zeroblob(100000))")
        full.close()

        async def commit(*args: object) -> None:
            raise refused.value

        monkeypatch.setattr(bot.service.store, "commit", commit)
        said = await fd.slash("alice", "risk", "game resign")
        answers = [m.content for m in said.messages if m.ephemeral]
        assert any(
            a.startswith("Something went wrong on our side")
            and a.endswith(
                "The bot cannot save games right now (its database's disk is full or read-only): tell the "
                "server's owner."
            )
            for a in answers
        ), answers
        assert (await bot.service.status(found.game.id)).version == before


def test_a_database_refusing_writes_is_told_apart_from_a_bug() -> None:
    """What a move's answer calls the owner's to mend: SQLite's full or read-only database, PostgreSQL's
    full disk or read-only server (by SQLSTATE, as asyncpg's errors carry it); not any other error."""
    from bot.trouble import cannot_save

    full = sqlite3.connect(":memory:")
    full.execute("CREATE TABLE t (x)")
    full.execute(f"PRAGMA max_page_count = {full.execute('PRAGMA page_count').fetchone()[0]}")
    with pytest.raises(sqlite3.OperationalError) as refused:
        full.execute("INSERT INTO t VALUES (zeroblob(100000))")
    with pytest.raises(sqlite3.OperationalError) as bug:
        full.execute("SELECT nothing FROM nowhere")
    full.close()
    assert cannot_save(refused.value) and not cannot_save(bug.value)
    assert cannot_save(asyncpg.exceptions.DiskFullError("could not extend file"))
    assert cannot_save(asyncpg.exceptions.ReadOnlySQLTransactionError("read-only transaction"))
    assert not cannot_save(asyncpg.exceptions.UniqueViolationError("duplicate key"))
    assert not cannot_save(RuntimeError("boom"))


def test_the_terminal_client_on_a_database_it_cannot_open_says_so_in_one_line(tmp_path: Path) -> None:
    """``docker run -it -v ./data:/data warboard --game risk`` with a folder root made: the terminal
    client ended in SQLite's traceback (seen in the image, as uid 10001); through either of its entry
    points it is now one line naming the file, exit 2."""
    database = tmp_path / "absent" / "games.db"
    line = (
        f"The bot cannot write to its database {database}: it cannot be opened (does its folder exist, and "
        "may the bot write there?). The file and its folder must be writable by the bot (the bot runs as "
        f"uid {os.getuid()}), on a disk with free space.\n"
    )
    for entry in (["bot"], ["bot.console"]):
        played = subprocess.run(
            [sys.executable, "-m", *entry, "--db", str(database), "--game", "risk"],
            env={**{k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}, "PYTHONPATH": str(ROOT)},
            cwd=ROOT, input="quit\n", capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert played.returncode == 2 and played.stderr == line, (entry, played.stderr)


def test_sqlites_errors_for_a_read_only_file_or_a_full_disk_are_an_owners_line(tmp_path: Path) -> None:
    """SQLite's own errors (made here as root can: a file opened read-only, a database capped in pages)
    are said for an owner; any other SQLite error is a bug, left to its traceback."""
    from bot.trouble import storage_trouble

    path = tmp_path / "games.db"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE t (x)")
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        with pytest.raises(sqlite3.OperationalError) as read_only:
            db.execute("INSERT INTO t VALUES (1)")
    finally:
        db.close()
    db = sqlite3.connect(path)
    try:
        db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
        with pytest.raises(sqlite3.OperationalError) as full:
            db.execute("INSERT INTO t VALUES (zeroblob(100000))")
        with pytest.raises(sqlite3.OperationalError) as bug:
            db.execute("SELECT nothing FROM nowhere")
    finally:
        db.close()
    whom = f"writable by the bot (the bot runs as uid {os.getuid()}), on a disk with free space."
    assert storage_trouble(read_only.value, "/data/warboard.db") == (
        f"The bot cannot write to its database /data/warboard.db: it is read-only. The file and its folder "
        f"must be {whom}"
    )
    assert storage_trouble(full.value, "w.db") == (
        f"The bot cannot write to its database w.db: the disk is full. The file and its folder must be {whom}"
    )
    assert storage_trouble(bug.value, "w.db") is None


def test_a_backup_it_cannot_write_is_said_in_one_line_and_left_out(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    with sqlite3.connect(database) as db:
        db.execute("CREATE TABLE games (id)")
    target = tmp_path / "absent" / "backup.db"
    made = run_bot_command("backup", str(target), PBP_DATABASE=str(database))
    assert made.returncode == 1 and "Traceback" not in made.stderr, made.stderr
    assert made.stderr.startswith(
        f"Could not write the backup to {target}: unable to open database file (the bot runs as uid "
    ), made.stderr
    assert not target.exists()


def test_the_health_check_loads_no_discord() -> None:
    """The image's HEALTHCHECK runs ``python -m bot health`` every 30 s: it loaded the whole bot (discord.py,
    aiohttp, every game) for a file's age: 1.2 s of CPU and 70 MB each time; now 0.12 s and 22 MB (a fresh
    clone, /usr/bin/time, three runs before, two after)."""
    checked = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from bot.__main__ import health; health({}); print(sorted(sys.modules))",
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    loaded = checked.stdout
    assert "'discord'" not in loaded and "'bot.app'" not in loaded and "'PIL'" not in loaded, loaded[-2000:]


def test_help_names_the_owners_commands_and_starts_no_bot() -> None:
    """``python -m bot --help`` listed only the terminal client's options, and with a token set it started
    the Discord bot instead (here it failed to reach discord.com, exit 1)."""
    asked = run_bot_command("--help", DISCORD_TOKEN="x")
    assert asked.returncode == 0 and "Traceback" not in asked.stderr, asked.stderr
    for command in ("python -m bot health", "python -m bot sync", "python -m bot backup FILE"):
        assert command in asked.stdout, asked.stdout
    without = run_bot_command("--help")  # the terminal client's options follow
    assert without.returncode == 0, without.stderr
    assert "python -m bot health" in without.stdout and "--seats" in without.stdout
