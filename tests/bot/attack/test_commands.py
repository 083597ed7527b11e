"""The /atk commands without Discord: every move the rules list is made by the command ``making`` names,
with options the command has, and comes back as exactly that move (``commands.plan``); units, ships and
line-ups read back what they write; the buttons make the moves they say; refusals are sentences."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from bot.game import Slash
from bot.games.attack.cog import AttackCog
from bot.games.attack.commands import plan
from bot.games.attack.making import making
from bot.games.attack.steps import STEPS, battle_steps, pick_code, pick_from_code
from bot.games.attack.units import (
    lineup_code,
    lineup_from_code,
    parse_forces,
    parse_lineup,
    parse_ships,
    parse_troops,
    ships_value,
    troops_value,
)
from bot.models import ServiceError
from rules.attack import RULES
from rules.attack.actions import (
    Begin,
    Buy,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    March,
    Retreat,
    Sail,
    Ships,
    Troops,
)
from rules.attack.ai import AttackAI
from rules.attack.state import AttackState
from rules.core.dice import SeededRng

PARAMETERS = {
    c.name: {p.display_name: p.required for p in c.parameters} for c in AttackCog.__cog_app_commands__
}


def positions(seats: int, options: dict[str, object], seed: str, every: int) -> list[AttackState]:
    rng = SeededRng(seed)
    state, _ = RULES.setup(options, seats, rng)
    agents = [AttackAI(s) for s in range(seats)]
    found = []
    step = 0
    while RULES.result(state) is None:
        seat = RULES.to_act(state)[0]
        if step % every == 0 or state.army_battle or state.navy_battle:
            found.append(state)
        state, _ = RULES.apply(state, seat, agents[seat].choose(state, seat), rng)
        step += 1
    return found


@pytest.mark.parametrize(
    ("seats", "options", "seed"),
    [(3, {"map": "western"}, "cmd-west"), (4, {"map": "pacific"}, "cmd-pacific"), (5, {}, "cmd-world")],
    ids=["western", "pacific", "world"],
)
def test_every_legal_move_is_made_by_its_command_and_read_back_exactly(seats, options, seed) -> None:
    checked = 0
    for state in positions(seats, options, seed, every=9):
        for seat in RULES.to_act(state):
            for action in RULES.legal(state, seat):
                made = making(action)
                assert isinstance(made, Slash) and made.name.startswith("atk ")
                command = made.name.removeprefix("atk ")
                params = PARAMETERS[command]
                assert set(made.options) <= set(params), f"{made}: options /atk {command} lacks"
                assert all(name in made.options for name, required in params.items() if required)
                assert plan(command, made.options, state, seat) == action, f"{action!r} via {made}"
                checked += 1
    assert checked > 200


def test_an_action_with_its_first_step_is_one_command_and_one_move() -> None:
    """``/atk move from: to:`` (blitz, navigate, transport, build alike) with no action under way is one
    ``Begin`` carrying the step: every legal Begin with every step legal once it has begun comes back from
    its one command exactly; the same command once the action is under way is the step alone."""
    checked = set()
    for state in positions(3, {"map": "western"}, "cmd-west", every=3):
        if state.turn is not None or state.army_battle or state.navy_battle or state.stage.value != "season":
            continue
        seat = RULES.to_act(state)[0]
        for begin in (a for a in RULES.legal(state, seat) if isinstance(a, Begin)):
            begun, _ = RULES.apply(state, seat, begin, SeededRng("begun"))
            for step in RULES.legal(begun, seat):
                if not isinstance(step, March | Sail | Buy):
                    continue
                action = replace(begin, first=step)
                made = making(action)
                assert isinstance(made, Slash) and made.name == f"atk {begin.action}", made
                assert set(made.options) <= set(PARAMETERS[begin.action]), made
                assert plan(begin.action, made.options, state, seat) == action, f"{action!r} via {made}"
                later = {k: v for k, v in made.options.items() if k != "card"}  # (played at the Begin)
                assert plan(begin.action, later, begun, seat) == step
                checked.add(begin.action)
    assert checked == {"move", "blitz", "navigate", "transport", "build"}, checked


def test_units_ships_and_line_ups_read_back_what_they_write() -> None:
    for counts in ((3, 0, 1, 0), (1, 1, 1, 1), (0, 0, 0, 12), (0, 0, 0, 0)):
        assert parse_troops(troops_value(Troops(*counts))) == Troops(*counts)
        assert parse_ships(ships_value(Ships(*counts))) == Ships(*counts)
    assert parse_forces("2 inf, tank, 1 dd, 2 carriers") == (Troops(2, 0, 1, 0), Ships(0, 1, 0, 2))
    assert parse_lineup("2 destroyers, sub, carrier") == ("destroyer", "destroyer", "submarine", "carrier")
    assert lineup_from_code(lineup_code(("carrier", "submarine"))) == ("carrier", "submarine")
    assert pick_from_code(pick_code((2, 0, 1, 1))) == (2, 0, 1, 1) and pick_from_code("1.2") is None
    for bad, says in (
        ("3 tnks", "is not a unit"),
        ("lots of infantry", "is not a unit"),
        ("1000 infantry", "at most 999"),
    ):
        with pytest.raises(ServiceError) as refused:
            parse_troops(bad)
        assert says in refused.value.message
    with pytest.raises(ServiceError, match="not ships"):
        parse_troops("2 destroyers")
    with pytest.raises(ServiceError, match="1 to 8 ships"):
        parse_lineup("9 destroyers")


def test_the_buttons_make_the_moves_they_name() -> None:
    state = next(s for s in positions(3, {"map": "western"}, "cmd-west", every=4) if s.army_battle)
    assert STEPS.action("end", "", state) == EndAction()
    assert STEPS.action("fight", "", state) == FightOn() and STEPS.action("retreat", "", state) == Retreat()
    battle = state.army_battle
    assert battle is not None
    auto = STEPS.action("auto", "", state)
    assert isinstance(auto, Deploy) and sum(auto.army.counts()) == battle.need
    assert STEPS.action("deploy", "2.0.1.1", state) == Deploy(Troops(2, 0, 1, 1))
    assert STEPS.action("lineup", "dsc", state) == LineUp(("destroyer", "submarine", "carrier"))
    assert STEPS.action("nonsense", "", state) is None
    steps = battle_steps(RULES.view(state, None))
    assert [s.arg for s in steps] == ["atk.auto", "atk.deploy"] and all(s.menu for s in steps)


def test_a_command_that_cannot_be_read_says_why_in_a_sentence() -> None:
    state = positions(3, {"map": "western"}, "cmd-west", every=1000)[0]
    for command, options, says in (
        ("move", {"from": "germany"}, "Name both"),
        ("march", {"from": "germany", "to": "france"}, ""),
        ("lineup", {"ships": "galleons"}, "is not a ship"),
        ("move", {"card": "the ace of spades"}, "You hold no"),
    ):
        with pytest.raises(Exception) as refused:
            plan(command, options, state, RULES.to_act(state)[0])
        message = getattr(refused.value, "message", "")
        assert says in message and message.endswith(".") and (message[0].isupper() or message[0] == "“"), (
            message
        )
