"""The Discord bot: the composition root of the Discord side. A thin ``commands.Bot`` that holds the
registry of games, the store and the service, and hands them to the cogs (discord.py's
advanced_startup example): the shared cogs (/game, /mod, /notify, /help) and, loaded as extensions
from the registry, each game's own slash commands and menus.

Everything a command does lives in a cog; everything a game does lives in the service and the rules.
The bot provides what the cogs need (``bot.host.Host``) and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import json
import logging
import math
import signal
import threading
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.clock import Clock, utc_now
from bot.cogs.announce import TurnAnnouncer
from bot.cogs.common import handle_error, refuse
from bot.cogs.help import HelpCog
from bot.cogs.lobby import LobbyCog
from bot.cogs.moderation import ModerationCog
from bot.cogs.moves import GameButton, announce_turn
from bot.cogs.notify import NotifyCog
from bot.cogs.stats import StatsCog
from bot.game import Games, check_games
from bot.games import GAMES
from bot.metrics import COUNT_EVERY, Metrics, interaction_kind, start_metrics
from bot.postgres import open_database
from bot.scheduler import Scheduler, TurnLocks, Unfinished
from bot.service import GameService
from bot.settings import HEARTBEAT_EVERY, Settings
from bot.shards import ShardPlan
from bot.store import GameStore
from rules.core.dice import SeededRng

log = logging.getLogger("warboard")

# A clean stop waits this long at most for the interactions in hand, then closes anyway: within the 10 s
# that `docker stop` (and compose) give before SIGKILL, with room for closing the connections and store.
STOP_WITHIN = 7.0
# discord.py runs each interaction's handler in a task of its own with one of these names (app_commands'
# CommandTree and discord.ui's view store): the interactions in hand are the tasks so named.
INTERACTION_TASKS = ("CommandTree-invoker", "discord-ui-")
# The heavy look-ups (a replay draws a GIF; an export or a verify reads a whole game): each member may
# ask for each this many times a minute in a server, then is told how long to wait.
COOLDOWNS = {"game replay": 3, "game export": 3, "game verify": 3}
ANYWHERE = {"help", "notify"}  # the commands a member may use in a DM with the bot too
# The ``bot_state`` row holding the hash of the command tree last synced (``WarboardBot.tree_hash``).
TREE_HASH = "command_tree"
RESTARTING = "The bot is restarting; nothing was changed. Try again in a minute."


class WarboardBot(commands.Bot):
    store: GameStore
    service: GameService
    announcer: TurnAnnouncer
    scheduler: Scheduler

    def __init__(
        self,
        settings: Settings,
        games: Games,
        store: GameStore | None = None,
        *,
        clock: Clock = utc_now,
        run_scheduler: bool = True,
        shards: ShardPlan | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        # Slash commands and buttons need no privileged intents (no message content, no members list).
        # Nobody is pinged unless a message names who (``common.pinging``): member-chosen text such as
        # a nickname "@everyone" can never ping anyone.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),
            **_shard_options(shards),
        )
        self.settings = settings
        self.shard_plan = shards  # None: one process, unsharded
        self.games = games
        self._given_store = store
        self.clock = clock
        self.run_scheduler = run_scheduler  # tests tick the scheduler themselves, on their own clock
        self.turns = TurnLocks()  # one trigger at a time per game: AI play and the messages telling of it
        self.stopping = False  # set by ``shutdown``: no new interaction is taken on
        self.force_sync = False  # ``python -m bot sync``: sync the command tree even if it looks unchanged
        self.sync_only = False  # ... and stop after syncing (no scheduler, AI or heartbeat)
        # ``serve``: the process is the bot's alone, so once warm, start-up's objects leave the garbage
        # collector's full passes (``settle_heap``); tests that start many bots in one process do not.
        self.settles_heap = False
        self._refusals: set[asyncio.Task[None]] = set()
        self._given_metrics = metrics
        self.metrics = Metrics()  # nothing measured until ``setup_hook`` (none at all without a port)
        # Every interaction passes here first (the gateway reads this table of parsers), so that once
        # the bot is stopping a new one is answered "restarting" instead of starting a move.
        parsers = self._connection.parsers
        self._parse_interaction = parsers["INTERACTION_CREATE"]
        parsers["INTERACTION_CREATE"] = self._interaction_arrived

    async def setup_hook(self) -> None:
        self.store = self._given_store or await open_database(self.settings.database, self.shard_plan)
        self.service = GameService(self.store, self.games, clock=self.clock)
        self.announcer = TurnAnnouncer(self, self)
        self.scheduler = Scheduler(self.service, self.announcer, self.turns)
        # An AI turn or a turn's news that broke off (issue 29, item 11) is taken up again within seconds.
        self.unfinished = Unfinished(self._go_on)
        self.service.on_unfinished = self.scheduler.on_failure = self.unfinished.add
        self.service.on_commit = self.announcer.buttons.committed  # a step's buttons go once it is answered
        if not self.sync_only:
            self.metrics = self._given_metrics or start_metrics(
                self.settings.metrics_port, self.settings.metrics_host
            )
            self.service.on_ai_turn = self.metrics.ai_turn
        for cog in (LobbyCog(self), NotifyCog(self), ModerationCog(self), HelpCog(self), StatsCog(self)):
            await self.add_cog(cog)
        for game in self.games.values():  # each game's slash commands and menus
            await self.load_extension(game.extension)
        self.add_dynamic_items(GameButton)
        self._shape_commands()
        # One error handler for every app command: a cog's own (which calls the same) answers first.
        self.tree.error(handle_error)
        await self._sync_commands()
        if self.sync_only:
            return
        # Build every game's static picture layers now, off the loop, so no first /game map is slow; then
        # set aside everything start-up made from the garbage collector's full passes.
        self._warm_up = self._start_warm_up()
        if self.run_scheduler:
            self._scheduler_task = asyncio.create_task(self._run_scheduler())
        self._resume_task = asyncio.create_task(self._resume_ai_turns())
        self._unfinished_task = asyncio.create_task(self._take_up_unfinished())
        if self.settings.heartbeat:
            self._heartbeat_task = asyncio.create_task(self._beat(Path(self.settings.heartbeat)))
        if self.metrics.enabled:
            self._count_task = asyncio.create_task(self._count_games_often())

    def _shape_commands(self) -> None:
        """What a server expects of the commands (issue 34, item 3): every one but ``ANYWHERE`` offered in a
        server's channels only (a game lives in a channel; Discord hides them in DMs), and the heavy
        look-ups limited per member (``COOLDOWNS``; the error handler says "try again in N s")."""
        in_servers = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
        for command in self.tree.get_commands():
            if command.name not in ANYWHERE:
                command.guild_only, command.allowed_contexts = True, in_servers
        for walked in self.tree.walk_commands():
            rate = COOLDOWNS.get(walked.qualified_name)
            if rate is not None and isinstance(walked, app_commands.Command):
                app_commands.checks.cooldown(rate, 60.0, key=_member_in_guild)(walked)

    def _start_warm_up(self) -> asyncio.Future[None]:
        """Warm the pictures in a daemon thread, not the loop's executor: ``asyncio.run`` waits for the
        executor's threads as it ends, so a warm-up still running on a busy machine would hold back a clean
        stop (SIGTERM seconds after start-up). Nothing waits for it but ``bench/load.py``, through the
        future it returns; a stop also ends it between games (``_warm_pictures``)."""
        loop = asyncio.get_running_loop()
        warmed: asyncio.Future[None] = loop.create_future()

        def finished() -> None:
            if not warmed.done():
                warmed.set_result(None)

        def warm() -> None:
            try:
                self._warm_pictures_and_settle()
            finally:
                # A loop already closed (the bot stopped first) raises: nobody waits then.
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(finished)

        threading.Thread(target=warm, name="picture warm-up", daemon=True).start()
        return warmed

    def _warm_pictures(self) -> None:
        """Every game's picture caches, in a worker thread: its static layers (``warm``), then the board
        of a fresh game drawn as the bot draws it, so that whatever is built on a first real picture
        (fonts, unit icons, masks) is built now and no player's first /game map waits for it."""
        for game in self.games.values():
            if self.stopping:
                return
            try:
                game.pictures.warm()
                rules = game.rules
                state, _ = rules.setup(dict(game.short_game), rules.min_seats, SeededRng("warm-up"))
                names = [f"Player {i + 1}" for i in range(rules.min_seats)]
                game.pictures.board(rules.view(state, None), names, title=rules.title)
            except Exception:  # a picture that fails here fails on demand too, with the player told
                log.exception("could not warm the pictures of %s", game.name)

    def _warm_pictures_and_settle(self) -> None:
        self._warm_pictures()
        if self.settles_heap and not self.stopping:
            settle_heap()

    def _interaction_arrived(self, data: Any) -> None:
        if not self.stopping:
            if self.metrics.enabled:
                self._parse_timed(data)
            else:
                self._parse_interaction(data)
            return
        if data.get("type") == 4:  # autocomplete: no answer is an empty list
            return
        interaction: discord.Interaction = discord.Interaction(data=data, state=self._connection)
        task = asyncio.create_task(refuse(interaction, RESTARTING))
        self._refusals.add(task)
        task.add_done_callback(self._refusals.discard)

    def _parse_timed(self, data: Any) -> None:
        """Parse an interaction and time the handler task(s) discord.py started for it
        (``INTERACTION_TASKS``), from now until they finish, for the metrics."""
        arrived = asyncio.get_running_loop().time()
        before = asyncio.all_tasks()
        self._parse_interaction(data)
        started = [
            task
            for task in asyncio.all_tasks() - before
            if task.get_name().startswith(INTERACTION_TASKS) and "timeout" not in task.get_name()
        ]
        if not started:
            return
        kind, left = interaction_kind(data), [len(started)]

        def finished(_task: asyncio.Task[Any]) -> None:
            left[0] -= 1
            if left[0] == 0:
                self.metrics.interaction(kind, asyncio.get_running_loop().time() - arrived)

        for task in started:
            task.add_done_callback(finished)

    async def count_games(self) -> None:
        """The games by state, for the metrics."""
        self.metrics.games(await self.store.game_counts())

    async def _count_games_often(self) -> None:
        while True:
            try:
                await self.count_games()
            except Exception:  # a database hiccup: the next count will do
                log.warning("could not count the games for the metrics", exc_info=True)
            await asyncio.sleep(COUNT_EVERY)

    async def shutdown(self) -> None:
        """Stop cleanly (SIGTERM, SIGINT; ``serve``): take no new interaction, let the ones in hand
        commit and answer, stop the AI and the scheduler at a move's edge (an AI turn or a deadline's
        play left unfinished goes on after the restart, from the store), then close the connection to
        Discord and the store. Waits ``STOP_WITHIN`` seconds at most."""
        self.stopping = True
        loop = asyncio.get_running_loop()
        until = loop.time() + STOP_WITHIN
        if hasattr(self, "service"):
            self.service.stopping = True  # play_ai and a deadline's play-out stop before their next move
            self.scheduler.stop()  # its loop ends after the tick in hand
            self.unfinished.stop()  # what it has not taken up yet is taken up after the restart
        while loop.time() < until:
            busy = self._busy_tasks()
            if not busy and not self.turns.any_busy():
                break
            if busy:
                await asyncio.wait(busy, timeout=until - loop.time())
            else:  # only a turn lock still held (a move's answer between its awaits): look again soon
                await asyncio.sleep(0.01)
        else:
            log.warning("stopping with work still in hand after %.0f s", STOP_WITHIN)
        await self.close()

    def _busy_tasks(self) -> set[asyncio.Task[Any]]:
        """The interactions in hand, the refusals being sent, and the scheduler's and the start-up's
        tasks while they run."""
        tasks = {t for t in asyncio.all_tasks() if t.get_name().startswith(INTERACTION_TASKS)}
        tasks |= self._refusals
        for name in ("_scheduler_task", "_resume_task", "_unfinished_task"):
            task = getattr(self, name, None)
            if task is not None:
                tasks.add(task)
        return {t for t in tasks if not t.done() and t is not asyncio.current_task()}

    async def _resume_ai_turns(self) -> None:
        """A game whose seat to act is the AI's was interrupted mid-turn (the process stopped while the
        AI played): once connected, let the AI play on and tell the players, as when a turn begins."""
        await self.wait_until_ready()
        for game_id in await self.store.running_games(with_ai=True):  # none else can be mid-AI-turn
            if self.stopping:
                return
            try:
                status = await self.service.status(game_id)
                if any(status.seats[s].controller == "ai" for s in status.waiting_for):
                    await announce_turn(self, game_id)
            except Exception:  # one broken game must not keep the others waiting
                log.exception("could not resume the AI's turn in game %s", game_id)
                self.take_up(game_id)

    def gateway_up(self) -> bool:
        """Whether every gateway connection this process holds is open and heartbeating."""
        if not self.is_ready() or self.is_closed() or not math.isfinite(self.latency):
            return False
        shards = getattr(self, "shards", None)
        if shards is not None:  # AutoShardedBot
            return all(not shard.is_closed() for shard in shards.values())
        return self.ws is not None and self.ws.open

    async def _beat(self, path: Path) -> None:
        """Touch ``path`` every ``HEARTBEAT_EVERY`` seconds while the gateway is up. A task on the event
        loop: a stuck loop stops it as surely as a dead gateway does, and the file goes stale. The first
        beat comes once connected (``python -m bot health`` is good from then on). A file it cannot write
        (a full disk, a folder that is not there) is said once, in one line, and once more when it can
        again: it was a warning with two tracebacks every beat."""
        await self.wait_until_ready()
        failing = False
        while True:
            if self.gateway_up():
                try:
                    await asyncio.to_thread(path.write_text, f"{self.clock().isoformat()}\n")
                except OSError as error:
                    if not failing:
                        log.warning(
                            "could not write the heartbeat file %s: %s", path, error.strerror or error
                        )
                    failing = True
                else:
                    if failing:
                        log.info("the heartbeat file %s is written again", path)
                    failing = False
            await asyncio.sleep(HEARTBEAT_EVERY)

    def take_up(self, game_id: int) -> None:
        """The game's AI play or its news broke off with an error: go on with it within seconds."""
        self.unfinished.add(game_id)

    async def _go_on(self, game_id: int) -> None:
        """Take up a game whose turn broke off: its AI plays on, and the turn is announced (again)."""
        async with self.turns.hold(game_id):
            await self.announcer.turn_began(game_id, await self.service.turn_summary(game_id))

    async def _take_up_unfinished(self) -> None:
        await self.wait_until_ready()
        await self.unfinished.run()

    async def _run_scheduler(self) -> None:
        """Deadlines and reminders: after the connection is up, so catch-up messages can be sent."""
        await self.wait_until_ready()
        await self.scheduler.run()

    async def _sync_commands(self) -> None:
        """Dev guilds get the commands at once; everyone else through the (slow, rate-limited) global sync,
        done only when the tree differs from the one last synced (its hash is kept in the store), as
        discord.py's maintainers advise, unless ``force_sync``. With several shard processes, only the one
        holding shard 0 syncs (``ShardPlan.syncs_commands``), unless ``python -m bot sync`` asked this one."""
        if self.shard_plan is not None and not self.shard_plan.syncs_commands and not self.force_sync:
            log.info("slash commands not synced here: the process holding shard 0 syncs them")
            return
        for guild_id in self.settings.dev_guilds:
            self.tree.copy_global_to(guild=discord.Object(id=guild_id))
        digest = self.tree_hash()
        if not self.force_sync and await self.store.bot_value(TREE_HASH) == digest:
            log.info("slash commands as last synced; not synced again (python -m bot sync forces it)")
            return
        for guild_id in self.settings.dev_guilds:
            await self.tree.sync(guild=discord.Object(id=guild_id))
        synced = await self.tree.sync()
        await self.store.set_bot_value(TREE_HASH, digest)
        log.info("synced %d global commands", len(synced))

    def tree_hash(self) -> str:
        """The command tree as Discord receives it (global and each dev guild's), hashed: any change to a
        name, description, option, permission or context changes it."""
        scopes: dict[str, Any] = {"global": [c.to_dict(self.tree) for c in self.tree.get_commands()]}
        for guild_id in self.settings.dev_guilds:
            guild = discord.Object(id=guild_id)
            scopes[str(guild_id)] = [c.to_dict(self.tree) for c in self.tree.get_commands(guild=guild)]
        text = json.dumps(scopes, sort_keys=True, separators=(",", ":"), default=str)
        return hashlib.sha256(text.encode()).hexdigest()

    def is_busy(self) -> bool:
        """Whether an AI is playing, a turn's messages are being posted or a command or button is still
        being handled right now. A quiet spell of requests alone does not say the bot is done: an AI
        thinking or a picture being drawn sends nothing, for longer the busier the machine."""
        resuming = getattr(self, "_resume_task", None)
        unfinished = getattr(self, "unfinished", None)
        return (
            self.turns.any_busy()
            or (resuming is not None and not resuming.done())
            or bool(unfinished is not None and unfinished.pending())
            or any(not t.done() and t.get_name().startswith(INTERACTION_TASKS) for t in asyncio.all_tasks())
        )

    async def close(self) -> None:
        for name in ("_scheduler_task", "_resume_task", "_unfinished_task", "_heartbeat_task", "_count_task"):
            task = getattr(self, name, None)
            if task is not None:
                task.cancel()
        await super().close()
        if self._given_store is None and hasattr(self, "store"):
            await self.store.close()


async def serve(bot: WarboardBot, token: str, halt: asyncio.Event | None = None) -> None:
    """Run the bot until SIGTERM or SIGINT (or ``halt`` is set: the caller said why in the log), then
    stop it cleanly (``WarboardBot.shutdown``). The handlers are installed explicitly, so they work when
    the bot is a container's PID 1 too (the kernel drops only the signals PID 1 left at their default)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stop.set)
    bot.settles_heap = True  # the process is the bot's alone
    try:
        async with bot:
            running = asyncio.create_task(bot.start(token))
            asked = asyncio.create_task(stop.wait())
            halted = asyncio.create_task((halt or asyncio.Event()).wait())
            await asyncio.wait({running, asked, halted}, return_when=asyncio.FIRST_COMPLETED)
            halted.cancel()
            if asked.done() or (halt is not None and halt.is_set()):
                if asked.done():
                    log.info("stopping: a signal asked for it")
                await bot.shutdown()
                # Closed. With Discord unreachable, discord.py may still be sleeping before its next
                # reconnect (minutes, and ``close`` does not wake it): nothing is left to wait for.
                running.cancel()
            else:
                asked.cancel()
            await asyncio.wait({running})
            if not running.cancelled():
                running.result()  # what start raised (a refused token), or nothing once closed
    finally:
        for number in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(number)


async def sync_commands(bot: WarboardBot, token: str) -> None:
    """``python -m bot sync``: log in, sync the command tree whatever the stored hash says, and stop."""
    bot.force_sync = bot.sync_only = True
    async with bot:
        await bot.login(token)  # runs ``setup_hook``, which syncs


class ShardedWarboardBot(WarboardBot, commands.AutoShardedBot):
    """The bot when one process holds several shards: discord.py's ``AutoShardedBot`` runs them all
    on one connection state (the methods of ``AutoShardedClient`` come before ``Client``'s)."""


def _member_in_guild(interaction: discord.Interaction) -> tuple[int | None, int]:
    return (interaction.guild_id, interaction.user.id)


def _shard_options(shards: ShardPlan | None) -> dict[str, Any]:
    """discord.py's arguments for the shards this process holds."""
    if shards is None:
        return {}
    if len(shards.ids) == 1:
        return {"shard_id": shards.ids[0], "shard_count": shards.total}
    return {"shard_ids": list(shards.ids), "shard_count": shards.total}


def create_bot(
    settings: Settings,
    store: GameStore | None = None,
    *,
    games: Games = GAMES,
    clock: Clock = utc_now,
    run_scheduler: bool = True,
    shards: ShardPlan | None = None,
    metrics: Metrics | None = None,
) -> WarboardBot:
    """The bot, ready to ``start``, hosting ``games`` (every registered game unless a test says
    otherwise); an incomplete game is refused here. Commands are registered in ``setup_hook``.
    ``shards``: the shards this process holds (``bot/shards.py``); several make it an AutoShardedBot.
    ``metrics``: where to report (``bot/metrics.py``); by default as ``PBP_METRICS_PORT`` says."""
    check_games(games)
    kind = ShardedWarboardBot if shards is not None and len(shards.ids) > 1 else WarboardBot
    return kind(
        settings, games, store, clock=clock, run_scheduler=run_scheduler, shards=shards, metrics=metrics
    )


def settle_heap() -> None:
    """Collect once, then move every object start-up made (imports, each game's data, the warmed
    picture caches: some 190,000) out of the garbage collector's sight for good (``gc.freeze``). They
    live as long as the process, yet each full collection walked them all while holding the GIL: one
    such pass stopped the loop for 152 ms under ``bench/load.py``, the whole tail of /game map's p99. What
    the bot makes later (games, boards kept a while) is still collected as before."""
    gc.collect()
    gc.freeze()
