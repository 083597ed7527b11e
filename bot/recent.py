"""What changed lately, for the pictures and the "since your last turn" digest: the events since a seat's
last turn, or since a given log row (the last board the channel saw). Each read is bounded by the
store's turn starts and a fixed number of the last rows, never the whole log, so it costs the same in a
game's first turn and its thousandth.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core import ServiceCore
from bot.gamelog import decode_events, secret, visible
from bot.models import Position
from bot.store import LogRecord, LogTail
from rules.core.events import Event
from rules.core.ruleset import Ruleset

# A read of the recent rows takes at least this many of the last live actions (a seat's previous turn may
# be recent, in a game whose "turn" is any decision), and a "since row n" read at most this many.
DIGEST_ROWS = 64


@dataclass(frozen=True, slots=True)
class Digest:
    """What ``seat`` missed: ``lines`` in words, from the events it may see since its last turn was
    announced; ``events`` as everyone may see them, reaching further back (the board is the public board,
    so its marks come from public events only, and a board marks more than a moment's moves); ``fresh``:
    those of ``events`` the seat has not been told at an announcement of its turn before."""

    lines: list[str]
    events: tuple[Event, ...]
    fresh: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Recent:
    """The public events of the live rows after row ``after``, and the last row read (``seq``: 0 when
    the log is empty), to ask from next time."""

    events: tuple[Event, ...]
    after: int
    seq: int


@dataclass(frozen=True, slots=True)
class News:
    """What a turn's announcement tells, from one read of the log: the digest of the first seat the game
    waits on (None when it waits on nobody) and the public events since the last status board."""

    digest: Digest | None
    recent: Recent


class RecentChanges(ServiceCore):
    async def since_last_turn(self, game_id: int, seat: int, position: Position | None = None) -> Digest:
        """The "since your last turn" digest for ``seat``, from the rows since the start of the seat's
        previous turn (which hold everything since its end), or the last ``DIGEST_ROWS`` live actions if
        they reach further back, whatever the game's length. A seat without a previous turn start gets
        the log from the start. ``position``: the game in hand (else read)."""
        position = position or await self.position(game_id)
        tail = await self.store.log_tail(game_id, DIGEST_ROWS, None, seat)
        return self._digest(position, seat, await self._since_turn(position, tail), tail)

    async def events_since(self, game_id: int, seq: int | None, position: Position | None = None) -> Recent:
        """The public events of the live rows after row ``seq`` (in practice the rows since the last
        status board: a turn's); ``seq`` None (nobody remembers the last look: a restart) reads the
        rows that the digest of the seat the game waits on reads. ``position``: the game in hand."""
        position = position or await self.position(game_id)
        seat = self._first_waiting(position) if seq is None else None
        tail = await self.store.log_tail(game_id, DIGEST_ROWS, seq, seat)
        return await self._recent(
            position, seq, tail, None if seat is None else await self._since_turn(position, tail)
        )

    async def news(self, position: Position, since: int | None) -> News:
        """A turn's news from the game in hand, in one read of the log as a rule: the digest of the first
        seat it waits on and the public events after row ``since`` (as ``events_since``). More is read
        only when a turn reaches back past the last ``DIGEST_ROWS`` rows."""
        seat = self._first_waiting(position)
        tail = await self.store.log_tail(position.found.game.id, DIGEST_ROWS, since, seat)
        if seat is None:
            return News(None, await self._recent(position, since, tail, None))
        turn = await self._since_turn(position, tail)
        return News(self._digest(position, seat, turn, tail), await self._recent(position, since, tail, turn))

    def _first_waiting(self, position: Position) -> int | None:
        if position.state is None:
            return None
        waiting = self.rules(position.found.game.ruleset).to_act(position.state)
        return waiting[0] if waiting else None

    def _digest(self, position: Position, seat: int, rows: list[LogRecord], tail: LogTail) -> Digest:
        game = position.found.game
        ruleset = self.rules(game.ruleset)
        # The seat was told everything up to the row that began its previous turn (that turn's ping or
        # DM came after it); the words tell only what came later, so a seat on turn twice in a row is
        # not told the same moves twice. The board's marks may reach further back.
        told = tail.starts[1] if len(tail.starts) > 1 else 0
        fresh = [row for row in rows if row.seq > told]
        theirs = _events(ruleset, fresh, seat)
        view = ruleset.view(position.state, seat)
        names = [s.name for s in position.found.seats]
        lines = self.games[game.ruleset].presenter.digest(theirs, seat, names, view)
        return Digest(lines, tuple(_events(ruleset, rows, None)), tuple(_events(ruleset, fresh, None)))

    async def _recent(
        self, position: Position, seq: int | None, tail: LogTail, turn: list[LogRecord] | None
    ) -> Recent:
        """The public events after row ``seq``; ``seq`` None: those of ``turn`` (the rows of the first
        waiting seat's digest; None when the game waits on nobody: the whole log)."""
        game = position.found.game
        if seq is None and turn is not None:
            rows, after = turn, turn[0].seq - 1 if turn else 0
        else:
            after = seq or 0
            rows = await self._after(game.id, tail, after)
        events = tuple(_events(self.rules(game.ruleset), rows, None))
        return Recent(events, after, rows[-1].seq if rows else after)

    async def _since_turn(self, position: Position, tail: LogTail) -> list[LogRecord]:
        """The live rows since the start of the previous turn of the seat whose turn starts ``tail``
        holds, or the last ``DIGEST_ROWS`` public ones if they reach further back (in a game whose
        "turn" is any decision, the previous one may be a moment ago)."""
        game = position.found.game
        after = tail.starts[1] - 1 if len(tail.starts) > 1 else 0
        rows = await self._last_public(game.id, self.rules(game.ruleset), tail)
        if rows and rows[0].seq > after + 1:  # the previous turn began before them: read from there
            rows = await self._after(game.id, tail, after)
        return rows

    async def _after(self, game_id: int, tail: LogTail, after: int) -> list[LogRecord]:
        """The live rows after row ``after``: from ``tail`` when it reaches back that far (a turn's
        announcement reads them so), else read."""
        if tail.after <= after:
            return [row for row in tail.rows if row.seq > after]
        return await self.store.live_actions(game_id, after=after)

    async def _last_public(self, game_id: int, ruleset: Ruleset, tail: LogTail) -> list[LogRecord]:
        """The live rows from the ``DIGEST_ROWS``-th last whose events anyone may see, starting from
        ``tail`` (at least the last ``DIGEST_ROWS`` live rows). Rows wholly hidden from the public
        (secret orders being written) do not count: were they counted, how far back a board's marks
        reach would tell everyone how many such moves were made."""
        rows, wanted = tail.rows, max(DIGEST_ROWS, len(tail.rows))
        if tail.after == 0:  # the whole log is in hand
            wanted = len(rows) + 1
        while True:
            public = [
                i
                for i, row in enumerate(rows)
                if not secret(ruleset, decode_events(ruleset, row.events), None)
            ]
            if len(public) >= DIGEST_ROWS:
                return rows[public[-DIGEST_ROWS] :]
            if len(rows) < wanted:  # the whole log is read
                return rows
            wanted *= 2
            rows = await self.store.last_live_actions(game_id, wanted)


def _events(ruleset: Ruleset, rows: list[LogRecord], viewer: int | None) -> list[Event]:
    """The events of ``rows`` as ``viewer`` (None: everyone) may see them while the game runs."""
    return [
        event for row in rows for event in visible(ruleset, decode_events(ruleset, row.events), viewer, False)
    ]
