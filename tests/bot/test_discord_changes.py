"""What changed, on every board the bot posts (issue 15): the turn ping, the DM digest and ``/game map``
mark the changes since the player's last turn, the status board those since the last status board, and
the AI's battles come as full-width pictures; Axis & Allies adds a close-up of Europe when the action is
there. Each posted board is compared byte for byte with the board drawn from the same public view and
the events it should mark, and with the board drawn without them (so the marks are really there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from fakecord.model import Msg

from bot.app import WarboardBot
from bot.games import GAMES
from rules.core.events import Event
from rules.risk.ai import RiskAI
from tests.bot.axis_allies.aa_play import CHANNEL as AA_CHANNEL
from tests.bot.discord_world import button_for, command_for, discord_world
from tests.bot.test_discord_ai_order import a_game, hand_alice_to_the_ai, until

pytestmark = pytest.mark.asyncio
RISK = GAMES["risk"]
CHANNEL = "risk"


def files_of(message: Msg) -> dict[str, bytes]:
    return {a.filename: a.data for a in message.attachments}


async def board(bot: WarboardBot, game_id: int, recent: tuple[Event, ...]) -> bytes:
    """The Risk board of the game as it is now, with ``recent`` marked."""
    status = await bot.service.status(game_id)
    view = await bot.service.view(game_id)
    return RISK.pictures.board(view, status.names, title=status.title, recent=recent)


async def alice_against_two_ais(fd, bot: WarboardBot) -> int:  # type: ignore[no-untyped-def]
    """A Risk game of Alice and two AI seats, set up in batches of 40 armies."""
    await fd.slash("alice", CHANNEL, "game new", ruleset="risk")
    await fd.slash("alice", CHANNEL, "game options", name="setup_batch", value="40")
    game_id = await bot.service.game_in_channel(fd.channel_id(CHANNEL))
    for _ in range(2):
        await bot.service.join(game_id, fd.user_id("alice"), "", ai=True)
    started = await fd.slash("alice", CHANNEL, "game start")
    assert not started.ephemeral, started.content
    return game_id


async def play_alices_turn(fd, bot: WarboardBot, game_id: int) -> Msg:  # type: ignore[no-untyped-def]
    """Alice plays until her turn ends (the AI's choices, as commands and buttons); the turn ping that
    comes back to her after the AI seats played, or the DM if she asked for those."""
    alice = fd.user_id("alice")
    seat = next(s.seat for s in (await bot.service.status(game_id)).seats if s.user_id == alice)
    ai, last = RiskAI(seat), None
    for _ in range(200):
        status = await bot.service.status(game_id)
        assert not status.result, "the game ended before Alice's turn came back"
        if status.waiting_for != (seat,):
            break
        state = bot.service.state_of(await bot.service.load(game_id))
        action = ai.choose(state, seat)
        newest = last.messages[-1] if last is not None and last.messages else None
        button = button_for(action, newest.custom_ids if newest else [])
        if button and newest is not None:
            last = await fd.click("alice", newest, button)
        else:
            name, values = command_for(action)
            last = await fd.slash("alice", CHANNEL, name, **values)
        assert last.embeds, last.content  # the move's (private) answer, not a refusal
        if (await bot.service.status(game_id)).turn != status.turn:
            break
    await fd.wait_idle(settle=0.2)
    told = ("it is your turn", "(told by DM)")
    pings = [m for m in fd.messages(CHANNEL, ephemeral=False) if any(t in (m.content or "") for t in told)]
    return pings[-1]


async def test_the_turn_ping_marks_what_changed_since_the_players_last_turn_and_shows_the_ais_battle(
    tmp_path: Path,
) -> None:
    async with discord_world(str(tmp_path / "changes.db"), settle=0.03) as (fd, bot):
        game_id = await alice_against_two_ais(fd, bot)
        alice = fd.user_id("alice")
        seat = next(s.seat for s in (await bot.service.status(game_id)).seats if s.user_id == alice)
        first = await play_alices_turn(fd, bot, game_id)
        for _ in range(5):  # until the AI seats fought between two of Alice's turns
            ping = await play_alices_turn(fd, bot, game_id)
            if "battle.png" in files_of(ping):
                break
        assert ping.id != first.id and "battle.png" in files_of(ping), "no AI battle in five rounds"
        digest = await bot.service.since_last_turn(game_id, seat)
        assert digest.events, "the AI seats moved since Alice's last turn"
        posted = files_of(ping)["board.png"]
        assert posted == await board(bot, game_id, digest.events)
        assert posted != await board(bot, game_id, ())
        # Full width: the board and the battle are each an embed's image, not a thumbnail.
        images = [e.get("image", {}).get("url") for e in ping.embeds]
        assert images == ["attachment://board.png", "attachment://battle.png"]
        assert not any("thumbnail" in e for e in ping.embeds)

        # /game map for Alice: the same changes.
        mine = await fd.slash("alice", CHANNEL, "game map")
        assert mine.files["board.png"] == posted

        # The status board marks what changed since the status board before it, and a spectator's map
        # the same (and anything since).
        pinned = (await bot.service.status(game_id)).status_message_id
        status_message = next(m for m in fd.messages(CHANNEL, ephemeral=False) if m.id == pinned)
        since = bot.announcer.status_marks_from(game_id)
        assert since is not None and since < bot.announcer.last_board[game_id]
        marked = await bot.service.events_since(game_id, since)
        assert marked.events and marked.seq == bot.announcer.last_board[game_id]
        assert files_of(status_message)["board.png"] == await board(bot, game_id, marked.events)
        assert files_of(status_message)["board.png"] != await board(bot, game_id, ())
        theirs = await fd.slash("bob", CHANNEL, "game map")
        assert theirs.files["board.png"] == files_of(status_message)["board.png"]


async def test_the_dm_digest_is_a_board_of_what_changed_for_that_player(tmp_path: Path) -> None:
    async with discord_world(str(tmp_path / "dm.db"), settle=0.03) as (fd, bot):
        game_id = await alice_against_two_ais(fd, bot)
        answer = await fd.slash("alice", CHANNEL, "notify dm", setting="on")
        assert answer.ephemeral
        alice = fd.user_id("alice")
        seat = next(s.seat for s in (await bot.service.status(game_id)).seats if s.user_id == alice)
        await play_alices_turn(fd, bot, game_id)
        await play_alices_turn(fd, bot, game_id)
        dm = fd.dms("alice")[-1]
        digest = await bot.service.since_last_turn(game_id, seat)
        assert "Since your last turn:" in dm.embeds[0]["description"]
        assert files_of(dm)["board.png"] == await board(bot, game_id, digest.events)
        assert files_of(dm)["board.png"] != await board(bot, game_id, ())


async def test_axis_and_allies_adds_a_close_up_of_europe_when_the_action_is_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The USSR's AI (Alice's seat, handed over) attacks Germany at once with these dice, in Europe.
    async with a_game(tmp_path, monkeypatch) as game:
        reply = await hand_alice_to_the_ai(game)

        def pings() -> list[Msg]:
            return [
                m
                for m in game.fd.messages(AA_CHANNEL, ephemeral=False)
                if m.id > reply.message.id and "it is your turn" in (m.content or "")
            ]

        # Wait for the ping itself: the AI's thinking sends nothing, so a quiet spell proves nothing.
        await until(lambda: bool(pings()))
        await game.fd.wait_idle(settle=0.2)
        ping = pings()[0]
        # The table gets one board (and the AI's battle); the close-up is the player's, in /game map.
        files = files_of(ping)
        assert set(files) == {"board.png", "battle.png"}
        images = [e.get("image", {}).get("url") for e in ping.embeds]
        assert images == ["attachment://board.png", "attachment://battle.png"]
        game_id = game.players.game_id
        status = await game.bot.service.status(game_id)
        to_play = status.seats[status.waiting_for[0]]
        user = next(name for name in ("alice", "bob", "carol") if game.fd.user_id(name) == to_play.user_id)
        looked = await game.fd.slash(user, AA_CHANNEL, "game map")
        mine = looked.files
        assert looked.ephemeral and set(mine) == {"board.png", "close-up.png"}
        view = await game.bot.service.view(game_id)
        digest = await game.bot.service.since_last_turn(game_id, status.waiting_for[0])
        close_up = GAMES["axis_allies"].pictures.close_up
        assert close_up is not None
        assert mine["close-up.png"] == close_up(view, status.names, title=status.title, recent=digest.events)
