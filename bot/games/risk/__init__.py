"""Classic Risk on Discord and in the terminal: its faces for the framework (see ``bot/game.py``)."""

from __future__ import annotations

from bot.game import Game
from bot.games.risk.making import making
from bot.games.risk.presenter import PRESENTER
from bot.games.risk.steps import COMMAND, STEPS
from bot.games.risk.text import TEXT
from render.risk import PICTURES
from rules.risk import RULES
from rules.risk.ai import RiskAI, RiskNormalAI
from rules.risk.secrets import vary_secrets

HELP = (
    "**Play Risk** (`/game new ruleset:risk`, 2 to 6 players): `/risk trade` · `/risk place` · "
    "`/risk attack from to [dice] [until]` · `/risk occupy` · `/risk fortify` · `/risk end` · "
    "`/risk cards` (private) · `/risk odds`; in a claiming draft `/risk claim`, with two players "
    "`/risk neutral`, and `/risk defend` when defenders choose their dice."
)

GAME = Game(
    rules=RULES,
    pictures=PICTURES,
    levels={"easy": RiskAI, "normal": RiskNormalAI},
    presenter=PRESENTER,
    steps=STEPS,
    text=TEXT,
    extension="bot.games.risk.cog",
    command=COMMAND,
    help=HELP,
    making=making,
    vary_secrets=vary_secrets,
    short_game={"setup_batch": 40, "two_player_batch": 13},
    # Two players by post: the 1993 setup is 13 turns each of two armies and one neutral, a ping and a
    # day apiece; five of them taken together make it three turns each (10 own and 5 neutral, then 6
    # and 3). The engine's default stays the rules' one, so stored games replay as they were set up.
    post_defaults={"two_player_batch": 5},
)
