"""What changed lately, for the pictures and the "since your last turn" digest: the events since a seat's
last turn, or since a given log row (the last board the channel saw). Each read is bounded by the
store's turn starts and a fixed number of the last rows, never the whole log, so it costs the same in a
game's first turn and its thousandth.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.core import ServiceCore
from bot.gamelog import decode_events, secret, visible
from bot.store import LogRecord
from rules.core.events import Event
from rules.core.ruleset import Ruleset

# A read of the recent rows takes at least this many of the last live actions (a seat's previous turn may
# be recent, in a game whose "turn" is any decision), and a "since row n" read at most this many.
DIGEST_ROWS = 64


@dataclass(frozen=True, slots=True)
class Digest:
    """What ``seat`` missed: ``lines`` in words, from the events it may see, and ``events`` as everyone
    may see them (the board is the public board, so its marks come from public events only)."""

    lines: list[str]
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Recent:
    """The public events of the live rows after row ``after``, and the last row read (``seq``: 0 when
    the log is empty), to ask from next time."""

    events: tuple[Event, ...]
    after: int
    seq: int


class RecentChanges(ServiceCore):
    async def since_last_turn(self, game_id: int, seat: int) -> Digest:
        """The "since your last turn" digest for ``seat``, from the rows since the start of the seat's
        previous turn (which hold everything since its end), or the last ``DIGEST_ROWS`` live actions if
        they reach further back, whatever the game's length. A seat without a previous turn start gets
        the log from the start."""
        game = await self.load(game_id)
        ruleset = self.rules(game.ruleset)
        seats = await self.store.seats(game_id)
        rows = await self._since_turn(game_id, seat, ruleset)
        theirs = _events(ruleset, rows, seat)
        view = ruleset.view(self.state_of(game), seat)
        lines = self.games[game.ruleset].presenter.digest(theirs, seat, [s.name for s in seats], view)
        return Digest(lines, tuple(_events(ruleset, rows, None)))

    async def events_since(self, game_id: int, seq: int | None) -> Recent:
        """The public events of the live rows after row ``seq`` (in practice the rows since the last
        status board: a turn's); ``seq`` None (nobody remembers the last look: a restart) reads the
        rows that the digest of the seat the game waits on reads."""
        game = await self.load(game_id)
        ruleset = self.rules(game.ruleset)
        waiting = ruleset.to_act(self.state_of(game)) if game.state is not None else ()
        if seq is None and waiting:
            rows = await self._since_turn(game_id, waiting[0], ruleset)
            after = rows[0].seq - 1 if rows else 0
        else:
            after = seq or 0
            rows = await self._since_row(game_id, after)
        return Recent(tuple(_events(ruleset, rows, None)), after, rows[-1].seq if rows else after)

    async def _since_row(self, game_id: int, after: int) -> list[LogRecord]:
        """The live rows after row ``after``: the last ``DIGEST_ROWS`` read first, as most such reads
        ask for the last turn's few rows (a status board is drawn every turn)."""
        rows = await self.store.last_live_actions(game_id, DIGEST_ROWS)
        if rows and rows[0].seq > after + 1:  # they do not reach back to it
            return await self.store.live_actions(game_id, after=after)
        return [row for row in rows if row.seq > after]

    async def _since_turn(self, game_id: int, seat: int, ruleset: Ruleset) -> list[LogRecord]:
        """The live rows since the start of ``seat``'s previous turn, or the last ``DIGEST_ROWS`` public
        ones if they reach further back (in a game whose "turn" is any decision, the previous one may be
        a moment ago)."""
        starts = await self.store.turn_starts(game_id, seat, 2)
        after = starts[1] - 1 if len(starts) > 1 else 0
        rows = await self._last_public(game_id, ruleset)
        if rows and rows[0].seq > after + 1:  # the previous turn began before them: read from there
            rows = await self.store.live_actions(game_id, after=after)
        return rows

    async def _last_public(self, game_id: int, ruleset: Ruleset) -> list[LogRecord]:
        """The live rows from the ``DIGEST_ROWS``-th last whose events anyone may see. Rows wholly
        hidden from the public (secret orders being written) do not count: were they counted, how far
        back a board's marks reach would tell everyone how many such moves were made."""
        wanted = DIGEST_ROWS
        while True:
            rows = await self.store.last_live_actions(game_id, wanted)
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


def _events(ruleset: Ruleset, rows: list[LogRecord], viewer: int | None) -> list[Event]:
    """The events of ``rows`` as ``viewer`` (None: everyone) may see them while the game runs."""
    return [
        event for row in rows for event in visible(ruleset, decode_events(ruleset, row.events), viewer, False)
    ]
