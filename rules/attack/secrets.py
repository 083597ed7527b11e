"""The same position with one seat's hidden things changed: for the tests that prove no other seat (and
no picture made for it) can see them. An Attack! seat hides two things: the action cards in its hand
(swapped here with cards still in the deck, whose contents nobody sees, the count kept) and, in a navy
battle, the line-up it has set while the other side has not (replaced by another line-up of its ships,
still set)."""

from __future__ import annotations

from msgspec.structs import replace

from rules.attack.state import ATTACKER, DEFENDER, AttackState
from rules.attack.tables import NAVY_LINE_MAX
from rules.core.hidden import swap_with_deck
from rules.core.tuples import with_item


def _other_hand(state: AttackState, seat: int, seed: int) -> AttackState:
    hand = state.seats[seat].hand
    if not hand or not state.deck:
        return state
    new_hand, new_deck = swap_with_deck(hand, state.deck, seed)
    seats = with_item(state.seats, seat, replace(state.seats[seat], hand=new_hand))
    return replace(state, seats=seats, deck=new_deck)


def _other_lineup(line: tuple[int, ...], ships: tuple[int, int, int, int]) -> tuple[int, ...]:
    """Another legal line-up of the same ships: turned round, else one card more or fewer."""
    turned = tuple(reversed(line))
    if turned != line:
        return turned
    spare = [k for k in range(4) for _ in range(ships[k] - line.count(k))]
    if spare and len(line) < NAVY_LINE_MAX:
        return (*line, spare[0])
    return line[:-1] if len(line) > 1 else line


def vary_secrets(state: AttackState, seat: int, seed: int) -> AttackState:
    state = _other_hand(state, seat, seed)
    battle = state.navy_battle
    if battle is None or seat not in (battle.attacker, battle.defender):
        return state
    side = ATTACKER if seat == battle.attacker else DEFENDER
    line = battle.lineups[side]
    if line is None:
        return state
    lineups = with_item(battle.lineups, side, _other_lineup(line, battle.ships[side]))
    return replace(state, navy_battle=replace(battle, lineups=lineups))
