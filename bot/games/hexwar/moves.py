"""Two moves of /hex that the shared presentation does not cover: several starting units placed with one
command (each its own move, presented together), and the public events of the last round resolved,
read back from the game's log for ``/hex round``."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.cogs.common import channel_game
from bot.cogs.moves import act_and_present, act_several, merged, present_to_mover
from bot.gamelog import decode_events, visible
from bot.host import Host
from rules.core.events import Action, Event
from rules.hexwar.events import OrdersRevealed

GAME = "hexwar"


async def act_many(host: Host, interaction: discord.Interaction, actions: Sequence[Action]) -> None:
    """Place several starting units with one command: one move each, as far as the turn allows,
    presented together like a single move."""
    if len(actions) == 1:
        await act_and_present(host, interaction, GAME, actions[0])
        return
    found = await channel_game(host, interaction, GAME)
    results, refusal = await act_several(host, interaction.user.id, found, actions, until_turn_ends=True)
    lines = [line for r in results for line in r.lines]
    if len(results) < len(actions):
        stopped = refusal.message if refusal is not None else ""
        lines.append(f"Placed {len(results)} of {len(actions)}. {stopped}".strip())
    await present_to_mover(host, interaction, found.game.id, merged(results, lines))


async def last_round(host: Host, game_id: int, ended: bool) -> list[Event]:
    """The public events of the move that resolved the last round, looked for from the end of the log
    in windows that double: it lies within the current round's orders, so the rows read do not grow
    with the length of the game."""
    ruleset = host.games[GAME].rules
    count, checked_from = 16, None  # the oldest seq looked at so far
    while True:
        rows = await host.store.last_live_actions(game_id, count)
        for row in reversed(rows):
            if checked_from is not None and row.seq >= checked_from:
                continue
            events = visible(ruleset, decode_events(ruleset, row.events), None, ended)
            if any(isinstance(e, OrdersRevealed) for e in events):
                return events
        if len(rows) < count:  # the whole log read: no round resolved yet
            return []
        count, checked_from = count * 2, rows[0].seq
