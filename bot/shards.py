"""Shards: which of Discord's shards this process holds, and so which games are its to run.

Discord splits a bot's guilds over ``total`` shards, a guild on shard ``(guild_id >> 22) % total`` (DMs on
shard 0). ``PBP_SHARDS=total`` and ``PBP_SHARD_IDS=a,b,...`` give a process its shard set; several
processes, each with its own set and one shared PostgreSQL, run one bot (as RoboDanny and the other
large bots do: one process per cluster of shards, the database as the only shared state).

Slash commands are published to Discord by the process holding shard 0 alone (``syncs_commands``), or by
any process an owner runs ``python -m bot sync`` in.

A process sends a game's messages only if the game's guild is on its shards: its slash commands and
buttons arrive there anyway (Discord routes a guild's events to its shard), and the scheduler and the
AI's catch-up at start-up see only the games of this process's shards (the store filters them).

``AcrossProcesses``: a game's lock must hold in every process, not only this one; on a store that can
lock a game for every process (PostgreSQL's advisory locks), the service takes both.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from types import TracebackType
from typing import Protocol, runtime_checkable

from bot.parsing import DIGITS  # ASCII digits: "²".isdigit() is True, int("²") fails
from bot.settings import SettingsError

__all__ = ["AcrossProcesses", "ShardPlan", "SharedLocks", "shard_of"]


def shard_of(guild_id: int | None, total: int) -> int:
    """Discord's rule: the shard a guild's events go to; DMs (no guild) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % total


@dataclass(frozen=True, slots=True)
class ShardPlan:
    """The shards this process holds, out of ``total``."""

    total: int = 1
    ids: tuple[int, ...] = (0,)

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> ShardPlan | None:
        """``PBP_SHARDS`` (the total) and ``PBP_SHARD_IDS`` (comma-separated; default: all of them).
        None when ``PBP_SHARDS`` is not set: one process, unsharded, as a small bot runs."""
        total_text = env.get("PBP_SHARDS", "").strip()
        ids_text = env.get("PBP_SHARD_IDS", "").strip()
        if not total_text:
            if ids_text:
                raise SettingsError("PBP_SHARD_IDS needs PBP_SHARDS, the total number of shards.")
            return None
        if not DIGITS.fullmatch(total_text) or int(total_text) < 1:
            raise SettingsError(f"PBP_SHARDS must be the number of shards (1 or more), not “{total_text}”.")
        total = int(total_text)
        if not ids_text:
            return cls(total, tuple(range(total)))
        ids: list[int] = []
        for part in ids_text.split(","):
            part = part.strip()
            if not DIGITS.fullmatch(part) or int(part) >= total:
                raise SettingsError(
                    f"PBP_SHARD_IDS must be shard numbers from 0 to {total - 1} separated by commas, "
                    f"not “{part}”."
                )
            if int(part) not in ids:
                ids.append(int(part))
        return cls(total, tuple(sorted(ids)))

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.total) in self.ids

    @property
    def syncs_commands(self) -> bool:
        """Whether this process publishes the slash commands to Discord: only the one holding shard 0
        (shard 0 always runs somewhere, so exactly one process does when each shard runs once). The
        commands are the bot's, not a shard's: one sync serves every process, while each process
        syncing at its start-up spends Discord's rate limit on command updates, and during a rolling
        upgrade would leave whichever version synced last. Every process still handles the commands
        its guilds send; only the publishing is one process's."""
        return 0 in self.ids

    @property
    def whole(self) -> bool:
        """Whether this process holds every shard (then it alone runs the bot)."""
        return set(self.ids) == set(range(self.total))


@runtime_checkable
class SharedLocks(Protocol):
    """A store shared by several processes that can lock one game for all of them."""

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]: ...


class AcrossProcesses(asyncio.Lock):
    """A game's lock in this process (``local``, so this process's coroutines queue without holding a
    database connection each) and then in every process (``shared``). It is an ``asyncio.Lock`` so that
    it stands wherever the service's in-process lock stood; only ``async with`` is meant for it."""

    def __init__(self, local: asyncio.Lock, shared: AbstractAsyncContextManager[None]) -> None:
        super().__init__()
        self._local = local
        self._shared = shared

    async def __aenter__(self) -> None:
        await self._local.acquire()
        try:
            await self._shared.__aenter__()
        except BaseException:
            self._local.release()
            raise

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        try:
            with contextlib.suppress(Exception):  # a lost connection has released the lock already
                await self._shared.__aexit__(kind, error, traceback)
        finally:
            self._local.release()
