"""Followers on Discord (issue 35, item 2): the approval buttons, and each turn's public notice by DM.

A follower's DM is built from what the channel's notice is built from: the public board with public
events marked and the short summary of public events (``rules.core.summary``); never the digest of a
seat, which may hold that seat's hidden things. Closed DMs end the follow (Discord frowns on bots that
keep hitting them), and the member is told once in the channel how to follow again."""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.cogs.common import board_message, handle_error, is_moderator, pinging
from bot.following import answer
from bot.host import Host
from bot.models import GameStatus
from rules.core.events import Event

log = logging.getLogger("warboard.following")
APPROVE, REFUSE = "Let them follow", "Refuse"


def answer_view(game_id: int, follower: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(FollowAnswer(game_id, follower, True))
    view.add_item(FollowAnswer(game_id, follower, False))
    return view


class FollowAnswer(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wbfollow:(?P<game>\d+):(?P<user>\d+):(?P<yes>[01])",
):
    """The host's or a moderator's answer to a request to follow; the custom id carries the whole
    answer, so it survives a restart. Anyone else is refused privately and nothing changes."""

    def __init__(self, game_id: int, follower: int, approve: bool) -> None:
        style = discord.ButtonStyle.success if approve else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=APPROVE if approve else REFUSE,
                style=style,
                custom_id=f"wbfollow:{game_id}:{follower}:{int(approve)}",
            )
        )
        self.game_id, self.follower, self.approve = game_id, follower, approve

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FollowAnswer:
        return cls(int(match["game"]), int(match["user"]), match["yes"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        host: Host = interaction.client  # type: ignore[assignment]
        try:
            moderator = await is_moderator(host, interaction)
            done = await answer(
                host.service,
                self.game_id,
                self.follower,
                interaction.user.id,
                moderator=moderator,
                approve=self.approve,
            )
            if not done:
                await interaction.response.send_message("That request was already answered.", ephemeral=True)
                return
            said = "may follow this game" if self.approve else "was not let follow this game"
            await interaction.response.edit_message(content=f"<@{self.follower}> {said}.", view=None)
        except Exception as error:
            await handle_error(interaction, error)


async def tell_followers(
    host: Host,
    client: discord.Client,
    status: GameStatus,
    *,
    title: str,
    lines: Sequence[str],
    recent: Sequence[Event],
    followers: Sequence[int] | None = None,
    view: Any = None,
) -> None:
    """The turn's public notice, by DM, to each follower of the game: the public board with ``recent``
    (public events) marked and ``lines`` (the public summary). ``followers`` and the public ``view``:
    when the caller has them in hand (else read)."""
    if followers is None:
        followers = await host.service.store.followers(status.game_id)
    if not followers:
        return
    shown = None if view is None else (status, view)
    heading = f"{title} · {status.title} (game #{status.game_id}, followed)"
    for user_id in followers:
        # Drawn per follower: a discord.File is read once when it is sent.
        board = await board_message(
            host,
            status.game_id,
            title=heading,
            lines=lines,
            recent=recent,
            link=f"<#{status.channel_id}>",
            shown=shown,
        )
        try:
            user = client.get_user(user_id) or await client.fetch_user(user_id)
            await user.send(embeds=board.embeds, files=board.files)
        except discord.Forbidden:
            await host.service.store.unfollow(status.game_id, user_id)
            channel = client.get_channel(status.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                await channel.send(
                    f"<@{user_id}>, your DMs are closed, so you no longer follow this game; open them "
                    "and `/game follow` again.",
                    allowed_mentions=pinging(user_id),
                )
        except discord.HTTPException as error:
            log.info("turn notice to follower %s of game %s failed: %s", user_id, status.game_id, error)
