"""The ``normal`` Allies' air reserve (``ai/reserve.py``) in set positions (``aa_position``): the fighter
Moscow keeps for its defence joins the USSR's first attack on Ukraine, fought at poor odds without it
(the easy AI keeps it home), and flies back next to the battle; it stays home when the attack already
has good odds, when it could not fly back to Moscow, and for the version before (``RESERVE`` 0)."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, reserve
from rules.axis_allies.ai.attack import ENOUGH
from rules.axis_allies.ai.survey import odds
from rules.axis_allies.state import AAState, Phase
from tests.rules.axis_allies.aa_position import position, units_in
from tests.rules.axis_allies.test_ai_convoy import play_phase

UKRAINE = "Ukraine S.S.R."
FROM_MOSCOW = Move((("fighter", 1),), ("Russia", "Caucasus", UKRAINE))


def opening() -> AAState:
    """The USSR's first combat move: the 1942 setup, round 1."""
    return position(setup_units=True, power="russia", round=1)


def test_the_normal_ussr_sends_moscows_fighter_into_its_first_attack_on_ukraine() -> None:
    # Without it: 8 infantry and a tank against 3 infantry, 2 tanks and a fighter, 64%.
    alone = odds({"infantry": 8, "tank": 1}, {"infantry": 3, "tank": 2, "fighter": 1}, False)[0]
    assert 0.63 < alone < 0.64
    with_it = odds({"infantry": 8, "tank": 1, "fighter": 1}, {"infantry": 3, "tank": 2, "fighter": 1}, False)
    assert with_it[0] > 0.9
    after_easy, easy = play_phase(opening(), AxisAlliesAI(), Phase.COMBAT_MOVE)
    assert FROM_MOSCOW not in easy
    assert units_in(after_easy, UKRAINE, "russia") == {"infantry": 8, "tank": 1}
    after, actions = play_phase(opening(), AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert FROM_MOSCOW in actions
    assert units_in(after, UKRAINE, "russia") == {"infantry": 8, "tank": 1, "fighter": 1}
    assert units_in(after, "Russia", "russia") == {"aa_gun": 1, "factory": 1, "infantry": 4, "tank": 2}


def test_the_reserve_stays_home_when_the_attack_already_has_good_odds() -> None:
    # Ukraine held by 3 infantry only: the easy AI's 8 infantry and a tank win at ENOUGH or better.
    state = position(
        {
            "Russia": {"russia": {"factory": 1, "fighter": 1, "infantry": 2}},
            "Caucasus": {"russia": {"infantry": 5}},
            "Karelia S.S.R.": {"russia": {"infantry": 3, "tank": 1}},
            UKRAINE: {"germany": {"infantry": 3}},
            "East Europe": {"germany": {"infantry": 3, "tank": 3}},
        },
        power="russia",
    )
    assert odds({"infantry": 8, "tank": 1}, {"infantry": 3}, False)[0] >= ENOUGH
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert not any(isinstance(a, Move) and a.path[0] == "Russia" for a in actions)


def test_the_reserve_does_not_fly_where_it_could_not_fly_back_to_moscow() -> None:
    # Manchuria is three steps from Moscow: a fighter (4 moves) could not come back. The attack from
    # Yakut (5 infantry and a tank against 3 infantry and a fighter, 62%) goes without it.
    state = position(
        {
            "Russia": {"russia": {"factory": 1, "fighter": 1, "infantry": 2}},
            "Yakut S.S.R.": {"russia": {"infantry": 5, "tank": 1}},
            "Manchuria": {"japan": {"infantry": 3, "fighter": 1}},
            "Ukraine S.S.R.": {"germany": {"tank": 3}},
        },
        power="russia",
    )
    assert odds({"infantry": 5, "tank": 1}, {"infantry": 3, "fighter": 1}, False)[0] < ENOUGH
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert units_in(after, "Manchuria", "russia") == {"infantry": 5, "tank": 1}
    assert units_in(after, "Russia", "russia") == {"factory": 1, "fighter": 1, "infantry": 2}


def test_with_the_reserve_off_the_normal_ussr_keeps_moscows_fighter_as_the_easy_ai(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reserve, "RESERVE", 0)
    _, actions = play_phase(opening(), AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert FROM_MOSCOW not in actions
