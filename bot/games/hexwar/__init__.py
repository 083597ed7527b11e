"""Hex war on Discord and in the terminal: its faces for the framework (see ``bot/game.py``)."""

from __future__ import annotations

from bot.game import Game
from bot.games.hexwar.making import making
from bot.games.hexwar.presenter import PRESENTER
from bot.games.hexwar.steps import COMMAND, STEPS
from bot.games.hexwar.text import TEXT
from render.hexwar import PICTURES
from rules.hexwar import RULES
from rules.hexwar.ai import HexWarAI, HexWarNormalAI
from rules.hexwar.secrets import vary_secrets

HELP = (
    "**Play Hex war** (`/game new ruleset:hexwar`, 2 to 5 players): first build the board together, one "
    "turn each: `/hex place` a hex from your hand beside the others (names like `C7`; the board wraps "
    "left to right), then `/hex unit` your starting units and `/hex capital`. Then every round all "
    "players write secret orders at once: `/hex move` · `/hex jump` · `/hex bombard` · `/hex buy` · "
    "`/hex defence` · `/hex aim` · `/hex city`, each answered only to you; `/hex orders` shows yours, "
    "`/hex cancel` takes one back, `/hex submit` hands them in. When all are in (or the deadline, "
    "shorter each round, passes: a missing player holds) every order is revealed and resolved together; "
    "`/hex round` draws the last round's moves and battles. Take every capital, or earn the most money "
    "by the last round. `/hex units` lists the units."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    levels={"easy": HexWarAI, "normal": HexWarNormalAI},
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.hexwar.cog",
    command=COMMAND,
    help=HELP,
    making=making,
    vary_secrets=vary_secrets,
    short_game={"rounds": 3, "units_per_turn": 23},
    # By post a setup turn places a third of a hand of hexes, then all the starting units, then the
    # capital: five turns each instead of 40 to 50 (docs/rules/hexwar.md, "Openings by post"). Issue 30's
    # seat balance: from 3 players the first hex turn is two hexes each, the hex turns go in a snake, and
    # the seat that places first collects 1 more a round.
    post_defaults={
        "hexes_per_turn": 0,
        "units_per_turn": 23,
        "opening_hexes": 2,
        "hex_order": "snake",
        "first_placer_bonus": 1,
    },
)
