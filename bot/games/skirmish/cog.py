"""/sk: Skirmish moves as slash commands, one per action and per battle step, with autocomplete from what
is legal now (``choices.py``). Each handler finds the channel's game, turns the options into an action (or,
for a default such as "the strongest ten", into a function of the position at the moment of the move) and
calls the service; the rules live in rules/skirmish. The turn's commands are here, the battle steps in
``battle_commands.py``, and ``/sk orders``, ``/sk hand`` and ``/sk battle``, which answer privately
(standing orders and cards are secret), in ``private_commands.py``. Loaded by the Discord app as this
game's extension (``setup``), with the card menu of ``menus.py``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import channel_game
from bot.cogs.game_cog import suggest
from bot.games.skirmish import choices as pick
from bot.games.skirmish.battle_commands import BattleCommands
from bot.games.skirmish.commanding import GAME
from bot.games.skirmish.menus import DYNAMIC_ITEMS, stop_menu
from bot.games.skirmish.private_commands import PrivateCommands
from bot.games.skirmish.units import parse_units
from bot.models import ServiceError
from bot.parsing import whole_number
from rules.skirmish import actions as sk
from rules.skirmish.state import Phase, SkirmishState

UNIT_CHOICES = [app_commands.Choice(name=t, value=t) for t in ("troop", "cavalry", "cannon", "general")]


class SkirmishCog(
    BattleCommands,
    PrivateCommands,
    group_name="sk",
    group_description="Play Skirmish in this channel",
):
    game = GAME

    # ---- 1) standard actions ------------------------------------------------------------------------

    @app_commands.command(
        description="Standard action: roll a die per territory you hold, place that many troops"
    )
    async def reinforce(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, sk.Reinforce())

    @app_commands.command(description="Standard action: draw a card (only you see which)")
    async def draw(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, sk.DrawCard())

    @app_commands.command(description="Standard action: one more free move or one more exchange this turn")
    @app_commands.choices(
        what=[
            app_commands.Choice(name="an extra free move", value="move"),
            app_commands.Choice(name="an extra exchange", value="exchange"),
        ]
    )
    async def extra(self, interaction: discord.Interaction, what: app_commands.Choice[str]) -> None:
        await self.act(interaction, sk.ExtraMove() if what.value == "move" else sk.ExtraExchange())

    @app_commands.command(description="Place reinforcement troops on one of your territories")
    @app_commands.describe(territory="one of your territories", troops="how many of the troops to place")
    @app_commands.autocomplete(
        territory=suggest(lambda q: pick.own_territories(q.state, q.seat, q.typed, q.names))
    )
    async def place(
        self, interaction: discord.Interaction, territory: str, troops: app_commands.Range[int, 1, 999]
    ) -> None:
        await self.act(interaction, sk.Place(territory, troops))

    @app_commands.command(description="Trade units of one type in for units of another, in one territory")
    @app_commands.describe(territory="where the units are", give="for example: 2 cavalry", get="the type out")
    @app_commands.choices(get=UNIT_CHOICES)
    @app_commands.autocomplete(
        territory=suggest(lambda q: pick.exchange_territories(q.state, q.seat, q.typed, q.names)),
        give=suggest(lambda q: pick.exchange_gives(q.state, q.seat, q.option("territory"), q.typed)),
    )
    async def exchange(
        self, interaction: discord.Interaction, territory: str, give: str, get: app_commands.Choice[str]
    ) -> None:
        await self.act(interaction, sk.Exchange(territory, parse_units(give), get.value))

    @app_commands.command(description="Attack a neighbour with up to 10 units from one territory")
    @app_commands.describe(
        source="attack from (your territory)",
        target="the neighbour to attack",
        units="for example: 5 troops, 1 cannon (default: your strongest ten)",
        dice="dice to roll (default: the most the units bring)",
        counters="counters to bring (default: the most the units bring)",
    )
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.attack_sources(q.state, q.seat, q.typed, q.names)),
        target=suggest(lambda q: pick.attack_targets(q.state, q.seat, q.option("from"), q.typed, q.names)),
        units=suggest(lambda q: pick.attack_units(q.state, q.seat, q.option("from"), q.typed)),
    )
    async def attack(
        self,
        interaction: discord.Interaction,
        source: str,
        target: str,
        units: str | None = None,
        dice: app_commands.Range[int, 1, 99] | None = None,
        counters: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        # No units named ("all", "strongest"): the engine's default, the strongest ten of the source.
        named = units if units and units.strip().lower() not in ("all", "strongest") else None
        chosen = parse_units(named) if named else None
        await self.act(interaction, sk.Attack(source, target, chosen, dice, counters))

    @app_commands.command(description="The free move: units between two neighbouring territories you hold")
    @app_commands.rename(source="from", target="to")
    @app_commands.autocomplete(
        source=suggest(lambda q: pick.move_sources(q.state, q.seat, q.typed, q.names)),
        target=suggest(lambda q: pick.move_targets(q.state, q.seat, q.option("from"), q.typed, q.names)),
        units=suggest(lambda q: pick.move_units(q.state, q.seat, q.option("from"), q.typed)),
    )
    async def move(self, interaction: discord.Interaction, source: str, target: str, units: str) -> None:
        await self.act(interaction, sk.Move(source, target, parse_units(units)))

    @app_commands.command(
        description="Discard a card (down to your number of territories; some cost a troop)"
    )
    @app_commands.autocomplete(card=suggest(lambda q: pick.hand_cards(q.state, q.seat, q.typed)))
    async def discard(self, interaction: discord.Interaction, card: str) -> None:
        await self.act(interaction, sk.Discard(whole_number(card, "The card", 0, 999)))

    @app_commands.command(
        description="Finish the current step (placing, actions, exchange, attacks, move, cards)"
    )
    async def end(self, interaction: discord.Interaction) -> None:
        """While the player's reinforcements wait to be placed, ending the step loses them: asked first,
        as the "Stop placing…" button asks (a newcomer typed /sk end to finish placing and lost 12)."""
        found = await channel_game(self.host, interaction, self.game)
        state: SkirmishState = self.host.service.state_of(found.game)
        if state.placing is not None and state.phase is not Phase.OVER:
            try:
                question, view, version = await stop_menu(self.host, found.game.id, interaction.user.id)
            except ServiceError:
                pass  # not this player's to place: the move is refused in words below
            else:
                await interaction.response.send_message(question, view=view, ephemeral=True)
                self.host.announcer.buttons.keep_response(found.game.id, version, interaction)
                return
        await self.act(interaction, sk.EndPhase(), found)


async def setup(bot: commands.Bot) -> None:
    """The extension's entry point: the Discord app passes itself (a ``Host``)."""
    await bot.add_cog(SkirmishCog(bot))  # type: ignore[arg-type]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
