"""The battle card draws one battle: a season's events can hold two for one region (an attack, then the
counter-attack), and the card drew the first one's sides and winner around the second one's dice."""

from __future__ import annotations

from bot.games import GAMES
from render.attack.battle import _army_sides, render_battle, since_last
from rules.attack.events import ArmyBattleBegan, ArmyBattleEnded, SeasonBegan
from rules.core.dice import SeededRng

GAME = GAMES["attack"]
NAMES = ["Ann", "Bob", "Cat"]


def season_with_a_counter_attack() -> tuple[object, list[object]]:
    """A seeded three-player playout by the AI up to its 190th move, which ends the second battle for
    Scandinavia this season: Bob took it from Ann, then Ann took it back. The public view after it and
    the season's events."""
    rules = GAME.rules
    state, _ = rules.setup(GAME.usual_options() | dict(GAME.short_game), 3, SeededRng("t2"))
    agents = [GAME.agent(s + 2) for s in range(3)]
    rng, season = SeededRng("t2"), []
    for _ in range(190):
        seat = rules.to_act(state)[0]
        state, events = rules.apply(state, seat, agents[seat].choose(state, seat), rng)
        season = list(events) if any(isinstance(e, SeasonBegan) for e in events) else [*season, *events]
    return rules.view(state, None), season


def test_the_card_draws_the_last_battle_for_a_region_not_the_first_ones_sides() -> None:
    view, season = season_with_a_counter_attack()
    began = [(k, e) for k, e in enumerate(season) if isinstance(e, ArmyBattleBegan)]
    scandinavia = [(k, (e.seat, e.defender)) for k, e in began if e.region == "scandinavia"]
    assert [sides for _, sides in scandinavia] == [(1, 0), (0, 1)]
    ended = [e.winner for e in season if isinstance(e, ArmyBattleEnded) and e.region == "scandinavia"]
    assert ended == [1, 0]
    last = scandinavia[-1][0]
    assert since_last(season, ArmyBattleBegan, "region", "scandinavia") == season[last:]
    sides = _army_sides(view, season[last:])
    assert (sides.region, sides.attacker, sides.defender) == ("scandinavia", 0, 1)
    # The card from the season's events is the card of the counter-attack alone.
    assert render_battle(view, season, NAMES) == render_battle(view, season[last:], NAMES)
    assert render_battle(view, season, NAMES) != render_battle(view, season[: scandinavia[1][0]], NAMES)
