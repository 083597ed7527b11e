"""The ``normal`` Allies' assault on an enemy capital (``ai/pacific.py``) in set positions, with scripted
dice: the attacker keeps its last land unit so that the capital is taken, not only emptied."""

from __future__ import annotations

from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Buy, Casualties, EndPhase, Move, Place
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, pacific
from rules.axis_allies.ai.normal import PUSH
from rules.axis_allies.ai.survey import SEA_STEPS, odds
from rules.axis_allies.state import AAState, Phase
from rules.axis_allies.units import cost
from rules.core.dice import ScriptedRng
from tests.rules.axis_allies.aa_position import act, idx, owner, position, seat, units_in

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


# ---- the US Pacific force ----------------------------------------------------------------------------


# Four US transports with a tank each wait in Hawaii's waters, two zones from Japan's, in round 2 with
# Berlin still German (the USA's first goal): Tokyo holds ``n`` infantry.
def _strike(n: int) -> AAState:
    units = {
        "Hawaii Sea Zone": {"usa": {"transport:tank": 4}},
        "Japan": {"japan": {"infantry": n}},
        "Germany": {"germany": {"infantry": 8}},
    }
    return position(units, power="usa")


def _combat_move(state: AAState, ai: object) -> tuple[AAState, list[object]]:
    actions: list[object] = []
    for _ in range(60):
        if state.phase is not Phase.COMBAT_MOVE:
            return state, actions
        action = ai.choose(state, seat(state))  # type: ignore[attr-defined]
        actions.append(action)
        state = act(state, action)[0]
    raise AssertionError("the AI never ended the combat move")


def _lands_on_japan(actions: list[object]) -> bool:
    return any(isinstance(a, Move) and a.path[-1] == "Japan" for a in actions)


def test_the_normal_usa_lands_on_a_weak_tokyo_whatever_its_goal_list() -> None:
    assert odds({"tank": 4}, {"infantry": 2}, False)[0] > 0.9
    after, actions = _combat_move(_strike(2), AxisAlliesNormalAI())
    assert _lands_on_japan(actions)
    assert idx("Japan") in after.battles


def test_the_normal_usa_does_not_land_on_a_strong_tokyo() -> None:
    assert odds({"tank": 4}, {"infantry": 8}, False)[0] < PUSH
    after, actions = _combat_move(_strike(8), AxisAlliesNormalAI())
    assert not _lands_on_japan(actions)
    assert units_in(after, "Hawaii Sea Zone", "usa") == {"transport": 4}


def test_the_normal_usa_buys_and_places_its_pacific_force_at_west_us() -> None:
    units = {"West US": {"usa": {"factory": 1}}, "East US": {"usa": {"factory": 1}}}
    state = position(units, power="usa", phase=Phase.PURCHASE, ipcs={"usa": 40}, round=1)
    ai = AxisAlliesNormalAI()
    bought = ai.choose(state, seat(state))
    # FORCE (2) transports and a tank each (8 + 5) first; of the easy AI's purchase (6 infantry, 2
    # transports, a tank), what the 14 IPCs left pay for, in its order: 4 infantry.
    assert pacific.FORCE == 2
    assert (cost("transport", ()), cost("tank", ()), cost("infantry", ())) == (8, 5, 3)
    assert isinstance(bought, Buy) and dict(bought.units) == {"transport": 2, "tank": 2, "infantry": 4}
    state = position(units, power="usa", phase=Phase.MOBILIZE, round=1, bought=bought.units)
    placed = []
    for _ in range(4):
        action = ai.choose(state, seat(state))
        if not isinstance(action, Place):
            break
        placed.append(action)
        state = act(state, action)[0]
    assert placed[:2] == [Place((("transport", 2),), "West US Sea Zone"), Place((("tank", 2),), "West US")]
    assert AxisAlliesAI().choose(
        position(units, power="usa", phase=Phase.MOBILIZE, round=1, bought=bought.units), 4
    ) != Place((("transport", 2),), "West US Sea Zone")


def test_the_normal_usa_sails_its_loaded_pacific_transports_to_wait_near_japan() -> None:
    units = {
        "West US Sea Zone": {"usa": {"transport:tank": 2}},
        "West US": {"usa": {"factory": 1}},
        "Japan": {"japan": {"infantry": 4}},
        "Germany": {"germany": {"infantry": 8}},
    }
    state = position(units, power="usa", phase=Phase.NONCOMBAT_MOVE)
    move = AxisAlliesNormalAI().choose(state, seat(state))
    assert isinstance(move, Move) and move.units == (("transport", 2),)
    # The first zone two from Japan's waters (a transport's one move): Hawaii's, three from West US's.
    assert SEA_STEPS[idx("West US Sea Zone")][idx("Japan Sea Zone")] == 3
    assert move.path == ("West US Sea Zone", "Hawaii Sea Zone")
    after = act(state, move)[0]
    assert units_in(after, move.path[-1], "usa") == {"transport": 2}
    # Whatever else the turn holds, the easy AI's shipping leaves them there.
    for _ in range(40):
        if after.phase is not Phase.NONCOMBAT_MOVE:
            break
        after = act(after, AxisAlliesNormalAI().choose(after, seat(after)))[0]
    assert units_in(after, move.path[-1], "usa") == {"transport": 2}
