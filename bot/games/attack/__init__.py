"""Attack! Deluxe on Discord and in the terminal: its faces for the framework (see ``bot/game.py``)."""

from __future__ import annotations

from bot.game import Game
from bot.games.attack.making import making
from bot.games.attack.presenter import PRESENTER
from bot.games.attack.steps import STEPS
from bot.games.attack.text import TEXT
from render.attack import PICTURES
from rules.attack import RULES
from rules.attack.ai import AttackAI
from rules.attack.secrets import vary_secrets

HELP = (
    "**Play Attack!** (`/game new ruleset:attack`, 2 to 6 players; a theatre for 2-4, the world for 5-6). "
    "Setup: `/atk government`, `/atk capital`. Each year: Spring, Summer, Autumn, one action each in turn, "
    "and Winter's extra one for `/atk burn` (5 oil or an oil marker). Actions: `/atk move` · `/atk blitz` · "
    "`/atk transport` (then `/atk march` for more units) · `/atk navigate` · `/atk build` · "
    "`/atk negotiate` · `/atk research` · `/atk pass`; `/atk end` fights the battles you started. "
    "Battles: `/atk deploy` (your line of 4, one more each turn; a die hits when it shows a kind of unit in "
    "your line, so mix them) · `/atk lineup` (secret navy cards, left to right) · `/atk retreat` or "
    "`/atk fight`. Take a capital to win at once; else most victory points after 6 years. `/atk hand`: your "
    "cards. Rules: docs/rules/attack.md."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    agent=AttackAI,
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.attack.cog",
    command="atk",
    help=HELP,
    making=making,
    vary_secrets=vary_secrets,
    short_game={"war": "limited"},
)
