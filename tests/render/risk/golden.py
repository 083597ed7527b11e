"""Risk's golden pictures: the reference renders that ``tests/render/test_golden.py`` compares with their
PNGs in ``tests/render/golden/``. After an intended change, rewrite them with
``python tests/render/regenerate.py risk`` and look at each."""

from __future__ import annotations

from collections.abc import Callable

from render.risk import render_battle, render_board, render_hand
from rules.risk.views import view
from tests.render.risk import samples


def _world_six() -> bytes:
    return render_board(
        samples.six_player_view(),
        samples.NAMES[:6],
        recent=samples.recent_events(),
        deadline="due in 11 h 40 min",
    )


def _trace_two() -> bytes:
    return render_board(samples.two_player_view(), samples.NAMES[:2], layout="board_trace", width=1000)


def _changes_six() -> bytes:
    view = samples.six_player_view(big=False)
    return render_board(view, samples.NAMES[:6], recent=samples.changes_events())


def _battle() -> bytes:
    return render_battle(samples.battle(), samples.NAMES[:6])


def _long_fight() -> bytes:
    return render_battle(samples.long_fight(), samples.NAMES[:6])


def _hand() -> bytes:
    state = samples.six_player_state(hands=((1, 2), (3,), samples.hand(), (), (8, 9, 10), (11,)))
    return render_hand(samples.hand(), view=view(state, 2))


REFERENCES: dict[str, Callable[[], bytes]] = {
    "board_world_6p.png": _world_six,
    "board_trace_2p_1000.png": _trace_two,
    "board_changes_6p.png": _changes_six,
    "battle.png": _battle,
    "battle_until.png": _long_fight,
    "hand.png": _hand,
}
