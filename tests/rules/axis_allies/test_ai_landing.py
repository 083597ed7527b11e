"""The ``normal`` Allies' massed landing on Tokyo left alone (``ai.landing``, issue 32's stall; a bench
option, ``LANDING`` 1, off in the committed AI), in set positions (``aa_position``): the USA holds its
wave back while it would be traded away alone, and lands when the British wave that plays next (no
Japanese turn between) would take what it leaves."""

from __future__ import annotations

import pytest

from rules.axis_allies.actions import Buy, EndPhase, Move
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI, landing, normal
from rules.axis_allies.ai.landing import followers, island_alone, second_wave, two_waves
from rules.axis_allies.ai.survey import View, odds
from rules.axis_allies.common import ORIGINAL_OWNER
from rules.axis_allies.state import Phase
from tests.rules.axis_allies.aa_position import BOARD, UK, US, idx, position, seat
from tests.rules.axis_allies.test_ai_convoy import play_phase

# Berlin and every German territory Allied; Tokyo holds 20 infantry, 5 tanks and its AA gun.
ALLIED = {BOARD.names[t]: "usa" for t, owner in enumerate(ORIGINAL_OWNER) if owner == 1}
TOKYO = {"Japan": {"japan": {"factory": 1, "aa_gun": 1, "infantry": 20, "tank": 5}}}
HOMES = {
    "West US": {"usa": {"factory": 1}},
    "East US": {"usa": {"factory": 1, "infantry": 4}},
    "United Kingdom": {"uk": {"factory": 1, "infantry": 4}},
}
USA_WAVE = {"Hawaii Sea Zone": {"usa": {"transport:tank": 16}}}  # two sea steps from Japan's waters
UK_WAVE = {"Wake Island Sea Zone": {"uk": {"transport:infantry+infantry": 4, "transport:tank": 6}}}
LANDED = Move((("tank", 16),), ("Japan Sea Zone", "Japan"))


@pytest.fixture(autouse=True)
def landing_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "LANDING", 1)  # the bench's --set landing.LANDING=1


def usa_turn(units: dict[str, dict[str, dict[str, int]]]) -> object:
    return position(units, owners=ALLIED, power="usa", phase=Phase.COMBAT_MOVE, round=20)


def test_the_usa_lands_when_the_british_wave_after_it_would_take_what_is_left() -> None:
    state = usa_turn(TOKYO | HOMES | USA_WAVE | UK_WAVE)
    view = View(state, US)
    tokyo = idx("Japan")
    assert island_alone(view) == tokyo and followers(view, tokyo) == [UK]
    assert second_wave(view, tokyo, [UK]) == {"infantry": 8, "tank": 6}
    defence = {"infantry": 20, "tank": 5}
    assert odds({"tank": 16}, defence, False)[0] < 0.05  # alone, far below the push's 45%
    assert two_waves({"tank": 16}, {"infantry": 8, "tank": 6}, defence, True) >= landing.MASS
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions == [
        Move((("transport:tank", 16),), ("Hawaii Sea Zone", "North Pacific Sea Zone", "Japan Sea Zone")),
        LANDED,
        EndPhase(),
    ]


def test_without_a_wave_to_follow_the_usa_holds_where_the_easy_siege_lands() -> None:
    state = usa_turn(TOKYO | HOMES | USA_WAVE)
    view = View(state, US)
    assert second_wave(view, idx("Japan"), [UK]) == {}
    _, easy = play_phase(state, AxisAlliesAI(), Phase.COMBAT_MOVE)
    assert LANDED in easy  # the easy AI's siege trades the wave away alone
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions == [EndPhase()]  # the transports wait, loaded, two steps from Japan's waters


def test_landing_0_the_committed_value_is_the_siege_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "LANDING", 0)
    state = usa_turn(TOKYO | HOMES | USA_WAVE)
    assert island_alone(View(state, US)) is None
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert LANDED in actions


def test_with_berlin_german_the_landing_is_not_planned() -> None:
    state = position(TOKYO | HOMES | USA_WAVE | UK_WAVE, power="usa", phase=Phase.COMBAT_MOVE, round=20)
    assert island_alone(View(state, US)) is None


def test_the_uk_last_before_japan_attacks_what_is_left_from_follow_odds() -> None:
    weak = {"Japan": {"japan": {"factory": 1, "aa_gun": 1, "infantry": 12, "tank": 3}}}
    wave = {"Wake Island Sea Zone": {"uk": {"transport:infantry+infantry": 4, "transport:tank": 6}}}
    state = position(weak | HOMES | wave, owners=ALLIED, power="uk", phase=Phase.COMBAT_MOVE, round=20)
    view = View(state, UK)
    assert followers(view, idx("Japan")) == []  # Japan plays next
    win = odds({"infantry": 8, "tank": 6}, {"infantry": 12, "tank": 3}, False, True)[0]
    assert landing.FOLLOW <= win < normal.PUSH  # the push alone would not land
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions[0].path[-1] == "Japan Sea Zone" and actions[-1] == EndPhase()
    strong = {"Japan": {"japan": {"factory": 1, "aa_gun": 1, "infantry": 16, "tank": 4}}}
    state = position(strong | HOMES | wave, owners=ALLIED, power="uk", phase=Phase.COMBAT_MOVE, round=20)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert odds({"infantry": 8, "tank": 6}, {"infantry": 16, "tank": 4}, False, True)[0] < landing.FOLLOW
    assert not any(isinstance(a, Move) and a.path[-1] in ("Japan", "Japan Sea Zone") for a in actions)


EMPTY_TOKYO = {"Japan": {"japan": {"factory": 1, "aa_gun": 1}}}
ONE_TANK = {"Hawaii Sea Zone": {"usa": {"transport:tank": 1}}}  # two sea steps from Japan's waters


def test_an_empty_tokyo_is_taken_by_a_loaded_transport_in_reach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "LANDING", 0)
    monkeypatch.setattr(landing, "GRAB", 1)
    state = usa_turn(EMPTY_TOKYO | HOMES | ONE_TANK)
    _, easy = play_phase(state, AxisAlliesAI(), Phase.COMBAT_MOVE)
    assert easy == [EndPhase()]  # the easy AI's grab lands only cargo already on the shore
    after, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions == [
        Move((("transport:tank", 1),), ("Hawaii Sea Zone", "North Pacific Sea Zone", "Japan Sea Zone")),
        Move((("tank", 1),), ("Japan Sea Zone", "Japan")),
        EndPhase(),
    ]
    assert after.owner[idx("Japan")] == US  # an empty territory is taken as the tank lands


def test_grab_0_leaves_an_empty_tokyo_to_the_easy_grab(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "LANDING", 0)
    monkeypatch.setattr(landing, "GRAB", 0)
    state = usa_turn(EMPTY_TOKYO | HOMES | ONE_TANK)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions == [EndPhase()]


def test_a_defended_tokyo_is_not_grabbed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "GRAB", 1)
    state = usa_turn(TOKYO | HOMES | ONE_TANK)
    assert landing.take_empty(View(state, US), idx("Japan")) is None


SMALL_UK_WAVE = {"Wake Island Sea Zone": {"uk": {"transport:infantry+infantry": 3, "transport:tank": 4}}}


def test_below_floor_the_waves_do_not_hold_the_siege_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "FLOOR", 0.2)
    state = usa_turn(TOKYO | HOMES | USA_WAVE)
    view = View(state, US)
    assert not landing.held(view, idx("Japan"))  # 16 tanks alone: under 5%
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert LANDED in actions  # the easy AI's siege, as with LANDING 0


def test_within_floor_of_mass_the_usa_holds_its_wave(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "FLOOR", 0.2)
    state = usa_turn(TOKYO | HOMES | USA_WAVE | SMALL_UK_WAVE)
    view = View(state, US)
    tokyo = idx("Japan")
    both = two_waves({"tank": 16}, second_wave(view, tokyo, [UK]), {"infantry": 20, "tank": 5}, True)
    assert landing.FLOOR <= both < landing.MASS
    assert landing.held(view, tokyo)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions == [EndPhase()]  # the waves wait, loaded, until together they reach MASS


EIGHT_TANKS = {"Hawaii Sea Zone": {"usa": {"transport:tank": 8}}}  # 24 attack points against 50 defence
EIGHT_LANDED = Move((("tank", 8),), ("Japan Sea Zone", "Japan"))


def test_the_easy_siege_trades_a_wave_of_half_tokyos_defence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "LANDING", 0)
    monkeypatch.setattr(landing, "SHARE", 0.0)
    state = usa_turn(TOKYO | HOMES | EIGHT_TANKS)
    assert not landing.small_siege(View(state, US), idx("Japan"))  # SHARE 0: the easy AI's siege
    _, easy = play_phase(state, AxisAlliesAI(), Phase.COMBAT_MOVE)
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert EIGHT_LANDED in easy and EIGHT_LANDED in actions


def test_with_share_the_usa_starts_no_siege_under_that_share(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "LANDING", 0)
    monkeypatch.setattr(landing, "SHARE", 0.7)
    state = usa_turn(TOKYO | HOMES | EIGHT_TANKS)
    assert landing.small_siege(View(state, US), idx("Japan"))  # 24 < 0.7 * 50
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert actions == [EndPhase()]  # the wave waits, loaded, for the next ones
    state = usa_turn(TOKYO | HOMES | USA_WAVE)  # 16 tanks: 48 attack points, over 0.7 * 50
    assert not landing.small_siege(View(state, US), idx("Japan"))
    _, actions = play_phase(state, AxisAlliesNormalAI(), Phase.COMBAT_MOVE)
    assert LANDED in actions


# Berlin British, Tokyo 50 defence; the UK's 14 transports loaded in Wake Island's waters and 10 infantry
# waiting in the United Kingdom: the easy AI's cap (the UK's income / 3, 13; Tokyo's defence / 6 + 4, 12)
# is reached, so it buys no transport for them.
CAP_UNITS = {
    "Japan": {"japan": {"factory": 1, "aa_gun": 1, "infantry": 20, "tank": 5}},
    "United Kingdom": {"uk": {"factory": 1, "infantry": 10}},
    "Wake Island Sea Zone": {"uk": {"transport:tank": 14}},
}


def uk_purchase(units: dict[str, dict[str, dict[str, int]]], owners: dict[str, str]) -> object:
    # Round 2: no bombers yet (an island power buys its squadron from round 3).
    return position(units, owners=owners, power="uk", phase=Phase.PURCHASE, ipcs={"uk": 40}, round=2)


def test_with_cap_the_uk_buys_transports_past_the_easy_cap_for_the_army_at_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(landing, "CAP", 1.5)
    state = uk_purchase(CAP_UNITS, {"Germany": "uk"})
    assert landing.wave_cap(View(state, UK)) == 25  # 1.5 x 50 attack points, 3 a transport
    assert AxisAlliesAI().choose(state, seat(state)) == Buy((("infantry", 5), ("tank", 5)))
    # Ten infantry waiting (less than the easy AI's 12 from which all the money goes on transports):
    # transports up to half the money, the rest on land units.
    assert AxisAlliesNormalAI().choose(state, seat(state)) == Buy(
        (("transport", 3), ("infantry", 2), ("tank", 2))
    )


def test_cap_0_buys_as_the_easy_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "CAP", 0.0)
    state = uk_purchase(CAP_UNITS, {"Germany": "uk"})
    assert landing.wave_cap(View(state, UK)) is None
    assert AxisAlliesNormalAI().choose(state, seat(state)) == Buy((("infantry", 5), ("tank", 5)))


def test_with_berlin_german_the_cap_is_the_easy_ais(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(landing, "CAP", 1.5)
    state = uk_purchase(CAP_UNITS, {})
    assert landing.wave_cap(View(state, UK)) is None
    assert AxisAlliesNormalAI().choose(state, seat(state)) == AxisAlliesAI().choose(state, seat(state))
