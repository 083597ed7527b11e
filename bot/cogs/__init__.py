"""The shared cogs: the lobby and the looking commands (/game, /help), moderation (/mod), notifications
(/notify), the turn announcer, and how a move is presented. Each game's own commands live in
``bot/games/<game>/cog.py``, loaded as an extension."""
