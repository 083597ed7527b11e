"""What the shared layer does when every seat owes a move at once (a game of simultaneous orders, here
the sealed-bids test game): each seat's move is its own and stays secret until all are in; a passed
deadline counts a miss for each seat still owing and plays the harmless move for each (its standing
order, set out of turn); reminders and the turn's length come from the game."""

from __future__ import annotations

from datetime import timedelta

from bot.clock import from_text
from bot.games import GAMES
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.store import SqliteStore
from tests.bot.conftest import CHANNEL, HOST, SEED
from tests.bot.sealed_bids import BIDS, Bid, Standing
from tests.bot.test_deadlines import START, FakeClock, RecordingAnnouncer

WITH_BIDS = {**GAMES, "bids": BIDS}


async def three_bidders(store: SqliteStore, clock: FakeClock) -> tuple[GameService, int, list[int]]:
    """Three players; seat i is named "S{i}" (after the draw), and ``users[i]`` plays it."""
    service = GameService(store, WITH_BIDS, clock=clock)
    status = await service.create(CHANNEL, HOST, "Host", "bids", {}, join=False, turn_hours=24)
    for i in range(3):
        await service.join(status.game_id, HOST + i, f"user {i}")
    await service.start(status.game_id, HOST, seed=SEED)
    seats = (await service.status(status.game_id)).seats
    for seat in seats:
        await service.replace(status.game_id, HOST, seat.seat, seat.user_id, f"S{seat.seat}", moderator=True)
    return service, status.game_id, [s.user_id or 0 for s in seats]


async def test_every_seat_moves_in_the_same_turn_and_its_move_stays_secret(store: SqliteStore) -> None:
    service, game_id, users = await three_bidders(store, FakeClock())
    status = await service.status(game_id)
    assert status.waiting_for == (0, 1, 2)
    first = await service.act(game_id, users[1], Bid(7))
    assert first.seat == 1 and first.lines == () and first.status.waiting_for == (0, 2)
    assert [e.amount for e in first.events] == [7]  # the bidder sees its own bid, nobody else does
    others, mine = [await service.log_lines(game_id, u) for u in (users[0], users[1])]
    # Not even a line saying a secret move was made: the others could count each seat's moves.
    assert "bid 7" not in "\n".join(others) and not any("S1:" in line for line in others)
    assert any(line.endswith("S1: bid 7") for line in mine) and "    S1 bid 7." in mine
    export = await service.export(game_id)
    assert '"amount": 7' not in export and '{"type": "secret"}' in export
    await service.act(game_id, users[0], Bid(3))
    last = await service.act(game_id, users[2], Bid(5))
    assert last.turn_changed and any("S1 scores" in line for line in last.lines)


async def test_the_game_times_its_own_rounds(store: SqliteStore) -> None:
    clock = FakeClock()
    service, game_id, users = await three_bidders(store, clock)
    assert from_text((await service.load(game_id)).deadline_at or "") == START + timedelta(hours=1)
    for seat, user in enumerate(users):
        await service.act(game_id, user, Bid(seat + 1))
    assert from_text((await service.load(game_id)).deadline_at or "") == START + timedelta(minutes=30)


async def test_a_passed_deadline_counts_a_miss_for_each_seat_still_owing_and_plays_its_standing_order(
    store: SqliteStore,
) -> None:
    clock = FakeClock()
    service, game_id, users = await three_bidders(store, clock)
    announcer = RecordingAnnouncer(service)
    scheduler = Scheduler(service, announcer)
    await service.act(game_id, users[2], Standing(9))  # set ahead, out of turn order: no refusal
    await service.act(game_id, users[0], Bid(2))
    clock.advance(0.5)
    await scheduler.tick()  # the half-time reminder, once (the announcer reminds those still owing)
    assert announcer.reminders == [(game_id, 0, 50)]
    clock.advance(0.6)
    report = await scheduler.tick()
    assert report.deadlines == [game_id]
    (result,) = announcer.deadlines
    assert [(m.seat, m.missed, m.by_ai) for m in result.misses] == [(1, 1, False), (2, 1, False)]
    assert "S1 missed the deadline (1 of 3)" in result.sentence() and "S2 missed" in result.sentence()
    status = await service.status(game_id)
    assert [s.missed for s in status.seats] == [0, 1, 1] and status.waiting_for == (0, 1, 2)
    lines = "\n".join(await service.log_lines(game_id))
    assert "bids [2, 1, 9], S2 scores" in lines  # the absent S1 bid 1, S2's standing order 9
