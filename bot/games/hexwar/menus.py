"""The private side of writing orders: the reply a player gets (only they see it) after each order, with
their whole list, and its buttons: submit, take back the last order, see the orders on the board.

The buttons are this game's own dynamic items, ``hexw:<game>:<round key>:<verb>[:<arg>]``, not the
shared ``wb:`` steps: those are tied to the game's version, which every other player's order moves on
in a round of simultaneous orders, so a player's own buttons would go stale while they read. These are
tied to the round instead, and take-back also to the length of the player's list when drawn, so a click
is refused only when the round is over or the player's own list has changed. Nothing is kept in memory
between clicks: the custom id carries the whole choice, and a button survives a restart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, cast

import discord

from bot.clock import stamp
from bot.cogs.common import COLOUR, handle_error, png_file, seat_of
from bot.cogs.moves import present_move
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ActResult, ServiceError
from bot.store import GameAndSeats
from rules.core.events import Event
from rules.hexwar.actions import CancelOrder, SubmitOrders
from rules.hexwar.events import OrderCancelled, OrderWritten
from rules.hexwar.state import HexState, Phase
from rules.hexwar.text import order_text
from rules.hexwar.views import HexWarView

GAME = "hexwar"
CONTENT_LIMIT = 1900


def headline(events: Sequence[Event]) -> str:
    """What the player's last move did to their list, from the events only they see."""
    for event in reversed(events):
        if isinstance(event, OrderWritten):
            return f"✍ Order {event.number} written: {order_text(event.order)}."
        if isinstance(event, OrderCancelled):
            return f"↩ Took back order {event.number}: {order_text(event.order)}."
    return "Your orders:"


def orders_content(view: HexWarView, first: str, deadline: str | None) -> str:
    """The reply's text: the headline, the numbered list, money left, and how the round goes on."""
    orders = view.orders or ()
    listed = [f"{n}. {order_text(o)}" for n, o in enumerate(orders, 1)] or ["(none yet: you would hold)"]
    money = f"Money left after these orders: {view.money_left}."
    building = ", ".join(f"{p.at} ({p.paid} of 3 paid)" for p in view.projects or ())
    if building:
        money += f" Cities being bought: {building}."
    clock = f" Deadline {stamp(deadline)}." if deadline else ""
    lines = [
        first,
        f"**Your orders for round {view.round}** (only you see them until every player's are revealed):",
        *listed,
        money,
        f"Hand them in with **Submit** or `/hex submit`; the round resolves when every player has.{clock}",
    ]
    return clip("\n".join(lines), CONTENT_LIMIT)


def order_buttons(game_id: int, state_turn: int, written: int) -> discord.ui.View:
    holder = discord.ui.View(timeout=None)
    holder.add_item(OrdersButton(game_id, state_turn, "submit"))
    if written:
        holder.add_item(OrdersButton(game_id, state_turn, "cancel", f"{written}.{written}"))
    holder.add_item(OrdersButton(game_id, state_turn, "board"))
    return holder


async def reply_with_orders(
    host: Host, interaction: discord.Interaction, game_id: int, result: ActResult, *, edit: bool = False
) -> None:
    """Answer a player's order (or a take-back) privately with their list and its buttons; ``edit``:
    in place of the message whose button was clicked."""
    view: HexWarView = await host.service.view(game_id, interaction.user.id)
    content = orders_content(view, headline(result.events), result.status.deadline_at)
    buttons = order_buttons(game_id, view.turn, len(view.orders or ()))
    if edit:
        await interaction.response.edit_message(content=content, view=buttons)
    else:
        await interaction.response.send_message(content, view=buttons, ephemeral=True)
    # The newest list's buttons are the player's: an older list's go (its take-backs counted orders
    # since changed, its submit is the newest's twin).
    message_id = interaction.message.id if edit and interaction.message is not None else interaction.id
    host.announcer.buttons.keep_latest(
        (game_id, interaction.user.id), message_id, lambda: interaction.edit_original_response(view=None)
    )


async def send_orders_picture(host: Host, interaction: discord.Interaction, found: GameAndSeats) -> None:
    """The player's orders on the board, and the list, privately (their own view only)."""
    seat = seat_of(found, interaction.user.id)
    if seat is None:
        raise ServiceError("not_a_player", "You are not playing in this game, so you have no orders.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    game_id = found.game.id
    view: HexWarView = await host.service.view(game_id, interaction.user.id)
    if view.phase is not Phase.ORDERS:
        await interaction.followup.send(
            "Orders are written in the rounds, once setup is over.", ephemeral=True
        )
        return
    names = [s.name for s in found.seats]
    embed = discord.Embed(
        title=f"Your orders for round {view.round}",
        description=clip(orders_content(view, "", found.game.deadline_at).strip(), EMBED_DESCRIPTION),
        colour=COLOUR,
    )
    file = await png_file(host.games[GAME].pictures.private, view, names, filename="orders.png")
    embed.set_image(url="attachment://orders.png")
    await interaction.followup.send(embed=embed, file=file, ephemeral=True)


LABELS: dict[str, tuple[str, discord.ButtonStyle | None]] = {
    "submit": ("Submit orders", discord.ButtonStyle.success),
    "board": ("See them on the board", None),
}


class OrdersButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"hexw:(?P<game>\d+):(?P<turn>\d+):(?P<verb>[a-z]+)(?::(?P<arg>[\w.]+))?",
):
    """Submit, take back the last order, or see the orders on the board (see the module's doc)."""

    def __init__(self, game: int, turn: int, verb: str, arg: str = "") -> None:
        label, style = LABELS.get(verb, (f"Take back order {arg.partition('.')[0]}", None))
        super().__init__(
            discord.ui.Button(
                label=label,
                style=style or discord.ButtonStyle.secondary,
                custom_id=f"hexw:{game}:{turn}:{verb}" + (f":{arg}" if arg else ""),
            )
        )
        self.game, self.turn, self.verb, self.arg = game, turn, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OrdersButton:
        return cls(int(match["game"]), int(match["turn"]), match["verb"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            found = await host.service.loaded(self.game)
            if self.verb == "board":
                await send_orders_picture(host, interaction, found)
                return
            result = await host.service.act(found, interaction.user.id, self._resolver(found, interaction))
        except Exception as error:
            await handle_error(interaction, error)
            return
        if self.verb == "cancel":
            await reply_with_orders(host, interaction, self.game, result, edit=True)
            return
        await interaction.response.defer()
        await interaction.edit_original_response(view=None)  # handed in: these buttons are spent
        await present_move(host, interaction, self.game, result)

    def _resolver(self, found: GameAndSeats, interaction: discord.Interaction) -> Any:
        seat = seat_of(found, interaction.user.id)
        number, _, length = self.arg.partition(".")

        def resolve(name: str, state: HexState) -> SubmitOrders | CancelOrder:
            if name != GAME or state.turn != self.turn or state.phase is not Phase.ORDERS:
                raise ServiceError(
                    "old_button", "That button is from a round that is over; see the latest board."
                )
            if self.verb == "submit":
                return SubmitOrders()
            if self.verb == "cancel" and number.isdigit() and seat is not None:
                if str(len(state.orders[seat])) != length:
                    raise ServiceError(
                        "old_button", "Your orders have changed since this message: `/hex orders` lists them."
                    )
                return CancelOrder(int(number))
            raise ServiceError(
                "old_button", "That button is from an older version of the bot; use a command."
            )

        return resolve


DYNAMIC_ITEMS = (OrdersButton,)
