"""The ``normal`` Axis & Allies AI in set positions (``aa_position``): it attacks an enemy capital at
odds the ``easy`` AI declines and carries the attack through, fights over the territories that decide
the economic victory near its line, and keeps its own capital defended as ``easy`` does."""

from __future__ import annotations

import pytest

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Buy, EndPhase, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, landing, normal
from rules.axis_allies.ai.normal import PUSH as PUSH_ODDS
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.common import side_income
from rules.axis_allies.state import AXIS_SIDE, AAState, Phase
from rules.core.dice import ScriptedRng
from tests.rules.axis_allies.aa_position import act, idx, owner, position, seat, units_in

# Germany next to Moscow with 4 infantry and 2 tanks (attack 10) against 6 infantry: about 48%.
PUSH_UNITS = {
    "Karelia S.S.R.": {"germany": {"infantry": 4, "tank": 2}},
    "Russia": {"russia": {"factory": 1, "infantry": 6}},
}
KARELIA_GERMAN = {"Karelia S.S.R.": "germany"}


def combat_move(state: AAState, ai: object) -> tuple[AAState, list[object]]:
    """Let ``ai`` make the acting power's combat move to its end."""
    actions: list[object] = []
    for _ in range(100):
        if state.phase is not Phase.COMBAT_MOVE:
            return state, actions
        action = ai.choose(state, seat(state))  # type: ignore[attr-defined]
        actions.append(action)
        state = act(state, action)[0]
    raise AssertionError("the AI never ended the combat move")


def test_the_normal_axis_attacks_moscow_at_odds_the_easy_ai_declines() -> None:
    state = position(PUSH_UNITS, owners=KARELIA_GERMAN)
    win = odds({"infantry": 4, "tank": 2}, {"infantry": 6}, False)[0]
    assert 0.45 <= win < 0.55
    easy, _ = combat_move(state, AxisAlliesAI())
    assert "germany" not in {owner(easy, "Russia")} and not units_in(easy, "Russia", "germany")
    assert isinstance(AxisAlliesNormalAI().choose(state, seat(state)), Move)
    assert AxisAlliesNormalAI().choose(state, seat(state)).path[-1] == "Russia"  # type: ignore[attr-defined]
    after, actions = combat_move(state, AxisAlliesNormalAI())
    assert actions[-1] == EndPhase()
    # Everything in reach goes (the push is fed until its odds are high or nothing more can come).
    assert units_in(after, "Russia", "germany") == {"infantry": 4, "tank": 2}


def test_the_pushed_attack_on_moscow_is_fought_and_moscow_taken() -> None:
    state, _ = combat_move(position(PUSH_UNITS, owners=KARELIA_GERMAN), AxisAlliesNormalAI())
    ai = AxisAlliesNormalAI()
    assert ai.choose(state, seat(state)) == Battle("Russia")
    # Scripted dice: the attack hits with every die (four 1s and two 3s) and the defence misses (6s).
    rng = ScriptedRng([1, 1, 1, 1, 3, 3] + [6] * 6)
    state, _ = RULES.apply(state, seat(state), Battle("Russia"), rng)
    for _ in range(20):
        if state.battle is None:
            break
        state, _ = RULES.apply(state, RULES.to_act(state)[0], ai.choose(state, RULES.to_act(state)[0]), rng)
    assert owner(state, "Russia") == "germany"


def test_the_normal_ai_keeps_moscow_defended_like_the_easy_ai() -> None:
    units = {
        "Karelia S.S.R.": {"germany": {"infantry": 6, "tank": 4}},
        "Russia": {"russia": {"factory": 1, "infantry": 14}},
        "Caucasus": {"germany": {"infantry": 1}},
    }
    state = position(units, owners=KARELIA_GERMAN | {"Caucasus": "germany"}, power="russia")
    need = View(state, 0).capital_need(idx("Russia"))
    after, actions = combat_move(state, AxisAlliesNormalAI())
    assert any(isinstance(a, Move) and a.path[-1] == "Caucasus" for a in actions)
    assert 2 * units_in(after, "Russia", "russia")["infantry"] >= need


# The Axis produce 73 (the 1942 map's 57 and the six territories of NEAR_LINE): within GUARD (12) of
# the 84 line. A Russian army in Persia next to 4 German infantry in Caucasus.
NEAR_LINE = {
    "Persia": "russia",
    "Karelia S.S.R.": "germany",
    "Caucasus": "germany",
    "East Canada": "germany",
    "Brazil": "germany",
    "Alaska": "japan",
    "Mexico": "japan",
}
LINE_UNITS = {
    "Persia": {"russia": {"infantry": 2, "tank": 2}},
    "Caucasus": {"germany": {"infantry": 4}},
    "Karelia S.S.R.": {"germany": {"infantry": 12}},
}


def test_near_the_economic_line_the_allies_retake_a_producing_territory_at_even_odds() -> None:
    state = position(LINE_UNITS, owners=NEAR_LINE, power="russia")
    assert side_income(state, AXIS_SIDE) >= 72
    win = odds({"infantry": 2, "tank": 2}, {"infantry": 4}, False)[0]
    assert 0.5 <= win < 0.6
    easy = AxisAlliesAI().choose(state, seat(state))
    assert not (isinstance(easy, Move) and easy.path[-1] == "Caucasus")
    choice = AxisAlliesNormalAI().choose(state, seat(state))
    assert isinstance(choice, Move) and choice.path == ("Persia", "Caucasus")


def test_far_from_the_economic_line_the_allies_keep_to_good_odds() -> None:
    state = position(
        LINE_UNITS,
        owners={"Persia": "russia", "Caucasus": "germany", "Karelia S.S.R.": "germany"},
        power="russia",
    )
    assert side_income(state, AXIS_SIDE) < 72
    choice = AxisAlliesNormalAI().choose(state, seat(state))
    assert not (isinstance(choice, Move) and choice.path[-1] == "Caucasus")


def test_far_from_the_economic_line_the_normal_axis_still_fight_for_producing_land_at_even_odds() -> None:
    # The Axis produce 60 (far below 84 - GUARD); 2 German infantry and 2 tanks in Caucasus against 4
    # British infantry in Persia (about 57%): the easy AI declines (it takes empty Karelia).
    units = {
        "Caucasus": {"germany": {"infantry": 2, "tank": 2}},
        "Persia": {"uk": {"infantry": 4}},
        "Russia": {"russia": {"infantry": 12}},
    }
    state = position(units, owners={"Caucasus": "germany"})
    assert side_income(state, AXIS_SIDE) == 60
    assert 0.5 <= odds({"infantry": 2, "tank": 2}, {"infantry": 4}, False)[0] < 0.6
    easy = AxisAlliesAI().choose(state, seat(state))
    assert easy == Move((("infantry", 1),), ("Caucasus", "Karelia S.S.R."))
    assert AxisAlliesNormalAI().choose(state, seat(state)) == Move((("infantry", 2),), ("Caucasus", "Persia"))
    after, _ = combat_move(state, AxisAlliesNormalAI())
    assert units_in(after, "Persia", "germany") == {"infantry": 2, "tank": 2}


def test_the_normal_choice_depends_only_on_the_state_and_the_seed() -> None:
    state = position(PUSH_UNITS, owners=KARELIA_GERMAN)
    assert AxisAlliesNormalAI(3).choose(state, seat(state)) == AxisAlliesNormalAI(3).choose(
        state, seat(state)
    )


def test_the_normal_axis_gathers_its_front_army_next_to_moscow_leaving_one_behind() -> None:
    units = {
        "Ukraine S.S.R.": {"germany": {"infantry": 6}},
        "Karelia S.S.R.": {"germany": {"infantry": 2}},
        "Russia": {"russia": {"factory": 1, "infantry": 3}},
    }
    state = position(units, owners=KARELIA_GERMAN, phase=Phase.NONCOMBAT_MOVE)
    # Ukraine faces Russian Caucasus: a front the easy AI leaves where it stands.
    easy = AxisAlliesAI().choose(state, seat(state))
    assert not (isinstance(easy, Move) and easy.path[0] == "Ukraine S.S.R.")
    choice = AxisAlliesNormalAI().choose(state, seat(state))
    assert choice == Move((("infantry", 5),), ("Ukraine S.S.R.", "Karelia S.S.R."))


def test_the_axis_do_not_gather_into_land_they_would_be_overrun_in() -> None:
    units = {
        "Ukraine S.S.R.": {"germany": {"infantry": 2}},
        "Karelia S.S.R.": {"germany": {"infantry": 1}},
        "Russia": {"russia": {"factory": 1, "infantry": 3, "tank": 6}},
    }
    state = position(units, owners=KARELIA_GERMAN, phase=Phase.NONCOMBAT_MOVE)
    choice = AxisAlliesNormalAI().choose(state, seat(state))
    assert not (isinstance(choice, Move) and choice.path == ("Ukraine S.S.R.", "Karelia S.S.R."))


# The UK holds Berlin (Tokyo is the goal left, an island), has 12 infantry waiting in London and 3
# empty transports: the easy AI buys 2 more transports with its 30 IPCs.
FILL_UNITS = {
    "United Kingdom": {"uk": {"factory": 1, "infantry": 12}},
    "North Sea Zone": {"uk": {"transport:empty": 3}},
    "Germany": {"uk": {"infantry": 2}},
}


def test_fill_6_against_tokyo_alone_the_normal_uk_buys_tanks_not_more_transports(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(normal, "FILL", 6)  # before the thirteenth stop (bench: --set normal.FILL=6)
    monkeypatch.setattr(landing, "CAP", 0.0)
    state = position(FILL_UNITS, owners={"Germany": "uk"}, power="uk", phase=Phase.PURCHASE, ipcs={"uk": 30})
    assert AxisAlliesAI().choose(state, seat(state)) == Buy((("transport", 2), ("infantry", 3), ("tank", 1)))
    assert normal.FILL <= 2 * 3  # three empty transports
    assert AxisAlliesNormalAI().choose(state, seat(state)) == Buy((("infantry", 3), ("tank", 4)))


def test_against_tokyo_alone_the_normal_uk_buys_the_transports_its_waiting_army_lacks() -> None:
    assert normal.FILL == 0 and landing.CAP > 0  # the committed values (the thirteenth stop)
    state = position(FILL_UNITS, owners={"Germany": "uk"}, power="uk", phase=Phase.PURCHASE, ipcs={"uk": 30})
    # The easy AI's two transports for the 12 infantry, not turned into tanks for the 3 empty ones.
    assert AxisAlliesNormalAI().choose(state, seat(state)) == Buy(
        (("transport", 2), ("infantry", 3), ("tank", 1))
    )


def test_with_berlin_standing_the_normal_uk_buys_as_the_easy_ai() -> None:
    state = position(FILL_UNITS, power="uk", phase=Phase.PURCHASE, ipcs={"uk": 30})
    easy = AxisAlliesAI().choose(state, seat(state))
    assert AxisAlliesNormalAI().choose(state, seat(state)) == easy


# Moscow German; four German transports (an infantry and a tank each) in the North Sea, London's only
# zone, clear of British ships. London holds `n` infantry: 2 (the landing's odds near 1) or 10 (23%).
def sealion(n: int) -> AAState:
    units = {
        "North Sea Zone": {"germany": {"transport:infantry+tank": 4}},
        "United Kingdom": {"uk": {"factory": 1, "infantry": n}},
        "Russia": {"germany": {"infantry": 2}},
    }
    return position(units, owners={"Russia": "germany"})


def test_with_moscow_taken_the_normal_axis_land_on_london_at_good_odds() -> None:
    assert odds({"infantry": 4, "tank": 4}, {"infantry": 2}, False)[0] > 0.95
    ai = AxisAlliesNormalAI()
    state = sealion(2)
    assert ai.choose(state, seat(state)) == Move(
        (("infantry", 4), ("tank", 4)), ("North Sea Zone", "United Kingdom")
    )
    after, _ = combat_move(state, ai)
    assert units_in(after, "United Kingdom", "germany") == {"infantry": 4, "tank": 4}


def test_the_normal_axis_do_not_land_on_london_at_bad_odds() -> None:
    assert odds({"infantry": 4, "tank": 4}, {"infantry": 10}, False)[0] < PUSH_ODDS
    after, actions = combat_move(sealion(10), AxisAlliesNormalAI())
    assert not any(isinstance(a, Move) and a.path[-1] == "United Kingdom" for a in actions)
    assert units_in(after, "North Sea Zone", "germany") == {"transport": 4}
