"""The announcer's pure pieces: when the bot may pin the status message."""

from __future__ import annotations

import discord

from bot.cogs.announce import may_pin


def test_pinning_needs_pin_messages_or_manage_messages() -> None:
    assert not may_pin(discord.Permissions.none())
    assert not may_pin(discord.Permissions(send_messages=True, attach_files=True, embed_links=True))
    assert may_pin(discord.Permissions(manage_messages=True))
    assert may_pin(discord.Permissions(pin_messages=True))  # Discord's 2025 permission
