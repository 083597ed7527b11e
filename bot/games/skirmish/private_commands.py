"""/sk commands answered privately: standing orders (``orders.py`` keeps them secret even when they answer
a step at once), the hand, and the battle board at full size."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
from discord import app_commands

from bot.cogs.common import COLOUR, channel_game, png_file, seat_of
from bot.cogs.game_cog import offer
from bot.cogs.moves import ACK_SECONDS, present_move
from bot.games.skirmish import choices as pick
from bot.games.skirmish.commanding import GAME, Commands
from bot.games.skirmish.orders import set_orders
from bot.games.skirmish.presenter import ORDER_FIELDS, PRESENTER, orders_text
from bot.models import ServiceError
from bot.parsing import quoted, whole_number
from rules.skirmish.orders import CHOICES, check_orders
from rules.skirmish.state import SkirmishState, StandingOrders


class PrivateCommands(Commands):
    """Standing orders, the hand, the battle board: each answered to the asking player only."""

    @app_commands.command(description="Your standing orders: battle steps the game answers for you (private)")
    @app_commands.describe(
        defend="as defender: all",
        losses="cheapest, or board (keep the board's units)",
        assign="best, highest or lowest (dice)",
        cards_from="place counters, play cards worth at least this (99: none)",
        order="best or formed",
        occupy="advance, one or all",
        clear="drop every standing order first",
    )
    @app_commands.autocomplete(
        defend=offer(lambda q: pick.order_values("defend", q.typed)),
        losses=offer(lambda q: pick.order_values("losses", q.typed)),
        assign=offer(lambda q: pick.order_values("assign", q.typed)),
        cards_from=offer(lambda q: pick.order_values("cards_from", q.typed)),
        order=offer(lambda q: pick.order_values("order", q.typed)),
        occupy=offer(lambda q: pick.order_values("occupy", q.typed)),
    )
    async def orders(
        self,
        interaction: discord.Interaction,
        defend: str | None = None,
        losses: str | None = None,
        assign: str | None = None,
        cards_from: str | None = None,
        order: str | None = None,
        occupy: str | None = None,
        clear: bool = False,
    ) -> None:
        found = await channel_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id)
        if seat is None or found.game.state is None:
            raise ServiceError(
                "not_a_player", "You are not playing in this game, so you have no orders to set."
            )
        state: SkirmishState = self.host.service.state_of(found.game)
        given = dict(zip(ORDER_FIELDS, (defend, losses, assign, cards_from, order, occupy), strict=True))
        orders = merged_orders(StandingOrders() if clear else state.orders[seat], given)
        results = await set_orders(self.host.service, found, interaction.user.id, seat, orders)
        game_id = found.game.id
        patience = ACK_SECONDS - (discord.utils.utcnow() - interaction.created_at).total_seconds()

        async def defer() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)

        async with self.host.turns.hold(game_id, patience=min(patience, ACK_SECONDS), meanwhile=defer):
            if not interaction.response.is_done():
                await defer()
            answered = " They answered the battle step waiting for you." if len(results) > 1 else ""
            await interaction.followup.send(
                f"Your standing orders: {orders_text(orders)}.{answered}", ephemeral=True
            )
            for at, result in enumerate(results):
                if result.public_events:  # a battle step answered by the orders: everyone sees the step
                    if not any(r.public_events for r in results[at + 1 :]):
                        # Only the orders' own (private) commit came after: the buttons asking the next
                        # player are drawn for the game as it is now, or they would be stale at once.
                        result = replace(result, version=results[-1].version)
                    await present_move(self.host, interaction, game_id, result)

    @app_commands.command(description="Your cards and standing orders (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.show_hand(interaction, "Your hand", lambda view: PRESENTER.private_text(view) or "")

    @app_commands.command(description="The battle board now, full size (only you see it)")
    async def battle(self, interaction: discord.Interaction) -> None:
        found = await channel_game(self.host, interaction, GAME)
        view = await self.host.service.view(found.game.id)
        if view.battle is None:
            raise ServiceError(
                "no_battle", "No battle is being fought now; each battle's board is shown as it goes."
            )
        await interaction.response.defer(ephemeral=True, thinking=True)
        names = [s.name for s in found.seats]
        file = await png_file(self.host.games[GAME].pictures.battle, view, (), names, filename="battle.png")
        embed = discord.Embed(title=f"Battle for {view.battle.defender.territory}", colour=COLOUR)
        embed.set_image(url="attachment://battle.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)


def merged_orders(current: StandingOrders, given: dict[str, str | None]) -> StandingOrders:
    """``current`` with the fields given changed (``ask``: no order for that step), checked."""
    values: dict[str, Any] = {f: getattr(current, f) for f in ORDER_FIELDS}
    for field, text in given.items():
        if text is None:
            continue
        value = text.strip().lower()
        if value == "ask":
            values[field] = None
        elif field == "cards_from":
            values[field] = whole_number(value, "cards_from", 0, 99)
        elif value not in CHOICES[field]:
            raise ServiceError(
                "bad_order",
                f"The standing order {field} is one of {', '.join(CHOICES[field])} or ask, "
                f"not “{quoted(text)}”.",
            )
        else:
            values[field] = value
    return check_orders(StandingOrders(**values))
