"""Axis & Allies' ``PICTURES`` and the adapters behind them (``render.axis_allies.picture``), on views and
events made by the rules engine: Russia's opening attack on Ukraine with scripted dice.

Dice order in a battle round: the attacker's units in unit order (infantry, then the tank), then the
defender's (infantry, tanks, fighter).
"""

from __future__ import annotations

import io
from dataclasses import replace

import pytest
from PIL import Image

from render.axis_allies import (
    PICTURES,
    BattlePicture,
    Fire,
    base,
    battle_picture,
    close_up,
    map_changes,
    map_picture,
    render_battle,
    render_map,
    round_odds,
)
from render.axis_allies.diff import MapChanges
from render.axis_allies.diff import Move as ChangedMove
from rules.axis_allies import RULES
from rules.axis_allies.actions import Battle, Casualties, EndPhase, Move
from rules.axis_allies.events import UnitsPlaced
from rules.axis_allies.state import AAState
from rules.core.dice import ScriptedRng, SeededRng
from rules.core.events import Event

NAMES = ("Alice", "Bob")  # two seats: Alice plays the Allies, Bob the Axis
NONE = ScriptedRng([])  # any die rolled where none should be fails the test
UKRAINE = "Ukraine S.S.R."
# Round 1: the first infantry (1) and the tank (3) hit; the defence's infantry 2 and fighter 4 hit.
ROUND_ONE = [1, 2, 2, 2, 2, 2, 2, 2, 3] + [2, 6, 6, 6, 6, 4]
WIPE_OUT = [1] * 8 + [3] + [6] * 6  # nine hits, none back: Ukraine taken in one round


def _new_game() -> AAState:
    state, _ = RULES.setup({}, len(NAMES), SeededRng("render pictures"))
    return state


def _at_the_battle() -> AAState:
    """Russia has bought nothing and moved 8 infantry and a tank into German-held Ukraine."""
    state = _new_game()
    for action in (
        EndPhase(),
        Move((("infantry", 3), ("tank", 1)), ("Karelia S.S.R.", UKRAINE)),
        Move((("infantry", 5),), ("Caucasus", UKRAINE)),
        EndPhase(),
    ):
        state, _ = RULES.apply(state, 0, action, NONE)
    return state


def _fight(state: AAState, dice: list[int]) -> tuple[AAState, list[Event]]:
    rng = ScriptedRng(dice)
    state, events = RULES.apply(state, 0, Battle(UKRAINE), rng)
    assert rng.unused == 0
    return state, events


def _png(data: bytes | None) -> Image.Image:
    assert data is not None
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image


def test_map_picture_names_each_power_after_the_seat_playing_it() -> None:
    picture = map_picture(RULES.view(_new_game(), None), NAMES, "A&A · #war")
    assert picture.seat_names == {
        "russia": "Alice",
        "uk": "Alice",
        "usa": "Alice",
        "germany": "Bob",
        "japan": "Bob",
    }
    assert picture.title == "A&A · #war"
    assert (picture.to_move, picture.phase, picture.round, picture.battles) == ("russia", "purchase", 1, ())
    assert picture.owners["Karelia S.S.R."] == "russia" and picture.owners[UKRAINE] == "germany"
    assert "Karelia Sea Zone" not in picture.owners  # sea zones have no owner to colour
    assert picture.units["Germany"]["germany"] == {
        "infantry": 4, "tank": 2, "fighter": 1, "bomber": 1, "aa_gun": 1, "factory": 1,
    }  # fmt: skip
    assert picture.ipcs["russia"] == picture.income["russia"] == 24


def test_map_picture_marks_the_battles_to_fight() -> None:
    picture = map_picture(RULES.view(_at_the_battle(), None), NAMES, "A&A")
    assert picture.battles == (UKRAINE,) and picture.phase == "combat"
    assert picture.units[UKRAINE] == {
        "russia": {"infantry": 8, "tank": 1},
        "germany": {"infantry": 3, "tank": 2, "fighter": 1},
    }


def test_board_is_the_map_at_1600_with_the_recent_changes_drawn() -> None:
    state = _at_the_battle()
    public = RULES.view(state, None)
    drawn = PICTURES.board(public, NAMES, title="A&A")
    assert drawn == render_map(map_picture(public, NAMES, "A&A"), width=1600)
    assert _png(drawn).width == 1600
    after, events = _fight(state, WIPE_OUT)
    view = RULES.view(after, None)
    changed = PICTURES.board(view, NAMES, title="A&A", recent=events)
    assert changed == render_map(map_picture(view, NAMES, "A&A", events), width=1600)
    assert changed != PICTURES.board(view, NAMES, title="A&A")


def test_the_changes_come_from_the_events() -> None:
    """Moves along their paths, the capture, the battle with its winner, the units lost."""
    state = _new_game()
    events: list[Event] = []
    for action in (
        EndPhase(),
        Move((("infantry", 3), ("tank", 1)), ("Karelia S.S.R.", UKRAINE)),
        Move((("infantry", 5),), ("Caucasus", UKRAINE)),
        EndPhase(),
    ):
        state, happened = RULES.apply(state, 0, action, NONE)
        events += happened
    state, happened = _fight(state, WIPE_OUT)
    changes = map_changes(events + happened)
    assert changes == MapChanges(
        moves=(
            ChangedMove("russia", ("Karelia S.S.R.", UKRAINE), 4),
            ChangedMove("russia", ("Caucasus", UKRAINE), 5),
        ),
        captured=(UKRAINE,),
        battles=((UKRAINE, "russia"),),
        lost={(UKRAINE, "germany"): 6},
    )
    assert changes.spaces() == {"Karelia S.S.R.", "Caucasus", UKRAINE}


def test_the_close_up_comes_when_the_action_is_in_europe() -> None:
    state, events = _fight(_at_the_battle(), WIPE_OUT)
    view = RULES.view(state, None)
    close = close_up(view, NAMES, title="A&A", recent=events)
    assert close is not None and _png(close).width == 1200
    assert close_up(RULES.view(_new_game(), None), NAMES, title="A&A") is None  # nothing happened yet
    pacific = [UnitsPlaced("japan", "Japan", (("infantry", 2),))]
    assert close_up(view, NAMES, title="A&A", recent=pacific) is None


def test_battle_in_progress_shows_the_units_still_fighting_and_the_last_dice() -> None:
    state, events = _fight(_at_the_battle(), ROUND_ONE)
    for _ in range(2):  # each side names its two casualties
        state, happened = RULES.apply(state, RULES.to_act(state)[0], Casualties((("infantry", 2),)), NONE)
        events += happened
    public = RULES.view(state, None)
    assert public.battle is not None and public.battle.decision == "press_on"
    expected = BattlePicture(
        territory=UKRAINE,
        attacker="russia",
        defenders=("germany",),
        attacking={"russia": {"infantry": 8, "tank": 1}},  # at the start of the round
        defending={"germany": {"infantry": 3, "tank": 2, "fighter": 1}},
        round=1,
        attacker_fire=(
            Fire("russia", "infantry", 1, (1, 2, 2, 2, 2, 2, 2, 2)),
            Fire("russia", "tank", 3, (3,)),
        ),
        defender_fire=(
            Fire("germany", "infantry", 2, (2, 6, 6)),
            Fire("germany", "tank", 2, (6, 6)),
            Fire("germany", "fighter", 4, (4,)),
        ),
        attacker_lost={"russia": {"infantry": 2}},
        defender_lost={"germany": {"infantry": 2}},
        seat_names={"russia": "Alice", "uk": "Alice", "usa": "Alice", "germany": "Bob", "japan": "Bob"},
    )
    assert battle_picture(events, public, NAMES) == expected
    # The card also shows the exact odds at the round's start (8 infantry, 1 tank v 3 infantry, 2 tanks,
    # 1 fighter: the attacker wins 63.8%).
    odds = round_odds(expected)
    assert odds is not None and round(odds[0], 3) == 0.638
    assert PICTURES.battle(public, events, NAMES) == render_battle(replace(expected, odds=odds))
    assert [f.hits for f in (*expected.attacker_fire, *expected.defender_fire)] == [1, 1, 1, 0, 1]


def test_hits_not_yet_taken_show_as_hits_to_take_and_odds_come_from_the_caller() -> None:
    state, events = _fight(_at_the_battle(), ROUND_ONE)
    picture = battle_picture(events, RULES.view(state, None), NAMES, odds=(0.7, 0.05, 0.25))
    assert picture is not None
    assert (picture.attacker_to_take, picture.defender_to_take) == (2, 2)
    assert (picture.attacker_lost, picture.defender_lost) == ({}, {})
    assert picture.odds == (0.7, 0.05, 0.25) and picture.outcome is None


def test_battle_over_shows_the_units_that_fired_in_its_last_round() -> None:
    state, events = _fight(_at_the_battle(), WIPE_OUT)  # nine hits, none back
    public = RULES.view(state, None)
    assert public.battle is None
    assert next(space.owner for space in public.spaces if space.name == UKRAINE) == "russia"
    picture = battle_picture(events, public)
    assert picture == BattlePicture(
        territory=UKRAINE,
        attacker="russia",
        defenders=("germany",),
        attacking={"russia": {"infantry": 8, "tank": 1}},
        defending={"germany": {"infantry": 3, "tank": 2, "fighter": 1}},
        round=1,
        attacker_fire=(Fire("russia", "infantry", 1, (1,) * 8), Fire("russia", "tank", 3, (3,))),
        defender_fire=(
            Fire("germany", "infantry", 2, (6, 6, 6)),
            Fire("germany", "tank", 2, (6, 6)),
            Fire("germany", "fighter", 4, (6,)),
        ),
        defender_lost={"germany": {"infantry": 3, "tank": 2, "fighter": 1}},
        outcome="attacker",
    )
    assert _png(PICTURES.battle(public, events, NAMES)).width == 1000


def test_an_earlier_battle_for_the_same_space_is_not_mixed_into_the_card() -> None:
    """A turn ping draws the last battle among all the AI's turns: two battles for the North Sea Zone,
    each in its round 1, made one card (Germany attacking, the USA defending with the planes it had
    attacked with). The earlier battle, fought again here, must not change the later one's card."""
    _, first = _fight(_at_the_battle(), WIPE_OUT)
    state, later = _fight(_at_the_battle(), ROUND_ONE)
    public = RULES.view(state, None)
    assert battle_picture([*first, *later], public, NAMES) == battle_picture(later, public, NAMES)
    assert PICTURES.battle(public, (*first, *later), NAMES) == PICTURES.battle(public, tuple(later), NAMES)


def test_no_battle_no_picture() -> None:
    state = _new_game()
    state, events = RULES.apply(state, 0, EndPhase(), NONE)
    assert battle_picture(events, RULES.view(state, None)) is None
    assert PICTURES.battle(RULES.view(state, None), events, NAMES) is None


def test_nothing_is_private_in_axis_and_allies() -> None:
    state = _at_the_battle()
    for seat in (None, 0, 1):
        assert PICTURES.private(RULES.view(state, seat), NAMES) is None


def test_warm_builds_the_layers_the_map_and_close_up_use() -> None:
    base.clear_cache()
    PICTURES.warm()
    assert len(base._CACHE) == 2  # a private cache: the test peeks
    state, events = _fight(_at_the_battle(), WIPE_OUT)
    PICTURES.board(RULES.view(state, None), NAMES, title="A&A", recent=events)
    assert close_up(RULES.view(state, None), NAMES, title="A&A", recent=events) is not None
    assert len(base._CACHE) == 2  # both found built: nothing more was added


def test_a_battle_card_shows_the_exact_odds_before_its_round() -> None:
    """1 infantry against 1: the attacker wins 1/4, both die 1/8, the defence holds 5/8. An AA gun fires
    at a fighter in the first round only; factories never fight; a huge battle is drawn without odds."""
    duel = BattlePicture(
        territory="Ukraine S.S.R.",
        attacker="germany",
        defenders=("russia",),
        attacking={"germany": {"infantry": 1}},
        defending={"russia": {"infantry": 1}},
    )
    assert round_odds(duel) == pytest.approx((1 / 4, 1 / 8, 5 / 8))
    fighter = replace(
        duel,
        attacking={"germany": {"fighter": 1}},
        defending={"russia": {"infantry": 1, "aa_gun": 1, "factory": 1}},
    )
    # Round 1: the AA gun downs the fighter 1 time in 6, then fighter (3) against infantry (2): 1/2, 1/4, 1/4.
    assert round_odds(fighter) == pytest.approx((5 / 6 * 1 / 2, 5 / 6 * 1 / 4, 1 / 6 + 5 / 6 * 1 / 4))
    assert round_odds(replace(fighter, round=2)) == pytest.approx((1 / 2, 1 / 4, 1 / 4))
    huge = replace(duel, attacking={"germany": {"infantry": 90}}, defending={"russia": {"infantry": 90}})
    assert round_odds(huge) is None
