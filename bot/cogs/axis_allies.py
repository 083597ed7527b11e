"""/aa: Axis & Allies moves as slash commands. Each handler finds the channel's game (refusing a game of
another kind), turns the options into an action with the pure helpers in bot/aa_units.py and
bot/aa_choices.py, calls the service and presents the result; the rules live in rules/axis_allies."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import aa_choices
from bot.aa_ui import send_casualty_menu
from bot.aa_units import parse_units, units_text
from bot.cogs.common import COLOUR, channel_game, handle_error, running_game
from bot.cogs.play import act_and_present
from bot.cogs.risk import choices
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ServiceError
from rules.axis_allies.actions import (
    Battle,
    Buy,
    Casualties,
    EndPhase,
    Move,
    Place,
    PressOn,
    Research,
    Retreat,
    Rocket,
    Submerge,
)
from rules.axis_allies.odds import simulate
from rules.axis_allies.state import AAState
from rules.axis_allies.units import UNIT_ORDER, UNIT_TYPES
from rules.core.events import Action

if TYPE_CHECKING:
    from bot.app import WarboardBot

RULESET = "axis_allies"
ODDS_MAX_UNITS = 150  # 150 v 150 at 10,000 trials stays well inside Discord's 3 seconds
ODDS_TRIALS = 10_000  # the floor; a 30-unit battle takes about 50 ms


def unit_table() -> str:
    lines = ["`unit         att def mov cost`"]
    for uid in UNIT_ORDER:
        t = UNIT_TYPES[uid]
        extra = " (optional rule)" if t.optional else ""
        lines.append(f"`{t.name[:12]:<12} {t.attack:>3} {t.defense:>3} {t.movement:>3} {t.cost:>4}`{extra}")
    return "\n".join(lines)


class AxisAlliesCog(
    commands.GroupCog, group_name="aa", group_description="Play Axis & Allies in this channel"
):
    def __init__(self, bot: WarboardBot) -> None:
        self.bot = bot

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _act(
        self, interaction: discord.Interaction, action: Action, game_id: int | None = None
    ) -> None:
        await act_and_present(self.bot, interaction, RULESET, action, game_id)

    async def _state(self, interaction: discord.Interaction) -> AAState | None:
        """The running A&A game's state, for autocomplete (None: nothing to suggest)."""
        game = await running_game(self.bot, interaction, RULESET)
        if game is None:
            return None
        state: AAState = self.bot.service.state_of(game)
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
        game_id = await channel_game(self.bot, interaction, RULESET)
        counts = parse_units(units)
        start, end = aa_choices.space_name(source), aa_choices.space_name(target)
        if via:
            path = (start, *(aa_choices.space_name(p) for p in via.split(",") if p.strip()), end)
        else:
            state = self.bot.service.state_of(await self.bot.service.load(game_id))
            path = aa_choices.route(state, counts, start, end, bomb)
        await self._act(interaction, Move(counts, path, bomb), game_id)

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
    async def battle(self, interaction: discord.Interaction, territory: str | None = None) -> None:
        game_id = await channel_game(self.bot, interaction, RULESET)
        if territory:
            where = aa_choices.space_name(territory)
        else:
            options = aa_choices.battle_spaces(
                self.bot.service.state_of(await self.bot.service.load(game_id)), ""
            )
            if not options:
                raise ServiceError("no_battles", "There is no battle to fight now.")
            where = options[0][1]
        await self._act(interaction, Battle(where), game_id)

    @battle.autocomplete("territory")
    async def _battle_where(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.battle_spaces(s, typed))

    @app_commands.command(description="Choose your casualties (a menu, or type them)")
    @app_commands.describe(units="leave empty for the menu; or for example: 2 infantry, 1 tank")
    async def casualties(self, interaction: discord.Interaction, units: str | None = None) -> None:
        game_id = await channel_game(self.bot, interaction, RULESET)
        if units:
            await self._act(interaction, Casualties(parse_units(units)), game_id)
        else:
            await send_casualty_menu(self.bot, interaction, game_id)

    @app_commands.command(description="Retreat the attackers of this battle")
    async def retreat(self, interaction: discord.Interaction, to: str) -> None:
        await self._act(interaction, Retreat(aa_choices.space_name(to)))

    @retreat.autocomplete("to")
    async def _retreat_to(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(interaction, lambda s: aa_choices.retreat_spaces(s, typed))

    @app_commands.command(description="Press on: fight another round")
    async def press(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, PressOn())

    @app_commands.command(description="Submerge your submarines")
    async def submerge(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, Submerge())

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

    @app_commands.command(description="Battle odds by simulation (only you see them)")
    @app_commands.describe(
        attackers="for example: 3 infantry, 2 tanks, 1 fighter",
        defenders="for example: 4 infantry, 1 fighter",
        sea="a sea battle (default: land)",
    )
    async def odds(
        self, interaction: discord.Interaction, attackers: str, defenders: str, sea: bool = False
    ) -> None:
        attack, defence = parse_units(attackers), parse_units(defenders)
        if max(sum(n for _, n in attack), sum(n for _, n in defence)) > ODDS_MAX_UNITS:
            raise ServiceError(
                "too_many", f"Odds are for up to {ODDS_MAX_UNITS} units a side (the whole board holds fewer)."
            )
        started = time.perf_counter()
        aa = any(u == "aa_gun" for u, _ in defence)
        # In a worker thread: a very large battle takes most of a second, and the bot must stay responsive.
        result = await asyncio.to_thread(
            simulate,
            {u: n for u, n in attack if u != "aa_gun"},
            {u: n for u, n in defence if u not in ("aa_gun", "factory")},
            sea=sea,
            aa=aa and not sea,
            trials=ODDS_TRIALS,
        )
        took = time.perf_counter() - started
        left = units_text([(u, round(n)) for u, n in result.attacker_survivors.items() if round(n)])
        await interaction.response.send_message(
            f"**{units_text(attack)}** attacking **{units_text(defence)}** ({'sea' if sea else 'land'}): "
            f"the attacker wins {result.attacker_wins:.1%}, the defence holds {result.defender_wins:.1%}, "
            f"both wiped out {result.draws:.1%}; {result.average_rounds:.1f} rounds on average; "
            f"the attacker keeps about {left} ({result.trials:,} battles simulated in {took * 1000:.0f} ms).",
            ephemeral=True,
        )

    @app_commands.command(description="The unit table: attack, defence, movement, cost")
    async def units(self, interaction: discord.Interaction) -> None:
        embed = discord.Embed(
            title="Axis & Allies units", description=clip(unit_table(), EMBED_DESCRIPTION), colour=COLOUR
        )
        await interaction.response.send_message(embed=embed, ephemeral=True)
