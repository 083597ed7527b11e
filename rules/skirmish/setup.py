"""Starting a Skirmish game: every territory dealt at random (the leftovers to the seats that move last),
``start_troops`` troops on each, every other piece in its owner's garrison."""

from __future__ import annotations

from rules.core.dice import DiceCup
from rules.core.errors import IllegalAction
from rules.core.events import Event
from rules.skirmish.board import SkirmishMap
from rules.skirmish.events import SeatsDealt
from rules.skirmish.pieces import Units, pieces
from rules.skirmish.state import EMPTY, Phase, SeatStatus, SkirmishOptions, SkirmishState, StandingOrders
from rules.skirmish.turns import begin_turn


def check_start(options: SkirmishOptions, players: int, board: SkirmishMap) -> None:
    """Refuse a start the seats' troops cannot fill: the seat dealt the most territories needs
    ``start_troops`` on each of them (17 x 4 = 68 troops for two players, against 60 owned)."""
    if not 2 <= players <= 6:
        raise IllegalAction("bad_seats", "Skirmish is for 2 to 6 players.")
    most = -(-board.size // players)
    owned = pieces().supply().troop
    if most * options.start_troops > owned:
        fits = owned // most
        raise IllegalAction(
            "bad_option",
            f"With {players} players one player is dealt {most} territories, and {most} × "
            f"{options.start_troops} troops is more than the {owned} troops each player owns: "
            f"start_troops can be at most {fits} for {players} players.",
        )


def new_game(
    options: SkirmishOptions, players: int, board: SkirmishMap, cup: DiceCup, events: list[Event]
) -> SkirmishState:
    table = pieces()
    check_start(options, players, board)
    order = cup.shuffle(range(board.size), None, "deal")
    owner = [EMPTY] * board.size
    for k, territory in enumerate(order):
        # Dealt from the last seat back, so the territories left over go to the seats that move last.
        owner[territory] = players - 1 - k % players
    start = Units(troop=options.start_troops)
    units = tuple(start for _ in owner)
    garrisons = tuple(
        table.supply().minus(Units(troop=options.start_troops * owner.count(s))) for s in range(players)
    )
    events.append(SeatsDealt(tuple(owner), tuple(u.troop for u in units)))
    state = SkirmishState(
        options=options,
        players=players,
        owner=tuple(owner),
        units=units,
        garrison=garrisons,
        hands=((),) * players,
        deck=tuple(range(len(table.cards))),
        discard=(),
        status=(SeatStatus.PLAYING,) * players,
        orders=(StandingOrders(),) * players,
        phase=Phase.STANDARD,
        current=0,
        turn=0,
    )
    return begin_turn(state, 0, 1, events)
