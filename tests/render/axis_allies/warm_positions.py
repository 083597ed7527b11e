"""Writes ``data/axis_allies/warm_positions.json``: positions of a few AI games' first rounds, which the
pictures' start-up warm-up lays out (``render.axis_allies._warm``) so that a bot's first positions find
most of their chips' places read (``render.axis_allies.reach``): a chip of a new size on a territory reads
its places once per process, a few milliseconds each, and a bot's first positions met some twenty.

The positions are a sample of what games show early, not something the pictures must match: a position
missing from the file, or one the AI no longer plays, costs only the reading it would have saved. After a
change to the AI or the board that makes its games' early positions look otherwise, run ``python -m
tests.render.axis_allies.warm_positions`` from the repository root.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import data
from render.axis_allies.picture import map_picture
from rules.axis_allies import RULES
from rules.axis_allies.ai import AxisAlliesNormalAI
from rules.axis_allies.board import classic_board
from rules.core.dice import SeededRng

PATH = "axis_allies/warm_positions.json"
SEEDS = ("warm-1", "warm-2", "warm-3")  # not the seeds the bench and the tests measure first positions on
ROUNDS = 2
EVERY = 6  # one position in so many actions: each game's two rounds give about a dozen


Position = tuple[dict[str, str | None], dict[str, Any]]  # owners of the land, units by space and power


def positions(
    seeds: tuple[str, ...] = SEEDS, rounds: int = ROUNDS, every: int = EVERY
) -> list[list[Position]]:
    """Five-power games of the normal AI for ``rounds`` rounds: one position in ``every`` actions."""
    out = []
    for seed in seeds:
        rng = SeededRng(seed)
        state, _ = RULES.setup({}, 5, rng)
        agents = [AxisAlliesNormalAI(seat) for seat in range(5)]
        game, actions = [], 0
        while RULES.result(state) is None and state.round <= rounds:
            seat = RULES.to_act(state)[0]
            state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
            actions += 1
            if actions % every == 0:
                picture = map_picture(RULES.view(state, None), [""] * 5, "")
                units = {name: by_power for name, by_power in picture.units.items() if by_power}
                game.append((dict(picture.owners), units))
        out.append(game)
    return out


def changes(games: list[list[Position]]) -> list[list[dict[str, Any]]]:
    """Each game's positions as the changes from the one before (the first: from the start), as the file
    holds them: the land territories that changed hands, and the spaces whose units changed with all
    their units (none left: ``{}``)."""
    board = classic_board()
    out = []
    for game in games:
        owners = {name: t.original_owner for name, t in board.territories.items() if not t.is_sea}
        units: dict[str, Any] = {name: dict(by_power) for name, by_power in board.starting_units.items()}
        steps = []
        for now_owners, now_units in game:
            spaces = sorted(set(units) | set(now_units))
            steps.append(
                {
                    "owners": {n: o for n, o in sorted(now_owners.items()) if owners.get(n) != o},
                    "units": {n: now_units.get(n, {}) for n in spaces if units.get(n) != now_units.get(n)},
                }
            )
            owners, units = now_owners, now_units
        out.append(steps)
    return out


def main() -> None:
    path = Path(data.__file__).parent / PATH
    made = changes(positions())
    text = ",\n".join(
        "[\n" + ",\n".join(json.dumps(step, sort_keys=True, separators=(",", ":")) for step in game) + "\n]"
        for game in made
    )
    path.write_text(f"[\n{text}\n]\n", encoding="utf-8")  # one position a line
    print(f"wrote {sum(map(len, made))} positions of {len(made)} games to {path}")


if __name__ == "__main__":
    main()
