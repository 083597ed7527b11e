"""/risk: Risk moves as slash commands. Each handler finds the channel's game, turns the options into
an action, calls the service and presents the result; the rules live in the engine. Loaded by the
Discord app as this game's extension (``setup``)."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game_cog import GameCog, offer, suggest
from bot.cogs.share import show_button
from bot.games.risk import choices as pick
from bot.games.risk.text import hand_text, odds_text, parse_until
from bot.models import ServiceError
from bot.parsing import is_count
from rules.risk.actions import (
    Attack,
    ClaimTerritory,
    Defend,
    EndPhase,
    Fortify,
    Occupy,
    PlaceArmies,
    PlaceNeutral,
    TradeCards,
)
from rules.risk.quota import neutral_room

GAME = "risk"


class RiskCog(GameCog, group_name="risk", group_description="Play Risk in this channel"):
    game = GAME

    @app_commands.command(description="Place armies on one of your territories")
    @app_commands.describe(territory="one of your territories", armies="how many armies")
    @app_commands.autocomplete(territory=suggest(lambda q: pick.own_territories(q.state, q.seat, q.typed)))
    async def place(
        self, interaction: discord.Interaction, territory: str, armies: app_commands.Range[int, 1, 999]
    ) -> None:
        await self.act(interaction, PlaceArmies(territory, armies))

    @app_commands.command(description="Claim an empty territory (the claiming draft)")
    @app_commands.autocomplete(territory=suggest(lambda q: pick.unclaimed(q.state, q.typed)))
    async def claim(self, interaction: discord.Interaction, territory: str) -> None:
        await self.act(interaction, ClaimTerritory(territory))

    @app_commands.command(description="Two players: place neutral armies after your own")
    @app_commands.describe(territory="a neutral territory", armies="how many (default: all due this turn)")
    @app_commands.autocomplete(territory=suggest(lambda q: pick.neutral_territories(q.state, q.typed)))
    async def neutral(
        self,
        interaction: discord.Interaction,
        territory: str,
        armies: app_commands.Range[int, 1, 99] | None = None,
    ) -> None:
        if armies is not None:
            await self.act(interaction, PlaceNeutral(territory, armies))
        else:  # all the neutral armies due, as the position has them when the move is made
            await self.act(
                interaction, lambda _game, state: PlaceNeutral(territory, neutral_room(state) or 1)
            )

    @app_commands.command(description="Attack a neighbouring territory")
    @app_commands.describe(
        source="attack from (your territory with 2+ armies)",
        target="the enemy neighbour to attack",
        dice="1-3 dice (default: as many as allowed)",
        until="once (default), conquer, or a number of armies to stop at",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.attack_sources(q.state, q.seat, q.typed)),
        target=suggest(lambda q: pick.attack_targets(q.state, q.seat, q.option("from"), q.typed)),
        until=offer(lambda q: pick.until_choices(q.typed)),
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        dice: app_commands.Range[int, 1, 3] | None = None,
        until: str | None = None,
    ) -> None:
        await self.act(interaction, Attack(source, target, dice, until=parse_until(until)))

    @app_commands.command(description="Defend with 1 or 2 dice (when defenders choose their dice)")
    async def defend(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 2]) -> None:
        await self.act(interaction, Defend(dice))

    @app_commands.command(description="Move armies into the territory you just conquered")
    async def occupy(self, interaction: discord.Interaction, armies: app_commands.Range[int, 1, 999]) -> None:
        await self.act(interaction, Occupy(armies))

    @app_commands.command(description="Move armies between your territories (ends your turn)")
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.own_territories(q.state, q.seat, q.typed)),
        target=suggest(lambda q: pick.fortify_targets(q.state, q.seat, q.option("from"), q.typed)),
    )
    async def fortify(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        armies: app_commands.Range[int, 1, 999],
    ) -> None:
        await self.act(interaction, Fortify(source, target, armies))

    @app_commands.command(description="Trade a set of three cards for armies")
    @app_commands.describe(cards="a set from your hand")
    @app_commands.autocomplete(cards=suggest(lambda q: pick.trade_sets(q.state, q.seat, q.typed)))
    async def trade(self, interaction: discord.Interaction, cards: str) -> None:
        parts = cards.replace(",", " ").split()
        if len(parts) != 3 or not all(is_count(p) for p in parts):
            raise ServiceError("bad_cards", "Pick a set from the list (three cards).")
        ids = tuple(int(p) for p in parts)
        await self.act(interaction, TradeCards((ids[0], ids[1], ids[2])))

    @app_commands.command(description="End the current phase (placing, attacking, fortifying)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, EndPhase())

    @app_commands.command(description="Your cards (only you see them)")
    async def cards(self, interaction: discord.Interaction) -> None:
        await self.show_hand(interaction, "Your cards", hand_text)

    @app_commands.command(description="Exact odds of a fight to the end (only you see them)")
    @app_commands.describe(attackers="armies in the attacking territory", defenders="armies defending")
    async def odds(
        self,
        interaction: discord.Interaction,
        attackers: app_commands.Range[int, 2, 3000],
        defenders: app_commands.Range[int, 1, 3000],
    ) -> None:
        # Exact odds of a big fight take a while (3,000 v 3,000: ~0.2 s): answer first, then work in a thread.
        # Only the asker sees them (odds tell the table one's plan) until they share them.
        await interaction.response.defer(ephemeral=True)
        said = await asyncio.to_thread(odds_text, attackers, defenders)
        await interaction.followup.send(
            said,
            ephemeral=True,
            view=show_button(),
        )


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(RiskCog(bot))  # type: ignore[arg-type]
