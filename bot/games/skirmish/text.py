"""Skirmish as typed text, for the terminal client: commands shaped like the /sk slash commands.

``attack oakhollow sable_ford 5 troops 1 cannon dice 6``, ``exchange ironmoor 2 cav for cannon``,
``losses`` (the cheapest), ``skirmishes best`` or ``skirmishes 1 1 2``, ``card 3 2`` (card 3 on skirmish 2),
``orders defend=all assign=best cards_from=2``. Territories are ids (``sable_ford``) or names without
spaces (``sableford``). ``describe`` writes every action back as the command that makes it.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence

from bot.commands import CLIENT_COMMANDS, PlainText, unknown_command
from bot.games.skirmish.presenter import ORDER_FIELDS
from bot.games.skirmish.steps import battle_answer
from bot.games.skirmish.units import numbers_text, parse_numbers, parse_units, unit_type, units_text
from bot.models import ServiceError
from bot.parsing import is_count, quoted, whole_number
from rules.core.errors import IllegalAction
from rules.core.events import Action
from rules.core.names import did_you_mean, normalise
from rules.core.words import counted
from rules.skirmish import actions as sk
from rules.skirmish.battle import flow
from rules.skirmish.board import lookup, skirmish_map
from rules.skirmish.pieces import NONE, Units, pieces
from rules.skirmish.state import SkirmishState, StandingOrders
from rules.skirmish.views import SkirmishView

STYLES = {
    "skirmishes": ("assign", ("best", "highest", "lowest")),
    "extradice": ("extra", ("best", "highest", "lowest")),
    "order": ("order", ("best", "formed")),
    "occupy": ("occupy", ("advance", "one", "all")),
}
SIMPLE: dict[str, Action] = {
    "reinforce": sk.Reinforce(),
    "draw": sk.DrawCard(),
    "pass": sk.Pass(),
    "end": sk.EndPhase(),
}


# Every word a Skirmish command may begin with, the game's and the terminal's own: a slip ("plce") gets
# the likely one.
KNOWN = (
    *SIMPLE,
    *STYLES,
    "extra",
    "place",
    "exchange",
    "attack",
    "move",
    "defend",
    "losses",
    "card",
    "counter",
    "discard",
    "orders",
    *(name for entry, _ in CLIENT_COMMANDS for name in entry.replace("/", " ").split() if name.isalpha()),
    "quit",
)

# The generic parser also takes an action's class name (``take_losses``, ``takelosses``).
ACTION_NAMES = {cls.__name__.lower() for cls in typing.get_args(sk.SkirmishAction)}


def _territory_words(words: Sequence[str], first: bool = False) -> tuple[str, list[str]]:
    """The territory at the front of ``words`` (names may have spaces: ``elder fen``) and the words
    after it. Its words run to the first number or keyword; ``first``: another territory follows, so
    the longest run of words that names one is taken (``attack elder fen sable ford``)."""
    end = next(
        (i for i, w in enumerate(words) if i and (is_count(w) or w.lower() in ("dice", "counters"))),
        len(words),
    )
    if not words:
        return "", []
    if first:
        board = skirmish_map()
        for length in range(min(end, 4), 0, -1):
            try:
                lookup(board, " ".join(words[:length]))
            except IllegalAction:
                continue
            if length < end or not first:
                return " ".join(words[:length]), list(words[length:])
        return words[0], list(words[1:])
    return " ".join(words[:end]), list(words[end:])


def _split(words: Sequence[str], keys: Sequence[str]) -> dict[str, str]:
    """``5 troops dice 4`` with keys (dice,) -> {"": "5 troops", "dice": "4"}."""
    parts: dict[str, list[str]] = {"": []}
    current = ""
    for word in words:
        if word.lower() in keys:
            current = word.lower()
            parts[current] = []
        else:
            parts[current].append(word)
    return {k: " ".join(v) for k, v in parts.items()}


def _count(text: str | None, what: str) -> int | None:
    return whole_number(text, what, 0, 99) if text else None


def parse_orders(words: Sequence[str]) -> StandingOrders:
    """``defend=all cards_from=2``: the whole set of standing orders (a field not named, or ``ask``: the
    step waits for you; ``orders clear`` or ``orders none``: none at all). A field may be written as it is
    shown, with a space (``cards from=2``). (``orders`` alone is refused by ``SkirmishText.parse``.)"""
    fields = ", ".join(f.replace("_", " ") for f in ORDER_FIELDS)
    values: dict[str, str | int | None] = dict.fromkeys(ORDER_FIELDS)
    before = ""  # the first words of a field written with spaces: "cards" of "cards from=2"
    for word in words:
        if word.lower() in ("clear", "none"):
            continue
        field, equals, value = word.partition("=")
        if not equals and not before:
            before = field
            continue
        typed = f"{before} {field}".strip()
        before = ""
        field = normalise(typed).replace("cardsfrom", "cards_from")
        if field not in ORDER_FIELDS or not value:
            raise ServiceError(
                "bad_order",
                f"Orders are written field=value ({fields}), not “{quoted(typed + equals + value)}”.",
            )
        if value.lower() == "ask":
            values[field] = None
        elif field == "cards_from":
            values[field] = whole_number(value, "Cards from", 0, 99)
        else:
            values[field] = value.lower()
    if before:
        raise ServiceError("bad_order", f"Orders are written field=value ({fields}), not “{quoted(before)}”.")
    cards_from = values.pop("cards_from")
    return StandingOrders(
        cards_from=cards_from if isinstance(cards_from, int) else None,
        **{k: v if isinstance(v, str) else None for k, v in values.items()},
    )


class SkirmishText(PlainText):
    verbs: Mapping[str, str] = {"discard": "Discard", "counter": "PlaceCounter"}
    help: Sequence[tuple[str, str]] = (
        ("reinforce | draw | extra move | extra exchange", "a standard action (two a turn)"),
        ("place <territory> <troops>", "place reinforcement troops"),
        (
            "exchange <territory> <units> for <type>",
            "trade units in, e.g. exchange oakhollow 2 cav for cannon",
        ),
        ("attack <from> <to> [units] [dice N] [counters N]", "attack (default: the strongest ten)"),
        ("move <from> <to> <units>", "the free move"),
        ("defend [units] [dice N] [counters N]", "defend (default: everything)"),
        ("losses [units] [traded units] [territory units]", "pay what is owed (default: the cheapest)"),
        ("skirmishes best|highest|lowest | 1 1 2 [territory units]", "form the skirmishes"),
        ("extradice best|highest|lowest | 1 2", "add your extra dice to skirmishes"),
        ("counter <skirmish> [n] | card <n|name> [skirmish|territory] | pass", "counters and cards"),
        ("order best|formed | 2 1 3", "the order of resolution"),
        ("occupy advance|one|all | <units>", "share the winners out"),
        ("discard <n|name> | end", "discard a card; finish the step"),
        (
            "orders defend=all assign=best cards from=2 ...",
            "your standing orders, all at once (orders clear: none)",
        ),
    )
    note = "Territories by name, like sable ford or Sable Ford; units like 3 troops, 1 cannon."

    def parse(self, words: Sequence[str], state: SkirmishState | None) -> Action | None:
        verb, rest = words[0].lower(), list(words[1:])
        if verb == "extra" and rest and rest[0].lower() == "dice":  # as the prompt says it: "extra dice"
            verb, rest = "extradice", rest[1:]
        if verb in SIMPLE and not rest:
            return SIMPLE[verb]
        if verb == "extra":
            if len(rest) == 1 and rest[0].lower() in ("move", "exchange"):
                return sk.ExtraMove() if rest[0].lower() == "move" else sk.ExtraExchange()
            shown = {"move": "extra move", "exchange": "extra exchange"}
            hint = did_you_mean(rest[0].lower(), shown, shown) if len(rest) == 1 else ""
            raise ServiceError("bad_command", f"An extra action is extra move or extra exchange.{hint}")
        if verb == "place" and len(rest) >= 2:
            if len(rest) >= 3 and rest[-1].lower() in ("troop", "troops"):  # "place elder fen 4 troops"
                rest = rest[:-1]
            return sk.Place(" ".join(rest[:-1]), whole_number(rest[-1], "The number of troops", 1, 999))
        if verb == "exchange" and len(rest) >= 4 and rest[-2].lower() == "for":
            get = unit_type(rest[-1])  # the forms a unit list takes (cav, gen, cannons), as help shows
            where, given = _territory_words(rest[:-2])
            return sk.Exchange(where, parse_units(" ".join(given)), get)
        if verb in ("attack", "move") and len(rest) >= 2:
            return self._attack_or_move(verb, rest, state)
        if verb == "defend":
            parts = _split(rest, ("dice", "counters"))
            units = parts[""].strip()
            if not units or units.lower() == "all":
                held = _held(state)
                return sk.Defend(
                    held, _count(parts.get("dice"), "dice"), _count(parts.get("counters"), "counters")
                )
            return sk.Defend(
                parse_units(units),
                _count(parts.get("dice"), "dice"),
                _count(parts.get("counters"), "counters"),
            )
        if verb == "losses":
            if not rest and state is not None:
                return battle_answer("losses", "", state)
            parts = _split(rest, ("traded", "territory"))
            return sk.TakeLosses(*(parse_units(parts.get(k, "")) for k in ("", "traded", "territory")))
        if verb in STYLES and len(rest) == 1 and rest[0].lower() in STYLES[verb][1] and state is not None:
            return battle_answer(STYLES[verb][0], rest[0].lower(), state)
        if verb == "skirmishes" and rest:
            parts = _split(rest, ("territory",))
            return sk.AssignDice(
                parse_numbers(parts[""], "The dice", 1, 99), parse_units(parts.get("territory", ""))
            )
        if verb == "extradice" and rest:
            return sk.AssignExtra(parse_numbers(" ".join(rest), "The skirmishes", 1, 99))
        if verb == "order" and rest:
            return sk.OrderSkirmishes(parse_numbers(" ".join(rest), "The order", 1, 99))
        if verb == "occupy" and rest:
            return sk.Occupy(parse_units(" ".join(rest)))
        if verb == "card" and rest:
            card, rest = _held_card(rest, state)
            if len(rest) == 1 and is_count(rest[0]):
                return sk.PlayCard(card, int(rest[0]))
            return sk.PlayCard(card, None, " ".join(rest) if rest else None)
        if verb == "discard" and rest and not is_count(rest[0]) and state is not None:
            card, rest = _held_card(rest, state)
            if not rest:
                return sk.Discard(card)
        if verb == "orders":
            if not rest:  # not "clear them all": a newcomer types it to see the orders
                raise ServiceError(
                    "bad_command",
                    "Write the orders to set (orders defend=all losses=cheapest), or orders clear to clear "
                    "them; cards shows the orders set now.",
                )
            return sk.SetOrders(parse_orders(rest))
        if verb not in KNOWN and verb.replace("_", "") not in ACTION_NAMES:
            raise unknown_command(verb, KNOWN)
        return None

    @staticmethod
    def _attack_or_move(verb: str, rest: list[str], state: SkirmishState | None) -> Action:
        source, after = _territory_words(rest, first=True)
        target, after = _territory_words(after)
        parts = _split(after, ("dice", "counters"))
        if verb == "move":
            return sk.Move(source, target, parse_units(parts[""]))
        units = parse_units(parts[""]) if parts[""].strip() else None  # None: the engine's strongest ten
        return sk.Attack(
            source,
            target,
            units,
            _count(parts.get("dice"), "dice"),
            _count(parts.get("counters"), "counters"),
        )

    def describe(self, action: Action) -> str | None:
        if isinstance(action, sk.Reinforce | sk.DrawCard | sk.Pass | sk.EndPhase):
            return next(v for v, a in SIMPLE.items() if type(a) is type(action))
        if isinstance(action, sk.ExtraMove | sk.ExtraExchange):
            return "extra move" if isinstance(action, sk.ExtraMove) else "extra exchange"
        if isinstance(action, sk.Place):
            return f"place {action.territory} {action.troops}"
        if isinstance(action, sk.Exchange):
            return f"exchange {action.territory} {units_text(action.give)} for {action.get}"
        if isinstance(action, sk.Attack):
            extra = (f" dice {action.dice}" if action.dice is not None else "") + (
                f" counters {action.counters}" if action.counters is not None else ""
            )
            units = "" if action.units is None else f" {units_text(action.units)}"
            return f"attack {action.source} {action.target}{units}{extra}"
        if isinstance(action, sk.Move):
            return f"move {action.source} {action.target} {units_text(action.units)}"
        if isinstance(action, sk.Defend):
            extra = (f" dice {action.dice}" if action.dice is not None else "") + (
                f" counters {action.counters}" if action.counters is not None else ""
            )
            return f"defend {units_text(action.units)}{extra}"
        if isinstance(action, sk.TakeLosses):
            parts = [f"losses {units_text(action.units)}"]
            parts += [f"traded {units_text(action.traded)}"] if action.traded.total else []
            parts += [f"territory {units_text(action.territory)}"] if action.territory.total else []
            return " ".join(parts)
        if isinstance(action, sk.AssignDice):
            lost = f" territory {units_text(action.territory)}" if action.territory.total else ""
            return f"skirmishes {numbers_text(action.against)}{lost}"
        if isinstance(action, sk.AssignExtra):
            return f"extradice {numbers_text(action.to)}"
        if isinstance(action, sk.PlaceCounter):
            return f"counter {action.skirmish} {action.counters}"
        if isinstance(action, sk.PlayCard):
            where = action.skirmish if action.skirmish is not None else action.territory
            return f"card {action.card}" + (f" {where}" if where is not None else "")
        if isinstance(action, sk.OrderSkirmishes):
            return f"order {numbers_text(action.order)}"
        if isinstance(action, sk.Occupy):
            return f"occupy {units_text(action.units)}"
        if isinstance(action, sk.SetOrders):
            given = [
                f"{f}={getattr(action.orders, f)}"
                for f in ORDER_FIELDS
                if getattr(action.orders, f) is not None
            ]
            return "orders " + (" ".join(given) or "clear")
        return None

    def situation(self, view: SkirmishView) -> str:
        """``attack`` or ``battle: defend`` or ``place 4``: what the game waits for."""
        waiting = view.waiting
        if waiting is None:
            return str(view.phase.value)
        if view.battle is not None:
            where = view.battle.defender.territory  # its id (elder_fen): the prompt shows its name
            name = next((t.name for t in view.territories if t.id == where), where.replace("_", " "))
            return f"battle for {name}: {waiting.step}"
        if waiting.step == "place":
            return f"place {view.placing}"
        extra = (
            f", {counted(view.actions_left, 'standard action')} left"
            if view.phase.value == "standard"
            else ""
        )
        return f"{view.phase.value}{extra}"

    def notice(self, state: SkirmishState) -> str | None:
        """What a battle waits for, with the command that answers it by default."""
        if state.battle is None:
            return None
        asked = flow.waiting(state.battle)
        if asked is None:
            return None
        step = asked[1]
        default = {
            "defend": "defend",
            "losses": "losses",
            "assign": "skirmishes best",
            "extra": "extradice best",
            "cards": "pass",
            "order": "order best",
            "occupy": "occupy advance",
        }[step]
        return f"The battle waits for you to {flow.PROMPTS[step]} (default: {default})."


def _held_card(words: list[str], state: SkirmishState | None) -> tuple[int, list[str]]:
    """The card at the front of ``words`` and the words after it: its number (``card 4 2``), or its name
    in the hand of the seat to act, spaces and all (``card stand fast``, ``card push 2``)."""
    if is_count(words[0]) or state is None:
        return whole_number(words[0], "The card", 0, 999), words[1:]
    waiting = flow.waiting(state.battle) if state.battle is not None else None
    seat = waiting[0] if waiting is not None else state.current
    kinds = pieces().cards
    held = {normalise(kinds[card].name): card for card in state.hands[seat]}
    for length in range(len(words), 0, -1):
        card = held.get(normalise(" ".join(words[:length])))
        if card is not None:
            return card, words[length:]
    name = " ".join(w for w in words if not is_count(w))
    shown = {key: kinds[card].name for key, card in held.items()}
    hint = did_you_mean(normalise(name), shown, shown)
    raise ServiceError(
        "no_such_card", f"You hold no “{quoted(name)}” card; cards shows yours, with their numbers.{hint}"
    )


def _held(state: SkirmishState | None) -> Units:
    """Every unit in the attacked territory (``defend`` with no units named)."""
    if state is None or state.battle is None:
        return NONE
    return state.units[state.battle.target]


TEXT = SkirmishText()
