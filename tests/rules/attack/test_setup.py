"""Rule cases for setting up Attack!: boards by player count, order dice, governments, capitals, starting
forces, neutral regions and the direction of play. Dice are scripted; each test names its rule."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot.games.attack import GAME
from rules.attack import RULES
from rules.attack.actions import ChooseDirection, ChooseGovernment, PlaceCapital, Resign, Ships, Troops
from rules.attack.events import CardDrawn, DirectionChosen, ForcesPlaced, NeutralsSet, OrderRolled
from rules.attack.options import make_options
from rules.attack.setup import layout_for
from rules.attack.state import NEUTRAL, AttackOptions, Stage
from rules.attack.tables import FACTORIES, MINERALS, RAIL, START_ARMY, START_NAVY
from rules.core.dice import ScriptedRng
from rules.core.errors import IllegalAction
from tests.rules.attack.position import WEST, army, coast, of, owner, play, refused

CARDS = [1, 1, 1, 1, 1, 1]  # each seat's first action card: the first left in the deck
YEAR_DICE = [1, 1, 2, 2]  # the order dice of year 1 (after the last capital): seat 1 starts


def fresh(players: int, order_dice: list[int], options: dict | None = None):
    rng = ScriptedRng(CARDS[:players] + order_dice)
    state, events = RULES.setup(options or {}, players, rng)
    assert rng.unused == 0
    return state, events


def governed(players: int = 2):
    """Two seats (seat 0 first) with governments chosen, placing capitals."""
    state, _ = fresh(players, [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5][: 2 * players])
    for seat, gov in zip(state.order, ("fascism", "communism", "monarchy", "democracy"), strict=False):
        state, _ = play(state, seat, ChooseGovernment(gov, "minerals"))
    assert state.stage is Stage.CAPITAL
    return state


@pytest.mark.parametrize(
    ("players", "layout"), [(2, "western"), (3, "western"), (4, "western"), (5, "world"), (6, "world")]
)
def test_two_to_four_players_use_one_theatre_five_and_six_the_joined_world(players, layout):
    assert layout_for(make_options({}), players) == layout
    assert layout_for(make_options({"map": "pacific"}), 3) == "pacific"


def test_a_theatre_is_refused_for_five_players_and_the_world_for_four():
    with pytest.raises(IllegalAction) as five:
        layout_for(make_options({"map": "western"}), 5)
    assert five.value.code == "map_too_small"
    with pytest.raises(IllegalAction) as four:
        layout_for(make_options({"map": "world"}), 4)
    assert four.value.code == "map_too_big"


def test_order_dice_rank_highest_first_and_tied_seats_roll_again():
    # seat 0 rolls 7, seat 1 12, seat 2 7: seats 0 and 2 roll again, 2 beats 6.
    state, events = fresh(3, [3, 4, 6, 6, 2, 5, 1, 1, 3, 3])
    (rolled,) = of(events, OrderRolled)
    assert rolled.order == (1, 2, 0) == state.order
    assert rolled.totals == ((7, 2), (12,), (7, 6))
    assert state.stage is Stage.GOVERNMENT and RULES.to_act(state) == (1,)


def test_the_log_says_who_rolled_what_on_the_order_dice():
    _, events = fresh(3, [3, 4, 6, 6, 2, 5, 1, 1, 3, 3])
    (rolled,) = of(events, OrderRolled)
    assert RULES.describe(rolled, ("Ann", "Bob", "Cat")) == (
        "Order dice: Ann rolled 7 then 2, Bob rolled 12, Cat rolled 7 then 6. Governments are chosen in the "
        "order Bob, Cat, Ann."
    )
    year = OrderRolled("year", ((5,), (9,)), (1, 0))
    assert (
        RULES.describe(year, ("Ann", "Bob")) == "Order dice: Ann rolled 5, Bob rolled 9. Bob starts the year."
    )


def test_each_player_starts_with_three_production_one_oil_and_one_private_action_card():
    state, events = fresh(2, [6, 6, 1, 1])
    assert all(s.production == 3 and s.oil == 1 for s in state.seats)
    assert [len(s.hand) for s in state.seats] == [1, 1]
    drawn = of(events, CardDrawn)
    assert [d.seat for d in drawn] == [0, 1]
    assert RULES.redact(drawn[0], 1) == CardDrawn(0, None)
    assert len(state.deck) == 34


def test_governments_are_chosen_in_order_with_at_most_two_players_alike():
    state, _ = fresh(3, [1, 1, 6, 6, 3, 3])  # order 1, 2, 0
    refused(state, 0, ChooseGovernment("fascism", "minerals"), "not_your_turn")
    state, _ = play(state, 1, ChooseGovernment("fascism", "minerals"))
    state, _ = play(state, 2, ChooseGovernment("fascism", "rail"))
    refused(state, 0, ChooseGovernment("fascism", "minerals"), "government_taken")
    state, _ = play(state, 0, ChooseGovernment("democracy", "minerals"))
    assert [s.government for s in state.seats] == [3, 0, 0]
    assert state.stage is Stage.CAPITAL and RULES.to_act(state) == (1,)


def _choose_all(state, dice_after_last=()):
    """Every seat in ``state.order`` chooses a government (the last with ``dice_after_last`` scripted)."""
    events = []
    for i, (seat, gov) in enumerate(zip(state.order, ("fascism", "communism", "monarchy"), strict=False)):
        last = i == len(state.order) - 1
        state, events = play(state, seat, ChooseGovernment(gov, "minerals"), dice_after_last if last else ())
    return state, events


def test_capitals_are_placed_in_the_government_order_its_reverse_or_a_fresh_roll():
    """Design (option ``capital_order``): the document's "in turn order" before Step 5 rolls it is a
    reading. Governments are chosen in the order 1, 2, 0 here."""
    assert AttackOptions().capital_order == "government"  # stored games replay as they were played
    assert make_options(GAME.post_defaults).capital_order == "government"  # new games by post too
    dice = [1, 1, 6, 6, 3, 3]
    same, _ = _choose_all(fresh(3, dice)[0])
    assert same.stage is Stage.CAPITAL and same.order == (1, 2, 0) and RULES.to_act(same) == (1,)

    snake, events = _choose_all(fresh(3, dice, {"capital_order": "reverse"})[0])
    assert snake.order == (0, 2, 1) and RULES.to_act(snake) == (0,) and not of(events, OrderRolled)
    refused(snake, 1, PlaceCapital("germany"), "not_your_turn")

    # a fresh roll: seat 0 rolls 8, seat 1 5, seat 2 8; seats 0 and 2 roll again, 3 against 10
    rolled, events = _choose_all(fresh(3, dice, {"capital_order": "roll"})[0], [4, 4, 2, 3, 4, 4, 1, 2, 5, 5])
    (order,) = of(events, OrderRolled)
    assert order.purpose == "capital" and order.totals == ((8, 3), (5,), (8, 10))
    assert rolled.order == (2, 0, 1) and RULES.to_act(rolled) == (2,)
    assert RULES.describe(order, ("Ann", "Bob", "Cat")) == (
        "Order dice: Ann rolled 8 then 3, Bob rolled 5, Cat rolled 8 then 10. Capitals are placed in the "
        "order Cat, Ann, Bob."
    )
    # the capitals follow that order to the end; then Step 5 rolls the order of the year
    state, _ = play(rolled, 2, PlaceCapital("germany"))
    state, _ = play(state, 0, PlaceCapital("brazil"))
    state, _ = play(state, 1, PlaceCapital("southern_us"), [1, 1, 2, 2, 3, 3])
    assert state.stage is Stage.DIRECTION and RULES.to_act(state) == (2,)


def test_a_seat_resigning_as_the_last_to_choose_a_government_still_reverses_the_placing_order():
    state, _ = fresh(3, [1, 1, 6, 6, 3, 3], {"capital_order": "reverse"})  # governments 1, 2, 0
    state, _ = play(state, 1, ChooseGovernment("fascism", "minerals"))
    state, _ = play(state, 2, ChooseGovernment("communism", "minerals"))
    state, _ = play(state, 0, Resign())
    assert state.stage is Stage.CAPITAL and state.order == (2, 1) and RULES.to_act(state) == (2,)


def test_the_starting_economics_card_is_minerals_or_rail_and_factories_only_for_communism():
    state, _ = fresh(2, [6, 6, 1, 1])
    refused(state, 0, ChooseGovernment("fascism", "factories"), "start_card")
    state, _ = play(state, 0, ChooseGovernment("communism", "factories"))
    state, _ = play(state, 1, ChooseGovernment("monarchy", "rail"))
    assert state.seats[0].levels[FACTORIES] == 1 and state.seats[1].levels[RAIL] == 1
    assert state.supply[FACTORIES][0] == 7 and state.supply[MINERALS][0] == 8


def test_a_capital_borders_a_sea_zone_and_lies_outside_the_arctic_circle():
    state = governed()
    refused(state, 0, PlaceCapital("greenland"), "bad_capital")  # Arctic Circle
    refused(state, 0, PlaceCapital("kazakhstan"), "unknown_region")  # not on this board
    error = refused(state, 0, PlaceCapital("northern_canada"), "bad_capital")
    assert "Arctic" in error.message
    assert not WEST.eligible[WEST.index["greenland"]] and WEST.eligible[WEST.index["germany"]]


def test_the_next_capital_is_on_a_different_continent():
    state = governed()
    state, _ = play(state, 0, PlaceCapital("germany", ("france", "italy")))
    error = refused(state, 1, PlaceCapital("iberia"), "bad_capital")
    assert "Europe has a capital already" in error.message
    state, _ = play(state, 1, PlaceCapital("brazil"), YEAR_DICE)
    assert owner(state, "brazil") == 1


def test_capitals_start_apart_from_other_players_regions_while_room_remains():
    """Design: no capital next to another player's region at the start, so none falls before year 1."""
    state = governed()
    state, _ = play(state, 0, PlaceCapital("maghreb", ("egypt", "sahel")))
    error = refused(state, 1, PlaceCapital("iberia"), "bad_capital")  # Gibraltar's lane joins it to Maghreb
    assert "borders another player's region" in error.message
    state, _ = play(state, 1, PlaceCapital("germany"), YEAR_DICE)
    assert owner(state, "germany") == 1


def test_starting_forces_stand_in_the_capital_and_up_to_two_adjacent_regions_of_its_continent():
    state = governed()
    refused(state, 0, PlaceCapital("maghreb", ("iberia",)), "outposts")  # across the lane, but Europe
    refused(state, 0, PlaceCapital("germany", ("iberia",)), "outposts")  # not adjacent
    refused(state, 0, PlaceCapital("germany", ("france", "italy", "balkans")), "outposts")  # three
    state, events = play(state, 0, PlaceCapital("germany", ("france", "britain")))  # Britain: by anchor
    placed = of(events, ForcesPlaced)
    fascism_army = START_ARMY[0]
    assert army(state, "france") == army(state, "britain") == (2, 0, 0, 0)
    assert army(state, "germany") == (fascism_army[0] - 4, *fascism_army[1:])
    assert coast(state, "germany") == START_NAVY[0]
    assert placed[0] == ForcesPlaced(0, "germany", Troops(2, 2, 2, 1), Ships(1, 1), True)
    assert state.oil[WEST.index["germany"]] == 1  # the starting oil marker


@pytest.mark.parametrize("government", ["fascism", "communism", "monarchy", "democracy"])
def test_starting_forces_by_government(government):
    """Design: each government's starting army and navy (tables.START_ARMY, START_NAVY)."""
    state, _ = fresh(2, [6, 6, 1, 1])
    state, _ = play(state, 0, ChooseGovernment(government, "minerals"))
    state, _ = play(state, 1, ChooseGovernment("fascism" if government != "fascism" else "monarchy", "rail"))
    state, _ = play(state, 0, PlaceCapital("brazil"))
    gov = state.seats[0].government
    assert army(state, "brazil") == START_ARMY[gov] and coast(state, "brazil") == START_NAVY[gov]


def test_unoccupied_regions_get_face_down_markers_and_the_year_begins_with_the_order_dice():
    state = governed()
    state, _ = play(state, 0, PlaceCapital("germany", ("france", "italy")))
    rng = ScriptedRng([2, 2, 5, 5])
    state, events = RULES.apply(state, 1, PlaceCapital("brazil", ("peru",)), rng)
    (neutrals,) = of(events, NeutralsSet)
    assert len(neutrals.regions) == WEST.regions - 5 and "brazil" not in neutrals.regions
    assert all(
        state.owner[WEST.index[r]] == NEUTRAL and state.marker[WEST.index[r]] == -1 for r in neutrals.regions
    )
    assert RULES.view(state, None).regions[WEST.index["iberia"]].marker == "hidden"
    assert state.stage is Stage.DIRECTION and state.year == 1 and RULES.to_act(state) == (1,)


def test_the_starting_player_chooses_clockwise_or_counterclockwise():
    state, _ = fresh(4, [6, 6, 5, 5, 4, 4, 3, 3])
    state = replace(state, stage=Stage.DIRECTION, order=(2,), year=1)
    clockwise, events = play(state, 2, ChooseDirection(True))
    assert clockwise.order == (2, 3, 0, 1) and clockwise.stage is Stage.SEASON
    assert of(events, DirectionChosen)[0].order == (2, 3, 0, 1)
    counter, _ = play(state, 2, ChooseDirection(False))
    assert counter.order == (2, 1, 0, 3)
    refused(state, 0, ChooseDirection(True), "not_your_turn")
