"""Buttons that survive a restart: each custom id carries the game, the version it was drawn for and
the move, so a click after a restart still works and a click on an old message is refused politely.

Template: ``wb:<game>:<version>:<verb>[:<arg>]``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot import aa_steps
from bot.cogs.common import attack_dice, handle_error
from bot.limits import clip
from rules.core.events import Action
from rules.risk.actions import Attack, EndPhase, Occupy

if TYPE_CHECKING:
    from bot.app import WarboardBot

LABELS = {
    "roll": "Attack again",
    "blitz": "Attack until conquered",
    "occupy": "Move in {arg}",
    "stop": "Stop attacking",
}
STYLES = {
    "roll": discord.ButtonStyle.danger,
    "blitz": discord.ButtonStyle.danger,
    "occupy": discord.ButtonStyle.primary,
}


def action_for(verb: str, arg: str) -> Action | None:
    """The move a button stands for; the engine validates it like any typed command. None: the button
    opens a menu instead (an A&A casualty choice)."""
    if verb in aa_steps.VERBS:
        return aa_steps.action_for(verb, arg)
    if verb in ("roll", "blitz"):
        source, _, target = arg.partition(".")
        return Attack(source, target, 3, until=1 if verb == "blitz" else None)
    if verb == "occupy":
        return Occupy(int(arg))
    return EndPhase()


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wb:(?P<game>\d+):(?P<version>\d+):(?P<verb>[a-z]+)(?::(?P<arg>[\w.]+))?",
):
    def __init__(self, game: int, version: int, verb: str, arg: str = "", label: str | None = None) -> None:
        custom_id = f"wb:{game}:{version}:{verb}" + (f":{arg}" if arg else "")
        style = STYLES.get(verb) or getattr(discord.ButtonStyle, aa_steps.STYLES.get(verb, "secondary"))
        super().__init__(
            discord.ui.Button(
                label=clip(label or LABELS.get(verb, verb).format(arg=arg), 80),
                style=style,
                custom_id=custom_id,
            )
        )
        self.game, self.version, self.verb, self.arg = game, version, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(int(match["game"]), int(match["version"]), match["verb"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.aa_ui import send_menu
        from bot.cogs.play import present_move

        bot: WarboardBot = interaction.client  # type: ignore[assignment]
        try:
            if self.verb == "pick":  # the menu for the battle's decision, shown only to the deciding player
                await send_menu(bot, interaction, self.game)
                return
            action = action_for(self.verb, self.arg)
            if self.verb == "auto":
                action = aa_steps.auto_casualties(bot.service.state_of(await bot.service.load(self.game)))
            # The attacker may clamp dice to what the territory allows: a button does not know.
            if isinstance(action, Attack):
                dice = await attack_dice(bot, self.game, action.source, action.dice)
                action = Attack(action.source, action.target, dice, action.until)
            assert action is not None
            result = await bot.service.act(self.game, interaction.user.id, action, version=self.version)
        except Exception as error:
            await handle_error(interaction, error)
            return
        await interaction.response.defer()
        # The buttons under the old message are spent: take them away rather than leave stale ones.
        await interaction.edit_original_response(view=None)
        await present_move(bot, interaction, self.game, result)


def next_steps(
    game_id: int, version: int, view: Any, last_battle: Any | None, state: Any = None
) -> discord.ui.View | None:
    """The natural next moves: after a Risk move, move in, attack again, attack until conquered, stop;
    in Axis & Allies (``state`` given), a battle's decisions, the battles to fight or the phase's end."""
    buttons: list[GameButton] = []
    if state is not None:
        buttons = [GameButton(game_id, version, v, a, label) for v, a, label in aa_steps.next_steps(state)]
        return _holder(buttons)
    pending = getattr(view, "pending", None)
    if pending is not None and pending.kind == "occupy":
        for count in sorted({pending.maximum, pending.minimum}, reverse=True):
            buttons.append(GameButton(game_id, version, "occupy", str(count)))
    elif view.phase == "attack" and not view.must_trade_down and not view.reinforcements:
        if last_battle is not None:
            source = next(t for t in view.territories if t.id == last_battle.source)
            target = next(t for t in view.territories if t.id == last_battle.target)
            if target.owner != source.owner and source.armies >= 2:
                pair = f"{source.id}.{target.id}"
                buttons += [
                    GameButton(game_id, version, "roll", pair),
                    GameButton(game_id, version, "blitz", pair),
                ]
        buttons.append(GameButton(game_id, version, "stop"))
    return _holder(buttons)


def _holder(buttons: list[GameButton]) -> discord.ui.View | None:
    if not buttons:
        return None
    holder = discord.ui.View(timeout=None)
    for button in buttons[:5]:
        holder.add_item(button)
    return holder
