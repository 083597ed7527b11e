"""The Discord bot: the composition root of the Discord side. A thin ``commands.Bot`` that holds the
registry of games, the store and the service, and hands them to the cogs (discord.py's
advanced_startup example): the shared cogs (/game, /mod, /notify, /help) and, loaded as extensions
from the registry, each game's own slash commands and menus.

Everything a command does lives in a cog; everything a game does lives in the service and the rules.
The bot provides what the cogs need (``bot.host.Host``) and nothing else.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.clock import Clock, utc_now
from bot.cogs.announce import TurnAnnouncer
from bot.cogs.lobby import HelpCog, LobbyCog
from bot.cogs.moderation import ModerationCog
from bot.cogs.moves import GameButton, announce_turn
from bot.cogs.notify import NotifyCog
from bot.game import Games, check_games
from bot.games import GAMES
from bot.postgres import open_database
from bot.scheduler import Scheduler, TurnLocks
from bot.service import GameService
from bot.settings import Settings
from bot.shards import ShardPlan
from bot.store import GameStore
from rules.core.dice import SeededRng

log = logging.getLogger("warboard")

# The names discord.py gives the tasks that run a slash command, a button or a menu, or a modal.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch",
    "discord-ui-dynamic-item",
    "discord-ui-modal",
)


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

    async def setup_hook(self) -> None:
        self.store = self._given_store or await open_database(self.settings.database, self.shard_plan)
        self.service = GameService(self.store, self.games, clock=self.clock)
        self.announcer = TurnAnnouncer(self, self)
        self.scheduler = Scheduler(self.service, self.announcer, self.turns)
        for cog in (LobbyCog(self), NotifyCog(self), ModerationCog(self), HelpCog(self)):
            await self.add_cog(cog)
        for game in self.games.values():  # each game's slash commands and menus
            await self.load_extension(game.extension)
        self.add_dynamic_items(GameButton)
        await self._sync_commands()
        # Build every game's static picture layers now, off the loop, so no first /game map is slow.
        self._warm_up = asyncio.create_task(asyncio.to_thread(self._warm_pictures))
        if self.run_scheduler:
            self._scheduler_task = asyncio.create_task(self._run_scheduler())
        self._resume_task = asyncio.create_task(self._resume_ai_turns())

    def _warm_pictures(self) -> None:
        """Every game's picture caches, in a worker thread: its static layers (``warm``), then the board
        of a fresh game drawn as the bot draws it, so that whatever is built on a first real picture
        (fonts, unit icons, masks) is built now and no player's first /game map waits for it."""
        for game in self.games.values():
            try:
                game.pictures.warm()
                rules = game.rules
                state, _ = rules.setup(dict(game.short_game), rules.min_seats, SeededRng("warm-up"))
                names = [f"Player {i + 1}" for i in range(rules.min_seats)]
                game.pictures.board(rules.view(state, None), names, title=rules.title)
            except Exception:  # a picture that fails here fails on demand too, with the player told
                log.exception("could not warm the pictures of %s", game.name)

    async def _resume_ai_turns(self) -> None:
        """A game whose seat to act is the AI's was interrupted mid-turn (the process stopped while the
        AI played): once connected, let the AI play on and tell the players, as when a turn begins."""
        await self.wait_until_ready()
        for game_id in await self.store.running_games():
            try:
                status = await self.service.status(game_id)
                if any(status.seats[s].controller == "ai" for s in status.waiting_for):
                    await announce_turn(self, game_id)
            except Exception:  # one broken game must not keep the others waiting
                log.exception("could not resume the AI's turn in game %s", game_id)

    async def _run_scheduler(self) -> None:
        """Deadlines and reminders: after the connection is up, so catch-up messages can be sent."""
        await self.wait_until_ready()
        await self.scheduler.run()

    async def _sync_commands(self) -> None:
        """Dev guilds get the commands at once; everyone else through the (slow) global sync. With
        several shard processes, only the one holding shard 0 syncs (``ShardPlan.syncs_commands``)."""
        if self.shard_plan is not None and not self.shard_plan.syncs_commands:
            log.info("slash commands not synced here: the process holding shard 0 syncs them")
            return
        for guild_id in self.settings.dev_guilds:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        synced = await self.tree.sync()
        log.info("synced %d global commands", len(synced))

    def is_busy(self) -> bool:
        """Whether an AI is playing, a turn's messages are being posted or a command or button is still
        being handled right now. A quiet spell of requests alone does not say the bot is done: an AI
        thinking or a picture being drawn sends nothing, for longer the busier the machine."""
        resuming = getattr(self, "_resume_task", None)
        return (
            self.turns.any_busy()
            or (resuming is not None and not resuming.done())
            or any(not t.done() and t.get_name().startswith(HANDLER_TASKS) for t in asyncio.all_tasks())
        )

    async def close(self) -> None:
        for name in ("_scheduler_task", "_resume_task"):
            task = getattr(self, name, None)
            if task is not None:
                task.cancel()
        await super().close()
        if self._given_store is None and hasattr(self, "store"):
            await self.store.close()


class ShardedWarboardBot(WarboardBot, commands.AutoShardedBot):
    """The bot when one process holds several shards: discord.py's ``AutoShardedBot`` runs them all
    on one connection state (the methods of ``AutoShardedClient`` come before ``Client``'s)."""


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
) -> WarboardBot:
    """The bot, ready to ``start``, hosting ``games`` (every registered game unless a test says
    otherwise); an incomplete game is refused here. Commands are registered in ``setup_hook``.
    ``shards``: the shards this process holds (``bot/shards.py``); several make it an AutoShardedBot."""
    check_games(games)
    kind = ShardedWarboardBot if shards is not None and len(shards.ids) > 1 else WarboardBot
    return kind(settings, games, store, clock=clock, run_scheduler=run_scheduler, shards=shards)
