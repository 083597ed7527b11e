"""/risk: Risk moves as slash commands. Each handler finds the channel's game, turns the options into
an action, calls the service and presents the result; the rules live in the engine. Loaded by the
Discord app as this game's extension (``setup``)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game, choices, handle_error, png_file, running_game, seat_of
from bot.cogs.moves import act_and_present
from bot.cogs.share import show_button
from bot.games.risk import choices as pick
from bot.games.risk.text import odds_text, parse_until
from bot.host import Host
from bot.models import ServiceError
from bot.parsing import is_count
from rules.core.events import Action
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
from rules.risk.board import classic_map
from rules.risk.cards import card_name

GAME = "risk"


class RiskCog(commands.GroupCog, group_name="risk", group_description="Play Risk in this channel"):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _act(self, interaction: discord.Interaction, action: Action) -> None:
        await act_and_present(self.host, interaction, GAME, action)

    async def _suggest(
        self, interaction: discord.Interaction, suggest: Any
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete from the game's state and the user's seat (nothing for a spectator)."""
        found = await running_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id) if found else None
        if found is None or seat is None:
            return []
        return choices(suggest(self.host.service.state_of(found.game), seat))

    @app_commands.command(description="Place armies on one of your territories")
    @app_commands.describe(territory="one of your territories", armies="how many armies")
    async def place(
        self, interaction: discord.Interaction, territory: str, armies: app_commands.Range[int, 1, 999]
    ) -> None:
        await self._act(interaction, PlaceArmies(territory, armies))

    @place.autocomplete("territory")
    async def _place_territory(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.own_territories(state, seat, typed))

    @app_commands.command(description="Claim an empty territory (the claiming draft)")
    async def claim(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, ClaimTerritory(territory))

    @claim.autocomplete("territory")
    async def _claim_territory(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.unclaimed(state, typed))

    @app_commands.command(description="Two players: place the neutral army's one after your own")
    async def neutral(self, interaction: discord.Interaction, territory: str) -> None:
        await self._act(interaction, PlaceNeutral(territory))

    @neutral.autocomplete("territory")
    async def _neutral_territory(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.neutral_territories(state, typed))

    @app_commands.command(description="Attack a neighbouring territory")
    @app_commands.describe(
        source="attack from (your territory with 2+ armies)",
        target="the enemy neighbour to attack",
        dice="1-3 dice (default: as many as allowed)",
        until="once (default), conquer, or a number of armies to stop at",
    )
    @app_commands.rename(source="from", target="to")
    async def attack(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        dice: app_commands.Range[int, 1, 3] | None = None,
        until: str | None = None,
    ) -> None:
        await self._act(interaction, Attack(source, target, dice, until=parse_until(until)))

    @attack.autocomplete("source")
    async def _attack_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.attack_sources(state, seat, typed))

    @attack.autocomplete("target")
    async def _attack_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "")
        return await self._suggest(
            interaction, lambda state, seat: pick.attack_targets(state, seat, source, typed)
        )

    @attack.autocomplete("until")
    async def _attack_until(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        options = [("one roll", "once"), ("until conquered", "conquer")]
        options += [(f"stop when down to {n} armies", str(n)) for n in (2, 3, 4, 5, 10)]
        return choices([o for o in options if typed.lower() in o[0] or typed in o[1]])

    @app_commands.command(description="Defend with 1 or 2 dice (when defenders choose their dice)")
    async def defend(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 2]) -> None:
        await self._act(interaction, Defend(dice))

    @app_commands.command(description="Move armies into the territory you just conquered")
    async def occupy(self, interaction: discord.Interaction, armies: app_commands.Range[int, 1, 999]) -> None:
        await self._act(interaction, Occupy(armies))

    @app_commands.command(description="Move armies between your territories (ends your turn)")
    @app_commands.rename(source="from", target="to")
    async def fortify(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        armies: app_commands.Range[int, 1, 999],
    ) -> None:
        await self._act(interaction, Fortify(source, target, armies))

    @fortify.autocomplete("source")
    async def _fortify_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.own_territories(state, seat, typed))

    @fortify.autocomplete("target")
    async def _fortify_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "")
        return await self._suggest(
            interaction, lambda state, seat: pick.fortify_targets(state, seat, source, typed)
        )

    @app_commands.command(description="Trade a set of three cards for armies")
    @app_commands.describe(cards="a set from your hand")
    async def trade(self, interaction: discord.Interaction, cards: str) -> None:
        parts = cards.replace(",", " ").split()
        if len(parts) != 3 or not all(is_count(p) for p in parts):
            raise ServiceError("bad_cards", "Pick a set from the list (three cards).")
        ids = tuple(int(p) for p in parts)
        await self._act(interaction, TradeCards((ids[0], ids[1], ids[2])))

    @trade.autocomplete("cards")
    async def _trade_cards(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda state, seat: pick.trade_sets(state, seat, typed))

    @app_commands.command(description="End the current phase (placing, attacking, fortifying)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, EndPhase())

    @app_commands.command(description="Your cards (only you see them)")
    async def cards(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        view = await self.host.service.view(found.game.id, interaction.user.id)
        if view.hand is None:
            raise ServiceError("not_a_player", "You are not playing in this game, so you hold no cards.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        board = classic_map()
        text = ", ".join(card_name(board, c) for c in view.hand) or "no cards"
        embed = discord.Embed(
            title="Your cards", description=f"{text}\nNext set: {view.next_set_value} armies.", colour=COLOUR
        )
        names = [s.name for s in found.seats]
        file = await png_file(self.host.games[GAME].pictures.private, view, names, filename="hand.png")
        embed.set_image(url="attachment://hand.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

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
