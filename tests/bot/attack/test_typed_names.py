"""What a newcomer types in the terminal (and picks on Discord), read as they mean it (issue 29): place names
with spaces, the direction of play in words (anything else refused, never taken as counter-clockwise),
``blitz`` alone answered with what to add, and a "Did you mean" for a mistyped command or name."""

from __future__ import annotations

import re

import pytest
from msgspec.structs import replace

from bot.games.attack.cog import AttackCog
from bot.games.attack.commands import plan
from bot.games.attack.text import TEXT
from bot.models import ServiceError
from rules.attack.actions import (
    Begin,
    Buy,
    ChooseDirection,
    ChooseGovernment,
    March,
    Negotiate,
    PlaceCapital,
    Sail,
    Ships,
    Troops,
)
from rules.attack.state import Stage, Turn
from rules.attack.tables import COPIES, WAR_BONDS
from rules.core.errors import IllegalAction
from tests.rules.attack.position import position

BONDS = WAR_BONDS * COPIES
TANK = Troops(tank=1)


def parse(line: str, state=None):
    return TEXT.parse(line.split(), state if state is not None else position())


def refusal(line: str, state=None) -> str:
    with pytest.raises(ServiceError) as caught:
        parse(line, state)
    return caught.value.message


def test_the_direction_is_clockwise_or_counter_clockwise_in_words_and_anything_else_is_refused():
    for typed in ("direction clockwise", "direction cw", "direction Clockwise"):
        assert parse(typed) == ChooseDirection(True), typed
    for typed in (
        "direction counterclockwise",
        "direction counter-clockwise",
        "direction counter clockwise",
        "direction anticlockwise",
        "direction ccw",
    ):
        assert parse(typed) == ChooseDirection(False), typed
    assert refusal("direction up") == "Play goes clockwise or counter-clockwise, not “up”."
    assert refusal("direction yes") == "Play goes clockwise or counter-clockwise, not “yes”."
    assert refusal("direction") == "Play goes clockwise or counter-clockwise."


def test_the_direction_slash_command_offers_two_named_choices():
    (way,) = AttackCog.direction.parameters
    assert [(c.name, c.value) for c in way.choices] == [
        ("clockwise", "clockwise"),
        ("counter-clockwise", "counterclockwise"),
    ]
    state = position(stage=Stage.DIRECTION)
    assert plan("direction", {"way": "counterclockwise"}, state, 0) == ChooseDirection(False)
    assert plan("direction", {"way": "clockwise"}, state, 0) == ChooseDirection(True)
    with pytest.raises(ServiceError, match="clockwise or counter-clockwise"):
        plan("direction", {"way": "up"}, state, 0)


def test_blitz_alone_says_what_to_add():
    assert refusal("blitz") == (
        "Name the hostile region to Blitz: blitz <target>; then march tanks and planes into it."
    )
    assert parse("blitz west africa") == Begin("blitz", None, "west_africa")


def test_places_with_spaces_are_read_as_one_name():
    assert parse("march west africa maghreb 1 tank") == March("west_africa", "maghreb", Troops(tank=1))
    assert parse("march eastern united states west africa 2 inf") == March(
        "eastern_us", "west_africa", Troops(infantry=2)
    )
    assert parse("sail germany north sea 2 destroyers with 1 infantry") == Sail(
        "germany", "north_sea", Ships(destroyer=2), Troops(infantry=1)
    )
    assert parse("buy west africa 2 infantry") == Buy("west_africa", Troops(infantry=2), Ships())
    assert parse("capital west africa maghreb sahel") == PlaceCapital("west_africa", ("maghreb", "sahel"))
    assert parse("government fascism rail transport") == ChooseGovernment("fascism", "rail")


def test_a_mistyped_command_or_name_gets_a_did_you_mean():
    assert refusal("mvoe") == "“mvoe” is not a command here. Did you mean move? Type help for the list."
    assert "Did you mean moves?" in refusal("mvoes")
    assert refusal("march germnay france") == (
        "There is no region called “germnay” on this board. Did you mean Germany?"
    )
    assert refusal("sail germany nroth sea 1 destroyer") == (
        "There is no region or sea zone called “nroth sea” on this board. Did you mean North Sea?"
    )
    # The same on Discord, where a place comes whole in its option: the rules' refusal names the likely one.
    refused = re.escape("There is no region called “germnay” on this board. Did you mean Germany?")
    with pytest.raises(IllegalAction, match=refused):
        plan("move", {"from": "germnay", "to": "france"}, position(), 0)


def test_an_action_typed_with_its_first_step_is_one_move_and_reads_back():
    """The terminal as /atk: ``move germany france`` with no action under way begins the Move with that
    march (one move); during the Move it is the march alone; each compound is typed back as it was read."""
    state = position(
        {"germany": (0, (3, 0, 1, 0)), "france": (0, (0, 0, 0, 0))},
        coasts={"germany": (0, 1, 0, 0)},
        hands={0: (BONDS,)},
    )
    typed = {
        "move germany france 2 infantry": Begin("move", first=March("germany", "france", Troops(2))),
        "transport germany france 1 tank": Begin("transport", first=March("germany", "france", TANK)),
        "blitz iberia germany 1 tank": Begin("blitz", None, "iberia", March("germany", "iberia", TANK)),
        "navigate germany north sea 1 destroyer": Begin(
            "navigate", first=Sail("germany", "north_sea", Ships(destroyer=1))
        ),
        f"build germany 2 infantry card {BONDS}": Begin("build", BONDS, first=Buy("germany", Troops(2))),
    }
    for line, action in typed.items():
        assert parse(line, state) == action, line
        assert parse(TEXT.describe(action) or "", state) == action, TEXT.describe(action)
    moving = replace(state, turn=Turn(0, "move"))
    assert parse("move germany france 2 infantry", moving) == March("germany", "france", Troops(2))
    assert refusal("navigate germany north sea 1 destroyer", moving).startswith(
        "You are in the middle of your Move"
    )
    assert refusal(f"move germany france card {BONDS}", moving) == (
        "A card is played as the action begins, not in the middle of it."
    )


def test_a_setup_or_battle_command_out_of_its_step_says_when_it_is_given():
    """A newcomer's second game: ``deploy``, ``lineup``, ``retreat`` and ``fight`` typed in the middle of a
    season were answered "That is not possible now", which does not say why; each now says when it is
    given, and changes nothing. /atk says so for ``direction``, ``government`` and ``capital`` too (typed,
    they are read as they are written and the rules refuse them)."""
    spring = position()
    army = "No army battle is waiting for your line: deploy answers one while it is fought."
    said = {
        "deploy": army,
        "deploy 2 infantry": army,
        "lineup destroyer": (
            "No navy battle is waiting for your line-up: lineup answers one while it is fought."
        ),
        "retreat": "No navy battle is being fought: retreat and fight answer one after a round.",
        "fight": "No navy battle is being fought: retreat and fight answer one after a round.",
    }
    for line, sentence in said.items():
        assert refusal(line, spring) == sentence, line
    moving = replace(spring, turn=Turn(0, "move"))
    assert refusal("deploy", moving) == said["deploy"]
    options: dict[str, dict[str, object]] = {
        "retreat": {},
        "deploy": {"units": "1 infantry"},
        "direction": {"way": "clockwise"},
        "government": {"government": "fascism", "economics": "rail"},
        "capital": {"region": "britain"},
    }
    sentences = {
        "retreat": said["retreat"],
        "deploy": said["deploy"],
        "direction": "The direction of play is chosen at the start of a year, by whoever starts it.",
        "government": "Governments are chosen at the start of the game; that is done.",
        "capital": "Capitals are placed at the start of the game; that is done.",
    }
    for command, given in options.items():
        with pytest.raises(ServiceError) as caught:
            plan(command, given, spring, 0)
        assert caught.value.message == sentences[command], command
    starting = position(stage=Stage.DIRECTION)
    assert plan("direction", {"way": "counterclockwise"}, starting, 0) == ChooseDirection(False)
    with pytest.raises(ServiceError, match="Capitals are placed at the start"):
        plan("capital", {"region": "britain"}, starting, 0)


def test_a_card_is_named_with_spaces_and_a_refusal_names_the_terminals_command():
    """A newcomer typed ``navigate card war bonds`` and was told 'You hold no “war” card; /atk hand shows
    yours': the name is read whole, and the terminal names its own command (``cards``), not /atk's."""
    state = position(hands={0: (BONDS,)})
    assert parse("build card war bonds", state) == Begin("build", BONDS)
    assert parse("build germany 1 infantry card War Bonds", state) == Begin(
        "build", BONDS, first=Buy("germany", Troops(1))
    ), "the card's name at the end"
    assert parse("negotiate card war bonds france", state) == Negotiate("france", BONDS)
    assert refusal("navigate card naval supremacy", state) == (
        "You hold no “naval supremacy” card; type cards to see yours."
    )
    moving = replace(state, turn=Turn(0, "move"))
    assert refusal("build germany 1 infantry", moving) == (
        "You are in the middle of your Move: finish it first (type end)."
    )
    with pytest.raises(ServiceError, match="/atk hand shows yours"):  # on Discord, /atk's words stay
        plan("navigate", {"card": "naval supremacy"}, state, 0)


def test_a_mistyped_government_or_economics_card_gets_a_did_you_mean():
    """A newcomer's ``government facism rail`` was told only "Governments are fascism, communism, monarchy,
    democracy."; a slip in either word now gets the likely one, as places and commands do."""
    setting_up = position(stage=Stage.GOVERNMENT)
    assert refusal("government facism rail", setting_up) == (
        "Governments are fascism, communism, monarchy, democracy; not “facism”. Did you mean fascism?"
    )
    assert refusal("government fascism minrals", setting_up) == (
        "There is no economics card “minrals”. Did you mean minerals?"
    )
    assert parse("government Fascism Rail Transport", setting_up) == ChooseGovernment("fascism", "rail")


def test_the_prompt_in_a_battle_names_the_battle_not_the_action():
    """A newcomer defending at sea in the AI's Navigate was prompted "[..., your navigate]": in a battle the
    prompt names it (either side may be the one asked), and only outside one the player's own action."""
    from rules.attack import RULES
    from rules.attack.board import board
    from rules.attack.state import ArmyBattle
    from tests.render.attack import samples

    view, _ = samples.navy_waiting()
    assert TEXT.situation(view) == "navy battle in the Central Atlantic"
    moving = position(turn=Turn(1, "move"))
    assert TEXT.situation(RULES.view(moving, None)) == "your move"
    fight = ArmyBattle(
        region=board("western").index["west_africa"],
        attacker=1,
        defender=0,
        deputy=-1,
        turn=0,
        line=((0, 0, 0, 0), (0, 0, 0, 0)),
        reserve=((1, 0, 0, 0), (1, 0, 0, 0)),
        awaiting="deploy",
        side=1,
        need=1,
    )
    assert TEXT.situation(RULES.view(replace(moving, army_battle=fight), None)) == "battle for West Africa"


def test_the_direction_may_be_typed_alone_as_the_refusal_words_it():
    """Told "You start this year: choose clockwise or counterclockwise.", a newcomer typed `clockwise` and
    `ccw` and was answered "“clockwise” is not a command here"."""
    for typed in ("clockwise", "CW", "counterclockwise", "counter-clockwise", "counter clockwise", "ccw"):
        assert parse(typed) == ChooseDirection(typed.lower() in ("clockwise", "cw")), typed
    assert refusal("counter") == "“counter” is not a command here; type help for the list."


def test_a_mistyped_unit_gets_the_likely_word() -> None:
    """A newcomer's `march germany france 1 artilery` was told only the list of units."""
    assert refusal("march germany france 1 artilery") == (
        "“artilery” is not a unit. Did you mean artillery? "
        "The units are infantry, artillery, tank, plane, submarine, destroyer, battleship, carrier."
    )
