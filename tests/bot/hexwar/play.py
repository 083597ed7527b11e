"""Playing Hex war on the fake Discord as its players would: every move typed as the /hex command a
person would use (chosen by the game's AI), with a registry that includes the game."""

from __future__ import annotations

from typing import Any

from fakecord import FakeDiscord

from bot.app import WarboardBot
from bot.game import Slash
from bot.games import GAMES
from bot.games.hexwar import GAME
from bot.games.hexwar.making import making
from rules.hexwar import RULES
from rules.hexwar.ai import HexWarAI
from rules.hexwar.common import board_of
from rules.hexwar.state import HexState, Phase
from rules.hexwar.units import HOV, INF, ORDER, PLANE, TANK

WITH = {**GAMES, "hexwar": GAME}
CHANNEL = "risk"  # the test guild's first channel
PLAYERS = ("alice", "bob", "carol")
SHORT = {"units_per_turn": 23, "rounds": 3}


async def open_game(fd: FakeDiscord, bot: WarboardBot, options: dict[str, object] = SHORT) -> int:
    """alice opens a three-player game with ``options``; bob and carol join, which starts it."""
    opened = await fd.slash("alice", CHANNEL, "game new", ruleset="hexwar", seats=3)
    assert not opened.ephemeral, opened.content
    for name, value in options.items():
        answer = await fd.slash("alice", CHANNEL, "game options", name=name, value=str(value))
        assert not answer.ephemeral, answer.content
    for user in PLAYERS[1:]:
        await fd.slash(user, CHANNEL, "game join")
    await fd.wait_idle(settle=0.3)
    game_id = await bot.service.game_in_channel(fd.channel_id(CHANNEL))
    assert game_id is not None
    return game_id


async def state_of(bot: WarboardBot, game_id: int) -> HexState:
    state: HexState = bot.service.state_of(await bot.service.load(game_id))
    return state


async def user_of(fd: FakeDiscord, bot: WarboardBot, game_id: int, seat: int) -> str:
    status = await bot.service.status(game_id)
    return next(name for name in PLAYERS if fd.user_id(name) == status.seats[seat].user_id)


async def type_command(fd: FakeDiscord, user: str, made: Slash) -> Any:
    return await fd.slash(user, CHANNEL, made.name, **dict(made.options))


def unit_turn(state: HexState, seat: int) -> list[tuple[str, str, int]]:
    """A player's starting units as they would type them, a few ``/hex unit ... count`` commands: the
    infantry spread over three of their hexes (the capital-to-be, the first, gets the tanks and the
    plane too), the hovercraft by the water."""
    b = board_of(state)
    land = [h for h in range(b.size) if state.owner[h] == seat]
    coast = next((h for h in land if any(b.water[n] for n in b.neighbours[h])), land[0])
    spots = [b.names[h] for h in land[:3]] or [b.names[land[0]]]
    left = dict(zip(ORDER, state.units_left[seat], strict=True))
    plan = [
        (INF, spot, left[INF] // len(spots) + (k < left[INF] % len(spots))) for k, spot in enumerate(spots)
    ]
    plan += [(TANK, spots[0], left[TANK]), (PLANE, spots[0], left[PLANE]), (HOV, b.names[coast], left[HOV])]
    return [(unit, at, n) for unit, at, n in plan if n]


async def play_setup(fd: FakeDiscord, bot: WarboardBot, game_id: int, seed: int = 1) -> list[Any]:
    """Every setup step typed by the player whose turn it is: hexes one at a time and the capital where
    the AI would put them, starting units a few ``/hex unit ... count`` commands each (``unit_turn``)."""
    agents = [HexWarAI(seed + s) for s in range(3)]
    answers = []
    while True:
        state = await state_of(bot, game_id)
        if state.phase not in (Phase.HEXES, Phase.UNITS, Phase.CAPITALS):
            return answers
        seat = RULES.to_act(state)[0]
        user = await user_of(fd, bot, game_id, seat)
        if state.phase is Phase.UNITS:
            for unit, at, count in unit_turn(state, seat):
                answers.append(await fd.slash(user, CHANNEL, "hex unit", unit=unit, at=at, count=count))
                assert answers[-1].embeds, answers[-1].content  # the move's answer, not a refusal
            continue
        made = making(agents[seat].choose(state, seat))
        assert isinstance(made, Slash)
        answers.append(await type_command(fd, user, made))
        assert answers[-1].embeds, answers[-1].content  # the move's answer, not a refusal


def public_texts(fd: FakeDiscord, since: int = 0) -> list[str]:
    """Everything the channel shows everyone (not the ephemeral replies), as text."""
    texts = []
    for message in fd.messages(CHANNEL, ephemeral=False)[since:]:
        texts.append(message.content or "")
        for embed in message.embeds:
            texts.extend(str(embed.get(k, "")) for k in ("title", "description"))
    return texts


async def write_orders(
    fd: FakeDiscord, bot: WarboardBot, game_id: int, seat: int, agent: HexWarAI, most: int = 3
) -> list[Any]:
    """The first ``most`` orders the AI would write for ``seat`` this round, typed by its player; each
    answer is private to them."""
    user = await user_of(fd, bot, game_id, seat)
    answers = []
    for _ in range(most):
        state = await state_of(bot, game_id)
        action = agent.choose(state, seat)
        made = making(action)
        assert isinstance(made, Slash)
        if made.name == "hex submit":
            break
        answer = await type_command(fd, user, made)
        assert answer.ephemeral and answer.content.startswith("✍ Order"), answer.content
        answers.append(answer)
    return answers


async def setup_by_service(bot: WarboardBot, game_id: int, seed: int = 1) -> None:
    """The whole setup played straight through the service (for tests about the rounds, not setup):
    the AI's placements, each made for the seat whose turn it is."""
    agents = [HexWarAI(seed + s) for s in range(3)]
    status = await bot.service.status(game_id)
    while True:
        state = await state_of(bot, game_id)
        if state.phase not in (Phase.HEXES, Phase.UNITS, Phase.CAPITALS):
            return
        seat = RULES.to_act(state)[0]
        user = status.seats[seat].user_id
        assert user is not None
        await bot.service.act(game_id, user, agents[seat].choose(state, seat))


async def round_one(fd: FakeDiscord, bot: WarboardBot) -> tuple[int, dict[str, int]]:
    """A game opened, its setup played through the service: its id, and each player's seat by name."""
    game_id = await open_game(fd, bot)
    await setup_by_service(bot, game_id)
    status = await bot.service.status(game_id)
    return game_id, {
        name: next(s.seat for s in status.seats if s.user_id == fd.user_id(name)) for name in PLAYERS
    }
