"""What the parts of the /sk cog share: the host, making a move, and autocomplete for the asking seat.

The commands live in three classes that ``cog.SkirmishCog`` combines into the one ``/sk`` group (discord.py
collects app commands from every base of a cog): the turn (``cog.py``), the battle steps
(``battle_commands.py``) and the private ones (``private_commands.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import choices, running_game, seat_of
from bot.cogs.moves import act_and_present
from bot.games.skirmish.steps import battle_answer
from bot.host import Host
from rules.core.events import Action
from rules.skirmish.state import SkirmishState

GAME = "skirmish"
Suggest = Callable[[SkirmishState, int, list[str]], list[tuple[str, str]]]
Completion = list[app_commands.Choice[str]]


def styled(verb: str, text: str, styles: tuple[str, ...]) -> Callable[[str, Any], Action] | None:
    """A battle answer named by its style (``best``...), as a move made in the position it finds."""
    style = text.strip().lower()
    if style not in styles:
        return None
    return lambda name, state: battle_answer(verb, style, state)


class Commands(commands.Cog):
    """The helpers every part of the cog uses; ``host`` is set by the cog. A ``Cog`` so that its
    subclasses' commands type-check; only ``SkirmishCog`` is ever added to the bot."""

    host: Host

    async def _act(self, interaction: discord.Interaction, move: Any) -> None:
        await act_and_present(self.host, interaction, GAME, move)

    async def _suggest(self, interaction: discord.Interaction, suggest: Suggest) -> Completion:
        """Autocomplete from the game's state for the asking seat (nothing for a spectator)."""
        found = await running_game(self.host, interaction, GAME)
        seat = seat_of(found, interaction.user.id) if found else None
        if found is None or seat is None:
            return []
        state: SkirmishState = self.host.service.state_of(found.game)
        return choices(suggest(state, seat, [s.name for s in found.seats]))

    @staticmethod
    def _typed(interaction: discord.Interaction, name: str) -> str:
        return str(getattr(interaction.namespace, name, "") or "")
