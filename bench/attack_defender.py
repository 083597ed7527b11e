"""How often an Attack! battle waits on its defender: whole games played by the AI (every seat the
default level), counting army battles begun, the positions where an army battle waits on the attacking
seat or on the defending side (the defender, or the seat commanding a neutral garrison) for a line, and
the positions where a navy battle waits on a seat. A line with no real choice (every unit, or one kind
only) is set by the engine and waits on nobody, so this is how often a player who asked to be asked
(``/game questions ask``) would be asked. Asserts nothing.

    python bench/attack_defender.py [--games 8] [--seats 2,3] [--prefix p10-]

Seeds: ``<prefix><seats>-<i>`` hashed into the game's seed, i from 0. Results (players10, 2026-11-30,
``--games 8 --seats 2,3 --prefix p10-``):

| seats | games | moves | army battles | waits on the attacker | waits on the defender | navy waits |
| --- | --- | --- | --- | --- | --- | --- |
| 2 | 8 | 1192 | 164 | 19 | 2 | 42 |
| 3 | 8 | 1478 | 184 | 9 | 3 | 33 |

About one army battle in 40 to 80 waits on its defender: a 300-move two-seat game meets none or one, so
"a scripted 300-move game asked the defender nothing" is what the rules make likely, not a defender left
unasked (``tests/bot/attack/test_discord_year.py`` and ``test_discord_neutral.py`` ask one by hand).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.attack import GAME
from rules.attack import RULES
from rules.attack.battle.army import deciding_seat
from rules.attack.events import ArmyBattleBegan
from rules.core.dice import SeededRng

MOST_MOVES = 5000


def play(seed: str, seats: int) -> Counter[str]:
    """One whole game by the AI; its counts."""
    rng = SeededRng(hashlib.sha256(seed.encode()).hexdigest())
    state, _ = RULES.setup({}, seats, rng)
    agent = GAME.agent(int(hashlib.sha256(seed.encode()).hexdigest()[:8], 16))
    counts: Counter[str] = Counter(games=1)
    for _ in range(MOST_MOVES):
        waiting = RULES.to_act(state)
        if not waiting:
            break
        battle = state.army_battle
        if battle is not None:
            counts[
                "waits on the attacker"
                if deciding_seat(battle) == battle.attacker
                else "waits on the defender"
            ] += 1
        if state.navy_battle is not None:
            counts["navy waits"] += 1
        state, events = RULES.apply(state, waiting[0], agent.choose(state, waiting[0]), rng)
        counts["army battles"] += sum(isinstance(e, ArmyBattleBegan) for e in events)
        counts["moves"] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seats", default="2,3")
    parser.add_argument("--prefix", default="p10-")
    args = parser.parse_args()
    columns = (
        "games",
        "moves",
        "army battles",
        "waits on the attacker",
        "waits on the defender",
        "navy waits",
    )
    print("| seats | " + " | ".join(columns) + " |")
    print("| --- " * (len(columns) + 1) + "|")
    for seats in (int(s) for s in args.seats.split(",")):
        total: Counter[str] = Counter()
        for i in range(args.games):
            total.update(play(f"{args.prefix}{seats}-{i}", seats))
        print(f"| {seats} | " + " | ".join(str(total[c]) for c in columns) + " |")


if __name__ == "__main__":
    main()
