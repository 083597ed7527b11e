"""Moving a server's games from SQLite to PostgreSQL:

    python -m bot.migrate SQLITE_FILE postgresql://user@host/db

copies every game with its seats, log rows and what is kept beside them (snapshots, reverts, turn
starts), its timers, every guild's settings and every member's notice preference; then verifies each
game: its rows in PostgreSQL are byte for byte the file's, its log length is its last row's seq (the next
row is numbered from it), and its log, replayed from the seed, gives exactly its saved state
(``bot.gamelog.rebuild``). Stop the bot that uses the file first.

Safe to run again: each game is copied in one transaction (a crash leaves whole games), and a game (or
setting) already in PostgreSQL exactly as in the file is left alone and reported as unchanged. One that
differs (PostgreSQL has moved on, or the file has) is never overwritten: it is reported, and the run
exits with status 1. So is a game that PostgreSQL cannot take as it is, most often because another game
that has not ended already holds its channel (a channel holds one such game): it is left out, the others
are copied, and once the clash is cleared a second run copies it.

The file is read through a consistent copy (SQLite's backup) brought to this Warboard's schema in a
temporary folder; the file itself is never written. The copy goes by the SQLite file's own tables and
columns, so a table added by a later migration is copied with no change here (the store suite checks
that both backends have the same tables and columns).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncpg

from bot.game import Games
from bot.gamelog import live_actions, rebuild
from bot.games import GAMES  # a composition root: it replays each game it copies with its rules
from bot.postgres import PostgresStore, is_postgres
from bot.store import LogRecord, SqliteStore
from rules.core.codec import from_json

Row = tuple[Any, ...]


@dataclass
class Report:
    copied: list[int] = field(default_factory=list)  # games
    unchanged: list[int] = field(default_factory=list)
    not_copied: list[str] = field(default_factory=list)  # games PostgreSQL refused, and why, in words
    differ: list[str] = field(default_factory=list)  # what differs, in words
    failed: list[str] = field(default_factory=list)  # games whose copy does not verify
    settings_copied: int = 0  # rows of the tables outside any game (guild settings, members, ...)
    settings_unchanged: int = 0

    @property
    def ok(self) -> bool:
        return not self.not_copied and not self.differ and not self.failed

    def lines(self) -> list[str]:
        said = [
            f"{len(self.copied)} game(s) copied, {len(self.unchanged)} already there and unchanged, "
            f"{len(self.not_copied)} not copied, {len(self.differ)} difference(s), "
            f"{len(self.failed)} failed check(s).",
            f"Other rows (guild settings, members): {self.settings_copied} copied, "
            f"{self.settings_unchanged} unchanged.",
        ]
        said += [f"NOT COPIED: {what}" for what in self.not_copied]
        said += [f"DIFFERS: {what}" for what in self.differ]
        said += [f"FAILED: {what}" for what in self.failed]
        if self.ok and not self.copied and not self.settings_copied:
            said.append("Nothing to do: PostgreSQL already holds everything in the file.")
        return said


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]  # primary key columns, the order rows are compared in

    @property
    def game_column(self) -> str | None:
        """The column naming the game a row belongs to; None for a table outside any game."""
        if self.name == "games":
            return "id"
        return "game_id" if "game_id" in self.columns else None

    def select(self, where: str = "") -> str:
        return f"SELECT {', '.join(self.columns)} FROM {self.name}{where} ORDER BY {', '.join(self.key)}"


def tables_of(db: sqlite3.Connection) -> list[Table]:
    """The file's tables, games first (every other per-game table refers to it)."""
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    found = []
    for name in names:
        if name.startswith("sqlite_"):
            continue
        info = list(db.execute(f"PRAGMA table_info({name})"))
        columns = tuple(r[1] for r in info)
        key = tuple(r[1] for r in sorted(info, key=lambda r: r[5]) if r[5]) or columns
        found.append(Table(name, columns, key))
    return sorted(found, key=lambda t: t.name != "games")


async def migrate(sqlite_file: Path, dsn: str, games: Games) -> Report:
    with tempfile.TemporaryDirectory(prefix="wb-migrate-") as folder:
        copy = Path(folder) / "copy.db"
        source = sqlite3.connect(f"file:{sqlite_file}?mode=ro", uri=True)
        target = sqlite3.connect(copy)
        source.backup(target)  # a consistent copy, even of a file in WAL mode
        source.close()
        target.close()
        await (await SqliteStore.open(str(copy))).close()  # brought to this Warboard's schema
        db = sqlite3.connect(copy)
        try:
            store = await PostgresStore.open(dsn)  # migrates PostgreSQL to the same schema
            try:
                return await _copy_all(db, store.pool, games)
            finally:
                await store.close()
        finally:
            db.close()


async def _copy_all(db: sqlite3.Connection, pool: asyncpg.Pool, games: Games) -> Report:
    report = Report()
    tables = tables_of(db)
    per_game = [t for t in tables if t.game_column]
    async with pool.acquire() as connection:
        for (game_id,) in db.execute("SELECT id FROM games ORDER BY id").fetchall():
            wanted = {t.name: _rows(db, t, f" WHERE {t.game_column} = ?", (game_id,)) for t in per_game}
            try:
                async with connection.transaction():
                    there = {
                        t.name: await _pg_rows(connection, t, f"{t.game_column} = $1", game_id)
                        for t in per_game
                    }
                    if not there["games"]:
                        for table in per_game:
                            await _insert(connection, table, wanted[table.name])
                        report.copied.append(game_id)
                    elif there == wanted:
                        report.unchanged.append(game_id)  # and verified again below
                    else:
                        changed = [t.name for t in per_game if there[t.name] != wanted[t.name]]
                        report.differ.append(
                            f"game {game_id} is in PostgreSQL with other {', '.join(changed)}: left as it "
                            "is (delete it there to copy it again, or keep PostgreSQL's)"
                        )
                        continue
            except asyncpg.IntegrityConstraintViolationError as clash:
                # The transaction is rolled back (none of the game's rows stay) and the connection is
                # usable again: say why in words and go on with the other games.
                channel = db.execute("SELECT channel_id FROM games WHERE id = ?", (game_id,)).fetchone()[0]
                report.not_copied.append(await _why_refused(connection, game_id, channel, clash))
                continue
            # Verified from what PostgreSQL now holds: the same bytes, and a log that replays to the state.
            back = {t.name: await _pg_rows(connection, t, f"{t.game_column} = $1", game_id) for t in per_game}
            if back != wanted:
                report.failed.append(
                    f"game {game_id}: its rows read back from PostgreSQL differ from the file's"
                )
            problem = await _verify(connection, games, game_id)
            if problem:
                report.failed.append(problem)
        for table in tables:  # rows outside any game: guild settings, members (and game-less timers)
            if table.game_column is None:
                await _copy_keyed(connection, table, _rows(db, table), report)
            elif table.game_column == "game_id":
                await _copy_keyed(connection, table, _rows(db, table, " WHERE game_id IS NULL"), report)
        for name in ("games", "timers"):  # new rows number on from the copied ones
            await connection.execute(
                f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                f"GREATEST((SELECT MAX(id) FROM {name}), 1))"
            )
    return report


def _rows(db: sqlite3.Connection, table: Table, where: str = "", params: Sequence[Any] = ()) -> list[Row]:
    return [tuple(row) for row in db.execute(table.select(where), params)]


async def _pg_rows(connection: asyncpg.Connection, table: Table, where: str, *params: Any) -> list[Row]:
    return [tuple(row) for row in await connection.fetch(table.select(f" WHERE {where}"), *params)]


async def _insert(connection: asyncpg.Connection, table: Table, rows: list[Row]) -> None:
    if not rows:
        return
    values = ", ".join(f"${i}" for i in range(1, len(table.columns) + 1))
    await connection.executemany(
        f"INSERT INTO {table.name} ({', '.join(table.columns)}) VALUES ({values})", rows
    )


async def _copy_keyed(connection: asyncpg.Connection, table: Table, rows: list[Row], report: Report) -> None:
    """A table outside any game (guild settings, members): a row by its key, copied when absent."""
    keyed = [table.columns.index(name) for name in table.key]
    for row in rows:
        where = " AND ".join(f"{name} = ${i}" for i, name in enumerate(table.key, 1))
        there = await _pg_rows(connection, table, where, *(row[i] for i in keyed))
        if not there:
            await _insert(connection, table, [row])
            report.settings_copied += 1
        elif there == [row]:
            report.settings_unchanged += 1
        else:
            key = ", ".join(f"{name} {row[i]}" for name, i in zip(table.key, keyed, strict=True))
            report.differ.append(f"{table.name} ({key}) is in PostgreSQL with other values: left as it is")


async def _why_refused(
    connection: asyncpg.Connection,
    game_id: int,
    channel_id: int,
    clash: asyncpg.IntegrityConstraintViolationError,
) -> str:
    """A sentence for the operator: which game, which channel, and why PostgreSQL would not take it."""
    game = f"game {game_id} in channel {channel_id} was not copied"
    if clash.constraint_name == "games_one_active_per_channel":
        other = await connection.fetchrow(
            "SELECT id, status FROM games WHERE channel_id = $1 AND status != 'ended'", channel_id
        )
        if other is None:  # it ended between the refusal and this question
            return f"{game}: another game in that channel had not ended yet. Run this again to copy it."
        return (
            f"{game}: PostgreSQL already has game {other['id']} ({other['status']}) in that channel, and "
            f"a channel holds only one game that has not ended. End game {other['id']} there, then run "
            f"this again to copy game {game_id}."
        )
    detail = f" ({clash.detail})" if clash.detail else ""
    return (
        f"{game}: its {clash.table_name or 'rows'} clash with rows already in PostgreSQL{detail}. "
        f"Remove those rows there, then run this again to copy game {game_id}."
    )


async def _verify(connection: asyncpg.Connection, games: Games, game_id: int) -> str | None:
    """None if the copied game's log length is its last row's seq (the next row is numbered from it) and
    it replays to its saved state (or has no state yet: a lobby); else why not."""
    game = await connection.fetchrow(
        "SELECT ruleset, seed, options, state, log_length, "
        "(SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1) AS last_seq FROM games WHERE id = $1",
        game_id,
    )
    if game["log_length"] != game["last_seq"]:
        return (
            f"game {game_id}: its log length ({game['log_length']}) is not its last row's seq "
            f"({game['last_seq']})"
        )
    if game["state"] is None:
        return None
    known = games.get(game["ruleset"])
    if known is None:
        return f"game {game_id}: no game called {game['ruleset']!r} in this Warboard to replay it with"
    seats = await connection.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = $1", game_id)
    rows = [
        LogRecord(**dict(row))
        for row in await connection.fetch(
            "SELECT seq, kind, seat, user_id, action, events, at FROM actions WHERE game_id = $1 "
            "ORDER BY seq",
            game_id,
        )
    ]
    rules = known.rules
    replayed = rebuild(rules, game["seed"], json.loads(game["options"]), seats, live_actions(rows))
    if replayed != from_json(game["state"], rules.state_type):
        return f"game {game_id}: its log does not replay to its saved state"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.migrate", description=__doc__.split("\n\n")[0])
    parser.add_argument("sqlite_file", type=Path, help="the SQLite file (PBP_DATABASE of the old bot)")
    parser.add_argument("postgres_url", help="postgresql://user:password@host:port/database")
    args = parser.parse_args(argv)
    if not args.sqlite_file.is_file():
        parser.error(f"no SQLite file at {args.sqlite_file}")
    if not is_postgres(args.postgres_url):
        parser.error("the second argument must be a postgresql:// URL")
    report = asyncio.run(migrate(args.sqlite_file, args.postgres_url, GAMES))
    print("\n".join(report.lines()))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
