"""The turns of an animated replay (``/game replay``): the game replayed from its seed, and for each turn
the public view at its end with the public events of that turn, which ``Pictures.animate`` draws.

Only public things go in: a view for no seat, events as the public sees them while the game runs and
after it ends alike, so a replay never shows a hand or a secret order. Replaying and drawing are slow
(the whole game, then up to sixty boards): ``replay_of`` does both in a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.core import ServiceCore
from bot.gamelog import decode_action, live_actions, visible
from bot.models import ServiceError
from bot.records import LogRecord, Snapshot
from render.core.pictures import Pictures
from render.core.replay import Replay
from rules.core.codec import from_json
from rules.core.dice import SeededRng
from rules.core.events import Action, Event
from rules.core.options import OptionValue
from rules.core.ruleset import Ruleset
from rules.core.words import counted

Turn = tuple[Any, list[Event]]
NOT_STARTED = "The game has not started: there is nothing to replay."


def replay_turns(
    ruleset: Ruleset,
    seed: str,
    options: Mapping[str, OptionValue],
    seats: int,
    moves: Sequence[tuple[int, Action]],
) -> list[Turn]:
    """One entry for the position after setup, then one for each turn (a change of the ruleset's
    ``turn_key``) of ``moves`` (each seat's action, in order), the turn under way included."""
    rng = SeededRng(seed)
    state, events = ruleset.setup(options, seats, rng)
    return turns_from(ruleset, rng, state, visible(ruleset, events, None, ended=False), moves)


def turns_from(
    ruleset: Ruleset, rng: SeededRng, state: Any, events: list[Event], moves: Sequence[tuple[int, Action]]
) -> list[Turn]:
    """``replay_turns`` from a position (the setup's, or a stored snapshot's): an entry for it with
    ``events``, then one for each turn of ``moves``. The dice go on from the state's own count."""
    turns: list[Turn] = [(ruleset.view(state, None), events)]
    pending: list[Event] = []
    key = ruleset.turn_key(state)
    for seat, action in moves:
        state, events = ruleset.apply(state, seat, action, rng)
        pending += visible(ruleset, events, None, ended=False)
        now = ruleset.turn_key(state)
        if now != key:
            turns.append((ruleset.view(state, None), pending))
            pending, key = [], now
    if pending:  # the turn under way
        turns.append((ruleset.view(state, None), pending))
    return turns


@dataclass(frozen=True, slots=True)
class MadeReplay:
    gif: Replay
    turns: int  # the turns the replay covers (the GIF may show fewer: ``gif.frames``)
    whole: bool  # the whole game, from setup


async def replay_of(
    service: ServiceCore, pictures: Pictures, game_id: int, *, last: int | None = None
) -> MadeReplay:
    """The animated replay of a game that has started: its ``last`` turns, or all of it. The last turns
    are replayed from the nearest stored snapshot that reaches back far enough, reading only the rows
    after it; the whole game (or a game without snapshots that far back) from its seed."""
    game = await service.load(game_id)
    if game.seed is None or game.status == "lobby":
        raise ServiceError("not_started", NOT_STARTED)
    status = await service.status(game_id)
    ruleset = service.rules(game.ruleset)
    seed = game.seed

    def moves_of(rows: Sequence[LogRecord]) -> list[tuple[int, Action]]:
        moves = []
        for row in live_actions(rows):
            assert row.seat is not None and row.action is not None  # a live row is a seat's action
            moves.append((row.seat, decode_action(ruleset, row.action)))
        return moves

    def drawn(shown: list[Turn], whole: bool) -> MadeReplay:
        return MadeReplay(pictures.animate(shown, status.names, title=status.title), len(shown), whole)

    before = await service.store.log_length(game_id) + 1
    while last:
        snapshot = await service.store.snapshot_before(game_id, before)
        if snapshot is None:
            break
        rows = await service.store.live_actions(game_id, after=snapshot.seq)

        def from_snapshot(snapshot: Snapshot = snapshot, rows: Sequence[LogRecord] = rows) -> list[Turn]:
            start = from_json(snapshot.state, ruleset.state_type)
            return turns_from(ruleset, SeededRng(seed), start, [], moves_of(rows))

        turns = await asyncio.to_thread(from_snapshot)
        # The first entry is the snapshot's position and the second may be a turn it cut into: the
        # shown turns must all come after both.
        if len(turns) >= last + 2:
            return await asyncio.to_thread(drawn, turns[-last:], False)
        before = snapshot.seq
    rows = await service.store.log(game_id)

    def whole_game() -> MadeReplay:
        turns = replay_turns(ruleset, seed, game.options, len(status.seats), moves_of(rows))
        shown = turns[-last:] if last else turns
        return drawn(shown, len(shown) == len(turns))

    return await asyncio.to_thread(whole_game)


def replayed(whole: bool, turns: int, frames: int) -> str:
    """What a replay shows, as players count: "the last turn, 1 frame", not "the last 1 turn(s), 1 frames"."""
    what = "the whole game" if whole else "the last turn" if turns == 1 else f"the last {turns} turns"
    return f"{what}, {counted(frames, 'frame')}"
