"""/atk: Attack! moves as slash commands, one per action (move, blitz, navigate, transport, negotiate,
build, research, burn) and per battle decision (deploy, lineup, retreat, fight), plus the setup
choices, pass, end and the private hand. Each handler finds the channel's game, turns the options into
the engine's actions (``orders.py``: an action command with its details begins the action and takes its
first step, two moves in one command) and presents the result; autocomplete comes from what is legal now
(``suggest.py``). Loaded by the Discord app as this game's extension (``setup``), with the menus."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game, handle_error, png_file, seat_of
from bot.games.attack import suggest as auto
from bot.games.attack.acting import act_all, preview
from bot.games.attack.commands import plan
from bot.games.attack.menus import DYNAMIC_ITEMS, send_menu
from bot.games.attack.presenter import PRESENTER
from bot.host import Host
from bot.models import ServiceError

GAME = "attack"
# Two named choices, not a yes/no: the player picks a direction, never "clockwise: False".
DIRECTIONS = [
    app_commands.Choice(name="clockwise", value="clockwise"),
    app_commands.Choice(name="counter-clockwise", value="counterclockwise"),
]


class AttackCog(commands.GroupCog, group_name="atk", group_description="Play Attack! in this channel"):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    # ---- playing ----------------------------------------------------------------------------------

    async def _play(self, interaction: discord.Interaction, command: str, **options: object) -> None:
        """Turn the command into actions from the game as it stands (``commands.plan``), refuse it whole
        if the engine would refuse any of them, else apply them in order and present them."""
        found = await channel_game(self.host, interaction, GAME)
        if found.game.state is None:
            raise ServiceError("not_started", "This game has not started yet.")
        seat = seat_of(found, interaction.user.id)
        if seat is None:
            raise ServiceError("not_a_player", "You are not playing in this game.")
        state = self.host.service.state_of(found.game)
        actions = plan(command, options, state, seat)
        preview(self.host.games[GAME].rules, state, seat, actions)
        await act_all(self.host, interaction, found, actions)

    # ---- setting up -------------------------------------------------------------------------------

    @app_commands.command(description="Setup: choose your government and your starting economics card")
    @app_commands.describe(
        government="fascism, communism, monarchy or democracy",
        economics="minerals or rail (communism: factories too)",
    )
    @app_commands.autocomplete(government=auto.government_government, economics=auto.government_economics)
    async def government(self, interaction: discord.Interaction, government: str, economics: str) -> None:
        await self._play(interaction, "government", government=government, economics=economics)

    @app_commands.command(
        description="Setup: your capital, and up to two neighbouring regions for your armies"
    )
    @app_commands.describe(
        region="on a sea zone, outside the Arctic Circle", outposts="up to two neighbours, comma-separated"
    )
    @app_commands.autocomplete(region=auto.capital_region, outposts=auto.capital_outposts)
    async def capital(
        self, interaction: discord.Interaction, region: str, outposts: str | None = None
    ) -> None:
        await self._play(interaction, "capital", region=region, outposts=outposts)

    @app_commands.command(
        description="You start the year: play goes clockwise (up the seats) or counter-clockwise"
    )
    @app_commands.describe(way="clockwise (up the seats) or counter-clockwise (down them)")
    @app_commands.choices(way=DIRECTIONS)
    async def direction(self, interaction: discord.Interaction, way: str) -> None:
        await self._play(interaction, "direction", way=way)

    # ---- the season's action ----------------------------------------------------------------------

    @app_commands.command(description="Move: army units one region each (into a hostile one: a battle)")
    @app_commands.describe(
        source="from (one of your regions)",
        target="to (next door)",
        units="e.g. 3 infantry, 1 tank (default: all free)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=auto.move_source, target=auto.move_target, units=auto.move_units, card=auto.move_card
    )
    async def move(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(interaction, "move", **{"from": source, "to": target, "units": units, "card": card})

    @app_commands.command(description="Transport: army units between your regions, through your own regions")
    @app_commands.describe(
        source="from (one of your regions)",
        target="to (one of your regions)",
        units="e.g. 3 infantry (default: all free)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=auto.transport_source,
        target=auto.transport_target,
        units=auto.transport_units,
        card=auto.transport_card,
    )
    async def transport(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(
            interaction, "transport", **{"from": source, "to": target, "units": units, "card": card}
        )

    @app_commands.command(
        description="Blitz one hostile region: units next door, tanks and planes from further"
    )
    @app_commands.describe(
        target="the one hostile region this Blitz attacks",
        source="send units from",
        units="e.g. 2 tanks, 1 plane (default: all that may go)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from")
    @app_commands.autocomplete(
        target=auto.blitz_target, source=auto.blitz_source, units=auto.blitz_units, card=auto.blitz_card
    )
    async def blitz(
        self,
        interaction: discord.Interaction,
        target: str,
        source: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(
            interaction, "blitz", **{"target": target, "from": source, "units": units, "card": card}
        )

    @app_commands.command(
        description="In your Move, Blitz or Transport: send army units from one region to another"
    )
    @app_commands.describe(
        source="from", target="to", units="e.g. 3 infantry, 1 tank (default: all that may go)"
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(source=auto.march_source, target=auto.march_target, units=auto.march_units)
    async def march(
        self, interaction: discord.Interaction, source: str, target: str, units: str | None = None
    ) -> None:
        await self._play(interaction, "march", **{"from": source, "to": target, "units": units})

    @app_commands.command(description="Navigate: ships through up to two sea zones, carrying armies")
    @app_commands.describe(
        source="a coastline of yours, or a sea zone your ships hold",
        target="a sea zone, or a region to land on",
        ships="e.g. 2 destroyers (default: the fleet there)",
        army="armies to carry, e.g. 2 infantry (default: none)",
        card="an action card to play with it",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=auto.navigate_source,
        target=auto.navigate_target,
        ships=auto.navigate_ships,
        army=auto.navigate_army,
        card=auto.navigate_card,
    )
    async def navigate(
        self,
        interaction: discord.Interaction,
        source: str | None = None,
        target: str | None = None,
        ships: str | None = None,
        army: str | None = None,
        card: str | None = None,
    ) -> None:
        options = {"from": source, "to": target, "ships": ships, "army": army, "card": card}
        await self._play(interaction, "navigate", **options)

    @app_commands.command(description="Build: collect the year's income at your first Build, then buy units")
    @app_commands.describe(
        region="where (joined to your capital); ships go on its coastline",
        units="e.g. 3 infantry, 1 tank, 1 destroyer",
        card="an action card to play with it",
    )
    @app_commands.autocomplete(region=auto.build_region, units=auto.build_units, card=auto.build_card)
    async def build(
        self,
        interaction: discord.Interaction,
        region: str | None = None,
        units: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(interaction, "build", region=region, units=units, card=card)

    @app_commands.command(
        description="Negotiate: draw an action card and offer terms to a neighbouring neutral"
    )
    @app_commands.describe(
        region="a neutral region next to yours (or none: only draw a card)", card="Diplomacy makes it free"
    )
    @app_commands.autocomplete(region=auto.negotiate_region, card=auto.negotiate_card)
    async def negotiate(
        self, interaction: discord.Interaction, region: str | None = None, card: str | None = None
    ) -> None:
        await self._play(interaction, "negotiate", region=region, card=card)

    @app_commands.command(
        description="Research: the next level of an economics suit, scrapping units worth its cost"
    )
    @app_commands.describe(
        suit="factories, minerals, oil, rail or population",
        region="where the units are scrapped",
        units="army units to scrap (default: the cheapest that pay)",
        ships="ships to scrap from its coastline",
        card="Breakthrough halves the cost",
    )
    @app_commands.autocomplete(suit=auto.research_suit, region=auto.research_region, card=auto.research_card)
    async def research(
        self,
        interaction: discord.Interaction,
        suit: str,
        region: str,
        units: str | None = None,
        ships: str | None = None,
        card: str | None = None,
    ) -> None:
        await self._play(
            interaction, "research", suit=suit, region=region, units=units, ships=ships, card=card
        )

    @app_commands.command(
        description="Winter: burn 5 oil certificates, or an oil marker of yours, for an action"
    )
    @app_commands.describe(oil_marker="burn this region's oil marker instead of certificates")
    @app_commands.autocomplete(oil_marker=auto.burn_oil_marker)
    async def burn(self, interaction: discord.Interaction, oil_marker: str | None = None) -> None:
        await self._play(interaction, "burn", oil_marker=oil_marker)

    @app_commands.command(name="pass", description="Take no action this season")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "pass")

    @app_commands.command(description="End your action (its battles are fought now)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "end")

    # ---- battles ----------------------------------------------------------------------------------

    @app_commands.command(
        description="Army battle: your line (first deploy) or the units you add (re-deploy)"
    )
    @app_commands.describe(units="e.g. 2 infantry, 1 tank, 1 plane; leave empty for a menu")
    @app_commands.autocomplete(units=auto.deploy_units)
    async def deploy(self, interaction: discord.Interaction, units: str | None = None) -> None:
        if units:
            await self._play(interaction, "deploy", units=units)
            return
        found = await channel_game(self.host, interaction, GAME)
        await send_menu(self.host, interaction, found.game.id, "deploy")

    @app_commands.command(
        description="Navy battle: your ships' cards, left to right (secret until both are set)"
    )
    @app_commands.describe(ships="e.g. destroyer, submarine, carrier; leave empty for a private menu")
    @app_commands.autocomplete(ships=auto.lineup_ships)
    async def lineup(self, interaction: discord.Interaction, ships: str | None = None) -> None:
        if ships:
            await self._play(interaction, "lineup", ships=ships)
            return
        found = await channel_game(self.host, interaction, GAME)
        await send_menu(self.host, interaction, found.game.id, "lineup")

    @app_commands.command(description="Navy battle, after a round: take your ships out of the battle")
    async def retreat(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "retreat")

    @app_commands.command(description="Navy battle, after a round: stay and set new line-ups")
    async def fight(self, interaction: discord.Interaction) -> None:
        await self._play(interaction, "fight")

    # ---- looking ----------------------------------------------------------------------------------

    @app_commands.command(description="Your action cards and secret line-up (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        view = await self.host.service.view(found.game.id, interaction.user.id)
        if view.hand is None:
            raise ServiceError("not_a_player", "You are not playing in this game, so you hold no cards.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = PRESENTER.private_text(view) or "You hold no action cards."
        embed = discord.Embed(title="Your hand", description=text, colour=COLOUR)
        names = [s.name for s in found.seats]
        file = await png_file(self.host.games[GAME].pictures.private, view, names, filename="hand.png")
        embed.set_image(url="attachment://hand.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(AttackCog(bot))  # type: ignore[arg-type]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)


__all__ = ["AttackCog", "act_all", "setup"]
