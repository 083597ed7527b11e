"""Substitutes on Discord (issue 35, item 3): the one "Take this seat" button, the host's or a moderator's
answer when the game asks for approval, and the seat's hidden things handed to the new player alone.

Each custom id carries the whole offer (game, seat, the member it was asked for, and the taker once
there is one), so the buttons survive a restart; the offer is checked against the seats at each click."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.cogs.common import COLOUR, display_name, handle_error, is_moderator, plain, shown
from bot.cogs.moves import moved_on
from bot.host import Host
from bot.substitutes import approve, check_offer, needs_approval, take

TAKE = "Take this seat"
APPROVE, REFUSE = "Let them take it", "Refuse"


def offer_view(game_id: int, seat: int, holder: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(TakeSeat(game_id, seat, holder))
    return view


def answer_view(game_id: int, seat: int, holder: int, taker: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(SubAnswer(game_id, seat, holder, taker, True))
    view.add_item(SubAnswer(game_id, seat, holder, taker, False))
    return view


async def hidden_things(host: Host, game_id: int, user_id: int) -> tuple[discord.Embed, list[discord.File]]:
    """What the member's seat holds that others do not see, in words and the game's private picture."""
    status = await host.service.status(game_id)
    view = await host.service.view(game_id, user_id)
    game = host.games[status.ruleset]
    text = game.presenter.private_text(view) or "Nothing of this seat is hidden from the others."
    embed = discord.Embed(
        title=f"Your seat in {status.title} (game #{game_id}): what only you see",
        description=plain(text),
        colour=COLOUR,
    )
    picture = game.pictures.private(view, status.names)
    if picture is None:
        return embed, []
    embed.set_image(url="attachment://hidden.png")
    return embed, [discord.File(io.BytesIO(picture), filename="hidden.png")]


async def seat_taken(
    host: Host,
    interaction: discord.Interaction,
    game_id: int,
    seat: int,
    holder: int,
    taker: discord.abc.User,
) -> str:
    """Hand the seat over and say so; returns the sentence for the channel."""
    before = await host.service.status(game_id)
    await take(host.service, game_id, seat, holder, taker.id, display_name(taker))
    await moved_on(host, game_id, before)
    return f"{shown(taker)} took over {plain(before.seats[seat].name)}'s seat in game #{game_id}."


class TakeSeat(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wbsub:(?P<game>\d+):(?P<seat>\d+):(?P<holder>\d+)",
):
    """A member who is not playing takes the offered seat (or, if the game asks, offers to)."""

    def __init__(self, game_id: int, seat: int, holder: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=TAKE, style=discord.ButtonStyle.primary, custom_id=f"wbsub:{game_id}:{seat}:{holder}"
            )
        )
        self.game_id, self.seat, self.holder = game_id, seat, holder

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TakeSeat:
        return cls(int(match["game"]), int(match["seat"]), int(match["holder"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host: Host = interaction.client  # type: ignore[assignment]
        taker = interaction.user
        try:
            found = await check_offer(host.service, self.game_id, self.seat, self.holder, taker.id)
            if await needs_approval(host.service, self.game_id):
                await interaction.response.send_message(
                    "This game's host or a moderator approves substitutes; your offer is posted for them.",
                    ephemeral=True,
                )
                await interaction.followup.send(
                    f"{shown(taker)} offers to take {plain(found.seats[self.seat].name)}'s seat in game "
                    f"#{self.game_id}. The host or a moderator answers.",
                    view=answer_view(self.game_id, self.seat, self.holder, taker.id),
                )
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            said = await seat_taken(host, interaction, self.game_id, self.seat, self.holder, taker)
            embed, files = await hidden_things(host, self.game_id, taker.id)
            await interaction.followup.send(embed=embed, files=files, ephemeral=True)
            if interaction.message is not None:
                await interaction.message.edit(content=said, view=None)
        except Exception as error:
            await handle_error(interaction, error)


class SubAnswer(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wbsubok:(?P<game>\d+):(?P<seat>\d+):(?P<holder>\d+):(?P<taker>\d+):(?P<yes>[01])",
):
    """The host's or a moderator's answer to an offer to take a seat; anyone else is refused."""

    def __init__(self, game_id: int, seat: int, holder: int, taker: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label=APPROVE if yes else REFUSE,
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.secondary,
                custom_id=f"wbsubok:{game_id}:{seat}:{holder}:{taker}:{int(yes)}",
            )
        )
        self.game_id, self.seat, self.holder, self.taker, self.yes = game_id, seat, holder, taker, yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SubAnswer:
        return cls(
            int(match["game"]),
            int(match["seat"]),
            int(match["holder"]),
            int(match["taker"]),
            match["yes"] == "1",
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        host: Host = interaction.client  # type: ignore[assignment]
        try:
            moderator = await is_moderator(host, interaction)
            await approve(host.service, self.game_id, interaction.user.id, moderator=moderator)
            if not self.yes:
                await interaction.response.edit_message(
                    content=f"<@{self.taker}> was not let take the seat in game #{self.game_id}.", view=None
                )
                return
            taker = host.get_user(self.taker) if hasattr(host, "get_user") else None
            if taker is None:
                taker = await interaction.client.fetch_user(self.taker)
            await interaction.response.defer()
            said = await seat_taken(host, interaction, self.game_id, self.seat, self.holder, taker)
            # The approver's answer cannot be private to the taker: their seat's hidden things go by DM.
            embed, files = await hidden_things(host, self.game_id, self.taker)
            try:
                await taker.send(embed=embed, files=files)
                said += " What the seat holds hidden went to them by DM."
            except discord.HTTPException:
                said += " Their DMs are closed: the game's own look-ups show them their seat's hidden things."
            await interaction.edit_original_response(content=said, view=None)
        except Exception as error:
            await handle_error(interaction, error)
