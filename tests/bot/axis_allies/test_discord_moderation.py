"""Undo and the moderator tools on an Axis & Allies game, through the fake Discord: /game undo of a
purchase and of a move (and not of dice), /mod rollback, pause and resume, handing a seat to the AI
(which then plays its powers), removing a player (a teammate takes the powers over), skipping a turn,
the log with every die, and the export that imports back to the same game."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.gamelog import decode_events, live_actions
from bot.games import GAMES
from rules.axis_allies.actions import Battle, Buy, Move
from rules.axis_allies.board import POWERS
from rules.axis_allies.state import Phase
from rules.axis_allies.text import describe
from rules.core.events import DiceRolled
from tests.bot.axis_allies.aa_play import CHANNEL, AAPlayers, last_ping, open_game, pinged, settled
from tests.bot.discord_world import discord_world, rendered
from tests.bot.test_deadlines import FakeClock

pytestmark = pytest.mark.asyncio
PLAYERS = ("alice", "bob", "carol")
SEATS = {"alice": 1, "carol": 2, "bob": 3}  # the Allies, Germany, Japan
MOD = "war-room-owner"  # the server's owner: a moderator
USSR, GERMANY, UK, JAPAN, USA = range(len(POWERS))
RULES = GAMES["axis_allies"].rules


@contextlib.asynccontextmanager
async def aa_world(
    tmp_path: Path,
    clock: FakeClock | None = None,
    players: tuple[str, ...] = PLAYERS,
    seats: dict[str, int] = SEATS,
) -> AsyncIterator[AAPlayers]:
    """A started game (by default for three: the Allies, Germany, Japan) in the fake Discord; at the
    end, the fake must have seen no broken Discord rule and no bot error."""
    async with discord_world(str(tmp_path / "aa.db"), settle=0.05, clock=clock) as (fd, bot):
        # /mod shown to every member (as an owner may set in Integrations): the bot itself refuses them.
        fd.registered_commands()["mod"]["default_member_permissions"] = None
        game_id = await open_game(fd, bot, players, seats)
        await settled(fd, bot, game_id)
        yield AAPlayers(fd, bot, game_id, players)


async def skip_the_ussr(players: AAPlayers) -> None:
    """A moderator skips the USSR's turn: it is played safely (no attack) to its end."""
    skipped = await players.fd.slash(MOD, CHANNEL, "mod skip")
    assert skipped.content == f"A moderator skipped the turn in game #{players.game_id}."
    await players.fd.wait_idle(settle=0.3)  # the next turn's ping follows the answer
    state = await players.state()
    assert state.power == GERMANY and state.rolls == 0, "a skipped turn attacks nobody"


async def footprint(players: AAPlayers) -> tuple[int, int]:
    """(version, log rows): what a refusal must leave as it was."""
    game = await players.bot.service.load(players.game_id)
    return game.version, len(await players.bot.service.store.log(players.game_id))


async def refused(players: AAPlayers, user: str, command: str, sentence: str, **values: object) -> None:
    """``command`` is refused privately with exactly ``sentence``, and nothing changes."""
    before = await footprint(players)
    answer = await players.fd.slash(user, CHANNEL, command, **values)
    assert answer.ephemeral and answer.content == sentence, (command, answer.content)
    assert await footprint(players) == before


async def last_dice(players: AAPlayers) -> bool:
    """The last action still counting rolled dice."""
    last = live_actions(await players.bot.service.store.log(players.game_id))[-1]
    return any(isinstance(e, DiceRolled) for e in decode_events(RULES, last.events))


async def all_dice(players: AAPlayers) -> list[DiceRolled]:
    rows = await players.bot.service.store.log(players.game_id)
    return [e for row in rows for e in decode_events(RULES, row.events) if isinstance(e, DiceRolled)]


async def whole_log(players: AAPlayers) -> str:
    """Every page of /game log, oldest first: a page too long for its embed comes whole as a file."""
    first = await players.fd.slash("bob", CHANNEL, "game log")
    title = first.embeds[0]["title"]  # "Game #1 log · page 1 of 4"
    pages = int(title.rsplit(" ", 1)[-1])
    answers = [first]
    for page in range(2, pages + 1):
        answers.append(await players.fd.slash("bob", CHANNEL, "game log", page=page))
    texts = [
        next((data.decode() for data in a.files.values()), "") or rendered(a.embeds[0]["description"])
        for a in answers
    ]
    return "\n".join(reversed(texts))


async def end_and_round_trip(players: AAPlayers) -> None:
    """The running game's export hides the seed (so it cannot be imported); a moderator ends the game,
    every die verifies, and the finished game's export imports as the very same game."""
    fd, service, game_id = players.fd, players.bot.service, players.game_id
    exported = await fd.slash("carol", CHANNEL, "game export")
    document = json.loads(exported.files[f"warboard-game-{game_id}.json"])
    assert (document["ruleset"], document["status"], document["seed"]) == ("axis_allies", "running", None)
    assert len(document["log"]) == (await service.status(game_id)).log_length
    ended = await fd.slash(MOD, CHANNEL, "mod end")
    game = await service.load(game_id)
    assert game.status == "ended" and f"Seed: `{game.seed}`" in ended.content
    verified = await fd.slash("carol", CHANNEL, "game verify")
    rolls = sum(len(e.values) for e in await all_dice(players))
    assert verified.content == f"All {rolls} dice of game #{game_id} match the revealed seed and its hash."
    copy = await service.import_game(fd.channel_id("risk"), fd.user_id(MOD), await service.export(game_id))
    assert service.state_of(await service.load(copy.game_id)) == service.state_of(game)
    assert (await service.verify(copy.game_id)).ok
    assert await service.log_lines(copy.game_id) == await service.log_lines(game_id)


async def test_undo_a_purchase_and_a_move_but_not_dice_then_a_rollback(tmp_path):
    async with aa_world(tmp_path) as players:
        fd, bot = players.fd, players.bot
        await refused(players, "alice", "game undo", "There is nothing to undo yet.")
        start = await players.state()

        bought = await fd.slash("alice", CHANNEL, "aa buy", units="3 infantry, 1 tank")
        assert bought.embeds, bought.content  # the answer, not a refusal
        spent = await players.state()
        assert spent.ipcs[USSR] == start.ipcs[USSR] - 3 * 3 - 5
        assert spent.bought == (("infantry", 3), ("tank", 1)), spent.bought
        await refused(
            players, "carol", "game undo", "You can only undo your own last action; the last one was Alice's."
        )
        undone = await fd.slash("alice", CHANNEL, "game undo")
        assert (
            not undone.ephemeral
            and undone.content == "Alice took back their last move: buy 3 infantry, 1 tank."
        )
        state = await players.state()
        assert state.ipcs == start.ipcs and state.bought == () and state == start

        await players.until(lambda state: state.phase is Phase.COMBAT_MOVE)  # the AI's purchase, then on
        action = await players.choice()
        assert isinstance(action, Move), action
        before = await players.state()
        await players.move(action)
        moved = await players.state()
        assert moved.units != before.units and not await last_dice(players)
        seq = live_actions(await bot.service.store.log(players.game_id))[-1].seq
        undone = await fd.slash("alice", CHANNEL, "game undo")
        taken_back = undone.content
        assert not undone.ephemeral and taken_back.startswith("Alice took back their last move: move ")
        assert "(#" not in taken_back  # no "(#5)"
        assert seq
        state = await players.state()
        assert state.units == before.units and state.ipcs == before.ipcs and state == before
        await players.move(action)  # the same move again: the same position
        assert await players.state() == moved

        before_battle = await players.until(lambda state: state.phase is not Phase.COMBAT_MOVE)
        assert (before_battle.power, before_battle.phase) == (USSR, Phase.COMBAT) and before_battle.battles
        assert isinstance(await players.choice(), Battle)
        live_before = len(live_actions(await bot.service.store.log(players.game_id)))
        await players.move()  # the first battle: dice
        assert await last_dice(players)
        await refused(
            players,
            "alice",
            "game undo",
            "That action rolled dice or revealed hidden information, so it cannot be undone.",
        )
        await players.move()
        await players.move()
        since = [row.seq for row in live_actions(await bot.service.store.log(players.game_id))[live_before:]]
        taken = len(since)
        await refused(
            players,
            "alice",
            "mod rollback",
            "Only moderators (Manage Server, Manage Channels, or the moderator role) can use /mod.",
            actions=1,
        )
        back = await fd.slash(MOD, CHANNEL, "mod rollback", actions=taken)
        assert not back.ephemeral
        assert back.content == f"Rolled back {taken} action(s): #{', #'.join(map(str, since))}.", back.content
        assert await players.state() == before_battle, "the battle and what followed are undone, dice and all"
        await players.move()  # the battle again: the same dice (they come from the seed's roll numbers)
        assert await last_dice(players)

        log = await whole_log(players)
        dice = await all_dice(players)
        assert len(dice) > 3
        for event in dice:  # every die ever rolled, the rolled-back battle's included, in players' words
            line = describe(event, ())
            if line:
                assert line in log, line
            else:  # a volley's, a raid's or a rocket's dice: told once, by its own line, unit by unit
                where = event.reason.partition(" ")[2]
                assert any(told.lstrip().startswith(where) and "[" in told for told in log.split("\n")), where
        assert (
            "A moderator rolled back" in log
            and "Alice took back their last move: buy 3 infantry, 1 tank." in log
        )
        status = await fd.slash("bob", CHANNEL, "game status")
        assert status.embeds[0]["title"] == f"Axis & Allies · game #{players.game_id}"
        assert "1. USSR, United Kingdom, USA: Alice" in status.embeds[0]["description"]
        await end_and_round_trip(players)


async def test_pause_and_a_seat_handed_to_the_ai(tmp_path, monkeypatch):
    # A fixed seed (the bot draws a secret one): with these dice Germany's attacks in round 1 leave the
    # AI's powers casualties to choose. Any other seed may not, and the check below would prove nothing.
    monkeypatch.setattr("bot.service.secrets.token_hex", lambda _: "aa-handover-9")
    async with aa_world(tmp_path) as players:
        fd, bot, game_id = players.fd, players.bot, players.game_id
        paused = await fd.slash(MOD, CHANNEL, "mod pause")
        assert paused.content == f"Game #{game_id} is paused; `/mod resume` to go on."
        stopped = "The game is paused until its host or a moderator resumes it."
        await refused(players, "alice", "aa buy", stopped, units="1 infantry")
        await refused(players, "alice", "game undo", stopped)
        resumed = await fd.slash(MOD, CHANNEL, "mod resume")
        assert resumed.content == f"Game #{game_id} goes on."
        await players.move(Buy((("infantry", 2),)))

        # Alice (the Allies) leaves the table in the middle of the USSR's turn: the AI plays on at once.
        handed = await fd.slash(MOD, CHANNEL, "mod replace", player="alice")
        assert handed.content == "Seat 1 (Alice) now plays as AI (for Alice)."
        # (its attacks wait on Carol, Germany, for her casualties: she answers them)
        state = await players.until(lambda state: state.power != USSR)
        assert state.power == GERMANY and state.round == 1, "the AI finished the USSR's turn"
        await fd.wait_idle(settle=0.3)  # the turn's ping follows the move's answer
        rows = await bot.service.store.log(game_id)
        handover = next(r.seq for r in rows if r.kind == "system" and '"replace"' in (r.action or ""))
        by_ai = [r for r in rows if r.kind == "action" and r.seq > handover and r.seat == SEATS["alice"] - 1]
        assert by_ai and all(r.user_id is None for r in by_ai), "the AI moved for the seat, as nobody"
        assert pinged(fd, "carol"), last_ping(fd).content
        await refused(players, "alice", "aa end", "You are not playing in this game.")

        # Germany attacks the AI's powers: the AI takes its defender's decisions within Carol's moves.
        decided = 0
        while (await players.ready()).power == GERMANY:
            length = (await bot.service.status(game_id)).log_length
            await players.move()
            if (await players.state()).power == GERMANY:
                added = (await bot.service.store.log(game_id))[length:]
                decided += sum(r.seat == SEATS["alice"] - 1 and r.user_id is None for r in added)
        assert decided > 0, "the AI answered Germany's attacks"
        # The AI plays the United Kingdom's turn (its attacks may ask Carol again); Japan's is Bob's.
        state = await players.until(lambda state: state.power == JAPAN)
        assert state.round == 1
        await fd.wait_idle(settle=0.3)  # the turn's ping follows the move's answer
        holders = {USSR: "alice", GERMANY: "carol", JAPAN: "bob"}  # Japan may defend against the UK
        assert players.acted[USSR] == {"alice"} and players.acted[GERMANY] == {"carol"}, players.acted
        assert all(users == {holders[power]} for power, users in players.acted.items()), players.acted
        assert pinged(fd, "bob"), last_ping(fd).content
        await end_and_round_trip(players)


async def test_a_removed_players_powers_pass_to_a_teammate(tmp_path):
    async with aa_world(tmp_path) as players:
        fd, bot, game_id = players.fd, players.bot, players.game_id
        await skip_the_ussr(players)
        assert pinged(fd, "carol"), last_ping(fd).content

        # Carol is removed in her own turn: Bob (Japan, her only teammate) plays Germany from now on.
        kicked = await fd.slash(MOD, CHANNEL, "mod kick", player="carol")
        assert kicked.content == f"Carol was removed from game #{game_id}."
        await fd.wait_idle(settle=0.3)
        state = await players.state()
        status = await bot.service.status(game_id)
        bob = next(s.seat for s in status.seats if s.user_id == fd.user_id("bob"))
        assert state.seat_of[GERMANY] == state.seat_of[JAPAN] == bob and state.power == GERMANY
        assert status.seats[SEATS["carol"] - 1].status == "kicked"
        assert pinged(fd, "bob"), last_ping(fd).content
        await refused(players, "carol", "aa end", "You are not playing in this game.")
        await players.move(Buy((("infantry", 1),)))
        assert players.acted == {GERMANY: {"bob"}}
        log = await whole_log(players)
        assert "Seat 2 was removed from the game." in log
        await end_and_round_trip(players)


async def test_a_rollback_into_the_last_turn_gives_it_back_its_clock_and_its_player(tmp_path):
    """Rolling back across a turn's end puts the game in the earlier turn: its player is pinged again
    and the turn gets a deadline (the later turn's timers would be dropped as stale, leaving none)."""
    async with aa_world(tmp_path) as players:
        fd, bot, game_id = players.fd, players.bot, players.game_id
        await skip_the_ussr(players)
        back = await fd.slash(MOD, CHANNEL, "mod rollback", actions=1)
        assert not back.ephemeral and back.content.startswith("Rolled back 1 action(s): #"), back.content
        await fd.wait_idle(settle=0.3)
        state = await players.state()
        assert (state.power, state.phase) == (USSR, Phase.MOBILIZE)
        assert pinged(fd, "alice"), last_ping(fd).content
        timers = await bot.service.store.timers(game_id)
        assert timers and all(json.loads(t.payload)["turn"] == [state.turn, USSR] for t in timers), timers
        assert (await bot.service.status(game_id)).deadline_at is not None
        await players.until(lambda state: state.power != USSR)  # Alice ends her turn again
        await fd.wait_idle(settle=0.3)
        assert (await players.state()).power == GERMANY
        assert pinged(fd, "carol"), last_ping(fd).content


async def test_a_missed_deadline_and_a_seat_taken_back_are_logged_and_exported(tmp_path):
    """The deadline's rows (a missed turn, a seat taken back from the AI) read as sentences in the log,
    and a game with them exports and imports (they used to be refused as of an unknown kind)."""
    clock = FakeClock()
    async with aa_world(tmp_path, clock) as players:
        fd, bot = players.fd, players.bot
        rules = await fd.slash(MOD, CHANNEL, "mod deadline", misses=1)
        assert "1 misses hand a seat to the AI" in rules.content, rules.content
        clock.advance(25)
        await bot.scheduler.tick()  # Alice misses the USSR's turn: the AI plays it, and her seat
        await players.until(lambda state: state.power != USSR)  # (Carol answers its attacks)
        alice = SEATS["alice"] - 1
        assert (await bot.service.status(players.game_id)).seats[alice].controller == "ai"
        back = await fd.slash("alice", CHANNEL, "game join")
        assert back.content == "Alice is back: their seat is theirs again, not the AI's.", back.content
        assert (await bot.service.status(players.game_id)).seats[alice].controller == "human"
        log = await whole_log(players)
        assert (
            "Alice missed the turn deadline (1 missed); the AI plays the seat until they take it back." in log
        )
        assert "Alice took their seat back from the AI." in log
        await end_and_round_trip(players)


async def test_removing_a_sides_last_player_concedes_and_the_end_is_announced(tmp_path):
    async with aa_world(tmp_path, players=("alice", "bob"), seats={"alice": 1, "bob": 2}) as players:
        fd, bot = players.fd, players.bot
        kicked = await fd.slash(MOD, CHANNEL, "mod kick", player="bob")  # the Axis' only player
        assert kicked.content == f"Bob was removed from game #{players.game_id}."
        await fd.wait_idle(settle=0.3)
        status = await bot.service.status(players.game_id)
        assert status.status == "ended" and status.result and "the Axis conceded" in status.result
        over = fd.messages(CHANNEL)[-1]
        assert over.embeds[0]["title"] == "Game over" and status.result in over.embeds[0]["description"]
