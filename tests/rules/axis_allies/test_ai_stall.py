"""The ``normal`` Allies' shipping in the late game (issue 32's undecided games), in set positions
(``aa_position``): empty transports do not wait for good beside a capital whose last defenders the
threat keeps home, but sail for the army waiting at another factory."""

from __future__ import annotations

from rules.axis_allies.actions import Buy, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI
from rules.axis_allies.ai.purchase import WAITING
from rules.axis_allies.state import Phase
from tests.rules.axis_allies.aa_position import position, seat, units_in
from tests.rules.axis_allies.test_ai_convoy import play_phase

# Berlin American, Tokyo Japanese; Washington keeps its one infantry (its threat calls for it), the
# American army waits at West US, and three empty transports lie off Washington (all-normal
# ``aan16-t-83``: eight of them lay there for twelve rounds while 114 tanks waited at West US).
PORTS = {
    "East US": {"usa": {"factory": 1, "infantry": 1}},
    "West US": {"usa": {"factory": 1, "tank": 6}},
    "East US Sea Zone": {"usa": {"transport": 3}},
    "Germany": {"usa": {"infantry": 2}},
    "Japan": {"japan": {"factory": 1, "infantry": 6}},
}


def test_empty_transports_leave_a_capital_kept_defended_and_ship_the_army_waiting_elsewhere() -> None:
    state = position(PORTS, owners={"Germany": "usa"}, power="usa", phase=Phase.NONCOMBAT_MOVE, round=20)
    easy, _ = play_phase(state, AxisAlliesAI(), Phase.NONCOMBAT_MOVE)
    assert units_in(easy, "East US Sea Zone", "usa") == {"transport": 3}  # the easy AI waits for good
    assert units_in(easy, "West US", "usa") == {"factory": 1, "tank": 6}
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    # West US's coast on the Gulf of Mexico is one sea step away: there the three load a tank each.
    assert actions[:2] == [
        Move((("transport:empty", 3),), ("East US Sea Zone", "Gulf of Mexico Sea Zone")),
        Move((("tank", 3),), ("West US", "Gulf of Mexico Sea Zone")),
    ]
    assert units_in(after, "West US", "usa") == {"factory": 1, "tank": 3}
    assert units_in(after, "East US", "usa") == {"factory": 1, "infantry": 1}  # Washington keeps it
    aboard = sum(s.count for z in after.units for s in z if s.unit == "transport" and s.cargo == ("tank",))
    assert aboard == 3


# Berlin American, Tokyo Japanese; 14 tanks wait at West US (28 transport slots) and the USA has no
# transport: the easy AI (and FILL) buy land units, which pile up at West US.
ARMY = {
    "East US": {"usa": {"factory": 1, "infantry": 2}},
    "West US": {"usa": {"factory": 1, "tank": 14}},
    "Germany": {"usa": {"infantry": 2}},
    "Japan": {"japan": {"factory": 1, "infantry": 6}},
}


EASY_BUY = Buy((("fighter", 1), ("transport", 3), ("infantry", 2)))  # the easy AI's, with 43 IPCs


def test_against_tokyo_alone_an_army_waiting_for_ships_gets_transports_with_every_ipc() -> None:
    state = position(ARMY, owners={"Germany": "usa"}, power="usa", phase=Phase.PURCHASE, ipcs={"usa": 43})
    assert AxisAlliesAI().choose(state, seat(state)) == EASY_BUY
    assert AxisAlliesNormalAI().choose(state, seat(state)) == Buy((("transport", 5),))


def test_with_fewer_units_waiting_the_normal_usa_buys_as_the_easy_ai() -> None:
    few = ARMY | {"West US": {"usa": {"factory": 1, "tank": 4}}}  # 10 slots lacking: under WAITING
    assert WAITING > 2 * 4 + 2
    state = position(few, owners={"Germany": "usa"}, power="usa", phase=Phase.PURCHASE, ipcs={"usa": 43})
    assert AxisAlliesAI().choose(state, seat(state)) == EASY_BUY
    assert AxisAlliesNormalAI().choose(state, seat(state)) == EASY_BUY
