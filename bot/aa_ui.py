"""The Axis & Allies casualty menu: an ephemeral message with one select per unit kind ("lose how many
infantry?"), pre-filled with the rules' cheapest-first choice, and a confirm button.

Nothing is kept in memory between clicks: every select's custom id carries the game, the version and the
whole choice so far (``wbc:<game>:<version>:<kind>:<choice>``), and each change redraws the menu with
the new choice in every id, so the menu survives a restart and a stale one is refused like any button.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.aa_choices import casualty_pool, casualty_prompt, decode_pick, default_casualties, encode_pick
from bot.aa_units import units_text
from bot.cogs.common import handle_error
from bot.models import ServiceError
from bot.ui import GameButton
from rules.axis_allies import combat
from rules.axis_allies.units import UNIT_TYPES

if TYPE_CHECKING:
    from bot.app import WarboardBot

MAX_SELECTS = 4  # Discord allows five rows: four selects and the confirm button


def casualty_view(game: int, version: int, battle: combat.Battle, pick: dict[str, int]) -> discord.ui.View:
    pending = battle.pending
    assert isinstance(pending, combat.AwaitCasualties)
    pool = casualty_pool(battle)
    kinds = sorted(pool, key=lambda k: (pick.get(k, 0) == 0, list(pool).index(k)))[:MAX_SELECTS]
    holder = discord.ui.View(timeout=None)
    for kind in kinds:
        holder.add_item(CasualtySelect(game, version, kind, pick, min(pool[kind], pending.total)))
    chosen = [(k, n) for k, n in pick.items() if n]
    label = f"Lose {units_text(chosen)}" if chosen else "Lose nothing"
    holder.add_item(GameButton(game, version, "cas", encode_pick(pick), label=label))
    return holder


class CasualtySelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"wbc:(?P<game>\d+):(?P<version>\d+):(?P<kind>[a-z_]+):(?P<pick>[\w.]+)",
):
    def __init__(self, game: int, version: int, kind: str, pick: dict[str, int], most: int = 0) -> None:
        name = UNIT_TYPES[kind].name.lower() if kind in UNIT_TYPES else kind
        chosen = pick.get(kind, 0)
        options = [
            discord.SelectOption(label=f"lose {n} {name}", value=str(n), default=n == chosen)
            for n in range(0, max(most, chosen) + 1)
        ][:25]
        super().__init__(
            discord.ui.Select(
                custom_id=f"wbc:{game}:{version}:{kind}:{encode_pick(pick)}",
                placeholder=f"{name}: how many to lose?",
                options=options or [discord.SelectOption(label="lose 0", value="0")],
            )
        )
        self.game, self.version, self.kind, self.pick = game, version, kind, pick

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CasualtySelect:
        return cls(int(match["game"]), int(match["version"]), match["kind"], decode_pick(match["pick"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: WarboardBot = interaction.client  # type: ignore[assignment]
        try:
            data: dict[str, Any] = dict(interaction.data or {})
            values = data.get("values") or ["0"]
            pick = dict(self.pick)
            pick[self.kind] = int(values[0])
            battle = await _waiting_battle(bot, self.game, self.version)
            pick = {k: pick.get(k, 0) for k in casualty_pool(battle)}
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.edit_message(
            content=casualty_prompt(battle, pick), view=casualty_view(self.game, self.version, battle, pick)
        )


async def _waiting_battle(bot: WarboardBot, game_id: int, version: int | None = None) -> combat.Battle:
    game = await bot.service.load(game_id)
    if version is not None and version != game.version:
        raise ServiceError("stale", "The battle has moved on since this menu; use /aa casualties again.")
    if game.ruleset != "axis_allies" or game.state is None:
        raise ServiceError("no_battle", "No battle is waiting for casualties.")
    battle = bot.service.state_of(game).battle
    if battle is None or not isinstance(battle.pending, combat.AwaitCasualties):
        raise ServiceError("no_battle", "No battle is waiting for casualties now.")
    return battle  # type: ignore[no-any-return]


async def send_casualty_menu(bot: WarboardBot, interaction: discord.Interaction, game_id: int) -> None:
    """Answer with the casualty menu, privately, if the battle waits for this player's choice."""
    battle = await _waiting_battle(bot, game_id)
    pending = battle.pending
    assert isinstance(pending, combat.AwaitCasualties)
    view = await bot.service.view(game_id, interaction.user.id)
    seats = await bot.store.seats(game_id) if bot.store else []
    mine = {s.seat for s in seats if s.user_id == interaction.user.id and s.status == "playing"}
    decider = next((i for i, powers in enumerate(view.seats) if pending.power in powers), None)
    if decider not in mine:
        name = seats[decider].name if decider is not None and decider < len(seats) else "another player"
        raise ServiceError("not_your_choice", f"These casualties are {name}'s to choose, not yours.")
    pick = default_casualties(battle)
    version = (await bot.service.load(game_id)).version
    await interaction.response.send_message(
        casualty_prompt(battle, pick), view=casualty_view(game_id, version, battle, pick), ephemeral=True
    )
