"""Lines for a server's owner about the files the bot cannot write (``python -m bot`` and the terminal
client say them instead of a traceback)."""

from __future__ import annotations

import os
import sqlite3


def as_whom() -> str:
    """Who the bot runs as, for a line about files it cannot write (a container's user is not the
    host's: the image's is uid 10001)."""
    return f" (the bot runs as uid {os.getuid()})" if hasattr(os, "getuid") else ""


# SQLite's primary result codes for a database the bot cannot write: its file, folder or disk.
SQLITE_TROUBLE = {
    3: "permission denied",  # SQLITE_PERM
    8: "it is read-only",  # SQLITE_READONLY
    10: "a disk I/O error (is the disk full or failing?)",  # SQLITE_IOERR
    13: "the disk is full",  # SQLITE_FULL
    14: "it cannot be opened (does its folder exist, and may the bot write there?)",  # SQLITE_CANTOPEN
}


def storage_trouble(error: sqlite3.Error, database: str) -> str | None:
    """One line for an owner when ``error`` says the SQLite database's file, folder or disk is the
    trouble (read-only, full, unopenable), else None (a bug, whose traceback is wanted)."""
    code = getattr(error, "sqlite_errorcode", None)
    what = None if code is None else SQLITE_TROUBLE.get(code & 0xFF)
    if what is None:
        return None
    return (
        f"The bot cannot write to its database {database}: {what}. The file and its folder must be "
        f"writable by the bot{as_whom()}, on a disk with free space."
    )


# PostgreSQL's SQLSTATEs for a database that refuses writes: its disk full, or a read-only server (a
# standby, or default_transaction_read_only).
POSTGRES_TROUBLE = {"53100", "25006"}


def cannot_save(error: BaseException) -> bool:
    """Whether ``error`` is the database refusing to write (SQLite's file, folder or disk; PostgreSQL's
    disk or a read-only server): the owner's to mend, not a bug in the move."""
    if isinstance(error, sqlite3.Error):
        return storage_trouble(error, "") is not None
    return getattr(error, "sqlstate", None) in POSTGRES_TROUBLE  # asyncpg's errors carry it
