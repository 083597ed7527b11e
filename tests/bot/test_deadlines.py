"""Deadlines, reminders, missed turns, vacations and catching up after downtime, on a controllable
clock: time moves only when a test says so, and the scheduler runs only when a test ticks it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.clock import from_text
from bot.games import GAMES
from bot.models import ServiceError, TimeoutResult
from bot.scheduler import Scheduler
from bot.service import GameService
from bot.store import SqliteStore
from rules.risk.actions import Attack
from rules.risk.ai import RiskAI
from rules.risk.board import classic_map
from rules.risk.events import ArmiesPlaced, TurnEnded
from rules.risk.state import Phase
from tests.bot.conftest import CHANNEL, HOST, SEED, snapshot_matches_replay

BOARD = classic_map()
START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


class FakeClock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


class RecordingAnnouncer:
    """What the Discord layer would be told. (The bot also lets AI seats play after each announcement;
    here an AI seat waits for its own deadline, which then lets the AI play it.)"""

    def __init__(self, service: GameService) -> None:
        self.service = service
        self.deadlines: list[TimeoutResult] = []
        self.reminders: list[tuple[int, int, int]] = []

    async def deadline_passed(self, result: TimeoutResult) -> None:
        self.deadlines.append(result)

    async def reminder(self, game_id: int, seat: int, percent: int) -> None:
        self.reminders.append((game_id, seat, percent))


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def timed(store: SqliteStore, clock: FakeClock) -> GameService:
    return GameService(store, GAMES, clock=clock)


@pytest.fixture
def announcer(timed: GameService) -> RecordingAnnouncer:
    return RecordingAnnouncer(timed)


@pytest.fixture
def scheduler(timed: GameService, announcer: RecordingAnnouncer) -> Scheduler:
    return Scheduler(timed, announcer)


async def timed_game(
    service: GameService,
    seats: str = "human,human",
    *,
    hours: int = 24,
    channel: int = CHANNEL,
    **settings: str,
) -> int:
    """A started Risk game with ``hours`` per turn; human seat k is user k + 1; setup in one batch."""
    status = await service.create(
        channel, HOST, "Host", "risk", {"setup_batch": "40"}, join=False, turn_hours=hours, **settings
    )
    for i, kind in enumerate(seats.split(",")):
        await service.join(
            status.game_id, HOST + i if kind == "human" else HOST, f"P{i + 1}", ai=kind == "ai"
        )
    await service.start(status.game_id, HOST, seed=SEED)
    return status.game_id


async def play_until_reinforce(service: GameService, game_id: int) -> None:
    """Players make the AI's moves until some human seat is at the start of its reinforcement."""
    for _ in range(200):
        game = await service.load(game_id)
        state = service.state_of(game)
        if state.phase is Phase.REINFORCE and state.placed_this_turn == 0 and not state.hands[state.current]:
            return
        await play_one(service, game_id)
    raise AssertionError("never reached a reinforcement phase")


async def play_one(service: GameService, game_id: int) -> None:
    """The waiting seat moves as the AI would: through ``act`` for a person, ``play_ai`` for the AI."""
    status = await service.status(game_id)
    seat = status.waiting_for[0]
    if status.seats[seat].controller == "ai":
        await service.play_ai(game_id, limit=1)
        return
    state = service.state_of(await service.load(game_id))
    await service.act(game_id, status.seats[seat].user_id or 0, RiskAI(seat).choose(state, seat))


async def seat_of(service: GameService, game_id: int, user: int) -> int:
    return next(s.seat for s in (await service.status(game_id)).seats if s.user_id == user)


async def deadline_of(service: GameService, game_id: int) -> datetime:
    game = await service.load(game_id)
    assert game.deadline_at is not None
    return from_text(game.deadline_at)


async def test_starting_a_game_sets_the_first_deadline_and_its_reminders(
    timed: GameService, clock: FakeClock
) -> None:
    game_id = await timed_game(timed)
    assert await deadline_of(timed, game_id) == START + timedelta(hours=24)
    timers = await timed.store.timers(game_id)
    assert [(t.kind, from_text(t.due_at)) for t in timers] == [
        ("reminder", START + timedelta(hours=12)),  # half time
        ("reminder", START + timedelta(hours=21, minutes=36)),  # 10% left
        ("deadline", START + timedelta(hours=24)),
    ]


async def test_a_move_that_ends_the_turn_restarts_the_clock(timed: GameService, clock: FakeClock) -> None:
    game_id = await timed_game(timed)
    clock.advance(5)
    await play_until_reinforce(timed, game_id)
    assert await deadline_of(timed, game_id) == clock.now + timedelta(hours=24)
    assert len(await timed.store.timers(game_id)) == 3


async def test_the_deadline_fires_once_and_skips_the_turn_placing_on_threatened_borders(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    game_id = await timed_game(timed)
    await play_until_reinforce(timed, game_id)
    state = timed.state_of(await timed.load(game_id))
    seat, reinforcements = state.current, state.reinforcements
    clock.advance(23.9)
    assert (await scheduler.tick()).deadlines == []  # not yet
    clock.advance(0.2)
    report = await scheduler.tick()
    assert report.deadlines == [game_id]
    (result,) = announcer.deadlines
    assert result.seat == seat and result.missed == 1 and not result.by_ai and not result.handed_to_ai
    placed = [e for m in result.moves for e in m.public_events if isinstance(e, ArmiesPlaced)]
    assert sum(e.armies for e in placed) == reinforcements and all(e.seat == seat for e in placed)
    # Every army went next to an enemy: a border, never the safe interior.
    for event in placed:
        t = BOARD.index(event.territory)
        assert any(state.owner[n] not in (seat, -1) for n in BOARD.neighbours[t])
    ended = [e for m in result.moves for e in m.public_events if isinstance(e, TurnEnded)]
    assert ended and ended[-1].seat == seat
    assert not any(type(e).__name__ == "BattleFought" for m in result.moves for e in m.public_events)
    # The next player's clock starts now; ticking again does nothing more.
    assert await deadline_of(timed, game_id) == clock.now + timedelta(hours=24)
    assert (await scheduler.tick()).deadlines == [] and len(announcer.deadlines) == 1
    assert (await timed.status(game_id)).seats[seat].missed == 1
    assert await snapshot_matches_replay(timed, game_id)


async def test_the_ai_option_lets_the_ai_play_the_missed_turn(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    game_id = await timed_game(timed, timeout_action="ai")
    await play_until_reinforce(timed, game_id)
    seat = timed.state_of(await timed.load(game_id)).current
    clock.advance(24)
    await scheduler.tick()
    (result,) = announcer.deadlines
    assert result.by_ai and result.seat == seat and result.missed == 1
    state = timed.state_of(await timed.load(game_id))
    assert state.current != seat  # the AI finished the turn
    assert (await timed.status(game_id)).seats[seat].controller == "human"  # and the seat is still theirs


async def test_reminders_fire_once_each(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    game_id = await timed_game(timed)
    seat = (await timed.status(game_id)).waiting_for[0]
    clock.advance(11.9)
    await scheduler.tick()
    assert announcer.reminders == []
    clock.advance(0.2)
    await scheduler.tick()
    await scheduler.tick()
    assert announcer.reminders == [(game_id, seat, 50)]
    clock.advance(9.6)  # 21.7 h: 10% is left
    await scheduler.tick()
    await scheduler.tick()
    assert announcer.reminders == [(game_id, seat, 50), (game_id, seat, 10)]
    assert [t.kind for t in await timed.store.timers(game_id)] == ["deadline"]


async def test_three_missed_turns_hand_the_seat_to_the_ai_until_its_player_comes_back(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    game_id = await timed_game(timed, "human,ai")  # the host never plays; the AI seat neither, till told
    mine = await seat_of(timed, game_id, HOST)
    while len([r for r in announcer.deadlines if r.seat == mine]) < 3:
        clock.advance(24)
        await scheduler.tick()
    host = [r for r in announcer.deadlines if r.seat == mine]
    assert [(r.missed, r.handed_to_ai) for r in host] == [(1, False), (2, False), (3, True)]
    assert all(r.missed == 0 and r.by_ai for r in announcer.deadlines if r.seat != mine)  # the AI's own
    assert "passes to the AI" in host[-1].sentence()
    seat = (await timed.status(game_id)).seats[mine]
    assert seat.controller == "ai" and seat.user_id == HOST  # still theirs to reclaim
    while (await timed.status(game_id)).waiting_for != (mine,):
        await play_one(timed, game_id)
    # While the AI holds it, its player's moves are refused.
    with pytest.raises(ServiceError):
        await timed.act(game_id, HOST, RiskAI(0).choose(timed.state_of(await timed.load(game_id)), mine))
    back = await timed.join(game_id, HOST, "P1")
    assert back.seats[mine].controller == "human" and back.seats[mine].missed == 0
    # Back in the middle of their own turn: a fresh clock.
    assert await deadline_of(timed, game_id) == clock.now + timedelta(hours=24)
    with pytest.raises(ServiceError) as stranger:
        await timed.join(game_id, 77, "Stranger")
    assert stranger.value.code == "started"


async def test_missed_turns_count_in_total_not_only_in_a_row(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    game_id = await timed_game(timed)
    mine = await seat_of(timed, game_id, HOST)
    while (await timed.status(game_id)).waiting_for != (mine,):
        await play_one(timed, game_id)
    clock.advance(24)
    await scheduler.tick()  # missed 1
    for _ in range(4):  # then the host plays in time for a while, the other player too
        while (await timed.status(game_id)).waiting_for != (mine,):
            await play_one(timed, game_id)
        await play_one(timed, game_id)
    for _ in range(2):  # and misses two more
        while (await timed.status(game_id)).waiting_for != (mine,):
            await play_one(timed, game_id)
        clock.advance(24)
        await scheduler.tick()
    assert [r.missed for r in announcer.deadlines] == [1, 2, 3] and announcer.deadlines[-1].handed_to_ai


async def test_vacation_during_ones_turn_moves_the_deadline_and_reminders_by_its_length(
    timed: GameService, clock: FakeClock
) -> None:
    game_id = await timed_game(timed)
    user = (await timed.status(game_id)).seats[(await timed.status(game_id)).waiting_for[0]].user_id or 0
    clock.advance(6)
    before = await timed.store.timers(game_id)
    change = await timed.vacation(game_id, user, 3)
    assert change.deadline_at is not None
    assert from_text(change.deadline_at) == START + timedelta(hours=24 + 72)
    after = await timed.store.timers(game_id)
    assert [from_text(t.due_at) - from_text(b.due_at) for t, b in zip(after, before, strict=True)] == [
        timedelta(hours=72)
    ] * 3
    seat = await seat_of(timed, game_id, user)
    assert (await timed.status(game_id)).seats[seat].vacation_left_hours == 336 - 72


async def test_returned_vacation_comes_off_the_deadline_so_the_budget_cannot_be_bypassed(
    timed: GameService, clock: FakeClock
) -> None:
    """Take 14 days during one's turn, come back after 5 hours, take 13 days, come back after 1 hour:
    each return takes the unused time off the deadline (and its reminders), so the turn's deadline never
    moves further than the vacation time really spent, and the budget pays for exactly that."""
    game_id = await timed_game(timed)
    user = (await timed.status(game_id)).seats[(await timed.status(game_id)).waiting_for[0]].user_id or 0
    seat = await seat_of(timed, game_id, user)
    original = await deadline_of(timed, game_id)

    async def budget() -> int:
        return (await timed.status(game_id)).seats[seat].vacation_left_hours

    taken = await timed.vacation(game_id, user, 14)
    assert from_text(taken.deadline_at or "") == original + timedelta(days=14) and await budget() == 0
    clock.advance(5)
    back = await timed.vacation(game_id, user, 0)
    assert from_text(back.deadline_at or "") == original + timedelta(hours=5) and await budget() == 331
    timers = await timed.store.timers(game_id)
    assert max(from_text(t.due_at) for t in timers) == original + timedelta(hours=5)  # the deadline timer
    with pytest.raises(ServiceError, match="vacation left"):
        await timed.vacation(game_id, user, 14)  # 14 days no longer fit in 331 hours
    await timed.vacation(game_id, user, 13)
    assert await deadline_of(timed, game_id) == original + timedelta(hours=5, days=13)
    clock.advance(1)
    await timed.vacation(game_id, user, 0)
    assert await deadline_of(timed, game_id) == original + timedelta(hours=6) and await budget() == 330


async def test_a_turn_that_begins_during_a_vacation_counts_from_its_end(
    timed: GameService, clock: FakeClock
) -> None:
    game_id = await timed_game(timed)
    status = await timed.status(game_id)
    waiting = status.waiting_for[0]
    other = status.seats[1 - waiting].user_id or 0
    await timed.vacation(game_id, other, 2)  # the other player leaves before their turn
    clock.advance(1)
    while (await timed.status(game_id)).waiting_for == (waiting,):
        await play_one(timed, game_id)
    assert await deadline_of(timed, game_id) == START + timedelta(hours=48 + 24)


async def test_vacation_is_limited_to_fourteen_days_a_game_unless_a_moderator_grants_more(
    timed: GameService, clock: FakeClock
) -> None:
    game_id = await timed_game(timed)
    with pytest.raises(ServiceError) as too_long:
        await timed.vacation(game_id, HOST, 15)
    assert too_long.value.code == "bad_days"
    await timed.vacation(game_id, HOST, 10)
    with pytest.raises(ServiceError) as used:
        await timed.vacation(game_id, HOST, 5)
    assert used.value.code == "vacation_used" and "4 day(s)" in used.value.message
    clock.advance(24 * 2)
    back = await timed.vacation(game_id, HOST, 0)  # back early: 8 days return
    assert "192 hour(s)" in back.message
    host, other = await seat_of(timed, game_id, HOST), await seat_of(timed, game_id, HOST + 1)
    assert (await timed.status(game_id)).seats[host].vacation_left_hours == 4 * 24 + 192
    with pytest.raises(ServiceError):
        await timed.vacation(game_id, HOST, 20, member=HOST + 1)  # not a moderator
    await timed.vacation(game_id, HOST, 20, member=HOST + 1, moderator=True)
    assert (await timed.status(game_id)).seats[other].vacation_left_hours == 336  # granted, not spent


async def test_extend_gives_the_current_turn_more_time(timed: GameService, clock: FakeClock) -> None:
    game_id = await timed_game(timed)
    with pytest.raises(ServiceError):
        await timed.extend(game_id, HOST + 1, 6)  # neither host nor moderator
    change = await timed.extend(game_id, HOST + 1, 6, moderator=True)
    assert from_text(change.deadline_at or "") == START + timedelta(hours=30)


async def test_a_bot_stopped_for_two_days_handles_each_overdue_game_once(
    tmp_path: Path, clock: FakeClock
) -> None:
    path = str(tmp_path / "games.db")
    store = await SqliteStore.open(path)
    service = GameService(store, GAMES, clock=clock)
    games = [await timed_game(service, channel=CHANNEL + i) for i in range(3)]
    await service.set_turn_rules(games[2], HOST, hours=72)  # this one is not overdue yet
    await store.close()
    clock.advance(48)  # the bot is down
    store = await SqliteStore.open(path)
    try:
        service = GameService(store, GAMES, clock=clock)
        announcer = RecordingAnnouncer(service)
        scheduler = Scheduler(service, announcer)
        report = await scheduler.tick()
        assert sorted(report.deadlines) == games[:2]  # each overdue game once, no stale reminders
        assert [r.game_id for r in announcer.deadlines] == games[:2]
        assert announcer.reminders == [(games[2], 0, 50)]  # the third game only gets its latest reminder
        assert report.dropped == 4  # two reminders of each overdue game
        for game_id in games[:2]:
            assert await deadline_of(service, game_id) == clock.now + timedelta(hours=24)
        again = await scheduler.tick()
        assert again.deadlines == [] and again.reminders == [] and len(announcer.deadlines) == 2
    finally:
        await store.close()


async def test_a_deadline_interrupted_midway_is_finished_after_a_restart_and_counted_once(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer, monkeypatch
) -> None:
    game_id = await timed_game(timed)
    seat = (await timed.status(game_id)).waiting_for[0]

    async def crash(*args: object) -> None:
        raise RuntimeError("the process died here")

    clock.advance(25)
    with monkeypatch.context() as patched:
        patched.setattr(GameService, "_play_out", crash)
        with pytest.raises(RuntimeError):
            await timed.timeout(game_id, [*await turn_key(timed, game_id)])
    assert (await timed.status(game_id)).seats[seat].missed == 1
    await scheduler.tick()  # the "resume" timer left behind finishes the turn
    (result,) = announcer.deadlines
    assert result.seat == seat and result.missed == 1
    assert (await timed.status(game_id)).seats[seat].missed == 1
    assert (await timed.status(game_id)).waiting_for != (seat,)


async def turn_key(service: GameService, game_id: int) -> tuple[int, int]:
    from rules.risk import RULES

    return RULES.turn_key(service.state_of(await service.load(game_id)))


async def test_pausing_stops_the_clock_and_resuming_starts_a_fresh_turn_clock(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    game_id = await timed_game(timed)
    await timed.pause(game_id, HOST)
    assert await timed.store.timers(game_id) == [] and (await timed.load(game_id)).deadline_at is None
    clock.advance(100)
    assert (await scheduler.tick()).deadlines == []
    await timed.resume(game_id, HOST)
    assert await deadline_of(timed, game_id) == clock.now + timedelta(hours=24)


async def test_turn_rules_are_checked_and_a_new_length_restarts_the_current_clock(
    timed: GameService, clock: FakeClock
) -> None:
    game_id = await timed_game(timed)
    with pytest.raises(ServiceError):
        await timed.set_turn_rules(game_id, HOST, reminders="150")
    with pytest.raises(ServiceError):
        await timed.set_turn_rules(game_id, HOST, timeout_action="shrug")
    with pytest.raises(ServiceError):
        await timed.set_turn_rules(game_id, HOST + 1, hours=48)  # not the host
    clock.advance(3)
    status = await timed.set_turn_rules(game_id, HOST, hours=48, reminders="25")
    assert status.turn_hours == 48 and status.reminders == "25"
    assert await deadline_of(timed, game_id) == clock.now + timedelta(hours=48)
    assert [t.kind for t in await timed.store.timers(game_id)] == ["reminder", "deadline"]
    await timed.set_turn_rules(game_id, HOST, hours=0)
    assert await timed.store.timers(game_id) == [] and (await timed.load(game_id)).deadline_at is None


async def test_a_defender_who_lets_a_battle_decision_lapse_does_not_end_the_attackers_turn(
    timed: GameService, clock: FakeClock, scheduler: Scheduler, announcer: RecordingAnnouncer
) -> None:
    """With defenders choosing their dice, a defender who misses the deadline defends with the most dice
    the rules allow (the absent move) and counts a miss; the attacker, who did not miss, gets the game
    back mid-turn with a fresh clock, instead of having the rest of its turn skipped."""
    status = await timed.create(
        CHANNEL,
        HOST,
        "Host",
        "risk",
        {"setup_batch": "40", "defender_dice": "choose"},
        join=False,
        turn_hours=24,
    )
    for i in range(2):
        await timed.join(status.game_id, HOST + i, f"P{i + 1}")
    await timed.start(status.game_id, HOST, seed=SEED)
    game_id = status.game_id
    for _ in range(400):  # play on until some human attacks the other human
        state = timed.state_of(await timed.load(game_id))
        seat = state.current
        user = HOST + next(i for i, s in enumerate((await timed.status(game_id)).seats) if s.seat == seat)
        if state.phase is Phase.ATTACK and state.pending is None:
            attacks = [
                a
                for a in timed.games["risk"].rules.legal(state, seat)
                if isinstance(a, Attack) and state.owner[BOARD.index(a.target)] == 1 - seat
            ]
            if attacks:
                await timed.act(game_id, user, Attack(attacks[0].source, attacks[0].target))
                break
        await play_one(timed, game_id)
    else:
        raise AssertionError("no attack on the other player")
    (defender,) = (await timed.status(game_id)).waiting_for
    assert defender == 1 - seat
    clock.advance(24.1)
    assert (await scheduler.tick()).deadlines == [game_id]
    (result,) = announcer.deadlines
    assert [m.seat for m in result.misses] == [defender]
    assert [
        type(e).__name__ for m in result.moves for e in m.public_events if type(e).__name__ == "BattleFought"
    ]
    after = await timed.status(game_id)
    assert (
        after.waiting_for == (seat,) and after.seats[seat].missed == 0 and after.seats[defender].missed == 1
    )
    state = timed.state_of(await timed.load(game_id))
    assert state.current == seat and state.phase is Phase.ATTACK  # the attacker's turn goes on
    assert await deadline_of(timed, game_id) == clock.now + timedelta(hours=24)
    assert sorted(t.kind for t in await timed.store.timers(game_id)) == ["deadline", "reminder", "reminder"]
    assert await snapshot_matches_replay(timed, game_id)


@pytest.mark.parametrize("typed", ["abc", "²", "50,abc", "0", "100", "1,2,3,4,5", "9" * 4400])
async def test_reminders_that_are_not_percents_get_a_sentence_and_change_nothing(
    timed: GameService, typed: str
) -> None:
    game_id = await timed_game(timed)
    before = await timed.load(game_id)
    with pytest.raises(ServiceError) as refused:
        await timed.set_turn_rules(game_id, HOST, reminders=typed)
    assert refused.value.message == (
        "Reminders are up to four percentages of the turn left, each from 1 to 99, like 50,10."
    )
    assert (await timed.load(game_id)) == before
