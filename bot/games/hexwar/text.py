"""Hex war as typed text, for the terminal client: verbs shaped like the /hex slash commands, read by the
generic parser (``bot/commands.py``) except ``move`` (whose count defaults to every free unit there, as
on Discord) and ``submit``/``hold``. Also the unit table that ``/hex units`` shows. Pure: no Discord."""

from __future__ import annotations

import typing
from collections.abc import Mapping, Sequence

from bot.commands import CLIENT_COMMANDS, PlainText, unknown_command
from bot.games.hexwar.choices import default_count, parse_cargo
from bot.models import ServiceError
from bot.parsing import is_count
from rules.core.events import Action
from rules.core.words import counted
from rules.hexwar import RULES
from rules.hexwar.actions import Buy, Move, PlaceUnit, SubmitOrders
from rules.hexwar.board import frontier, grid
from rules.hexwar.orders import money_left
from rules.hexwar.state import HexState, Phase
from rules.hexwar.text import hand_text, order_text
from rules.hexwar.units import JUMP_ATTACK, ORDER, UNITS
from rules.hexwar.views import HexWarView, placing_left

NOTES = {
    "inf": "takes land",
    "jt": f"one jump up to 3 hexes at attack {JUMP_ATTACK}, then infantry",
    "hov": "crosses water; carries 2 infantry or 1 tank (attack 1 loaded)",
    "tank": "takes land",
    "plane": "flies 4; strikes water within 3; never takes land",
    "frig": "from port cities; bombards the shore at 3 (then does not defend)",
    "batt": "two hits; bombards at 4 and still defends",
}

HELP: tuple[tuple[str, str], ...] = (
    ("place <kind> <cell>", "setup: a hex from your hand (land city port water): place land C7"),
    ("unit <unit> <hex> [n]", "setup: starting units on your land, as many as a turn allows: unit inf C7 2"),
    ("capital <hex>", "setup: your capital, on any of your land: capital C7"),
    ("move <from> <to> <unit> [n] [load]", "order: move C7 D7 inf 3 · move C7 C8 hov 1 inf inf (boarding)"),
    ("jump <from> <to> [n]", "order: jump troops' one-time jump, up to 3 hexes: jump C7 E7 2"),
    ("bombard <from> <to> <ship> [n]", "order: ships bombard the shore: bombard C8 C7 frig"),
    ("buy <unit> <n> <hex>", "order: placed at the round's end in a city held a round: buy tank 2 C7"),
    ("defence <city> <kind> [aim]", "order: a ground, air or water defence (7): defence C7 ground tank"),
    ("aim <city> <kind> <aim>", "order: what a defence fires at: aim C7 ground inf"),
    ("city <hex>", "order: buy a city on your plain land (10 now and in each of 2 rounds): city C7"),
    ("cancel <n>", "take back order number n (cards lists them)"),
    ("submit / hold", "hand in your orders / drop them and hold"),
    ("units", "the unit table"),
)


def unit_table() -> str:
    """One line a unit: id, name, attack, move, cost and what it does."""
    lines = ["`unit   attack move cost`"]
    for u in ORDER:
        kind = UNITS[u]
        lines.append(f"`{u:<6} {kind.attack:>6} {kind.move:>4} {kind.cost:>4}` {kind.name}: {NOTES[u]}")
    lines.append("A unit hits on a d10 roll at or under its attack. Defences: 7 each, hit on a 1.")
    return "\n".join(lines)


class HexWarText(PlainText):
    verbs: Mapping[str, str] = {
        "place": "PlaceHex",
        "unit": "PlaceUnit",
        "capital": "PlaceCapital",
        "jump": "Jump",
        "bombard": "Bombard",
        "buy": "Buy",
        "defence": "BuyDefence",
        "aim": "AimDefence",
        "city": "BuildCity",
        "cancel": "CancelOrder",
    }
    help: Sequence[tuple[str, str]] = HELP
    note = (
        "Hexes are named by column and row, like C7. Hex war has no cards: `cards` lists the orders you "
        "have written (in setup, what you have left to place)."
    )

    def parse(self, words: Sequence[str], state: HexState | None) -> Action | None:
        verb = words[0].lower()
        if verb not in KNOWN and verb.replace("_", "") not in ACTION_NAMES:
            # A slip of the thumb gets the likely command, not a bare refusal.
            raise unknown_command(words[0], KNOWN)
        if verb in ("submit", "hold"):
            if len(words) > 1:
                raise ServiceError("bad_command", f"“{verb}” takes nothing after it.")
            return SubmitOrders(hold=verb == "hold")
        if verb == "buy" and len(words) == 4 and is_count(words[1]) and not is_count(words[2]):
            # "buy 2 tank C7", as one says it (and as A&A's buy reads): the count may come first.
            return Buy(words[2], int(words[1]), words[3])
        if verb == "unit" and len(words) == 4 and is_count(words[3]) and state is not None:
            return _starting_units(state, words[1], words[2], int(words[3]))
        if verb != "move":
            return None
        if len(words) < 4:
            raise ServiceError(
                "bad_command", "Usage: move <from> <to> <unit> [count] [load], like move C7 D7 inf 3"
            )
        source, target, unit = words[1], words[2], words[3]
        rest = list(words[4:])
        count = int(rest.pop(0)) if rest and is_count(rest[0]) else None
        load = parse_cargo(" ".join(w for w in rest if w.lower() not in ("carrying", "with")))
        if count is None:
            count = default_count(state, _writer(state), source, unit, load) if state is not None else 1
        return Move(source, target, unit, count, load)

    def describe(self, action: Action) -> str | None:
        """A move with its count always written (a move without one takes every free unit)."""
        if isinstance(action, Move):
            load = " " + " ".join(action.cargo) if action.cargo else ""
            return f"move {action.source} {action.target} {action.unit} {action.count}{load}"
        if isinstance(action, SubmitOrders):
            return "hold" if action.hold else "submit"
        return None

    def situation(self, view: HexWarView) -> str:
        if view.phase is Phase.ORDERS:
            playing = [s for s in view.seats if not s.out]
            done = sum(1 for s in playing if s.submitted)
            return f"{done} of {len(playing)} orders in"
        # After the turn label "Setup, turn 3": the step, without a second "setup".
        return {
            Phase.HEXES: "placing hexes",
            Phase.UNITS: "placing starting units",
            Phase.CAPITALS: "placing capitals",
        }.get(view.phase, str(view.phase.value))

    def notice(self, state: HexState) -> str | None:
        if state.phase is Phase.HEXES:
            g = grid(state.width, state.height)
            hand = state.hands[state.current]
            kinds = hand_text(hand)
            cells = " ".join(g.name(c) for c in frontier(g, state.cells)[:20])
            now = placing_left(state)
            turn = "a hex" if now == 1 else f"{now} hexes this turn, one at a time"
            return f"Place {turn} (you hold {kinds}): place <kind> <cell>. Free cells: {cells}"
        if state.phase is Phase.UNITS:
            allowed = state.options.units_per_turn - state.placed_this_turn
            units = "unit <inf|tank|hov|plane> <hex> [n]"
            return f"Place starting units on your land ({allowed} this turn): {units}."
        if state.phase is Phase.CAPITALS:
            return "Place your capital on any of your land hexes: capital <hex>."
        if state.phase is Phase.ORDERS:
            # The terminal's hot seat: what the seat the prompt names has written so far, so that each
            # order typed is acknowledged (the shared log keeps orders secret until the reveal).
            seat = _writer(state)
            written = state.orders[seat]
            last = f" (last: {order_text(written[-1])})" if written else ""
            left = money_left(state, seat, written)
            return (
                f"Round {state.round}: {counted(len(written), 'order')} written{last}, {left} money left; "
                "help lists the orders, cards shows yours, submit hands them in."
            )
        return None

    def query(self, words: Sequence[str]) -> str | None:
        if words[0].lower() == "units":
            return unit_table().replace("`", "")
        return None


# Every word the terminal takes in a Hex war game: its verbs, the client's own commands and ``units``.
KNOWN = (
    *HexWarText.verbs,
    "move",
    "submit",
    "hold",
    "units",
    *(name.split()[0] for name, _ in CLIENT_COMMANDS),
    "pause",
    "resume",
    "endgame",
    "quit",
    "exit",
    "help",
)


# The engine's own action names, which the generic parser also takes (``submit_orders``, as the AI's
# moves are shown).
ACTION_NAMES = frozenset(cls.__name__.lower() for cls in typing.get_args(RULES.action_type))


def _starting_units(state: HexState, unit: str, at: str, count: int) -> Action:
    """``unit inf C7 3``: as ``/hex unit`` with a count, as many as this turn allows (the rest wait for
    the next turn); the engine judges the rest."""
    allowed = state.options.units_per_turn - state.placed_this_turn
    return PlaceUnit(unit, at, max(1, min(count, allowed)) if state.phase is Phase.UNITS else count)


def _writer(state: HexState) -> int:
    """The seat a typed order is for: the first seat still writing, the one the terminal's prompt names
    (AI seats hand theirs in at once)."""
    return next((s for s in range(state.players) if not state.submitted[s]), 0)


TEXT = HexWarText()
