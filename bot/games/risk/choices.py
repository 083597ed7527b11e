"""Autocomplete for /risk, from what is legal now. Suggestions only: the engine validates again. Pure
functions of the state (no Discord): each returns (what the player sees, the value sent back) pairs."""

from __future__ import annotations

from rules.risk.board import classic_map
from rules.risk.cards import card_name, sets_in
from rules.risk.engine import connected_own
from rules.risk.state import NEUTRAL, RiskState

Choice = tuple[str, str]  # (what the player sees, the value sent back)


def _matches(typed: str, *names: str) -> bool:
    wanted = typed.strip().lower().replace(" ", "").replace("_", "")
    return not wanted or any(wanted in n.lower().replace(" ", "").replace("_", "") for n in names)


def _label(state: RiskState, t: int) -> str:
    board = classic_map()
    owner = state.owner[t]
    holder = "neutral" if owner == NEUTRAL else f"seat {owner + 1}"
    return f"{board.names[t]} ({state.armies[t]}, {holder})"


def own_territories(state: RiskState, seat: int, typed: str) -> list[Choice]:
    board = classic_map()
    return [
        (_label(state, t), board.ids[t])
        for t in range(board.size)
        if state.owner[t] == seat and _matches(typed, board.ids[t], board.names[t])
    ]


def attack_sources(state: RiskState, seat: int, typed: str) -> list[Choice]:
    board = classic_map()
    return [
        (_label(state, t), board.ids[t])
        for t in range(board.size)
        if state.owner[t] == seat
        and state.armies[t] >= 2
        and any(state.owner[n] != seat for n in board.neighbours[t])
        and _matches(typed, board.ids[t], board.names[t])
    ]


def attack_targets(state: RiskState, seat: int, source: str, typed: str) -> list[Choice]:
    board = classic_map()
    index = board.id_index.get(source)
    candidates = board.neighbours[index] if index is not None else frozenset(range(board.size))
    return [
        (_label(state, t), board.ids[t])
        for t in sorted(candidates)
        if state.owner[t] != seat and _matches(typed, board.ids[t], board.names[t])
    ]


def fortify_targets(state: RiskState, seat: int, source: str, typed: str) -> list[Choice]:
    board = classic_map()
    index = board.id_index.get(source)
    if index is None:
        return own_territories(state, seat, typed)
    if state.options.fortify == "connected":
        reachable = connected_own(state, seat, index, board)
    else:
        reachable = {n for n in board.neighbours[index] if state.owner[n] == seat}
    return [
        (_label(state, t), board.ids[t])
        for t in sorted(reachable)
        if _matches(typed, board.ids[t], board.names[t])
    ]


def trade_sets(state: RiskState, seat: int, typed: str) -> list[Choice]:
    """Each valid set in the hand as one choice; the value is the three card ids."""
    board = classic_map()
    choices = []
    for cards in sets_in(board, state.hands[seat]):
        label = " + ".join(card_name(board, c) for c in cards)
        if _matches(typed, label):
            choices.append((label, " ".join(str(c) for c in cards)))
    return choices


def unclaimed(state: RiskState, typed: str) -> list[Choice]:
    """Territories nobody has claimed yet (the claiming draft)."""
    board = classic_map()
    return [
        (board.names[t], board.ids[t])
        for t in range(board.size)
        if state.armies[t] == 0 and _matches(typed, board.ids[t], board.names[t])
    ]


def neutral_territories(state: RiskState, typed: str) -> list[Choice]:
    """The neutral army's territories (two-player setup: neutral armies after your own)."""
    board = classic_map()
    return [
        (_label(state, t), board.ids[t])
        for t in range(board.size)
        if state.owner[t] == NEUTRAL and state.armies[t] > 0 and _matches(typed, board.ids[t], board.names[t])
    ]


def until_choices(typed: str) -> list[Choice]:
    """/risk attack's ``until``: one roll, to the end, or a number of armies to stop at."""
    options = [("one roll", "once"), ("until conquered", "conquer")]
    options += [(f"stop when down to {n} armies", str(n)) for n in (2, 3, 4, 5, 10)]
    return [o for o in options if typed.lower() in o[0] or typed in o[1]]
