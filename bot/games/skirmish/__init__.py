"""Skirmish on Discord and in the terminal: its faces for the framework (see ``bot/game.py``)."""

from __future__ import annotations

from bot.game import Game
from bot.games.skirmish.making import making
from bot.games.skirmish.presenter import PRESENTER
from bot.games.skirmish.steps import COMMAND, STEPS
from bot.games.skirmish.text import TEXT
from render.skirmish import PICTURES
from rules.skirmish import RULES
from rules.skirmish.ai import SkirmishAI
from rules.skirmish.ai.normal import SkirmishNormalAI
from rules.skirmish.secrets import vary_secrets

HELP = (
    "**Play Skirmish** (`/game new ruleset:skirmish`, 2 to 6 players): take territories on an island "
    "(hold 60% at the start of your turn, or the most after 15 rounds). Your turn: up to two of "
    "`/sk reinforce` (a die per territory you hold: their total in troops) · `/sk draw` · `/sk extra`, then "
    "`/sk place`; `/sk exchange` units for dearer ones; `/sk attack from to` with up to 10 units; "
    "`/sk move`; `/sk end` finishes each step; then discard down to your number of territories. By post, "
    "no one is attacked before their own first turn.\n"
    "**Units** (value; what each brings to the battle board): troop 1 (1 die), cavalry 3 (1 die, "
    "1 counter), cannon 5 (2 dice, 1 counter), general 10 (1 die, 1 banner).\n"
    "**A battle** is a conversation on a battle board, every step a button. The defender `/sk defend`s "
    "with any units of the territory; both choose dice and counters. 5 dice to 1 wins outright. Each 1 "
    "rolled: the die goes and a unit goes home; each 2: a troop goes. The defender sets its dice against "
    "yours (`/sk skirmishes`); each side may add extra dice (5 on one die wipes the attacker's board); "
    "`/sk counter` · `/sk card` then `/sk pass`, you first; the defender picks the `/sk order`. Highest "
    "total wins each skirmish: ties to the defender, +1 to the higher ground, +1 per defending die. Lose a "
    "skirmish by 10: rout; win by 2x: one more unit lost. More units left on the board wins.\n"
    "**Cards** (26): Push +2 (10), Charge +3 (4), Rally +1 to every skirmish (6), Stand Fast (defender: "
    "no more attacks this turn; 3), Truce (not attacked until your next turn; 3); discarding a Charge or "
    "Truce costs a troop. `/sk orders` answers battle steps for you ahead of time; `/sk hand` shows your "
    "cards (private)."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    levels={"easy": SkirmishAI, "normal": SkirmishNormalAI},
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.skirmish.cog",
    command=COMMAND,
    help=HELP,
    making=making,
    vary_secrets=vary_secrets,
    short_game={"round_limit": 3},
    # Issue 32's seat balance: the first seat no longer sweeps every neighbour before anyone has had a
    # turn (docs/rules/skirmish.md, "first_turn_safe"), and a tie at the round limit no longer goes to the
    # last to move ("value_at_turn_end"); stored games keep the engine's defaults, 0.
    post_defaults={"first_turn_safe": 1, "value_at_turn_end": 1},
)
