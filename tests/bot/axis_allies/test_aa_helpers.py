"""The pure helpers behind /aa and the seat claims: unit text, paths, casualty menus, next steps and
seat order with claims."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from bot.game import Step
from bot.gamelog import draw_seat_order, seat_order
from bot.games.axis_allies import choices as aa_choices
from bot.games.axis_allies.presenter import PRESENTER
from bot.games.axis_allies.steps import STEPS, auto_casualties
from bot.games.axis_allies.units import parse_units, units_text, units_value
from bot.games.risk.presenter import PRESENTER as RISK_PRESENTER
from bot.lobby import claim, start
from bot.models import ServiceError
from bot.records import GameRecord, SeatRecord
from rules.axis_allies import RULES, combat
from rules.axis_allies.actions import Casualties, EndPhase, Move
from rules.axis_allies.ai import AxisAlliesAI
from rules.axis_allies.board import classic_board
from rules.axis_allies.units import UNIT_ORDER, Unit
from rules.core.dice import DiceCup, ScriptedRng, SeededRng

BOARD_INDEX = {name: t.index for name, t in classic_board().territories.items()}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3 infantry, 1 tank", (("infantry", 3), ("tank", 1))),
        ("3 infantry and 2 tanks", (("infantry", 3), ("tank", 2))),
        ("2 inf 1 armour", (("infantry", 2), ("tank", 1))),
        ("a bomber, 2 ftr", (("fighter", 2), ("bomber", 1))),
        ("2 bb; 1 ac & 3 subs", (("submarine", 3), ("carrier", 1), ("battleship", 2))),
        ("1 aa, 1 ic, 2 tpt", (("transport", 2), ("aa_gun", 1), ("factory", 1))),
        ("1 transport:inf+tank", (("transport:infantry+tank", 1),)),
        ("Aircraft Carriers", (("carrier", 1),)),
        ("2 armor, 1 armor", (("tank", 3),)),
    ],
)
def test_unit_text(text: str, expected: tuple[tuple[str, int], ...]) -> None:
    assert parse_units(text) == expected
    assert parse_units(units_value(expected)) == expected  # autocomplete values read back exactly


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("3 tnks", "Did you mean tank"),
        ("", "at least one"),
        ("0 inf", "a count is a whole number from 1 to 999, not “0”"),
        ("1 tank:inf", "transports"),
        ("37474", "“37474” names no unit"),  # not 3,747 of a unit called "4"
    ],
)
def test_bad_unit_text_is_a_sentence(text: str, says: str) -> None:
    with pytest.raises(ServiceError) as refused:
        parse_units(text)
    assert says in refused.value.message


def test_units_read_as_english() -> None:
    assert units_text(parse_units("3 inf, 2 tanks, 1 tpt:inf+tank")) == (
        "3 infantry, 2 tanks, 1 transport (infantry + tank)"
    )


def play_to(done, seats: int = 3):  # type: ignore[no-untyped-def]
    state, _ = RULES.setup({}, seats, SeededRng("helpers"))
    rng = SeededRng("helpers")
    ai = [AxisAlliesAI(s) for s in range(seats)]
    for _ in range(500):
        if done(state):
            return state
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, ai[seat].choose(state, seat), rng)
    raise AssertionError("never reached")


def steps(state: Any) -> list[Step]:
    return STEPS.next(RULES.view(state, None), ())


def test_a_move_names_its_ends_and_perhaps_the_spaces_between() -> None:
    """With only the ends, the engine finds the route (rules/axis_allies/routes.py); ``via`` is kept."""
    assert aa_choices.move_path("germany", "karelia ssr") == ("Germany", "Karelia S.S.R.")
    assert aa_choices.move_path("germany", "karelia ssr", "east europe") == (
        "Germany",
        "East Europe",
        "Karelia S.S.R.",
    )
    state = play_to(lambda s: s.phase == "combat_move" and s.power == 1)
    tank = next(w for w, n in aa_choices.movable(state, 1, BOARD_INDEX["Germany"]) if w == "tank")
    after, _ = RULES.apply(state, 1, Move(((tank, 1),), ("Germany", "Karelia S.S.R.")), ScriptedRng([]))
    assert ("tank", 1) in aa_choices.movable(after, 1, BOARD_INDEX["Karelia S.S.R."])


def test_autocomplete_lists_what_stands_there_and_where_it_can_go() -> None:
    state = play_to(lambda s: s.phase == "combat_move" and s.power == 1)
    assert any(v == "Germany" for _, v in aa_choices.unit_sources(state, "germ"))
    units = aa_choices.move_units(state, "Germany", "")
    assert units[0][0].startswith("all:") and all(parse_units(v) for _, v in units)
    near = [v for _, v in aa_choices.destinations(state, "Germany", "")]
    assert near[0] in ("East Europe", "South Europe", "West Europe", "Baltic Sea Zone")
    assert len(aa_choices.purchases(state, "")) >= 0
    assert aa_choices.space_name("karelia ssr") == "Karelia S.S.R."
    with pytest.raises(ServiceError, match="please say which"):
        aa_choices.space_name("karelia")
    with pytest.raises(ServiceError):
        aa_choices.space_name("Atlantis")


def test_casualty_menu_data_and_buttons() -> None:
    state = play_to(lambda s: s.battle is not None and type(s.battle.pending).__name__ == "AwaitCasualties")
    battle = state.battle
    default = aa_choices.default_casualties(battle)
    assert sum(default.values()) == battle.pending.total
    assert aa_choices.decode_pick(aa_choices.encode_pick(default)) == default
    assert set(default) <= set(aa_choices.casualty_pool(battle))
    assert [(s.verb, s.menu) for s in steps(state)] == [("pick", True), ("auto", False)]
    assert auto_casualties(state) == Casualties(tuple(default.items()))
    assert STEPS.action("auto", "", state) == Casualties(tuple(default.items()))
    assert STEPS.action("cas", aa_choices.encode_pick(default), state) == Casualties(tuple(default.items()))


def waiting(
    attackers: dict[str, int], defenders: dict[str, int], dice: list[int], **extra: Any
) -> combat.Battle:
    """Germany attacks Russia in a land battle, rolled with ``dice`` until a decision is needed."""
    battle = combat.start_battle(
        "Ukraine S.S.R.",
        sea=False,
        attacker="germany",
        attackers=[Unit("germany", k) for k, n in attackers.items() for _ in range(n)],
        defenders=[Unit("russia", k) for k, n in defenders.items() for _ in range(n)],
        **extra,
    )
    rng = ScriptedRng(dice)
    battle, _ = combat.advance(battle, DiceCup(rng, 0, []))
    assert rng.unused == 0
    return battle


FIVE_KINDS = {"infantry": 3, "artillery": 1, "tank": 1, "fighter": 1, "bomber": 1}


def test_casualty_pages_put_the_default_choice_first() -> None:
    attacker = waiting(FIVE_KINDS, {"infantry": 6}, [6] * 7 + [1, 1, 6, 6, 6, 6])  # 2 hits on Germany
    assert aa_choices.default_casualties(attacker) == {"infantry": 2}
    assert aa_choices.casualty_pages(attacker) == [["infantry", "artillery", "tank", "fighter"], ["bomber"]]
    defender = waiting({"tank": 2}, FIVE_KINDS, [1, 6] + [6] * 7)  # 1 hit: the defence loses its bomber
    assert aa_choices.default_casualties(defender) == {"bomber": 1}
    assert aa_choices.casualty_pages(defender) == [["bomber", "infantry", "artillery", "tank"], ["fighter"]]


def test_aa_fire_offers_only_aircraft() -> None:
    battle = waiting({"infantry": 2, "fighter": 1, "bomber": 1}, {"infantry": 1}, [1, 6], aa_gun="russia")
    assert battle.pending.air_only and aa_choices.casualty_pool(battle) == {"fighter": 1, "bomber": 1}


def test_the_prompt_says_what_the_choice_lacks() -> None:
    battle = waiting(FIVE_KINDS, {"infantry": 6}, [6] * 7 + [1, 1, 6, 6, 6, 6])
    assert aa_choices.casualty_prompt(battle, {"infantry": 2}).endswith("Chosen 2 of 2: 2 infantry.")
    assert "Choose 1 more." in aa_choices.casualty_prompt(battle, {"bomber": 1})
    assert "That is 1 too many." in aa_choices.casualty_prompt(battle, {"infantry": 2, "bomber": 1})
    assert aa_choices.casualty_shortfall(battle, {}) == 2


def test_a_whole_choice_fits_a_custom_id() -> None:
    fighting = [k for k in UNIT_ORDER if k not in ("aa_gun", "factory")]
    pick = {k: 24 for k in fighting}
    code = aa_choices.encode_pick(pick)
    assert aa_choices.decode_pick(code) == pick
    assert len(f"aac:{10**12}:{10**9}:battleship:{code}") <= 100
    assert aa_choices.encode_pick({"infantry": 2, "bomber": 1, "tank": 0}) == "inf2.bmb1"
    assert aa_choices.decode_pick("infantry2.tank1") == {"infantry": 2, "tank": 1}  # ids drawn before
    assert aa_choices.encode_pick({}) == "none" and aa_choices.decode_pick("none") == {}


@pytest.mark.parametrize("most", [0, 3, 24, 25, 40, 99])
def test_count_options_reach_every_count_within_25(most: int) -> None:
    assert aa_choices.count_options(most, 0)[:2] == [0, 1][: most + 1]
    reached, frontier = {0}, [0]
    for _ in range(10):  # each pick redraws the select around the new count
        frontier = [n for c in frontier for n in aa_choices.count_options(most, c) if n not in reached]
        reached.update(frontier)
    assert reached == set(range(most + 1))
    for chosen in range(most + 1):
        options = aa_choices.count_options(most, chosen)
        assert len(options) <= 25 and chosen in options and options == sorted(set(options))


def test_many_retreat_places_are_one_menu_button() -> None:
    state, _ = RULES.setup({}, 3, SeededRng("x"))
    places = ("Congo", "French Equatorial Africa", "Italian East Africa", "Kenya-Rhodesia", "Syria Jordan")
    battle = waiting({"tank": 2}, {"infantry": 2}, [6, 6, 6, 6], retreat_to=places[:4])
    assert isinstance(battle.pending, combat.AwaitPressOn)
    few = steps(replace(state, battle=battle))
    assert [s.verb for s in few] == ["press", "retreat", "retreat", "retreat", "retreat"]
    many = steps(replace(state, battle=replace(battle, retreat_to=places)))
    assert many == [
        Step("press", "", "Press on in Ukraine S.S.R.", "danger"),
        Step("pick", "retreat", "Retreat… (5 places)", "primary", True),
    ]


def test_phase_end_buttons() -> None:
    state, _ = RULES.setup({}, 3, SeededRng("x"))
    assert steps(state) == [Step("done", "", "Done buying: combat move")]
    assert STEPS.action("done", "", state) == EndPhase()
    assert isinstance(STEPS.action("fight", "0", state), type(STEPS.action("fight", "1", state)))
    assert STEPS.action("roll", "", state) is None


def test_standings_and_seat_roles() -> None:
    state, _ = RULES.setup({}, 4, SeededRng("x"))
    view = RULES.view(state, None)
    assert (PRESENTER.standing(view, 0) or "").startswith("USSR 24 IPCs")
    assert "USA" in (PRESENTER.standing(view, 0) or "")
    assert PRESENTER.seat_roles(4) == ["USSR, USA", "Germany", "United Kingdom", "Japan"]
    assert RISK_PRESENTER.seat_roles(4) == []


def test_a_move_command_autocompletes_valid_moves() -> None:
    state = play_to(lambda s: s.phase == "combat_move" and s.power == 0)
    for label, value in aa_choices.move_units(state, "Russia", ""):
        assert Move(parse_units(value), ("Russia", "Caucasus")).units == parse_units(value), label


# ---- seat claims -----------------------------------------------------------------------------------


def lobby_game() -> GameRecord:
    return GameRecord(
        id=1,
        guild_id=None,
        channel_id=1,
        ruleset="axis_allies",
        options={},
        status="lobby",
        created_by=10,
        seed=None,
        seed_hash=None,
        version=3,
        state=None,
        created_at="",
        updated_at="",
    )


def seats(n: int) -> list[SeatRecord]:
    return [SeatRecord(i, 10 + i, f"P{i + 1}") for i in range(n)]


def test_claims_conflicts_and_release() -> None:
    players = claim(lobby_game(), RULES, seats(3), 11, 3)
    assert players[1].claim == 2
    with pytest.raises(ServiceError, match="already claimed by P2"):
        claim(lobby_game(), RULES, players, 12, 3)
    with pytest.raises(ServiceError, match="Join the game"):
        claim(lobby_game(), RULES, players, 99, 1)
    with pytest.raises(ServiceError, match="numbered 1 to 5"):
        claim(lobby_game(), RULES, players, 12, 6)
    released = claim(lobby_game(), RULES, players, 11, 0)
    assert released[1].claim is None


def test_seat_order_keeps_claims_and_draws_the_rest() -> None:
    drawn, _ = draw_seat_order("seed", 5)
    order, _ = seat_order("seed", 5, {0: 4, 3: 1})
    assert order[0] == 4 and order[3] == 1 and sorted(order) == list(range(5))
    rest = [j for j in drawn if j not in (4, 1)]
    assert [order[i] for i in (1, 2, 4)] == rest  # the others keep the order the dice drew
    assert seat_order("seed", 5, {})[0] == drawn


def test_start_respects_claims_and_records_them() -> None:
    players = claim(lobby_game(), RULES, seats(3), 12, 1)  # P3 wants seat 1 (the Allies)
    players = claim(lobby_game(), RULES, players, 10, 3)  # P1 wants seat 3 (Japan)
    _, seated, entry = start(RULES, lobby_game(), players, "some seed")
    assert seated[0].user_id == 12 and seated[2].user_id == 10
    assert '"claims": [[0, 2], [2, 0]]' in (entry.action or "")
    with pytest.raises(ServiceError, match="only 3 players"):
        start(RULES, lobby_game(), claim(lobby_game(), RULES, seats(3), 10, 5), "s")
