"""Look-ups answer only the asker; a **Show everyone** button under the answer posts it to the channel once.

The button copies the private answer as the asker saw it (its text, embeds and pictures) rather than
looking again: what the table sees is what was shared, even if the game moved on meanwhile, and a
replay is not drawn twice. Its custom id carries whether it was used (``wbshow:0`` / ``wbshow:1``), so a
second click, even after a restart, says it was already shown instead of posting it again.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from bot.cogs.common import handle_error

SHOW = "wbshow:0"
SHOWN = "wbshow:1"
QUIET = discord.AllowedMentions.none()


def show_button(shown: bool = False) -> discord.ui.View:
    """The button under a private look-up (``shown``: already posted, it only says so)."""
    view = discord.ui.View(timeout=None)
    label, style = ("Shown to everyone", discord.ButtonStyle.secondary)
    if not shown:
        label, style = "Show everyone", discord.ButtonStyle.primary
    view.add_item(discord.ui.Button(label=label, style=style, custom_id=SHOWN if shown else SHOW))
    return view


def _local(url: str | None, files: dict[str, str]) -> str | None:
    """An embed's image url as sent again: a picture of the copied message points at its new upload."""
    if url is None:
        return None
    if url.startswith("attachment://"):
        return url
    name = url.split("?", 1)[0].rsplit("/", 1)[-1]
    return f"attachment://{files[name]}" if name in files else url


async def copy_of(message: discord.Message) -> dict[str, Any]:
    """The message's content, embeds and files, ready to send again."""
    files = [discord.File(io.BytesIO(await a.read()), filename=a.filename) for a in message.attachments]
    names = {a.filename: a.filename for a in message.attachments}
    embeds = []
    for embed in message.embeds:
        copy = discord.Embed.from_dict(embed.to_dict())
        image = _local(embed.image.url, names)
        if image is not None:
            copy.set_image(url=image)
        embeds.append(copy)
    return {"content": message.content or None, "embeds": embeds, "files": files}


def marked_shown(message: discord.Message) -> discord.ui.View:
    """The answer's buttons with **Show everyone** turned to "Shown to everyone", the others (a log's
    page buttons) kept as they were."""
    view = discord.ui.View(timeout=None)
    for item in discord.ui.View.from_message(message).children:
        shown = isinstance(item, discord.ui.Button) and item.custom_id == SHOW
        view.add_item(show_button(shown=True).children[0] if shown else item)
    return view


class ShowButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"wbshow:(?P<done>[01])"):
    """A click on **Show everyone**: post the private answer it sits under, once."""

    def __init__(self, done: bool = False) -> None:
        super().__init__(show_button(done).children[0])  # type: ignore[arg-type]
        self.done = done

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ShowButton:
        return cls(match["done"] == "1")

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.done or interaction.message is None:
                await interaction.response.send_message("That was already shown to everyone.", ephemeral=True)
                return
            copy = await copy_of(interaction.message)
            # First mark the private answer as shown (so the second click is told), then post it.
            await interaction.response.edit_message(view=marked_shown(interaction.message))
            await interaction.followup.send(**copy, allowed_mentions=QUIET)
        except Exception as error:
            await handle_error(interaction, error)
