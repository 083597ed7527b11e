"""Axis & Allies through the fake Discord as its players would play it: opening a game with seat
claims, and a player that makes each move the A&A AI chooses for the seat to act, as a button on the
last message when there is one, else as a slash command (or the casualty select menu).

Shared by the Discord A&A tests (the full round, the 2/4/5-player seatings, undo and moderation)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from fakecord import FakeDiscord
from fakecord.model import Interaction, Msg

from bot.app import WarboardBot
from bot.games.axis_allies.units import units_value
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move, Place, PressOn, Research, Retreat
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.board import classic_board
from rules.axis_allies.engine import acting_power
from rules.axis_allies.state import AAState
from rules.core.events import Action
from tests.bot.discord_world import ask_me

CHANNEL = "lobby"


def aa_command(action: Action, full_route: bool) -> tuple[str, dict[str, object]]:
    """The slash command a player types for ``action``; moves name their route only when asked."""
    if isinstance(action, Move):
        values: dict[str, object] = {
            "units": units_value(action.units),
            "from": action.path[0],
            "to": action.path[-1],
        }
        if len(action.path) > 2 and full_route:
            values["via"] = ", ".join(action.path[1:-1])
        if action.bomb:
            values["bomb"] = True
        return "aa move", values
    if isinstance(action, Place):
        return "aa place", {"units": units_value(action.units), "territory": action.territory}
    if isinstance(action, Casualties):
        return "aa casualties", {"units": units_value(action.units)}
    if isinstance(action, Battle):
        return "aa battle", {"territory": action.territory}
    if isinstance(action, Retreat):
        return "aa retreat", {"to": action.to}
    if isinstance(action, PressOn):
        return "aa press", {}
    if isinstance(action, Research):
        return "aa research", {"dice": action.dice}
    if isinstance(action, EndPhase):
        return "aa end", {}
    name = type(action).__name__.lower()
    return f"aa {name}", {"units": units_value(action.units)} if hasattr(action, "units") else {}


def aa_button(action: Action, custom_ids: list[str]) -> str | None:
    """The next-step button among ``custom_ids`` that makes ``action``, if there is one."""
    board = classic_board()
    wanted: tuple[str, str] | None = None
    if isinstance(action, EndPhase):
        wanted = ("done", "")
    elif isinstance(action, Battle):
        wanted = ("fight", str(board.territories[action.territory].index))
    elif isinstance(action, PressOn):
        wanted = ("press", "")
    elif isinstance(action, Retreat):
        wanted = ("retreat", str(board.territories[action.to].index))
    for custom_id in custom_ids:
        parts = custom_id.split(":")
        if parts[0] == "wb" and wanted and (parts[3], parts[4] if len(parts) > 4 else "") == wanted:
            return custom_id
    return None


async def gather(
    fd: FakeDiscord, players: Sequence[str], claims: Mapping[str, int], channel: str = CHANNEL
) -> None:
    """``players[0]`` opens an A&A game in ``channel``, the others join, and each in ``claims`` claims
    that seat with /game seat."""
    await fd.slash(players[0], channel, "game new", ruleset="axis_allies")
    for user in players[1:]:
        joined = await fd.slash(user, channel, "game join")
        assert not joined.ephemeral, joined.content
    for user, number in claims.items():
        claimed = await fd.slash(user, channel, "game seat", number=number)
        assert not claimed.ephemeral and "place in the order of play" in claimed.content, claimed.content
    await ask_me(fd, channel, players)  # these tests play defenders' decisions by hand


async def begin(
    fd: FakeDiscord, bot: WarboardBot, host: str, claims: Mapping[str, int], channel: str = CHANNEL
) -> int:
    """The host starts the game; the claimed seats are kept."""
    started = await fd.slash(host, channel, "game start")
    assert any("Dice sealed" in (m.content or "") for m in started.messages), started.content
    game_id = await bot.service.game_in_channel(fd.channel_id(channel))
    assert game_id is not None
    seats = (await bot.service.status(game_id)).seats
    for user, number in claims.items():
        assert seats[number - 1].user_id == fd.user_id(user), "claimed seats are kept"
    return game_id


async def open_game(
    fd: FakeDiscord,
    bot: WarboardBot,
    players: Sequence[str],
    claims: Mapping[str, int],
    channel: str = CHANNEL,
) -> int:
    await gather(fd, players, claims, channel)
    return await begin(fd, bot, players[0], claims, channel)


async def settled(fd: FakeDiscord, bot: WarboardBot, game_id: int) -> None:
    """Wait until the start's status message is posted (it is rendered after the reply)."""
    for _ in range(1200):  # a minute at most: a bound on waiting, not a timing
        if (await bot.service.status(game_id)).status_message_id:
            break
        await asyncio.sleep(0.05)
    await fd.wait_idle(settle=0.3)


async def choose_by_menu(
    fd: FakeDiscord, user: str, action: Casualties, channel: str = CHANNEL
) -> Interaction:
    """/aa casualties with no units: the private menu, each kind set with its select, then confirm."""
    menu = await fd.slash(user, channel, "aa casualties")
    assert menu.ephemeral and menu.message.custom_ids, menu.content
    message = menu.message
    for kind, n in action.units:
        select = next(c for c in message.custom_ids if c.startswith("aac:") and c.split(":")[3] == kind)
        picked = await fd.select(user, message, select, [str(n)])
        message = picked.original
    confirm = next(c for c in message.custom_ids if c.split(":")[3] == "cas")
    return await fd.click(user, message, confirm)


def last_ping(fd: FakeDiscord, channel: str = CHANNEL) -> Msg:
    """The latest "it is your turn" message in the channel (other messages, such as a refusal's or the
    odds', may come after it)."""
    return next(m for m in reversed(fd.messages(channel)) if "it is your turn" in (m.content or ""))


def pinged(fd: FakeDiscord, user: str, channel: str = CHANNEL) -> bool:
    """The latest turn ping is for ``user``."""
    return last_ping(fd, channel).content.startswith(f"<@{fd.user_id(user)}>, it is your turn")


class AAPlayers:
    """The game's players, each move chosen by the A&A AI for the seat that must act and made the way
    a person would. ``used`` counts the ways (menu, button, command, route: a move left to find its
    own route); ``acted`` maps each power to the players who moved for it."""

    def __init__(
        self,
        fd: FakeDiscord,
        bot: WarboardBot,
        game_id: int,
        users: Sequence[str],
        *,
        channel: str = CHANNEL,
        menus: int = 0,
    ) -> None:
        self.fd, self.bot, self.game_id, self.users, self.channel = fd, bot, game_id, users, channel
        self.menus = menus  # casualty choices made with the select menu; the rest typed or clicked
        self.ai: dict[int, AxisAlliesAI] = {}
        self.last: Interaction | None = None
        self.used: Counter[str] = Counter()
        self.acted: dict[int, set[str]] = {}
        self.steps = 0

    async def state(self) -> AAState:
        state: AAState = self.bot.service.state_of(await self.bot.service.load(self.game_id))
        return state

    async def user_of(self, seat: int) -> str:
        """The player who holds ``seat``."""
        status = await self.bot.service.status(self.game_id)
        return next(u for u in self.users if self.fd.user_id(u) == status.seats[seat].user_id)

    async def name_of(self, user: str) -> str:
        """``user``'s name in the game."""
        status = await self.bot.service.status(self.game_id)
        return next(s.name for s in status.seats if s.user_id == self.fd.user_id(user))

    async def ready(self) -> AAState:
        """The state once a player must act: AI seats may still be playing theirs (the next turn is
        announced, and its AI seats play, after the answer to the move that ended a turn)."""
        for _ in range(1200):  # two minutes at most: a bound on waiting, not a timing
            status = await self.bot.service.status(self.game_id)
            waiting = status.waiting_for
            if status.status != "running" or not waiting or status.seats[waiting[0]].controller == "human":
                return await self.state()
            await asyncio.sleep(0.1)
        raise AssertionError("the AI never handed the game to a player")

    async def choice(self) -> Action:
        """The move the AI chooses for the player to act."""
        state = await self.ready()
        seat = (await self.bot.service.status(self.game_id)).waiting_for[0]
        return self.ai.setdefault(seat, AxisAlliesAI(seat)).choose(state, seat)

    async def move(self, action: Action | None = None) -> Interaction:
        """Make the next move (the AI's choice unless ``action`` is given) as the player to act; the
        move must be accepted and change the game."""
        if action is None:
            action = await self.choice()
        state = await self.ready()
        status = await self.bot.service.status(self.game_id)
        seat = status.waiting_for[0]
        user = await self.user_of(seat)
        self.acted.setdefault(acting_power(state), set()).add(user)
        newest = self.last.messages[-1] if self.last and self.last.messages else None
        button = aa_button(action, newest.custom_ids if newest else [])
        if isinstance(action, Casualties) and self.used["menu"] < self.menus:
            self.last = await choose_by_menu(self.fd, user, action, self.channel)
            self.used["menu"] += 1
        elif button and newest is not None:
            self.last = await self.fd.click(user, newest, button)
            self.used["button"] += 1
        else:
            name, values = aa_command(action, full_route=self.steps % 2 == 0)
            self.used["route"] += (
                name == "aa move" and "via" not in values and len(getattr(action, "path", ())) > 2
            )
            self.last = await self.fd.slash(user, self.channel, name, **values)
            self.used["command"] += 1
        self.steps += 1
        answer = self.last.messages[-1]  # the move's answer: the mover's alone (issue 28)
        moved = (await self.bot.service.status(self.game_id)).version > status.version
        assert moved, f"{user}'s {action!r} was refused: {answer.content}"
        return self.last

    async def until(self, done: Callable[[AAState], bool], limit: int = 600) -> AAState:
        """Moves until ``done(state)``, checked whenever a player must act."""
        for _ in range(limit):
            state = await self.ready()
            if done(state):
                return state
            await self.move()
        raise AssertionError(f"not done after {limit} moves")

    async def play_round(self) -> None:
        """Moves until the round number goes up (every power has had its turn)."""
        start = (await self.state()).round
        await self.until(lambda state: state.round > start)
