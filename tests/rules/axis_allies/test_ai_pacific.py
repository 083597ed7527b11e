"""The ``normal`` Allies' assault on an enemy capital (``ai/pacific.py``) in set positions, with scripted
dice: the attacker keeps its last land unit so that the capital is taken, not only emptied."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI
from rules.axis_allies.state import AAState, Phase
from rules.core.dice import ScriptedRng
from tests.rules.axis_allies.aa_position import act, owner, position, seat, units_in

# The USA lands one tank on Japan from Japan's waters and flies in two bombers from Manchuria
# against two Japanese infantry: no AA gun, so the scripted dice are the battle's only.
ASSAULT = {
    "Japan Sea Zone": {"usa": {"transport:tank": 1}},
    "Manchuria": {"usa": {"bomber": 2}},
    "Japan": {"japan": {"infantry": 2}},
}
US_HELD = {"Manchuria": "usa"}


def _attack(units: dict[str, dict[str, dict[str, int]]], target: str) -> AAState:
    """The USA's attack on ``target`` started (its combat move made by hand), at the first roll."""
    state = position(units, owners=US_HELD, power="usa")
    state = act(state, Move((("tank", 1),), ("Japan Sea Zone", target)))[0]
    state = act(state, Move((("bomber", 2),), ("Manchuria", "Japan Sea Zone", target)))[0]
    state = act(state, EndPhase())[0]
    assert state.phase is Phase.COMBAT
    return state


def _fight(state: AAState, ai: object, dice: list[int]) -> tuple[AAState, list[object]]:
    """The battle in Japan fought to its end, every decision ``ai``'s (both sides), ``dice`` rolled."""
    rng = ScriptedRng(dice)
    decisions: list[object] = []
    state, _ = RULES.apply(state, seat(state), Battle("Japan"), rng)
    for _ in range(20):
        if state.battle is None:
            break
        who = RULES.to_act(state)[0]
        choice = ai.choose(state, who)  # type: ignore[attr-defined]
        decisions.append(choice)
        state, _ = RULES.apply(state, who, choice, rng)
    assert rng.unused == 0
    return state, decisions


# Round 1: the attack hits once (tank 3, bombers 4 and 4: dice 1, 6, 6), the defence once (1, 6); the
# US loses one unit. Round 2: the two attackers left hit once (1, 6), the defence misses (6): Japan's
# last infantry dies. What is left of the attack decides who holds Japan.
DICE = [1, 6, 6, 1, 6] + [1, 6, 6]


def test_the_normal_allies_lose_a_bomber_not_their_last_tank_attacking_tokyo() -> None:
    state, decisions = _fight(_attack(ASSAULT, "Japan"), AxisAlliesNormalAI(), DICE)
    assert Casualties((("bomber", 1),)) in decisions
    assert owner(state, "Japan") == "usa"
    assert units_in(state, "Japan", "usa")["tank"] == 1


def test_the_easy_ai_loses_its_tank_first_and_leaves_tokyo_japanese() -> None:
    state, decisions = _fight(_attack(ASSAULT, "Japan"), AxisAlliesAI(), DICE)
    assert Casualties((("tank", 1),)) in decisions
    assert owner(state, "Japan") == "japan"  # emptied, not taken: bombers cannot take land


def test_away_from_capitals_the_normal_allies_lose_the_cheapest_unit_first() -> None:
    units = {
        "Japan Sea Zone": {"usa": {"transport:tank": 1}},
        "China": {"usa": {"bomber": 2}},
        "Manchuria": {"japan": {"infantry": 2}},
    }
    state = position(units, owners={"China": "usa"}, power="usa")
    state = act(state, Move((("tank", 1),), ("Japan Sea Zone", "Manchuria")))[0]
    state = act(state, Move((("bomber", 2),), ("China", "Manchuria")))[0]
    state = act(state, EndPhase())[0]
    rng = ScriptedRng(DICE)
    state, _ = RULES.apply(state, seat(state), Battle("Manchuria"), rng)
    decisions = []
    for _ in range(20):
        if state.battle is None:
            break
        who = RULES.to_act(state)[0]
        choice = AxisAlliesNormalAI().choose(state, who)
        decisions.append(choice)
        state, _ = RULES.apply(state, who, choice, rng)
    assert rng.unused == 0
    assert Casualties((("tank", 1),)) in decisions
    assert owner(state, "Manchuria") == "japan"
