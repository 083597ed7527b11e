"""A newcomer's Risk, in words. "Attack until conquered": its answer listed every roll (a screen of
them on a phone), the log showed each roll twice (the raw dice, then the roll's line) and its headline
read "attack egypt east africa 3 1". Scripted dice, exact words."""

from __future__ import annotations

from bot.gamelog import encode, event_lines, mover_lines, row_lines
from bot.games.risk import GAME
from bot.store import LogRecord
from rules.core.dice import ScriptedRng, SeededRng
from rules.core.events import DiceRolled
from rules.risk import RULES
from rules.risk.actions import Attack, Defend, EndPhase, Fortify, Occupy, PlaceArmies
from rules.risk.events import ArmiesPlaced
from rules.risk.state import Phase
from tests.rules.risk.position import BOARD, position

NAMES = ["Ann", "Bo", "Cy"]
# Ukraine (Ann, 10) takes Ural (Bo, 3; Bo holds Egypt too): the defender loses 2, then the attacker
# 1, then Ural falls.
DICE = [6, 6, 6, 1, 1, 1, 1, 1, 6, 5, 4, 3, 2]
UNTIL = Attack("ukraine", "ural", 3, until=1)


def until_conquered() -> list[object]:
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 3), "egypt": (1, 2)})
    _, events = RULES.apply(state, 0, UNTIL, ScriptedRng(DICE))
    return list(events)


def log_row(action: object, events: list[object]) -> LogRecord:
    return LogRecord(
        seq=1, kind="action", seat=0, user_id=None, action=encode(action), events=encode(events), at=""
    )


def test_the_log_shows_each_die_once_under_a_headline_in_words() -> None:
    events = until_conquered()
    assert sum(isinstance(e, DiceRolled) for e in events) == 6
    assert row_lines(RULES, log_row(UNTIL, events), NAMES, viewer=None, ended=False) == [
        "Ann: attack Ukraine → Ural with 3 dice, until 1 left",
        "    Ann attacked Ural from Ukraine: [6 6 6] v [1 1] (Bo); attacker lost 0, defender lost 2.",
        "    Ann attacked Ural from Ukraine: [1 1 1] v [6] (Bo); attacker lost 1, defender lost 0.",
        "    Ann attacked Ural from Ukraine: [5 4 3] v [2] (Bo); attacker lost 0, defender lost 1.",
        "    Ann conquered Ural from Bo.",
        "    Ann chooses how many armies move into Ural (3-8).",
    ]


def test_a_headline_words_what_its_numbers_count() -> None:
    def headline(action: object) -> str:
        return row_lines(RULES, log_row(action, []), NAMES, viewer=None, ended=False)[0]

    assert (
        headline(Attack("egypt", "east_africa", until=4)) == "Ann: attack Egypt → East Africa, until 4 left"
    )
    assert headline(Attack("egypt", "east_africa")) == "Ann: attack Egypt → East Africa"
    assert headline(Defend(2)) == "Ann: defend with 2 dice"
    assert headline(Defend(1)) == "Ann: defend with 1 die"
    assert headline(Fortify("egypt", "congo", 4)) == "Ann: fortify Egypt → Congo with 4 armies"


def test_the_answer_sums_the_rolls_and_leaves_the_dice_to_the_log() -> None:
    events = until_conquered()
    assert mover_lines(GAME.presenter, RULES, events, 0, NAMES) == [
        "You attacked Ural from Ukraine (Bo): after 3 rolls you lost 1, they lost 3"
        " (every die is in the log).",
        "You conquered Ural from Bo.",
        "Choose how many armies move into Ural: 3 to 8 (/risk occupy armies).",
    ]
    # One roll: its dice, told to "you" as the rolls' sum is (the log's sentence, by name, beside "You
    # conquered" read as someone else's attack).
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 3)})
    _, once = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 3, 3, 5, 3]))
    assert mover_lines(GAME.presenter, RULES, once, 0, NAMES) == [
        "You attacked Ural from Ukraine (Bo): [6 3 3] v [5 3]; you lost 1, they lost 1."
    ]
    assert event_lines(RULES, once, NAMES) == [
        "Ann attacked Ural from Ukraine: [6 3 3] v [5 3] (Bo); attacker lost 1, defender lost 1."
    ]
    # Told to someone else (a defender whose answer set the rolls going): by name.
    assert GAME.presenter.answer(events, 1, NAMES)[0] == (
        "Ann attacked Ural from Ukraine (Bo): after 3 rolls Ann lost 1, Bo lost 3 (every die is in the log)."
    )


def test_a_conquest_is_told_to_its_mover_as_you() -> None:
    """One roll took Ural: its answer read "Ann conquered Ural from Bo. Ann chooses how many armies move
    into Ural (3-8)." to Ann herself, who had to guess that the choosing was hers and how to make it."""
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 1), "egypt": (1, 2)})
    conquered, events = RULES.apply(state, 0, Attack("ukraine", "ural", 3), ScriptedRng([6, 5, 4, 2]))
    assert mover_lines(GAME.presenter, RULES, events, 0, NAMES) == [
        "You attacked Ural from Ukraine (Bo): [6 5 4] v [2]; you lost 0, they lost 1.",
        "You conquered Ural from Bo.",
        "Choose how many armies move into Ural: 3 to 9 (/risk occupy armies).",
    ]
    # Everyone else reads the log's sentences, by name.
    assert GAME.presenter.answer(events, 1, NAMES) is None
    _, moved = RULES.apply(conquered, 0, Occupy(5), ScriptedRng([]))
    assert mover_lines(GAME.presenter, RULES, moved, 0, NAMES) == [
        "You moved 5 armies from Ukraine into Ural."
    ]


def test_ending_the_attacks_says_how_to_fortify_and_offers_to_end_the_turn() -> None:
    """A newcomer's "Stop attacking" was answered "Alice moves on to fortify." with no button: what now?"""
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 3), "egypt": (1, 2)})
    after, events = RULES.apply(state, 0, EndPhase(), ScriptedRng([]))
    assert after.phase is Phase.FORTIFY
    assert mover_lines(GAME.presenter, RULES, events, 0, NAMES) == [
        "You move on to fortify.",
        "Now fortify once, if you like (/risk fortify from to armies: between two of your territories), or "
        "end your turn (/risk end).",
    ]
    (step,) = GAME.steps.next(RULES.view(after, 0), events)
    assert step.label == "End turn without fortifying"
    assert GAME.steps.action(step.verb, step.arg, after) == EndPhase()
    ended, _ = RULES.apply(after, 0, EndPhase(), ScriptedRng([]))
    assert ended.current == 1  # the turn passed


def test_a_card_drawn_is_told_by_its_name_not_by_the_machines_die() -> None:
    """The turn's last answer read "🎲 card draw: [28]" above "Alice drew Ural (cavalry).": a roll number
    no player can read. The status's "1 cards" reads "1 card"."""
    draw = DiceRolled(0, "card draw", 42, (28,), first=7, private=True)
    assert RULES.describe(draw, NAMES) == "" and event_lines(RULES, [draw], NAMES) == []
    view = RULES.view(position(holdings={"ukraine": (0, 10)}, hands={0: (3,)}), None)
    assert GAME.presenter.standing(view, 0).endswith("· 1 card")


def test_a_placement_says_how_many_armies_are_still_to_place() -> None:
    """ "Ann placed 3 on Ukraine." left the rest to the status: how many more, and how to place them."""
    state = position(holdings={"ukraine": (0, 10), "ural": (1, 3)}, phase=Phase.REINFORCE, reinforcements=8)
    placed, events = RULES.apply(state, 0, PlaceArmies("ukraine", 3), ScriptedRng([]))
    # It read "Ann placed 3 on Ukraine.": 3 what, a reader of the log asked.
    assert [RULES.describe(e, NAMES) for e in events if isinstance(e, ArmiesPlaced)] == [
        f"{NAMES[0]} placed 3 armies on Ukraine."
    ]
    _, events = RULES.apply(placed, 0, PlaceArmies("ukraine", 1), ScriptedRng([]))
    assert [RULES.describe(e, NAMES) for e in events if isinstance(e, ArmiesPlaced)] == [
        f"{NAMES[0]} placed 1 army on Ukraine."
    ]
    assert GAME.presenter.still_to_do(RULES.view(placed, None)) == (
        "5 more armies to place this turn (/risk place territory armies)."
    )
    done, _ = RULES.apply(placed, 0, PlaceArmies("ukraine", 5), ScriptedRng([]))
    assert GAME.presenter.still_to_do(RULES.view(done, None)) is None
    # The setup of three players: the starting armies left (all placed in one turn by post).
    dealt, _ = RULES.setup({"setup_batch": 40}, 3, SeededRng("deal"))
    first = next(t for t in range(42) if dealt.owner[t] == 0)
    after, _ = RULES.apply(dealt, 0, PlaceArmies(BOARD.ids[first], 1), ScriptedRng([]))
    assert GAME.presenter.still_to_do(RULES.view(after, None)) == (
        "20 more starting armies to place this turn (/risk place territory armies)."
    )
    # Two players by post: the own armies of this setup turn, then its neutral ones.
    two, _ = RULES.setup({"two_player_batch": 5}, 2, SeededRng("two"))
    mine = next(t for t in range(42) if two.owner[t] == 0)
    placed, _ = RULES.apply(two, 0, PlaceArmies(BOARD.ids[mine], 2), ScriptedRng([]))
    assert GAME.presenter.still_to_do(RULES.view(placed, None)) == (
        "8 more starting armies to place this turn, then 5 neutral (/risk place territory armies)."
    )
    own_done, _ = RULES.apply(placed, 0, PlaceArmies(BOARD.ids[mine], 8), ScriptedRng([]))
    assert GAME.presenter.still_to_do(RULES.view(own_done, None)) == (
        "Now 5 neutral armies on neutral territories (/risk neutral territory armies)."
    )
