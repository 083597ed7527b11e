"""The Discord bot: a thin ``commands.Bot`` that wires the store and service into the cogs.

Everything a command does lives in a cog; everything a game does lives in the service. This class
only injects dependencies and syncs commands (discord.py's advanced_startup example).
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord.ext import commands

from bot.clock import Clock, utc_now
from bot.scheduler import Scheduler, TurnLocks
from bot.service import GameService
from bot.settings import Settings
from bot.store import GameStore, open_store

log = logging.getLogger("warboard")


class WarboardBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        store: GameStore | None = None,
        *,
        clock: Clock = utc_now,
        run_scheduler: bool = True,
    ) -> None:
        # Slash commands and buttons need no privileged intents (no message content, no members list).
        super().__init__(
            command_prefix=commands.when_mentioned, intents=discord.Intents.default(), help_command=None
        )
        self.settings = settings
        self._given_store = store
        self.store: GameStore | None = None
        self.service: GameService
        self.clock = clock
        self.run_scheduler = run_scheduler  # tests tick the scheduler themselves, on their own clock
        self.turns = TurnLocks()  # one trigger at a time per game: AI play and the messages telling of it

    async def setup_hook(self) -> None:
        from bot.aa_ui import CasualtyPage, CasualtySelect, RetreatSelect
        from bot.cogs.announce import TurnAnnouncer
        from bot.cogs.axis_allies import AxisAlliesCog
        from bot.cogs.lobby import HelpCog, LobbyCog
        from bot.cogs.moderation import ModerationCog
        from bot.cogs.notify import NotifyCog
        from bot.cogs.risk import RiskCog
        from bot.ui import GameButton

        self.store = self._given_store or await open_store(self.settings.database)
        self.service = GameService(self.store, clock=self.clock)
        self.announcer = TurnAnnouncer(self)
        self.scheduler = Scheduler(self.service, self.announcer, self.turns)
        for cog in (
            LobbyCog(self),
            NotifyCog(self),
            RiskCog(self),
            AxisAlliesCog(self),
            ModerationCog(self),
            HelpCog(),
        ):
            await self.add_cog(cog)
        self.add_dynamic_items(GameButton, CasualtySelect, CasualtyPage, RetreatSelect)
        await self._sync_commands()
        # Build the board's static layer now, off the loop, so the first /game map is not the slow one.
        self._warm_up = asyncio.create_task(asyncio.to_thread(_warm_render_cache))
        if self.run_scheduler:
            self._scheduler_task = asyncio.create_task(self._run_scheduler())

    async def _run_scheduler(self) -> None:
        """Deadlines and reminders: after the connection is up, so catch-up messages can be sent."""
        await self.wait_until_ready()
        await self.scheduler.run()

    async def _sync_commands(self) -> None:
        """Dev guilds get the commands at once; everyone else through the (slow) global sync."""
        for guild_id in self.settings.dev_guilds:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        synced = await self.tree.sync()
        log.info("synced %d global commands", len(synced))

    async def close(self) -> None:
        task = getattr(self, "_scheduler_task", None)
        if task is not None:
            task.cancel()
        await super().close()
        if self.store is not None and self._given_store is None:
            await self.store.close()


def _warm_render_cache() -> None:
    from render.risk_base import board_base

    board_base("world_map", 1600)


def create_bot(
    settings: Settings, store: GameStore | None = None, *, clock: Clock = utc_now, run_scheduler: bool = True
) -> WarboardBot:
    """The bot, ready to ``start``; commands are registered in ``setup_hook``."""
    return WarboardBot(settings, store, clock=clock, run_scheduler=run_scheduler)
