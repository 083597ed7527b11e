"""Warboard under load on the fake Discord, next to a minimal echo bot in the same run.

    python bench/load.py [--games 1000] [--rate 20] [--seconds 120] [--quick]

``--games`` running games, the five games in turn (Risk, Axis & Allies, Attack!, Hex war, Skirmish; three
seats where the game allows, every other table with an AI in its last seat; Risk past its setup) are put
in a database; the bot
then runs in a process of its own, connected to a fake Discord served by this process, and a minimal
discord.py bot (it answers "ok", a fixed picture, fixed choices, a button) runs in another, connected
to a second fake of the same code. For ``--seconds`` this process sends each of them ``--rate``
interactions a second, the same mix to both and interleaved (the order alternates every tick): moves
(each game's own slash command or button, as ``Game.making`` says, for the move its AI chooses for the
person to act, at most one in flight per game; a game waiting on its AI seat gets a status instead),
next-step buttons from earlier answers, /game status, /game map, autocomplete of /risk attack (at a Risk
table: the one autocomplete every game does not have).

It prints p50 / p95 / p99 of the first response (when the fake received it) and of picture follow-ups
(the board of /game map, the battle card of an attack), Warboard's beside the echo bot's, their ratios,
the bot's peak RSS, and whether every move Warboard acknowledged is in its database at the end.
Nothing is asserted. ``--quick``: 50 games for 20 seconds. ``--renders N``: also what the bot drew for its
messages while measured (each game's board and close-up: clock and CPU time, the CPU of reading A&A's
chip places among it), its garbage collections over 2 ms, and for the N slowest /game map follow-ups,
what was drawn or collected meanwhile (the bot's process notes them, ``record_renders``).

Both bots are separate processes and the fakes share this one, so the fakes' own work (parsing uploads,
JSON) lands on both bots' figures alike, and nothing the driver does runs on a bot's event loop.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import random
import secrets
import signal
import sqlite3
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from fakecord import FakeDiscord  # noqa: E402
from fakecord.model import Interaction, Msg, snowflake  # noqa: E402

from bench.load_renders import RENDER_LOG, read_renders, record_renders, report_renders  # noqa: E402
from bench.timing import stats  # noqa: E402

PER_GUILD = 100  # channels (and games) per guild
MIX = (("move", 35), ("button", 10), ("status", 15), ("map", 10), ("autocomplete", 30))


# ---- the bots, each in a process of its own -----------------------------------------------------------


def serve(kind: str, base_url: str, ws_url: str, path: str) -> None:
    """Run a bot connected to the fake at ``base_url``: ``warboard`` on the database ``path``, or the
    ``echo`` bot sending the picture in the file ``path``. Prints "ready" once it may be measured."""
    import discord.asset
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = f"{base_url}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(ws_url)
    discord.asset.Asset.BASE = f"{base_url}/cdn"

    log = os.environ.get(RENDER_LOG, "") if kind == "warboard" else ""
    if log:
        record_renders(log)

    async def run() -> None:
        bot = warboard_bot(path) if kind == "warboard" else echo_bot(Path(path).read_bytes())
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        bot._connection.guild_ready_timeout = 0.05  # as FakeDiscord.start_bot does
        task = asyncio.create_task(bot.start("fake-token"))
        while not bot.is_ready():
            if task.done():
                task.result()
            await asyncio.sleep(0.05)
        warming = getattr(bot, "_warm_up", None)
        if warming is not None:
            await warming  # the start-up picture warming: measured apart, not under load
        print("ready", flush=True)
        await stop.wait()
        await bot.close()
        await asyncio.wait({task}, timeout=10)

    asyncio.run(run())


def warboard_bot(database: str) -> Any:
    from bot.app import create_bot
    from bot.settings import Settings

    bot = create_bot(Settings(token="fake", database=database))
    bot.settles_heap = True  # as ``bot.app.serve`` runs it
    return bot


def echo_bot(picture: bytes) -> Any:
    """The floor: answers at once, with nothing behind it but discord.py."""
    import discord
    from discord import app_commands
    from discord.ext import commands

    class Echo(discord.ui.View):
        def __init__(self) -> None:
            super().__init__(timeout=None)

        @discord.ui.button(label="ok", custom_id="echo:ok")
        async def ok(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
            await interaction.response.defer()

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())

    @bot.tree.command(description="ok")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("ok", view=Echo())

    @bot.tree.command(name="picture", description="a picture")
    async def send_picture(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        await interaction.followup.send(file=discord.File(io.BytesIO(picture), "board.png"))

    @bot.tree.command(description="choices")
    async def pick(interaction: discord.Interaction, choice: str) -> None:
        await interaction.response.send_message("ok")

    @pick.autocomplete("choice")
    async def _choices(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"choice {i}", value=str(i)) for i in range(10)]

    async def setup_hook() -> None:
        bot.add_view(Echo())
        await bot.tree.sync()

    bot.setup_hook = setup_hook  # type: ignore[method-assign]
    return bot


async def start_child(kind: str, fd: FakeDiscord, path: str) -> asyncio.subprocess.Process:
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--serve",
        kind,
        fd.base_url,
        fd.ws_url,
        path,
        stdout=asyncio.subprocess.PIPE,
    )
    assert child.stdout is not None
    line = await asyncio.wait_for(child.stdout.readline(), timeout=300)
    if line.strip() != b"ready":
        raise RuntimeError(f"the {kind} bot did not start")
    return child


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


# ---- the fake, recording when pictures arrive ----------------------------------------------------------


class RecordingFake(FakeDiscord):  # type: ignore[misc]
    """The fake Discord, noting when a message first carries an uploaded picture (events, no polling)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.picture_at: dict[int, float] = {}  # message id -> when it first carried an uploaded picture
        self._waiting: list[tuple[int, str, float, asyncio.Future[float]]] = []
        self._recent: list[tuple[float, int, set[str]]] = []  # the last uploads: (when, channel, names)
        self._answers: dict[str, asyncio.Future[None]] = {}  # interaction token -> its first response

    async def _h_callback(self, request: Any, iid: Any, token: str) -> Any:
        result = await super()._h_callback(request, iid, token)
        waiter = self._answers.pop(token, None)
        if waiter is not None and not waiter.done():
            waiter.set_result(None)
        return result

    async def answered(self, it: Interaction, timeout: float = 10.0) -> None:
        """Until the bot's first response to ``it`` has arrived (or ``timeout``)."""
        if it.ack_type is None:
            waiter = self._answers.setdefault(it.token, asyncio.get_running_loop().create_future())
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(waiter), timeout)

    async def create_message(
        self, channel_id: int, body: dict[str, Any], files: dict[int, tuple[Any, ...]], **kw: Any
    ) -> Msg:
        msg = await super().create_message(channel_id, body, files, **kw)
        self._note(msg, files)
        return msg

    async def edit_message(self, msg: Msg, body: dict[str, Any], files: dict[int, tuple[Any, ...]]) -> Msg:
        msg = await super().edit_message(msg, body, files)
        self._note(msg, files)
        return msg

    def _note(self, msg: Msg, files: dict[int, tuple[Any, ...]]) -> None:
        names = {str(name) for name, _, _ in files.values()}
        if not any(name.endswith(".png") for name in names):
            return
        now = time.monotonic()
        self.picture_at.setdefault(msg.id, now)
        self._recent = [*self._recent[-99:], (now, msg.channel_id, names)]
        for waiter in list(self._waiting):
            channel, name, after, future = waiter
            if channel == msg.channel_id and name in names and now >= after and not future.done():
                future.set_result(now)
                self._waiting.remove(waiter)

    async def upload(self, channel: int, name: str, after: float, timeout: float = 10.0) -> float | None:
        """When a picture called ``name`` is next uploaded in ``channel`` (a new message or an edit, such
        as the status board edited in place) at or after ``after``; None if none comes in ``timeout``."""
        for when, where, names in self._recent:
            if where == channel and name in names and when >= after:
                return when
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        waiter = (channel, name, after, future)
        self._waiting.append(waiter)
        try:
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            return None
        finally:
            if waiter in self._waiting:
                self._waiting.remove(waiter)

    async def fire(
        self, itype: int, user: int, channel: int, data: dict[str, Any], label: str, source: Msg | None = None
    ) -> Interaction:
        """Send one interaction and return at once: what the bot does is read from the record later."""
        iid, token = snowflake(), secrets.token_urlsafe(48)
        payload = self._payload(itype, user, channel, data, token, iid, source)
        it = self.interactions[token] = Interaction(
            iid, token, itype, label, user, channel, payload, source=source
        )
        self._timers.append(asyncio.get_running_loop().call_later(self.ack_deadline, self._deadline, it))
        await self.dispatch("INTERACTION_CREATE", payload, guild_id=self._gid(channel))
        return it

    async def slash_now(self, user: int, channel: int, command: str, **values: Any) -> Interaction:
        data = self._command_data(user, channel, command, None, values)
        return await self.fire(2, user, channel, data, "/" + command)

    async def autocomplete_now(self, user: int, channel: int, command: str, focused: str) -> Interaction:
        data = self._command_data(user, channel, command, None, {focused: ""}, focused)
        return await self.fire(4, user, channel, data, f"/{command} <{focused}>")

    async def click_now(self, user: int, msg: Msg, custom_id: str) -> Interaction:
        data = {"custom_id": custom_id, "component_type": 2}
        return await self.fire(3, user, msg.channel_id, data, f"button:{custom_id}", source=msg)

    def picture_time(self, it: Interaction) -> float | None:
        seen = [self.picture_at[m.id] for m in it.messages if m.id in self.picture_at]
        return min(seen) - it.created if seen else None


def done(it: Interaction) -> bool:
    """The bot has answered (a deferral filled, or refused)."""
    return it.ack_type is not None and not (
        it.ack_type == 5 and it.original is not None and it.original.loading
    )


def succeeded(it: Interaction) -> bool:
    """A move the bot accepted: it deferred (slash) or deferred the update (button); a refusal is a private
    sentence alone (an accepted move's private answer is its embed, with its next steps)."""
    return it.ack_type in (5, 6) and not any(m.ephemeral and m.content and not m.embeds for m in it.messages)


# ---- the world: games in a database, their channels and players on the fake ----------------------------


@dataclass
class Table:
    game_id: int
    guild: int
    channel: int
    players: list[int]  # user ids, by seat (0: the AI's seat)
    ruleset: str = "risk"
    moving: Interaction | None = None  # the move in flight
    buttons: tuple[Msg, list[str], int] | None = None  # the latest move's next-step buttons, and whose
    moves: int = 0  # moves the bot accepted


async def build_world(fd: RecordingFake, database: str, games: int) -> list[Table]:
    from bot.games import GAMES
    from bot.service import GameService
    from bot.store import SqliteStore

    names = sorted(GAMES)
    tables: list[Table] = []
    for first in range(0, games, PER_GUILD):
        count = min(PER_GUILD, games - first)
        guild = fd.add_guild(
            f"Guild {first // PER_GUILD}", channels=[f"game-{first + i}" for i in range(count)]
        )
        for i, channel in enumerate(fd.guilds[guild]["channels"]):
            players = [fd.add_user(f"p{first + i}-{s}") for s in range(3)]
            for user in players:
                fd.add_member(guild, user)
            tables.append(Table(0, guild, channel, players, ruleset=names[(first + i) % len(names)]))
    store = await SqliteStore.open(database)
    await store._db.execute("PRAGMA synchronous=OFF")  # building only
    service = GameService(store, GAMES)
    for n, table in enumerate(tables):
        rules = service.rules(table.ruleset)
        seats = min(max(3, rules.min_seats), rules.max_seats)
        host, with_ai = table.players[0], n % 2 == 1
        options = {"setup_batch": "40"} if table.ruleset == "risk" else {}
        status = await service.create(table.channel, host, "p0", table.ruleset, options, guild_id=table.guild)
        for seat in range(1, seats):
            if with_ai and seat == seats - 1:
                await service.join(status.game_id, host, "", ai=True)
            else:
                await service.join(status.game_id, table.players[seat], f"p{seat}")
        await service.start(status.game_id, host, seed=f"load-{n}")
        table.game_id = status.game_id
        seated = (await service.status(status.game_id)).seats
        table.players = [(s.user_id or 0) if s.controller == "human" else 0 for s in seated]  # by seat
        await service.play_ai(table.game_id)  # an AI seat that opens the game moves now (not measured)
        while table.ruleset == "risk":  # Risk's setup, by the AI (not measured)
            state = service.state_of(await service.load(table.game_id))
            if state.phase != "setup":
                break
            seat = rules.to_act(state)[0]
            agent = service.agent("risk", n)
            await service.act(table.game_id, table.players[seat] or host, agent.choose(state, seat))
            await service.play_ai(table.game_id)
    await store.close()
    return tables


@dataclass
class Record:
    kind: str
    it: Interaction
    fake: RecordingFake
    game: str = ""  # the ruleset of the game asked (the pictures' figures per game)


@dataclass
class Echo:
    fd: RecordingFake
    channel: int
    user: int
    button: Msg | None = None
    records: list[Record] = field(default_factory=list)

    async def send(self, kind: str) -> None:
        if kind == "map":
            it = await self.fd.slash_now(self.user, self.channel, "picture")
        elif kind == "autocomplete":
            it = await self.fd.autocomplete_now(self.user, self.channel, "pick", "choice")
        elif kind == "button" and self.button is not None:
            it = await self.fd.click_now(self.user, self.button, "echo:ok")
        else:
            it = await self.fd.slash_now(self.user, self.channel, "ping")
        self.records.append(Record(kind, it, self.fd))


class Driver:
    def __init__(self, fd: RecordingFake, tables: list[Table], database: str, seed: int) -> None:
        from bot.games import GAMES

        self.fd, self.tables, self.random = fd, tables, random.Random(seed)
        self.games = GAMES
        self.risk = [t for t in tables if t.ruleset == "risk"]
        self.db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
        self.records: list[Record] = []

    def idle(self) -> list[Table]:
        return [t for t in self.tables if t.moving is None or done(t.moving)]

    def settle_moves(self) -> None:
        """Moves the bot has answered: count the accepted ones, keep their next-step buttons."""
        for table in self.tables:
            it = table.moving
            if it is None or not done(it):
                continue
            table.moving = None
            if succeeded(it):
                table.moves += 1
                shown = [m for m in it.messages if m.custom_ids]  # the mover's private answer, mostly
                if shown:
                    ids = [c for c in shown[-1].custom_ids if c.startswith("wb:")]
                    table.buttons = (shown[-1], ids, it.user_id) if ids else None

    async def send(self, kind: str) -> str:
        """One interaction of ``kind`` (a move or a button when a game is free for one, else a status);
        returns the kind sent."""
        self.settle_moves()
        if kind in ("move", "button"):
            free = self.idle()
            if kind == "button":
                free = [t for t in free if t.buttons]
            if free:
                table = self.random.choice(free)
                it = await (self._click(table) if kind == "button" else self._move(table))
                if it is not None:
                    table.moving = it
                    self.records.append(Record(kind, it, self.fd, table.ruleset))
                    return kind
            kind = "status"
        table = self.random.choice(self.risk if kind == "autocomplete" and self.risk else self.tables)
        user = self.random.choice([p for p in table.players if p])
        if kind == "map":
            it = await self.fd.slash_now(user, table.channel, "game map")
        elif kind == "autocomplete":
            it = await self.fd.autocomplete_now(user, table.channel, "risk attack", "from")
        else:
            it = await self.fd.slash_now(user, table.channel, "game status")
        self.records.append(Record(kind, it, self.fd, table.ruleset))
        return kind

    def _waiting(self, table: Table) -> tuple[Any, Any, int] | None:
        """The table's game, its state and a person it waits on; None when it is over or waits on its AI."""
        from rules.core.codec import from_json

        game = self.games[table.ruleset]
        (text,) = self.db.execute("SELECT state FROM games WHERE id = ?", (table.game_id,)).fetchone()
        state = from_json(text, game.rules.state_type)
        if game.rules.result(state) is not None:
            return None
        people = [seat for seat in game.rules.to_act(state) if table.players[seat]]
        return (game, state, self.random.choice(people)) if people else None

    async def _move(self, table: Table) -> Interaction | None:
        """The game's own command or button for the move its AI would make for the person to act."""
        from bot.game import Slash

        waiting = self._waiting(table)
        if waiting is None:
            return None
        game, state, seat = waiting
        made = game.making(game.agent(table.moves).choose(state, seat))
        user = table.players[seat]
        if isinstance(made, Slash):
            table.buttons = None
            return await self.fd.slash_now(user, table.channel, made.name, **dict(made.options))
        (version,) = self.db.execute("SELECT version FROM games WHERE id = ?", (table.game_id,)).fetchone()
        wanted = f"wb:{table.game_id}:{version}:{made.verb}" + (f":{made.arg}" if made.arg else "")
        for message in reversed(self.fd.messages(table.channel)[-20:]):
            if wanted in message.custom_ids:
                table.buttons = None
                return await self.fd.click_now(user, message, wanted)
        return None  # the button is not under the latest messages: a status instead

    async def _click(self, table: Table) -> Interaction | None:
        assert table.buttons is not None
        msg, ids, user = table.buttons
        table.buttons = None
        if self._waiting(table) is None:
            return None
        return await self.fd.click_now(user, msg, self.random.choice(ids))  # the mover's next step


def line(name: str, ours: list[float], floor: list[float]) -> str:
    a, b = stats(ours), stats(floor)
    ratios = " / ".join(f"{x / y:.2f}" if y else "nan" for x, y in zip(a[:3], b[:3], strict=True))
    return (
        f"  {name:<26} warboard {a[0] * 1e3:6.1f} {a[1] * 1e3:6.1f} {a[2] * 1e3:7.1f} ms (n={a[3]:>5})   "
        f"echo {b[0] * 1e3:5.1f} {b[1] * 1e3:5.1f} {b[2] * 1e3:6.1f} ms (n={b[3]:>5})   ratio {ratios}"
    )


async def run(games: int, rate: float, seconds: float, seed: int, renders: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = f"{folder}/load.db"
        if renders:
            os.environ[RENDER_LOG] = f"{folder}/renders.jsonl"
        ours = RecordingFake(settle=0.05, timeout=10)
        floor = RecordingFake(
            guilds=[{"name": "Echo", "channels": ["echo"], "members": ["eve"]}], settle=0.05
        )
        await ours.start_server()  # no patch(): the bots live in other processes, pointed here
        await floor.start_server()
        built = time.perf_counter()
        tables = await build_world(ours, database, games)
        print(f"{games} running games of all five built in {time.perf_counter() - built:.0f} s")
        picture = f"{folder}/board.png"
        Path(picture).write_bytes(sample_board())
        started = time.perf_counter()
        bot = await start_child("warboard", ours, database)
        took = time.perf_counter() - started
        print(f"Warboard ready (connected, commands synced, pictures warmed) in {took:.1f} s")
        echo_child = await start_child("echo", floor, picture)
        echo = Echo(floor, floor.channel_id("echo"), floor.user_id("eve"))
        echo.button = (await floor.slash("eve", "echo", "ping")).message
        before = action_rows(database)
        driver = Driver(ours, tables, database, seed)
        kinds = [k for k, weight in MIX for _ in range(weight)]
        loads = [os.getloadavg()[0]]  # how busy the machine was: the ratios hold only on a quiet one
        interval, start = 1 / rate, time.monotonic()
        tick = 0
        while (now := time.monotonic()) - start < seconds:
            wait = start + tick * interval - now
            if wait > 0:
                await asyncio.sleep(wait)
            kind = driver.random.choice(kinds)
            if tick % 2:  # the same kind to both, the order alternating
                sent = await driver.send(kind)
                await echo.send(sent)
            else:
                await echo.send(kind)
                await driver.send(kind)
            tick += 1
        loads.append(os.getloadavg()[0])
        drain = time.monotonic()
        while time.monotonic() - drain < 30 and not all(done(r.it) for r in driver.records + echo.records):
            await asyncio.sleep(0.1)
        await ours.wait_idle(0.5, 30)
        driver.settle_moves()
        rss = peak_rss_mb(bot.pid)
        for child in (bot, echo_child):
            child.send_signal(signal.SIGTERM)
            await asyncio.wait_for(child.wait(), 30)
        after = action_rows(database)
        await ours.stop_server()
        await floor.stop_server()
        logged = read_renders(os.environ.get(RENDER_LOG, ""))
    report(games, rate, seconds, tick, driver, echo, ours, floor, rss, before, after)
    if renders:
        maps = [
            (took, record)
            for record in driver.records
            if record.kind == "map"
            for took in [ours.picture_time(record.it)]
            if took is not None
        ]
        report_renders(maps, [r for r in logged if r["start"] >= start], renders)
    began, ended = loads
    print(f"machine load (1 min, {os.cpu_count()} cores): {began:.1f} at the start, {ended:.1f} at the end")


def action_rows(database: str) -> dict[int, int]:
    db = sqlite3.connect(database)
    try:
        return dict(
            db.execute("SELECT game_id, COUNT(*) FROM actions WHERE kind = 'action' GROUP BY game_id")
        )
    finally:
        db.close()


def sample_board() -> bytes:
    """A board picture of Warboard's size, for the echo bot to send: the same upload to carry."""
    from bot.games import GAMES
    from rules.core.dice import SeededRng

    game = GAMES["risk"]
    state, _ = game.rules.setup(dict(game.short_game), 3, SeededRng("echo"))
    return game.pictures.board(game.rules.view(state, None), ["A", "B", "C"], title="Risk")


def report(
    games: int,
    rate: float,
    seconds: float,
    sent: int,
    driver: Driver,
    echo: Echo,
    ours: RecordingFake,
    floor: RecordingFake,
    rss: float,
    before: dict[int, int],
    after: dict[int, int],
) -> None:
    made = defaultdict(int)
    for table in driver.tables:
        made[table.ruleset] += table.moves
    print(f"\nmoves made by players, by game: {dict(made)}")
    print(f"\n{games} games, {rate:g} interactions/s to each bot for {seconds:g} s ({sent} ticks)")
    print("first response, p50 / p95 / p99; ratio warboard / echo for each")
    first: dict[str, list[float]] = defaultdict(list)
    floor_first: dict[str, list[float]] = defaultdict(list)
    for r in driver.records:
        if r.it.latency is not None:
            first[r.kind].append(r.it.latency)
    for r in echo.records:
        if r.it.latency is not None:
            floor_first[r.kind].append(r.it.latency)
    every = [x for v in first.values() for x in v]
    every_floor = [x for v in floor_first.values() for x in v]
    print(line("all interactions", every, every_floor))
    for kind, _ in MIX:
        print(line(kind, first[kind], floor_first[kind]))
    echo_pictures = [
        t for r in echo.records if r.kind == "map" for t in [floor.picture_time(r.it)] if t is not None
    ]
    print("picture follow-ups, p50 / p95 / p99")

    def pictures(kind: str, game: str | None = None) -> list[float]:
        return [
            t
            for r in driver.records
            if r.kind == kind and game in (None, r.game)
            for t in [ours.picture_time(r.it)]
            if t is not None
        ]

    # The board of each /game map, then the battle card of each move that drew one, each by game too.
    for kind, label in (("map", "/game map board"), ("move", "battle card of a move")):
        print(line(label, pictures(kind), echo_pictures))
        for game in sorted({r.game for r in driver.records if r.kind == kind}):
            if of_game := pictures(kind, game):
                print(line(f"  {game}", of_game, echo_pictures))
    unanswered = sum(1 for r in driver.records if r.it.ack_type is None)
    late = sum(1 for v in ours.violations if v.kind == "ack_timeout")
    print(f"unanswered: {unanswered}; past Discord's 3 s: {late}; fake violations: {len(ours.violations)}")
    accepted = {t.game_id: t.moves for t in driver.tables}
    stored = {g: after.get(g, 0) - before.get(g, 0) for g in accepted}
    lost = sum(max(0, accepted[g] - stored[g]) for g in accepted)
    print(
        f"moves acknowledged: {sum(accepted.values())}; new action rows in the database: "
        f"{sum(stored.values())}; acknowledged but missing: {lost}"
    )
    print(f"Warboard peak RSS: {rss:.0f} MB")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--serve":
        serve(*sys.argv[2:6])
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--quick", action="store_true", help="50 games for 20 seconds")
    parser.add_argument(
        "--renders", type=int, default=0, metavar="N",
        help="also print the bot's renders and collections, and what the N slowest /game maps met",
    )  # fmt: skip
    args = parser.parse_args()
    if args.quick:
        args.games, args.seconds = 50, 20.0
    asyncio.run(run(args.games, args.rate, args.seconds, args.seed, args.renders))


if __name__ == "__main__":
    os.environ.setdefault("PBP_LOG_LEVEL", "WARNING")
    main()
