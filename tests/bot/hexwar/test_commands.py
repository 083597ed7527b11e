"""The /hex commands without Discord: every move ``legal`` offers has a slash command with those options,
autocomplete names what is legal, typed commands read back as the moves they describe, the rules' own
timer is the turn's clock, and the presenter's words."""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from bot.commands import action_from_words, describe_action
from bot.game import Slash
from bot.games.hexwar import GAME
from bot.games.hexwar import choices as pick
from bot.games.hexwar.cog import HexWarCog
from bot.games.hexwar.presenter import PRESENTER
from bot.models import ServiceError
from rules.hexwar import RULES
from rules.hexwar.actions import CancelOrder, Move, SubmitOrders
from rules.hexwar.options import make_options
from rules.hexwar.state import Phase
from rules.hexwar.text import order_text
from rules.hexwar.units import TANK
from tests.render.hexwar import samples


def commands() -> dict[str, set[str]]:
    """Each /hex subcommand with the option names a player sees (``from``, not ``source``)."""
    cog = HexWarCog(host=None)  # type: ignore[arg-type]
    return {f"hex {c.name}": {p.display_name for p in c.parameters} for c in cog.app_command.commands}


def positions() -> list[Any]:
    hexes, _ = samples.played(3, "sample-3", "twenty_hexes")
    units, _ = samples.played(2, "sample-2", "units")
    return [hexes, units, samples.with_orders()]


def test_every_move_legal_offers_is_a_slash_command_with_those_options() -> None:
    table = commands()
    for state in positions():
        for seat in RULES.to_act(state):
            for action in RULES.legal(state, seat):
                made = GAME.making(action)
                assert isinstance(made, Slash) and made.name in table, made
                assert set(made.options) <= table[made.name], (made, table[made.name])


def test_autocomplete_offers_hex_names_from_what_is_legal() -> None:
    state, _ = samples.played(3, "sample-3", "twenty_hexes")
    seat = RULES.to_act(state)[0]
    free = [value for _, value in pick.free_cells(state, "")]
    legal_cells = {a.at for a in RULES.legal(state, seat)}  # type: ignore[attr-defined]
    assert set(free) == legal_cells
    assert all(value.startswith("E") for _, value in pick.free_cells(state, "e"))
    orders = samples.with_orders()
    sources = [value for _, value in pick.unit_sources(orders, 1, "")]
    moves = [a for a in RULES.legal(orders, 1) if isinstance(a, Move)]
    assert {m.source for m in moves} <= set(sources)
    source = moves[0].source
    targets = {value for _, value in pick.move_targets(orders, 1, source, moves[0].unit, "")}
    assert {m.target for m in moves if m.source == source and m.unit == moves[0].unit} <= targets
    written = pick.written_orders(orders, 0, "")
    assert [value for _, value in written] == [str(n) for n in range(1, len(orders.orders[0]) + 1)]


def test_typed_orders_read_back_as_the_moves_they_describe() -> None:
    state = samples.with_orders()
    for order in state.orders[0]:
        words = describe_action(GAME, order).split()
        assert action_from_words(GAME, words, state) == order
    assert action_from_words(GAME, ["submit"], state) == SubmitOrders()
    assert action_from_words(GAME, ["hold"], state) == SubmitOrders(hold=True)
    assert action_from_words(GAME, ["cancel", "2"], state) == CancelOrder(2)
    assert pick.parse_cargo("2 inf") == ("inf", "inf") and pick.parse_cargo("Tank") == (TANK,)
    with pytest.raises(ServiceError, match="carries 2 infantry"):
        pick.parse_cargo("inf inf inf")


def test_a_move_without_a_count_takes_every_free_unit_there() -> None:
    state, _ = samples.played(3, "sample-3", "round3")
    seat = 1
    source, stack = next(
        (h.name, s) for h in RULES.view(state, None).hexes for s in h.units if s.seat == seat and not s.cargo
    )
    assert pick.default_count(state, seat, source, stack.unit) == stack.count


@pytest.mark.parametrize(
    ("timer", "hours"),
    [("post", [48, 48, 42, 36, 30, 24, 18, 12, 12]), ("live", [210, 210, 180, 150, 120, 90, 60, 30, 30])],
)
def test_the_rules_timer_is_the_turns_clock(timer: str, hours: list[int]) -> None:
    """Setup turns get round 1's time; then the deadline shrinks each round to its floor (post: hours,
    6 fewer a round down to 12; live: the document's 3 min 30 s, 30 s fewer down to 30 s)."""
    unit = 3600 if timer == "post" else 1
    state, _ = samples.played(2, "sample-2", "units")
    options = make_options({"timer": timer})
    for number, expected in enumerate(hours):
        phase = Phase.UNITS if number == 0 else Phase.ORDERS
        shown = replace(state, options=options, round=number, phase=phase)
        assert RULES.turn_seconds(shown) == expected * unit, (timer, number)
    assert RULES.turn_seconds(replace(state, phase=Phase.OVER)) is None
    assert not RULES.anytime(SubmitOrders()) and not RULES.anytime(Move("A1", "A2", "inf"))


def test_the_presenter_tells_standings_own_orders_and_what_happened_since_ones_last_move() -> None:
    state = samples.with_orders()
    mine = RULES.view(state, 0)
    text = PRESENTER.private_text(mine)
    assert text is not None and "Money left" in text
    assert text.splitlines()[:2] == [
        f"Hex war has no cards. Your orders for round {state.round} (only you see them):",
        f"1. {order_text(state.orders[0][0])}",
    ]
    assert PRESENTER.private_text(RULES.view(state, None)) is None
    standing = PRESENTER.standing(RULES.view(state, None), 0)
    assert standing is not None and "hexes" in standing and "writing orders" in standing
    _, events = samples.round_2p()
    lines = PRESENTER.digest(
        events, 0, ["Ann", "Ben"], RULES.view(samples.played(2, "sample-2", "round3")[0], 0)
    )
    assert any(line.startswith("— Round 3 begins") for line in lines)
    assert any("took" in line for line in lines) and not any("wrote order" in line for line in lines)
