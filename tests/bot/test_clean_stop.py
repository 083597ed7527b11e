"""SIGTERM stops the bot cleanly (issue 34, item 1): the image's own entry point (``python -m bot``) runs
in a child process on the fake Discord, with an AI-only game being played in one channel and a player's
move in hand in another. On SIGTERM the process exits 0 (within its budget, 7 s, under docker's 10 s), the
move in hand is committed and answered, the AI stopped at a move's edge (the log replays to the saved
state), nothing was logged as an error, and an interaction arriving while it stops is told so rather than
half done."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import sqlite3
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from fakecord import FakeDiscord

from bot.gamelog import live_actions, rebuild
from bot.games import GAMES
from bot.store import SqliteStore
from rules.core.codec import from_json
from tests.bot.discord_world import command_for
from tests.fake_child import POINT_AT_FAKE, fake_addresses

ROOT = Path(__file__).resolve().parents[2]
GUILD = {"name": "War Room", "channels": ["risk", "aa"], "members": ["alice", "bob"]}
# The image's entry point, discord.py pointed at the fake first (as .ci/image_shards.py runs it).
ENTRY = POINT_AT_FAKE + 'import runpy\nrunpy.run_module("bot", run_name="__main__", alter_sys=True)\n'


@contextlib.asynccontextmanager
async def bot_process(
    fd: FakeDiscord, database: Path, entry: str = ENTRY
) -> AsyncIterator[asyncio.subprocess.Process]:
    """``python -m bot`` in a child process on the fake Discord, killed at the end if it still runs."""
    env = {
        **os.environ,
        **fake_addresses(fd),
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "fake-token",
        "PBP_DATABASE": str(database),
    }
    env.pop("WARBOARD_CONTAINER", None)
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", entry, env=env, cwd=ROOT, stderr=asyncio.subprocess.PIPE
    )
    try:
        yield child
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()


async def terminate(child: asyncio.subprocess.Process) -> tuple[int, str]:
    """SIGTERM, then the child's exit status and what it wrote on stderr. A loaded machine may take long
    to start the interpreter's exit, so the wait is generous (the bot's own budget, ``STOP_WITHIN`` under
    docker's 10 s, is tested below without a clock)."""
    child.send_signal(signal.SIGTERM)
    code = await asyncio.wait_for(child.wait(), 60)
    return code, (await child.stderr.read()).decode() if child.stderr else ""


def actions(database: Path, game_id: int) -> int:
    with sqlite3.connect(database) as db:
        (count,) = db.execute(
            "SELECT COUNT(*) FROM actions WHERE kind = 'action' AND game_id = ?", (game_id,)
        ).fetchone()
    return int(count)


async def until(condition: object, seconds: float) -> None:
    """Wait for ``condition``; the bound only catches a hang (generous: a loaded machine starts a bot
    process and its imports slowly)."""
    end = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        if time.monotonic() > end:
            raise AssertionError(f"not within {seconds} s")
        await asyncio.sleep(0.005)


async def replays_to_saved_state(database: Path, game_id: int) -> None:
    store = await SqliteStore.open(str(database))
    try:
        game = await store.game(game_id)
        assert game is not None and game.seed is not None and game.state is not None
        rules = GAMES[game.ruleset].rules
        seats = len(await store.seats(game_id))
        replayed = rebuild(rules, game.seed, game.options, seats, live_actions(await store.log(game_id)))
        assert replayed == from_json(game.state, rules.state_type), "a move was cut in half"
    finally:
        await store.close()


async def first_move(database: Path, fd: FakeDiscord, game_id: int) -> tuple[str, str, dict[str, object]]:
    """Who must move in the Risk game, and the slash command of their first legal move."""
    with sqlite3.connect(database) as db:
        (state,) = db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        users = dict(db.execute("SELECT seat, user_id FROM seats WHERE game_id = ?", (game_id,)).fetchall())
    rules = GAMES["risk"].rules
    decoded = from_json(state, rules.state_type)
    seat = rules.to_act(decoded)[0]
    command, values = command_for(rules.legal(decoded, seat)[0])
    name = next(n for n in ("alice", "bob") if fd.user_id(n) == users[seat])
    return name, command, values


async def test_sigterm_mid_game_commits_and_answers_the_move_in_hand_and_exits_0(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    async with (
        FakeDiscord(guilds=[GUILD], settle=0.1, timeout=20.0) as fd,
        bot_process(fd, database) as child,
    ):
        await until(lambda: any(c.ready for c in fd._conns), 120)
        await fd.wait_idle()
        # Channel "risk": two players, nothing moves until one of them does.
        await fd.slash("alice", "risk", "game new", ruleset="risk", seats=2)
        await fd.slash("bob", "risk", "game join")
        # Channel "aa": an AI-only game that plays on by itself.
        await fd.slash("alice", "aa", "game new", ruleset="axis_allies", seats=3)
        await fd.slash("alice", "aa", "game leave")
        for _ in range(3):
            await fd.slash("alice", "aa", "game join", ai=True)
        await fd.slash("alice", "risk", "game start")
        await until(lambda: actions(database, 2) >= 5, 120)  # the AI is playing
        before = actions(database, 1)
        user, command, values = await first_move(database, fd, 1)
        callbacks = sum(1 for _, path, _ in fd.requests if path.endswith("/callback"))
        move = asyncio.create_task(fd.slash(user, "risk", command, **values))
        # SIGTERM once the bot has taken the move in hand (its first answer to it is on the way).
        await until(lambda: sum(1 for _, p, _ in fd.requests if p.endswith("/callback")) > callbacks, 120)
        asked_at = time.monotonic()
        code, said = await terminate(child)
        took = time.monotonic() - asked_at
        answered = await move
    assert code == 0, said[-3000:]
    assert "Traceback" not in said and " ERROR " not in said, said[-3000:]
    assert answered.message is not None and not answered.message.loading, "the move in hand was answered"
    assert answered.embeds or answered.content
    assert actions(database, 1) == before + 1, "the move in hand was committed"
    await replays_to_saved_state(database, 2)  # the AI stopped at a move's edge
    print(f"stopped {took:.2f} s after SIGTERM")


async def test_an_interaction_arriving_while_the_bot_stops_is_told_to_try_again() -> None:
    """In process: the gate every interaction passes while ``stopping`` answers it, privately."""
    from bot.app import RESTARTING, create_bot
    from bot.settings import Settings

    async with FakeDiscord(guilds=[GUILD], settle=0.05, timeout=10.0) as fd:
        bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
        await fd.start_bot(bot)
        try:
            bot.stopping = True
            said = await fd.slash("alice", "risk", "game status")
            assert said.ephemeral and said.content == RESTARTING
        finally:
            await bot.close()


async def test_a_stop_gives_up_on_work_that_never_ends_after_its_budget(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An interaction stuck for good does not keep the bot from stopping: ``shutdown`` waits its budget
    (``STOP_WITHIN``, 7 s, inside docker's 10 s grace), says so in the log, and closes."""
    from bot import app
    from bot.app import INTERACTION_TASKS, STOP_WITHIN, create_bot
    from bot.settings import Settings

    assert STOP_WITHIN < 10
    monkeypatch.setattr(app, "STOP_WITHIN", 0.05)
    async with FakeDiscord(guilds=[GUILD], settle=0.05, timeout=10.0) as fd:
        bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
        await fd.start_bot(bot)
        stuck = asyncio.create_task(asyncio.Event().wait(), name=f"{INTERACTION_TASKS[0]}-stuck")
        try:
            with caplog.at_level(logging.WARNING, logger="warboard"):
                await asyncio.wait_for(bot.shutdown(), 60)
            assert bot.is_closed() and not stuck.done()
            assert "stopping with work still in hand" in caplog.text
        finally:
            stuck.cancel()


async def test_a_stop_while_discord_is_unreachable_does_not_wait_for_the_reconnect(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """With Discord's gateway gone, discord.py sleeps between reconnects (its backoff grows to minutes)
    and ``close`` does not wake it: SIGTERM closed the bot, then ``serve`` waited out the sleep (tried: two
    minutes after SIGTERM, under plain ``python -m bot``). ``serve`` now ends once the bot is closed."""
    import discord.client

    from bot.app import create_bot, serve
    from bot.settings import Settings

    monkeypatch.setattr(discord.client.ExponentialBackoff, "delay", lambda self: 3600.0)
    async with FakeDiscord(guilds=[GUILD], settle=0.05, timeout=10.0) as fd:
        bot = create_bot(Settings(token="fake-token", database=":memory:"), run_scheduler=False)
        bot._connection.guild_ready_timeout = 0.05
        served = asyncio.create_task(serve(bot, "fake-token"))
        try:
            await until(bot.is_ready, 120)
            with caplog.at_level(logging.ERROR, logger="discord.client"):
                await fd.stop_server()  # Discord gone: the next reconnect is an hour away
                await until(lambda: "Attempting a reconnect in 3600" in caplog.text, 120)
            os.kill(os.getpid(), signal.SIGTERM)  # serve's handler takes it (the test's process lives on)
            await asyncio.wait_for(served, 60)
        finally:
            served.cancel()
    assert bot.is_closed()


async def test_text_logs_to_a_pipe_have_no_colour_codes_even_in_a_container(tmp_path: Path) -> None:
    """``docker logs`` showed discord.py's ANSI colours around every level and logger's name: discord.py
    colours whenever it thinks it runs in Docker (``discord.utils.is_docker``), terminal or not. The
    child is told it runs in Docker; its text log, written to a pipe, has the lines and no colour."""
    in_docker = "import discord.utils\ndiscord.utils.is_docker = lambda: True\n" + ENTRY
    async with (
        FakeDiscord(guilds=[GUILD], settle=0.1, timeout=20.0) as fd,
        bot_process(fd, tmp_path / "games.db", in_docker) as child,
    ):
        await until(lambda: any(c.ready for c in fd._conns), 120)
        code, said = await terminate(child)
    assert code == 0, said[-3000:]
    assert "] [INFO    ] warboard: stopping: a signal asked for it" in said, said[-3000:]
    assert "\x1b[" not in said, said[-3000:]


# ``python -m bot`` held up while it makes the bot, after its imports: the test's SIGTERM comes meanwhile.
HELD_AT_START = """
import sys, runpy, bot.app
made = bot.app.create_bot
def create_bot(*args, **kwargs):
    print("making the bot", flush=True)
    sys.stdin.readline()
    return made(*args, **kwargs)
bot.app.create_bot = create_bot
runpy.run_module("bot", run_name="__main__", alter_sys=True)
"""


async def test_sigterm_while_the_bot_starts_is_a_clean_stop(tmp_path: Path) -> None:
    """SIGTERM in the start-up's first seconds (the imports: 3 s on a busy machine), before ``serve``
    installs its handler: the process died by the signal (exit 143, -15 here), and as a container's PID 1
    it ignored it until docker's SIGKILL. Now the handler is installed as soon as the process knows it
    runs the bot: one line, exit 0, before anything was opened or sent."""
    env = {k: v for k, v in os.environ.items() if k != "WARBOARD_CONTAINER"}
    env |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x", "PBP_DATABASE": str(tmp_path / "games.db")}
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        HELD_AT_START,
        env=env,
        cwd=ROOT,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert child.stdout is not None
        assert await asyncio.wait_for(child.stdout.readline(), 120) == b"making the bot\n"
        code, said = await terminate(child)
    finally:
        if child.returncode is None:
            child.kill()
            await child.wait()
    assert (code, said) == (0, "Stopped by a signal before the bot started; nothing was done.\n")
    assert not (tmp_path / "games.db").exists()
