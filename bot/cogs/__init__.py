"""One cog per concern: the lobby and game commands (/game, /help), Risk play (/risk), moderation (/mod)."""
