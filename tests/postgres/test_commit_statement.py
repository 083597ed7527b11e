"""The commit statement is made once per shape of commit and filled with each commit's own values (the
store suite checks what the statements write, on a real server)."""

from __future__ import annotations

import pytest

from bot.postgres.commit import commit_statement
from bot.records import GameUpdate, LogEntry, TimerSpec


def move(state: str, action: str, *, reverts: tuple[int, ...] = ()) -> tuple[str, list[object]]:
    return commit_statement(
        7, 3, GameUpdate(state=state), [LogEntry("action", 1, 42, action, "[]", reverts=reverts)], None
    )


def test_commits_of_one_shape_share_one_statement_and_carry_their_own_values() -> None:
    first_sql, first = move('{"turn": 1}', '{"take": 1}')
    second_sql, second = move('{"turn": 2}', '{"take": 3}')
    assert second_sql is first_sql  # the same string: asyncpg's cache finds its prepared statement at once
    assert first[:2] == second[:2] == [7, 3]
    assert '{"turn": 1}' in first and '{"take": 1}' in first
    assert '{"turn": 2}' in second and '{"take": 3}' in second
    assert '{"turn": 1}' not in second


def test_a_commit_of_another_shape_gets_its_own_statement() -> None:
    plain_sql, _ = move("{}", "{}")
    undo_sql, values = move("{}", "{}", reverts=(5, 6))
    assert undo_sql != plain_sql and "reverted_new" in undo_sql
    assert values[-2:] == [5, 6]  # the rows taken back, last among the parameters
    timers_sql, values = commit_statement(7, 3, GameUpdate(), [], [TimerSpec("deadline", "2030-01-01", "{}")])
    assert "timers_new" in timers_sql and ["deadline"] in values


def test_a_column_that_cannot_be_cleared_is_refused_every_time() -> None:
    for _ in range(2):  # a refusal is never kept as if it were a statement
        with pytest.raises(ValueError, match="cannot be cleared"):
            commit_statement(7, 3, GameUpdate(clear=("state",)), [], None)
