"""Setup as play: hexes dealt and placed, the placement order dealt, units and capitals placed."""

from __future__ import annotations

import msgspec
import pytest
from msgspec.structs import replace

from bot.games.hexwar import GAME
from rules.core.dice import ScriptedRng, SeededRng
from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import Move, PlaceCapital, PlaceHex, PlaceUnit, Resign
from rules.hexwar.ai import HexWarAI
from rules.hexwar.board import grid
from rules.hexwar.events import (
    CapitalPlaced,
    HexesDealt,
    HexPlaced,
    IncomeCollected,
    PlacementOrderDealt,
    RoundBegan,
    UnitPlaced,
)
from rules.hexwar.setup import DECKS
from rules.hexwar.state import HexOptions, Phase

NO_DICE = ScriptedRng([])
BOX = {"hexes_per_turn": 1, "units_per_turn": 1}  # the rule document's setup: one hex, one unit a turn
POST = GAME.post_defaults  # a new game's by post: a third of a hand of hexes, then all units, a turn


def new(players=2, **options):
    return RULES.setup(options, players, SeededRng("setup-test"))


def advance(state, until, seed=1):
    """Let the AI play setup steps until ``until(state)``."""
    ai = HexWarAI(seed)
    rng = SeededRng("setup-test")
    while not until(state):
        seat = RULES.to_act(state)[0]
        state, _ = RULES.apply(state, seat, ai.choose(state, seat), rng)
    return state


def refused(state, seat, action):
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, action, NO_DICE)
    return caught.value


@pytest.mark.parametrize(("players", "board"), [(2, 50), (3, 60), (4, 64), (5, 75)])
def test_hands_are_dealt_alike_to_make_the_documents_board_sizes(players, board):
    state, events = new(players)
    assert events == [HexesDealt(state.hands)]
    assert len(set(state.hands)) == 1 and sum(state.hands[0]) * players == board
    assert state.phase is Phase.HEXES and RULES.to_act(state) == (0,)


def test_two_to_five_players():
    for players in (1, 6):
        with pytest.raises(IllegalAction, match="2 to 5 players"):
            new(players)


def test_the_first_hex_goes_on_the_starting_outline():
    state, _ = new(**BOX)
    assert (
        refused(state, 0, PlaceHex("land", "A1")).message == "The first hex goes on the starting outline, F4."
    )
    after, events = RULES.apply(state, 0, PlaceHex("land", "F4"), NO_DICE)
    assert events == [HexPlaced(0, "land", "F4", 4, 3)]
    assert after.hands[0] == (10, 3, 2, 9) and RULES.to_act(after) == (1,)


def test_hexes_are_placed_in_turn_order_each_adjoining_the_board():
    state, _ = new(**BOX)
    state, _ = RULES.apply(state, 0, PlaceHex("water", "F4"), NO_DICE)
    assert refused(state, 0, PlaceHex("land", "G4")).code == "not_your_turn"
    assert (
        refused(state, 1, PlaceHex("land", "A1")).message
        == "A hex must adjoin one already placed; A1 does not."
    )
    assert refused(state, 1, PlaceHex("land", "F4")).message == "F4 already holds a hex."
    state, _ = RULES.apply(state, 1, PlaceHex("city", "G4"), NO_DICE)
    assert state.owner == (-1, 1)  # land belongs to whoever placed it, water to nobody
    assert refused(state, 0, Move("F4", "G4", "inf")).message == "Place a hex from your hand first."


def test_a_hex_may_adjoin_across_the_left_right_edge():
    state, _ = new()
    g = grid(state.width, state.height)
    state = replace(
        state,
        cells=(g.lookup("J4"),),
        kinds=("land",),
        owner=(0,),
        held_since=(0,),
        capital_of=(-1,),
        defences=((),),
        units=((),),
        current=1,
    )
    after, _ = RULES.apply(state, 1, PlaceHex("land", "A4"), NO_DICE)
    assert after.cells[-1] == g.lookup("A4")


def test_numbered_cards_set_the_order_for_units_and_capitals():
    state, _ = new()
    state = advance(state, lambda s: sum(map(sum, s.hands)) == 1)
    seat = RULES.to_act(state)[0]
    last = HexWarAI(1).choose(state, seat)
    after, events = RULES.apply(state, seat, last, ScriptedRng([1]))  # the 2-card shuffle: swap
    assert events[-1] == PlacementOrderDealt((1, 0))
    assert after.phase is Phase.UNITS and RULES.to_act(after) == (1,)
    assert len(after.cells) == 50


def test_starting_units_are_placed_one_at_a_time_on_own_land():
    state, _ = new(**BOX)
    state = advance(state, lambda s: s.phase is Phase.UNITS)
    first, second = state.order
    assert state.units_left[first] == (18, 0, 1, 3, 1, 0, 0)  # 18 inf, 3 tanks, 1 hovercraft, 1 plane
    own = next(h for h in range(len(state.cells)) if state.owner[h] == first)
    theirs = next(h for h in range(len(state.cells)) if state.owner[h] == second)
    g = grid(state.width, state.height)
    name, other = g.name(state.cells[own]), g.name(state.cells[theirs])
    error = refused(state, first, PlaceUnit("tank", other))
    assert error.message == f"Starting units go on a land hex you own; {other} is not one."
    assert refused(state, first, PlaceUnit("frig", name)).message == "You have no frigates left to place."
    after, events = RULES.apply(state, first, PlaceUnit("Tank", name), NO_DICE)
    assert events == [UnitPlaced(first, "tank", name)]
    assert RULES.to_act(after) == (second,) and after.units_left[first][3] == 2


def test_units_per_turn_option_lets_a_player_place_several_in_one_turn():
    state, _ = new(units_per_turn=3)
    state = advance(state, lambda s: s.phase is Phase.UNITS)
    first = state.order[0]
    own = next(h for h in range(len(state.cells)) if state.owner[h] == first)
    name = grid(state.width, state.height).name(state.cells[own])
    for placed in range(3):
        assert RULES.to_act(state) == (first,), placed
        state, _ = RULES.apply(state, first, PlaceUnit("inf", name), NO_DICE)
    assert RULES.to_act(state) == (state.order[1],)


def test_capitals_go_on_any_own_land_hex_then_income_and_round_one():
    state, _ = new()
    state = advance(state, lambda s: s.phase is Phase.CAPITALS)
    first, second = state.order
    g = grid(state.width, state.height)
    water = next(h for h in range(len(state.cells)) if state.kinds[h] == "water")
    plain = next(h for h in range(len(state.cells)) if state.owner[h] == first and state.kinds[h] == "land")
    theirs = next(h for h in range(len(state.cells)) if state.owner[h] == second)
    for h in (water, theirs):
        assert refused(state, first, PlaceCapital(g.name(state.cells[h]))).code == "not_your_land"
    state, events = RULES.apply(state, first, PlaceCapital(g.name(state.cells[plain])), NO_DICE)
    assert events == [CapitalPlaced(first, g.name(state.cells[plain]))]
    state = advance(state, lambda s: s.phase is Phase.ORDERS)
    assert state.round == 1 and RULES.to_act(state) == (0, 1)
    assert state.money[first] == 11 + 3 * 3 + 2 * 3 + 5  # income collected once at the end of setup


def test_setup_ends_with_income_collected_and_the_first_round_begun():
    state, _ = new()
    state = advance(state, lambda s: s.phase is Phase.CAPITALS and s.current == s.order[1])
    seat = state.current
    action = HexWarAI(1).choose(state, seat)
    _after, events = RULES.apply(state, seat, action, NO_DICE)
    assert [type(e) for e in events] == [CapitalPlaced, IncomeCollected, IncomeCollected, RoundBegan]
    assert events[-1] == RoundBegan(1, 48 * 3600)


def test_turn_key_changes_every_setup_turn():
    state, _ = new(**BOX)
    keys = {RULES.turn_key(state)}
    state, _ = RULES.apply(state, 0, PlaceHex("land", "F4"), NO_DICE)
    assert RULES.turn_key(state) not in keys


def setup_turns(players: int, **options: int) -> list[int]:
    """How many setup turns each seat takes (a turn: a new turn key), the AI placing."""
    state, _ = new(players, **options)
    turns = [0] * players
    ai, rng, last = HexWarAI(3), SeededRng("setup-test"), None
    while state.phase in (Phase.HEXES, Phase.UNITS, Phase.CAPITALS):
        seat = RULES.to_act(state)[0]
        if RULES.turn_key(state) != last:
            turns[seat] += 1
            last = RULES.turn_key(state)
        state, _ = RULES.apply(state, seat, ai.choose(state, seat), rng)
    return turns


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_by_post_the_setup_takes_five_turns_each_three_of_hexes_one_of_units_one_capital(players):
    assert setup_turns(players, **POST) == [5] * players
    hand = sum(new(players)[0].hands[0])
    assert (
        setup_turns(players) == setup_turns(players, **BOX) == [hand + 23 + 1] * players
    )  # the rules' one hex, one unit a turn


def test_by_post_a_turn_places_a_third_of_the_hand_then_passes():
    state, _ = new(2, hexes_per_turn=0, units_per_turn=23)  # a hand of 25: 9, 9 and 7 a turn
    ai, rng = HexWarAI(3), SeededRng("setup-test")
    for placed in range(9):
        assert RULES.to_act(state) == (0,) and state.placed_this_turn == placed
        state, _ = RULES.apply(state, 0, ai.choose(state, 0), rng)
    assert RULES.to_act(state) == (1,) and state.placed_this_turn == 0 and sum(state.hands[0]) == 16


def hex_turns(state) -> list[tuple[int, int]]:
    """Every hex turn of the setup as (seat, hexes placed in it), the AI placing."""
    ai, rng, turns, last = HexWarAI(3), SeededRng("setup-test"), [], None
    while state.phase is Phase.HEXES:
        seat = RULES.to_act(state)[0]
        if RULES.turn_key(state) != last:
            turns.append((seat, 0))
            last = RULES.turn_key(state)
        state, _ = RULES.apply(state, seat, ai.choose(state, seat), rng)
        turns[-1] = (seat, turns[-1][1] + 1)
    assert state.phase is Phase.UNITS and not any(map(sum, state.hands))
    return turns


def test_by_post_the_opening_is_one_hex_each_then_the_rest_of_a_hand_in_two_turns():
    # A hand of 20 for 3 players: 1 hex each, then 10, then 9 (three hex turns each, as without it).
    # (New games by post open with 2 and snake: see the snake's test and the last test.)
    state, _ = new(3, hexes_per_turn=0, units_per_turn=23, opening_hexes=1)
    assert sum(DECKS[3]) == 20 and hex_turns(state) == [
        (0, 1),
        (1, 1),
        (2, 1),
        (0, 10),
        (1, 10),
        (2, 10),
        (0, 9),
        (1, 9),
        (2, 9),
    ]
    # Without it, a third of a hand each turn: the first seat's 7 are the centre of the board.
    state, _ = new(3, hexes_per_turn=0, units_per_turn=23)
    assert hex_turns(state) == [(0, 7), (1, 7), (2, 7), (0, 7), (1, 7), (2, 7), (0, 6), (1, 6), (2, 6)]


def test_the_opening_applies_to_the_first_turn_only_whatever_hexes_per_turn_is():
    state, _ = new(3, **BOX, opening_hexes=3)  # a hand of 20: 3, then one a turn
    turns = hex_turns(state)
    assert turns[:6] == [(0, 3), (1, 3), (2, 3), (0, 1), (1, 1), (2, 1)] and len(turns) == 3 + 3 * 17
    state, _ = RULES.apply(new(3, **BOX, opening_hexes=3)[0], 0, PlaceHex("land", "F5"), NO_DICE)
    assert RULES.to_act(state) == (0,) and state.placed_this_turn == 1


def test_with_two_players_the_opening_and_the_snake_do_not_apply():
    # Design: with two the blocks face each other whatever the order; both made seat 1 stronger.
    state, _ = new(2, **POST)  # a hand of 25: 9, 9 and 7 a turn, in seat order
    assert POST["opening_hexes"] and POST["hex_order"] == "snake"
    assert hex_turns(state) == [(0, 9), (1, 9), (0, 9), (1, 9), (0, 7), (1, 7)]


def test_the_snake_order_goes_back_from_the_last_seat_every_other_lap():
    state, _ = new(3, **BOX, hex_order="snake")
    assert [seat for seat, _ in hex_turns(state)[:9]] == [0, 1, 2, 2, 1, 0, 0, 1, 2]
    # By post with an opening of one hex each: the last seat places the first big turn.
    state, _ = new(3, hexes_per_turn=0, units_per_turn=23, opening_hexes=1, hex_order="snake")
    assert hex_turns(state) == [(0, 1), (1, 1), (2, 1), (2, 10), (1, 10), (0, 10), (0, 9), (1, 9), (2, 9)]
    # A new game by post: 2 each, then 9 and 9, the last seat first.
    state, _ = new(3, **POST)
    assert hex_turns(state) == [(0, 2), (1, 2), (2, 2), (2, 9), (1, 9), (0, 9), (0, 9), (1, 9), (2, 9)]


def test_the_snake_order_passes_a_seat_that_resigned():
    state, _ = new(3, **BOX, hex_order="snake")
    state, _ = RULES.apply(state, 0, PlaceHex("land", "F5"), NO_DICE)  # the 3-player starting outline
    state, _ = RULES.apply(state, 1, Resign(), NO_DICE)
    assert RULES.to_act(state) == (2,)
    assert [seat for seat, _ in hex_turns(state)[:6]] == [2, 2, 0, 0, 2, 2]


def test_games_stored_before_the_seat_balance_keep_their_setup_and_new_games_by_post_get_it():
    options = msgspec.to_builtins(new(3)[0].options)
    assert (options["opening_hexes"], options["hex_order"], options["first_placer_bonus"]) == (0, "seat", 0)
    del options["opening_hexes"], options["hex_order"], options["first_placer_bonus"]  # stored before these
    stored = msgspec.json.decode(msgspec.json.encode(options), type=HexOptions)
    assert (stored.opening_hexes, stored.hex_order, stored.first_placer_bonus) == (0, "seat", 0)
    by_post = new(3, **POST)[0].options
    assert (by_post.opening_hexes, by_post.hex_order, by_post.first_placer_bonus) == (2, "snake", 1)
