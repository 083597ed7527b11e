"""Attack! Deluxe on Discord and in the terminal: its faces for the framework (see ``bot/game.py``)."""

from __future__ import annotations

from bot.game import Game
from bot.games.attack.making import making
from bot.games.attack.presenter import PRESENTER
from bot.games.attack.steps import COMMAND, STEPS
from bot.games.attack.text import TEXT
from render.attack import PICTURES
from rules.attack import RULES
from rules.attack.ai import AttackAI
from rules.attack.ai.normal import AttackNormalAI
from rules.attack.secrets import vary_secrets

HELP = (
    "**Play Attack!** (`/game new ruleset:attack`, 2-6 players): `/atk government` and `/atk capital` to "
    "set up; then each season one action each in turn: `/atk move` · `blitz` · `transport` (more units: "
    "`/atk march`) · `navigate` · `build` · `negotiate` · `research` · `pass`, and `/atk end` to fight; "
    "Winter's action costs `/atk burn`. Battles: `/atk deploy` (a line of 4, one more each of your turns; "
    "a die hits on a unit kind in your line: mix them) · `/atk lineup` (secret ship cards) · `retreat` · "
    "`fight`. A captured capital wins; else most points after 6 years. `/atk hand`: your cards."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    levels={"easy": AttackAI, "normal": AttackNormalAI},
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.attack.cog",
    command=COMMAND,
    help=HELP,
    making=making,
    vary_secrets=vary_secrets,
    short_game={"war": "limited"},
    # Issue 31's balance (docs/rules/attack.md): new games give Democracy 1 more production at each
    # income and Communism no free infantry with its Builds; the engine's defaults stay as before, so
    # games stored before replay as they were played. (capital_order stays "government": issue 31's
    # trial showed no order changing the placing luck; a table may choose "reverse" or "roll".)
    post_defaults={"democracy_income": 1, "communist_infantry": 0},
)
