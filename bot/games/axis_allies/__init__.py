"""Axis & Allies Classic on Discord and in the terminal: its faces for the framework (``bot/game.py``)."""

from __future__ import annotations

from bot.game import Game, no_secrets
from bot.games.axis_allies.making import making
from bot.games.axis_allies.presenter import PRESENTER
from bot.games.axis_allies.steps import COMMAND, STEPS
from bot.games.axis_allies.text import TEXT
from render.axis_allies import PICTURES
from rules.axis_allies import RULES
from rules.axis_allies.ai import AxisAlliesAI, AxisAlliesNormalAI

HELP = (
    "**Play Axis & Allies** (`/game new ruleset:axis_allies`, 2 to 5 players): `/game seat` picks your "
    "powers before the start · `/aa buy` · `/aa research` · `/aa move units from to [via] [bomb]` · "
    "`/aa end` · `/aa battle` · `/aa casualties` (a menu) · `/aa press` · `/aa retreat` · `/aa submerge` · "
    "`/aa rocket` · `/aa place` · `/aa odds` · `/aa units`."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    levels={"easy": AxisAlliesAI, "normal": AxisAlliesNormalAI},
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.axis_allies.cog",
    command=COMMAND,
    help=HELP,
    making=making,
    vary_secrets=no_secrets,
    short_game={"round_limit": 6},
)
