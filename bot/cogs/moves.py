"""A move, from a slash command or a button: apply it (a refusal stays ephemeral), then present what
happened (the battle picture, the next-step buttons) to the mover alone, tell the table in the turn's
one public message (edited in place by the announcer), and when a turn ends, hand over to the announcer
(bot/cogs/announce.py). A decision asked of a player not on turn is a ping to that player alone.

Next-step buttons are each game's ``Step`` data drawn as persistent buttons: the custom id
``wb:<game>:<version>:<verb>[:<arg>]`` carries the game, the version it was drawn for and the move, so a
click after a restart still works and a click on an old message is refused politely (and takes the old
buttons off). Once the game moves on from the version a message's buttons were drawn for, they are taken
off it (``bot/cogs/live_buttons.py``): a phone's player never sees live-looking buttons that do nothing.
A step that opens
a game's private menu gets the id ``wbm:<command>:<game>:<version>:<arg>``, answered by the game's own
dynamic item (registered by its extension): the game's slash-command group keeps one game's menu
template from answering another game's clicks (discord.py hands a click to every template it matches).

A move's answer is posted under the game's turn lock (``host.turns``, bot/scheduler.py), as are the AI's
moves and the turn pings: a player who answers the AI while its lines and the ping are still being
posted waits for them, then the AI goes on from there, and the next ping comes after the answer."""

from __future__ import annotations

import asyncio
import contextvars
import io
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import Any, TypeVar, cast

import discord

from bot.cogs.common import COLOUR, channel_game, handle_error, plain
from bot.cogs.live_buttons import CLICKED
from bot.core import Move, answers_for
from bot.game import Step, TextCommands
from bot.gamelog import mover_lines
from bot.host import Host
from bot.limits import EMBED_DESCRIPTION, clip, last_lines
from bot.models import ActResult, GameStatus, Position, ServiceError
from bot.store import GameAndSeats
from rules.core.errors import IllegalAction

T = TypeVar("T")
ACK_SECONDS = 2.0  # of Discord's 3 for the first response, the rest kept for the defer's own trip
MAX_BUTTONS = 5  # one row under the message
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


async def act_and_present(
    host: Host, interaction: discord.Interaction, game: str, move: Move, found: GameAndSeats | None = None
) -> ActResult:
    """A player's move from a command of ``game``'s cog: apply it, then show what happened; returns what
    the move did, for a game that says more after it. ``found``: the channel's game if the command
    already looked it up."""
    found = found or await channel_game(host, interaction, game)
    game_id = found.game.id

    async def defer() -> None:  # the move's answer is the mover's: the table has the turn's message
        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True)

    result = await in_time(interaction, host.service.act(found, interaction.user.id, move), defer)
    await present_to_mover(host, interaction, game_id, result)
    return result


async def present_to_mover(
    host: Host, interaction: discord.Interaction, game_id: int, result: ActResult
) -> None:
    """Answer the mover's command with what its move did (privately: the table has the turn's message)."""

    async def defer() -> None:
        if not interaction.response.is_done():  # (deferred already if the move waited for the lock)
            await interaction.response.defer(ephemeral=True)

    # Deferring places the answer in the channel: after what the lock's holder posts, unless that takes
    # so long that Discord's 3 seconds would pass (then it defers first, and the answer fills in later).
    patience = ACK_SECONDS - (discord.utils.utcnow() - interaction.created_at).total_seconds()

    async with host.turns.hold(game_id, patience=min(patience, ACK_SECONDS), meanwhile=defer):
        await defer()
        await present_move(host, interaction, game_id, result)


async def act_several(
    host: Host,
    user_id: int,
    found: GameAndSeats,
    actions: Sequence[Move],
    *,
    until_turn_ends: bool = False,
) -> tuple[list[ActResult], ServiceError | IllegalAction | None]:
    """One command that is several moves (a game's compound command): each applied in order as a move
    of its own, which the engine judges. A refusal of the first is raised (nothing changed); a later one
    stops there and is returned with what was done, which stands. ``until_turn_ends``: stop, without a
    refusal, once a move ends the player's turn."""
    results: list[ActResult] = []
    for action in actions:
        # The first move uses the channel's game as read, each later one the game as the one before left it.
        position = results[-1].position if results else None
        try:
            results.append(await host.service.act(position.found if position else found, user_id, action))
        except (ServiceError, IllegalAction) as refusal:
            if not results:
                raise
            return results, refusal
        if until_turn_ends and (results[-1].turn_changed or results[-1].result):
            break
    return results, None


def merged(results: Sequence[ActResult], lines: Sequence[str] | None = None) -> ActResult:
    """Several moves of one command as one outcome: the last one's position, everyone's events, and
    their lines (or ``lines``)."""
    last = results[-1]
    return replace(
        last,
        events=tuple(e for r in results for e in r.events),
        public_events=tuple(e for r in results for e in r.public_events),
        lines=tuple(lines if lines is not None else (line for r in results for line in r.lines)),
        turn_changed=any(r.turn_changed for r in results),
    )


async def in_time(
    interaction: discord.Interaction, work: Awaitable[T], defer: Callable[[], Awaitable[object]]
) -> T:
    """``work`` (a move), deferring the interaction first if it would outlast Discord's 3 seconds: a
    move waits for the game's lock while another is made (an AI seat's, another player's), and a click
    not answered in time is lost to the player (issue 34's load bench saw 3 in a minute)."""
    # The move runs as a task of its own, in a copy of this context whose changes are copied back: what
    # it notes for the error handler (whether the game changed, ``bot.core.COMMITTED``) must be seen here.
    context = contextvars.copy_context()
    task = asyncio.get_running_loop().create_task(_awaited(work), context=context)
    patience = ACK_SECONDS - (discord.utils.utcnow() - interaction.created_at).total_seconds()
    try:
        try:
            return await asyncio.wait_for(asyncio.shield(task), timeout=max(patience, 0.0))
        except TimeoutError:
            if not interaction.response.is_done():
                await defer()
            return await task
    finally:
        for variable, value in context.items():
            variable.set(value)


async def _awaited(work: Awaitable[T]) -> T:
    return await work


async def present_move(host: Host, interaction: discord.Interaction, game_id: int, result: ActResult) -> None:
    """Fill the deferred response with the move's outcome; announce the next turn if this one ended.
    Under the game's turn lock, taken here unless the caller holds it."""
    async with host.turns.hold(game_id):
        await _present_move(host, interaction, game_id, result)


async def _present_move(
    host: Host, interaction: discord.Interaction, game_id: int, result: ActResult
) -> None:
    game = host.games[result.status.ruleset]
    # The answer is the mover's alone, so it tells their move as they may read it (the card drawn, the
    # order written: the table's lines said "drew a card", or nothing), then what the AI did after it.
    own = mover_lines(
        game.presenter, game.rules, result.events, result.seat, result.status.names, result.turn_changed
    )
    told_already = len(result.lines)
    result = await with_ai_decisions(host, game_id, result)
    status = result.status
    lines = [plain(line) for line in told([*own, *result.lines[told_already:]])]
    lines = lines or [plain(done_line(game.text, result))]
    still = game.presenter.still_to_do(result.view) if still_theirs(result) else None
    lines += [plain(still)] if still else []
    current = not (result.turn_changed or result.result)
    if current and not still_theirs(result) and result.waiting_for:
        # The battle waits for another seat (a defender's answer): the mover is told whom, not shown
        # that seat's buttons, which would only be refused to them.
        lines.append(plain(f"Waiting for {', '.join(status.name(s) for s in result.waiting_for)}."))
    embed = discord.Embed(colour=COLOUR, description=last_lines(lines, EMBED_DESCRIPTION))
    files = []
    picture = await _off_loop(game.pictures.battle, result.view, result.public_events, status.names)
    if picture is not None:
        files.append(discord.File(io.BytesIO(picture), filename="battle.png"))
        embed.set_image(url="attachment://battle.png")  # full width: a thumbnail is ~80 px on a phone
    # Buttons only while they are current: had the game moved on meanwhile, a click would be refused;
    # and only the mover's own next steps (another seat's are sent to that player, below).
    steps = game.steps.next(result.view, result.public_events) if current else []
    buttons = step_buttons(game_id, result.version, steps, game.command) if still_theirs(result) else None
    # The mover's own answer, with the battle picture and the next-step buttons: only they see it.
    if buttons is not None:
        sent = await interaction.followup.send(
            embed=embed, files=files, view=buttons, ephemeral=True, wait=True
        )
        host.announcer.buttons.keep_message(game_id, result.version, sent)
    else:
        await interaction.followup.send(embed=embed, files=files, ephemeral=True)
    if not current:
        await announce_turn(host, game_id, after=result.position)
        return
    # A battle may wait for another seat (a defender's casualties): that player alone is asked, with
    # the decision's buttons; only a seat this move newly asks (not, in a round of secret orders, those
    # still writing theirs).
    other = [s for s in result.asked if s != result.seat and s < len(status.seats)]
    if other:
        await host.announcer.ask(result, other, step_buttons(game_id, result.version, steps, game.command))
    await host.announcer.turn_moved(result)


def still_theirs(result: ActResult) -> bool:
    """The move left the turn with its mover: they act again."""
    return not (result.turn_changed or result.result) and result.seat in result.waiting_for


def done_line(text: TextCommands, result: ActResult) -> str:
    """The answer to a move that tells nothing itself (a step ended: "done exchanging"): what the mover
    does now, when it is still theirs to act ("Done. Now: attack."); a bare "Done." left a phone's
    player reading the buttons to learn where the turn stood."""
    if not still_theirs(result):
        return "Done."
    return f"Done. Now: {text.situation(result.view)}."


def told(lines: Sequence[str]) -> list[str]:
    """A move's lines for its mover: a game whose sentences show their dice ("[6 3] v [5]") does not
    need the raw dice lines ("🎲 attack ...: [3 6]") beside them; a game whose sentences do not keeps them."""
    shows_dice = any("[" in line and not line.startswith("🎲") for line in lines)
    return [line for line in lines if not (shows_dice and line.startswith("🎲"))]


async def _off_loop(draw: Any, *args: Any) -> Any:
    """Pictures are drawn in a worker thread: Pillow releases the GIL, the bot stays responsive."""
    return await asyncio.to_thread(draw, *args)


async def with_ai_decisions(host: Host, game_id: int, result: ActResult) -> ActResult:
    """A move may hand a decision to another seat within the turn (a defender's casualties or dice):
    an AI seat takes it at once, and so do a player's standing orders unless the player asked to be
    asked; the move's outcome then includes what was done."""
    if result.turn_changed or result.result:
        return result
    seats = result.status.seats
    others = [seats[s] for s in result.waiting_for if s < len(seats) and s != result.seat]
    if not any(s.controller == "ai" or answers_for(s) for s in others):
        return result
    played = await host.service.play_ai(game_id, after=result.position)
    if not played:
        return result
    last = played[-1]
    return replace(
        last,
        seat=result.seat,
        events=result.events,
        public_events=(*result.public_events, *(e for p in played for e in p.public_events)),
        lines=(*result.lines, *(line for p in played for line in p.lines)),
        turn_changed=any(p.turn_changed for p in played),
    )


# ---- next-step buttons -----------------------------------------------------------------------------


def menu_template(command: str, which: str) -> str:
    """The custom-id template of the menu buttons of the game whose slash group is ``command``;
    ``which`` is the pattern of the menu's ``Step.arg`` (with its group names)."""
    return rf"wbm:{re.escape(command)}:(?P<game>\d+):(?P<version>\d+):{which}"


def step_button(game_id: int, version: int, step: Step, command: str) -> discord.ui.Button[Any]:
    """A step as a button whose custom id carries everything a click needs (see the module's doc);
    ``command`` is the game's slash group, which a menu's id carries."""
    if step.menu:
        custom_id = f"wbm:{command}:{game_id}:{version}:{step.arg or 'open'}"
    else:
        custom_id = f"wb:{game_id}:{version}:{step.verb}" + (f":{step.arg}" if step.arg else "")
    return discord.ui.Button(
        label=clip(step.label or step.verb, 80),
        style=STYLES.get(step.style, discord.ButtonStyle.secondary),
        custom_id=custom_id,
    )


def step_buttons(game_id: int, version: int, steps: list[Step], command: str) -> discord.ui.View | None:
    if not steps:
        return None
    holder = discord.ui.View(timeout=None)
    for step in steps[:MAX_BUTTONS]:
        holder.add_item(step_button(game_id, version, step, command))
    return holder


class GameButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wb:(?P<game>\d+):(?P<version>\d+):(?P<verb>[a-z]+)(?::(?P<arg>[\w.]+))?",
):
    """A click on a next-step button: the game's ``Steps.action`` says which move it makes, in the
    position the game is in when the click arrives (checked against the version it was drawn for)."""

    def __init__(self, game: int, version: int, verb: str, arg: str = "") -> None:
        super().__init__(step_button(game, version, Step(verb, arg), ""))  # not a menu: no command
        self.game, self.version, self.verb, self.arg = game, version, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> GameButton:
        return cls(int(match["game"]), int(match["version"]), match["verb"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        host = cast(Host, interaction.client)
        if interaction.message is not None:  # this click's answer takes its message's buttons off
            CLICKED.set(interaction.message.id)
        try:
            move = press(host, interaction, self.game, self.version, self.verb, self.arg)
            result = await in_time(interaction, move, interaction.response.defer)
        except Exception as error:
            await handle_error(interaction, error)
            return
        if not interaction.response.is_done():
            await interaction.response.defer()
        # The buttons under the old message are spent: take them away rather than leave stale ones.
        await interaction.edit_original_response(view=None)
        await present_move(host, interaction, self.game, result)


async def press(
    host: Host, interaction: discord.Interaction, game_id: int, version: int, verb: str, arg: str
) -> ActResult:
    """Apply the move of the step ``verb``/``arg`` for the clicking player (a game's menus use it too)."""

    def resolve(name: str, state: Any) -> Any:
        action = host.games[name].steps.action(verb, arg, state)
        if action is None:
            raise ServiceError(
                "old_button", "That button is from an older version of the bot; use a command."
            )
        return action

    return await host.service.act(game_id, interaction.user.id, resolve, version=version)


# ---- turns -----------------------------------------------------------------------------------------


async def moved_on(host: Host, game_id: int, before: GameStatus) -> None:
    """After a host's or moderator's change (a resume, a rollback, a seat handed over or removed): if
    the game now waits on an AI seat or on someone else than ``before``, the AI plays and whoever must
    act is told, as when a turn begins; otherwise only the status message is refreshed."""
    async with host.turns.hold(game_id):  # the game as it is once any AI play in progress is told
        await _moved_on(host, game_id, before)


async def _moved_on(host: Host, game_id: int, before: GameStatus) -> None:
    status = await host.service.status(game_id)
    if status.result and not before.result:  # a removal conceded the game: announce its end
        await announce_turn(host, game_id)
        return
    if status.status == "running" and status.waiting_for:
        seat = status.seats[status.waiting_for[0]]
        was = before.seats[before.waiting_for[0]] if before.waiting_for else None
        if seat.controller == "ai" or was is None or (was.seat, was.user_id) != (seat.seat, seat.user_id):
            await announce_turn(host, game_id)
            return
    await host.announcer.refresh_status(game_id)


async def announce_turn(host: Host, game_id: int, after: Position | None = None) -> None:
    """A turn ended: the announcer lets AI seats play, updates the status message and pings, with what
    changed since that player's last turn in a few lines (never the log). ``after``: the game as the
    move that ended the turn left it (not read again)."""
    async with host.turns.hold(game_id):
        await host.announcer.turn_began(game_id, after=after)
