"""The ``normal`` Allies' shipping in the late game (issue 32's undecided games), in set positions
(``aa_position``): empty transports do not wait for good beside a capital whose last defenders the
threat keeps home, but sail for the army waiting at another factory."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, normal
from rules.axis_allies.ai.normal import free_ports
from rules.axis_allies.ai.survey import View
from rules.axis_allies.state import Phase
from tests.rules.axis_allies.aa_position import US, position, units_in
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


def test_free_ports_2_frees_the_ports_against_tokyo_alone_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(normal, "FREE_PORTS", 2)  # the bench's --set FREE_PORTS=2
    alone = position(PORTS, owners={"Germany": "usa"}, power="usa", phase=Phase.NONCOMBAT_MOVE, round=20)
    berlin = position(PORTS | {"Germany": {}}, power="usa", phase=Phase.NONCOMBAT_MOVE, round=20)
    assert free_ports(View(alone, US)) and not free_ports(View(berlin, US))
    after, _ = play_phase(berlin, AxisAlliesNormalAI(), Phase.NONCOMBAT_MOVE)
    assert units_in(after, "East US Sea Zone", "usa") == {"transport": 3}  # as the easy AI
    monkeypatch.setattr(normal, "FREE_PORTS", 0)
    assert not free_ports(View(alone, US))
