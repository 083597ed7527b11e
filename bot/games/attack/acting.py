"""Playing moves for a player and showing them: a button or menu confirm (``act_clicked``; a command's
move is the shared ``GameCog.act``), and, when a move hands a battle decision to another player, one
more message naming it with its buttons (``prompt_decision``): the turn ping, which the shared layer
posts, carries none."""

from __future__ import annotations

from typing import cast

import discord

from bot.cogs.common import handle_error, plain
from bot.cogs.live_buttons import CLICKED
from bot.cogs.moves import present_move, step_buttons
from bot.games.attack.steps import COMMAND, battle_steps
from bot.games.attack.units import troops_value
from bot.host import Host
from bot.models import ActResult
from rules.attack.views import AttackView
from rules.core.events import Action

QUIET = discord.AllowedMentions.none()


async def act_clicked(
    interaction: discord.Interaction,
    game_id: int,
    action: Action,
    version: int | None,
    done: str | None = None,
) -> None:
    """Make ``action`` for the clicking player (refused if the game moved on from ``version``), take the
    spent buttons off their message (``done``: what a private menu says instead), present the move and
    ask the battle decision that follows, if any."""
    host = cast(Host, interaction.client)
    if interaction.message is not None:  # this click's answer takes its message's buttons off
        CLICKED.set(interaction.message.id)
    try:
        result = await host.service.act(game_id, interaction.user.id, action, version=version)
    except Exception as error:
        await handle_error(interaction, error)
        return
    await interaction.response.defer()
    if done is not None:
        await interaction.edit_original_response(content=done, view=None)
    else:
        await interaction.edit_original_response(view=None)
    await present_move(host, interaction, game_id, result)
    await prompt_decision(host, interaction, game_id, result)


async def prompt_decision(
    host: Host, interaction: discord.Interaction, game_id: int, result: ActResult
) -> None:
    """A move that handed a battle decision to another player (the turn changed, so its answer carried
    no buttons): one more message naming the decision, with its buttons."""
    if not result.turn_changed or result.result:
        return
    status = await host.service.status(game_id)
    if status.status != "running" or not any(
        status.seats[s].controller == "human" for s in status.waiting_for
    ):
        return
    view: AttackView = await host.service.view(game_id)
    steps = battle_steps(view)
    if not steps:
        return
    names = [plain(s.name) for s in status.seats]
    buttons = step_buttons(game_id, status.version, steps, COMMAND)
    assert buttons is not None
    sent = await interaction.followup.send(
        decision_text(view, names), view=buttons, allowed_mentions=QUIET, wait=True
    )
    host.announcer.buttons.keep_message(game_id, status.version, sent)


def decision_text(view: AttackView, names: list[str]) -> str:
    """The battle decision waiting now, in one line."""

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    navy, army = view.navy_battle, view.army_battle
    if navy is not None:
        zone = {z.id: z.name for z in view.zones}.get(navy.zone, navy.zone)
        if navy.awaiting == "lineup":
            deciding = " and ".join(who(s) for s in view.to_act)
            return (
                f"**Navy battle in the {zone}**, round {navy.round}: {deciding}, set your line-up "
                "(secret until both are in)."
            )
        return f"**Navy battle in the {zone}**: {who(view.to_act[0])}, retreat or fight on?"
    assert army is not None
    region = {r.id: r.name for r in view.regions}.get(army.region, army.region)
    reserve = army.attacker_reserve if army.deciding == army.attacker else army.defender_reserve
    if army.defender < 0 and army.deciding != army.attacker:  # an opponent decides for a neutral
        deciding = f"{who(army.deciding)} (commanding the neutral garrison)"
        what = "its first line" if army.awaiting == "deploy" else f"the units it adds (turn {army.turn})"
    else:
        deciding = who(army.deciding)
        what = "your first line" if army.awaiting == "deploy" else f"the units you add (turn {army.turn})"
    return f"**Battle for {region}**: {deciding}, choose {what}: {army.need} from {troops_value(reserve)}."
