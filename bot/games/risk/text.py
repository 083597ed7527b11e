"""Risk as typed text, for the terminal client, shaped like the /risk slash commands:
``place north africa 3``, ``attack north africa egypt until conquer``, ``occupy 3``, ``trade 1 2 3``.

Territory names may have spaces: a command's words are matched against the map's names, ids and
aliases (``north africa``, ``north_africa``, ``northafrica``), so ``attack north africa egypt`` reads as
two territories. Anything else falls to the generic parser (``bot/commands.py``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from bot.commands import PlainText
from bot.models import ServiceError
from bot.parsing import is_count, quoted, whole_number
from rules.core.errors import IllegalAction
from rules.core.events import Action
from rules.core.names import did_you_mean
from rules.risk.actions import Attack, ClaimTerritory, Fortify, PlaceArmies, PlaceNeutral, TradeCards
from rules.risk.board import classic_map, lookup
from rules.risk.cards import card_name
from rules.risk.odds import fight
from rules.risk.quota import neutral_room
from rules.risk.state import AwaitDefence, AwaitOccupation, Phase, RiskState
from rules.risk.views import RiskView

HELP: tuple[tuple[str, str], ...] = (
    ("place <territory> <armies>", "place armies: place north africa 3"),
    ("attack <from> <to> [dice] [until ...]", "attack north africa egypt · attack alaska kamchatka 2"),
    ("  until once|conquer|<n>", "one roll (default), until it falls, or stop when down to n armies"),
    ("occupy <armies>", "after a conquest: move armies in, at least the dice rolled"),
    ("fortify <from> <to> <armies>", "the end-of-turn move (ends your turn)"),
    ("trade <card> <card> <card>", "trade a set, by the numbers cards shows: trade 3 7 12"),
    ("end", "end the phase (placing, attacking, fortifying)"),
    ("claim <territory>", "in a claiming draft: take an empty territory"),
    ("neutral <territory> [armies]", "two players: neutral armies, after your own (default: all due)"),
    ("defend <dice>", "when defenders choose their dice: defend 2"),
    ("odds <attackers> <defenders>", "exact odds of a fight to the end: odds 10 7 (looks only)"),
)


def hand_text(view: RiskView) -> str:
    """``/risk cards``: the asker's cards by name, and what the next set traded is worth."""
    board = classic_map()
    text = ", ".join(card_name(board, c) for c in view.hand or ()) or "no cards"
    return f"{text}\nNext set: {view.next_set_value} armies."


def parse_until(text: str | None) -> int | None:
    """``once`` (or nothing): one roll; ``conquer``: until it falls; a number N: stop at N armies."""
    value = (text or "once").strip().lower()
    if value in ("once", "one roll", "1 roll"):
        return None
    if value in ("conquer", "until conquered", "all"):
        return 1
    if is_count(value):
        return whole_number(value, "The number of armies to stop at", 1, 9999)
    raise ServiceError(
        "bad_until", f"until is “once”, “conquer”, or a number of armies to stop at, not “{quoted(value)}”."
    )


def territory_and_rest(words: Sequence[str]) -> tuple[str, list[str]]:
    """The longest run of words at the front that names a territory, and the words after it."""
    board = classic_map()
    for end in range(len(words), 0, -1):
        try:
            return board.ids[lookup(board, " ".join(words[:end]))], list(words[end:])
        except IllegalAction:
            continue
    # Name what was not understood: the words before a territory that is known, or before the numbers.
    known = next((j for j in range(1, len(words)) if _starts_a_territory(words[j:])), None)
    named = words[:known] if known else itertools.takewhile(lambda w: not is_count(w) and w != "until", words)
    meant = " ".join(named) or " ".join(words)
    hint = did_you_mean(meant, board.names)
    raise ServiceError(
        "unknown_territory", f"There is no territory called “{quoted(meant)}” on this map.{hint}"
    )


def odds_text(attackers: int, defenders: int) -> str:
    """The exact odds of ``attackers`` (one stays behind) fighting ``defenders`` to the end, in a sentence."""
    result = fight(attackers - 1, defenders)
    return (
        f"**{attackers} v {defenders}** (one army stays behind): the attacker wins "
        f"{result.win:.1%} of fights to the end, losing {result.expected_attacker_losses:.1f} armies on "
        f"average; the defender loses {result.expected_defender_losses:.1f}."
    )


def _starts_a_territory(words: Sequence[str]) -> bool:
    board = classic_map()
    for end in range(len(words), 0, -1):
        try:
            lookup(board, " ".join(words[:end]))
            return True
        except IllegalAction:
            continue
    return False


def two_territories(words: Sequence[str], usage: str) -> tuple[str, str, list[str]]:
    if not words:
        raise ServiceError("bad_command", f"Name the territories. Usage: {usage}")
    first, rest = territory_and_rest(words)
    if not rest:
        raise ServiceError("bad_command", f"Name the second territory too. Usage: {usage}")
    second, tail = territory_and_rest(rest)
    return first, second, tail


def count(word: str | None, what: str, usage: str) -> int:
    if word is None or not is_count(word):
        shown = f", not “{quoted(word)}”" if word else ""
        raise ServiceError("bad_command", f"{what} is a whole number{shown}. Usage: {usage}")
    return int(word)


class RiskText(PlainText):
    verbs: Mapping[str, str] = {
        "place": "PlaceArmies",
        "attack": "Attack",
        "occupy": "Occupy",
        "fortify": "Fortify",
        "trade": "TradeCards",
        "end": "EndPhase",
        "claim": "ClaimTerritory",
        "neutral": "PlaceNeutral",
        "defend": "Defend",
    }
    help = HELP
    note = "Territories: names or ids, any case, with or without spaces: north africa, north_africa."

    def parse(self, words: Sequence[str], state: RiskState) -> Action | None:
        verb, rest = words[0].lower(), list(words[1:])
        if verb in ("place", "claim", "neutral"):
            if not rest:
                raise ServiceError("bad_command", f"Name the territory: {verb} <territory>.")
            where, tail = territory_and_rest(rest)
            if verb == "claim":
                return ClaimTerritory(where)
            if verb == "neutral":
                usage = "neutral <territory> [armies]"
                due = count(tail[0], "The number of armies", usage) if tail else neutral_room(state) or 1
                return PlaceNeutral(where, due)
            usage = "place <territory> <armies>"
            return PlaceArmies(where, count(tail[0] if tail else None, "The number of armies", usage))
        if verb == "attack":
            usage = "attack <from> <to> [dice] [until once|conquer|<n>]"
            source, target, tail = two_territories(rest, usage)
            dice, until = None, None
            if tail and tail[0].lower() != "until":
                dice = count(tail.pop(0), "Dice", usage)
            if tail and tail[0].lower() == "until":
                until = parse_until(" ".join(tail[1:]) or "conquer")
                tail = []
            if tail:
                raise ServiceError(
                    "bad_command", f"“{quoted(' '.join(tail))}” is not understood. Usage: {usage}"
                )
            return Attack(source, target, dice, until)
        if verb == "fortify":
            usage = "fortify <from> <to> <armies>"
            source, target, tail = two_territories(rest, usage)
            return Fortify(source, target, count(tail[0] if tail else None, "The number of armies", usage))
        if verb == "trade":
            if len(rest) != 3 or not all(is_count(w) for w in rest):
                raise ServiceError(
                    "bad_command",
                    "Trade names three cards by the numbers `cards` shows, like “trade 3 7 12”.",
                )
            return TradeCards((int(rest[0]), int(rest[1]), int(rest[2])))
        return None

    def query(self, words: Sequence[str]) -> str | None:
        """``odds 10 7``: the exact odds, as ``/risk odds`` gives them; None for any other verb."""
        if words[0].lower() != "odds":
            return None
        usage = "odds <attackers> <defenders>, like “odds 10 7”"
        if len(words) != 3:
            raise ServiceError("bad_command", f"Usage: {usage}.")
        attackers = whole_number(words[1], "The number of attacking armies", 2, 3000)
        defenders = whole_number(words[2], "The number of defending armies", 1, 3000)
        return odds_text(attackers, defenders).replace("**", "")

    def describe(self, action: Action) -> str | None:
        """An attack as typed (``parse`` reads it back); the rest as the generic ``verb value...``."""
        if not isinstance(action, Attack):
            return None
        dice = f" {action.dice}" if action.dice is not None else ""
        until = (
            ""
            if action.until is None
            else " until " + ("conquer" if action.until == 1 else str(action.until))
        )
        return f"attack {action.source} {action.target}{dice}{until}"

    def situation(self, view: RiskView) -> str:
        """The phase and the armies still to place: ``attack``, ``reinforce, 3 to place`` or, in setup,
        ``12 left to place`` (the turn label already says "Setup"; a claiming draft says ``claim, ...``)."""
        if view.phase in (Phase.SETUP, Phase.CLAIM) and view.current < len(view.setup_left):
            phase = "" if view.phase is Phase.SETUP else f"{view.phase}, "
            return f"{phase}{view.setup_left[view.current]} left to place"
        left = f", {view.reinforcements} to place" if view.reinforcements else ""
        return f"{view.phase}{left}"

    def notice(self, state: RiskState) -> str | None:
        """What the game waits for when a plain phase end would not do: moving in, or defending."""
        board = classic_map()
        pending = state.pending
        if isinstance(pending, AwaitOccupation):
            into = board.names[pending.target]
            if pending.minimum == pending.maximum:
                return f"{into} is conquered: occupy {pending.minimum} moves the armies in."
            armies = f"{pending.minimum} to {pending.maximum} armies"
            return f"{into} is conquered: move in {armies}, like “occupy {pending.maximum}”."
        if isinstance(pending, AwaitDefence):
            return f"{board.names[pending.target]} is attacked: defend 1 or defend 2 (dice)."
        return None


TEXT = RiskText()
