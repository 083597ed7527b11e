"""Issue 29, a newcomer's first Hex war game in the terminal: ``ai 20`` plays twenty of your moves,
``unit inf C7 3`` takes a count as ``/hex unit`` does, ``cards`` says what it shows, a loaded hovercraft
at sea moves with its load without naming it, and a mistyped command or name gets the likely word."""

from __future__ import annotations

import pytest

from bot.commands import action_from_words
from bot.console import Console, open_game, parse_args
from bot.games.hexwar import GAME
from bot.games.hexwar.choices import default_count
from bot.games.hexwar.presenter import PRESENTER
from bot.models import ServiceError
from bot.service import GameService
from rules.core.errors import IllegalAction
from rules.hexwar import RULES
from rules.hexwar.actions import Buy, Move, PlaceHex, PlaceUnit
from rules.hexwar.board import grid
from rules.hexwar.state import Phase, Stack
from tests.rules.hexwar.position import position, write
from tests.rules.hexwar.test_setup import advance, new

NO_DICE = None


async def test_ai_n_plays_your_next_n_moves_while_the_ai_seats_play_theirs(
    service: GameService, capsys
) -> None:
    args = parse_args(["--game", "hexwar", "--seats", "human,ai", "--seed", "hx-terminal"])
    game_id = await open_game(service, args)
    status = await service.status(game_id)
    human = next(s.seat for s in status.seats if s.controller == "human")
    before = service.state_of(await service.load(game_id))
    await Console(service, game_id, None, ":memory:").run(iter(["ai 20"]))
    after = service.state_of(await service.load(game_id))
    assert after.phase is Phase.HEXES
    assert sum(before.hands[human]) - sum(after.hands[human]) == 20  # not 1, as before
    assert RULES.to_act(after) == (human,)
    assert capsys.readouterr().out.count("(AI for Player 1: place ") == 20


def _units_phase(**options: int):
    state, _ = new(**options)
    state = advance(state, lambda s: s.phase is Phase.UNITS)
    first = state.order[0]
    own = next(h for h in range(len(state.cells)) if state.owner[h] == first)
    return state, first, grid(state.width, state.height).name(state.cells[own])


def test_unit_takes_a_count_as_far_as_the_turn_allows() -> None:
    state, first, name = _units_phase(units_per_turn=3)
    assert action_from_words(GAME, ["unit", "inf", name, "3"], state) == PlaceUnit("inf", name, 3)
    assert action_from_words(GAME, ["unit", "inf", name, "5"], state) == PlaceUnit("inf", name, 3)
    after, events = RULES.apply(state, first, PlaceUnit("inf", name, 3), NO_DICE)  # type: ignore[arg-type]
    assert len(events) >= 3 and RULES.to_act(after) == (state.order[1],)
    assert (
        Stack(first, "inf", 3) in after.units[state.cells.index(grid(state.width, state.height).lookup(name))]
    )
    # The rules' one unit a turn: the count places one, as /hex unit does.
    one, first, name = _units_phase(units_per_turn=1)
    assert action_from_words(GAME, ["unit", "inf", name, "3"], one) == PlaceUnit("inf", name, 1)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(one, first, PlaceUnit("inf", name, 2), NO_DICE)  # type: ignore[arg-type]
    assert caught.value.message == (
        "You may place only 1 more starting unit this turn (a turn places at most 1)."
    )


def test_cards_says_hex_war_has_none_and_shows_what_is_yours() -> None:
    state, first, _ = _units_phase()
    text = PRESENTER.private_text(RULES.view(state, first))
    assert text == (
        "Hex war has no cards. Your starting units left to place: "
        "18 infantry, 1 hovercraft, 3 tanks, 1 plane."
    )
    hexes, _ = new()
    assert PRESENTER.private_text(RULES.view(hexes, 0)) == (
        "Hex war has no cards. Your hexes left to place: 11 land, 3 city, 2 port, 9 water."
    )
    assert PRESENTER.private_text(RULES.view(hexes, None)) is None


def test_a_loaded_hovercraft_at_sea_moves_with_its_load_unnamed() -> None:
    sea = {"B3": ("water", -1), "C3": ("water", -1), "D3": ("land", 0)}
    state = position(sea, {"B3": [(0, "hov", 2, ("inf", "inf"))]})
    assert action_from_words(GAME, ["move", "B3", "D3", "hov"], state) == Move("B3", "D3", "hov", 2)
    after = write(state, 0, Move("B3", "D3", "hov", 2))
    assert after.orders[0] == (Move("B3", "D3", "hov", 2, ("inf", "inf")),)
    assert default_count(state, 0, "B3", "hov") == 2
    mixed = position(sea, {"B3": [(0, "hov", 1, ("inf", "inf")), (0, "hov", 1, ("tank",))]})
    with pytest.raises(IllegalAction) as caught:  # two loads: the order must say which
        write(mixed, 0, Move("B3", "D3", "hov"))
    assert "name a loaded hovercraft's load as its cargo" in caught.value.message
    empty_too = position(sea, {"B3": [(0, "hov", 1), (0, "hov", 1, ("tank",))]})
    assert write(empty_too, 0, Move("B3", "C3", "hov")).orders[0] == (Move("B3", "C3", "hov", 1),)


def test_mistyped_commands_and_names_get_the_likely_word() -> None:
    state, _ = new()
    with pytest.raises(ServiceError) as command:
        action_from_words(GAME, ["plce", "land", "F4"], state)
    assert (
        command.value.message == "“plce” is not a command here. Did you mean place? Type help for the list."
    )
    with pytest.raises(IllegalAction) as kind:
        RULES.apply(state, state.current, PlaceHex("lnad", "F4"), NO_DICE)  # type: ignore[arg-type]
    assert (
        kind.value.message
        == "“lnad” is not a kind of hex; they are land, city, port, water. Did you mean land?"
    )
    after, _ = RULES.apply(state, state.current, PlaceHex("Port City", "F4"), NO_DICE)  # type: ignore[arg-type]
    assert after.kinds == ("port",)
    units, first, name = _units_phase()
    with pytest.raises(IllegalAction) as unit:
        RULES.apply(units, first, PlaceUnit("tnak", name), NO_DICE)  # type: ignore[arg-type]
    assert unit.value.message.endswith("Did you mean tank?")
    with pytest.raises(IllegalAction) as spaced:  # "Jump Troops" is read as the unit, which none start with
        RULES.apply(units, first, PlaceUnit("Jump Troops", name), NO_DICE)  # type: ignore[arg-type]
    assert spaced.value.message == "You have no jump troops left to place."
    placed, _ = RULES.apply(units, first, PlaceUnit("Infantry", name), NO_DICE)  # type: ignore[arg-type]
    assert sum(placed.units_left[first]) == sum(units.units_left[first]) - 1


def test_the_setup_notice_says_how_many_hexes_this_turn_places() -> None:
    by_post, _ = new(2, hexes_per_turn=0)
    assert GAME.text.notice(by_post).startswith("Place 9 hexes this turn, one at a time (you hold 11 land,")
    rules_way, _ = new(2)
    assert GAME.text.notice(rules_way).startswith("Place a hex (you hold 11 land,")


def test_the_prompt_says_setup_once_and_counts_orders_in_words() -> None:
    """``[Setup, turn 2, setup, placing hexes]`` said setup twice, and the orders notice "1 order(s)"."""
    hexes, _ = new()
    assert GAME.text.situation(RULES.view(hexes, None)) == "placing hexes"
    units, _, _ = _units_phase()
    assert GAME.text.situation(RULES.view(units, None)) == "placing starting units"
    land = {"B3": ("land", 0), "C3": ("land", 0), "D3": ("land", 1)}
    orders = position(land, {"B3": [(0, "inf", 3)]}, phase=Phase.ORDERS)
    assert GAME.text.notice(orders).startswith("Round 3: 0 orders written, ")
    one = write(orders, 0, Move("B3", "C3", "inf", 1))
    last = "(last: move 1 infantry from B3 to C3)"
    assert GAME.text.notice(one).startswith(f"Round 3: 1 order written {last}, ")


def test_buy_takes_the_count_before_the_unit_too() -> None:
    """``buy 2 tank B3`` was refused ("Count must be a whole number"); ``buy tank 2 B3`` is the help's."""
    hexes, _ = new()
    assert action_from_words(GAME, ["buy", "2", "tank", "B3"], hexes) == Buy("tank", 2, "B3")
    assert action_from_words(GAME, ["buy", "tank", "2", "B3"], hexes) == Buy("tank", 2, "B3")
    with pytest.raises(ServiceError, match="Count must be a whole number"):
        action_from_words(GAME, ["buy", "tank", "two", "B3"], hexes)
