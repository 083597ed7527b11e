"""The arithmetic of a skirmish: each side's total from dice, counters, cards and battle modifiers.

Battle modifiers count in every skirmish: +1 to the side whose territory stands higher, the side's
banners and its battle cards. The defender also gets +1 for each of its dice in the skirmish (at least
+1). Ties go to the defender.
"""

from __future__ import annotations

from rules.skirmish.battle.state import ATTACKER, DEFENDER, Battle, Role, Side, Skirmish
from rules.skirmish.board import SkirmishMap
from rules.skirmish.pieces import pieces


def battle_bonus(battle: Battle, side: Role, board: SkirmishMap) -> int:
    """What ``side`` adds to every skirmish: elevation, banners and battle cards."""
    mine, theirs = (battle.source, battle.target) if side == ATTACKER else (battle.target, battle.source)
    high = 1 if board.elevation[mine] > board.elevation[theirs] else 0
    cards = pieces().cards
    played: Side = battle.side(side)
    return high + played.banners + sum(cards[c].value for c in played.battle_cards)


def totals(battle: Battle, skirmish: Skirmish, board: SkirmishMap) -> tuple[int, int]:
    """(attacker total, defender total) of one skirmish as it stands."""
    cards = pieces().cards
    attack = (
        sum(battle.attacker.dice[i] for i in skirmish.attack)
        + skirmish.attack_counters
        + sum(cards[c].value for c in skirmish.attack_cards)
        + battle_bonus(battle, ATTACKER, board)
    )
    defend = (
        sum(battle.defender.dice[i] for i in skirmish.defend)
        + skirmish.defend_counters
        + sum(cards[c].value for c in skirmish.defend_cards)
        + battle_bonus(battle, DEFENDER, board)
        + max(1, len(skirmish.defend))
    )
    return attack, defend


def winner_of(attack: int, defend: int) -> Role:
    return ATTACKER if attack > defend else DEFENDER


def margin(battle: Battle, skirmish: Skirmish, side: Role, board: SkirmishMap) -> int:
    """How far ``side`` is ahead in a skirmish, counting the defender's tie as its win: > 0 wins."""
    attack, defend = totals(battle, skirmish, board)
    return attack - defend if side == ATTACKER else defend - attack + 1
