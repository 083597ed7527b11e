"""/risk: Risk moves as slash commands. Each handler finds the channel's game, turns the options into
an action, calls the service and presents the result; the rules live in the engine."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import risk_choices
from bot.cogs.common import COLOUR, attack_dice, channel_game, handle_error, png_file, running_game
from bot.cogs.play import act_and_present
from bot.limits import CHOICE_NAME, CHOICES, clip
from bot.models import ServiceError
from rules.core.events import Action
from rules.risk.actions import Attack, EndPhase, Fortify, Occupy, PlaceArmies, TradeCards
from rules.risk.board import classic_map
from rules.risk.cards import card_name
from rules.risk.odds import fight
from rules.risk.state import RiskState

if TYPE_CHECKING:
    from bot.app import WarboardBot


def parse_until(text: str | None) -> int | None:
    """``once`` (or nothing): one roll; ``conquer``: until it falls; a number N: stop at N armies."""
    value = (text or "once").strip().lower()
    if value in ("once", "one roll", "1 roll"):
        return None
    if value in ("conquer", "until conquered", "all"):
        return 1
    digits = "".join(ch for ch in value if ch.isdigit())
    if digits:
        return int(digits)
    raise ServiceError("bad_until", "until is “once”, “conquer”, or a number of armies to stop at.")


def choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=clip(name, CHOICE_NAME), value=value[:100])
        for name, value in pairs[:CHOICES]
    ]


class RiskCog(commands.GroupCog, group_name="risk", group_description="Play Risk in this channel"):
    def __init__(self, bot: WarboardBot) -> None:
        self.bot = bot

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await handle_error(interaction, error)

    async def _act(self, interaction: discord.Interaction, action: Action) -> None:
        await act_and_present(self.bot, interaction, "risk", action)

    async def _mine(self, interaction: discord.Interaction) -> tuple[RiskState, int] | None:
        """The game's state and the user's seat, for autocomplete; None when there is nothing to suggest."""
        game = await running_game(self.bot, interaction, "risk")
        if game is None:
            return None
        seats = await self.bot.store.seats(game.id) if self.bot.store else []
        seat = next((s.seat for s in seats if s.user_id == interaction.user.id), None)
        return (self.bot.service.state_of(game), seat) if seat is not None else None

    async def _suggest(self, interaction: discord.Interaction, pick: Any) -> list[app_commands.Choice[str]]:
        mine = await self._mine(interaction)
        return choices(pick(*mine)) if mine else []

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
        return await self._suggest(
            interaction, lambda state, seat: risk_choices.own_territories(state, seat, typed)
        )

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
        if dice is None:
            dice = await attack_dice(self.bot, await channel_game(self.bot, interaction, "risk"), source)
        await self._act(interaction, Attack(source, target, dice, until=parse_until(until)))

    @attack.autocomplete("source")
    async def _attack_source(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(
            interaction, lambda state, seat: risk_choices.attack_sources(state, seat, typed)
        )

    @attack.autocomplete("target")
    async def _attack_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "")
        return await self._suggest(
            interaction, lambda state, seat: risk_choices.attack_targets(state, seat, source, typed)
        )

    @attack.autocomplete("until")
    async def _attack_until(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        options = [("one roll", "once"), ("until conquered", "conquer")]
        options += [(f"stop when down to {n} armies", str(n)) for n in (2, 3, 4, 5, 10)]
        return choices([o for o in options if typed.lower() in o[0] or typed in o[1]])

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
        return await self._suggest(
            interaction, lambda state, seat: risk_choices.own_territories(state, seat, typed)
        )

    @fortify.autocomplete("target")
    async def _fortify_target(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        source = str(getattr(interaction.namespace, "from", "") or "")
        return await self._suggest(
            interaction, lambda state, seat: risk_choices.fortify_targets(state, seat, source, typed)
        )

    @app_commands.command(description="Trade a set of three cards for armies")
    @app_commands.describe(cards="a set from your hand")
    async def trade(self, interaction: discord.Interaction, cards: str) -> None:
        try:
            ids = tuple(int(part) for part in cards.replace(",", " ").split())
        except ValueError:
            ids = ()
        if len(ids) != 3:
            raise ServiceError("bad_cards", "Pick a set from the list (three cards).")
        await self._act(interaction, TradeCards((ids[0], ids[1], ids[2])))

    @trade.autocomplete("cards")
    async def _trade_cards(
        self, interaction: discord.Interaction, typed: str
    ) -> list[app_commands.Choice[str]]:
        return await self._suggest(
            interaction, lambda state, seat: risk_choices.trade_sets(state, seat, typed)
        )

    @app_commands.command(description="End the current phase (placing, attacking, fortifying)")
    async def end(self, interaction: discord.Interaction) -> None:
        await self._act(interaction, EndPhase())

    @app_commands.command(description="Your cards (only you see them)")
    async def cards(self, interaction: discord.Interaction) -> None:
        from render.risk import render_hand

        game_id = await channel_game(self.bot, interaction, "risk")
        view = await self.bot.service.view(game_id, interaction.user.id)
        if view.hand is None:
            raise ServiceError("not_a_player", "You are not playing in this game, so you hold no cards.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        board = classic_map()
        text = ", ".join(card_name(board, c) for c in view.hand) or "no cards"
        embed = discord.Embed(
            title="Your cards", description=f"{text}\nNext set: {view.next_set_value} armies.", colour=COLOUR
        )
        file = await png_file(render_hand, view.hand, view=view, filename="hand.png")
        embed.set_image(url="attachment://hand.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    @app_commands.command(description="Exact odds of a fight to the end")
    @app_commands.describe(attackers="armies in the attacking territory", defenders="armies defending")
    async def odds(
        self,
        interaction: discord.Interaction,
        attackers: app_commands.Range[int, 2, 3000],
        defenders: app_commands.Range[int, 1, 3000],
    ) -> None:
        result = fight(attackers - 1, defenders)
        await interaction.response.send_message(
            f"**{attackers} v {defenders}** (one army stays behind): the attacker wins "
            f"{result.win:.1%} of fights to the end, losing {result.expected_attacker_losses:.1f} armies on "
            f"average; the defender loses {result.expected_defender_losses:.1f}."
        )
