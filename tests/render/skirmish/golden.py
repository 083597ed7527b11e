"""Skirmish's golden pictures: the reference renders that ``tests/render/test_golden.py`` compares with their
PNGs in ``tests/render/golden/``. After an intended change, rewrite them with
``python tests/render/regenerate.py skirmish`` and look at each."""

from __future__ import annotations

from collections.abc import Callable

from render.skirmish import battle_picture, render_battle, render_board, render_private
from tests.render.skirmish import samples


def _map() -> bytes:
    return render_board(
        samples.midgame_view(),
        samples.NAMES[:5],
        recent=samples.recent_events(),
        deadline="due in 11 h 40 min",
    )


def _battle() -> bytes:
    picture = battle_picture(samples.battle_view(), (), samples.NAMES[:3])
    assert picture is not None
    return render_battle(picture, samples.NAMES[:3])


def _battle_ended() -> bytes:
    picture = battle_picture(samples.midgame_view(3), samples.ended_battle_events(), samples.NAMES[:3])
    assert picture is not None
    return render_battle(picture, samples.NAMES[:3])


def _hand() -> bytes:
    png = render_private(samples.hand_view(), samples.NAMES[:3])
    assert png is not None
    return png


REFERENCES: dict[str, Callable[[], bytes]] = {
    "skirmish_map.png": _map,
    "skirmish_battle.png": _battle,
    "skirmish_battle_ended.png": _battle_ended,
    "skirmish_hand.png": _hand,
}
