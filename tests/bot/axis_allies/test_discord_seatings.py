"""Axis & Allies for 2, 4 and 5 players through the fake Discord: the players claim their seats with
/game seat, and in a whole round each power's turn pings the player who holds it, /game status names
them, and everyone else is refused (privately, nothing changed) when they try to act for it."""

from __future__ import annotations

import pytest

from rules.axis_allies.board import POWER_NAMES, POWERS
from tests.bot.axis_allies.aa_play import CHANNEL, AAPlayers, last_ping, open_game, pinged, settled
from tests.bot.discord_world import discord_world

pytestmark = pytest.mark.asyncio

TURN_ORDER = ("USSR", "Germany", "United Kingdom", "Japan", "USA")

# players (the first hosts), seat claims, and who must hold each power in turn order
SEATINGS = {
    2: (("alice", "bob"), {"bob": 1, "alice": 2}, ("bob", "alice", "bob", "alice", "bob")),
    4: (
        ("alice", "bob", "carol", "dave"),
        {"carol": 1, "dave": 2, "alice": 3, "bob": 4},
        ("carol", "dave", "alice", "bob", "carol"),
    ),
    # carol claims nothing: the one seat left (5, the USA) is hers
    5: (
        ("alice", "bob", "carol", "dave", "modder"),
        {"dave": 1, "alice": 2, "modder": 3, "bob": 4},
        ("dave", "alice", "modder", "bob", "carol"),
    ),
}


def powers_of(user: str, holders: tuple[str, ...]) -> list[str]:
    return [TURN_ORDER[p] for p, holder in enumerate(holders) if holder == user]


async def check_turn(players: AAPlayers, holder: str, power: str) -> None:
    """The turn of ``power`` has begun: its holder is pinged and named by /game status; every other
    player is refused when they try to act, and nothing changes."""
    fd, bot, game_id = players.fd, players.bot, players.game_id
    await fd.wait_idle(settle=0.3)  # the turn's ping is posted after the move's answer
    name = await players.name_of(holder)
    ping = last_ping(fd)
    assert pinged(fd, holder), (power, ping.content)
    assert ping.embeds[0]["title"].endswith(f"{name} to play"), (power, ping.embeds[0]["title"])
    status = await fd.slash(holder, CHANNEL, "game status")
    assert f"waiting for {name}." in status.embeds[0]["description"], (power, status.embeds)
    version = (await bot.service.status(game_id)).version
    for other in players.users:
        if other == holder:
            continue
        refused = await fd.slash(other, CHANNEL, "aa end")
        assert refused.ephemeral, (other, power, refused.content)
        assert refused.content == f"It is not your turn: the game is waiting for {name}.", refused.content
    assert (await bot.service.status(game_id)).version == version, "a refusal changes nothing"


@pytest.mark.parametrize("seats", sorted(SEATINGS))
async def test_each_power_is_played_by_its_holder(tmp_path, seats: int) -> None:
    users, claims, holders = SEATINGS[seats]
    async with discord_world(str(tmp_path / "aa.db"), settle=0.05) as (fd, bot):
        game_id = await open_game(fd, bot, users, claims)
        await settled(fd, bot, game_id)
        players = AAPlayers(fd, bot, game_id, users)
        status = await fd.slash(users[0], CHANNEL, "game status")
        seating = status.embeds[0]["description"]
        for user in users:  # "1. USSR, United Kingdom, USA: Bob"
            roles = ", ".join(powers_of(user, holders))
            assert f". {roles}: {await players.name_of(user)}" in seating, (user, seating)

        turns: list[str] = []
        start = (await players.state()).round
        for _ in range(600):
            state = await players.state()
            if state.round > start:
                break
            power = POWER_NAMES[POWERS[state.power]]
            if not turns or turns[-1] != power:
                turns.append(power)
                await check_turn(players, holders[state.power], power)
            await players.move()
        assert tuple(turns) == TURN_ORDER, turns
        # Every move, a defender's casualties included, was made by the power's holder.
        acted = {POWER_NAMES[POWERS[p]]: users for p, users in players.acted.items()}
        assert acted == {TURN_ORDER[p]: {holder} for p, holder in enumerate(holders)}, acted
        await check_turn(players, holders[0], "USSR")  # the next round opens with the USSR again
        fd.assert_clean()
