"""/aa: Axis & Allies moves as slash commands. Each handler finds the channel's game (refusing a game of
another kind), turns the options into an action with the pure helpers in ``units.py`` and
``choices.py``, calls the service and presents the result; the rules live in rules/axis_allies. Loaded by
the Discord app as this game's extension (``setup``), with the battle menus of ``menus.py``."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game
from bot.cogs.game_cog import Asking, Autocomplete, GameCog, Pairs, suggest
from bot.cogs.share import show_button
from bot.games.axis_allies import choices as aa_choices
from bot.games.axis_allies.menus import DYNAMIC_ITEMS, send_menu
from bot.games.axis_allies.text import battle_odds, odds_question, odds_text, power_id, unit_table
from bot.games.axis_allies.units import parse_units
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ServiceError
from rules.axis_allies import combat
from rules.axis_allies.actions import (
    Battle,
    Buy,
    Casualties,
    CasualtyOrder,
    EndPhase,
    Move,
    Place,
    PressOn,
    Research,
    Retreat,
    Rocket,
    Submerge,
)
from rules.axis_allies.state import AAState
from rules.core.events import Action

GAME = "axis_allies"


def for_anyone(make: Callable[[Asking], Pairs]) -> Autocomplete:
    """Suggestions for anyone in the channel, players or not: they follow the power on turn, not a seat."""
    return suggest(make, spectators=True)


class AxisAlliesCog(GameCog, group_name="aa", group_description="Play Axis & Allies in this channel"):
    game = GAME

    # ---- purchase ---------------------------------------------------------------------------------

    @app_commands.command(description="Buy units (placed at the end of your turn)")
    @app_commands.describe(units="for example: 3 infantry, 1 tank")
    @app_commands.autocomplete(units=for_anyone(lambda q: aa_choices.purchases(q.state, q.typed)))
    async def buy(self, interaction: discord.Interaction, units: str) -> None:
        await self.act(interaction, Buy(parse_units(units)))

    @app_commands.command(description="Weapons development: roll research dice (5 IPCs each)")
    async def research(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 20]) -> None:
        await self.act(interaction, Research(dice))

    # ---- moving -----------------------------------------------------------------------------------

    @app_commands.command(description="Move units (combat or non-combat move)")
    @app_commands.describe(
        units="for example: 3 infantry, 1 tank (suggested from what stands there)",
        source="where they are",
        target="where they go",
        via="the spaces in between, comma-separated (default: a shortest legal route)",
        bomb="bombers: a strategic bombing raid on the destination's industrial complex",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=for_anyone(lambda q: aa_choices.unit_sources(q.state, q.typed)),
        units=for_anyone(lambda q: aa_choices.move_units(q.state, q.option("from"), q.typed)),
        target=for_anyone(lambda q: aa_choices.destinations(q.state, q.option("from"), q.typed)),
    )
    async def move(
        self,
        interaction: discord.Interaction,
        units: str,
        source: str,
        target: str,
        via: str | None = None,
        bomb: bool = False,
    ) -> None:
        # With only the ends named, the engine takes the first shortest route its rules accept.
        path = aa_choices.move_path(source, target, via)
        await self.act(interaction, Move(parse_units(units), path, bomb))

    # ---- battles ----------------------------------------------------------------------------------

    @app_commands.command(description="Fight a battle (the next one if you name none)")
    @app_commands.describe(
        territory="the battle to fight (default: the next one)",
        bombard="how many of the battleships that may bombard this assault do (default: all)",
    )
    @app_commands.autocomplete(territory=for_anyone(lambda q: aa_choices.battle_spaces(q.state, q.typed)))
    async def battle(
        self,
        interaction: discord.Interaction,
        territory: str | None = None,
        bombard: app_commands.Range[int, 0, 20] | None = None,
    ) -> None:
        if territory:
            where = aa_choices.space_name(territory)
            await self.act(interaction, Battle(where, -1 if bombard is None else bombard))
        elif bombard is not None:
            raise ServiceError("name_the_battle", "Name the battle the battleships bombard (territory).")
        else:
            await self.act(interaction, _next_battle)

    @app_commands.command(description="Choose your casualties (a menu, or type them)")
    @app_commands.describe(units="leave empty for the menu; or for example: 2 infantry, 1 tank")
    async def casualties(self, interaction: discord.Interaction, units: str | None = None) -> None:
        if units:
            await self.act(interaction, Casualties(parse_units(units)))
        else:
            found = await channel_game(self.host, interaction, GAME)
            await send_menu(self.host, interaction, found.game.id, combat.AwaitCasualties)

    @app_commands.command(description="Retreat the attackers of this battle (a menu, or name the place)")
    @app_commands.describe(to="leave empty for the menu of the places the rules allow")
    @app_commands.autocomplete(to=for_anyone(lambda q: aa_choices.retreat_spaces(q.state, q.typed)))
    async def retreat(self, interaction: discord.Interaction, to: str | None = None) -> None:
        if to:
            await self.act(interaction, Retreat(aa_choices.space_name(to)))
        else:
            found = await channel_game(self.host, interaction, GAME)
            await send_menu(self.host, interaction, found.game.id, combat.AwaitPressOn)

    @app_commands.command(description="A defence of several powers: which takes casualties first")
    @app_commands.describe(powers="the defending powers in order, e.g. uk, usa")
    async def order(self, interaction: discord.Interaction, powers: str) -> None:
        named = tuple(power_id(p) for p in powers.split(",") if p.strip())
        await self.act(interaction, CasualtyOrder(named))

    @app_commands.command(description="Press on: fight another round")
    async def press(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, PressOn())

    @app_commands.command(description="Submerge your submarines")
    @app_commands.describe(to="the sea zone they withdraw to (default: the first the battle offers)")
    async def submerge(self, interaction: discord.Interaction, to: str | None = None) -> None:
        await self.act(interaction, Submerge(aa_choices.space_name(to) if to else ""))

    @app_commands.command(description="Rockets: an AA gun strikes an enemy industrial complex within 3")
    async def rocket(self, interaction: discord.Interaction, target: str) -> None:
        await self.act(interaction, Rocket(aa_choices.space_name(target)))

    # ---- placing, ending --------------------------------------------------------------------------

    @app_commands.command(description="Place purchased units (at your industrial complexes)")
    @app_commands.describe(units="for example: 3 infantry (suggested from what you bought)")
    @app_commands.autocomplete(
        units=for_anyone(lambda q: aa_choices.waiting_units(q.state, q.typed)),
        territory=for_anyone(lambda q: aa_choices.place_spots(q.state, q.typed)),
    )
    async def place(self, interaction: discord.Interaction, units: str, territory: str) -> None:
        await self.act(interaction, Place(parse_units(units), aa_choices.space_name(territory)))

    @app_commands.command(description="End the current phase (purchase, combat move, combat, moves, placing)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, EndPhase())

    # ---- looking ----------------------------------------------------------------------------------

    @app_commands.command(description="Exact battle odds (only you see them)")
    @app_commands.describe(
        attackers="for example: 3 infantry, 2 tanks, 1 fighter",
        defenders="for example: 4 infantry, 1 fighter (an AA gun among them fires at aircraft)",
        sea="a sea battle (default: land)",
        attacker_techs="the attacker's technologies, e.g. heavy bombers, jet power",
        defender_techs="the defender's technologies",
        bombard="battleships bombarding in the first round of a land battle",
        retreat_after="the attacker retreats after this round (default: fights on)",
        attacker_losses="casualty order, first lost first, e.g. inf, art, arm (default: cheapest first)",
        defender_losses="the defender's casualty order, like attacker_losses",
    )
    async def odds(
        self,
        interaction: discord.Interaction,
        attackers: str,
        defenders: str,
        sea: bool = False,
        attacker_techs: str = "",
        defender_techs: str = "",
        bombard: app_commands.Range[int, 0, 20] = 0,
        retreat_after: app_commands.Range[int, 0, 50] = 0,
        attacker_losses: str = "",
        defender_losses: str = "",
    ) -> None:
        question = odds_question(
            attackers,
            defenders,
            sea,
            attacker_techs=attacker_techs,
            defender_techs=defender_techs,
            bombard=bombard,
            retreat_after=retreat_after,
            attacker_losses=attacker_losses,
            defender_losses=defender_losses,
        )
        # A big battle is simulated for up to about a second: answer "thinking" first, work off the loop.
        await interaction.response.defer(ephemeral=True, thinking=True)
        started = time.perf_counter()
        result = await asyncio.to_thread(battle_odds, question)
        took = time.perf_counter() - started
        await interaction.followup.send(odds_text(question, result, took), ephemeral=True, view=show_button())

    @app_commands.command(description="The unit table: attack, defence, movement, cost")
    async def units(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="Axis & Allies units", description=clip(unit_table(), EMBED_DESCRIPTION), colour=COLOUR
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)


def _next_battle(name: str, state: AAState) -> Action:
    """``/aa battle`` with no territory: the first battle waiting (in the order they were declared)."""
    options = aa_choices.battle_spaces(state, "")
    if not options:
        raise ServiceError("no_battles", "There is no battle to fight now.")
    return Battle(options[0][1])


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(AxisAlliesCog(bot))  # type: ignore[arg-type]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
