"""The ``normal`` Allies' convoys to Moscow (``ai/convoy.py``) in set positions (``aa_position``): the
British army is loaded in the combat move and landed on German-held Karelia, next to Moscow, at good
odds (the easy AI only lands cargo already aboard), not at bad odds nor once Moscow has fallen; and
with Karelia Soviet the British shipping lands the army there, even facing a German army the easy AI's
shipping keeps away from."""

from __future__ import annotations

from rules.axis_allies.actions import EndPhase, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI
from rules.axis_allies.ai.convoy import ODDS, THREAT
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.state import AAState, Phase
from tests.rules.axis_allies.aa_position import act, idx, position, seat, units_in

KARELIA = "Karelia S.S.R."
# Karelia German with 3 infantry (and its factory); the British army in London, three empty
# transports in the North Sea (two sea steps from Karelia's shore), Moscow Soviet.
WEAK = {
    KARELIA: {"germany": {"factory": 1, "infantry": 3}},
    "United Kingdom": {"uk": {"factory": 1, "infantry": 6, "tank": 2}},
    "North Sea Zone": {"uk": {"transport": 3}},
    "Russia": {"russia": {"factory": 1, "infantry": 6}},
}


CONVOY_UNITS = WEAK | {
    KARELIA: {"russia": {"infantry": 2}},
    "East Europe": {"germany": {"infantry": 12, "tank": 4}},
    "West Europe": {"germany": {"infantry": 2}},
    "Ukraine S.S.R.": {"germany": {"infantry": 6, "tank": 3}},
}


def play_phase(state: AAState, ai: object, phase: Phase) -> tuple[AAState, list[object]]:
    """Let ``ai`` play the acting power's ``phase`` to its end."""
    actions: list[object] = []
    for _ in range(100):
        if state.phase is not phase:
            return state, actions
        action = ai.choose(state, seat(state))  # type: ignore[attr-defined]
        actions.append(action)
        state = act(state, action)[0]
    raise AssertionError("the AI never ended the phase")


def lands_on_karelia(actions: list[object]) -> bool:
    return any(isinstance(a, Move) and a.path[-1] == KARELIA for a in actions)


def test_the_normal_uk_loads_its_army_and_lands_it_on_a_weak_german_karelia() -> None:
    state = position(WEAK, owners={KARELIA: "germany"}, power="uk")
    win = odds({"infantry": 4, "tank": 2}, {"infantry": 3}, False)[0]
    assert win >= ODDS  # what three transports can carry wins well
    _, easy = play_phase(state, AxisAlliesAI(), Phase.COMBAT_MOVE)
    assert not lands_on_karelia(easy)  # the easy AI lands only cargo already aboard
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions[0] == Move((("tank", 2),), ("United Kingdom", "North Sea Zone"))
    assert actions[-1] == EndPhase()
    # Three transports: two tanks and two infantry sail with them and land together.
    assert units_in(after, KARELIA, "uk") == {"infantry": 2, "tank": 2}
    assert units_in(after, "United Kingdom", "uk") == {"factory": 1, "infantry": 4}


def test_the_normal_uk_does_not_land_on_a_strong_german_karelia() -> None:
    strong = WEAK | {KARELIA: {"germany": {"factory": 1, "infantry": 8, "tank": 2}}}
    state = position(strong, owners={KARELIA: "germany"}, power="uk")
    assert odds({"infantry": 4, "tank": 2}, {"infantry": 8, "tank": 2}, False)[0] < ODDS
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert not lands_on_karelia(actions)


def test_with_moscow_german_the_uk_lands_as_the_easy_ai() -> None:
    fallen = WEAK | {"Russia": {"germany": {"factory": 1, "infantry": 6}}}
    state = position(fallen, owners={KARELIA: "germany", "Russia": "germany"}, power="uk")
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    _, easy = play_phase(state, AxisAlliesAI(), Phase.COMBAT_MOVE)
    assert actions == easy


def test_with_karelia_soviet_and_moscow_threatened_the_normal_uk_ships_its_army_there() -> None:
    # A German army next to Karelia (attack 24) would overrun its 2 infantry and a convoy's 4: the easy
    # AI's shipping keeps away; a second one in Ukraine threatens Moscow (attack 15 against 12, over
    # THREAT of it), so the normal UK lands the army where Moscow's battle is.
    state = position(
        CONVOY_UNITS, owners={"Ukraine S.S.R.": "germany"}, phase=Phase.NONCOMBAT_MOVE, power="uk"
    )
    view = View(state, 2)  # the UK's view
    moscow = idx("Russia")
    assert view.threat(moscow) >= THREAT * view.defence(moscow)
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert lands_on_karelia(actions)
    assert units_in(after, KARELIA, "uk")
    _, easy = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert not lands_on_karelia(easy)


def test_with_moscow_safe_the_normal_uk_ships_as_the_easy_ai() -> None:
    units = CONVOY_UNITS | {"Ukraine S.S.R.": {"germany": {"infantry": 1}}}
    state = position(units, owners={"Ukraine S.S.R.": "germany"}, phase=Phase.NONCOMBAT_MOVE, power="uk")
    view = View(state, 2)
    moscow = idx("Russia")
    assert view.threat(moscow) < THREAT * view.defence(moscow)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    _, easy = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert actions == easy
    assert not lands_on_karelia(actions)
