"""/sk commands for the battle steps: defend, losses, skirmishes, extra dice, counters and cards, pass,
the order of resolution, occupying. Without their choice, the common answer in the position the move
finds (``steps.battle_answer``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.game_cog import suggest
from bot.games.skirmish import choices as pick
from bot.games.skirmish.commanding import Commands, styled
from bot.games.skirmish.steps import battle_answer
from bot.games.skirmish.units import parse_numbers, parse_units
from bot.parsing import whole_number
from rules.core.events import Action
from rules.skirmish import actions as sk
from rules.skirmish.state import SkirmishState


class BattleCommands(Commands):
    """One command per battle step; each is refused with the engine's sentence outside its step."""

    @app_commands.command(description="Defend: units from the attacked territory, their dice and counters")
    @app_commands.describe(units="for example: 3 troops, 1 general (default: everything there)")
    @app_commands.autocomplete(units=suggest(lambda q: pick.defenders(q.state, q.seat, q.typed)))
    async def defend(
        self,
        interaction: discord.Interaction,
        units: str | None = None,
        dice: app_commands.Range[int, 1, 99] | None = None,
        counters: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        if units and units.strip().lower() != "all":
            await self.act(interaction, sk.Defend(parse_units(units), dice, counters))
            return

        def everything(name: str, state: SkirmishState) -> Action:
            answer = battle_answer("defend", "", state)
            return sk.Defend(answer.units, dice, counters) if isinstance(answer, sk.Defend) else answer

        await self.act(interaction, everything)

    @app_commands.command(description="Choose the units that go to your garrison (default: the cheapest)")
    @app_commands.describe(
        units="off the battle board, e.g. 2 troops",
        traded="units swapped for a troop each (to pay a 2)",
        territory="from the attacked territory (a 2x skirmish)",
    )
    @app_commands.autocomplete(
        units=suggest(lambda q: pick.losses(q.state, q.seat, "units", q.typed)),
        traded=suggest(lambda q: pick.losses(q.state, q.seat, "traded", q.typed)),
        territory=suggest(lambda q: pick.losses(q.state, q.seat, "territory", q.typed)),
    )
    async def losses(
        self,
        interaction: discord.Interaction,
        units: str | None = None,
        traded: str | None = None,
        territory: str | None = None,
    ) -> None:
        if units is None and traded is None and territory is None:
            await self.act(interaction, lambda name, state: battle_answer("losses", "", state))
            return
        fields = (parse_units(v or "") for v in (units, traded, territory))
        await self.act(interaction, sk.TakeLosses(*fields))

    @app_commands.command(description="Defender: set your dice against the attacker's to form the skirmishes")
    @app_commands.describe(
        against="best, highest or lowest; or for each of your dice the attacker die it faces: 1 1 2",
        territory="units from the attacked territory for the attacker's extra dice",
    )
    @app_commands.autocomplete(against=suggest(lambda q: pick.assignments(q.state, q.seat, q.typed)))
    async def skirmishes(
        self, interaction: discord.Interaction, against: str, territory: str | None = None
    ) -> None:
        move: Any = styled("assign", against, tuple(pick.ASSIGN_STYLES))
        if move is None:
            numbers = parse_numbers(against, "The attacker dice", 1, 99)
            move = sk.AssignDice(numbers, parse_units(territory or ""))
        await self.act(interaction, move)

    @app_commands.command(description="Attacker: add your extra dice to skirmishes")
    @app_commands.describe(to="best, highest or lowest; or the skirmish of each extra die: 1 2")
    @app_commands.autocomplete(to=suggest(lambda q: pick.extra_dice(q.state, q.seat, q.typed)))
    async def extradice(self, interaction: discord.Interaction, to: str) -> None:
        move = styled("extra", to, tuple(pick.EXTRA_STYLES))
        await self.act(interaction, move or sk.AssignExtra(parse_numbers(to, "The skirmishes", 1, 99)))

    @app_commands.command(description="Put counters from your side of the board on a skirmish")
    async def counter(
        self,
        interaction: discord.Interaction,
        skirmish: app_commands.Range[int, 1, 99],
        count: app_commands.Range[int, 1, 99] = 1,
    ) -> None:
        await self.act(interaction, sk.PlaceCounter(skirmish, count))

    @app_commands.command(description="Play a card: on a skirmish, for the battle, or a truce on a territory")
    @app_commands.describe(
        card="a card from your hand", skirmish="the skirmish (skirmish cards)", territory="truce"
    )
    @app_commands.autocomplete(
        card=suggest(
            lambda q: (
                pick.hand_cards(q.state, q.seat, q.typed, True) or pick.hand_cards(q.state, q.seat, q.typed)
            )
        ),
        territory=suggest(lambda q: pick.own_territories(q.state, q.seat, q.typed, q.names)),
    )
    async def card(
        self,
        interaction: discord.Interaction,
        card: str,
        skirmish: app_commands.Range[int, 1, 99] | None = None,
        territory: str | None = None,
    ) -> None:
        await self.act(interaction, sk.PlayCard(whole_number(card, "The card", 0, 999), skirmish, territory))

    @app_commands.command(
        name="pass", description="Finish your counters and cards (counters left are placed for you)"
    )
    async def pass_(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, sk.Pass())

    @app_commands.command(description="Defender: the order the skirmishes are resolved in")
    @app_commands.describe(order="best or formed; or skirmish numbers: 2 1 3")
    @app_commands.autocomplete(order=suggest(lambda q: pick.orders_of_resolution(q.state, q.seat, q.typed)))
    async def order(self, interaction: discord.Interaction, order: str) -> None:
        move = styled("order", order, tuple(pick.ORDER_STYLES))
        await self.act(interaction, move or sk.OrderSkirmishes(parse_numbers(order, "The order", 1, 99)))

    @app_commands.command(description="After a win: the units that move into the conquered territory")
    @app_commands.describe(units="advance (default), one, all; or units like 4 troops, 1 cannon")
    @app_commands.autocomplete(units=suggest(lambda q: pick.occupations(q.state, q.seat, q.typed)))
    async def occupy(self, interaction: discord.Interaction, units: str | None = None) -> None:
        move = styled("occupy", units or "advance", tuple(pick.OCCUPY_STYLES))
        await self.act(interaction, move or sk.Occupy(parse_units(units or "")))
