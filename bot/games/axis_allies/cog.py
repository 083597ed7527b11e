"""/aa: Axis & Allies moves as slash commands. Each handler finds the channel's game (refusing a game of
another kind), turns the options into an action with the pure helpers in ``units.py`` and
``choices.py``, calls the service and presents the result; the rules live in rules/axis_allies. Loaded by
the Discord app as this game's extension (``setup``), with the battle menus of ``menus.py``."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, channel_game, choices, handle_error, running_game
from bot.cogs.moves import act_and_present
from bot.cogs.share import show_button
from bot.games.axis_allies import choices as aa_choices
from bot.games.axis_allies.menus import DYNAMIC_ITEMS, send_menu
from bot.games.axis_allies.text import battle_odds, odds_question, odds_text, power_id, unit_table
from bot.games.axis_allies.units import parse_units
from bot.host import Host
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


class AxisAlliesCog(
    commands.GroupCog, group_name="aa", group_description="Play Axis & Allies in this channel"
):
    def __init__(self, host: Host) -> None:
        self.host = host

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _act(self, interaction: discord.Interaction, move: Any) -> None:
        await act_and_present(self.host, interaction, GAME, move)

    async def _state(self, interaction: discord.Interaction) -> AAState | None:
        """The running A&A game's state, for autocomplete (None: nothing to suggest)."""
        found = await running_game(self.host, interaction, GAME)
        if found is None:
            return None
        state: AAState = self.host.service.state_of(found.game)
        return state

    async def _suggest(self, interaction: discord.Interaction, pick: Any) -> list[app_commands.Choice[str]]:
        state = await self._state(interaction)
        return choices(pick(state)) if state is not None else []

    # ---- purchase ---------------------------------------------------------------------------------

    @app_commands.command(description="Buy units (placed at the end of your turn)")
    @app_commands.describe(units="for example: 3 infantry, 1 tank")
    async def buy(self, interaction: discord.Interaction, units: str) -> None:
        await self._act(interaction, Buy(parse_units(units)))

    @buy.autocomplete("units")
    async def _buy_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.purchases(s, typed))

    @app_commands.command(description="Weapons development: roll research dice (5 IPCs each)")
    async def research(self, interaction: discord.Interaction, dice: app_commands.Range[int, 1, 20]) -> None:
        await self._act(interaction, Research(dice))

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
        await self._act(interaction, Move(parse_units(units), path, bomb))

    @move.autocomplete("source")
    async def _move_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.unit_sources(s, typed))

    @move.autocomplete("units")
    async def _move_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "")
        return await self._suggest(interaction, lambda s: aa_choices.move_units(s, source, typed))

    @move.autocomplete("target")
    async def _move_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "")
        return await self._suggest(interaction, lambda s: aa_choices.destinations(s, source, typed))

    # ---- battles ----------------------------------------------------------------------------------

    @app_commands.command(description="Fight a battle (the next one if you name none)")
    @app_commands.describe(
        territory="the battle to fight (default: the next one)",
        bombard="how many of the battleships that may bombard this assault do (default: all)",
    )
    async def battle(
        self,
        interaction: discord.Interaction,
        territory: str | None = None,
        bombard: app_commands.Range[int, 0, 20] | None = None,
    ) -> None:
        if territory:
            where = aa_choices.space_name(territory)
            await self._act(interaction, Battle(where, -1 if bombard is None else bombard))
        elif bombard is not None:
            raise ServiceError("name_the_battle", "Name the battle the battleships bombard (territory).")
        else:
            await self._act(interaction, _next_battle)

    @battle.autocomplete("territory")
    async def _battle_where(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.battle_spaces(s, typed))

    @app_commands.command(description="Choose your casualties (a menu, or type them)")
    @app_commands.describe(units="leave empty for the menu; or for example: 2 infantry, 1 tank")
    async def casualties(self, interaction: discord.Interaction, units: str | None = None) -> None:
        if units:
            await self._act(interaction, Casualties(parse_units(units)))
        else:
            found = await channel_game(self.host, interaction, GAME)
            await send_menu(self.host, interaction, found.game.id, combat.AwaitCasualties)

    @app_commands.command(description="Retreat the attackers of this battle (a menu, or name the place)")
    @app_commands.describe(to="leave empty for the menu of the places the rules allow")
    async def retreat(self, interaction: discord.Interaction, to: str | None = None) -> None:
        if to:
            await self._act(interaction, Retreat(aa_choices.space_name(to)))
        else:
            found = await channel_game(self.host, interaction, GAME)
            await send_menu(self.host, interaction, found.game.id, combat.AwaitPressOn)

    @retreat.autocomplete("to")
    async def _retreat_to(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.retreat_spaces(s, typed))

    @app_commands.command(description="A defence of several powers: which takes casualties first")
    @app_commands.describe(powers="the defending powers in order, e.g. uk, usa")
    async def order(self, interaction: discord.Interaction, powers: str) -> None:
        named = tuple(power_id(p) for p in powers.split(",") if p.strip())
        await self._act(interaction, CasualtyOrder(named))

    @app_commands.command(description="Press on: fight another round")
    async def press(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, PressOn())

    @app_commands.command(description="Submerge your submarines")
    @app_commands.describe(to="the sea zone they withdraw to (default: the first the battle offers)")
    async def submerge(self, interaction: discord.Interaction, to: str | None = None) -> None:
        await self._act(interaction, Submerge(aa_choices.space_name(to) if to else ""))

    @app_commands.command(description="Rockets: an AA gun strikes an enemy industrial complex within 3")
    async def rocket(self, interaction: discord.Interaction, target: str) -> None:
        await self._act(interaction, Rocket(aa_choices.space_name(target)))

    # ---- placing, ending --------------------------------------------------------------------------

    @app_commands.command(description="Place purchased units (at your industrial complexes)")
    @app_commands.describe(units="for example: 3 infantry (suggested from what you bought)")
    async def place(self, interaction: discord.Interaction, units: str, territory: str) -> None:
        await self._act(interaction, Place(parse_units(units), aa_choices.space_name(territory)))

    @place.autocomplete("units")
    async def _place_units(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.waiting_units(s, typed))

    @place.autocomplete("territory")
    async def _place_where(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.place_spots(s, typed))

    @app_commands.command(description="End the current phase (purchase, combat move, combat, moves, placing)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, EndPhase())

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
