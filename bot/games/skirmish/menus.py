"""The private menus of Skirmish: "Play a card…" in a counters-and-cards step, and the "are you sure?"
of "Stop placing, lose N…" (troops not placed are lost, so the click only asks; the answer's button is an
ordinary next-step button, ``end``, drawn for the same version). "Play a card…" first: A hand is secret, so
the cards are listed only to their holder, in an ephemeral message with a select of the plays the rules
allow now ("Push +2 on skirmish #1"...).

Nothing is kept in memory between clicks: the button's custom id is the shared
``wbm:<game>:<version>:sk_cards`` (the ``sk_`` keeps it apart from other games' menus), the select's
``skc:<game>:<version>``, and an option's value the whole play (``<card>.<skirmish>``, 0 for a card of the
whole battle). Choosing one plays it like a next-step button (``card`` in ``steps.py``): checked against
the version the menu was drawn for, then presented to the channel.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, cast

import discord

from bot.cogs.common import handle_error
from bot.cogs.moves import GameButton, menu_template, step_button
from bot.game import Step
from bot.games.skirmish.steps import CARDS_MENU, COMMAND, STOP_MENU
from bot.host import Host
from bot.limits import clip
from bot.models import ServiceError
from rules.skirmish.actions import PlayCard
from rules.skirmish.battle import flow
from rules.skirmish.legal import legal_actions
from rules.skirmish.pieces import pieces
from rules.skirmish.state import Phase, SkirmishState

GAME = "skirmish"
MAX_OPTIONS = 25  # Discord's limit for a select


def card_plays(state: SkirmishState, seat: int) -> list[tuple[str, str]]:
    """(label, value) for each card play the rules allow ``seat`` now."""
    table = pieces().cards
    plays = []
    for action in legal_actions(state, seat):
        if isinstance(action, PlayCard):
            kind = table[action.card]
            where = f" on skirmish #{action.skirmish}" if action.skirmish is not None else ""
            where = where or (f" on {action.territory}" if action.territory else "")
            plays.append((f"{kind.name} (#{action.card}){where}", f"{action.card}.{action.skirmish or 0}"))
    return list(dict.fromkeys(plays))[:MAX_OPTIONS]


class CardSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"skc:(?P<game>\d+):(?P<version>\d+)",
):
    def __init__(self, game: int, version: int, plays: list[tuple[str, str]] | None = None) -> None:
        options = [discord.SelectOption(label=clip(label, 100), value=value) for label, value in plays or []]
        super().__init__(
            discord.ui.Select(
                custom_id=f"skc:{game}:{version}",
                placeholder="Play which card?",
                options=options or [discord.SelectOption(label="(none)", value="0.0")],
            )
        )
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        data: Mapping[str, Any] = dict(interaction.data or {})
        chosen = str((data.get("values") or ["0.0"])[0])
        await GameButton(self.game, self.version, "card", chosen).callback(interaction)


class CardMenuButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=menu_template(COMMAND, CARDS_MENU),
):
    """ "Play a card…": the clicking player's own playable cards, privately, if the battle waits for
    their counters and cards."""

    def __init__(self, game: int, version: int) -> None:
        super().__init__(
            step_button(game, version, Step("cards", CARDS_MENU, "Play a card…", "secondary", True), COMMAND)
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CardMenuButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            content, view, version = await card_menu(host, self.game, interaction.user.id)
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.send_message(content, view=view, ephemeral=True)
        host.announcer.buttons.keep_response(self.game, version, interaction)


async def card_menu(host: Host, game_id: int, user_id: int) -> tuple[str, discord.ui.View, int]:
    """The player's playable cards as a private menu, with the game version it was drawn for."""
    found = await host.service.loaded(game_id)
    game = found.game
    if game.ruleset != GAME or game.state is None:
        raise ServiceError("no_battle", "This menu belongs to a Skirmish game.")
    state: SkirmishState = host.service.state_of(game)
    asked = flow.waiting(state.battle) if state.battle is not None else None
    mine = {s.seat for s in found.seats if s.user_id == user_id and s.status == "playing"}
    if asked is None or asked[1] != "cards":
        raise ServiceError("no_card_step", "No battle is waiting for counters and cards now.")
    if asked[0] not in mine:
        raise ServiceError("not_your_choice", "This counters-and-cards step is another player's.")
    plays = card_plays(state, asked[0])
    if not plays:
        raise ServiceError("no_cards", "You have no card you can play now; pass when you are done.")
    holder = discord.ui.View(timeout=None)
    holder.add_item(CardSelect(game_id, game.version, plays))
    return "Your cards you can play now (only you see this):", holder, game.version


class StopPlacingButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=menu_template(COMMAND, STOP_MENU),
):
    """ "Stop placing, lose N…": asks the placing player, privately, before the troops are lost."""

    def __init__(self, game: int, version: int) -> None:
        super().__init__(
            step_button(game, version, Step("stop", STOP_MENU, "Stop placing…", "danger", True), COMMAND)
        )
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> StopPlacingButton:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            content, view, version = await stop_menu(host, self.game, interaction.user.id)
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.send_message(content, view=view, ephemeral=True)
        host.announcer.buttons.keep_response(self.game, version, interaction)


async def stop_menu(host: Host, game_id: int, user_id: int) -> tuple[str, discord.ui.View, int]:
    """The question, with one button that ends placing (the move is judged when it is clicked), and
    the game version it was drawn for."""
    found = await host.service.loaded(game_id)
    game = found.game
    if game.ruleset != GAME or game.state is None:
        raise ServiceError("not_placing", "This button belongs to a Skirmish game.")
    state: SkirmishState = host.service.state_of(game)
    mine = {s.seat for s in found.seats if s.user_id == user_id and s.status == "playing"}
    if state.placing is None or state.phase is Phase.OVER:
        raise ServiceError("not_placing", "No reinforcements are waiting to be placed now.")
    if state.current not in mine:
        raise ServiceError("not_your_turn", "These reinforcements are another player's to place.")
    left = state.placing.troops
    holder = discord.ui.View(timeout=None)
    lose = "troop" if left == 1 else "troops"
    confirm = Step("end", "", f"Yes: lose {left} {lose}", "danger")
    holder.add_item(step_button(game_id, game.version, confirm, ""))
    return (
        f"Stop placing now? The {left} {lose} not yet placed are lost (only you see this; "
        "dismiss it to keep placing).",
        holder,
        game.version,
    )


DYNAMIC_ITEMS = (CardMenuButton, CardSelect, StopPlacingButton)
