"""What the parts of the /sk cog share: the game's base cog, and battle answers named by their style.

The commands live in three classes that ``cog.SkirmishCog`` combines into the one ``/sk`` group (discord.py
collects app commands from every base of a cog): the turn (``cog.py``), the battle steps
(``battle_commands.py``) and the private ones (``private_commands.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.cogs.game_cog import GameCog
from bot.games.skirmish.steps import battle_answer
from rules.core.events import Action

GAME = "skirmish"


def styled(verb: str, text: str, styles: tuple[str, ...]) -> Callable[[str, Any], Action] | None:
    """A battle answer named by its style (``best``...), as a move made in the position it finds."""
    style = text.strip().lower()
    if style not in styles:
        return None
    return lambda name, state: battle_answer(verb, style, state)


class Commands(GameCog):
    """The base of the cog's three parts (``GameCog``: the host, making a move, autocomplete); only
    ``SkirmishCog`` is ever added to the bot."""

    game = GAME
