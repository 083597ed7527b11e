"""The Axis & Allies battle menus, private to the player who decides:

- casualties: one select per unit kind ("lose how many infantry?"), pre-filled with the rules'
  cheapest-first choice, four kinds a page; the last row holds the confirm button (the whole choice and
  its count; disabled until the count is the one the hits take) and ◀ / ▶ to the other kinds' pages;
- retreat: one select of the places the rules allow (``battle.retreat_to``), when there are too many
  for the next-step buttons (``bot/aa_steps.py``).

Nothing is kept in memory between clicks: every custom id carries the game, the version and the whole
choice so far (a select ``aac:<game>:<version>:<kind>:<choice>``, a page button
``aap:<game>:<version>:<page>:<choice>``, the retreat select ``aar:<game>:<version>``), and each change
redraws the menu with the new choice in every id, so the menu survives a restart and a stale one is
refused like any button. A kind's page follows from the battle (``casualty_pages``), so it is not carried.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

import discord

from bot.cogs.common import handle_error
from bot.cogs.moves import GameButton, menu_template, step_button
from bot.game import Step
from bot.games.axis_allies.choices import (
    MAX_OPTIONS,
    casualty_pages,
    casualty_pool,
    casualty_prompt,
    casualty_shortfall,
    count_options,
    decode_pick,
    default_casualties,
    encode_pick,
    shown,
)
from bot.games.axis_allies.steps import COMMAND
from bot.games.axis_allies.units import units_text
from bot.host import Host
from bot.limits import clip
from bot.models import ServiceError
from rules.axis_allies import combat
from rules.axis_allies.board import POWERS, classic_board
from rules.axis_allies.units import UNIT_ORDER, unit_word, unit_words

GAME = "axis_allies"

Menu = tuple[str, discord.ui.View]  # the message's text and its components
Wanted = type[combat.Pending] | tuple[type[combat.Pending], ...]  # the decisions a menu is for
WAITS_FOR: dict[type[combat.Pending], str] = {
    combat.AwaitCasualties: "casualties",
    combat.AwaitPressOn: "the attacker to press on or retreat",
}


def _kind_name(kind: str) -> str:
    return unit_word(kind, 2)


# ---- casualties -------------------------------------------------------------------------------------


def casualty_menu(
    game: int, version: int, battle: combat.Battle, pick: dict[str, int], page: int = 0
) -> Menu:
    """Page ``page`` of the casualty menu for ``pick``: its kinds' selects, confirm and the page buttons."""
    pending = battle.pending
    assert isinstance(pending, combat.AwaitCasualties)
    pool, pages = casualty_pool(battle), casualty_pages(battle)
    page = min(max(page, 0), len(pages) - 1)
    holder = discord.ui.View(timeout=None)
    for kind in pages[page]:
        holder.add_item(CasualtySelect(game, version, kind, pick, min(pool[kind], pending.total)))
    chosen = [(k, n) for k, n in pick.items() if n]
    count = f"{sum(n for _, n in chosen)} of {pending.total}"
    label = f"Lose {count}: {units_text(chosen)}"
    confirm = step_button(game, version, Step("cas", encode_pick(pick), label, "success"), COMMAND)
    confirm.disabled = casualty_shortfall(battle, pick) != 0
    holder.add_item(confirm)
    for to, arrow in ((page - 1, "◀"), (page + 1, "▶")):
        if 0 <= to < len(pages):
            kinds = ", ".join(unit_word(k) for k in pages[to])
            holder.add_item(CasualtyPage(game, version, to, pick, f"{arrow} {kinds}"))
    content = casualty_prompt(battle, pick)
    if len(pages) > 1:
        content += f"\nKinds, page {page + 1} of {len(pages)}: ◀ ▶ show the others."
    return content, holder


class CasualtySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"aac:(?P<game>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<pick>[\w.]+)",
):
    def __init__(self, game: int, version: int, kind: str, pick: dict[str, int], most: int = 0) -> None:
        name = _kind_name(kind)
        chosen = pick.get(kind, 0)
        options = [
            discord.SelectOption(label=f"lose {unit_words(kind, n)}", value=str(n), default=n == chosen)
            for n in count_options(most, chosen)
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"aac:{game}:{version}:{kind}:{encode_pick(pick)}",
                placeholder=f"{name}: how many to lose?",
                options=options,
            )
        )
        self.game, self.version, self.kind, self.pick = game, version, kind, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CasualtySelect:
        return cls(int(match["game"]), int(match["version"]), match["kind"], decode_pick(match["pick"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            pick = dict(self.pick)
            pick[self.kind] = int(_values(interaction)[0])
            battle, _ = await _waiting_battle(host, self.game, self.version, combat.AwaitCasualties)
            pick = {k: pick.get(k, 0) for k in casualty_pool(battle)}
            page = next((i for i, kinds in enumerate(casualty_pages(battle)) if self.kind in kinds), 0)
            content, view = casualty_menu(self.game, self.version, battle, pick, page)
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.edit_message(content=content, view=view)


class CasualtyPage(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"aap:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+):(?P<pick>[\w.]+)",
):
    """◀ / ▶: the casualty menu's other kinds, with the choice so far."""

    def __init__(self, game: int, version: int, page: int, pick: dict[str, int], label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=clip(label or f"page {page + 1}", 80),
                style=discord.ButtonStyle.secondary,
                custom_id=f"aap:{game}:{version}:{page}:{encode_pick(pick)}",
            )
        )
        self.game, self.version, self.page, self.pick = game, version, page, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CasualtyPage:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]), decode_pick(match["pick"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            battle, _ = await _waiting_battle(host, self.game, self.version, combat.AwaitCasualties)
            pick = {k: self.pick.get(k, 0) for k in casualty_pool(battle)}
            content, view = casualty_menu(self.game, self.version, battle, pick, self.page)
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.edit_message(content=content, view=view)


# ---- retreat ----------------------------------------------------------------------------------------


def retreat_menu(game: int, version: int, battle: combat.Battle) -> Menu:
    """A select of the places the rules let the attackers retreat to (the first 25, Discord's limit)."""
    pending = battle.pending
    assert isinstance(pending, combat.AwaitPressOn)
    if not pending.can_retreat:
        raise ServiceError(
            "cannot_retreat", "No unit here may retreat (units that came ashore from transports stay)."
        )
    going = Counter(u.kind for u in battle.attackers if not u.landed)
    places = battle.retreat_to[:MAX_OPTIONS]
    leaving = units_text([(k, going[k]) for k in UNIT_ORDER if going[k]])
    content = f"**{shown(battle.where)}**: retreat {leaving} to:"
    if len(battle.retreat_to) > len(places):
        content += f" (the menu holds {len(places)}; `/aa retreat to:` names any of them)"
    holder = discord.ui.View(timeout=None)
    holder.add_item(RetreatSelect(game, version, places))
    return content, holder


class RetreatSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"aar:(?P<game>\d+):(?P<version>\d+)",
):
    """Where to retreat: the option values are board indexes, and the choice is the retreat button's."""

    def __init__(self, game: int, version: int, places: Sequence[str] = ()) -> None:
        board = classic_board()
        super().__init__(
            discord.ui.Select(
                custom_id=f"aar:{game}:{version}",
                placeholder="Retreat to…",
                options=[
                    discord.SelectOption(label=shown(p), value=str(board.territories[p].index))
                    for p in places
                ],
            )
        )
        self.game, self.version = game, version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RetreatSelect:
        return cls(int(match["game"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        # The same move as a "Retreat to X" button: checked against the version, then presented.
        await GameButton(self.game, self.version, "retreat", _values(interaction)[0]).callback(interaction)


# ---- opening a menu ---------------------------------------------------------------------------------


def _values(interaction: discord.Interaction) -> list[str]:
    data: Mapping[str, Any] = dict(interaction.data or {})
    return [str(v) for v in data.get("values") or ["0"]]


async def _waiting_battle(
    host: Host,
    game_id: int,
    version: int | None,
    wanted: Wanted,
) -> tuple[combat.Battle, int]:
    """The battle and the game's version, if the battle waits for a ``wanted`` decision (and the game is
    still at ``version``, when given); else a refusal."""
    game = await host.service.load(game_id)
    if version is not None and version != game.version:
        raise ServiceError(
            "stale", "The battle has moved on since this menu; open it again from the latest message."
        )
    battle = host.service.state_of(game).battle if game.ruleset == GAME and game.state else None
    if battle is None or not isinstance(battle.pending, wanted):
        kinds = wanted if isinstance(wanted, tuple) else (wanted,)
        what = " or ".join(WAITS_FOR[k] for k in kinds if k in WAITS_FOR)
        raise ServiceError("no_battle", f"No battle is waiting for {what} now.")
    return battle, game.version


async def _check_decider(host: Host, interaction: discord.Interaction, game_id: int, power: str) -> None:
    """Refuse unless the player holds the seat that plays ``power``."""
    found = await host.service.loaded(game_id)
    seats = found.seats
    mine = {s.seat for s in seats if s.user_id == interaction.user.id and s.status == "playing"}
    seat_of = host.service.state_of(found.game).seat_of
    decider = next((seat_of[p] for p, name in enumerate(POWERS) if name == power), None)
    if decider not in mine:
        name = seats[decider].name if decider is not None and decider < len(seats) else "another player"
        raise ServiceError("not_your_choice", f"This decision is {name}'s to make, not yours.")


async def send_menu(
    host: Host,
    interaction: discord.Interaction,
    game_id: int,
    wanted: Wanted = (combat.AwaitCasualties, combat.AwaitPressOn),
) -> None:
    """Answer, privately, with the menu for the decision the battle waits for (casualties or a retreat),
    if it is this player's to make."""
    battle, version = await _waiting_battle(host, game_id, None, wanted)
    pending = battle.pending
    assert pending is not None
    await _check_decider(host, interaction, game_id, pending.power)
    if isinstance(pending, combat.AwaitCasualties):
        content, view = casualty_menu(game_id, version, battle, default_casualties(battle))
    else:
        content, view = retreat_menu(game_id, version, battle)
    await interaction.response.send_message(content, view=view, ephemeral=True)
    cast(Host, interaction.client).announcer.buttons.keep_response(game_id, version, interaction)


MENUS: dict[str, Wanted] = {
    "casualties": combat.AwaitCasualties,
    "retreat": combat.AwaitPressOn,
    "open": (combat.AwaitCasualties, combat.AwaitPressOn),
}


class MenuButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=menu_template(COMMAND, r"(?P<which>[a-z]+)"),
):
    """A next-step button that opens a menu (``Step.menu``): the decision's private menu, for its
    decider only. The version is not checked: the menu is drawn from the battle as it is now."""

    def __init__(self, game: int, version: int, which: str) -> None:
        super().__init__(step_button(game, version, Step("pick", which, "Choose", "primary", True), COMMAND))
        self.game, self.which = game, which

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MenuButton:
        return cls(int(match["game"]), int(match["version"]), match["which"])

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        try:
            await send_menu(host, interaction, self.game, MENUS.get(self.which, MENUS["open"]))
        except Exception as error:
            await handle_error(interaction, error)


DYNAMIC_ITEMS = (MenuButton, CasualtySelect, CasualtyPage, RetreatSelect)
