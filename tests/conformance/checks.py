"""What every registered game must do, as functions of the registry and a game's name: the conformance
suite (``test_every_game.py``) runs them over ``GAMES``, and ``test_stub_game.py`` over a registry with a
stub game added, which proves that a new game gets all of this by registering.

- the game's AI plays whole games for its smallest and largest seat counts; every step keeps the JSON
  round trip, and replaying the log from the seed rebuilds the final state;
- no view and no redacted event shows another seat's secrets: a seat's view (and the public one) does
  not change when another seat's hidden things change (``Game.vary_secrets``), and private dice are
  hidden from everyone else;
- every picture renders, from every seat's view and the public one, under 1 MiB, and none changes
  with another seat's secrets;
- the terminal client plays an AI-only game to the end;
- on the fake Discord, ``/game new``, joins (AI seats by the host) and the start, then one full round in
  which a human seat makes every move with the game's own slash commands or buttons (``Game.making``).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot import console
from bot.game import Click, Game, Games, Slash
from bot.replays import replay_turns
from rules.core.codec import to_json
from rules.core.conformance import Playout, play, replay
from rules.core.events import DiceRolled, Event
from tests.bot.discord_world import discord_world, taken

MIB = 1024 * 1024
SAMPLES = 4  # positions of a playout whose views and pictures are checked (they are the slow part)


def seat_counts(game: Game) -> list[int]:
    return sorted({game.rules.min_seats, game.rules.max_seats})


def ai_playout(
    game: Game, seats: int, seed: int, level: str | None = None
) -> tuple[Playout, list[tuple[Any, list[Event]]]]:
    """A whole game played by the game's AI at ``level`` (None: its default); returns it with a few
    positions spread over it, each with the events that led there from the position before it (what a
    "since your last look" would show)."""
    agents = [game.agent(seed * 10 + s, level) for s in range(seats)]
    states: list[Any] = []
    events: list[list[Event]] = []

    def keep(before: Any, after: Any, action: Any, happened: list[Event]) -> None:
        states.append(after)
        events.append(happened)

    played = play(
        game.rules, seats, agents, f"conformance-{seed}", dict(game.short_game), check=keep, roundtrip_every=7
    )
    picks = sorted({len(states) * (i + 1) // SAMPLES - 1 for i in range(SAMPLES)} - {-1})
    samples = []
    for previous, pick in zip([-1, *picks], picks, strict=False):
        recent = [e for step in events[max(previous + 1, pick - 50) : pick + 1] for e in step]
        samples.append((states[pick], recent))
    return played, samples


def check_whole_game(
    game: Game, seats: int, seed: int, level: str | None = None
) -> list[tuple[Any, list[Event]]]:
    played, samples = ai_playout(game, seats, seed, level)
    result = game.rules.result(played.state)
    assert result is not None, f"{game.name}: {seats} seats, not over after {len(played.log)} moves"
    assert all(0 <= w < seats for w in result.winners)
    replayed, _ = replay(
        game.rules, seats, f"conformance-{seed}", dict(game.short_game), [(s, a) for s, a, _ in played.log]
    )
    assert replayed == played.state, "replaying the log from the seed rebuilds the game"
    check_private_dice(
        game, [*played.setup_events, *(e for _, _, happened in played.log for e in happened)], seats
    )
    return samples


def check_private_dice(game: Game, events: Sequence[Event], seats: int) -> None:
    for event in events:
        if isinstance(event, DiceRolled) and event.private:
            for other in [None, *range(seats)]:
                if other != event.seat:
                    assert game.rules.redact(event, other) is None, f"{event!r} shown to {other}"


def check_replay(game: Game, seats: int, seed: int) -> None:
    """``/game replay``: the game replayed turn by turn ends where it ended, every frame's events are
    public, and the animation of its last turns is a looping GIF under Discord's 8 MiB."""
    played, _ = ai_playout(game, seats, seed)
    moves = [(seat, action) for seat, action, _ in played.log]
    turns = replay_turns(game.rules, f"conformance-{seed}", dict(game.short_game), seats, moves)
    assert len(turns) >= 2 and turns[-1][0] == game.rules.view(played.state, None)
    for _, events in turns:
        assert all(game.rules.redact(e, None) == e for e in events), "a replay shows a hidden event"
    names = [f"Player {i + 1}" for i in range(seats)]
    made = game.pictures.animate(turns[-6:], names, title=game.title)
    assert made.data.startswith(b"GIF89a") and made.frames >= 2 and len(made.data) < 8 * MIB


def check_views_hide_secrets(game: Game, state: Any, seats: int) -> None:
    """No seat (nor the public) sees another's hidden things, and no view carries the dice counter."""
    for owner in range(seats):
        varied = game.vary_secrets(state, owner, 7)
        for viewer in [None, *range(seats)]:
            if viewer == owner:
                continue
            assert game.rules.view(state, viewer) == game.rules.view(varied, viewer), (
                f"{game.name}: seat {viewer}'s view shows seat {owner}'s secrets"
            )
    for viewer in [None, *range(seats)]:
        assert b'"rolls"' not in to_json(game.rules.view(state, viewer)), "a view shows the dice counter"


def check_pictures(game: Game, state: Any, recent: Sequence[Event], seats: int) -> None:
    names = [f"Player {i + 1}" for i in range(seats)]
    public = game.rules.view(state, None)
    shown = [e for e in (game.rules.redact(e, None) for e in recent) if e is not None]
    board = game.pictures.board(public, names, title=game.title, recent=shown)
    assert board.startswith(b"\x89PNG") and len(board) < MIB
    battle = game.pictures.battle(public, shown, names)
    assert battle is None or (battle.startswith(b"\x89PNG") and len(battle) < MIB)
    assert game.pictures.private(public, names) is None, "the public view holds nothing private"
    for seat in range(seats):
        mine = game.pictures.private(game.rules.view(state, seat), names)
        assert mine is None or (mine.startswith(b"\x89PNG") and len(mine) < MIB)
        for other in range(seats):
            if other != seat:
                varied = game.rules.view(game.vary_secrets(state, other, 7), seat)
                assert game.pictures.private(varied, names) == mine, "a picture shows another's secret"


async def check_terminal_game(games: Games, name: str, folder: Path) -> None:
    """``python -m bot.console --game NAME --seats ai,ai...`` with an empty script plays to the end."""
    game = games[name]
    script = folder / "script.txt"
    script.write_text("", encoding="utf-8")
    options = [f"--option={k}={v}" for k, v in game.short_game.items()]
    seats = ",".join(["ai"] * game.rules.min_seats)
    db = folder / "terminal.db"
    args = ["--game", name, "--seats", seats, "--db", str(db), "--script", str(script), "--no-images"]
    with contextlib.redirect_stdout(None):
        assert await console.main([*args, "--seed", "terminal", *options], games) == 0
    service = console.GameService(await console.SqliteStore.open(str(db)), games)
    try:
        status = await service.status(1)
        assert status.status == "ended" and status.result, status.summary()
    finally:
        await service.store.close()


async def check_discord_round(games: Games, name: str, folder: Path, seed: int = 1) -> None:
    """One human (alice) and AI seats on the fake Discord: alice opens the game, sets its short-game
    options and seats the AI players; the game starts itself when full; then alice makes every move of
    her seat, chosen by the game's AI, through the game's commands or buttons, for one full round: from
    her first move in a numbered turn (turn 0 is setup) until every seat still playing has moved after
    it and the game waits on her again (or is over)."""
    game = games[name]
    channel = "risk"  # the test guild's first channel
    async with discord_world(str(folder / "discord.db"), games=games) as (fd, bot):
        # The game starts itself when full, with a seed of its own: a fixed one here, or a drawn seat
        # order and deal could see alice beaten (and the game over among the AIs) before her first turn.
        start, fixed = bot.service.start, f"discord-round-{name}-{seed}"

        async def seeded(
            game_id: int, user_id: int, *, moderator: bool = False, seed: str | None = None
        ) -> Any:
            return await start(game_id, user_id, moderator=moderator, seed=seed or fixed)

        bot.service.start = seeded  # type: ignore[method-assign]
        seats = game.rules.max_seats
        opened = await fd.slash("alice", channel, "game new", ruleset=name, seats=seats)
        assert not opened.ephemeral, opened.content
        for option, value in game.short_game.items():
            answer = await fd.slash("alice", channel, "game options", name=option, value=str(value))
            assert not answer.ephemeral, answer.content
        for _ in range(seats - 1):
            answer = await fd.slash("alice", channel, "game join", ai=True)
            assert not answer.ephemeral, answer.content
        await fd.wait_idle(settle=0.3)
        found = await bot.service.channel_game(fd.channel_id(channel))
        assert found is not None and found.game.status == "running"
        game_id = found.game.id
        alice = next(s.seat for s in found.seats if s.user_id == fd.user_id("alice"))
        agent = game.agent(seed)
        first: int | None = None  # the log row of alice's first move in a numbered turn
        moves = 0
        while moves < 1000:
            record, state = await alices_turn_or_the_end(bot, game, game_id, alice)
            if record.status != "running" or (first is not None and await round_done(bot, game_id, first)):
                break
            if first is None and game.rules.turn_key(state)[0] >= 1:
                first = await bot.store.log_length(game_id) + 1
            action = agent.choose(state, alice)
            made = game.making(action)
            if isinstance(made, Slash):
                answer = await fd.slash("alice", channel, made.name, **dict(made.options))
            else:
                answer = await click(fd, channel, game_id, record.version, made)
            assert taken(answer), f"{action!r} refused: {answer.content}"
            moves += 1
        assert moves < 1000, "no full round in 1000 moves"
        assert first is not None, "alice moved in a numbered turn"
        fd.assert_clean()


async def round_done(bot: Any, game_id: int, first: int) -> bool:
    """Every seat still playing has moved since log row ``first``."""
    moved = {row.seat for row in await bot.store.log(game_id) if row.seq > first and row.kind == "action"}
    playing = {s.seat for s in await bot.store.seats(game_id) if s.status == "playing"}
    return playing <= moved


async def alices_turn_or_the_end(bot: Any, game: Game, game_id: int, alice: int) -> tuple[Any, Any]:
    """The game once the bot has told everything (its turn lock free) and it waits on alice or is over."""
    for _ in range(6000):  # two minutes at most: a bound on waiting, not a timing
        if not bot.turns.busy(game_id):
            record = await bot.service.load(game_id)
            state = bot.service.state_of(record)
            if record.status != "running" or alice in game.rules.to_act(state):
                return record, state
        await asyncio.sleep(0.02)
    raise AssertionError("the AI seats did not finish their turns within two minutes")


async def click(fd: Any, channel: str, game_id: int, version: int, made: Click) -> Any:
    wanted = f"wb:{game_id}:{version}:{made.verb}" + (f":{made.arg}" if made.arg else "")
    for message in reversed(fd.messages(channel)):
        if wanted in message.custom_ids:
            return await fd.click("alice", message, wanted)
    raise AssertionError(f"no button {wanted} under the recent messages")
