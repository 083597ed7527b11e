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
from rules.skirmish.secrets import vary_secrets

HELP = (
    "**Play Skirmish** (`/game new ruleset:skirmish`, 2 to 6 players): take territories on an island "
    "(hold 60% at the start of your turn, or the most after 15 rounds). Your turn: up to two of "
    "`/sk reinforce` · `/sk draw` · `/sk extra`, then `/sk place`; `/sk exchange` units for dearer ones "
    "(troop 1, cavalry 3, cannon 5, general 10); `/sk attack from to` with up to 10 units; `/sk move`; "
    "`/sk end` finishes each step. A battle is a conversation on a battle board, every step a button: the "
    "defender `/sk defend`s and sets its dice against yours (`/sk skirmishes`), each side plays "
    "`/sk counter` · `/sk card` then `/sk pass`, the defender picks the `/sk order`; highest total wins "
    "each skirmish (ties: defender; +1 higher ground). `/sk orders` answers battle steps for you ahead of "
    "time; `/sk hand` shows your cards (private)."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    agent=SkirmishAI,
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.skirmish.cog",
    command=COMMAND,
    help=HELP,
    making=making,
    vary_secrets=vary_secrets,
    short_game={"round_limit": 3},
)
