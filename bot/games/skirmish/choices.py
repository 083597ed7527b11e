"""Autocomplete for /sk, from what is legal now (``rules.skirmish.legal``). Suggestions only: the engine
validates again. Pure functions of the state and the asking seat (no Discord): each returns (what the
player sees, the value sent back) pairs.

Battle answers with a named style (``best``, ``highest``...) are offered by that name: the cog turns the
name into the policy's answer in the position at the moment of the command, so the suggestion cannot go
stale between typing and sending.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games.skirmish.units import numbers_text, units_text
from rules.skirmish.actions import (
    AssignDice,
    AssignExtra,
    Attack,
    Defend,
    Exchange,
    Move,
    OrderSkirmishes,
    PlayCard,
    TakeLosses,
)
from rules.skirmish.battle import flow, policy
from rules.skirmish.board import skirmish_map
from rules.skirmish.legal import attacks, exchanges, legal_actions, moves
from rules.skirmish.orders import CARDS_HELP, CHOICES
from rules.skirmish.pieces import pieces
from rules.skirmish.state import EMPTY, PHASE_ORDER, Phase, SkirmishState

Choice = tuple[str, str]  # (what the player sees, the value sent back)
ASSIGN_STYLES = {
    "best": "win the most skirmishes",
    "highest": "highest dice against the highest",
    "lowest": "highest dice against the lowest",
}
EXTRA_STYLES = {
    "best": "where they turn a skirmish",
    "highest": "on the skirmish with the highest defender die",
    "lowest": "on the skirmish with the lowest defender die",
}
ORDER_STYLES = {"best": "your wins first", "formed": "in the order formed"}
OCCUPY_STYLES = {
    "advance": "the survivors move in",
    "one": "one unit moves in",
    "all": "everything but one moves in",
}


def _matches(typed: str, *names: str) -> bool:
    wanted = "".join(ch for ch in typed.lower() if ch.isalnum())
    return not wanted or any(wanted in "".join(ch for ch in n.lower() if ch.isalnum()) for n in names)


def _who(names: Sequence[str], seat: int) -> str:
    if seat == EMPTY:
        return "empty"
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def _label(state: SkirmishState, t: int, names: Sequence[str]) -> str:
    board = skirmish_map()
    units = state.units[t]
    held = units_text(units) if units.total else "no units"
    return f"{board.names[t]} ({held}; {_who(names, state.owner[t])}, elevation {board.elevation[t]})"


def _territories(state: SkirmishState, ids: Iterable[str], typed: str, names: Sequence[str]) -> list[Choice]:
    board = skirmish_map()
    found = []
    for tid in dict.fromkeys(ids):
        t = board.index(tid)
        if _matches(typed, tid, board.names[t]):
            found.append((_label(state, t, names), tid))
    return found


def _legal(state: SkirmishState, seat: int) -> list[object]:
    """What ``legal`` offers now, plus the steps a player may skip ahead to in their own turn (an attack
    in the standard or exchange step, a free move before the attacks are done): the engine takes them."""
    found: list[object] = list(legal_actions(state, seat))
    if state.battle is not None or state.placing is not None or seat != state.current:
        return found
    board = skirmish_map()
    ahead = PHASE_ORDER[PHASE_ORDER.index(state.phase) + 1 :] if state.phase in PHASE_ORDER else ()
    if Phase.EXCHANGE in ahead:
        found += exchanges(state, seat, board)
    if Phase.ATTACK in ahead and not state.attacks_barred:
        found += attacks(state, seat, board)
    if Phase.MOVE in ahead:
        found += moves(state, seat, board)
    return found


def own_territories(state: SkirmishState, seat: int, typed: str, names: Sequence[str] = ()) -> list[Choice]:
    board = skirmish_map()
    return _territories(
        state, (board.ids[t] for t in range(board.size) if state.owner[t] == seat), typed, names
    )


def attack_sources(state: SkirmishState, seat: int, typed: str, names: Sequence[str] = ()) -> list[Choice]:
    return _territories(state, (a.source for a in _legal(state, seat) if isinstance(a, Attack)), typed, names)


def attack_targets(
    state: SkirmishState, seat: int, source: str, typed: str, names: Sequence[str] = ()
) -> list[Choice]:
    ids = (
        a.target for a in _legal(state, seat) if isinstance(a, Attack) and (not source or a.source == source)
    )
    return _territories(state, ids, typed, names)


def attack_units(state: SkirmishState, seat: int, source: str, typed: str) -> list[Choice]:
    """The strongest ten (the default) and all but one, from the legal sample for this source."""
    found = [
        units_text(a.units)
        for a in _legal(state, seat)
        if isinstance(a, Attack) and a.source == source and a.units is not None
    ]
    return [
        (f"{u} (dice and counters: the most they bring)", u)
        for u in dict.fromkeys(found)
        if _matches(typed, u)
    ]


def move_sources(state: SkirmishState, seat: int, typed: str, names: Sequence[str] = ()) -> list[Choice]:
    return _territories(state, (a.source for a in _legal(state, seat) if isinstance(a, Move)), typed, names)


def move_targets(
    state: SkirmishState, seat: int, source: str, typed: str, names: Sequence[str] = ()
) -> list[Choice]:
    ids = (
        a.target for a in _legal(state, seat) if isinstance(a, Move) and (not source or a.source == source)
    )
    return _territories(state, ids, typed, names)


def move_units(state: SkirmishState, seat: int, source: str, typed: str) -> list[Choice]:
    board = skirmish_map()
    if source not in board.id_index:
        return []
    held = state.units[board.index(source)]
    options = [units_text(a.units) for a in _legal(state, seat) if isinstance(a, Move) and a.source == source]
    options.append(units_text(held))
    return [(f"{u} (of {units_text(held)})", u) for u in dict.fromkeys(options) if _matches(typed, u)]


def exchange_territories(
    state: SkirmishState, seat: int, typed: str, names: Sequence[str] = ()
) -> list[Choice]:
    ids = (a.territory for a in _legal(state, seat) if isinstance(a, Exchange))
    return _territories(state, ids, typed, names)


def exchange_gives(state: SkirmishState, seat: int, territory: str, typed: str) -> list[Choice]:
    found = []
    for a in _legal(state, seat):
        if isinstance(a, Exchange) and (not territory or a.territory == territory):
            given = units_text(a.give)
            found.append((f"{given} (for {a.get}s, in {a.territory})", given))
    return [c for c in dict.fromkeys(found) if _matches(typed, c[0])]


def defenders(state: SkirmishState, seat: int, typed: str) -> list[Choice]:
    found = []
    for a in _legal(state, seat):
        if isinstance(a, Defend):
            dice = f", {a.dice} dice" if a.dice is not None else ", every die"
            found.append((f"{units_text(a.units)}{dice}", units_text(a.units)))
    return [c for c in dict.fromkeys(found) if _matches(typed, c[0])]


def losses(state: SkirmishState, seat: int, field: str, typed: str) -> list[Choice]:
    """One field (``units``, ``traded``, ``territory``) of each legal way to pay what is owed."""
    found = []
    for a in _legal(state, seat):
        if isinstance(a, TakeLosses):
            value = units_text(getattr(a, field))
            found.append((f"{value} (of {_losses_text(a)})", value))
    return [c for c in dict.fromkeys(found) if _matches(typed, c[0])]


def _losses_text(a: TakeLosses) -> str:
    parts = [f"{units_text(a.units)} off the board"] if a.units.total else []
    parts += [f"{units_text(a.traded)} traded"] if a.traded.total else []
    parts += [f"{units_text(a.territory)} from the territory"] if a.territory.total else []
    return "; ".join(parts) or "nothing"


def assignments(state: SkirmishState, seat: int, typed: str) -> list[Choice]:
    """The defender's ways to form the skirmishes, by style, with the pairing each gives now."""
    if not _waiting(state, seat, "assign"):
        return []
    board = skirmish_map()
    found = []
    for style, what in ASSIGN_STYLES.items():
        action: AssignDice = policy.assign(state, style, board)
        lost = f"; lose {units_text(action.territory)} from the territory" if action.territory.total else ""
        found.append((f"{style}: {what} (dice against {numbers_text(action.against)}{lost})", style))
    return [c for c in found if _matches(typed, c[0])]


def extra_dice(state: SkirmishState, seat: int, typed: str) -> list[Choice]:
    if not _waiting(state, seat, "extra"):
        return []
    board = skirmish_map()
    found = []
    for style, what in EXTRA_STYLES.items():
        action: AssignExtra = policy.assign_extra(state, style, board)
        found.append((f"{style}: {what} (to skirmishes {numbers_text(action.to)})", style))
    return [c for c in found if _matches(typed, c[0])]


def skirmish_numbers(state: SkirmishState, typed: str) -> list[Choice]:
    battle = state.battle
    if battle is None:
        return []
    found = []
    for k, s in enumerate(battle.skirmishes):
        attack = " ".join(str(battle.attacker.dice[i]) for i in s.attack)
        defend = " ".join(str(battle.defender.dice[i]) for i in s.defend)
        found.append((f"#{k + 1}: attacker {attack} v defender {defend}", str(k + 1)))
    return [c for c in found if _matches(typed, c[0])]


def hand_cards(state: SkirmishState, seat: int, typed: str, playable_only: bool = False) -> list[Choice]:
    """The seat's own cards (this answer goes to that player only); ``playable_only``: those it may play
    in the step now."""
    table = pieces().cards
    playable = {a.card for a in _legal(state, seat) if isinstance(a, PlayCard)}
    found = []
    for card in sorted(set(state.hands[seat]) if 0 <= seat < len(state.hands) else ()):
        if playable_only and card not in playable:
            continue
        kind = table[card]
        found.append((f"{kind.name} (#{card}): {kind.text}", str(card)))
    return [c for c in found if _matches(typed, c[0])]


def orders_of_resolution(state: SkirmishState, seat: int, typed: str) -> list[Choice]:
    if not _waiting(state, seat, "order"):
        return []
    board = skirmish_map()
    best = policy.order_best(state, board)
    found = [(f"best: {ORDER_STYLES['best']} ({numbers_text(best.order)})", "best")]
    found.append((f"formed: {ORDER_STYLES['formed']}", "formed"))
    for a in _legal(state, seat):
        if isinstance(a, OrderSkirmishes):
            found.append((numbers_text(a.order), numbers_text(a.order)))
    return [c for c in dict.fromkeys(found) if _matches(typed, c[0])]


def occupations(state: SkirmishState, seat: int, typed: str) -> list[Choice]:
    if not _waiting(state, seat, "occupy"):
        return []
    found = []
    for style, what in OCCUPY_STYLES.items():
        units = policy.occupy(state, style).units
        found.append((f"{style}: {what} ({units_text(units)})", style))
    return [c for c in found if _matches(typed, c[0])]


def order_values(field: str, typed: str) -> list[Choice]:
    """A standing order's choices, and "ask" (no order: the step waits for you)."""
    if field == "cards_from":
        found = [(f"{n}: {CARDS_HELP}", str(n)) for n in (0, 1, 2, 3, 99)]
    elif field not in CHOICES:
        return []
    else:
        found = [(f"{value}: {what}", value) for value, what in CHOICES[field].items()]
    found.append(("ask: no standing order, the step waits for me", "ask"))
    return [c for c in found if _matches(typed, c[1])]


def _waiting(state: SkirmishState, seat: int, step: str) -> bool:
    if state.battle is None:
        return False
    asked = flow.waiting(state.battle)
    return asked is not None and asked == (seat, step)
