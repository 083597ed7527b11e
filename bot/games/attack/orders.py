"""What an /atk command (or a typed command) asks for, as the engine's action, from the position and the
player's seat: ``/atk move from:germany to:france`` with no action under way is a ``Begin("move")``
with that ``March`` as its first step (one move); the same during the Move is only the ``March``. Units
left out default to what the rules' own list of moves offers for that step (all the free units that may
go, the ships there with as much cargo as fits, the cheapest units to scrap). The engine judges every
action again. Pure: no Discord.
"""

from __future__ import annotations

from msgspec.structs import replace

from bot.models import ServiceError
from bot.parsing import is_count, quoted
from rules.attack.actions import Begin, Buy, March, Research, Sail, Ships, Troops
from rules.attack.board import find_place, find_region
from rules.attack.common import board_of
from rules.attack.economy import research_cost
from rules.attack.legal import cheapest_scrap, legal_actions
from rules.attack.movement import movable
from rules.attack.state import TURN_KINDS, AttackState, Stage, Turn
from rules.attack.tables import CARD_KINDS, LEVELS, SUITS, card_kind
from rules.core.events import Action

MARCHING = ("move", "blitz", "transport")


def _key(text: str) -> str:
    return "".join(ch for ch in text.lower() if ch.isalnum())


def card_key(words: list[str]) -> str:
    """A card's name as compared: ``War Bonds``, ``war_bonds`` and ``warbonds`` alike."""
    return _key("".join(words))


def card_id(state: AttackState, seat: int, text: str | None) -> int | None:
    """A card from the seat's hand by its number (``12``) or its name (``war bonds``)."""
    if text is None or not text.strip():
        return None
    if is_count(text):
        return int(text)
    wanted = _key(text)
    for card in state.seats[seat].hand:
        if _key(CARD_KINDS[card_kind(card)]) == wanted:
            return card
    raise ServiceError("no_such_card", f"You hold no “{quoted(text)}” card; /atk hand shows yours.")


# A setup or battle command typed when the game is not at its step: what it answers, and when (the
# engine's own refusal is "That is not possible now", which does not say why).
SETUP_DONE = {
    "government": "Governments are chosen at the start of the game; that is done.",
    "capital": "Capitals are placed at the start of the game; that is done.",
}
NO_BATTLE = {
    "deploy": "No army battle is waiting for your line: deploy answers one while it is fought.",
    "lineup": "No navy battle is waiting for your line-up: lineup answers one while it is fought.",
    "retreat": "No navy battle is being fought: retreat and fight answer one after a round.",
    "fight": "No navy battle is being fought: retreat and fight answer one after a round.",
}


def in_step(state: AttackState, command: str) -> None:
    """Refuse, saying why, a setup or battle command given when the game is not at that step."""
    if state.stage is Stage.DIRECTION and command in SETUP_DONE:
        raise ServiceError("not_now", SETUP_DONE[command])
    if state.stage is not Stage.SEASON:
        return
    if command in SETUP_DONE:
        raise ServiceError("not_now", SETUP_DONE[command])
    if command == "direction":
        raise ServiceError(
            "not_now", "The direction of play is chosen at the start of a year, by whoever starts it."
        )
    if command in NO_BATTLE and state.army_battle is None and state.navy_battle is None:
        raise ServiceError("not_now", NO_BATTLE[command])


def acting(
    state: AttackState, seat: int, kind: str, card: int | None = None, target: str | None = None
) -> AttackState:
    """The position as it would be with ``kind`` begun, for defaults and suggestions before it is."""
    turn, begun = state.turn, TURN_KINDS.get(kind)
    if (turn is not None and turn.seat == seat) or begun is None:
        return state
    where = find_region(board_of(state), target) if target else -1
    return replace(state, turn=Turn(seat, begun, card, where))


def _under_way(state: AttackState, seat: int, kind: str) -> bool:
    """Whether the seat's ``kind`` action has begun (another action under way is refused here)."""
    turn = state.turn
    if turn is None or turn.seat != seat:
        return False
    if turn.kind != kind and not (kind == "march" and turn.kind in MARCHING):
        raise ServiceError(
            "one_action",
            f"You are in the middle of your {turn.kind.title()}: finish it first (/atk end, or the End "
            "action button).",
        )
    return True


def begin(
    state: AttackState,
    seat: int,
    kind: str,
    card: int | None,
    step: March | Sail | Buy | None,
    target: str | None = None,
) -> Action:
    """``step`` alone while ``kind`` is under way; else the Begin, taking ``step`` as its first if there is
    one (one move: the engine refuses it whole if it refuses either part)."""
    if _under_way(state, seat, kind):
        if step is None:
            raise ServiceError(
                "under_way",
                f"Your {kind.title()} has begun: give its details (from, to, units), or /atk end.",
            )
        if card is not None:
            raise ServiceError("card_late", "A card is played as the action begins, not in the middle of it.")
        return step
    return Begin(kind, card, target, first=step)


def march(
    state: AttackState,
    seat: int,
    kind: str,
    source: str,
    target: str,
    units: Troops | None,
    card: int | None = None,
    blitz: str | None = None,
) -> March:
    """A March, its units defaulting to the rules' suggestion for that step (all that may go)."""
    board = board_of(state)
    src, dst = find_region(board, source), find_region(board, target)
    sid, tid = board.region_ids[src], board.region_ids[dst]
    if units is not None and any(units.counts()):
        return March(sid, tid, units)
    if kind == "march":
        kind = state.turn.kind if state.turn is not None else "move"
    ahead = acting(state, seat, kind, card, blitz)
    for action in legal_actions(ahead, seat):
        if isinstance(action, March) and (action.source, action.target) == (sid, tid):
            return action
    free = movable(ahead, src) if ahead.turn is not None else state.army[src]
    return March(sid, tid, Troops.of(free))


def sail(
    state: AttackState,
    seat: int,
    source: str,
    target: str,
    ships: Ships | None,
    army: Troops | None,
    card: int | None = None,
) -> Sail:
    """A Sail; the ships default to the whole fleet there that can make the trip, the armies aboard to
    none (a player names what to carry: nothing embarks unasked)."""
    board = board_of(state)
    kinds = (find_place(board, source), find_place(board, target))
    ids = [board.region_ids[i] if kind == "region" else board.zone_ids[i] for kind, i in kinds]
    if ships is not None and any(ships.counts()):
        return Sail(ids[0], ids[1], ships, army or Troops())
    for action in legal_actions(acting(state, seat, "navigate", card), seat):
        if isinstance(action, Sail) and (action.source, action.target) == (ids[0], ids[1]):
            return Sail(action.source, action.target, action.ships, army or Troops())
    raise ServiceError(
        "name_ships",
        "Name the ships to sail (for example “2 destroyers”): no fleet there can make that trip.",
    )


def buy(state: AttackState, region: str, army: Troops, navy: Ships) -> Buy:
    if not any(army.counts()) and not any(navy.counts()):
        raise ServiceError("name_units", "Name the units to build, for example “3 infantry, 1 destroyer”.")
    board = board_of(state)
    return Buy(board.region_ids[find_region(board, region)], army, navy)


def research(
    state: AttackState,
    seat: int,
    suit: str,
    region: str,
    army: Troops | None,
    navy: Ships | None,
    card: int | None,
) -> Research:
    """A Research, scrapping the cheapest units in the region worth the level's cost unless told."""
    board = board_of(state)
    where = find_region(board, region)
    if army is None and navy is None:
        for action in legal_actions(state, seat):
            same = isinstance(action, Research) and (action.suit, action.card) == (suit.lower(), card)
            if same and isinstance(action, Research) and action.region == board.region_ids[where]:
                return action
        level = 1
        if suit.lower() in SUITS:
            level = state.seats[seat].levels[SUITS.index(suit.lower())] + 1
        scrap = cheapest_scrap(state.army[where], research_cost(state, seat, min(level, LEVELS), card))
        army = Troops.of(scrap) if scrap is not None else Troops()
    return Research(suit.lower(), board.region_ids[where], army or Troops(), navy or Ships(), card)
