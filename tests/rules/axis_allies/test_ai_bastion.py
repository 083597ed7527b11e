"""The ``normal`` Allies' bastion (``ai/bastion.py``) in set positions (``aa_position``): after the
USSR's first attack on Ukraine, Moscow's army moves into Karelia (next to Moscow, with a factory),
which the German armies in Finland and East Europe would take from an empty Karelia; the easy AI keeps
it home, counting German tanks that could pass the empty Karelia to Moscow. It moves only as far as
Moscow stays covered, and not at all with the bastion off (``BASTION`` 0) or Karelia safe."""

from __future__ import annotations

import pytest

from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, bastion
from rules.axis_allies.ai.survey import View
from rules.axis_allies.state import AAState, Phase
from tests.rules.axis_allies.aa_position import idx, position, units_in
from tests.rules.axis_allies.test_ai_convoy import play_phase

KARELIA = "Karelia S.S.R."
AFTER_UKRAINE = {
    "Russia": {"russia": {"factory": 1, "aa_gun": 1, "infantry": 4, "tank": 2}},
    KARELIA: {"russia": {"factory": 1}},
    "Ukraine S.S.R.": {"russia": {"infantry": 9}},
    "Finland Norway": {"germany": {"infantry": 3, "tank": 1, "fighter": 1}},
    "East Europe": {"germany": {"infantry": 3, "tank": 1, "fighter": 1}},
    "Germany": {"germany": {"factory": 1, "infantry": 4, "tank": 2, "bomber": 1}},
}


def after_ukraine(units: dict[str, dict[str, dict[str, int]]] = AFTER_UKRAINE) -> AAState:
    return position(
        units, owners={"Ukraine S.S.R.": "russia"}, power="russia", phase=Phase.NONCOMBAT_MOVE, round=1
    )


def test_the_normal_ussr_holds_karelia_with_moscows_army() -> None:
    state = after_ukraine()
    view = View(state, 0)
    moscow, karelia = idx("Russia"), idx(KARELIA)
    # Empty, Karelia faces 6 infantry, 4 tanks and 3 aircraft; Moscow counts the two German tanks
    # that could pass through it: 4 over its defence of 12, so the easy AI keeps Moscow's army home.
    assert view.threat(karelia) == 28 and view.defence(karelia) == 0
    assert view.threat(moscow) == 16 and view.defence(moscow) == 12
    after_easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert units_in(after_easy, "Russia", "russia") == {"aa_gun": 1, "factory": 1, "infantry": 4, "tank": 2}
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    # With the army in Karelia no tank passes: Moscow keeps a tank (defence 2: its threat 0, and 2 more).
    assert units_in(after, KARELIA, "russia") == {"factory": 1, "infantry": 4, "tank": 1}
    assert units_in(after, "Russia", "russia") == {"aa_gun": 1, "factory": 1, "tank": 1}
    moved = View(after, 0)
    assert moved.threat(moscow) == 0 and moved.defence(moscow) == 2


def test_moscow_keeps_what_its_own_threat_calls_for() -> None:
    # A German army in Caucasus, next to Moscow, threatens it whatever Karelia holds: Moscow's 4 infantry
    # and 2 tanks (defence 12) are short of that threat already, so none of them leaves.
    units = AFTER_UKRAINE | {"Caucasus": {"germany": {"infantry": 3, "tank": 3}}}
    state = position(
        units,
        owners={"Ukraine S.S.R.": "russia", "Caucasus": "germany"},
        power="russia",
        phase=Phase.NONCOMBAT_MOVE,
        round=1,
    )
    view = View(state, 0)
    assert view.threat(idx("Russia")) + 2 > view.defence(idx("Russia")) == 12
    after, _ = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert units_in(after, "Russia", "russia") == {"aa_gun": 1, "factory": 1, "infantry": 4, "tank": 2}


def test_a_safe_karelia_is_left_as_the_easy_ai_leaves_it() -> None:
    units = AFTER_UKRAINE | {KARELIA: {"russia": {"factory": 1, "infantry": 16}}}
    state = after_ukraine(units)
    assert View(state, 0).threat(idx(KARELIA)) <= View(state, 0).defence(idx(KARELIA))
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    _, easy = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert actions == easy


def test_with_the_bastion_off_moscows_army_stays_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bastion, "BASTION", 0)
    after, _ = play_phase(after_ukraine(), AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert units_in(after, "Russia", "russia") == {"aa_gun": 1, "factory": 1, "infantry": 4, "tank": 2}
