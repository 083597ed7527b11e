"""Each /atk command, as the engine's one action: ``plan("move", {"from": "germany", "to": "france"},
state, seat)`` (an action begun with its first step is one ``Begin``). The slash commands (``cog.py``)
call it with their options, and the tests check that every move ``legal`` offers comes back from the
command ``making`` names for it. Options are the slash options by their shown names (``from``, ``to``,
``units``...), absent or None when left out. Pure: no Discord."""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.attack import orders
from bot.games.attack.places import clockwise
from bot.games.attack.units import parse_forces, parse_lineup, parse_ships, parse_troops
from bot.models import ServiceError
from bot.parsing import quoted
from rules.attack.actions import (
    Burn,
    ChooseDirection,
    ChooseGovernment,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    Negotiate,
    Pass,
    PlaceCapital,
    Retreat,
)
from rules.attack.state import AttackState
from rules.attack.tables import GOVERNMENTS, SUITS
from rules.core.events import Action
from rules.core.names import did_you_mean, normalise

Options = Mapping[str, object]
SUITS_TYPED = {"rail_transport": "rail", "railtransport": "rail", "railway": "rail", "railways": "rail"}


def _text(options: Options, name: str) -> str | None:
    value = options.get(name)
    return None if value is None or value == "" else str(value)


def plan(command: str, options: Options, state: AttackState, seat: int) -> Action:
    """The action ``/atk <command>`` with ``options`` asks for."""
    orders.in_step(state, command)
    card = orders.card_id(state, seat, _text(options, "card"))
    if command == "government":
        return ChooseGovernment(
            government_named(str(options["government"])), economics_named(str(options["economics"]))
        )
    if command == "capital":
        named = tuple(p.strip() for p in (_text(options, "outposts") or "").split(",") if p.strip())
        return PlaceCapital(str(options["region"]), named)
    if command == "direction":
        return ChooseDirection(clockwise(_text(options, "way")))
    if command in ("move", "transport", "march"):
        return _marching(command, options, state, seat, card)
    if command == "blitz":
        target = str(options["target"])
        source = _text(options, "from")
        units = _text(options, "units")
        step = None
        if source:
            step = orders.march(
                state, seat, "blitz", source, target, parse_troops(units) if units else None, card, target
            )
        return orders.begin(state, seat, "blitz", card, step, target)
    if command == "navigate":
        return _navigate(options, state, seat, card)
    if command == "build":
        where = _text(options, "region")
        purchase = None
        if where:
            bought, built = parse_forces(_text(options, "units"))
            purchase = orders.buy(state, where, bought, built)
        return orders.begin(state, seat, "build", card, purchase)
    if command == "negotiate":
        return Negotiate(_text(options, "region"), card)
    if command == "research":
        units, ships = _text(options, "units"), _text(options, "ships")
        suit, region = str(options["suit"]), str(options["region"])
        if units is None and ships is None:
            return orders.research(state, seat, suit, region, None, None, card)
        return orders.research(state, seat, suit, region, parse_troops(units), parse_ships(ships), card)
    simple: dict[str, Action] = {"pass": Pass(), "end": EndAction(), "retreat": Retreat(), "fight": FightOn()}
    if command in simple:
        return simple[command]
    if command == "burn":
        return Burn(_text(options, "oil_marker"))
    if command == "deploy":
        return Deploy(parse_troops(_text(options, "units")))
    if command == "lineup":
        return LineUp(parse_lineup(_text(options, "ships") or ""))
    raise ServiceError("unknown_command", f"/atk has no command “{command}”.")


def _navigate(options: Options, state: AttackState, seat: int, card: int | None) -> Action:
    start, goal = _text(options, "from"), _text(options, "to")
    if bool(start) != bool(goal):
        raise ServiceError("from_and_to", "Name both where the ships sail from and where to.")
    step = None
    if start and goal:
        ships, army = _text(options, "ships"), _text(options, "army")
        fleet = parse_ships(ships) if ships else None
        step = orders.sail(state, seat, start, goal, fleet, parse_troops(army) if army else None, card)
    return orders.begin(state, seat, "navigate", card, step)


def _marching(command: str, options: Options, state: AttackState, seat: int, card: int | None) -> Action:
    source, target, units = _text(options, "from"), _text(options, "to"), _text(options, "units")
    if bool(source) != bool(target):
        raise ServiceError(
            "from_and_to", "Name both where the units go from and where to (or neither, to begin)."
        )
    step = None
    if source and target:
        step = orders.march(
            state, seat, command, source, target, parse_troops(units) if units else None, card
        )
    if command != "march":
        return orders.begin(state, seat, command, card, step)
    turn = state.turn
    if step is None:
        raise ServiceError("from_and_to", "Name where the units go from and where to.")
    if turn is None or turn.seat != seat or turn.kind not in orders.MARCHING:
        raise ServiceError(
            "begin_first", "Begin a Move, Blitz or Transport first (/atk move, /atk blitz, /atk transport)."
        )
    return step


def suit_named(word: str) -> str:
    """An economics suit as the engine keys it: ``rail transport`` and ``Rail`` are ``rail``."""
    key = normalise(word)
    return SUITS_TYPED.get(key, key)


def government_named(word: str) -> str:
    """A government as typed, with the likely one for a slip ("facism": Did you mean fascism?)."""
    key = word.lower()
    if key not in GOVERNMENTS:
        hint = did_you_mean(key, GOVERNMENTS)
        raise ServiceError(
            "no_government", f"Governments are {', '.join(GOVERNMENTS)}; not “{quoted(word)}”.{hint}"
        )
    return key


def economics_named(words: str) -> str:
    """A government's starting economics card as typed (``rail transport`` is ``rail``), with the likely
    one for a slip; a word near none is left to the engine, which names the cards that government may
    start with."""
    suit = suit_named(words)
    hint = did_you_mean(suit, SUITS)
    if suit not in SUITS and hint:
        raise ServiceError("no_suit", f"There is no economics card “{quoted(words)}”.{hint}")
    return suit
