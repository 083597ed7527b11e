"""The reference pictures the golden tests compare against, and the script that rewrites them.

After an intended change to how pictures look, run ``python tests/render/regenerate.py`` from the
repository root, look at every PNG it lists, and commit them with the change. Never edit them by hand.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from render.axis_allies import render_battle as render_aa_battle
from render.axis_allies import render_map, render_theatre
from render.risk import render_battle, render_board, render_hand
from rules.risk.views import view
from tests.render.axis_allies import samples as aa_samples
from tests.render.risk import samples

GOLDEN = Path(__file__).resolve().parent / "golden"


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


def _aa_start() -> bytes:
    return render_map(aa_samples.start())


def _aa_midgame() -> bytes:
    return render_map(aa_samples.midgame(), width=1400)


def _aa_changes() -> bytes:
    return render_map(aa_samples.midgame_changes())


def _aa_close_up() -> bytes:
    data = render_theatre(aa_samples.midgame_changes())
    assert data is not None
    return data


def _aa_battle() -> bytes:
    return render_aa_battle(aa_samples.battle())


REFERENCES: dict[str, Callable[[], bytes]] = {
    "board_world_6p.png": _world_six,
    "board_trace_2p_1000.png": _trace_two,
    "board_changes_6p.png": _changes_six,
    "battle.png": _battle,
    "battle_until.png": _long_fight,
    "hand.png": _hand,
    "aa_map_start.png": _aa_start,
    "aa_map_midgame_1400.png": _aa_midgame,
    "aa_map_changes.png": _aa_changes,
    "aa_close_up_europe.png": _aa_close_up,
    "aa_battle.png": _aa_battle,
}


def main() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, make in REFERENCES.items():
        path = GOLDEN / name
        path.write_bytes(make())
        print(f"wrote {path} ({path.stat().st_size / 1024:.1f} KiB)")


if __name__ == "__main__":
    main()
