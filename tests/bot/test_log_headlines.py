"""A log row's headline is the move as a player would type it, in players' words, and tells no viewer what
the move's events keep from them."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

from bot.gamelog import encode, log_text, row_lines
from bot.store import LogRecord
from rules.attack import RULES as ATTACK
from rules.attack.actions import Begin, Buy, LineUp, March, Ships, Troops
from rules.attack.events import LineUpSet
from rules.attack.tables import card_name
from rules.axis_allies import RULES as AA
from rules.axis_allies.actions import Buy as AaBuy
from rules.axis_allies.actions import Move
from rules.core.words import plural
from rules.risk import RULES as RISK
from rules.risk.actions import Occupy, PlaceArmies, PlaceNeutral, TradeCards
from rules.risk.board import classic_map
from rules.risk.cards import card_name as risk_card
from rules.skirmish import RULES as SKIRMISH
from rules.skirmish import actions as sk
from rules.skirmish.pieces import Units
from rules.skirmish.pieces import pieces as SK_PIECES


def row(action: object, events: Sequence[object] = (), seat: int = 0) -> LogRecord:
    return LogRecord(
        seq=1,
        kind="action",
        seat=seat,
        user_id=None,
        action=encode(action),
        events=encode(list(events)),
        at="",
    )


def test_a_headline_writes_keys_with_spaces_as_players_type_them() -> None:
    """A newcomer's log read "Player 1: place armies eastern_united_states 2" and "move 1 aa_gun"."""
    names = ["Ann", "Bo"]
    (risk,) = row_lines(RISK, row(PlaceArmies("eastern_united_states", 2)), names, viewer=0, ended=False)
    assert risk == "Ann: place 2 armies on Eastern United States"
    move = Move((("aa_gun", 1), ("infantry", 2)), ("Karelia S.S.R.", "Karelia Sea Zone"))
    (aa,) = row_lines(AA, row(move), names, viewer=0, ended=False)
    assert aa == "Ann: move 1 AA gun, 2 infantry from Karelia S.S.R. to Karelia Sea Zone"


def test_a_headline_writes_an_action_within_an_action_and_a_card_in_players_words() -> None:
    """A newcomer's Attack! log read "begin blitz scandinavia March type, germany source, scandinavia
    target, {'infantry': 3, 'tank': 1} army", "begin build 23" and "2 tank, 1 plane 1 battleship"."""
    names = ["Ann", "Bo"]
    blitz = Begin("blitz", None, "scandinavia", March("germany", "scandinavia", Troops(3, 0, 1)))
    (first,) = row_lines(ATTACK, row(blitz), names, viewer=0, ended=False)
    assert first == "Ann: take Blitz on Scandinavia: march 3 infantry, 1 tank from Germany to Scandinavia"
    (build,) = row_lines(ATTACK, row(Begin("build", 23)), names, viewer=0, ended=False)
    assert build == f"Ann: take Build, playing {card_name(23)}"
    bought = Buy("germany", Troops(0, 0, 2, 1), Ships(0, 0, 1, 0))
    (buy,) = row_lines(ATTACK, row(bought), names, viewer=0, ended=False)
    assert buy == "Ann: buy 2 tanks, 1 plane, 1 battleship in Germany"


def test_a_headline_writes_counts_of_many_in_the_plural() -> None:
    """A newcomer's log read "Alice: buy 3 infantry, 2 tank" just above "USSR bought 3 infantry, 2 tanks"."""
    names = ["Ann", "Bo"]
    bought = AaBuy((("infantry", 3), ("tank", 2), ("aa_gun", 2), ("factory", 2), ("battleship", 1)))
    (buy,) = row_lines(AA, row(bought), names, viewer=0, ended=False)
    assert buy == "Ann: buy 3 infantry, 2 tanks, 2 AA guns, 2 industrial complexes, 1 battleship"
    assert [plural(w) for w in ("cavalry", "die", "class", "destroyer", "day")] == [
        "cavalry",
        "dice",
        "classes",
        "destroyers",
        "days",
    ]


def test_an_undo_names_the_move_it_took_back_in_the_log() -> None:
    """A newcomer's undo said only "Ann took back their last move.": which one, after a few?"""
    names = ["Ann", "Bo"]
    undo = LogRecord(
        seq=2,
        kind="undo",
        seat=0,
        user_id=None,
        action='{"type": "undo", "reverts": [1], "move": "buy 2 tanks"}',
        events=encode([]),
        at="",
    )
    assert row_lines(AA, undo, names, viewer=None, ended=False) == [
        "Ann took back their last move: buy 2 tanks."
    ]
    older = replace(undo, action='{"type": "undo", "reverts": [1]}')  # an undo from before the move was kept
    assert row_lines(AA, older, names, viewer=None, ended=False) == ["Ann took back their last move."]


def test_a_move_partly_kept_from_a_viewer_shows_them_only_its_kind() -> None:
    """A navy line-up is secret until both sides have set theirs: the others' log said "AI 1: line up
    carrier, destroyer, submarine" while they still had to choose (a newcomer's game)."""
    ships = ("carrier", "destroyer", "submarine")
    lined_up = row(LineUp(ships), [LineUpSet(1, "central_atlantic", ships)], seat=1)
    names = ["Ann", "Bo"]
    for viewer in (0, None):  # the other seat, and the public (the channel's log pages)
        assert row_lines(ATTACK, lined_up, names, viewer=viewer, ended=False) == [
            "Bo: line up",
            "    Bo set a line-up in the Central Atlantic.",
        ]
    own = row_lines(ATTACK, lined_up, names, viewer=1, ended=False)
    assert own[0] == "Bo: line up carrier, destroyer, submarine"
    assert row_lines(ATTACK, lined_up, names, viewer=0, ended=True)[0] == own[0]


def start_row(meta: dict[str, object]) -> LogRecord:
    return LogRecord(
        seq=1, kind="system", seat=None, user_id=None, action=json.dumps(meta), events=encode([]), at=""
    )


def test_the_first_line_says_which_seats_were_claimed_and_which_drawn() -> None:
    """A newcomer who claimed seat 1 with /game seat read "seats drawn with the game's dice" over it."""
    names = ["Ann", "Bo", "Cy"]
    drawn = start_row({"type": "start", "order": [2, 0, 1]})
    assert row_lines(RISK, drawn, names, viewer=0, ended=False) == [
        "The game started; seats drawn with the game's dice: Ann, Bo, Cy."
    ]
    one = start_row({"type": "start", "order": [2, 0, 1], "claims": [[0, 2]]})
    assert row_lines(RISK, one, names, viewer=0, ended=False) == [
        "The game started; seats claimed (Ann seat 1), the others drawn with the game's dice: Ann, Bo, Cy."
    ]
    every = start_row({"type": "start", "order": [0, 1, 2], "claims": [[0, 0], [1, 1], [2, 2]]})
    assert row_lines(RISK, every, names, viewer=0, ended=False) == [
        "The game started with the seats as claimed: Ann, Bo, Cy."
    ]


def test_a_headline_names_places_as_the_map_does_and_reads_as_players_say_it() -> None:
    """A newcomer's Skirmish log read "place eagles rest 3" and "exchange oakhollow 5 troops cannon"
    (Attack!'s: tests/bot/attack/test_log_headline_words.py)."""
    names = ["Ann", "Bo"]
    (place,) = row_lines(SKIRMISH, row(sk.Place("eagles_rest", 3)), names, viewer=0, ended=False)
    assert place == "Ann: place 3 troops on Eagle's Rest"
    exchange = sk.Exchange("oakhollow", Units(troop=5), "cannon")
    (traded,) = row_lines(SKIRMISH, row(exchange), names, viewer=0, ended=False)
    assert traded == "Ann: exchange 5 troops for 1 cannon at Oakhollow"


def test_a_battles_steps_read_as_players_say_them() -> None:
    """A newcomer's Skirmish log read "take losses 1 troop, 1 cannon, 1 cannon" (the second cannon was
    traded for troops), "assign dice 1, 2", "place counter 1 3"; Risk's read "occupy 10"."""
    names = ["Ann", "Bo"]
    losses = sk.TakeLosses(Units(troop=1, cannon=1), Units(cannon=1))
    steps = [
        losses,
        sk.AssignDice((1, 2)),
        sk.AssignExtra((2, 1)),
        sk.PlaceCounter(1, 3),
        sk.OrderSkirmishes((2, 1)),
    ]
    assert [row_lines(SKIRMISH, row(step), names, viewer=0, ended=False) for step in steps] == [
        ["Ann: take losses: 1 troop, 1 cannon off the board; 1 cannon traded for troops"],
        ["Ann: form the skirmishes"],
        ["Ann: add extra dice to skirmishes #2, #1"],
        ["Ann: place 3 counters on skirmish #1"],
        ["Ann: resolve the skirmishes in the order #2, #1"],
    ]
    assert row_lines(RISK, row(Occupy(10)), names, viewer=0, ended=False) == ["Ann: occupy with 10 armies"]


def test_risks_neutrals_and_card_trades_read_as_said() -> None:
    """A helper's whole AI game of Risk read "place neutral Great Britain 5" and "trade cards 7, 8, 33"."""
    names = ["Ann", "Bo"]
    (neutral,) = row_lines(RISK, row(PlaceNeutral("great_britain", 5)), names, viewer=0, ended=True)
    assert neutral == "Ann: place 5 neutral armies on Great Britain"
    (traded,) = row_lines(RISK, row(TradeCards((7, 8, 33))), names, viewer=0, ended=True)
    shown = ", ".join(risk_card(classic_map(), c) for c in (7, 8, 33))
    assert traded == f"Ann: trade {shown}" and "(" in shown  # "Ural (cavalry)": a card by its name


def test_skirmishs_moves_read_as_said_not_as_commands() -> None:
    """A helper's whole AI game of Skirmish read "occupy 2 cavalry, 1 cannon", "attack Ironmoor →
    Oakhollow 6 troops, 1 cannon", "defend 3 troops", "play card card 12 2", "draw card"."""
    names = ["Ann", "Bo"]
    moves = [
        sk.Attack("ironmoor", "oakhollow", Units(troop=6, cannon=1)),
        sk.Attack("ironmoor", "oakhollow", None, dice=3),
        sk.Defend(Units(troop=3)),
        sk.Occupy(Units(cavalry=2, cannon=1)),
        sk.Move("yarrow_downs", "barrowby", Units(troop=2)),
        sk.DrawCard(),
        sk.PlayCard(12, skirmish=2),
    ]
    card = SK_PIECES().cards[12].name
    assert [row_lines(SKIRMISH, row(m), names, viewer=0, ended=True)[0] for m in moves] == [
        "Ann: attack Oakhollow from Ironmoor with 6 troops, 1 cannon",
        "Ann: attack Oakhollow from Ironmoor (3 dice)",
        "Ann: defend with 3 troops",
        "Ann: move 2 cavalry, 1 cannon into the territory won",
        "Ann: move 2 troops from Yarrow Downs to Barrowby",
        "Ann: draw a card",
        f"Ann: play {card} on skirmish #2",
    ]


def test_a_move_with_nothing_to_tell_made_again_in_a_row_is_one_line() -> None:
    """The terminal's log showed an AI passing through its turn's empty phases as "AI 1: end phase" three
    times over; a run of such moves is one line, counted, and a move with lines of its own stays apart."""
    names = ["Ann", "Bo"]
    placed = row(PlaceArmies("alaska", 2), [])
    bare = [row(sk.EndPhase()), row(sk.EndPhase()), row(sk.EndPhase())]
    lines = log_text(SKIRMISH, [*bare, row(sk.EndPhase(), seat=1)], names, None, False)
    assert lines == ["Ann: end phase (3 times)", "Bo: end phase"]
    assert log_text(RISK, [placed, placed], names, None, False) == ["Ann: place 2 armies on Alaska (2 times)"]
