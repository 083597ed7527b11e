"""Attack! as typed text, for the terminal client: verbs shaped like the /atk slash commands.

An action is begun by its verb (``move``, ``blitz france``, ``navigate``, ``build``, each with ``card 12``
if you play one) and its steps follow: ``march germany france 3 infantry, 1 tank``, ``sail germany north
sea 2 destroyers with 2 infantry``, ``buy germany 3 infantry, 1 destroyer``, then ``end``. The verb with a
step's details begins the action and takes that step as one move, as ``/atk move from to`` does
(``move germany france``, ``blitz france germany``, ``navigate germany north sea``, ``build germany 3
infantry``); during the action the same command takes the step alone. Battles: ``deploy 2 infantry, 1
tank, 1 plane`` (no units: the strongest line), ``lineup destroyer, carrier`` (no ships: the default
order), ``retreat`` or ``fight``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from bot.commands import CLIENT_COMMANDS, PlainText, unknown_command
from bot.games.attack import orders
from bot.games.attack.commands import SUITS_TYPED, economics_named, government_named, suit_named
from bot.games.attack.places import CLOCKWISE, COUNTER, clockwise, place_and_rest, places
from bot.games.attack.units import (
    forces_value,
    parse_forces,
    parse_lineup,
    parse_ships,
    parse_troops,
    ships_value,
    troops_value,
)
from bot.models import ServiceError
from bot.parsing import quoted
from rules.attack.actions import (
    Begin,
    Burn,
    Buy,
    ChooseDirection,
    ChooseGovernment,
    Deploy,
    EndAction,
    FightOn,
    LineUp,
    March,
    Negotiate,
    Pass,
    PlaceCapital,
    Research,
    Retreat,
    Sail,
    Troops,
)
from rules.attack.battle.lines import default_lineup, strongest_line
from rules.attack.battle.navy import side_of
from rules.attack.common import board_of
from rules.attack.engine import to_act
from rules.attack.state import AttackState, Stage
from rules.attack.tables import CARD_KINDS, NAVY_TYPES
from rules.attack.views import AttackView
from rules.core.events import Action
from rules.core.names import normalise

HELP: tuple[tuple[str, str], ...] = (
    ("government <gov> <card>", "setup: government fascism minerals"),
    ("capital <region> [<region> <region>]", "setup: capital britain france (the outposts after it)"),
    ("direction clockwise|counter-clockwise", "you start the year: the direction of play (cw, ccw)"),
    ("move | transport | navigate | build", "begin the season's action (add card <n> to play a card)"),
    (
        "move <from> <to> [units]",
        "begin the action and take its first step at once (transport, navigate, build too)",
    ),
    ("blitz <target> [<from> [units]]", "begin a Blitz on one hostile region (and march into it)"),
    ("march <from> <to> [units]", "Move, Blitz, Transport: march 3 infantry, 1 tank (default: all free)"),
    (
        "sail <from> <to> [ships] [with <army>]",
        "Navigate: sail germany north sea 2 destroyers with 2 infantry",
    ),
    ("buy <region> <units>", "Build: buy germany 3 infantry, 1 destroyer"),
    ("negotiate [region] [card <n>]", "draw an action card and offer terms to a neutral next to you"),
    ("research <suit> <region> [units]", "research minerals germany (default: scrap the cheapest that pay)"),
    ("burn [region]", "Winter: burn 5 oil certificates, or that region's oil marker"),
    ("pass / end", "take no action this season / end your action (its battles are fought)"),
    ("deploy [units]", "army battle: your line (default: the strongest)"),
    ("lineup [ships]", "navy battle: lineup destroyer, submarine, carrier (default order if none)"),
    ("retreat / fight", "navy battle, after a round: retreat or fight on"),
)
NOTE = "Places: names or ids, any case, with or without spaces (north sea); units like 3 infantry, 1 tank."
SIMPLE: Mapping[str, Action] = {
    "pass": Pass(),
    "end": EndAction(),
    "retreat": Retreat(),
    "fight": FightOn(),
    "fighton": FightOn(),
}
BEGIN = ("move", "transport", "navigate", "build")
BATTLE_VERBS = ("deploy", "lineup", "retreat", "fight", "fighton")
VERBS = (
    *SIMPLE,
    *BEGIN,
    "government",
    "capital",
    "direction",
    "blitz",
    "march",
    "sail",
    "buy",
    "negotiate",
    "research",
    "burn",
    "deploy",
    "lineup",
    "resign",
)
# The terminal's own commands, so that a slip like "mvoes" is answered with "moves" too.
CLIENT = tuple(
    dict.fromkeys(w for name, _ in CLIENT_COMMANDS for w in name.replace("/", " ").split() if w.isalpha())
)
CARDS = {orders.card_key([name]) for name in CARD_KINDS}


def _card(words: list[str]) -> tuple[list[str], str | None]:
    """The words without a ``card <n>`` pair, and the card named: by its number, or by its name, which
    may have spaces (``card war bonds``: the longest run of words after ``card`` that names a card)."""
    lowered = [w.lower() for w in words]
    if "card" in lowered:
        i = lowered.index("card")
        if i + 1 < len(words):
            named = (j for j in range(len(words), i + 2, -1) if orders.card_key(words[i + 1 : j]) in CARDS)
            end = next(named, i + 2)
            return words[:i] + words[end:], " ".join(words[i + 1 : end])
        raise ServiceError("bad_command", "Name the card after “card”: card 12.")
    return words, None


# What a refusal written for /atk names, as it is typed here (a refusal the terminal shares with Discord).
TYPED = {
    "/atk end, or the End action button": "type end",
    "/atk hand shows yours": "type cards to see yours",
}


def typed_words(text: str) -> str:
    """A refusal's /atk commands as typed in the terminal ("/atk end" is "end")."""
    for slash, typed in TYPED.items():
        text = text.replace(slash, typed)
    return re.sub(r"/atk (\w+)", r"\1", text)


def _seat(state: AttackState) -> int:
    waiting = to_act(state)
    if not waiting:
        raise ServiceError("no_turn", "Nobody is to act now.")
    return waiting[0]


def _shown(place: str) -> str:
    """A place's id as a player types it back: ``west_africa`` is ``west africa`` (the parser reads both)."""
    return place.replace("_", " ")


def unknown_verb(word: str) -> ServiceError:
    return unknown_command(word, (*VERBS, *CLIENT))


class AttackText(PlainText):
    verbs: Mapping[str, str] = {"resign": "Resign"}
    help = HELP
    note = NOTE

    def parse(self, words: Sequence[str], state: AttackState | None) -> Action | None:
        try:
            return self._parse(words, state)
        except ServiceError as refusal:
            raise ServiceError(refusal.code, typed_words(refusal.message)) from None

    def _parse(self, words: Sequence[str], state: AttackState | None) -> Action | None:
        verb, rest = words[0].lower(), list(words[1:])
        if state is not None and verb in BATTLE_VERBS:  # a battle answer with no battle: say so
            orders.in_step(state, "fight" if verb == "fighton" else verb)
        if verb in SIMPLE:
            return SIMPLE[verb]
        if normalise(" ".join(words)) in (*CLOCKWISE, *COUNTER):  # as the refusal says: "choose clockwise"
            return ChooseDirection(clockwise(" ".join(words)))
        if verb not in VERBS:
            raise unknown_verb(words[0])
        if state is None or verb == "resign":
            return None
        seat = _seat(state)
        board = board_of(state)
        rest, card_text = _card(rest)
        card = orders.card_id(state, seat, card_text)
        text = " ".join(rest)
        if verb == "government":
            if len(rest) < 2:
                raise ServiceError(
                    "bad_command", "Name a government and a card: government fascism minerals."
                )
            return ChooseGovernment(government_named(rest[0]), economics_named(" ".join(rest[1:])))
        if verb == "capital":
            if not rest:
                raise ServiceError("bad_command", "Name your capital: capital <region> [two neighbours].")
            named: list[str] = []
            while rest:
                place, rest = place_and_rest(board, rest)
                named.append(place)
            return PlaceCapital(named[0], tuple(named[1:]))
        if verb == "direction":
            return ChooseDirection(clockwise(text))
        if verb in BEGIN:
            if not rest:
                return Begin(verb, card)
            step: March | Sail | Buy
            if verb == "navigate":
                step = self._sail(state, seat, rest, card)
            elif verb == "build":
                step = self._buy(state, rest)
            else:
                step = self._step(state, seat, verb, rest, card)
            return orders.begin(state, seat, verb, card, step)  # the step alone once the action is under way
        if verb == "blitz":
            return self._blitz(state, seat, rest, card)
        if verb == "march":
            return self._step(state, seat, "march", rest)
        if verb == "sail":
            return self._sail(state, seat, rest)
        if verb == "buy":
            return self._buy(state, rest)
        if verb == "negotiate":
            if not rest:
                return Negotiate(None, card)
            (where,), tail = places(board, rest, 1, "negotiate [region] [card <n>]")
            self._nothing_after(tail, "negotiate [region] [card <n>]")
            return Negotiate(where, card)
        if verb == "research":
            usage = "research <suit> <region> [units]"
            if not rest:
                raise ServiceError("bad_command", f"Name the suit and the region. Usage: {usage}")
            suit, rest = self._suit_and_rest(rest)
            (where,), tail = places(board, rest, 1, usage)
            if tail:
                scrapped, sunk = parse_forces(" ".join(tail))
                return orders.research(state, seat, suit, where, scrapped, sunk, card)
            return orders.research(state, seat, suit, where, None, None, card)
        if verb == "burn":
            if not rest:
                return Burn(None)
            (where,), tail = places(board, rest, 1, "burn [region]")
            self._nothing_after(tail, "burn [region]")
            return Burn(where)
        if verb == "deploy":
            if text:
                return Deploy(parse_troops(text))
            if state.army_battle is None:
                return Deploy(Troops())
            fight = state.army_battle
            return Deploy(Troops.of(strongest_line(fight.reserve[fight.side], fight.need)))
        # lineup
        if text:
            return LineUp(parse_lineup(text))
        navy = state.navy_battle
        if navy is None:
            return LineUp(())
        side = side_of(navy, seat)
        line = default_lineup(navy.ships[side], sum(navy.cargo[side]), state.options.ship_capacity)
        return LineUp(tuple(NAVY_TYPES[k] for k in line))

    def _blitz(self, state: AttackState, seat: int, rest: list[str], card: int | None) -> Action:
        """``blitz <target>`` begins a Blitz; ``blitz <target> <from> [units]`` (the order of ``/atk blitz
        target: from:``) begins it with that march, or during one marches."""
        board = board_of(state)
        if not rest:
            raise ServiceError(
                "bad_command",
                "Name the hostile region to Blitz: blitz <target>; then march tanks and planes into it.",
            )
        (target,), tail = places(board, rest, 1, "blitz <target>")
        if not tail:
            return Begin("blitz", card, target)
        source, tail = place_and_rest(board, tail)
        units = parse_troops(" ".join(tail)) if tail else None
        step = orders.march(state, seat, "blitz", source, target, units, card, target)
        return orders.begin(state, seat, "blitz", card, step, target)

    def _step(
        self, state: AttackState, seat: int, kind: str, rest: list[str], card: int | None = None
    ) -> March:
        usage = f"{kind} <from> <to> [units]"
        (source, target), tail = places(board_of(state), rest, 2, usage)
        units = parse_troops(" ".join(tail)) if tail else None
        return orders.march(state, seat, kind, source, target, units, card)

    def _sail(self, state: AttackState, seat: int, rest: list[str], card: int | None = None) -> Sail:
        (source, target), tail = places(
            board_of(state), rest, 2, "sail <from> <to> [ships] [with <army>]", seas=True
        )
        ships_text, _, army_text = " ".join(tail).partition(" with ")
        if ships_text.lower().startswith("with"):
            ships_text, army_text = "", ships_text[4:]
        fleet = parse_ships(ships_text) if ships_text.strip() else None
        aboard = parse_troops(army_text) if army_text.strip() else None
        return orders.sail(state, seat, source, target, fleet, aboard, card)

    def _buy(self, state: AttackState, rest: list[str]) -> Buy:
        (where,), tail = places(board_of(state), rest, 1, "buy <region> <units>")
        bought, built = parse_forces(" ".join(tail))
        return orders.buy(state, where, bought, built)

    def _suit_and_rest(self, words: list[str]) -> tuple[str, list[str]]:
        """``rail transport germany`` -> ``("rail", ["germany"])``."""
        if len(words) >= 2 and normalise(" ".join(words[:2])) in SUITS_TYPED:
            return suit_named(" ".join(words[:2])), words[2:]
        return suit_named(words[0]), words[1:]

    def _nothing_after(self, tail: list[str], usage: str) -> None:
        if tail:
            raise ServiceError("bad_command", f"“{quoted(' '.join(tail))}” is not understood. Usage: {usage}")

    def _first_step(self, begin: Begin) -> str:
        """A Begin's first step as typed after its verb: ``move germany france 2 infantry`` (a Blitz's
        march names only where from: ``blitz france germany 2 tanks``)."""
        step = begin.first
        if isinstance(step, March) and begin.action == "blitz":
            return f" {_shown(step.source)} {troops_value(step.army)}"
        described = self.describe(step) if step is not None else None
        return f" {described.split(' ', 1)[1]}" if described else ""

    def describe(self, action: Action) -> str | None:
        if isinstance(action, Begin):
            card = f" card {action.card}" if action.card is not None else ""
            target = f" {_shown(action.target)}" if action.target else ""
            return f"{action.action}{target}{self._first_step(action)}{card}"
        if isinstance(action, March):
            return f"march {_shown(action.source)} {_shown(action.target)} {troops_value(action.army)}"
        if isinstance(action, Sail):
            army = f" with {troops_value(action.army)}" if any(action.army.counts()) else ""
            return f"sail {_shown(action.source)} {_shown(action.target)} {ships_value(action.ships)}{army}"
        if isinstance(action, Buy):
            return f"buy {_shown(action.region)} {forces_value(action.army, action.navy)}"
        if isinstance(action, Research):
            card = f" card {action.card}" if action.card is not None else ""
            scrapped = forces_value(action.army, action.navy)
            return f"research {action.suit} {_shown(action.region)} {scrapped}{card}"
        if isinstance(action, Negotiate):
            card = f" card {action.card}" if action.card is not None else ""
            return f"negotiate{' ' + _shown(action.region) if action.region else ''}{card}"
        if isinstance(action, Deploy):
            return f"deploy {troops_value(action.army)}"
        if isinstance(action, LineUp):
            return f"lineup {', '.join(action.ships)}"
        if isinstance(action, ChooseGovernment):
            return f"government {action.government} {action.economics}"
        if isinstance(action, PlaceCapital):
            return " ".join(("capital", *map(_shown, (action.region, *action.outposts))))
        if isinstance(action, ChooseDirection):
            return f"direction {'clockwise' if action.clockwise else 'counter-clockwise'}"
        if isinstance(action, Burn):
            return f"burn{' ' + _shown(action.oil_marker) if action.oil_marker else ''}"
        names: dict[type, str] = {Pass: "pass", EndAction: "end", Retreat: "retreat", FightOn: "fight"}
        return names.get(type(action))

    def situation(self, view: AttackView) -> str:
        if view.stage is not Stage.SEASON:
            return view.stage.value
        # A battle is answered by either side (the defender in another seat's action): it is named, not
        # the action ("your navigate" was the prompt of a defender in another player's Navigate).
        if view.navy_battle is not None:
            zone = next((z.name for z in view.zones if z.id == view.navy_battle.zone), "")
            return f"navy battle in the {zone}"
        if view.army_battle is not None:
            region = next((r.name for r in view.regions if r.id == view.army_battle.region), "")
            return f"battle for {region}"
        # (the year and season are in the prompt already: the ruleset's turn label)
        return f"your {view.action.kind}" if view.action is not None else "an action"

    def notice(self, state: AttackState) -> str | None:
        """What the game waits for, as the commands to type."""
        board = board_of(state)
        army, navy = state.army_battle, state.navy_battle
        if navy is not None:
            zone = board.zone_names[navy.zone]
            if navy.awaiting == "lineup":
                return (
                    f"Navy battle in the {zone}, round {navy.round}: lineup <ships, left to right> "
                    "(lineup alone: the default order)."
                )
            return f"Navy battle in the {zone}: retreat, or fight on."
        if army is not None:
            region = board.region_names[army.region]
            reserve = troops_value(Troops.of(army.reserve[army.side]))
            return (
                f"Battle for {region}: deploy {army.need} from your reserve ({reserve}); "
                "deploy alone: the strongest line."
            )
        if state.stage is Stage.DIRECTION:
            return "You start the year: direction clockwise, or direction counter-clockwise."
        if state.stage is Stage.GOVERNMENT:
            return (
                "Choose a government: government <fascism|communism|monarchy|democracy> "
                "<minerals|rail|factories>."
            )
        if state.stage is Stage.CAPITAL:
            return "Place your capital: capital <region> [two neighbours]; moves lists some."
        return None


TEXT = AttackText()
