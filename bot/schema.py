"""The SQLite schema as a list of forward migrations; ``PRAGMA user_version`` says how many have run.

Never edit a migration that has shipped: add the next one. Each script runs in its own transaction
together with the ``user_version`` bump, so a crash mid-upgrade leaves the previous version intact.
"""

from __future__ import annotations

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

MIGRATIONS: tuple[str, ...] = (V1, V2, V3, V4)
LATEST = len(MIGRATIONS)
