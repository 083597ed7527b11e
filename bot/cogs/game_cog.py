"""What every game's slash-command group shares (issue 33, item 1): ``GameCog`` is built from the host,
answers every error of its commands with the one handler (``common.AnswersErrors``), makes a move through
the shared plumbing (``moves.act_and_present``) and finds what autocomplete suggests from; a game's cog
derives from it and holds only its own commands. It also shows a player's hand (``show_hand``), which
three games do alike. No game is named here: a cog says which game it plays with its ``game`` attribute
(the registry's name).

Autocomplete has one shape in every game: an option's suggestions are a function of what is asked
(``Asking``: the game's state, the asking seat, what has been typed here and in the command's other
options), attached with ``app_commands.autocomplete(option=suggest(...))``. ``suggest`` makes the
callback discord.py calls; it finds the cog (the command's binding) and from it the channel's game, so a
spectator, another game's channel or a game not yet started is offered nothing."""

from __future__ import annotations

from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.common import COLOUR, AnswersErrors, channel_game, choices, png_file, running_game, seat_of
from bot.cogs.moves import act_and_present
from bot.core import Move
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip
from bot.models import ActResult, ServiceError
from bot.store import GameAndSeats

Pairs = Sequence[tuple[str, str]]  # (what the player sees, the value sent back)
Completion = list[app_commands.Choice[str]]
Autocomplete = Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, Completion]]


@dataclass(frozen=True, slots=True)
class Typed:
    """What a player has typed: in the option being completed (``typed``) and, by the name the player
    sees (``from``, not ``source``), in the command's other options."""

    typed: str
    interaction: discord.Interaction

    def option(self, name: str) -> str:
        return str(getattr(self.interaction.namespace, name, "") or "")


@dataclass(frozen=True, slots=True)
class Asking(Typed):
    """An autocomplete question in a running game: its state, the asking player's seat and the seats'
    names. With ``suggest(..., spectators=True)`` a spectator asks too, with ``seat`` ``NO_SEAT``."""

    state: Any
    seat: int
    names: list[str]


NO_SEAT = -1  # a spectator's "seat", only ever passed to suggestions that read no seat


class GameCog(AnswersErrors, commands.GroupCog):
    """The base of every game's cog: ``class <Game>Cog(GameCog, group_name=<its slash group>, ...)`` with
    ``game = "<game>"``. discord.py collects the commands of every class in a cog's bases, so a large game
    may spread its commands over mixins deriving from this class (only the one cog is added to the bot)."""

    game: ClassVar[str]  # the game's registry name (``bot.games.GAMES``)

    def __init__(self, host: Host) -> None:
        self.host = host

    async def act(
        self, interaction: discord.Interaction, move: Move, found: GameAndSeats | None = None
    ) -> ActResult:
        """Make ``move`` (an action, or a function of the position the move finds) for the player in
        this channel's game and present it (``moves.act_and_present``); ``found``: the channel's game if
        the command already read it. Returns what the move did, for a game that says more after it."""
        return await act_and_present(self.host, interaction, self.game, move, found)

    async def show_hand(
        self, interaction: discord.Interaction, title: str, describe: Callable[[Any], str]
    ) -> None:
        """The asking player's hidden things (a hand of cards, a secret line-up), to them alone: ``describe``
        (of their view) in words and the game's ``private`` picture."""
        found = await channel_game(self.host, interaction, self.game)
        view = await self.host.service.view(found.game.id, interaction.user.id)
        if view.hand is None:
            raise ServiceError("not_a_player", "You are not playing in this game, so you hold no cards.")
        await interaction.response.defer(ephemeral=True, thinking=True)
        embed = discord.Embed(title=title, description=clip(describe(view), EMBED_DESCRIPTION), colour=COLOUR)
        names = [s.name for s in found.seats]
        file = await png_file(self.host.games[self.game].pictures.private, view, names, filename="hand.png")
        embed.set_image(url="attachment://hand.png")
        await interaction.followup.send(embed=embed, file=file, ephemeral=True)

    async def asking(
        self, interaction: discord.Interaction, typed: str, *, spectators: bool = False
    ) -> Asking | None:
        """The autocomplete question of ``interaction``: None (nothing to suggest) outside a running
        game of this cog's kind, or for a spectator unless ``spectators``."""
        found = await running_game(self.host, interaction, self.game)
        if found is None:
            return None
        seat = seat_of(found, interaction.user.id)
        if seat is None and not spectators:
            return None
        state = self.host.service.state_of(found.game)
        names = [s.name for s in found.seats]
        return Asking(typed, interaction, state, NO_SEAT if seat is None else seat, names)


def suggest(make: Callable[[Asking], Pairs], *, spectators: bool = False) -> Autocomplete:
    """An option's autocomplete: ``make``'s (label, value) pairs for the asking seat, from the game as it
    stands (nothing for a spectator unless ``spectators``, or outside this cog's running game)."""

    async def complete(interaction: discord.Interaction[Any], typed: str) -> Completion:
        cog = getattr(interaction.command, "binding", None)  # the cog whose command is being typed
        if not isinstance(cog, GameCog):
            return []
        asked = await cog.asking(interaction, typed, spectators=spectators)
        return choices(make(asked)) if asked is not None else []

    return complete


def offer(make: Callable[[Typed], Pairs]) -> Autocomplete:
    """An option's autocomplete that needs no game: a fixed list filtered by what has been typed."""

    async def complete(interaction: discord.Interaction[Any], typed: str) -> Completion:
        return choices(make(Typed(typed, interaction)))

    return complete
