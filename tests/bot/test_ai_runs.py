"""An AI seat's run of moves is committed together (issue 34 item 7): one commit for the run, the version
raised by one a move as if each had been committed alone, so the game is exactly what moves committed
one by one make; and all or nothing, so a run broken off by a crash is made again, the same, after it."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from bot.games import GAMES
from bot.service import GameService
from bot.store import GameStore
from tests.bot.conftest import new_game


class CountingCommits:
    """The store, counting its commits and the versions each one counts."""

    def __init__(self, store: GameStore) -> None:
        self._store = store
        self.commits: Counter[int] = Counter()  # versions per commit -> how many commits

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def commit(self, *args: Any, **kwargs: Any) -> Any:
        self.commits[kwargs.get("versions", args[6] if len(args) > 6 else 1)] += 1
        return await self._store.commit(*args, **kwargs)


async def test_an_ai_run_is_one_commit_and_plays_as_moves_committed_one_by_one(store: GameStore) -> None:
    counting = CountingCommits(store)
    together = GameService(counting, GAMES)  # type: ignore[arg-type]
    alone = GameService(store, GAMES)
    batched = await new_game(together, "ai,ai,ai", {"setup_batch": "40"}, channel=101)
    single = await new_game(alone, "ai,ai,ai", {"setup_batch": "40"}, channel=102)
    counting.commits.clear()
    played = await together.play_ai(batched, limit=150)
    assert len(played) == 150
    for _ in range(150):
        await alone.play_ai(single, limit=1)
    first, second = await together.load(batched), await alone.load(single)
    assert first.state == second.state and first.version == second.version
    assert [p.version for p in played] == list(range(first.version - 149, first.version + 1))
    assert [p.seq for p in played] == list(range(played[0].seq, played[0].seq + 150))
    rows = await store.log(batched)
    assert [(r.seq, r.action) for r in rows] == [(r.seq, r.action) for r in await store.log(single)]
    # Fewer commits than moves (a Risk turn is a run of one seat's moves), each counting its moves.
    assert sum(counting.commits.values()) < 150 // 3
    assert sum(versions * n for versions, n in counting.commits.items()) == 150
    assert played[-1].position is not None and played[-1].position.found.game.version == first.version


async def test_a_run_broken_off_before_its_commit_is_made_again_the_same(store: GameStore) -> None:
    """A crash before the run's commit loses the whole run (nothing half-written); the AI, seeded by the
    game's seed and version, makes the same run again."""
    service = GameService(store, GAMES)
    game_id = await new_game(service, "ai,ai,ai", {"setup_batch": "40"})
    before = await service.load(game_id)

    class Crash(Exception):
        pass

    async def crashing_commit(*args: Any, **kwargs: Any) -> Any:
        raise Crash

    real = store.commit
    store.commit = crashing_commit  # type: ignore[method-assign]
    with pytest.raises(Crash):
        await service.play_ai(game_id, limit=30)
    store.commit = real  # type: ignore[method-assign]
    assert (await service.load(game_id)).version == before.version  # nothing of the run was written
    again = await service.play_ai(game_id, limit=30)
    other = GameService(store, GAMES)
    twin = await new_game(other, "ai,ai,ai", {"setup_batch": "40"}, channel=103)
    await other.play_ai(twin, limit=30)
    assert len(again) == 30
    assert (await service.load(game_id)).state == (await other.load(twin)).state
