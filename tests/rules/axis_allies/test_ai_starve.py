"""The ``normal`` Allies against Tokyo alone fight for Japan's producing land as near the economic line
(``normal.STARVE``, a bench option; issue 32's stall, Japan not starved), in set positions
(``aa_position``): 1, every Allied power; 2, the USSR alone (its army cannot reach an island)."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, normal
from rules.axis_allies.ai.normal import starve
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.board import POWERS
from rules.axis_allies.common import side_income
from rules.axis_allies.state import AXIS_SIDE, AAState, Phase
from tests.rules.axis_allies.aa_position import position, seat, units_in
from tests.rules.axis_allies.test_ai_landing import ALLIED, TOKYO
from tests.rules.axis_allies.test_ai_normal import combat_move

TAKEN = Move((("infantry", 2),), ("Persia", "India"))


def turn(power: str, owners: dict[str, str]) -> AAState:
    """Berlin Allied (``owners`` ALLIED), Tokyo defended; 4 Japanese infantry hold India (3 IPCs) next
    to 2 infantry and 2 tanks of ``power`` in Persia: about 57%, below the easy AI's 60% for a side
    this far ahead."""
    units = TOKYO | {
        "India": {"japan": {"infantry": 4}},
        "Persia": {power: {"infantry": 2, "tank": 2}},
        "United Kingdom": {"uk": {"factory": 1, "infantry": 6}},
        "Russia": {"russia": {"factory": 1, "infantry": 6}},
    }
    return position(units, owners=owners | {"India": "japan"}, power=power, phase=Phase.COMBAT_MOVE)


def attacks_india(state: AAState) -> bool:
    choice = AxisAlliesNormalAI().choose(state, seat(state))
    return isinstance(choice, Move) and choice.path[-1] == "India"


@pytest.mark.parametrize("power", ["uk", "russia"])
def test_starve_1_the_normal_allies_attack_japanese_india_at_even_odds(
    monkeypatch: pytest.MonkeyPatch, power: str
) -> None:
    monkeypatch.setattr(normal, "STARVE", 1)
    state = turn(power, ALLIED)
    assert side_income(state, AXIS_SIDE) < 84 - normal.GUARD  # far from the line
    assert starve(View(state, POWERS.index(power)))
    assert 0.5 <= odds({"infantry": 2, "tank": 2}, {"infantry": 4}, False)[0] < 0.6
    easy = AxisAlliesAI().choose(state, seat(state))
    assert not (isinstance(easy, Move) and easy.path[-1] == "India")
    assert AxisAlliesNormalAI().choose(state, seat(state)) == TAKEN
    after, _ = combat_move(state, AxisAlliesNormalAI())
    assert units_in(after, "India", power) == {"infantry": 2, "tank": 2}


def test_starve_2_the_ussr_attacks_and_the_uk_keeps_to_good_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(normal, "STARVE", 2)
    state = turn("russia", ALLIED)
    assert AxisAlliesNormalAI().choose(state, seat(state)) == TAKEN
    assert not attacks_india(turn("uk", ALLIED))


@pytest.mark.parametrize("power", ["uk", "russia"])
@pytest.mark.parametrize(("setting", "owners"), [(1, {}), (0, ALLIED)], ids=["berlin_german", "starve_0"])
def test_with_berlin_german_or_starve_0_the_allies_keep_to_the_easy_ais_odds_in_asia(
    monkeypatch: pytest.MonkeyPatch, power: str, setting: int, owners: dict[str, str]
) -> None:
    monkeypatch.setattr(normal, "STARVE", setting)
    state = turn(power, owners)
    assert not starve(View(state, POWERS.index(power)))
    assert not attacks_india(state)
