"""Pictures of games, as PNG bytes, made only from what a seat or the public may see (views).

``render.core`` holds what every game's pictures share (palette, fonts, badges, title bar, legend,
caching); ``render.risk`` draws Risk. Nothing here imports Discord or the database: the bot calls these
functions from worker threads and uploads the bytes.
"""
