"""What a move, an undo, a turn's announcement, a digest and a log page read (issue 14): only the rows
they need, with answers equal to the whole-log computations they replaced (kept here, as oracles).

Every stored snapshot equals the replay from the seed, for every registered game; undo and rollback start
from the nearest snapshot, across a snapshot's row and back to before the first one."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import pytest

from bot import exports, gamelog
from bot.gamelog import decode_events, live_actions, rebuild, secret, visible
from bot.games import GAMES
from bot.models import ServiceError
from bot.recent import DIGEST_ROWS
from bot.replays import replay_of
from bot.service import LOG_PAGE_ROWS, SUMMARY_ROWS, GameService
from bot.store import GameStore, LogRecord
from rules.core.codec import from_json
from rules.core.summary import own_actors, summarise
from rules.risk.actions import PlaceArmies
from tests.bot.conftest import HOST, new_game, user_to_act

ROW_READS = ("log", "log_rows", "live_actions", "last_live_actions")

# Two players set up as the box does (two own armies and one neutral a setup turn, 26 turns), whose
# log these tests were written for; by post the setup is five of those turns at once.
BOX_SETUP = {"setup_batch": "40", "two_player_batch": "1"}


class CountingStore:
    """The store, counting the log rows each read returns and noting every whole-log read."""

    def __init__(self, inner: GameStore) -> None:
        self.inner = inner
        self.rows = 0
        self.calls: list[str] = []

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if name not in ROW_READS:
            return found

        async def counted(*args: Any, **kwargs: Any) -> list[LogRecord]:
            rows: list[LogRecord] = await found(*args, **kwargs)
            self.rows += len(rows)
            self.calls.append(name)
            return rows

        return counted

    def reset(self) -> None:
        self.rows, self.calls = 0, []


async def ai_game(service: GameService, name: str, seats: int, seed: str) -> int:
    """A started game of ``name`` with every seat the AI's, on the game's short options."""
    game = GAMES[name]
    options = {key: str(value) for key, value in game.short_game.items()}
    status = await service.create(len(service.games) * 1000 + seats, HOST, "Host", name, options, join=False)
    for _ in range(seats):
        await service.join(status.game_id, HOST, "", ai=True)
    await service.start(status.game_id, HOST, seed=seed)
    return status.game_id


async def replayed(service: GameService, game_id: int, upto: int | None = None) -> Any:
    """The oracle: the state the whole live log (rows up to ``upto``) leads to, from the seed."""
    game = await service.load(game_id)
    rows = [row for row in await service.store.log(game_id) if upto is None or row.seq <= upto]
    seats = await service.store.seats(game_id)
    assert game.seed is not None
    return rebuild(service.rules(game.ruleset), game.seed, game.options, len(seats), live_actions(rows))


async def check_snapshots(service: GameService, game_id: int) -> int:
    """Every stored snapshot is the replay from the seed up to its row; returns how many there are."""
    game = await service.load(game_id)
    ruleset = service.rules(game.ruleset)
    snapshots = await service.store.snapshots(game_id)
    for snapshot in snapshots:
        assert from_json(snapshot.state, ruleset.state_type) == await replayed(
            service, game_id, snapshot.seq
        ), f"{game.ruleset}: the snapshot at #{snapshot.seq} differs from the replay"
    assert service.state_of(game) == await replayed(service, game_id)
    return len(snapshots)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_every_snapshot_equals_the_replay_from_the_seed(service: GameService, name: str) -> None:
    rules = GAMES[name].rules
    game_id = await ai_game(service, name, rules.min_seats, f"snapshots of {name}")
    played = await service.play_ai(game_id, limit=150)
    assert len(played) == 150 or (await service.status(game_id)).result
    kept = await check_snapshots(service, game_id)
    turns = sum(result.turn_changed for result in played)
    # One at least every SNAPSHOT_EVERY versions, and at turn starts spaced SNAPSHOT_MIN_GAP apart.
    assert kept >= len(played) // gamelog.SNAPSHOT_EVERY
    assert kept <= len(played) // gamelog.SNAPSHOT_MIN_GAP + 2, (kept, turns)


async def play_until(service: GameService, game_id: int, done: Callable[[int], bool]) -> None:
    """The Risk AI plays the human seats' moves until ``done(live actions)``: the easy one, whose games
    run long enough for every seed these tests use (the normal one can win a game in 160 moves)."""
    game = await service.load(game_id)
    for _ in range(2000):
        live = len(await service.store.live_actions(game_id))
        if done(live):
            return
        state = service.state_of(await service.load(game_id))
        seat = service.rules(game.ruleset).to_act(state)[0]
        action = service.agent(game.ruleset, live, "easy").choose(state, seat)
        await service.act(game_id, await user_to_act(service, game_id), action)
    raise AssertionError("the game never got there")


async def place_one_army(service: GameService, game_id: int) -> LogRecord:
    """Play on until the seat to act reinforces with armies to spare, then place one (an undoable move:
    no dice, nothing hidden, the turn goes on); returns its row."""
    rules = service.rules("risk")
    for _ in range(2000):
        state = service.state_of(await service.load(game_id))
        seat = rules.to_act(state)[0]
        placing = [a for a in rules.legal(state, seat) if isinstance(a, PlaceArmies)]
        if state.phase == "reinforce" and state.reinforcements >= 2 and state.pending is None and placing:
            await service.act(
                game_id, await user_to_act(service, game_id), PlaceArmies(placing[0].territory, 1)
            )
            return (await service.store.last_live_actions(game_id, 1))[0]
        action = service.agent("risk", state.turn, "easy").choose(state, seat)
        await service.act(game_id, await user_to_act(service, game_id), action)
    raise AssertionError("nobody reinforced")


async def test_undo_across_a_snapshot_row_and_rollbacks_to_before_the_first_snapshot(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a snapshot at every move, the action undone has one at its own row, which includes it: the
    undo must start from the one before, and drop the one at the undone row."""
    monkeypatch.setattr(gamelog, "SNAPSHOT_EVERY", 1)
    game_id = await new_game(service, options=BOX_SETUP)
    placed = await place_one_army(service, game_id)
    assert placed.seq in [s.seq for s in await service.store.snapshots(game_id)]
    result = await service.undo(game_id, await user_to_act(service, game_id))
    assert result.reverted == (placed.seq,)
    assert placed.seq not in [s.seq for s in await service.store.snapshots(game_id)]
    await check_snapshots(service, game_id)

    # A rollback over several snapshots, then one back past the first snapshot to the setup itself.
    await play_until(service, game_id, lambda live: live >= 30)
    await service.rollback(game_id, HOST, 7, moderator=True)
    await check_snapshots(service, game_id)
    live = await service.store.live_actions(game_id)
    assert live[0].seq <= (await service.store.snapshots(game_id))[0].seq  # none before the first action
    await service.rollback(game_id, HOST, len(live), moderator=True)
    assert await service.store.live_actions(game_id) == []
    await check_snapshots(service, game_id)  # the rollback's own snapshot: the setup
    await play_until(service, game_id, lambda live: live >= 5)
    await check_snapshots(service, game_id)


async def test_an_undo_reads_the_rows_since_the_nearest_snapshot_only(service: GameService) -> None:
    game_id = await new_game(service, options=BOX_SETUP)
    await play_until(service, game_id, lambda live: live >= 200)
    counting = CountingStore(service.store)
    service.store = cast(GameStore, counting)
    await place_one_army(service, game_id)
    counting.reset()
    await service.undo(game_id, await user_to_act(service, game_id))
    assert "log" not in counting.calls
    assert counting.rows <= gamelog.SNAPSHOT_EVERY + 1, counting.rows
    await check_snapshots(service, game_id)


# ---- the whole-log computations this replaced, as oracles -------------------------------------------


async def old_turn_summary(service: GameService, game_id: int) -> list[str]:
    """bot/cogs/moves.py's announce_turn before issue 14: every line of the log, from the second latest
    round mark. (It looked for the mark at the start of the line, but the log indents event lines, so it
    never found one and always gave the whole log: here the mark is looked for as meant.)"""
    lines = await service.log_lines(game_id)
    marks = [i for i, line in enumerate(lines) if line.lstrip().startswith(gamelog.ROUND_MARK)]
    if len(marks) < 2:  # no round yet, or a game whose text has no rounds: now its last rows only
        length = len(await service.store.log(game_id))
        lines = await service.log_lines(game_id, last=min(length, SUMMARY_ROWS))
    return lines[marks[-2] if len(marks) > 1 else 0 :]


async def old_since_last_turn(service: GameService, game_id: int, seat: int, told: int) -> list[str]:
    """bot/deadlines.py's since_last_turn before issue 14, from every live event of the game; since then
    only the events after row ``told`` (the row that began the seat's previous turn, whose announcement
    told it the rest): a seat on turn twice running is not told the same moves twice."""
    game = await service.load(game_id)
    ruleset = service.rules(game.ruleset)
    seats = await service.store.seats(game_id)
    events = [
        event
        for row in live_actions(await service.store.log(game_id))
        if row.seq > told
        for event in visible(ruleset, decode_events(ruleset, row.events), seat, ended=False)
    ]
    view = ruleset.view(service.state_of(game), seat)
    return service.games[game.ruleset].presenter.digest(events, seat, [s.name for s in seats], view)


@pytest.mark.parametrize("name", sorted(GAMES))
async def test_turn_summaries_and_digests_agree_with_the_whole_log(service: GameService, name: str) -> None:
    rules = GAMES[name].rules
    seats = min(rules.min_seats + 1, rules.max_seats)  # more than the fewest where the game allows it
    game_id = await ai_game(service, name, seats, f"digests of {name}")
    counting = CountingStore(service.store)
    service.store = cast(GameStore, counting)
    turns = 0
    for _ in range(400):
        played = await service.play_ai(game_id, limit=1)
        if not played:
            break
        if not played[0].turn_changed or played[0].result:
            continue
        turns += 1
        counting.reset()
        summary = await service.turn_summary(game_id)
        assert counting.calls == ["log_rows"]
        assert summary == await old_turn_summary(service, game_id)
        for seat in played[0].waiting_for:
            starts = await counting.inner.turn_starts(game_id, seat, 2)
            window = await counting.inner.live_actions(game_id, after=starts[1] - 1 if len(starts) > 1 else 0)
            # The last DIGEST_ROWS public rows reach back over the rows hidden from the public among
            # them (secret orders), read twice as many at a time: at most four times that reach.
            live = await counting.inner.live_actions(game_id)
            public = [
                i for i, row in enumerate(live) if not secret(rules, decode_events(rules, row.events), None)
            ]
            reach = len(live) - public[-DIGEST_ROWS] if len(public) >= DIGEST_ROWS else len(live)
            counting.reset()
            digest = await service.since_last_turn(game_id, seat)
            assert "log" not in counting.calls and counting.rows <= 4 * max(DIGEST_ROWS, reach) + len(window)
            told = starts[1] if len(starts) > 1 else 0
            assert digest.lines == await old_since_last_turn(service, game_id, seat, told)
    assert turns >= 5


@pytest.mark.parametrize("name", ["attack", "hexwar"])
async def test_a_turns_ping_does_not_tell_again_what_the_seats_last_ping_told(
    service: GameService, name: str
) -> None:
    """A ping's "since your last turn" tells what came after the row that began the seat's previous turn
    (that turn's ping told the rest), its own doings left out; so a seat on turn twice running (Attack!'s
    new year, Hex war's setup) is not told the other player's earlier moves again. The board's marks may
    still reach back."""
    rules, twice = GAMES[name].rules, 0
    game_id = await ai_game(service, name, 2, f"twice running in {name}")
    names = [s.name for s in await service.store.seats(game_id)]
    waited: int | None = None
    for _ in range(300):
        played = await service.play_ai(game_id, limit=1)
        if not played or played[0].result:
            break
        if not played[0].turn_changed or not played[0].waiting_for:
            continue
        seat, before = played[0].waiting_for[0], waited
        waited = seat
        starts = await service.store.turn_starts(game_id, seat, 2)
        if len(starts) < 2:
            continue
        twice += seat == before
        told: set[str] = set()
        new: set[str] = set()
        for row in await service.store.live_actions(game_id, after=max(0, starts[1] - DIGEST_ROWS)):
            said = {rules.describe(e, names) or "" for e in decode_events(rules, row.events)}
            (told if row.seq <= starts[1] else new).update(said)
        # A sentence told before and not since, as a summary line quotes it: without its actor's name.
        stale = {(n, t[len(n) + 1 :].rstrip(".")) for t in told - new for n in names if t.startswith(n + " ")}
        digest = await service.since_last_turn(game_id, seat)
        mine = own_actors(rules, (await service.position(game_id)).state, seat, names)
        for line in summarise(rules, digest.fresh, names, leave_out=mine):
            actor = next((n for n in names if line.startswith(n + " ")), None)
            if actor is not None:  # "Bob … took Congo; took Egypt.": Bob's sentences, each without his name
                said = line[len(actor) + 1 :].removeprefix("… ").rstrip(".").split("; ")
                assert not [t for t in said if (actor, t) in stale], line
    assert twice, "the seed gives a seat two turns running"


async def test_a_log_page_reads_its_rows_only(service: GameService) -> None:
    game_id = await new_game(service, options=BOX_SETUP)
    await play_until(service, game_id, lambda live: live >= 45)
    counting = CountingStore(service.store)
    service.store = cast(GameStore, counting)
    everything = await service.log_lines(game_id)
    rows = len(await service.store.log(game_id))
    pages = -(-rows // LOG_PAGE_ROWS)
    read: list[str] = []
    for number in range(pages, 0, -1):  # the oldest page first
        counting.reset()
        page = await service.log_page(game_id, number)
        # The latest page: its rows alone. An older one: the last row (where the log the reader sees
        # ends: rows hidden from it do not count), then the page's rows.
        peek = 0 if number == 1 else 1
        assert counting.calls == ["log_rows"] * (1 + peek)
        assert counting.rows == page.last - page.first + 1 + peek
        assert counting.rows == LOG_PAGE_ROWS + peek or number == pages
        assert (page.page, page.pages) == (number, pages)
        read.extend(page.lines)
    assert read == everything  # every line of the log on exactly one page, in order


async def test_a_game_that_opens_its_turns_is_paged_a_turn_at_a_time(service: GameService) -> None:
    """Issue 29: pages follow the public "— Round" lines, so nothing a seat keeps hidden moves a page;
    page 1 is the turn being played, the last the setup, and each page reads only its own rows."""
    game_id = await new_game(service, options=BOX_SETUP)
    marks: list[int] = []
    await play_until(service, game_id, lambda live: live >= 60)
    for _ in range(40):  # on until four turns have opened
        marks = await service.store.round_marks(game_id, 100)
        if len(marks) >= 4:
            break
        more = len(await service.store.live_actions(game_id))
        await play_until(service, game_id, lambda live: live > more)  # noqa: B023 (used at once)
    assert len(marks) >= 4
    counting = CountingStore(service.store)
    service.store = cast(GameStore, counting)
    everything = await service.log_lines(game_id)
    length = await service.store.log_length(game_id)
    starts = [*marks, 1]  # newest first
    read: list[str] = []
    for number in range(len(starts), 0, -1):
        counting.reset()
        page = await service.log_page(game_id, number)
        assert (page.page, page.pages) == (number, len(starts))
        assert page.first == starts[number - 1]
        assert page.last == (starts[number - 2] - 1 if number > 1 else length)
        assert counting.calls == ["log_rows"] and counting.rows == page.last - page.first + 1
        assert number == len(starts) or any(line.startswith("    — Round") for line in page.lines[:4])
        read.extend(page.lines)
    assert read == everything  # every line on exactly one page, in order
    with pytest.raises(ServiceError):
        await service.log_page(game_id, len(starts) + 1)


async def test_an_export_streamed_in_chunks_is_the_whole_document(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await new_game(service, options=BOX_SETUP)
    await play_until(service, game_id, lambda live: live >= 23)
    game = await service.load(game_id)
    whole = exports.export_document(
        service.rules("risk"), game, await service.store.seats(game_id), await service.store.log(game_id)
    )
    monkeypatch.setattr(exports, "EXPORT_CHUNK", 4)
    streamed = await service.export(game_id)
    at = json.loads(streamed)["exported_at"]
    assert streamed == whole.replace(json.loads(whole)["exported_at"], at)
    assert len(streamed.splitlines()) == len(await service.store.log(game_id)) + 2


async def test_a_replay_of_the_last_turns_starts_from_a_snapshot_and_shows_the_same_turns(
    service: GameService,
) -> None:
    """Issue 33: ``/game replay last:3`` replays from the nearest snapshot far enough back, reading the
    rows after it only, and draws exactly the frames the whole game's replay would end with."""
    game_id = await new_game(service, options=BOX_SETUP)
    await play_until(service, game_id, lambda live: live >= 240)
    drawn: list[list[Any]] = []

    class Recording:
        def animate(self, turns: list[Any], names: Any, title: str = "") -> str:
            drawn.append(turns)
            return "gif"

    pictures = cast(Any, Recording())
    whole = await replay_of(service, pictures, game_id)
    assert whole.whole and whole.turns > 4
    counting = CountingStore(service.store)
    service.store = cast(GameStore, counting)
    made = await replay_of(service, pictures, game_id, last=3)
    assert (made.turns, made.whole) == (3, False)
    length = await service.store.log_length(game_id)
    assert "log" not in counting.calls and counting.rows < length / 2  # 118 of 241 rows when written
    assert counting.calls.count("live_actions") >= 1
    assert drawn[1] == drawn[0][-3:]  # the same views and events as the whole replay's last three turns
    snapshots = await service.store.snapshots(game_id)
    assert snapshots and counting.rows <= (await service.store.log_length(game_id)) - snapshots[0].seq
