"""The SQLite schema as a list of forward migrations; ``PRAGMA user_version`` says how many have run.
Also the plumbing between rows and records that ``SqliteStore`` (bot/store.py) shares: column lists,
row decoders, the UPDATE fragment of a ``GameUpdate``, and the migration runner.

Never edit a migration that has shipped: add the next one. Each script runs in its own transaction
together with the ``user_version`` bump, so a crash mid-upgrade leaves the previous version intact.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Sequence
from dataclasses import astuple
from typing import Any

import aiosqlite

from bot.records import (
    Commit,
    GameAndSeats,
    GameRecord,
    GameUpdate,
    Listeners,
    LogEntry,
    LogRecord,
    LogTail,
    SchemaTooNew,
    SeatRecord,
    TimerSpec,
    VersionConflict,
)

V1 = """
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    ruleset     TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}',           -- JSON object of resolved option values
    status      TEXT NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'running', 'paused', 'ended')),
    created_by  INTEGER,                              -- the host: may start, pause, kick, end
    seed        TEXT,                                 -- secret until the game ends
    seed_hash   TEXT,                                 -- published at the start
    version     INTEGER NOT NULL DEFAULT 0,           -- +1 on every write (optimistic concurrency)
    state       TEXT,                                 -- JSON snapshot; NULL in the lobby
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);

-- One game at a time per channel: a second /game new in a busy channel fails in the database too.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id) WHERE status != 'ended';

CREATE TABLE seats (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,                              -- NULL for an AI seat
    name        TEXT NOT NULL,
    controller  TEXT NOT NULL CHECK (controller IN ('human', 'ai')),
    status      TEXT NOT NULL DEFAULT 'playing',
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'rollback', 'system')),
    seat        INTEGER,
    user_id     INTEGER,
    action      TEXT,                                 -- JSON: the engine action, or what the row did
    events      TEXT NOT NULL DEFAULT '[]',           -- JSON list of the events it caused
    at          TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The log is history: undo and rollback append rows that revert earlier ones, they never edit them.
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

CREATE TABLE timers (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL,
    due_at      TEXT NOT NULL,
    payload     TEXT NOT NULL DEFAULT '{}'
);
"""

V2 = """
CREATE TABLE guild_settings (
    guild_id            INTEGER PRIMARY KEY,
    mod_role_id         INTEGER,
    default_turn_hours  INTEGER,
    announce_channel_id INTEGER,
    updated_at          TEXT NOT NULL
);

-- Turn deadlines: hours per turn (NULL: none) and when the current turn runs out; and how many seats
-- the host opened (NULL: the ruleset's maximum).
ALTER TABLE games ADD COLUMN turn_hours INTEGER;
ALTER TABLE games ADD COLUMN deadline_at TEXT;
ALTER TABLE games ADD COLUMN capacity INTEGER;

-- The scheduler asks "what is due now?" after every restart.
CREATE INDEX timers_due ON timers (due_at);
"""

V3 = """
-- Multi-day play. Per game: what happens when a turn's deadline passes ('skip': the careful move for an
-- absent player; 'ai': the AI plays the turn), reminders as percents of the turn left, how many missed
-- turns hand a seat to the AI, when the current turn's clock started, and the one status message.
ALTER TABLE games ADD COLUMN timeout_action TEXT NOT NULL DEFAULT 'skip';
ALTER TABLE games ADD COLUMN reminders TEXT NOT NULL DEFAULT '50,10';
ALTER TABLE games ADD COLUMN missed_limit INTEGER NOT NULL DEFAULT 3;
ALTER TABLE games ADD COLUMN turn_started_at TEXT;
ALTER TABLE games ADD COLUMN status_message_id INTEGER;

-- Per seat: deadlines missed (in total, not only in a row), and vacation: until when, and how many
-- hours of the 14 days per game are left.
ALTER TABLE seats ADD COLUMN missed INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN vacation_until TEXT;
ALTER TABLE seats ADD COLUMN vacation_left_hours INTEGER NOT NULL DEFAULT 336;

-- Per member, across games: whether turn notices go to their DMs.
CREATE TABLE members (
    user_id     INTEGER PRIMARY KEY,
    dm_turns    INTEGER NOT NULL DEFAULT 0,
    updated_at  TEXT NOT NULL
);
"""

V4 = """
-- The seat a lobby player has claimed with /game seat (0-based; NULL: drawn at the start). V3 kept it in
-- the seat's status text as 'claim:<seat>'; those move here.
ALTER TABLE seats ADD COLUMN claim INTEGER;
UPDATE seats SET claim = CAST(substr(status, 7) AS INTEGER), status = 'playing' WHERE status LIKE 'claim:%';
"""

V5 = """
-- Issue 14: what a move, a turn end, an undo or a log page costs no longer grows with the game.

-- Snapshots of the live game: ``state`` is the game after every live action with seq <= ``seq``. The
-- service writes one with some moves (a turn's first, and one every few dozen versions) and with every
-- undo and rollback; undo, rollback and replay start from the nearest one instead of the seed. Derived
-- data: a revert deletes those at or after its first reverted row, in the same transaction.
CREATE TABLE snapshots (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    state       TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The action rows taken back (``seq``) by an undo or rollback row (``by_seq``): what "live" means,
-- readable from the end of the log without reading the whole of it. The log itself never changes.
CREATE TABLE reverted (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    by_seq      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
-- The reverts already in the log (their rows say {"reverts": [seq, ...]}).
INSERT INTO reverted (game_id, seq, by_seq)
SELECT a.game_id, CAST(r.value AS INTEGER), MIN(a.seq)
FROM actions AS a, json_each(a.action, '$.reverts') AS r
WHERE a.kind IN ('undo', 'rollback') AND a.action IS NOT NULL
GROUP BY a.game_id, CAST(r.value AS INTEGER);

-- Turn starts: the row whose move began a turn waiting on ``seat`` (a row per waiting seat). A seat's
-- "since your last turn" reads from its previous one. Derived like the snapshots: a revert deletes them.
CREATE TABLE turn_starts (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    seq         INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat, seq)
);

-- A row whose public text opens a round (a line starting "— Round"): a turn's announcement shows the log
-- from the second latest such row. The text of the log is history, so the mark stays if the row is
-- reverted. Rows written before this version have none (their games fall back to the last rows).
ALTER TABLE actions ADD COLUMN opens_round INTEGER NOT NULL DEFAULT 0;
CREATE INDEX actions_round_marks ON actions (game_id, seq) WHERE opens_round = 1;

-- The game's version when its latest snapshot was written: how the service spaces snapshots out.
ALTER TABLE games ADD COLUMN snapshot_version INTEGER NOT NULL DEFAULT 0;
"""

V6 = """
-- The log's length (its highest seq; 0: no rows) kept on the game: a commit numbers the rows it appends
-- after it and adds their count in the same transaction, so a move neither reads the log's end nor
-- counts it, and a game's read gets it from the row itself. Rows are never deleted and undo only
-- appends, so the highest seq is the length. The games already here count their rows once.
ALTER TABLE games ADD COLUMN log_length INTEGER NOT NULL DEFAULT 0;
UPDATE games SET log_length = COALESCE((SELECT MAX(seq) FROM actions WHERE actions.game_id = games.id), 0);
"""

V7 = """
-- Per seat: a question asked on another seat's turn (a defender's dice, casualties or battle line) is
-- answered for the player at once by their standing orders or the rules' default ('answer', the by-post
-- default: such questions would otherwise hold every turn up), or waits for the player ('ask').
ALTER TABLE seats ADD COLUMN off_turn TEXT NOT NULL DEFAULT 'answer' CHECK (off_turn IN ('answer', 'ask'));
"""

V8 = """
-- AI levels ("easy", "normal"...: the names a game registers). Per seat: the level of the AI playing it
-- (NULL: the game's default). Per game: the level of the stand-in that plays a missed turn or a seat
-- handed over after missed deadlines (NULL: the game's default).
ALTER TABLE seats ADD COLUMN ai_level TEXT;
ALTER TABLE games ADD COLUMN ai_level TEXT;

-- A server's defaults for new games (/mod defaults), beside its default turn length: what a missed
-- deadline does, the reminders and the stand-in AI's level (NULL: Warboard's own).
ALTER TABLE guild_settings ADD COLUMN default_timeout_action TEXT;
ALTER TABLE guild_settings ADD COLUMN default_reminders TEXT;
ALTER TABLE guild_settings ADD COLUMN default_ai_level TEXT;
-- Per game: the turn settings it took from its server's defaults (comma-separated names), so /game
-- status can say where each value came from; a setting changed for the game leaves the list.
ALTER TABLE games ADD COLUMN server_defaults TEXT NOT NULL DEFAULT '';

-- Issue 35: players across games. "My games" reads a member's seats (by member), and the open tables a
-- server's games in their lobby (by server); the games table holds every finished game too, so both
-- read an index instead of it.
CREATE INDEX seats_by_member ON seats (user_id, game_id);
CREATE INDEX games_unfinished_by_guild ON games (guild_id, status) WHERE status != 'ended';

-- Followers: members told of each turn by DM without playing (the public notice only). ``approved`` 0:
-- asked, waiting for the host's or a moderator's answer.
CREATE TABLE followers (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    approved    INTEGER NOT NULL DEFAULT 1,
    since       TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
-- Per game, what the host or a moderator must approve: followers, and substitutes taking a seat.
CREATE TABLE table_rules (
    game_id             INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    approve_followers   INTEGER NOT NULL DEFAULT 0,
    approve_substitutes INTEGER NOT NULL DEFAULT 0
);

-- What the bot keeps about itself between runs, by name: "command_tree", the hash of the slash-command tree
-- last synced to Discord (a start-up syncs only when it differs; ``python -m bot sync`` forces it).
CREATE TABLE bot_state (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
"""

V9 = """
-- Issue 35, item 5: ratings and reliability. A finished game is settled once (``settled``: its row is
-- the proof, written in the same transaction as what follows, so a retry finds it and does nothing);
-- ``rated_order`` numbers the settlements in the order they were applied, the order a rebuild follows.
CREATE TABLE settled (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id),
    rated_order INTEGER NOT NULL UNIQUE,
    guild_id    INTEGER NOT NULL,                     -- 0: a game outside any server (the terminal)
    ruleset     TEXT NOT NULL,
    finished_at TEXT NOT NULL
);

-- A settled game's result per part: a member's part in a seat (a seat that changed hands has one per
-- member, ``weight`` their share of its moves), or an AI seat (``user_id`` NULL). ``side``: the seats of
-- one side share it; ``place`` 1: won, 2: lost (ties share a place). ``turns``: the turns the member held
-- the seat, ``missed`` of them timed out; ``abandoned`` 1: resigned, removed or left to the AI.
CREATE TABLE results (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    part        INTEGER NOT NULL,
    rated_order INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    ruleset     TEXT NOT NULL,
    user_id     INTEGER,
    seat        INTEGER NOT NULL,
    side        INTEGER NOT NULL,
    place       INTEGER NOT NULL,
    weight      DOUBLE PRECISION NOT NULL DEFAULT 1,
    turns       INTEGER NOT NULL DEFAULT 0,
    missed      INTEGER NOT NULL DEFAULT 0,
    abandoned   INTEGER NOT NULL DEFAULT 0,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (game_id, part)
);
-- A member's latest results in a server, of every game or of one.
CREATE INDEX results_by_member ON results (guild_id, user_id, rated_order);
CREATE INDEX results_by_member_game ON results (guild_id, user_id, ruleset, rated_order);

-- The ratings as the settlements left them, per server, game and member (``shown``: the rating players
-- see and the leaderboard ranks by, the skill the system is sure of). Derived: a rebuild recomputes them.
-- DOUBLE PRECISION: REAL affinity in SQLite, 64 bits in PostgreSQL (its REAL is 32).
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    ruleset     TEXT NOT NULL,
    user_id     INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    shown       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (guild_id, ruleset, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, ruleset, shown, user_id);
CREATE INDEX ratings_by_member ON ratings (guild_id, user_id);

-- Reliability per server and member, summed over the settled games (derived like the ratings).
CREATE TABLE reliability (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    turns       INTEGER NOT NULL DEFAULT 0,
    missed      INTEGER NOT NULL DEFAULT 0,
    abandoned   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id)
);
"""

MIGRATIONS: tuple[str, ...] = (V1, V2, V3, V4, V5, V6, V7, V8, V9)
LATEST = len(MIGRATIONS)


# A member's unfinished games in a server ($1: the member, $2: the server), in both dialects: the member's
# seats from their index, each game's row by its key, the finished ones dropped.
MEMBER_GAMES = (
    "SELECT DISTINCT s.game_id FROM seats s JOIN games g ON g.id = s.game_id "
    "WHERE s.user_id = $1 AND s.status = 'playing' AND g.guild_id = $2 AND g.status != 'ended' "
    "ORDER BY s.game_id"
)


# A server's tables in their lobby ($1: the server), oldest first: the unfinished games' index, by server.
OPEN_TABLES = (
    "SELECT id FROM games WHERE guild_id = $1 AND status != 'ended' AND status = 'lobby' ORDER BY id"
)

# Following, in PostgreSQL's parameters (SqliteStore turns each $n into ?, in order).
FOLLOW = (
    "INSERT INTO followers (game_id, user_id, approved, since) VALUES ($1, $2, $3, $4) "
    "ON CONFLICT (game_id, user_id) DO UPDATE SET approved = excluded.approved"
)
UNFOLLOW = "DELETE FROM followers WHERE game_id = $1 AND user_id = $2 RETURNING user_id"
FOLLOWERS = "SELECT user_id FROM followers WHERE game_id = $1 AND approved = $2 ORDER BY since, user_id"
# An action row that still counts (the alias ``a`` is the actions table): not taken back by an undo.
LIVE = (
    "a.kind = 'action' AND NOT EXISTS "
    "(SELECT 1 FROM reverted AS r WHERE r.game_id = a.game_id AND r.seq = a.seq)"
)
# A turn's announcement reads, in one statement, every live action row after ``bound``, the lowest of
# three floors: the row before the last $2 live rows (0 if there are fewer), $3 (the caller's: rows after
# it are wanted), and the row before seat $5's previous turn start ($6 when it has none: 1, the log's
# start, for a seat; a number past the log's end for no seat). Then that seat's latest two turn starts
# (``start`` 1, newest first), then the bound itself (``start`` 2).
LOG_TAIL = (
    "WITH bound AS (SELECT MIN(x) AS after FROM ("
    "SELECT COALESCE((SELECT a.seq FROM actions AS a WHERE a.game_id = $1 "
    f"AND {LIVE} ORDER BY a.seq DESC LIMIT 1 OFFSET $2), 0) AS x "
    "UNION ALL SELECT CAST($3 AS BIGINT) "
    "UNION ALL SELECT COALESCE((SELECT seq FROM turn_starts WHERE game_id = $4 AND seat = $5 "
    "ORDER BY seq DESC LIMIT 1 OFFSET 1), CAST($6 AS BIGINT)) - 1) AS floors) "
    "SELECT a.seq, a.kind, a.seat, a.user_id, a.action, a.events, a.at, 0 AS start "
    f"FROM actions AS a, bound WHERE a.game_id = $7 AND {LIVE} AND a.seq > bound.after "
    "UNION ALL SELECT * FROM (SELECT seq, 'start', CAST(NULL AS INTEGER), CAST(NULL AS INTEGER), "
    "CAST(NULL AS TEXT), '', '', 1 FROM turn_starts "
    "WHERE game_id = $8 AND seat = $9 ORDER BY seq DESC LIMIT 2) AS starts "
    "UNION ALL SELECT after, 'bound', NULL, NULL, NULL, '', '', 2 FROM bound "
    "ORDER BY start, seq"
)
NO_FLOOR = 1 << 62  # past any log's end: a floor that lowers nothing


def log_tail_params(game_id: int, count: int, since: int | None, seat: int | None) -> tuple[int, ...]:
    """``LOG_TAIL``'s parameters: the last ``count`` rows, those after ``since`` (None: none asked for
    that way) and those since ``seat``'s previous turn (None: no seat; with neither, the whole log)."""
    floor = NO_FLOOR if since is None and seat is not None else since or 0
    start_default = 1 if seat is not None else NO_FLOOR
    no_seat = -1  # no seat has turn starts there
    seat_or_none = no_seat if seat is None else seat
    return game_id, count, floor, game_id, seat_or_none, start_default, game_id, game_id, seat_or_none


# Whom a turn's notice goes to beyond the channel, in one statement: the game's players who asked for
# their turns by DM ('dm'), then its approved followers, oldest first ('follow').
LISTENERS = (
    "SELECT 'dm' AS why, seats.user_id, '' AS since FROM seats JOIN members USING (user_id) "
    "WHERE seats.game_id = $1 AND members.dm_turns = 1 "
    "UNION ALL SELECT 'follow', user_id, since FROM followers WHERE game_id = $2 AND approved = 1 "
    "ORDER BY why, since, user_id"
)
APPROVALS = ("followers", "substitutes")  # what a game may make wait for the host's or a moderator's yes
APPROVAL = "SELECT approve_{what} FROM table_rules WHERE game_id = $1"
SET_APPROVAL = (
    "INSERT INTO table_rules (game_id, approve_{what}) VALUES ($1, $2) "
    "ON CONFLICT (game_id) DO UPDATE SET approve_{what} = excluded.approve_{what}"
)


def log_tail(rows: Sequence[Any]) -> LogTail:
    """``LOG_TAIL``'s rows (either store's) as the rows (oldest first), the turn starts (newest first)
    and the bound the rows start after."""
    tail = [LogRecord(*row[:7]) for row in rows if row[7] == 0]
    starts = sorted((int(row[0]) for row in rows if row[7] == 1), reverse=True)
    (after,) = (int(row[0]) for row in rows if row[7] == 2)
    return LogTail(tail, starts, after)


def listeners(rows: Sequence[Any]) -> Listeners:
    """``LISTENERS``'s rows (either store's) as who wants DMs and who follows."""
    return Listeners(
        frozenset(int(row[1]) for row in rows if row[0] == "dm"),
        [int(row[1]) for row in rows if row[0] == "follow"],
    )


def qmarks(sql: str) -> str:
    """A statement written with PostgreSQL's $1, $2 ... in SQLite's ? (each used once, in order)."""
    return re.sub(r"\$\d+", "?", sql)


# ---- rows and records ---------------------------------------------------------------------------------

GAME_COLUMNS = (
    "id, guild_id, channel_id, ruleset, options, status, created_by, seed, seed_hash, version, state, "
    "created_at, updated_at, turn_hours, deadline_at, capacity, timeout_action, reminders, missed_limit, "
    "turn_started_at, status_message_id, snapshot_version, ai_level, server_defaults"
)
SEAT_COLUMNS = (
    "seat, user_id, name, controller, status, missed, vacation_until, vacation_left_hours, claim, off_turn, "
    "ai_level"
)
SEAT_PLACES = ", ".join("?" * (1 + len(SEAT_COLUMNS.split(","))))  # the game's id, then each column
# Of the running games, those where the AI plays a seat (both stores; a fragment of a WHERE on games).
WITH_AI = (
    " AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id"
    " AND seats.controller = 'ai' AND seats.status = 'playing')"
)
LOG_COLUMNS = "seq, kind, seat, user_id, action, events, at"

# The seats and the log's length beside the game's columns, so that one statement reads all three.
WITH_SEATS = (
    f"SELECT {GAME_COLUMNS}, "
    f"(SELECT json_group_array(json_array({SEAT_COLUMNS})) FROM seats WHERE seats.game_id = games.id) "
    "AS seats_json, log_length FROM games"
)


def game_and_seats(row: sqlite3.Row) -> GameAndSeats:
    values = dict(row)
    seats = sorted((SeatRecord(*columns) for columns in json.loads(values.pop("seats_json"))), key=_seat_no)
    length = values.pop("log_length")
    return GameAndSeats(GameRecord.from_row(values), tuple(seats), int(length))


def _seat_no(seat: SeatRecord) -> int:
    return seat.seat


_UPDATABLE = (
    "status",
    "seed",
    "seed_hash",
    "state",
    "deadline_at",
    "turn_started_at",
    "turn_hours",
    "timeout_action",
    "reminders",
    "missed_limit",
    "status_message_id",
    "snapshot_version",
    "ai_level",
    "server_defaults",
)
_CLEARABLE = ("deadline_at", "turn_started_at", "status_message_id")


def update_columns(update: GameUpdate) -> tuple[str, list[Any]]:
    """``, col = ?`` fragments for the fields that are set; column names come from code, never input."""
    parts, params = [], []
    for name in _UPDATABLE:
        value = getattr(update, name)
        if value is not None:
            parts.append(f", {name} = ?")
            params.append(value)
    for name in update.clear:
        if name not in _CLEARABLE:
            raise ValueError(f"column {name} cannot be cleared")
        parts.append(f", {name} = NULL")
    if update.options is not None:
        parts.append(", options = ?")
        params.append(json.dumps(dict(update.options)))
    return "".join(parts), params


INSERT_ACTION = (
    "INSERT INTO actions (game_id, seq, kind, seat, user_id, action, events, at, opens_round) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_SNAPSHOT = "INSERT INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)"
INSERT_TURN_START = "INSERT INTO turn_starts (game_id, seat, seq) VALUES (?, ?, ?)"


def _action_row(game_id: int, seq: int, entry: LogEntry, at: str) -> tuple[object, ...]:
    return (
        game_id,
        seq,
        entry.kind,
        entry.seat,
        entry.user_id,
        entry.action,
        entry.events,
        entry.at or at,
        int(entry.opens_round),
    )


def append_entry(db: sqlite3.Connection, game_id: int, seq: int, entry: LogEntry, at: str) -> None:
    """Log row ``seq`` and what is kept beside it (see ``GameStore.commit``). The caller numbers it from
    ``games.log_length``, which it bumped in the same transaction."""
    db.execute(INSERT_ACTION, _action_row(game_id, seq, entry, at))
    if entry.reverts:
        db.executemany(
            "INSERT INTO reverted (game_id, seq, by_seq) VALUES (?, ?, ?)",
            [(game_id, reverted, seq) for reverted in entry.reverts],
        )
        first = min(entry.reverts)
        db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (game_id, first))
        db.execute("DELETE FROM turn_starts WHERE game_id = ? AND seq >= ?", (game_id, first))
    if entry.snapshot is not None:
        db.execute(INSERT_SNAPSHOT, (game_id, seq, entry.snapshot))
    if entry.turn_seats:
        db.executemany(INSERT_TURN_START, [(game_id, seat, seq) for seat in entry.turn_seats])


def append_entries(
    db: sqlite3.Connection, game_id: int, first: int, entries: Sequence[LogEntry], at: str
) -> None:
    """Log rows ``first``, ``first + 1``... and what is kept beside them, as ``append_entry`` writes
    them one by one, with one statement a table: an AI seat's run is dozens of rows, and a statement
    each cost ~0.03 ms a row (issue 34). A row that takes moves back deletes what is kept beside the
    rows it reverts, in order with the rows around it, so a commit holding one is written row by row."""
    if any(entry.reverts for entry in entries):
        for seq, entry in enumerate(entries, first):
            append_entry(db, game_id, seq, entry, at)
        return
    numbered = list(enumerate(entries, first))
    db.executemany(INSERT_ACTION, [_action_row(game_id, seq, e, at) for seq, e in numbered])
    snapshots = [(game_id, seq, e.snapshot) for seq, e in numbered if e.snapshot is not None]
    if snapshots:
        db.executemany(INSERT_SNAPSHOT, snapshots)
    starts = [(game_id, seat, seq) for seq, e in numbered for seat in e.turn_seats]
    if starts:
        db.executemany(INSERT_TURN_START, starts)


def write_commit(
    db: sqlite3.Connection,
    game_id: int,
    expected_version: int,
    update: GameUpdate,
    seats: Sequence[SeatRecord] | None,
    entries: Sequence[LogEntry],
    timers: Sequence[TimerSpec] | None,
    versions: int,
    at: str,
) -> Commit:
    """``GameStore.commit`` on the connection itself, in the thread that owns it: the whole transaction
    is one trip from the event loop to that thread (a statement each cost a trip, ~0.1 ms on a quiet
    machine, more than the statements; a run of AI moves wrote six or seven, issue 34). The connection
    opens the transaction (BEGIN IMMEDIATE) with the first write; any error rolls it back."""
    columns, params = update_columns(update)
    try:
        # The rows are numbered after the log's length, which grows by their count here.
        bumped = db.execute(
            f"UPDATE games SET version = version + ?, log_length = log_length + ?, "
            f"updated_at = ?{columns} WHERE id = ? AND version = ? RETURNING log_length",
            (versions, len(entries), at, *params, game_id, expected_version),
        ).fetchall()
        if not bumped:
            db.rollback()
            found = db.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchall()
            raise VersionConflict(game_id, expected_version, found[0][0] if found else None)
        if seats is not None:
            db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            db.executemany(
                f"INSERT INTO seats (game_id, {SEAT_COLUMNS}) VALUES ({SEAT_PLACES})",
                [(game_id, *astuple(s)) for s in seats],
            )
        if timers is not None:
            db.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
            db.executemany(
                "INSERT INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
                [(game_id, t.kind, t.due_at, t.payload) for t in timers],
            )
        length = int(bumped[0][0])
        if entries:
            append_entries(db, game_id, length - len(entries) + 1, entries, at)
        db.commit()
    except BaseException:
        if db.in_transaction:
            db.rollback()
        raise
    return Commit(expected_version + versions, length if entries else None)


# ---- migrating ----------------------------------------------------------------------------------------


async def user_version(db: aiosqlite.Connection) -> int:
    rows = list(await db.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


async def migrate(db: aiosqlite.Connection) -> list[int]:
    """Run the migrations this database has not had; returns the versions applied."""
    current = await user_version(db)
    if current > LATEST:
        raise SchemaTooNew(
            f"This database has schema version {current}, newer than this Warboard knows ({LATEST}); "
            "upgrade Warboard instead of opening it with an older one."
        )
    for number in range(current + 1, LATEST + 1):
        # One script and its version bump per transaction: a crash mid-upgrade leaves the old version.
        try:
            await db.executescript(
                f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;"
            )
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
    return list(range(current + 1, LATEST + 1))
