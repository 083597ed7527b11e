"""Autocomplete for /atk: each option's suggestions from what is legal now for the asking seat
(``choices.py``), nothing for a spectator or a game of another kind. Free functions, attached to the
commands with ``app_commands.autocomplete``; the bot is the interaction's client (a ``Host``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import discord
from discord import app_commands

from bot.cogs.common import choices, running_game, seat_of
from bot.games.attack import choices as pick
from bot.games.attack import orders
from bot.host import Host
from rules.attack.state import AttackState

GAME = "attack"
Suggest = Callable[[AttackState, int], list[tuple[str, str]]]


def option(interaction: discord.Interaction, name: str) -> str:
    """What the player has typed so far in another option of the command (by its shown name)."""
    return str(getattr(interaction.namespace, name, "") or "")


def _kind(state: AttackState) -> str:
    turn = state.turn
    return turn.kind if turn is not None and turn.kind in orders.MARCHING else "move"


async def suggest(interaction: discord.Interaction, make: Suggest) -> list[app_commands.Choice[str]]:
    host = cast(Host, interaction.client)
    found = await running_game(host, interaction, GAME)
    seat = seat_of(found, interaction.user.id) if found else None
    if found is None or seat is None:
        return []
    return choices(make(host.service.state_of(found.game), seat))


async def government_government(
    interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.governments(s, seat, typed))


async def government_economics(
    interaction: discord.Interaction, typed: str
) -> list[app_commands.Choice[str]]:
    chosen = option(interaction, "government")
    return await suggest(interaction, lambda s, seat: pick.economics(s, seat, chosen, typed))


async def capital_region(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.capitals(s, seat, typed))


async def capital_outposts(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    region = option(interaction, "region")
    return await suggest(interaction, lambda s, seat: pick.outposts(s, seat, region, typed))


async def move_source(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.march_sources(s, seat, "move", typed))


async def move_target(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source = option(interaction, "from")
    return await suggest(interaction, lambda s, seat: pick.march_targets(s, seat, "move", source, typed))


async def move_units(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source, target = option(interaction, "from"), option(interaction, "to")
    return await suggest(
        interaction, lambda s, seat: pick.march_units(s, seat, "move", source, target, typed)
    )


async def transport_source(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.march_sources(s, seat, "transport", typed))


async def transport_target(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source = option(interaction, "from")
    return await suggest(interaction, lambda s, seat: pick.march_targets(s, seat, "transport", source, typed))


async def transport_units(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source, target = option(interaction, "from"), option(interaction, "to")
    return await suggest(
        interaction, lambda s, seat: pick.march_units(s, seat, "transport", source, target, typed)
    )


async def blitz_target(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.blitz_targets(s, seat, typed))


async def blitz_source(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    target = option(interaction, "target")
    return await suggest(
        interaction, lambda s, seat: pick.march_sources(s, seat, "blitz", typed, target or None)
    )


async def blitz_units(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source, target = option(interaction, "from"), option(interaction, "target")
    return await suggest(
        interaction, lambda s, seat: pick.march_units(s, seat, "blitz", source, "", typed, target or None)
    )


async def march_source(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.march_sources(s, seat, _kind(s), typed))


async def march_target(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source = option(interaction, "from")
    return await suggest(interaction, lambda s, seat: pick.march_targets(s, seat, _kind(s), source, typed))


async def march_units(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source, target = option(interaction, "from"), option(interaction, "to")
    return await suggest(
        interaction, lambda s, seat: pick.march_units(s, seat, _kind(s), source, target, typed)
    )


async def navigate_source(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.sail_sources(s, seat, typed))


async def navigate_target(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source = option(interaction, "from")
    return await suggest(interaction, lambda s, seat: pick.sail_targets(s, seat, source, typed))


async def navigate_ships(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source = option(interaction, "from")
    return await suggest(interaction, lambda s, seat: pick.sail_ships(s, seat, source, typed))


async def navigate_army(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    source = option(interaction, "from")
    return await suggest(interaction, lambda s, seat: pick.sail_army(s, seat, source, typed))


async def build_region(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.build_regions(s, seat, typed))


async def build_units(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    region = option(interaction, "region")
    return await suggest(interaction, lambda s, seat: pick.build_units(s, seat, region, typed))


async def negotiate_region(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.negotiable(s, seat, typed))


async def research_suit(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.research_suits(s, seat, typed))


async def research_region(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    suit = option(interaction, "suit")
    return await suggest(interaction, lambda s, seat: pick.research_regions(s, seat, suit, typed))


async def burn_oil_marker(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.oil_markers(s, seat, typed))


async def deploy_units(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.deploy_lines(s, seat, typed))


async def lineup_ships(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.lineups(s, seat, typed))


async def move_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "move", typed))


async def transport_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "transport", typed))


async def blitz_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "blitz", typed))


async def navigate_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "navigate", typed))


async def build_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "build", typed))


async def negotiate_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "negotiate", typed))


async def research_card(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await suggest(interaction, lambda s, seat: pick.cards(s, seat, "research", typed))
