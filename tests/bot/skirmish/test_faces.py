"""The Skirmish faces without Discord: every move ``legal`` offers can be made with a /sk command and typed in
the terminal (and reads back as itself), every next-step button makes a move the engine accepts, units
read as players write them, and the presenter keeps private things to their owner."""

from __future__ import annotations

import pytest

from bot.commands import action_from_words
from bot.gamelog import encode, row_lines
from bot.games.skirmish import GAME
from bot.games.skirmish.cog import SkirmishCog
from bot.games.skirmish.making import making
from bot.games.skirmish.orders import answered_now, without_step
from bot.games.skirmish.presenter import PRESENTER
from bot.games.skirmish.steps import STEPS
from bot.games.skirmish.text import TEXT
from bot.games.skirmish.units import parse_numbers, parse_units, units_text
from bot.models import ServiceError
from bot.store import LogRecord
from rules.core.conformance import play
from rules.core.dice import SeededRng
from rules.core.events import Event
from rules.skirmish import RULES
from rules.skirmish.actions import Defend, SetOrders
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.events import OrdersSet, TurnBegan
from rules.skirmish.pieces import Units
from rules.skirmish.state import SkirmishState, StandingOrders

COMMANDS = {f"sk {c.name}" for c in SkirmishCog.__cog_app_commands__}


def positions(seats: int = 3, seed: str = "faces") -> list[tuple[SkirmishState, list[Event]]]:
    """Every position of a short AI game, with the events that led to it."""
    found: list[tuple[SkirmishState, list[Event]]] = []

    def keep(before: object, after: SkirmishState, action: object, events: list[Event]) -> None:
        found.append((after, events))

    play(RULES, seats, [SkirmishAI(s) for s in range(seats)], seed, {"round_limit": 2}, check=keep)
    return found


POSITIONS = positions()


def test_units_read_as_players_write_them() -> None:
    assert parse_units("3 troops, 1 cannon") == Units(troop=3, cannon=1)
    assert parse_units("2 cav and a general") == Units(cavalry=2, general=1)
    assert parse_units("5") == Units(troop=5) and parse_units("none") == Units()
    for counts in [(1, 0, 0, 0), (3, 2, 1, 1), (0, 0, 2, 0), (0, 1, 0, 2)]:
        assert parse_units(units_text(Units.of(list(counts)))) == Units.of(list(counts))
    for bad in ("3 dragons", "3 troops; 1 cannon", "²", "9999 troops"):
        with pytest.raises(ServiceError):
            parse_units(bad)
    assert parse_numbers("#2, #1 3", "The order", 1, 9) == (2, 1, 3)
    with pytest.raises(ServiceError):
        parse_numbers("1 x", "The order", 1, 9)


def test_every_legal_move_has_a_command_and_reads_back_from_the_terminal() -> None:
    kinds = set()
    for state, _ in POSITIONS[::3]:
        for seat in RULES.to_act(state):
            for action in RULES.legal(state, seat):
                made = making(action)
                assert made.name in COMMANDS, made  # type: ignore[union-attr]
                words = (TEXT.describe(action) or "").split()
                assert action_from_words(GAME, words, state) == action, words
                kinds.add(type(action).__name__)
    assert {
        "Attack",
        "Defend",
        "AssignDice",
        "OrderSkirmishes",
        "Occupy",
        "Place",
        "Exchange",
        "Move",
    } <= kinds
    orders = SetOrders(StandingOrders(defend="all", cards_from=2))
    assert making(orders).name == "sk orders" and TEXT.parse(TEXT.describe(orders).split(), None) == orders  # type: ignore[union-attr]


def test_every_next_step_button_makes_a_move_the_engine_accepts() -> None:
    verbs = set()
    for state, events in POSITIONS:
        view = RULES.view(state, None)
        public = [e for e in (RULES.redact(e, None) for e in events) if e is not None]
        for step in STEPS.next(view, public):
            if step.menu:
                continue
            action = STEPS.action(step.verb, step.arg, state)
            assert action is not None, step
            RULES.apply(state, RULES.to_act(state)[0], action, SeededRng("buttons"))  # raises if refused
            verbs.add(step.verb)
    assert {"reinforce", "front", "defend", "assign", "order", "occupy", "end"} <= verbs


def test_a_button_clicked_when_its_step_has_passed_gets_the_engines_refusal() -> None:
    state = next(s for s, _ in POSITIONS if s.battle is None and s.placing is None)
    action = STEPS.action("defend", "", state)
    assert action == Defend(Units())
    with pytest.raises(Exception, match="no battle"):
        RULES.apply(state, state.current, action, SeededRng("late"))


def test_orders_for_the_step_waiting_now_are_split_off_so_they_stay_secret() -> None:
    state = next(s for s, _ in POSITIONS if s.battle is not None and s.battle.stage.value == "defend")
    defender = state.battle.defender.seat  # type: ignore[union-attr]
    orders = StandingOrders(defend="all", order="best")
    assert isinstance(answered_now(state, defender, orders), Defend)
    assert answered_now(state, defender, StandingOrders(order="best")) is None
    assert answered_now(state, state.battle.attacker.seat, orders) is None  # type: ignore[union-attr]
    assert without_step(state, orders) == StandingOrders(order="best")


def test_private_text_is_the_viewers_own_and_the_public_gets_none() -> None:
    state = next(s for s, _ in reversed(POSITIONS) if any(s.hands))
    holder = next(seat for seat, hand in enumerate(state.hands) if hand)
    mine = PRESENTER.private_text(RULES.view(state, holder)) or ""
    assert all(f"#{card} " in mine for card in state.hands[holder])
    assert PRESENTER.private_text(RULES.view(state, None)) is None
    other = (holder + 1) % state.players
    theirs = PRESENTER.private_text(RULES.view(state, other)) or ""
    assert all(f"#{card} " not in theirs for card in state.hands[holder] if card not in state.hands[other])
    assert PRESENTER.standing(RULES.view(state, None), holder)


def test_help_names_the_commands_and_fits_discord() -> None:
    # /help shows one game's paragraph at a time; tests/bot/test_help.py checks the whole text fits.
    assert GAME.command == "sk" and len(GAME.help) < 3000
    for rule in ("5 dice to 1", "rout", "Stand Fast", "higher ground"):  # enough to play a battle by
        assert rule in GAME.help
    for command in ("reinforce", "attack", "defend", "skirmishes", "pass", "order", "orders", "hand"):
        assert f"/sk {command}" in GAME.help


def test_a_standing_order_that_answered_a_step_stays_secret_in_the_log_while_the_game_runs() -> None:
    """An order set while a battle waits on it is applied at once, so its row has public events too;
    the order itself (the row's headline) is still its owner's alone until the game ends."""
    orders = StandingOrders(defend="all")
    row = LogRecord(
        seq=7,
        kind="action",
        seat=1,
        user_id=None,
        action=encode(SetOrders(orders)),
        events=encode([OrdersSet(1, orders), TurnBegan(0, 3, 1)]),
        at="",
    )
    names = ["Ann", "Bo", "Cy"]
    others = row_lines(RULES, row, names, viewer=0, ended=False)
    assert others[0] == "Bo: a move kept secret until it is revealed"
    assert others[1:] == ["    — Round 1, turn 3: Ann to play."]  # the public event shows, not the order
    own = row_lines(RULES, row, names, viewer=1, ended=False)
    assert own[0].startswith("Bo: set orders") and "defend" in own[0]
    assert row_lines(RULES, row, names, viewer=0, ended=True)[0] == own[0]


def test_the_standing_counts_in_words_one_card_not_1_cards() -> None:
    """The status read "1 cards" for a player holding one card."""
    state = next(s for s, _ in POSITIONS if any(len(h) == 1 for h in s.hands))
    holder = next(seat for seat, hand in enumerate(state.hands) if len(hand) == 1)
    standing = PRESENTER.standing(RULES.view(state, None), holder) or ""
    assert " · 1 card · " in standing and "1 cards" not in standing
