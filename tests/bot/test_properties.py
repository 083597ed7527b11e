"""Every option of every slash command, as an attacker would fill it, through the fake Discord: arbitrary
text, unicode digits, huge and negative numbers, and the values autocomplete offers. Whatever comes in,
the bot answers (a legal move, or one clean sentence only the sender sees), never with an internal
error, and a refusal changes nothing; after all of it the game is still exactly what its log replays to.

One world a game (a started game of two human players, alice and bob, in #risk) serves all of that
game's examples: hypothesis draws the command, the user and each option's value in a thread of its own,
and hands each call to the world's event loop."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fakecord import FakeDiscord
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from bot.app import WarboardBot
from bot.games import GAMES
from tests.bot.conftest import snapshot_matches_replay
from tests.bot.discord_world import discord_world

# Examples a game in the suite; a longer hunt: WARBOARD_FUZZ_EXAMPLES=2000 pytest tests/bot/test_properties.py
EXAMPLES = int(os.environ.get("WARBOARD_FUZZ_EXAMPLES", "40"))
SHARED_GROUPS = ("game", "mod", "notify")  # every game's players use these too
INTERNAL = "Something went wrong on our side"
USERS = ["alice", "bob", "carol"]  # the two players and a member who does not play
STRING, INTEGER, BOOLEAN, USER, CHANNEL_OPTION, ROLE, NUMBER = 3, 4, 5, 6, 7, 8, 10

NASTY_TEXT = st.one_of(
    st.text(max_size=40),
    st.text(st.characters(categories=["Nd", "No"]), min_size=1, max_size=6),  # ², ٣, ① ...
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(["9" * 4400, "-1", "0", "abc2", "1e9", "3 tnks", "1 bb", "@everyone", "<@&1>", "", " "]),
    st.sampled_from(["1 inf", "3 infantry, 2 tanks", "alaska", "conquer", "1 transport:infantry", "C7"]),
)


@dataclass
class World:
    fd: FakeDiscord
    bot: WarboardBot
    game_id: int
    errors: list[str]


class _Errors(logging.Handler):
    """Every ERROR the bot logs, through any logger: an internal error is a failure here."""

    def __init__(self, sink: list[str]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(f"{record.name}: {record.getMessage()}")


@pytest.fixture
def caught_errors() -> Iterator[list[str]]:
    sink: list[str] = []
    handler = _Errors(sink)
    logging.getLogger().addHandler(handler)
    try:
        yield sink
    finally:
        logging.getLogger().removeHandler(handler)


@contextlib.asynccontextmanager
async def open_world(
    tmp_path: Path, ruleset: str, errors: list[str], *, started: bool = True
) -> AsyncIterator[World]:
    async with discord_world(str(tmp_path / f"{ruleset}.db"), settle=0.02) as (fd, bot):
        # /mod shown to every member (as an owner may set in Integrations): the bot itself refuses them.
        fd.registered_commands()["mod"]["default_member_permissions"] = None
        alice, bob = fd.user_id("alice"), fd.user_id("bob")
        status = await bot.service.create(
            fd.channel_id("risk"), alice, "alice", ruleset, guild_id=fd.guild_id("War Room"), turn_hours=0
        )
        await bot.service.join(status.game_id, bob, "bob")
        if started:
            await bot.service.start(status.game_id, alice, seed=f"properties-{ruleset}")
        yield World(fd, bot, status.game_id, errors)


def commands_of(fd: FakeDiscord, groups: tuple[str, ...]) -> list[tuple[str, list[dict[str, Any]]]]:
    """("aa buy", its options) for every subcommand of ``groups`` (a top-level command: its own)."""
    found = []
    for name, command in fd.registered_commands().items():
        if name not in groups:
            continue
        subs = [o for o in command.get("options", []) if o["type"] == 1]
        if not subs:
            found.append((name, command.get("options", [])))
        found += [(f"{name} {sub['name']}", sub.get("options", [])) for sub in subs]
    return found


Run = Callable[[Awaitable[Any]], Any]  # runs a coroutine on the world's loop, from hypothesis's thread


def value_for(
    run: Run, world: World, data: st.DataObject, user: str, name: str, option: dict[str, Any]
) -> Any:
    kind = option["type"]
    if option.get("choices"):
        return data.draw(st.sampled_from([c["value"] for c in option["choices"]]))
    if kind == STRING:
        # The same draws whatever the world answers (hypothesis checks that a prefix of draws always
        # leads to the same next draw): whether to take what autocomplete offers, what to type into it,
        # which offer (an index: the offers change as the game goes on), and the nasty text otherwise.
        offer, typed = data.draw(st.integers(0, 3)), data.draw(st.text(max_size=3))
        pick, nasty = data.draw(st.integers(0, 24)), data.draw(NASTY_TEXT)
        if option.get("autocomplete") and offer:  # mostly what autocomplete offers
            offered = run(world.fd.autocomplete(user, "risk", name, option["name"], typed))
            if offered:
                return offered[pick % len(offered)]["value"]
        return nasty
    if kind == INTEGER:
        low, high = option.get("min_value", -(2**53)), option.get("max_value", 2**53)
        return data.draw(st.one_of(st.integers(low, high), st.sampled_from([low, high])))
    if kind == NUMBER:
        low, high = option.get("min_value", -1e9), option.get("max_value", 1e9)
        return data.draw(st.floats(low, high, allow_nan=False))
    if kind == BOOLEAN:
        return data.draw(st.booleans())
    if kind == USER:
        return data.draw(st.sampled_from(["alice", "bob", "carol", "modder"]))
    if kind == CHANNEL_OPTION:
        return data.draw(st.sampled_from(["risk", "lobby"]))
    if kind == ROLE:
        return data.draw(st.sampled_from(["game-mods"]))
    raise AssertionError(f"an option type the test does not fill: {kind}")


def throw_one(run: Run, world: World, data: st.DataObject, groups: tuple[str, ...]) -> None:
    name, options = data.draw(st.sampled_from(commands_of(world.fd, groups)))
    before = run(world.bot.service.status(world.game_id))
    waited_on = [
        name
        for name in ("alice", "bob")
        for seat in before.waiting_for
        if before.seats[seat].user_id == world.fd.user_id(name)
    ]
    # Half the time the player the game waits for, so that legal moves come up as well as refusals.
    user = data.draw(
        st.sampled_from(waited_on or ["alice"]) if data.draw(st.booleans()) else st.sampled_from(USERS)
    )
    values = {}
    for option in options:
        if option.get("required") or data.draw(st.booleans()):
            values[option["name"]] = value_for(run, world, data, user, name, option)
    # The log's length, not the version: the bot's own bookkeeping after an earlier command (the status
    # message's id, saved once its board is drawn) changes the version without changing the game.
    rows_before = len(run(world.bot.service.store.log(world.game_id)))
    answer = run(world.fd.slash(user, "risk", name, **values))
    rows_after = len(run(world.bot.service.store.log(world.game_id)))
    said = f"/{name} {values} by {user}: {answer.content!r}"
    logged, world.errors[:] = list(world.errors), []
    assert not logged, f"{said} logged {logged}"
    assert answer.message is not None and (answer.content or answer.embeds or answer.files), said
    assert INTERNAL not in (answer.content or ""), said
    world.fd.assert_clean()
    if answer.ephemeral and rows_after != rows_before:
        # Only a move a game answers privately (a secret order) may change the game with a private answer.
        assert name.split()[0] not in SHARED_GROUPS, said


@pytest.mark.parametrize("ruleset", sorted(GAMES))
async def test_every_option_of_a_games_commands_is_refused_cleanly_or_played(
    ruleset: str, tmp_path: Path, caught_errors: list[str]
) -> None:
    async with open_world(tmp_path, ruleset, caught_errors) as world:
        await fuzz(world, (GAMES[ruleset].command,))
        assert await snapshot_matches_replay(world.bot.service, world.game_id)


async def test_every_option_of_the_shared_commands_is_refused_cleanly_or_played(
    tmp_path: Path, caught_errors: list[str]
) -> None:
    async with open_world(tmp_path, "risk", caught_errors) as world:
        await fuzz(world, SHARED_GROUPS)
        status = await world.bot.service.status(world.game_id)
        if status.status != "lobby":
            assert await snapshot_matches_replay(world.bot.service, world.game_id)


@pytest.mark.parametrize("ruleset", sorted(GAMES))
async def test_the_lobby_commands_of_every_game_are_refused_cleanly_or_played(
    ruleset: str, tmp_path: Path, caught_errors: list[str]
) -> None:
    """A game still in its lobby: /game options, seat, start, join... reach each game's option parsing
    (a number option without a maximum once let a game be set up that could not start)."""
    async with open_world(tmp_path, ruleset, caught_errors, started=False) as world:
        await fuzz(world, ("game",))
        status = await world.bot.service.status(world.game_id)
        if status.status not in ("lobby", "ended"):
            assert await snapshot_matches_replay(world.bot.service, world.game_id)


async def fuzz(world: World, groups: tuple[str, ...]) -> None:
    """``EXAMPLES`` commands of ``groups`` in the one world, and every one that went wrong. The world
    changes as legal moves land, so an example cannot be replayed: hypothesis only generates (no
    shrinking), and the failures are gathered and reported together at the end."""
    loop = asyncio.get_running_loop()
    failures: list[str] = []

    def run(step: Awaitable[Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(step, loop).result(timeout=60)  # type: ignore[arg-type]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def example(data: st.DataObject) -> None:
        try:
            throw_one(run, world, data, groups)
        except AssertionError as failure:
            failures.append(str(failure).split("\n")[0])

    await asyncio.to_thread(example)
    assert not failures, f"{len(failures)} of {EXAMPLES} went wrong:\n" + "\n".join(failures[:12])
