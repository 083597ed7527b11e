"""The cache of finished pictures (``render.core.drawn``): a picture asked for twice is drawn once, even by
two threads at the same time; it is keyed by everything it is drawn from, so another position's board or
another seat's view never comes back from it; and it stays within its bytes."""

from __future__ import annotations

import threading
import time

import pytest

from bot.games import GAMES
from render.core.drawn import DrawnOnce, picture_key
from rules.core.dice import SeededRng

RISK = GAMES["risk"]


def risk_game() -> tuple[object, object]:
    """A Risk game past its first move, and the game before it (two versions of one game)."""
    rules = RISK.rules
    before, _ = rules.setup(dict(RISK.short_game), 3, SeededRng("drawn"))
    seat = rules.to_act(before)[0]
    after, _ = rules.apply(before, seat, RISK.agent(1).choose(before, seat), SeededRng("move"))
    return before, after


def test_a_picture_asked_for_twice_is_drawn_once_and_a_missing_one_by_one_of_two_threads() -> None:
    memo, calls = DrawnOnce(), []

    def slow() -> bytes:
        calls.append(1)
        time.sleep(0.05)  # long enough for the other thread to arrive while it draws
        return b"board"

    got: list[bytes | None] = []
    threads = [threading.Thread(target=lambda: got.append(memo.get(b"k", slow))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == [b"board", b"board"] and len(calls) == 1
    assert memo.get(b"k", slow) == b"board" and len(calls) == 1 and memo.drawn == 1
    assert memo.get(b"none", lambda: None) is None
    assert memo.get(b"none", lambda: b"drawn again") is None  # "no picture" is remembered too
    assert memo.drawn == 2


def test_the_least_recently_asked_picture_is_forgotten_first_past_the_bytes_allowed() -> None:
    memo = DrawnOnce(max_bytes=25)
    memo.get(b"a", lambda: b"x" * 10)
    memo.get(b"b", lambda: b"y" * 10)
    memo.get(b"a", lambda: b"not drawn")  # asked again: now the most recent
    memo.get(b"c", lambda: b"z" * 10)  # 30 bytes: b goes
    assert memo.size == 20 and len(memo) == 2
    assert memo.get(b"a", lambda: b"drawn again") == b"x" * 10
    assert memo.get(b"b", lambda: b"drawn again") == b"drawn again"
    assert memo.get(b"big", lambda: b"w" * 26) == b"w" * 26 and memo.size <= 25  # sent, never kept


def test_the_key_is_the_view_itself_so_no_other_position_or_seat_shares_a_picture() -> None:
    before, after = risk_game()
    rules, names = RISK.rules, ("Ann", "Ben", "Cas")
    public = rules.view(after, None)
    assert picture_key("board", "risk", public, names, "Risk", ()) == picture_key(
        "board", "risk", rules.view(after, None), names, "Risk", ()
    )
    others = [
        picture_key("board", "risk", rules.view(before, None), names, "Risk", ()),  # the version before
        picture_key("board", "risk", rules.view(after, 0), names, "Risk", ()),  # seat 0's own view
        picture_key("board", "risk", rules.view(after, 1), names, "Risk", ()),  # seat 1's
        picture_key("board", "risk", public, ("Ann", "Ben", "Cy"), "Risk", ()),
        picture_key("board", "risk", public, names, "Risk 2", ()),
        picture_key("close-up", "risk", public, names, "Risk", ()),
    ]
    assert len({picture_key("board", "risk", public, names, "Risk", ()), *others}) == 1 + len(others)
    # Seat views really differ from the public one here (a hand of cards, hidden from the others).
    assert rules.view(after, 0) != public and rules.view(after, 0) != rules.view(after, 1)


def test_a_drawing_that_fails_is_not_kept_and_the_next_ask_draws_again() -> None:
    memo = DrawnOnce()

    def broken() -> bytes:
        raise ValueError("no such board")

    with pytest.raises(ValueError, match="no such board"):
        memo.get(b"k", broken)
    assert len(memo) == 0 and memo.get(b"k", lambda: b"board") == b"board" and memo.drawn == 1
