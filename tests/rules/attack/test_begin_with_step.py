"""An action begun with its first step is one move (issue 33, item 5): ``Begin(..., first=step)`` applies
the Begin and then the step, with the events of both, exactly as the two moves would; a refusal of
either refuses the whole and changes nothing; a Begin stored before ``first`` existed still reads."""

from __future__ import annotations

from rules.attack import RULES
from rules.attack.actions import Begin, Buy, EndAction, March, Sail, Ships, Troops
from rules.attack.events import ActionBegan, AssaultGathered, ShipsSailed, UnitsBuilt
from rules.attack.tables import COPIES, FORCED_MARCH, WAR_BONDS
from rules.core.codec import from_json, to_json
from tests.rules.attack.position import WEST, army, coast, of, play, position, refused

FORCED = FORCED_MARCH * COPIES
BONDS = WAR_BONDS * COPIES


def two_moves(state, seat, begin, step):
    """The Begin and then the step, as two moves (the way an /atk command was played before)."""
    state, began = play(state, seat, begin)
    state, stepped = play(state, seat, step)
    return state, began + stepped


def test_a_move_begun_with_its_first_march_is_the_begin_and_the_march_in_one():
    state = position({"germany": (0, (3, 0, 0, 0))})
    march = March("germany", "france", Troops(2))
    one, events = play(state, 0, Begin("move", first=march))
    assert one == two_moves(state, 0, Begin("move"), march)[0]
    assert events == two_moves(state, 0, Begin("move"), march)[1]
    assert of(events, ActionBegan) == [ActionBegan(0, "move", None, None)]
    assert of(events, AssaultGathered) == [AssaultGathered(0, "germany", "france", Troops(2))]
    assert army(one, "germany") == (1, 0, 0, 0) and one.turn is not None and one.turn.kind == "move"
    # The action goes on as usual: its battles are fought at its end with the real dice.
    ended, _ = play(one, 0, EndAction(), [6])  # year 1: the neutral's one die is a blank
    assert one.rolls == state.rolls and ended.rolls == state.rolls + 1
    assert ended.owner[WEST.index["france"]] == 0 and army(ended, "france") == (2, 0, 0, 0)


def test_the_first_step_is_judged_with_the_card_and_target_the_begin_brings():
    state = position({"germany": (0, (2, 0, 0, 0)), "france": (0, (0, 0, 0, 0))}, hands={0: (FORCED,)})
    far = March("germany", "iberia", Troops(1))  # two regions: only with Forced March
    refused(state, 0, Begin("move", first=far), "not_adjacent")
    one, events = play(state, 0, Begin("move", FORCED, first=far))
    assert of(events, ActionBegan)[0].card == FORCED and one.seats[0].hand == ()
    assert one.turn is not None and one.turn.assaults[0].target == WEST.index["iberia"]
    blitz = position({"germany": (0, (3, 0, 1, 0))})
    refused(
        blitz, 0, Begin("blitz", target="france", first=March("germany", "italy", Troops(1))), "blitz_target"
    )
    one, _ = play(
        blitz, 0, Begin("blitz", target="france", first=March("germany", "france", Troops(3, 0, 1)))
    )
    assert one.turn is not None and one.turn.assaults[0].army == (3, 0, 1, 0)


def test_a_navigate_and_a_build_take_their_first_sail_and_buy():
    holdings = {"germany": (0, (3, 0, 0, 0)), "britain": (0, (0, 0, 0, 0))}
    state = position(holdings, coasts={"germany": (1, 0, 0, 0)})
    sail = Sail("germany", "britain", Ships(1), Troops(2))
    one, events = play(state, 0, Begin("navigate", first=sail))
    assert (one, events) == two_moves(state, 0, Begin("navigate"), sail)
    assert of(events, ShipsSailed)[0].target == "britain"
    assert army(one, "britain") == (2, 0, 0, 0) and coast(one, "britain") == (1, 0, 0, 0)
    built, events = play(
        position(hands={0: (BONDS,)}), 0, Begin("build", BONDS, first=Buy("germany", Troops(2)))
    )
    assert of(events, UnitsBuilt)[0].army == Troops(2) and army(built, "germany") == (3, 0, 0, 0)
    assert built.discard == (BONDS,) and built.turn is not None and built.turn.kind == "build"


def test_a_refused_first_step_refuses_the_begin_too_and_changes_nothing():
    state = position({"germany": (0, (3, 0, 0, 0))}, hands={0: (BONDS,)})
    before = to_json(state)
    # Each refusal is the step's own: the Begin alone would have been accepted.
    refused(state, 0, Begin("build", BONDS, first=Buy("quebec", Troops(1))), "no_supply")
    refused(state, 0, Begin("move", first=March("germany", "iberia", Troops(1))), "not_adjacent")
    refused(state, 0, Begin("move", first=Sail("germany", "north_sea", Ships(1))), "not_navigating")
    refused(state, 0, Begin("navigate", first=Buy("germany", Troops(1))), "not_building")
    assert to_json(state) == before
    # The Begin is judged first: a card for another action refuses it before any step is tried.
    refused(state, 0, Begin("move", BONDS, first=March("germany", "france", Troops(1))), "wrong_card")
    play(state, 0, Begin("build", BONDS))  # the Begin alone is fine


def test_a_begin_stored_before_first_steps_existed_reads_and_writes_back_the_same():
    stored = b'{"type":"Begin","action":"blitz","card":null,"target":"france"}'
    assert from_json(stored, RULES.action_type) == Begin("blitz", None, "france")
    assert to_json(Begin("move")) == b'{"type":"Begin","action":"move"}'
    step = Begin("move", 3, first=March("germany", "france", Troops(2)))
    assert from_json(to_json(step), RULES.action_type) == step
