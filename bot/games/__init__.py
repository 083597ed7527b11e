"""Every game Warboard hosts: the registry. Only the composition roots (the Discord app in
``bot/app.py``, the terminal client in ``bot/console.py``) import it; everything else is handed the
table. Adding a game: ``docs/adding-a-game.md``."""

from __future__ import annotations

from bot.game import Games, catalog
from bot.games.attack import GAME as ATTACK
from bot.games.axis_allies import GAME as AXIS_ALLIES
from bot.games.hexwar import GAME as HEXWAR
from bot.games.risk import GAME as RISK
from bot.games.skirmish import GAME as SKIRMISH

GAMES: Games = catalog([RISK, AXIS_ALLIES, ATTACK, HEXWAR, SKIRMISH])
